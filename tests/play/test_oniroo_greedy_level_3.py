"""ONIROO level 3: the greedy bot (and the hard bot's playouts) spend bad nights only where
they can still win.

Only the player whose card completed the shared dream may wake it (C_03, DECISIONS ONIROO
5), so a wake-up held by anyone else is dead once the dream is complete. Making the others
wait then wins nothing, and two greedy bots traded bad nights until the 1,000-turn cap.
"""

from __future__ import annotations

import random

from play.bots import get_bot, play_game
from play.bots.oniroo_cards import oniroo_cards
from tests.play.oniroo_helpers import NIGHTMARE, WAKE, act, arrange, game, one
from tests.play.test_oniroo_rules import filler, shared_almost_complete


def greedy_choice(g) -> dict:
    p = g.active_player
    return get_bot("greedy", 0, game="oniroo").choose(
        g.view(p), g.legal_actions(p), random.Random(0)
    )


def test_a_wake_up_the_rules_no_longer_let_it_play_buys_no_bad_night():
    nine, tenth = shared_almost_complete()
    rest = filler(10, *nine, tenth)
    g = arrange(
        game(level=3, players=2),
        hands={0: [tenth, *rest[:5]], 1: [WAKE, NIGHTMARE, *rest[5:8]]},
        shared=nine,
    )
    act(g, "play", card=one(g, tenth), dream="shared")  # seat 0 completes it: only 0 may wake
    act(g, "end_turn")
    assert g.active_player == 1 and g.view(1)["shared_dream"]["completed_by"] == 0
    legal = g.legal_actions(1)
    assert {"attack", "play"} <= {a["type"] for a in legal}
    choice = greedy_choice(g)
    assert choice["type"] == "play" and choice["card"] != one(g, NIGHTMARE)


def test_greedy_games_at_level_3_end_by_the_rules_not_at_the_turn_cap():
    """Ten seeded two-seat games between greedy bots, dealt as bench/bots.py deals them:
    each ends won or drawn by K_02 (both piles empty), none at the 1,000-turn cap."""
    cards = oniroo_cards()
    for seed in range(10):
        options = {"level": 3, "players": 2, "first_player": (seed // 2) % 2}
        bots = {p: get_bot("greedy", seed, game="oniroo") for p in (0, 1)}
        state, _ = play_game("oniroo", [cards], options, seed, bots, max_actions=20_000)
        assert state.is_over
        assert state.result["reason"] != "turn_limit", f"seed {seed}"
