"""The Arcane Guardian solver: its verdicts, its winning lines, its budget."""

from __future__ import annotations

import random

import play.engines.arcane_guardian as engine
from play.bots.arcane_guardian_cards import arcane_cards
from play.bots.arcane_guardian_solver import (
    position_key,
    resources,
    solve,
    solve_state,
    win_still_possible,
    winning_endings_possible,
)
from tests.play.test_arcane_guardian_rules import (
    ALTAR,
    BLUEFIRE_TORCH,
    FIRE_ELEMENTAL,
    GATE,
    GUARDIANS_MASK,
    HALL_OF_KEYS,
    ICE_TROLL,
    MINOTAUR,
    SKELETON,
    TORCH,
    TUNNEL,
    ZOMBIE,
    act,
    game,
    layout,
    step,
)

CARDS = arcane_cards()
STONE_GOLEM, LICH, GARGOYLE = "AG-019", "AG-018", "AG-021"


def replay(cards, options, seed, line):
    g = engine.new_game(cards, options, seed)
    for action in line:
        assert action in g.legal_actions(0)
        g.apply(action)
    return g


def test_a_winnable_deal_comes_with_a_line_that_wins_when_replayed():
    answer = solve(CARDS, None, 2)
    assert answer.verdict == "winnable" and answer.line and answer.nodes >= len(answer.line)
    g = replay(CARDS, None, 2, answer.line)
    assert g.is_over and g.result["winners"] == [0]


def test_the_same_deal_gives_the_same_answer():
    a, b = solve(CARDS, None, 9), solve(CARDS, None, 9)
    assert (a.verdict, a.line, a.nodes) == (b.verdict, b.line, b.nodes)


def test_endings_that_cannot_win_are_lost_without_a_search():
    options = {"endings": [HALL_OF_KEYS, ALTAR, GUARDIANS_MASK]}  # Keys, but no Gate, no exit
    answer = solve(CARDS, options, 1)
    assert answer.verdict == "lost" and answer.nodes == 0
    assert "no ending in play can win" in answer.reason
    assert not winning_endings_possible(engine.new_game(CARDS, options, 1).s)
    assert winning_endings_possible(engine.new_game(CARDS, {"endings": [GATE, ALTAR, TUNNEL]}, 1).s)


def test_a_deal_where_every_line_dies_is_searched_to_the_end_and_lost():
    """Six enemies stand before the Key and the Gate: four spells beat four, 3 life not two more."""
    cards = layout(
        [MINOTAUR, ICE_TROLL, LICH],
        [FIRE_ELEMENTAL, STONE_GOLEM, ZOMBIE],
        [],
    )
    options = {"shuffle": False, "endings": [GATE, HALL_OF_KEYS, ALTAR]}
    answer = solve(cards, options, 1)
    assert answer.verdict == "lost" and answer.nodes > 10
    assert answer.reason == "every line was searched; none wins"


def test_a_shorter_dungeon_of_the_same_kind_is_winnable():
    cards = layout([MINOTAUR, SKELETON], [FIRE_ELEMENTAL, GARGOYLE], [])
    options = {"shuffle": False, "endings": [GATE, HALL_OF_KEYS, ALTAR]}
    answer = solve(cards, options, 1)
    assert answer.verdict == "winnable"
    assert replay(cards, options, 1, answer.line).result["winners"] == [0]


def test_a_budget_too_small_answers_unknown():
    answer = solve(CARDS, None, 2, budget=5)
    assert answer.verdict == "unknown" and "budget" in answer.reason and answer.nodes == 6


def test_solving_a_position_leaves_it_unchanged():
    g = engine.new_game(CARDS, None, 4)
    before = g.to_dict()
    solve_state(g)
    assert g.to_dict() == before


def test_a_finished_game_is_answered_by_its_result():
    g = game([MINOTAUR], [], [])
    g.s["spells"] = dict.fromkeys(g.s["spells"], False)
    g.forget_legal_actions()
    step(g, 0)  # no spell, no item: the only way past the Minotaur is 3 life, all of it
    act(g, "fight", option=0)  # the one option left, confirmed
    assert g.is_over and solve_state(g).verdict == "lost"


def test_hope_is_gone_when_the_cards_a_win_needs_are_gone():
    # the Secret Tunnel wants two torches: with one torch in the whole dungeon it cannot be won
    g = game([TORCH], [], [], endings=[TUNNEL, HALL_OF_KEYS, ALTAR])
    assert not win_still_possible(g.s)
    g = game([TORCH, BLUEFIRE_TORCH], [], [], endings=[TUNNEL, HALL_OF_KEYS, ALTAR])
    assert win_still_possible(g.s)


def test_the_position_key_ignores_the_log_and_keeps_life_and_spells_apart():
    a = engine.new_game(CARDS, None, 6)
    b = engine.from_dict(a.to_dict())
    b.s["log"] = []
    b.s["life"] = 2
    assert position_key(a.s) == position_key(b.s)
    assert resources(a.s) == (3, 0b1111) and resources(b.s) == (2, 0b1111)


def test_the_dominance_shortcut_never_changes_a_verdict():
    """Small random dungeons, searched with and without the life/spells dominance test."""
    dungeon = [c["code"] for c in CARDS if c["type"] not in ("mage", "spell", "ending")]
    endings = [c["code"] for c in CARDS if c["type"] == "ending"]
    verdicts = []
    for seed in range(30):
        rng = random.Random(seed)
        picked = rng.sample(dungeon, 6)
        cards = layout(picked[:2], picked[2:4], picked[4:])
        options = {"shuffle": False, "endings": rng.sample(endings, 3)}
        fast = solve(cards, options, seed, budget=60_000)
        plain = solve(cards, options, seed, budget=60_000, dominance=False)
        assert "unknown" not in (fast.verdict, plain.verdict)
        assert fast.verdict == plain.verdict, (seed, fast, plain)
        assert fast.nodes <= plain.nodes
        verdicts.append(fast.verdict)
    assert {"winnable", "lost"} <= set(verdicts)
