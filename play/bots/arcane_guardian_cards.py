"""The Arcane Guardian card list, read from the catalog JSON without Django.

`arcane_cards()` is what `new_game` takes: the whole game (mage, spells,
dungeon cards and every ending); the `endings` option picks the three in play.
"""

from __future__ import annotations

from functools import lru_cache

from catalog.records import shipped_cards


@lru_cache(maxsize=1)
def _cards() -> tuple[dict, ...]:
    return tuple(shipped_cards("arcane-guardian"))


def arcane_cards() -> list[dict]:
    """Every Arcane Guardian card (67), in catalog order."""
    return list(_cards())


def ending_codes() -> list[str]:
    """Codes of the ending cards, from which a game's three are chosen."""
    return [c["code"] for c in _cards() if c["type"] == "ending"]
