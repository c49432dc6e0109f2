"""The hard ONIROO bot: never weaker than greedy on little evidence, and cheap playouts."""

from __future__ import annotations

import random

import pytest

from play.bots import get_bot
from play.bots.oniroo_cards import oniroo_cards
from play.bots.search import MIN_VISITS, Node, SearchBot
from play.engines.oniroo import new_game
from play.engines.oniroo.sampling import playout_view

OPTIONS = {"level": 5, "players": 4}


def hard(iterations: int | None = 8, seed: int = 3) -> SearchBot:
    return get_bot(
        "hard", seed, game="oniroo", deck=oniroo_cards(), options=OPTIONS, iterations=iterations
    )


def root_with(greedy: tuple[int, float], other: tuple[int, float]) -> Node:
    """A root whose first move (the greedy bot's) and second move have these (visits, reward)."""
    root = Node(None)
    for key, (visits, reward) in zip(("greedy", "other"), (greedy, other), strict=True):
        child = root.children[key] = Node(0)
        child.visits, child.reward, child.available = visits, reward, visits
    root.visits = greedy[0] + other[0]
    return root


def test_a_move_overrules_the_greedy_bot_only_with_enough_playouts_behind_it():
    bot = hard()
    bot._playout_bot_key = lambda view, legal, keys, rng: keys[0]
    keys, legal = ["greedy", "other"], [{"type": "a"}, {"type": "b"}]
    rng = random.Random(1)
    # three wins in three against three losses: far more than a standard error, but three
    # playouts of a four-player game say little, and the greedy bot's judgement stands
    assert bot._pick(root_with((3, 0.0), (3, 3.0)), keys, {}, legal, rng) == 0
    assert bot._pick(root_with((3, 0.0), (MIN_VISITS - 1, 6.0)), keys, {}, legal, rng) == 0
    # with the evidence there, the clearly better move is taken
    assert bot._pick(root_with((3, 0.0), (MIN_VISITS, 7.0)), keys, {}, legal, rng) == 1
    # and a move no better than the greedy bot's never is, however often it was tried
    assert bot._pick(root_with((40, 10.0), (40, 11.0)), keys, {}, legal, rng) == 0


def positions(seed: int):
    """Positions with a real choice for the seat to move, in greedy games at level 5."""
    g = new_game([oniroo_cards()], OPTIONS, seed)
    bots = [get_bot("greedy", p, game="oniroo") for p in g.players]
    rng = random.Random(seed)
    while not g.is_over:
        p = g.active_player
        legal = g.legal_actions(p)
        if len(legal) > 1:
            yield g
        g.apply(bots[p].choose(g.view(p), legal, rng))


class Recording(SearchBot):
    """A search bot that notes the greedy bot's move as it asked for it (its own tie-break)."""

    def _playout_bot_key(self, *args):
        self.asked = super()._playout_bot_key(*args)
        return self.asked


def test_with_a_tiny_budget_the_hard_bot_plays_the_greedy_bots_move():
    """A dozen playouts over a dozen moves are too few to overrule the greedy bot."""
    same = tried = 0
    for g in positions(5):
        p = g.active_player
        view, legal = g.view(p), g.legal_actions(p)
        bot = Recording(3, game="oniroo", deck=oniroo_cards(), options=OPTIONS, iterations=12)
        move = bot.choose(view, legal, random.Random(2))
        if bot.searched:
            keys = [bot.sampling.action_key(g, a) for a in legal]
            tried += 1
            same += move == legal[keys.index(bot.asked)]
        if tried == 12:
            break
    assert tried == 12 and same == tried


@pytest.mark.parametrize(("level", "players"), [(2, 3), (3, 4), (4, 2), (5, 4), (5, 6)])
def test_the_greedy_bot_chooses_from_the_lean_playout_view_as_from_the_full_view(level, players):
    g = new_game([oniroo_cards()], {"level": level, "players": players}, level + players)
    bot = get_bot("greedy", 0, game="oniroo")
    rng = random.Random(level)
    decisions = 0
    while not g.is_over:
        p = g.active_player
        legal = g.legal_actions(p)
        full = bot.choose(g.view(p), legal, random.Random(decisions))
        lean = playout_view(g, p)
        assert "events" not in lean and "history" not in lean
        assert bot.choose(lean, legal, random.Random(decisions)) == full
        decisions += 1
        # now and then a random move, for positions the greedy bot would not reach
        g.apply(full if rng.random() < 0.7 else rng.choice(legal))
    assert decisions > 10
