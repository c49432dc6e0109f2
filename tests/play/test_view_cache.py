"""The facts views keep on the state (`GameState.derived`): right after any change, shared safely.

Álomfogó keeps each seat's statics and board figures, ONIROO each seat's
dream explanations and every card's public facts. Each view must equal one
built from scratch (a state restored from its dict keeps nothing) at every
step, after a test edits the state without a move, and after a caller edits
a view it was given.
"""

from __future__ import annotations

import json
import random

import pytest

from play.bots.alomfogo_cards import demo_decks
from play.bots.oniroo_cards import oniroo_cards
from play.engines import get_engine
from play.engines.alomfogo import duel
from play.engines.alomfogo import effects as fx
from play.engines.oniroo.dreams import explain_dream

GAMES = {
    "alomfogo": (demo_decks, {}),
    "oniroo": (oniroo_cards, {"level": 5, "players": 4}),
}


def states(game: str, seeds: range, every: int = 3):
    """The same state object along random games, every few moves (it keeps its facts)."""
    engine = get_engine(game)
    cards, options = GAMES[game]
    for seed in seeds:
        g = engine.new_game(cards(), options, seed)
        rng = random.Random(seed)
        step = 0
        while not g.is_over and step < 400:
            if step % every == 0:
                yield g
            g.apply(rng.choice(g.legal_actions(g.active_player)))
            step += 1


def from_scratch(g, viewer):
    """The view a state restored from its dict builds: nothing kept."""
    return get_engine(g.game_id).from_dict(g.to_dict()).view(viewer)


def scribble(value) -> None:
    """Edit everything a caller could edit in a view."""
    if isinstance(value, dict):
        for key in list(value):
            scribble(value[key])
            value[key] = "scribbled"
        value["extra"] = 1
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")


def built_from_kept_facts(view: dict) -> list:
    """The parts of a view made from what the state keeps: the seats (cards, board figures,
    dreams and their explanations) and ONIROO's face-up cards and staged cards."""
    parts = [view["players"], view.get("discard"), view.get("shared_dream")]
    this_turn = view.get("this_turn") or {}
    parts += [this_turn.get("staged"), this_turn.get("staged_explanation")]
    return [part for part in parts if part is not None]


def test_derived_keeps_a_value_while_its_inputs_stay_equal():
    g = get_engine("alomfogo").new_game(demo_decks(), {}, 1)
    calls = []

    def work():
        calls.append(1)
        return len(calls)

    assert g.derived("fact", (1, "a"), work) == 1
    assert g.derived("fact", (1, "a"), work) == 1  # kept
    assert g.derived("other", (1, "a"), work) == 2  # each name its own
    assert g.derived("fact", (2, "a"), work) == 3  # new inputs: worked out again
    assert g.derived("fact", (1, "a"), work) == 4  # one value kept per name
    assert len(calls) == 4


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_view_equals_one_built_from_scratch(game):
    for g in states(game, range(3)):
        for viewer in [*g.players, None]:
            assert g.view(viewer) == from_scratch(g, viewer)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_caller_editing_its_view_changes_no_other_view(game):
    for g in states(game, range(2), every=7):
        viewers = [*g.players, None]
        # as sent (JSON), so that nothing here shares an object with what the state keeps
        expected = {viewer: json.loads(json.dumps(g.view(viewer))) for viewer in viewers}
        for viewer in viewers:
            for part in built_from_kept_facts(g.view(viewer)):
                scribble(part)
        for viewer in viewers:
            assert g.view(viewer) == expected[viewer]


def restored(g):
    return get_engine(g.game_id).from_dict(g.to_dict())


def test_alomfogo_board_figures_are_the_engines_and_follow_an_edit_without_a_move():
    for g in states("alomfogo", range(4)):
        for p, seat in enumerate(g.view(None)["players"]):
            for card in seat["board"]:
                for name in ("attack", "defense", "glory_bonus"):
                    assert card[name] == duel.stat(g, p, card["id"], name)
        h = restored(g)
        h.view(0)  # keeps its facts
        for seat in h.s["players"]:
            for iid in seat["board"]:  # statics count only active cards: a test's edit
                inst = h.inst(iid)
                inst["state"] = "resting" if inst["state"] == "active" else "active"
        assert h.view(0) == from_scratch(h, 0)
        for p, seat in enumerate(h.view(0)["players"]):
            for card in seat["board"]:
                assert card["attack"] == duel.stat(h, p, card["id"], "attack")
            for card in seat.get("hand", []):
                assert card["cost"] == fx.play_cost(h, p, card["id"])


def test_oniroo_explanations_are_explain_dreams_and_follow_an_edit_without_a_move():
    edited = 0
    for g in states("oniroo", range(3)):
        for seat in g.view(None)["players"]:
            for dream in seat["dreams"]:
                assert dream["explanation"] == explain_dream(
                    dream["cards"], g.s["options"]["min_dream_length"]
                )
        h = restored(g)
        h.view(None)  # keeps its facts
        long = [d for seat in h.s["players"] for d in seat["dreams"] if len(d["cards"]) > 1]
        if long:
            long[0]["cards"].pop()  # a test's edit: the kept explanation no longer holds
            assert h.view(None) == from_scratch(h, None)
            edited += 1
    assert edited


def test_oniroo_staged_cards_are_explained_only_to_their_player():
    for g in states("oniroo", range(3), every=1):
        if g.s["step"] != "staging" or not g.s["tf"]["staged"]:
            continue
        active = g.s["active"]
        for viewer in [*g.players, None]:
            this_turn = g.view(viewer)["this_turn"]
            assert ("staged_explanation" in this_turn) == (viewer == active)
        return
    pytest.fail("no staging seen")


@pytest.mark.parametrize(
    "options",
    [
        {"level": 5, "players": 4},
        {"level": 4, "players": 3, "games": 3, "vote": True},  # history, vote draws, result
        {"level": 3, "players": 3},  # waits, the level-3 attack
        {"level": 3, "players": 1},  # the solitaire
    ],
)
def test_a_caller_editing_any_part_of_an_oniroo_view_changes_nothing(options):
    """Every list and dict of a view is its own: events (`cards`, `codes`, the vote's `draws`),
    the attack, the history, the result; editing them all leaves the state's log alone."""
    engine = get_engine("oniroo")
    for seed in range(3):
        g = engine.new_game(oniroo_cards(), options, seed)
        rng = random.Random(seed)
        for step in range(600):
            if step % 5 == 0 or g.is_over:
                viewers = [*g.players, None]
                expected = {v: json.loads(json.dumps(g.view(v))) for v in viewers}
                kept = json.loads(json.dumps(g.to_dict()))
                for viewer in viewers:
                    scribble(g.view(viewer))
                assert json.loads(json.dumps(g.to_dict())) == kept
                for viewer in viewers:
                    assert g.view(viewer) == expected[viewer]
            if g.is_over:
                break
            events = g.apply(rng.choice(g.legal_actions(g.active_player)))
            kept = json.loads(json.dumps(g.to_dict()))
            scribble(events)  # what apply returns is the caller's too
            assert json.loads(json.dumps(g.to_dict())) == kept
