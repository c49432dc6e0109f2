"""A bot's deck at a table that bans a card type (DECISIONS, Álomfogó 8).

The ban holds for every deck at the table, so a bot brings its demo deck less
the banned type, topped up with other shipped cards to the table's smallest
deck (play/bots/alomfogo_cards.bot_deck_codes); the engine's own deck check
must take it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from play.bots import get_bot, play_game
from play.bots.alomfogo_cards import DEMO_DECKS, all_cards, bot_deck_codes
from play.engines import get_engine
from play.engines.alomfogo import deck_rules

ENGINE = get_engine("alomfogo")
CARDS = all_cards()
TABLES = [
    (banned, smallest)
    for banned in (["esemeny"], ["altalanos"], ["esemeny", "altalanos"])
    for smallest in (35, 45)
]


def dealt(codes: list[str]) -> list[dict]:
    return [CARDS[code] for code in codes]


def test_without_a_ban_a_bot_brings_its_demo_deck_as_it_always_did():
    """An older match deals again as it was dealt: the same cards in the same order."""
    for name, codes in DEMO_DECKS.items():
        for smallest in (35, 45):
            deck = bot_deck_codes(name, CARDS, {"min_deck_size": smallest})
            assert deck == [code for code in codes for _ in range(3)]


@pytest.mark.parametrize(("banned", "smallest"), TABLES)
@pytest.mark.parametrize("name", sorted(DEMO_DECKS))
def test_under_a_ban_a_bots_deck_is_legal_by_the_engines_own_check(name, banned, smallest):
    table = {"banned_types": banned, "min_deck_size": smallest}
    deck = bot_deck_codes(name, CARDS, table)
    assert len(deck) >= smallest
    assert not {CARDS[code]["type"] for code in deck} & set(banned)
    copies = Counter(deck_rules["copy_key"](CARDS[code]["name"]) for code in deck)
    assert max(copies.values()) <= deck_rules["max_copies"]
    # what it keeps of the demo deck, it keeps whole: every card the ban allows
    kept = [code for code in DEMO_DECKS[name] if CARDS[code]["type"] not in banned]
    assert all(deck.count(code) == 3 for code in kept)
    other = bot_deck_codes("vedo" if name == "tamado" else "tamado", CARDS, table)
    state = ENGINE.new_game([dealt(deck), dealt(other)], table, seed=5)  # refuses a bad deck
    assert not state.is_over


def test_the_top_up_is_made_of_revulok_first_and_is_the_same_every_time():
    table = {"banned_types": ["esemeny"], "min_deck_size": 45}
    deck = bot_deck_codes("vedo", CARDS, table)
    added = [code for code in dict.fromkeys(deck) if code not in DEMO_DECKS["vedo"]]
    assert added and all(CARDS[code]["type"] == "revulo" for code in added)
    assert deck == bot_deck_codes("vedo", CARDS, table)


def test_two_greedy_bots_play_a_banned_table_to_its_end():
    options = {"banned_types": ["esemeny"], "min_deck_size": 45}
    decks = [dealt(bot_deck_codes(name, CARDS, options)) for name in ("tamado", "vedo")]
    bots = {0: get_bot("greedy", 1), 1: get_bot("greedy", 2)}
    state, _actions = play_game(ENGINE, decks, options, 3, bots)
    assert state.is_over
