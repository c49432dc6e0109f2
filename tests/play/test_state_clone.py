"""`GameState.clone`, the copy a search plays ahead on, for every registered game.

A clone plays on exactly like the state it was made from (same legal
actions, events, views and snapshots for the same moves), and the two share
nothing a move or a caller changes: playing one on, or editing everything in
one's dict, leaves the other as it was.
"""

from __future__ import annotations

import random

import pytest

from play.engines import game_ids
from tests.play.test_engine_conformance import GAMES
from tests.play.test_view_cache import scribble  # edits every container of a JSON value

SEEDS = (1, 7, 23)


def game_at(game_id: str, seed: int, moves: int):
    """The game of `seed` after `moves` random moves (fewer if it ends first)."""
    game = GAMES[game_id]
    decks, options = game.setup(seed)
    g = game.engine.new_game(decks, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions(g.active_player)))
    return g


def play_on(g, seed: int, moves: int = 10_000, views: bool = False) -> list:
    """What playing `g` on with random moves of `seed` shows: legal actions, events, views."""
    rng = random.Random(seed)
    seen = []
    for step in range(moves):
        if g.is_over:
            break
        p = g.active_player
        legal = g.legal_actions(p)
        if views and step % 5 == 0:
            seen.append([g.view(q) for q in (*g.players, None)])
        seen.append((p, legal, g.apply(rng.choice(legal))))
    seen.append(g.to_dict())
    return seen


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("moves", [0, 12, 60])
def test_a_clone_plays_on_exactly_like_the_original(game_id, seed, moves):
    g = game_at(game_id, seed, moves)
    twin = g.clone()
    assert type(twin) is type(g) and twin.to_dict() == g.to_dict()
    assert twin.version == g.version and twin.active_player == g.active_player
    assert play_on(twin, seed + 1, views=True) == play_on(g, seed + 1, views=True)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", SEEDS)
def test_playing_one_on_leaves_the_other_as_it_was(game_id, seed):
    g = game_at(game_id, seed, 20)
    before = g.to_dict()
    twin = g.clone()
    play_on(twin, seed + 2)
    assert g.to_dict() == before
    # the original then plays on as a copy restored from its snapshot would
    restored = GAMES[game_id].engine.from_dict(before)
    assert play_on(g, seed + 3) == play_on(restored, seed + 3)
    # and the other way round: the original's moves do not reach a clone
    g = game_at(game_id, seed, 20)
    twin = g.clone()
    kept = twin.to_dict()
    play_on(g, seed + 4)
    assert twin.to_dict() == kept


@pytest.mark.parametrize("game_id", game_ids())
def test_editing_everything_in_a_clone_changes_nothing_in_the_original(game_id):
    g = game_at(game_id, 5, 30)
    before = g.to_dict()
    expected = play_on(GAMES[game_id].engine.from_dict(before), 6, views=True)
    twin = g.clone()
    scribble(twin.s)
    assert g.to_dict() == before
    assert play_on(g, 6, views=True) == expected


@pytest.mark.parametrize("game_id", game_ids())
def test_clones_of_clones_and_of_a_finished_game(game_id):
    g = game_at(game_id, 11, 25)
    grandchild = g.clone().clone()
    assert play_on(grandchild, 12) == play_on(g.clone(), 12)
    play_on(g, 13)
    assert g.is_over
    done = g.clone()
    assert done.is_over and done.result == g.result and done.to_dict() == g.to_dict()
    assert done.legal_actions(0) == []
