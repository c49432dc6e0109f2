"""Arcane Guardian over many seeds: what must hold in every game.

1,000 seeded random games (random endings, random choices) check at every
action: the view shows no face-down card, life stays within 0, the maximum
and 6, a live game always offers a move; at the end: the game ended, every kind
of ending happened, the action log replays to the identical state, and the
snapshot round-trips. The same checks run in test_engine_conformance.py
through `CONFORMANCE`, beside restoring mid-way and illegal actions.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import play.engines.arcane_guardian as engine
from play.bots.arcane_guardian_cards import arcane_cards, ending_codes
from tests.play.conformance import Conformance
from tests.play.conformance import play_random as play_conformant

CARDS = arcane_cards()
ENDINGS = ending_codes()
MAX_ACTIONS = 400  # no game comes near: 54 cards, a few uses each
CODE = re.compile(r'"(AG-\d{3})"')


def face_down(g) -> set[str]:
    """Codes of every card the player may not see: all pile cards but face-up tops."""
    hidden = set()
    for pile, up in zip(g.s["piles"], g.s["up"], strict=True):
        hidden.update(pile[:-1] if up else pile)
    return hidden


def check_view(g, *, full: bool = True) -> None:
    """No face-down card in the view; `full` also checks JSON safety and view(0) == view(None)."""
    view = g.view(None)
    text = json.dumps(view)
    if full:
        assert json.loads(text) == view
        assert view == {**g.view(0), "you": None}  # the solo player sees no more than anyone
    # the three endings in play are public by name (chosen openly), never by place: a hidden
    # one appears twice (in `endings` and as a key of `cards`), any other hidden card never
    assert view["endings"] == sorted(g.s["options"]["endings"])
    mentions = Counter(CODE.findall(text))
    endings = set(view["endings"])
    for code in face_down(g):
        assert mentions[code] == (2 if code in endings else 0), code
    assert str(g.s["dice_key"]) not in text
    for pile, seen in zip(g.s["piles"], view["piles"], strict=True):
        assert seen["count"] == len(pile)


def check_life(g) -> None:
    s = g.s
    assert s["max_life"] <= 6
    assert 0 <= s["life"] <= s["max_life"]  # never below 0 (DECISIONS, Arcane Guardian 1)
    table = s["mage"]["max_life"][s["level"] - 1]
    assert s["max_life"] == max(1, min(6, table + s["passive"]["max_life"]))


def setup(seed: int) -> tuple[list, dict]:
    r = random.Random(seed)
    endings = "random" if r.random() < 0.5 else r.sample(ENDINGS, 3)
    return CARDS, {"endings": endings, "shuffle": r.random() < 0.5}


def watch(g):
    def check(events) -> None:
        check_life(g)
        check_view(g, full=False)

    return check


def bad_actions(g) -> list:
    return [
        {"type": "choose_pile", "player": 0, "pile": 3},
        {"type": "fight", "player": 0, "option": 9},
        {"type": "use", "player": 0, "card": "AG-999"},
        {"type": "choose", "player": 0, "cards": ["AG-002", "AG-002"]},
        {"type": "roll", "player": 1},
        {"type": "accept_roll"},
    ]


CONFORMANCE = Conformance(engine, setup, check_view, bad_actions, watch, MAX_ACTIONS)


def play_random(seed: int, options: dict | None = None):
    g, log = play_conformant(CONFORMANCE, CARDS, options, seed, views_every=8)
    assert g.legal_actions(0) == []
    return g, log


def replay(seed: int, options, log):
    g = engine.new_game(CARDS, options, seed)
    for action in log:
        g.apply(action)
    return g


def test_a_thousand_seeded_random_games_keep_every_property():
    reasons: dict[str, int] = {}
    for seed in range(1000):
        g, log = play_random(seed)
        reasons[g.result["reason"]] = reasons.get(g.result["reason"], 0) + 1
        check_view(g)
        assert replay(seed, None, log).s == g.s  # the whole state, log and all
        if seed % 10 == 0:  # the JSON snapshot, on a tenth of the games (it is the slow part)
            snapshot = g.to_dict()
            assert engine.from_dict(snapshot).to_dict() == snapshot
    assert set(reasons) == {"died", "trapped", "escaped"}  # every ending of a game happens
