"""The Arcane Guardian card list, read from the catalog JSON without Django.

`arcane_cards()` is what `new_game` takes: the whole game (mage, spells,
dungeon cards and every ending); the `endings` option picks the three in play.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "catalog" / "data" / "arcane-guardian" / "ag.json"


@lru_cache(maxsize=1)
def _cards() -> tuple[dict, ...]:
    return tuple(json.loads(DATA.read_text(encoding="utf-8"))["cards"])


def arcane_cards() -> list[dict]:
    """Every Arcane Guardian card (67), in catalog order."""
    return list(_cards())


def arcane_card(code: str) -> dict:
    """One card by its code (KeyError if there is none)."""
    for card in _cards():
        if card["code"] == code:
            return card
    raise KeyError(code)


def ending_codes() -> list[str]:
    """Codes of the ending cards, from which a game's three are chosen."""
    return [c["code"] for c in _cards() if c["type"] == "ending"]
