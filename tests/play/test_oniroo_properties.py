"""Seeded random games through the contract: the conformance properties of the ONIROO engine.

Cards are conserved, a turn ends with exactly 5 in hand (but for the winning
wake-up), no view shows a card its reader may not see, a replay of the
action log gives the identical state, every listed action applies, and
every game ends — for every level, table and solitaire, 1,000 seeds each.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engines import IllegalAction
from tests.play.oniroo_helpers import ALL, ENGINE, count_cards

HAND_SIZE = 5
MAX_STEPS = 20_000
SETUPS = [(level, "table") for level in (1, 2, 3, 4, 5)] + [(level, "solo") for level in (1, 2, 3)]
PRIVATE = ("deal", "turn", "draw", "steal")  # events with a part shown to some seats only


def options_for(level: int, mode: str, seed: int) -> dict:
    if mode == "solo":
        return {"level": level, "players": 1, "free_cards": level == 3 and seed % 2 == 0}
    options = {"level": level, "players": 2 + seed % 5}
    if level == 4:
        options["attack_kind"] = ("moon_head", "bad_night")[seed % 2]
    if level in (1, 2):
        options["free_cards"] = seed % 2 == 0
    if seed % 6 == 0:  # now and then a short series with the vote
        options.update(games=2, vote=True)
    return options


# --- what a view may show ---------------------------------------------------------------------
def strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()), set(map(str, value)))
    if isinstance(value, list):
        return set().union(set(), *(strings(v) for v in value))
    return {value} if isinstance(value, str) else set()


def hidden_from(g, viewer) -> set[str]:
    """Card ids (and their codes) the viewer may not see now."""
    s = g.s
    ids = set(s["draw"])
    if s["mode"] == "table":
        others = len(s["players"]) - 1
        for p, seat in enumerate(s["players"]):
            if p == viewer:
                continue
            for card in seat["hand"]:
                knowers = s["known"].get(card, ())
                # a card on show to every player (taken from the table, turned up blind)
                # is no secret to a spectator either
                if viewer not in knowers and not (viewer is None and len(knowers) >= others):
                    ids.add(card)
    elif viewer is None:
        ids |= set(s["players"][0]["hand"])
    return ids | {s["cards"][c] for c in ids}


def check_view(g, viewer) -> None:
    view = g.view(viewer)
    assert json.loads(json.dumps(view)) == view, "a view is plain JSON data"
    table = {k: v for k, v in view.items() if k != "events"}
    leaked = strings(table) & hidden_from(g, viewer)
    assert not leaked, f"seat {viewer} sees hidden cards {sorted(leaked)[:5]}"
    for event in view["events"]:
        assert "_secret" not in event and "_to" not in event
        private = view["mode"] == "table" and event["type"] in PRIVATE  # solitaire: all face up
        if private and ("cards" in event or "card" in event):
            entitled = {event.get("player"), event.get("victim")}
            assert viewer in entitled, f"seat {viewer} sees {event}"


def check_views(g) -> None:
    for viewer in [None, *g.players]:
        check_view(g, viewer)


# --- one random game with every check ---------------------------------------------------------
def play_checked(options: dict, seed: int, *, views_every: int = 0, try_all_every: int = 0):
    g = ENGINE.new_game(ALL, options, seed)
    total = count_cards(g)
    rng = random.Random(seed)
    log = []
    while not g.is_over:
        p = g.active_player
        legal = g.legal_actions(p)
        assert legal, "a game that is not over always offers the deciding seat a move"
        assert legal != [{"type": "end_turn", "player": p}], "a turn with no choice ends itself"
        for q in g.players:
            if q != p:
                assert g.legal_actions(q) == []
        action = rng.choice(legal)
        turn, active, game_no = g.s["turn"], g.s.get("active"), g.s.get("game_no")
        events = g.apply(action)
        log.append(action)
        assert count_cards(g) == total, "a card vanished or appeared"
        same_game = g.s.get("game_no") == game_no  # not a new game of a series dealt meanwhile
        if g.s["mode"] == "table" and not g.is_over and same_game and g.s["turn"] != turn:
            ended = [active] + [e["player"] for e in events if e["type"] == "turn"][:-1]
            for seat in ended:
                assert len(g.s["players"][seat]["hand"]) == HAND_SIZE, "a turn ends with 5"
        if views_every and len(log) % views_every == 0:
            check_views(g)
        if try_all_every and len(log) % try_all_every == 0 and not g.is_over:
            snapshot = g.to_dict()
            for other in g.legal_actions(g.active_player):
                ENGINE.from_dict(snapshot).apply(other)  # every listed action applies
        assert len(log) < MAX_STEPS, "the game does not end"
    return g, log


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
def test_random_games_keep_every_invariant_and_replay(seed, setup):
    level, mode = setup
    options = options_for(level, mode, seed)
    g, log = play_checked(options, seed, views_every=7, try_all_every=13)
    check_views(g)
    replay = ENGINE.new_game(ALL, options, seed)
    for action in log:
        replay.apply(action)
    assert replay.to_dict() == g.to_dict()
    assert ENGINE.from_dict(g.to_dict()).to_dict() == g.to_dict()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 150), level=st.sampled_from([3, 4, 5]))
def test_a_snapshot_in_the_middle_goes_on_like_the_live_state(seed, steps, level):
    options = {"level": level, "players": 3}
    g = ENGINE.new_game(ALL, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(rng.choice(g.legal_actions(g.active_player)))
    copy = ENGINE.from_dict(g.to_dict())
    for _ in range(60):
        if g.is_over:
            break
        action = rng.choice(g.legal_actions(g.active_player))
        assert copy.legal_actions(copy.active_player) == g.legal_actions(g.active_player)
        g.apply(action)
        copy.apply(action)
    assert copy.to_dict() == g.to_dict()


def test_a_state_saved_before_the_turn_kept_its_last_card_goes_on_the_same():
    """Match snapshots written before `this turn's last card` was kept still load and play."""
    g = ENGINE.new_game(ALL, {"level": 5, "players": 4}, 11)
    rng = random.Random(11)
    chains = 0
    while not g.is_over and chains < 20:
        if g.s["tf"]["chain"] is not None and not g.s["pending"]:
            old = g.to_dict()
            del old["tf"]["last"]
            copy = ENGINE.from_dict(old)
            assert copy.legal_actions(copy.active_player) == g.legal_actions(g.active_player)
            chains += 1
        g.apply(rng.choice(g.legal_actions(g.active_player)))
    assert chains == 20


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 200), level=st.sampled_from([1, 3, 4, 5])
)
def test_illegal_actions_change_nothing(seed, steps, level):
    g = ENGINE.new_game(ALL, {"level": level, "players": 3}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(rng.choice(g.legal_actions(g.active_player)))
    before = g.to_dict()
    p = g.active_player
    other = (p + 1) % 3
    legal = g.legal_actions(p)
    some_card = g.s["draw"][0] if g.s["draw"] else "c0"
    for bad in (
        {"type": "end_turn", "player": other},
        {"type": "play", "player": p, "card": some_card, "dream": "new"},
        {"type": "wake_up", "player": p, "card": some_card, "dream": "d1"},
        {"type": "discard", "player": p, "card": "nope"},
        {"type": "fly", "player": p},
        {**legal[0], "extra": 1},
        "not a dict",
    ):
        if bad in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            g.apply(bad)
        assert refused.value.code and refused.value.message
        assert g.to_dict() == before


def test_a_mutated_action_dict_does_not_fool_the_engine():
    g = ENGINE.new_game(ALL, {"level": 5}, 3)
    legal = g.legal_actions(g.active_player)
    play = next(a for a in legal if a["type"] == "play")
    play["card"] = g.s["draw"][0]  # the caller changes what it was handed
    with pytest.raises(IllegalAction):
        g.apply(play)
    assert play not in g.legal_actions(g.active_player)


def test_nothing_a_caller_reads_from_the_legal_list_reaches_the_engine():
    g = ENGINE.new_game(ALL, {"level": 5}, 3)
    seat = g.active_player
    legal = g.legal_actions(seat)
    as_built = json.loads(json.dumps(legal))  # JSON reads the list as it is
    assert legal == as_built and isinstance(legal, list)
    reads = [legal[0], legal[-1], legal[1:3][0], next(iter(legal)), next(reversed(legal))]
    reads += [legal.copy()[0], (legal + [])[0], (legal * 2)[0], sorted(legal, key=str)[0]]
    reads.append(legal.pop())
    for action in reads:
        action["card"] = "c999"  # the caller scribbles on everything it was handed
    assert json.loads(json.dumps(g.legal_actions(seat))) == as_built
    # a copy handed out and left alone is played as it is; the engine's list is unchanged
    chosen = g.legal_actions(seat)[0]
    assert chosen == as_built[0]
    g.apply(chosen)
    assert g.version == 1


# --- 1,000 seeds for every level --------------------------------------------------------------
@pytest.mark.parametrize(("level", "mode"), SETUPS)
def test_one_thousand_seeded_games_end(level, mode):
    ends = set()
    for seed in range(1000):
        options = options_for(level, mode, seed)
        g = ENGINE.new_game(ALL, options, seed)
        total = count_cards(g)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions(g.active_player)))
            steps += 1
            assert steps < MAX_STEPS, f"seed {seed}: no end"
        assert count_cards(g) == total, f"seed {seed}: a card vanished or appeared"
        ends.add(g.result["reason"])
    # a table game ends on a wake-up most of the time; solitaire ends won or woken
    assert ends & {"wake_up", "goal"}, ends
