"""Álomfogó's cards for bots, the terminal game, tests and benchmarks (read from JSON, no Django):
the shipped catalog and the two demo decks.
"""

from __future__ import annotations

from functools import lru_cache

from catalog.records import shipped_cards
from play.engines.alomfogo.state import GAME_ID

# 15 names × 3 = 45 cards each, from the AFD demo set
DEMO_DECKS = {
    "tamado": [
        "AFD-005",
        "AFD-007",
        "AFD-010",
        "AFD-011",
        "AFD-014",
        "AFD-018",
        "AFD-019",
        "AFD-017",
        "AFD-027",
        "AFD-040",
        "AFD-041",
        "AFD-044",
        "AFD-042",
        "AFD-054",
        "AFD-064",
    ],
    "vedo": [
        "AFD-001",
        "AFD-002",
        "AFD-020",
        "AFD-021",
        "AFD-004",
        "AFD-008",
        "AFD-022",
        "AFD-026",
        "AFD-028",
        "AFD-043",
        "AFD-046",
        "AFD-053",
        "AFD-058",
        "AFD-065",
        "AFD-069",
    ],
}


@lru_cache(maxsize=1)
def _catalog() -> dict:
    return {card["code"]: card for card in shipped_cards(GAME_ID)}


def all_cards() -> dict[str, dict]:
    """Code → card dict of every shipped Álomfogó card."""
    return dict(_catalog())


def deck(codes: list[str], copies: int = 3) -> list[dict]:
    """A deck list: each code `copies` times."""
    cat = _catalog()
    return [cat[c] for c in codes for _ in range(copies)]


def demo_decks() -> list[list[dict]]:
    return [deck(DEMO_DECKS["tamado"]), deck(DEMO_DECKS["vedo"])]
