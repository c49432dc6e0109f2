"""bench/bots.py's figures: the Wilson interval and a layout that gives neither bot an edge."""

from itertools import product

import pytest

from bench import bots as bench_bots
from play.bots.alomfogo_cards import DEMO_DECKS, demo_decks


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # by hand: p = 1/2, z² = 3.8415: centre 1/2, half-width
        # 1.96 · sqrt(0.025 + 3.8415/400) / 1.38415 = 0.2634
        (5, 10, 0.2366, 0.7634),
        # by hand: no wins, upper end z² / (n + z²) = 3.8415 / 13.8415
        (0, 10, 0.0, 0.2775),
    ],
)
def test_wilson_interval_matches_the_hand_computed_one(wins, games, low, high):
    got = bench_bots.wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_alomfogo_games_balance_seat_first_player_and_deck_every_8_games():
    setup = bench_bots.Setup("alomfogo", 2, 5, 0)
    names = list(DEMO_DECKS)
    demo = demo_decks()
    seen = []
    for i in range(8):
        decks, options, a_seat, a_deck = bench_bots.deal(setup, i)
        assert decks[a_seat] == demo[names.index(a_deck)]  # the first bot plays the deck named
        assert decks[1 - a_seat] != decks[a_seat]
        seen.append((a_seat, options["first_player"] == a_seat, a_deck))
    assert sorted(seen) == sorted(product((0, 1), (False, True), names))
