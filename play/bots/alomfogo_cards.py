"""Álomfogó's cards for bots, the terminal game, tests and benchmarks (read from JSON, no Django):
the shipped catalog and the two demo decks.
"""

from __future__ import annotations

from functools import lru_cache

from catalog.records import shipped_cards
from play.engines.alomfogo import deck_rules
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


def demo_decks(options: dict | None = None) -> list[list[dict]]:
    """The two demo decks; for a table with `options` (the engine's), each as a bot brings it
    there (`bot_deck_codes`: less a type the table bans, topped up to its smallest deck).

    The search bot draws an opponent's unseen cards from these (the registry names this
    function as Álomfogó's prior): a deck the table would refuse is no deck an opponent
    could hold there.
    """
    if not options:
        return [deck(DEMO_DECKS["tamado"]), deck(DEMO_DECKS["vedo"])]
    cards = _catalog()
    return [[cards[code] for code in bot_deck_codes(name, cards, options)] for name in DEMO_DECKS]


def bot_deck_codes(name: str, cards: dict[str, dict], options: dict | None = None) -> list[str]:
    """The deck a bot brings to a table with `options` (the engine's), a code per card
    (copies repeated): the demo deck `name`, three of each of its cards, less the card types
    the table bans (`banned_types`; DECISIONS, Álomfogó 8: a house rule holds for every deck
    at the table). If that leaves fewer cards than the table's smallest deck
    (`min_deck_size`), it is topped up from `cards` (code -> card: the shipped cards the
    caller can deal) with cards of the types allowed and of names not in it yet, révülők
    first (a bot with no duelist only refuses duels), the cheapest first, then by code, up to
    the copy limit of a name, all its printings together (the engine's rules). Pure and
    ordered, so every replay of a match deals the same deck.
    """
    options = options or {}
    banned = set(options.get("banned_types") or ())
    min_size = options.get("min_deck_size", deck_rules["min_deck_size"])
    limit, copy_key = deck_rules["max_copies"], deck_rules["copy_key"]
    kept = [code for code in DEMO_DECKS[name] if cards[code]["type"] not in banned]
    codes = [code for code in kept for _ in range(3)]
    taken = {copy_key(cards[code]["name"]) for code in kept}
    spare = sorted(
        (card for card in cards.values() if card["type"] not in banned),
        key=lambda card: (card["type"] != "revulo", card.get("cost") or 0, card["code"]),
    )
    for card in spare:
        if len(codes) >= min_size:
            break
        key = copy_key(card["name"])
        if key in taken:
            continue
        taken.add(key)
        codes += [card["code"]] * min(limit or 3, min_size - len(codes))
    return codes
