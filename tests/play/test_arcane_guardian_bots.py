"""Arcane Guardian bots: they see only the view, play legal moves, and greedy beats random."""

from __future__ import annotations

import copy
import random

import play.engines.arcane_guardian as engine
from play.bots.arcane_guardian_cards import arcane_cards
from play.bots.arcane_guardian_greedy import ArcaneGuardianGreedyBot
from play.bots.base import Bot, bot_rng, decide, play_game
from play.bots.random_bot import RandomBot
from tests.play.test_arcane_guardian_rules import (
    FIRE_ELEMENTAL,
    FROSTBALL,
    GATE,
    HALL_OF_KEYS,
    HEALING_POTION,
    MINOTAUR,
    ROPE,
    SPIKE_PIT,
    TORCH,
    WARRIORS_MASK,
    act,
    game,
    layout,
    moment,
    step,
)

CARDS = arcane_cards()


class Watcher(Bot):
    """Wraps a bot: checks it gets plain data it does not change, and answers with a legal move."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.calls = 0

    def choose(self, view, legal, rng):
        assert view is not None and "dice_key" not in view and "s" not in view
        view_copy, legal_copy = copy.deepcopy(view), copy.deepcopy(legal)
        action = self.inner.choose(view, legal, rng)
        assert view == view_copy and legal == legal_copy
        assert action in legal
        self.calls += 1
        return action


def test_the_greedy_bot_reads_only_the_view_and_plays_legal_moves():
    for seed in range(15):
        bot = Watcher(ArcaneGuardianGreedyBot(seed))
        state, log = play_game(engine, CARDS, None, seed, {0: bot})
        assert state.is_over and bot.calls == len(log)


def test_the_greedy_bot_is_deterministic_for_a_seed():
    a, log_a = play_game(engine, CARDS, None, 5, {0: ArcaneGuardianGreedyBot(5)})
    b, log_b = play_game(engine, CARDS, None, 5, {0: ArcaneGuardianGreedyBot(5)})
    assert log_a == log_b and a.to_dict() == b.to_dict()


def test_greedy_escapes_far_more_often_than_random():
    wins = {"random": 0, "greedy": 0}
    for seed in range(300):
        for name, cls in (("random", RandomBot), ("greedy", ArcaneGuardianGreedyBot)):
            state, _ = play_game(engine, CARDS, None, seed, {0: cls(seed)})
            wins[name] += bool(state.result["winners"])
    assert wins["greedy"] >= 90  # about 47 % over 10,000 deals (bench/arcane_guardian.py)
    assert wins["random"] <= 15  # about 2 %
    assert wins["greedy"] >= 5 * max(1, wins["random"])


def choice(g, cards) -> dict:
    bot = ArcaneGuardianGreedyBot(0, cards=cards)
    return decide(g, 0, bot, bot_rng(0, 0, bot))


def scenario(*piles, endings=None, **kw):
    cards = layout(*piles)
    options = {"shuffle": False, "endings": endings or [GATE, HALL_OF_KEYS, "AG-063"]}
    return engine.new_game(cards, options, kw.get("seed", 1)), cards


def test_greedy_takes_the_gate_once_it_holds_the_key():
    g = game([ROPE], [HEALING_POTION], [TORCH])
    step(g, 0)
    step(g, 0)  # the Gate waits
    step(g, 1)
    step(g, 1)  # Hall of Keys: the Key
    cards = layout([ROPE], [HEALING_POTION], [TORCH])
    assert choice(g, cards) == {"type": "choose_pile", "player": 0, "pile": 0}


def test_greedy_defeats_an_enemy_with_its_named_spell_rather_than_three_life():
    g, cards = scenario([FIRE_ELEMENTAL], [], [])
    step(g, 0)
    assert choice(g, cards) == {"type": "cast", "player": 0, "spells": [FROSTBALL]}


def test_greedy_prefers_a_found_item_to_a_trap():
    g, cards = scenario([SPIKE_PIT], [WARRIORS_MASK], [MINOTAUR])
    assert choice(g, cards) == {"type": "choose_pile", "player": 0, "pile": 1}


def test_greedy_heals_when_life_falls_below_one():
    g, cards = scenario([MINOTAUR], [], [])
    g.s["spells"] = {c: c == "AG-004" for c in g.s["spells"]}  # only Holy Light upright
    g.forget_legal_actions()
    step(g, 0)
    act(g, "fight", option=0)
    assert moment(g) == "dying"
    assert choice(g, cards) == {"type": "use", "player": 0, "card": "AG-004"}


def test_the_random_bot_plays_whole_games_with_any_legal_move():
    rng = random.Random(3)
    for seed in range(20):
        state, log = play_game(engine, CARDS, None, seed, {0: RandomBot(rng.randrange(99))})
        assert state.is_over and log
