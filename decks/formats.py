"""Deck formats as data: what a legal deck of each game looks like.

A format is a row in `FORMATS`, never a branch in the validator: the
validator reads the limits below and nothing else, so a new house rule is a
new row. Game facts come from the rulebooks as read in
shared/rules/DECISIONS.md (Álomfogó §8, ONIROO §1 and §9).

`number` is a small integer that deck codes carry instead of the id. It is
unique across all games and stable: a retired format keeps its number and a
new one takes the next free number, so an old deck code never names the
wrong format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from catalog.vocab import ALOMFOGO, ARCANE_GUARDIAN, ONIROO
from core.games import GAMES

# Álomfogó's smallest deck and copy limit, as its engine checks them at the table
_ALOMFOGO_DECKS = GAMES[ALOMFOGO].engine().deck_rules
SMALLEST, COPIES = _ALOMFOGO_DECKS["min_deck_size"], _ALOMFOGO_DECKS["max_copies"]
COPY_KEY = _ALOMFOGO_DECKS["copy_key"]


@dataclass(frozen=True)
class Format:
    id: str
    game: str
    number: int
    name_hu: str
    name_en: str
    min_cards: int | None  # main board size; None = no minimum
    max_cards: int | None
    max_copies: int | None  # per card name, all printings together; None = no limit
    banned_types: frozenset[str]
    allowed_types: frozenset[str] | None  # the pool; None = any type of the game
    exact_type_counts: dict[str, int] = field(hash=False)  # e.g. {"ending": 3}
    description_hu: str = ""
    description_en: str = ""
    # what the copy limit counts by (a card name -> its key), the game engine's own rule;
    # needed where max_copies is set
    copy_key: Callable[[str], str] | None = field(default=None, hash=False, compare=False)

    def __post_init__(self) -> None:
        if self.max_copies is not None and self.copy_key is None:
            raise ValueError(f"format {self.id!r} limits copies but says not how they count")

    def name(self, language: str) -> str:
        return self.name_en if language == "en" else self.name_hu

    def description(self, language: str) -> str:
        return self.description_en if language == "en" else self.description_hu


def _alomfogo(number, id, name_hu, name_en, min_cards, banned, description_hu, description_en):
    return Format(
        id=id, game=ALOMFOGO, number=number, name_hu=name_hu, name_en=name_en,
        min_cards=min_cards, max_cards=None, max_copies=COPIES,
        banned_types=frozenset(banned), allowed_types=None, exact_type_counts={},
        description_hu=description_hu, description_en=description_en, copy_key=COPY_KEY,
    )  # fmt: skip


def _oniroo(number, id, name_hu, name_en, types, description_hu, description_en):
    # ONIROO is one fixed box of 173 cards; a "deck" is the part of the box a
    # level plays with, so only the pool is checked: no size, no copy limit
    # (the box itself prints some cards several times).
    return Format(
        id=id, game=ONIROO, number=number, name_hu=name_hu, name_en=name_en,
        min_cards=None, max_cards=None, max_copies=None,
        banned_types=frozenset(), allowed_types=frozenset(types) if types else None,
        exact_type_counts={},
        description_hu=description_hu, description_en=description_en,
    )  # fmt: skip


# The ONIROO pools (DECISIONS §1). Magic codes belong to solitaire only; the
# moon head is out of level 5 and, at level 4, the alternative to bad night.
_L5 = ("symbol", "free", "wake_up", "bad_night", "dream_fairy")
_L4_MOON = ("symbol", "free", "wake_up", "moon_head", "dream_fairy")

FORMATS: tuple[Format, ...] = (
    _alomfogo(
        1, "casual", "Alap", "Casual", SMALLEST, (),
        f"Legalább {SMALLEST} lap, egy lapnévből legfeljebb {COPIES} példány (a különböző "
        "kiadások együtt számítanak).",
        f"At least {SMALLEST} cards and at most {COPIES} copies of a card name (all its "
        "printings together).",
    ),
    _alomfogo(
        2, "tournament", "Verseny", "Tournament", 45, (),
        f"A versenyeken használt méret: legalább 45 lap, egy lapnévből legfeljebb {COPIES} "
        "példány.",
        f"The size used at tournaments: at least 45 cards, at most {COPIES} copies of a card "
        "name.",
    ),
    _alomfogo(
        3, "no-events", "Esemény nélkül", "No events", SMALLEST, ("esemeny",),
        "Házi szabály: mint az alap, de esemény lap nem kerülhet a pakliba.",
        "House rule: as casual, but no event cards.",
    ),
    _alomfogo(
        4, "no-general-spells", "Általános varázslat nélkül", "No general spells", SMALLEST,
        ("altalanos",),
        "Házi szabály: mint az alap, de általános varázslat nem kerülhet a pakliba.",
        "House rule: as casual, but no general spells.",
    ),
    _oniroo(
        5, "level-1-2", "1–2. szint", "Levels 1–2", ("symbol", "wake_up", "free"),
        "Szimbólumkártyák és az ébredés kártya; a szabad kártyák, ha a játékosok kérik.",
        "Symbol cards and the wake-up, plus the free cards if the players want them.",
    ),
    _oniroo(
        6, "level-3", "3. szint", "Level 3", ("symbol", "wake_up", "bad_night", "dream_fairy"),
        "Szimbólumkártyák, ébredés kártya, rossz éjszaka és álomtündér; szabad kártya és holdfej "
        "nélkül.",
        "Symbol cards, the wake-up, bad nights and dream fairies; no free cards, no moon heads.",
    ),
    _oniroo(
        7, "level-4-bad-night", "4. szint, rossz éjszakával", "Level 4 with bad nights", _L5,
        "Az 5. szint lapjai: a rossz éjszaka a támadó lap, holdfej nélkül.",
        "The level 5 cards: bad nights are the attack cards, no moon heads.",
    ),
    _oniroo(
        8, "level-4-moon-head", "4. szint, holdfejjel", "Level 4 with moon heads", _L4_MOON,
        "Az 5. szint lapjai, de a rossz éjszaka helyett a holdfejekkel.",
        "The level 5 cards, with the moon heads in place of the bad nights.",
    ),
    _oniroo(
        9, "level-5", "5. szint", "Level 5", _L5,
        "Minden lap a holdfejek és a varázskódok kivételével.",
        "Every card except the moon heads and the magic codes.",
    ),
    # Solitaire (DECISIONS §9, rulebook section N): its level 3 uses every
    # card, the free cards included if the player wants them, and the magic
    # codes exist only here; levels 1 and 2 leave some out at the table,
    # which is the engine's level option, not a different box. So the pool
    # is the whole game.
    _oniroo(
        10, "solitaire", "Pasziánsz", "Solitaire", None,
        "Egyszemélyes játék: minden lap használható, a varázskódok csak itt.",
        "The one-player game: every card may be used, and only here the magic codes.",
    ),
    Format(
        id="standard", game=ARCANE_GUARDIAN, number=11, name_hu="Alapjáték", name_en="Standard",
        min_cards=None, max_cards=None, max_copies=None,
        banned_types=frozenset(), allowed_types=None, exact_type_counts={"ending": 3},
        description_hu="A teljes játék, amelyből pontosan 3 véglapot választasz.",
        description_en="The whole game, with exactly 3 endings chosen.",
    ),
)  # fmt: skip


def formats_for(game: str) -> list[Format]:
    """The game's formats in display order (empty for an unknown game)."""
    return [f for f in FORMATS if f.game == game]


def get_format(game: str, id: str) -> Format | None:
    return next((f for f in FORMATS if f.game == game and f.id == id), None)


def format_by_number(game: str, number: int) -> Format | None:
    """The format a deck code names; None when the number is unknown for that game."""
    return next((f for f in FORMATS if f.game == game and f.number == number), None)


def default_format(game: str) -> Format:
    """The format a new deck starts in (the registry names it); KeyError for an unknown game."""
    from core.games import get_game  # the registry reads this module's formats

    return get_format(game, get_game(game).default_format)
