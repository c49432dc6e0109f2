"""ONIROO's own properties over seeded random games, and what it gives the conformance test.

Through `CONFORMANCE` (test_engine_conformance.py, with replay, restore and
illegal actions): cards are conserved, a turn ends with exactly 5 in hand
(but for the winning wake-up), no view shows a card its reader may not see.
Here: every game ends, for every level, table and solitaire, 1,000 seeds each.
"""

from __future__ import annotations

import json
import random

import pytest

from play.engines import IllegalAction
from tests.play.conformance import Conformance, strings
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
def hidden_from(g, viewer) -> set[str]:
    """Card ids (and their codes) the viewer may not see now."""
    s = g.s
    ids = set(s["draw"])
    if s["mode"] == "table":
        for p, seat in enumerate(s["players"]):
            if p == viewer:
                continue
            for card in seat["hand"]:
                # a spectator (None) knows a card only when the whole table saw it arrive
                # (taken from the table, turned up blind), never because every player does
                if viewer not in s["known"].get(card, ()):
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


# --- what the conformance test checks of ONIROO -----------------------------------------------
def setup(seed: int) -> tuple[list, dict]:
    level, mode = random.Random(seed).choice(SETUPS)
    return ALL, options_for(level, mode, seed)


def watch(g):
    """Cards are conserved; every turn that ended in this action ended with 5 cards in hand.

    A turn whose player has nothing left to do but end it ends on its own only on grounds
    every seat sees (`table.turn_over`); otherwise the player ends it, so `end_turn` alone
    may be a decision at the table, never with an empty hand. Solitaire ends it on its own.
    """
    p = g.active_player
    if g.legal_actions(p) == [{"type": "end_turn", "player": p}]:
        assert g.s["mode"] == "table", "no choice ends a solitaire turn"
        assert g.s["players"][p]["hand"], "an empty hand ends the turn on its own"
    total = count_cards(g)
    turn, active, game_no = g.s["turn"], g.s.get("active"), g.s.get("game_no")

    def check(events) -> None:
        assert count_cards(g) == total, "a card vanished or appeared"
        same_game = g.s.get("game_no") == game_no  # not a new game of a series dealt meanwhile
        if g.s["mode"] == "table" and not g.is_over and same_game and g.s["turn"] != turn:
            ended = [active] + [e["player"] for e in events if e["type"] == "turn"][:-1]
            for seat in ended:
                assert len(g.s["players"][seat]["hand"]) == HAND_SIZE, "a turn ends with 5"

    return check


def bad_actions(g) -> list:
    p = g.active_player
    other = (p + 1) % len(g.players)
    some_card = g.s["draw"][0] if g.s["draw"] else "c0"
    return [
        {"type": "end_turn", "player": other},
        {"type": "play", "player": p, "card": some_card, "dream": "new"},
        {"type": "wake_up", "player": p, "card": some_card, "dream": "d1"},
        {"type": "discard", "player": p, "card": "nope"},
    ]


CONFORMANCE = Conformance(ENGINE, setup, check_views, bad_actions, watch, MAX_STEPS)


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


def test_a_mutated_action_dict_does_not_fool_the_engine():
    g = ENGINE.new_game(ALL, {"level": 5}, 3)
    legal = g.legal_actions(g.active_player)
    play = next(a for a in legal if a["type"] == "play")
    play["card"] = g.s["draw"][0]  # the caller changes what it was handed
    with pytest.raises(IllegalAction):
        g.apply(play)
    assert play not in g.legal_actions(g.active_player)


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
    # a table game ends on a wake-up most of the time (the shared dream's at levels 2–3);
    # solitaire ends won or woken
    assert ends & {"wake_up", "wake_up_shared", "goal"}, ends
