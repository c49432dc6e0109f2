"""The vocabularies of the three games: ids, labels in both languages, aliases.

Card data stores stable ASCII ids (docs/card-data.md); people see the labels
and may type any label or alias in a search (`t:révülő`, `r:arany`). One
table per kind keeps the card validator, the search language, the pages and
the renderer in agreement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from catalog.text import fold, fold_words
from core.games import GameSpec, all_games

ALOMFOGO = "alomfogo"
ONIROO = "oniroo"
ARCANE_GUARDIAN = "arcane-guardian"
GAME_IDS = tuple(spec.id for spec in all_games())

PROVENANCES = ("rulebook", "reconstructed", "demo", "imported")


# "kártya", "kártyák", "card", "cards" at the end of a typed kind of card.
CARD_WORD = re.compile(r"[ -]?(?:kartyak?|cards?)$")


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
        # A second pass by words only, so punctuation typed differently from
        # the rulebook ("helyek (élőhelyek)", "1.") still finds the term.
        for term in self.terms:
            for spelling in term.spellings():
                if words := fold_words(spelling):
                    self._index.setdefault(words, term)

    def ids(self) -> set[str]:
        return {t.id for t in self.terms}

    def get(self, term_id: str) -> Term | None:
        return next((t for t in self.terms if t.id == term_id), None)

    def resolve(self, typed: str) -> Term | None:
        """The term a searcher meant, from any label or alias, accents ignored.

        A trailing "kártya"/"card" is dropped, as the rulebook names kinds of
        card that way ("SZIMBÓLUM kártya", "holdfejkártya").
        """
        term = self._index.get(fold(typed))
        if term is not None:
            return term
        words = fold_words(typed)
        term = self._index.get(words)
        if term is None:
            bare = CARD_WORD.sub("", words).strip()
            term = self._index.get(bare) if bare else None
        return term

    def label(self, term_id: str | None, language: str) -> str:
        term = self.get(term_id) if term_id else None
        return term.label(language) if term else (term_id or "")


# a game's name is the same in both languages
GAMES = Vocabulary(
    "game", tuple(Term(spec.id, spec.name, spec.name, spec.aliases) for spec in all_games())
)

TYPES = Vocabulary(
    "type",
    (
        # Álomfogó
        # English readers get an English word; "révülő" is still searchable in both.
        Term("revulo", "révülő", "dreamwalker", ("shaman",)),
        Term("alomleny", "álomlény", "dream creature", ("creature", "lény")),
        Term("esemeny", "esemény", "event"),
        Term("azonnali", "azonnali varázslat", "instant", ("azonnali", "instant spell")),
        Term("altalanos", "általános varázslat", "general spell", ("általános", "sorcery")),
        # ONIROO
        Term("symbol", "szimbólumkártya", "symbol card", ("szimbólum", "symbol")),
        Term("free", "szabad kártya", "free card", ("szabad", "joker")),
        # the rulebook's "ÉBREDÉS kártya"; "ébresztő" is still searchable
        Term("wake_up", "ébredés kártya", "wake-up",
             ("ébredés", "ébresztő", "wake", "wakeup", "ebreszto", "awakening", "waking")),
        Term("bad_night", "rossz éjszaka", "bad night", ("rossz", "badnight")),
        Term("moon_head", "holdfej", "moon head", ("moonhead",)),
        Term("dream_fairy", "álomtündér", "dream fairy", ("tündér", "fairy", "dreamfairy")),
        Term("magic_code", "varázskód", "magic code", ("kód", "code", "magiccode")),
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
)  # fmt: skip

SUBTYPES = Vocabulary(
    "subtype",
    (
        Term("vajakosok", "Vajákosok Jurtája", "House of Healers", ("vajákos", "healer")),
        Term("samanok", "Sámánok Jurtája", "House of Shamans", ("sámán", "shaman")),
        Term("dobolok", "Dobolók Jurtája", "House of Drummers", ("doboló", "drummer")),
        Term("boszorkanyok", "Boszorkányok Jurtája", "House of Witches", ("boszorkány", "witch")),
        Term("varazslok", "Varázslók Jurtája", "House of Wizards", ("varázsló", "wizard")),
        Term("garabonciasok", "Garabonciások Jurtája", "House of Dragon Masters",
             ("garabonciás", "dragon master")),
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
        # the three kinds of magic code card, in the rulebook's words (section N)
        Term("letter", "betű", "letter", ("betűkód", "letter code")),
        Term("shape", "forma", "shape", ("formakód", "shape code")),
        Term("digit", "számjegy", "digit", ("szám", "számkód", "digit code", "number code")),
        Term("mask", "maszk", "mask"),
        Term("potion", "főzet", "potion", ("bájital", "ital")),
        Term("torch", "fáklya", "torch"),
    ),
)  # fmt: skip

# The houses of the games whose cards belong to houses (the registry says which), as their
# card modules order them
HOUSES = tuple(house for spec in all_games() if spec.houses for house in spec.card_module().HOUSES)

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

# The rulebook numbers the eight groups 1-8 (section D) and names them
# "állatvilág", "növényvilág", ...: those numbers and words, and their English
# renderings, are aliases, so a player can search with the rulebook open.
GROUPS = Vocabulary(
    "group",
    (
        Term(
            "animals",
            "állatok",
            "animals",
            ("1", "állat", "állatvilág", "animal", "animal world", "animal kingdom", "fauna"),
        ),
        Term(
            "plants",
            "növények",
            "plants",
            ("2", "növény", "növényvilág", "plant", "plant world", "plant kingdom", "flora"),
        ),
        Term(
            "objects",
            "tárgyak és ásványok",
            "objects and minerals",
            (
                "3", "tárgyak", "tárgy", "ásvány", "ásványok", "ásványvilág",
                "tárgyak vagy ásványvilág", "object", "objects", "minerals", "mineral world",
                "objects or mineral world",
            ),
        ),
        Term(
            "places",
            "helyek",
            "places",
            ("4", "hely", "élőhely", "élőhelyek", "helyek (élőhelyek)", "place", "habitat",
             "habitats", "places (habitats)"),
        ),
        Term("people", "emberek", "people", ("5", "ember", "person", "humans")),
        Term(
            "myth",
            "képzelet, történelem, mítosz",
            "imaginary, history, myth",
            (
                "6", "mítosz", "mítoszok", "képzelet", "történelem", "legenda", "legendák",
                "képzeletbeli alkotások", "mítoszok és legendák",
                "képzeletbeli alkotások, történelem, mítoszok és legendák",
                "imaginary", "history", "myths", "legends", "myths and legends",
                "imaginary creations", "imaginary creations, history, myths and legends",
            ),
        ),
        Term(
            "landscapes",
            "tájak és események",
            "landscapes and events",
            ("7", "táj", "tájak", "esemény", "események", "tájak vagy események", "landscape",
             "events", "event", "landscapes or events"),
        ),
        Term("energy", "energia", "energy", ("8",)),
    ),
)  # fmt: skip
# The rulebook's number of each group (section D), for pages and help.
GROUP_NUMBERS = {term.id: str(i) for i, term in enumerate(GROUPS.terms, start=1)}

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
    # fields every card of this game must fill
    required_fields: frozenset[str] = frozenset()


def _game_rules(spec: GameSpec) -> GameRules:
    """A registered game's card rules: its engine's types and subtypes, the registry's fields;
    a field another game owns is foreign to this one."""
    cards = spec.card_module()
    own = spec.card_fields.own
    foreign = {name for other in all_games() for name in other.card_fields.own} - set(own)
    return GameRules(
        types=frozenset(cards.TYPES),
        subtypes=frozenset(cards.SUBTYPES),
        fields_by_type=spec.card_fields.by_type,
        foreign_fields=frozenset(foreign),
        required_fields=spec.card_fields.required,
    )


RULES = {spec.id: _game_rules(spec) for spec in all_games()}
