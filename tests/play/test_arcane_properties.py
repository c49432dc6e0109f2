"""Arcane Guardian through the contract over many seeds: what must hold in every game.

1,000 seeded random games (random endings, random choices) check at every
action: the view shows no face-down card, life stays within the maximum and
6, a live game always offers a move; at the end: the game ended, the action
log replays to the identical state, and the snapshot round-trips.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import play.engines.arcane_guardian as engine
from play.bots.arcane_cards import arcane_cards, ending_codes
from play.engines.base import IllegalAction

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
    assert s["life"] <= s["max_life"]
    table = s["mage"]["max_life"][s["level"] - 1]
    assert s["max_life"] == max(1, min(6, table + s["passive"]["max_life"]))


def play_random(seed: int, options: dict | None = None, *, views: bool = True):
    g = engine.new_game(CARDS, options, seed)
    r = random.Random(seed)
    log = []
    while not g.is_over:
        legal = g.legal_actions(0)
        assert legal, "a live game always offers a move"
        assert g.active_player == 0
        action = r.choice(legal)
        g.apply(action)
        log.append(action)
        check_life(g)
        if views:
            check_view(g, full=len(log) % 8 == 0)
        assert len(log) < MAX_ACTIONS
    assert g.active_player is None and g.legal_actions(0) == []
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


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    endings=st.one_of(
        st.just("random"), st.lists(st.sampled_from(ENDINGS), min_size=3, max_size=3, unique=True)
    ),
    shuffle=st.booleans(),
    cut=st.integers(0, 60),
)
def test_a_snapshot_mid_game_goes_on_exactly_like_the_live_game(seed, endings, shuffle, cut):
    options = {"endings": endings, "shuffle": shuffle}
    g, log = play_random(seed, options, views=False)
    # stop at `cut`, snapshot, go on from the snapshot with the same actions
    head = replay(seed, options, log[:cut])
    resumed = engine.from_dict(json.loads(json.dumps(head.to_dict())))
    for action in log[cut:]:
        resumed.apply(action)
    assert resumed.to_dict() == g.to_dict()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_illegal_actions_change_nothing_and_every_listed_action_applies(seed, steps):
    g = engine.new_game(CARDS, None, seed)
    r = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(r.choice(g.legal_actions(0)))
    if g.is_over:
        return
    before = g.to_dict()
    legal = g.legal_actions(0)
    for bad in (
        {"type": "choose_pile", "player": 0, "pile": 3},
        {"type": "fight", "player": 0, "option": 9},
        {"type": "use", "player": 0, "card": "AG-999"},
        {"type": "choose", "player": 0, "cards": ["AG-002", "AG-002"]},
        {"type": "roll", "player": 1},
        {"type": "accept_roll"},
    ):
        assert bad not in legal
        try:
            g.apply(bad)
        except IllegalAction as exc:
            assert exc.code and exc.message
        else:
            raise AssertionError(f"{bad} was accepted")
        assert g.to_dict() == before
    for action in legal:
        engine.from_dict(before).apply(action)  # nothing listed is refused
