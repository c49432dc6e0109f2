"""Deck formats as data: what a legal deck of each game looks like.

A format is a row, never a branch in the validator: the validator reads a
row's limits and nothing else, so a new house rule is a new row. Each game's
rows are in its own room, `decks/formats_<room>.py` (the registry's
`rooms.formats`), with the game's facts read from where they are said once
(its engine, the registry); the rules are the rulebooks' as read in
shared/rules/DECISIONS.md (Álomfogó §8, ONIROO §1 and §9).

`number` is a small integer that deck codes carry instead of the id. It is
unique across all games and stable: a retired format keeps its number and a
new one takes the next free number, so an old deck code never names the
wrong format.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache


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


@cache
def all_formats() -> tuple[Format, ...]:
    """Every game's formats, game by game in the registry's order.

    Read from the rooms on first use: a room's module imports `Format` from
    here, so this module cannot import the rooms while it loads.
    """
    from core.games import all_games

    return tuple(
        row for spec in all_games() for row in importlib.import_module(spec.rooms.formats).FORMATS
    )


def formats_for(game: str) -> list[Format]:
    """The game's formats in display order (empty for an unknown game)."""
    return [f for f in all_formats() if f.game == game]


def get_format(game: str, id: str) -> Format | None:
    return next((f for f in all_formats() if f.game == game and f.id == id), None)


def format_by_number(game: str, number: int) -> Format | None:
    """The format a deck code names; None when the number is unknown for that game."""
    return next((f for f in all_formats() if f.game == game and f.number == number), None)


def default_format(game: str) -> Format:
    """The format a new deck starts in (the registry names it); KeyError for an unknown game."""
    from core.games import get_game  # the registry reads this module's formats

    return get_format(game, get_game(game).default_format)
