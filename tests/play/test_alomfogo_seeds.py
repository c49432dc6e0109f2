"""The conformance properties over 1,000 seeded random games (the issue's "done when")."""

from __future__ import annotations

import random

from play.bots.alomfogo_cards import demo_decks
from play.engines import get_engine
from tests.play.test_alomfogo_properties import MAX_STEPS, check_views, count_cards

ENGINE = get_engine("alomfogo")
SEEDS = range(1000)


def test_one_thousand_seeded_random_games():
    decks = demo_decks()
    options = {"min_deck_size": 35, "max_copies": 3}
    for seed in SEEDS:
        g = ENGINE.new_game(decks, options, seed)
        total = count_cards(g)
        r = random.Random(seed)
        log = []
        while not g.is_over and len(log) < MAX_STEPS:
            action = r.choice(g.legal_actions(g.active_player))
            g.apply(action)  # a listed action always applies
            log.append(action)
            assert count_cards(g) == total, f"seed {seed}: a card vanished or appeared"
            if len(log) % 40 == 0:
                check_views(g)
        assert g.is_over, f"seed {seed}: no end after {MAX_STEPS} actions"
        check_views(g)
        replay = ENGINE.new_game(decks, options, seed)
        for action in log:
            replay.apply(action)
        assert replay.to_dict() == g.to_dict(), f"seed {seed}: replay differs"
