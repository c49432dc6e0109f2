"""Cards as plain dicts, without Django: the one card-to-record conversion and
the one reader of the card files shipped in catalog/data/<game>/*.json.

A card record is the docs/card-data.md card plus `game` (the game's id) and
`set` (its set's code): what the deck modules, the renderer and the engines
read. `card_record` makes one from a card file's entry, `row_record` from a
`Card` row (duck-typed, so bots, faces and benchmarks can import this module
in a plain Python process).

`shipped_cards` reads the shipped files as they are, without the checks of
`cardfile.read_card_file`: `load_cards` checks them before they reach the
database, and a test loads every shipped file through it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"


def card_record(card: dict, *, game: str, set_code: str) -> dict:
    """A card file's entry as a card record: its keys plus `game` and `set`."""
    return {"game": game, "set": set_code, **card}


def row_record(card) -> dict:
    """A `Card` row (with its game and set loaded) as a card record."""
    return card_record(card.as_data(), game=card.game.slug, set_code=card.card_set.code)


def shipped_paths(game: str | None = None) -> list[Path]:
    """The shipped card files of `game` (of every game when None), sorted."""
    return sorted(DATA_DIR.glob(f"{game or '*'}/*.json"))


def read_shipped(path: Path) -> dict:
    """One card file's parsed JSON (OSError or ValueError when it cannot be read)."""
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def _files(game: str) -> tuple[dict, ...]:
    # Read once per process: bots and benchmarks ask for the cards on every game.
    return tuple(read_shipped(path) for path in shipped_paths(game))


def shipped_cards(game: str) -> list[dict]:
    """Every shipped card of `game` as its file writes it (no `game` or `set`), in order.

    The shape the bots, terminal games and benchmarks hand to `new_game`. The
    dicts are shared by every caller in the process: read them, never edit them.
    """
    return [card for data in _files(game) for card in data["cards"]]


def shipped_records(game: str) -> list[dict]:
    """Every shipped card of `game` as a card record, in file then card order."""
    return [
        card_record(card, game=data["game"], set_code=data["set"]["code"])
        for data in _files(game)
        for card in data["cards"]
    ]
