"""ONIROO's cards for bots, the terminal game, tests and benchmarks (read from JSON, no Django):
the one 173-card game, which every seat plays from together (`oniroo_cards()` is the list
a `new_game` takes).
"""

from __future__ import annotations

from functools import lru_cache

from catalog.records import shipped_cards


@lru_cache(maxsize=1)
def _cards() -> tuple[dict, ...]:
    return tuple(shipped_cards("oniroo"))


def oniroo_cards() -> list[dict]:
    """Every ONIROO card (173), in catalog order: the shared pool of an ONIROO game."""
    return list(_cards())


def oniroo_card(code: str) -> dict:
    """One ONIROO card by its code (KeyError if there is none)."""
    for card in _cards():
        if card["code"] == code:
            return card
    raise KeyError(code)
