"""What the engine conformance test needs from each game, and the random game it plays.

Each game's property test file (`test_<game>_properties.py`) describes itself
with a `Conformance`: how to set up a random game from a seed, what its views
must hide, the invariants it keeps after every action, and some actions its
rules refuse. `test_engine_conformance.py` runs the same properties over all
of them; the game's own file keeps the checks only that game has.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from play.engines import Engine, IllegalAction


@dataclass(frozen=True)
class Conformance:
    engine: Engine
    # seed -> (decks, options): one of the game's setups, chosen by the seed
    setup: Callable[[int], tuple[list, dict | None]]
    # asserts that no view of the state shows what its reader may not see
    check_views: Callable
    # actions the rules refuse in this state (beside the ones every game refuses)
    bad_actions: Callable
    # called before every action of a random game; returns the check to run after it on the
    # action's events (the game's own invariants: cards kept, hand sizes, life...)
    watch: Callable = field(default=lambda g: lambda events: None)
    max_steps: int = 3000
    random_games: int = 30  # hypothesis examples of the full random game test


def assert_refused(g, cases: list[tuple[dict, str]]) -> None:
    """Each (action, code): the rules refuse the action with that code, changing nothing."""
    before = g.to_dict()
    for action, code in cases:
        with pytest.raises(IllegalAction) as refused:
            g.apply(action)
        assert refused.value.code == code
        assert g.to_dict() == before


def strings(value) -> set[str]:
    """Every string in a JSON value, keys included (to look for hidden card ids in a view)."""
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()), set(map(str, value)))
    if isinstance(value, list):
        return set().union(set(), *(strings(v) for v in value))
    return {value} if isinstance(value, str) else set()


def play_random(
    game: Conformance,
    decks,
    options,
    seed: int,
    *,
    views_every: int = 0,
    try_all_every: int = 0,
):
    """A random game from start to end with the checks every game passes; (state, log)."""
    g = game.engine.new_game(decks, options, seed)
    rng = random.Random(seed)
    log = []
    while not g.is_over:
        p = g.active_player
        legal = g.legal_actions(p)
        assert legal, "a game that is not over always offers the deciding seat a move"
        for q in g.players:
            if q != p:
                assert g.legal_actions(q) == []
        action = rng.choice(legal)
        check = game.watch(g)
        check(g.apply(action))
        log.append(action)
        if views_every and len(log) % views_every == 0:
            game.check_views(g)
        if try_all_every and len(log) % try_all_every == 0 and not g.is_over:
            snapshot = g.to_dict()
            for other in g.legal_actions(g.active_player):
                game.engine.from_dict(snapshot).apply(other)  # every listed action applies
        assert len(log) < game.max_steps, "the game does not end"
    assert g.active_player is None
    return g, log
