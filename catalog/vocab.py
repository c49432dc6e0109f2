"""The vocabularies of the three games: ids, labels in both languages, aliases.

Card data stores stable ASCII ids (docs/card-data.md); people see the labels
and may type any label or alias in a search (`t:révülő`, `r:arany`). One
table per kind keeps the card validator, the search language, the pages and
the renderer in agreement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from catalog.text import fold

ALOMFOGO = "alomfogo"
ONIROO = "oniroo"
ARCANE_GUARDIAN = "arcane-guardian"
GAME_IDS = (ALOMFOGO, ONIROO, ARCANE_GUARDIAN)

PROVENANCES = ("rulebook", "reconstructed", "demo", "imported")


@dataclass(frozen=True)
class Term:
    id: str
    hu: str
    en: str
    aliases: tuple[str, ...] = ()

    def label(self, language: str) -> str:
        return self.en if language == "en" else self.hu

    def spellings(self) -> set[str]:
        """Every folded spelling a searcher may type for this term."""
        return {fold(s) for s in (self.id, self.hu, self.en, *self.aliases)}


@dataclass(frozen=True)
class Vocabulary:
    name: str
    terms: tuple[Term, ...]
    _index: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for term in self.terms:
            for spelling in term.spellings():
                self._index.setdefault(spelling, term)

    def ids(self) -> set[str]:
        return {t.id for t in self.terms}

    def get(self, term_id: str) -> Term | None:
        return next((t for t in self.terms if t.id == term_id), None)

    def resolve(self, typed: str) -> Term | None:
        """The term a searcher meant, from any label or alias, accents ignored."""
        return self._index.get(fold(typed))

    def label(self, term_id: str | None, language: str) -> str:
        term = self.get(term_id) if term_id else None
        return term.label(language) if term else (term_id or "")


GAMES = Vocabulary(
    "game",
    (
        Term(ALOMFOGO, "Álomfogó", "Álomfogó", ("af", "dreamcatcher")),
        Term(ONIROO, "ONIROO", "ONIROO", ("oni",)),
        Term(ARCANE_GUARDIAN, "Arcane Guardian", "Arcane Guardian", ("ag", "arcane")),
    ),
)

TYPES = Vocabulary(
    "type",
    (
        # Álomfogó
        Term("revulo", "révülő", "révülő", ("dreamwalker", "shaman")),
        Term("alomleny", "álomlény", "dream creature", ("creature", "lény")),
        Term("esemeny", "esemény", "event"),
        Term("azonnali", "azonnali varázslat", "instant", ("azonnali", "instant spell")),
        Term("altalanos", "általános varázslat", "general spell", ("általános", "sorcery")),
        # ONIROO
        Term("symbol", "szimbólumkártya", "symbol card", ("szimbólum", "symbol")),
        Term("free", "szabad kártya", "free card", ("szabad", "joker")),
        Term("wake_up", "ébresztő", "wake-up", ("ébredés", "wake", "wakeup", "ebreszto")),
        Term("bad_night", "rossz éjszaka", "bad night", ("rossz", "badnight")),
        Term("moon_head", "holdfej", "moon head", ("moonhead",)),
        Term("dream_fairy", "álomtündér", "dream fairy", ("tündér", "fairy")),
        Term("magic_code", "varázskód", "magic code", ("kód", "code")),
        # Arcane Guardian
        Term("mage", "mágus", "mage"),
        Term("spell", "varázslat", "spell"),
        Term("enemy", "ellenség", "enemy", ("szörny", "monster")),
        Term("trap", "csapda", "trap"),
        Term("collectible", "gyűjthető tárgy", "collectible", ("gyűjthető",)),
        Term("useable", "használható tárgy", "useable item", ("használható", "usable")),
        Term("chest", "láda", "chest", ("kincsesláda",)),
        Term("curse", "átok", "curse"),
        Term("level_up", "szintlépés", "level up", ("szint fel", "levelup")),
        Term("level_down", "szintvesztés", "level down", ("szint le", "leveldown")),
        Term("ending", "véglap", "ending", ("vég", "end")),
    ),
)

SUBTYPES = Vocabulary(
    "subtype",
    (
        Term("vajakosok", "Vajákosok Jurtája", "House of Healers", ("vajákos", "healer")),
        Term("samanok", "Sámánok Jurtája", "House of Shamans", ("sámán", "shaman")),
        Term("dobolok", "Dobolók Jurtája", "House of Drummers", ("doboló", "drummer")),
        Term("boszorkanyok", "Boszorkányok Jurtája", "House of Witches", ("boszorkány", "witch")),
        Term("varazslok", "Varázslók Jurtája", "House of Wizards", ("varázsló", "wizard")),
        Term(
            "garabonciasok",
            "Garabonciások Jurtája",
            "House of Dragon Masters",
            ("garabonciás", "dragon master"),
        ),
        Term("vadaszok", "Vadászok Jurtája", "House of Hunters", ("vadász", "hunter")),
        Term("alomlenyek", "Álomlények Jurtája", "House of Dream Creatures", ("álomlények",)),
        Term("osok", "Ősök Jurtája", "House of Ancestors", ("ős", "ancestor")),
        Term("tunderek", "Tündérek Jurtája", "House of Fairies", ("tündérek", "fairies")),
        Term("buvforras", "bűvforrás", "spell source", ("source",)),
        Term("ellenvarazs", "ellenvarázs", "counterspell", ("counter",)),
        Term("nightmare", "lidércnyomás", "nightmare", ("rémálom",)),
        Term("sleepwalker", "alvajáró", "sleepwalker"),
        Term("insomnia", "álmatlanság", "insomnia"),
        Term("eye", "szem", "eye"),
        Term("hand", "kéz", "hand"),
        Term("ear", "fül", "ear"),
        Term("mouth", "száj", "mouth"),
        Term("nose", "orr", "nose"),
        Term("letter", "betű", "letter"),
        Term("shape", "forma", "shape"),
        Term("digit", "számjegy", "digit", ("szám",)),
        Term("mask", "maszk", "mask"),
        Term("potion", "főzet", "potion", ("bájital", "ital")),
        Term("torch", "fáklya", "torch"),
    ),
)

HOUSES = (
    "vajakosok", "samanok", "dobolok", "boszorkanyok", "varazslok",
    "garabonciasok", "vadaszok", "alomlenyek", "osok", "tunderek",
)  # fmt: skip

RARITIES = Vocabulary(
    "rarity",
    (
        Term("common", "bronz", "common", ("gyakori", "bronze", "c")),
        Term("uncommon", "ezüst", "uncommon", ("ritkás", "silver", "u")),
        Term("rare", "arany", "rare", ("ritka", "gold", "r")),
        Term("unique", "zöld", "unique", ("egyedi", "green", "u+")),
    ),
)

SHAPES = Vocabulary(
    "shape",
    (
        Term("square", "négyzet", "square", ("négyszög",)),
        Term("star", "csillag", "star"),
        Term("circle", "kör", "circle"),
        Term("cross", "kereszt", "cross", ("+",)),
        Term("triangle", "háromszög", "triangle"),
    ),
)

GROUPS = Vocabulary(
    "group",
    (
        Term("animals", "állatok", "animals", ("állat", "animal")),
        Term("plants", "növények", "plants", ("növény", "plant")),
        Term(
            "objects",
            "tárgyak és ásványok",
            "objects and minerals",
            ("tárgyak", "tárgy", "ásvány", "object", "minerals"),
        ),
        Term("places", "helyek", "places", ("hely", "place")),
        Term("people", "emberek", "people", ("ember", "person")),
        Term(
            "myth",
            "képzelet, történelem, mítosz",
            "imaginary, history, myth",
            ("mítosz", "képzelet", "történelem", "imaginary", "history"),
        ),
        Term(
            "landscapes",
            "tájak és események",
            "landscapes and events",
            ("táj", "tájak", "esemény", "landscape", "events"),
        ),
        Term("energy", "energia", "energy"),
    ),
)

PROVENANCE = Vocabulary(
    "provenance",
    (
        Term("rulebook", "szabálykönyv", "rulebook", ("rules",)),
        Term("reconstructed", "rekonstruált", "reconstructed", ("rekonstrukció",)),
        Term("demo", "demó", "demo"),
        Term("imported", "importált", "imported", ("import",)),
    ),
)

HELPER_MARKS = {
    "P": ("pihentetés", "rest"),
    "S": ("sebzés", "damage"),
    "Á": ("áldozat", "sacrifice"),
}
LETTERS = ("A", "B", "C", "D", "E", "F")


@dataclass(frozen=True)
class GameRules:
    """Which types, subtypes and fields a game's cards may have."""

    types: frozenset[str]
    subtypes: frozenset[str]
    # fields that only cards of the listed types may carry (others must be null)
    fields_by_type: dict[str, frozenset[str]]
    # fields no card of this game may carry
    foreign_fields: frozenset[str]


ALOMFOGO_FIELDS = ("rarity", "cost", "glory_bonus", "helper_mark")
ONIROO_FIELDS = ("letter", "shape", "digit", "group", "next_group")

RULES = {
    ALOMFOGO: GameRules(
        types=frozenset({"revulo", "alomleny", "esemeny", "azonnali", "altalanos"}),
        subtypes=frozenset({*HOUSES, "buvforras", "ellenvarazs"}),
        fields_by_type={
            "attack": frozenset({"revulo"}),
            "defense": frozenset({"revulo"}),
            "glory_bonus": frozenset({"revulo"}),
        },
        foreign_fields=frozenset(ONIROO_FIELDS),
    ),
    ONIROO: GameRules(
        types=frozenset(
            {"symbol", "free", "wake_up", "bad_night", "moon_head", "dream_fairy", "magic_code"}
        ),
        subtypes=frozenset(
            {
                "nightmare",
                "sleepwalker",
                "insomnia",
                "eye",
                "hand",
                "ear",
                "mouth",
                "nose",
                "letter",
                "shape",
                "digit",
            }
        ),  # fmt: skip
        fields_by_type={
            "group": frozenset({"symbol"}),
            "next_group": frozenset({"symbol", "free"}),
            "letter": frozenset({"symbol", "magic_code"}),
            "shape": frozenset({"symbol", "magic_code"}),
            "digit": frozenset({"symbol", "magic_code"}),
        },
        foreign_fields=frozenset({*ALOMFOGO_FIELDS, "attack", "defense"}),
    ),
    ARCANE_GUARDIAN: GameRules(
        types=frozenset(
            {
                "mage",
                "spell",
                "enemy",
                "trap",
                "collectible",
                "useable",
                "chest",
                "curse",
                "level_up",
                "level_down",
                "ending",
            }
        ),  # fmt: skip
        subtypes=frozenset({"mask", "potion", "torch"}),
        fields_by_type={},
        foreign_fields=frozenset({*ALOMFOGO_FIELDS, "attack", "defense", *ONIROO_FIELDS}),
    ),
}
