"""The engine contract, checked the same way for every registered game.

Seeded random games replay to the identical state from their action log; a
game saved and restored mid-way plays on exactly like the live one; an
illegal or edited action changes nothing; each view hides what it must (the
game says what, in its `CONFORMANCE`). The rule scenarios and the properties
only one game has stay in that game's own test files.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engines import IllegalAction, game_ids
from tests.play import (
    test_alomfogo_properties,
    test_arcane_guardian_properties,
    test_oniroo_properties,
)
from tests.play.conformance import Conformance, play_random

GAMES: dict[str, Conformance] = {
    "alomfogo": test_alomfogo_properties.CONFORMANCE,
    "oniroo": test_oniroo_properties.CONFORMANCE,
    "arcane-guardian": test_arcane_guardian_properties.CONFORMANCE,
}
SEEDS = st.integers(0, 2**32 - 1)
SLOW = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_every_registered_game_is_checked():
    assert sorted(GAMES) == game_ids()


@pytest.mark.parametrize("game_id", game_ids())
def test_random_games_keep_their_invariants_and_replay_from_their_log(game_id):
    game = GAMES[game_id]

    @settings(max_examples=game.random_games, **SLOW)
    @given(seed=SEEDS)
    def check(seed):
        decks, options = game.setup(seed)
        g, log = play_random(game, decks, options, seed, views_every=7, try_all_every=13)
        game.check_views(g)
        replay = game.engine.new_game(decks, options, seed)
        for action in log:
            replay.apply(action)
        assert replay.to_dict() == g.to_dict()
        assert game.engine.from_dict(g.to_dict()).to_dict() == g.to_dict()

    check()


def random_log(game: Conformance, seed: int) -> tuple[list, dict | None, list]:
    """The setup of `seed` and the actions of a random game played from it to the end."""
    decks, options = game.setup(seed)
    rng = random.Random(seed)
    g = game.engine.new_game(decks, options, seed)
    log = []
    while not g.is_over:
        log.append(rng.choice(g.legal_actions(g.active_player)))
        g.apply(log[-1])
    return decks, options, log


def played(game_id: str, seed: int, steps: int):
    """A game of `seed`'s setup stopped before its end, after some random actions.

    (the game's Conformance, the state, its snapshot, the deciding seat, its legal actions)
    """
    game = GAMES[game_id]
    decks, options, log = random_log(game, seed)
    g = game.engine.new_game(decks, options, seed)
    for action in log[: steps % len(log)]:
        g.apply(action)
    return game, g, g.to_dict(), g.active_player, g.legal_actions(g.active_player)


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=60, **SLOW)
@given(seed=SEEDS, steps=st.integers(0, 400))
def test_a_game_restored_mid_way_plays_on_exactly_like_the_live_one(game_id, seed, steps):
    game = GAMES[game_id]
    decks, options, log = random_log(game, seed)
    cut = steps % (len(log) + 1)
    live = game.engine.new_game(decks, options, seed)
    for action in log[:cut]:
        live.apply(action)
    restored = game.engine.from_dict(json.loads(json.dumps(live.to_dict())))
    for action in log[cut:]:
        assert restored.active_player == live.active_player
        assert restored.legal_actions(restored.active_player) == live.legal_actions(
            live.active_player
        )
        assert restored.apply(action) == live.apply(action)
    assert restored.to_dict() == live.to_dict()
    assert restored.is_over


def edited(action: dict) -> list[dict]:
    """The action with one field changed, for each field: what a caller might send instead."""
    changed = []
    for key, value in action.items():
        if key in ("type", "player"):
            continue
        if isinstance(value, list):
            changed.append({**action, key: [*value, value[0] if value else "x"]})
        changed.append({**action, key: 99 if isinstance(value, str) else "nope"})
        # a client may send any JSON: an id wrapped in a list or an object is no id
        changed.append({**action, key: [value]})
        changed.append({**action, key: {"id": value}})
    return changed


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=30, **SLOW)
@given(seed=SEEDS, steps=st.integers(0, 200))
def test_an_illegal_or_edited_action_changes_nothing(game_id, seed, steps):
    game, g, before, p, legal = played(game_id, seed, steps)
    others = [q for q in g.players if q != p]
    bad = [
        {"type": "fly", "player": p},
        {"type": legal[0]["type"]},
        {**legal[0], "player": True},
        {**legal[0], "player": len(g.players)},
        {**legal[0], "extra": 1},
        "not a dict",
        *({**legal[0], "player": q} for q in others),
        *game.bad_actions(g),
        *(changed for action in legal[:5] for changed in edited(action)),
    ]
    for action in bad:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            g.apply(action)
        assert refused.value.code and refused.value.message
        assert g.to_dict() == before, f"{action} changed the state"
    assert g.legal_actions(p) == legal
    for action in legal:
        game.engine.from_dict(before).apply(action)  # nothing listed is refused


def scribble(action: dict) -> None:
    """Change a handed-out action in place, lists inside it too."""
    for key, value in list(action.items()):
        if isinstance(value, list):
            value.append("x")
        elif key != "type":
            action[key] = 99


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=10, **SLOW)
@given(seed=SEEDS, steps=st.integers(0, 60))
def test_nothing_a_caller_does_to_its_legal_actions_reaches_the_engine(game_id, seed, steps):
    game, g, before, seat, legal = played(game_id, seed, steps)
    as_built = json.loads(json.dumps(legal))  # JSON reads the list as it is
    assert legal == as_built and isinstance(legal, list)
    reads = [legal[0], legal[-1], legal[0:3][0], next(iter(legal)), next(reversed(legal))]
    reads += [legal.copy()[0], (legal + [])[0], (legal * 2)[0], sorted(legal, key=str)[0]]
    reads.append(legal.pop())
    for action in reads:
        scribble(action)  # the caller edits everything it was handed (`pile: 99`)
        if action not in as_built:
            with pytest.raises(IllegalAction):
                g.apply(action)
    assert g.to_dict() == before
    assert json.loads(json.dumps(g.legal_actions(seat))) == as_built
    # a copy handed out and left alone is played as it is
    chosen = g.legal_actions(seat)[0]
    assert chosen == as_built[0]
    g.apply(chosen)
    assert g.version == before["version"] + 1
