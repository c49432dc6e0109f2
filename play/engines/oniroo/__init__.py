"""ONIROO rules engine (game id `oniroo`); rules in docs/rules/oniroo.md.

state = new_game(cards, {"level": 5, "players": 4}, seed=1)  # cards: the catalog's card dicts
state.legal_actions(state.active_player)  # every legal choice
state.apply({"type": "end_turn", "player": 0})

`players: 1` is the solitaire (rulebook N) with `level` 1–3.
`explain_dream(cards)` says why a dream is complete or what it lacks.
"""

from __future__ import annotations

from play.engines.oniroo.dreams import explain_dream
from play.engines.oniroo.setup import GAME_ID, HAND_SIZE, new_game_data
from play.engines.oniroo.state import OnirooState

game_id = GAME_ID
opening_hand = HAND_SIZE  # the table game's (DECISIONS ONIROO 2); the builder's sample hand

__all__ = ["explain_dream", "from_dict", "game_id", "new_game", "opening_hand"]


def new_game(decks: list, options: dict | None = None, seed: int = 0) -> OnirooState:
    """A fresh game: the level's cards shuffled, hands dealt (or the solitaire laid out)."""
    data, rng, infos = new_game_data(decks, options, seed)
    g = OnirooState(data, rng, infos)
    g.rules.start(g)
    g._opened()
    return g


def from_dict(data: dict) -> OnirooState:
    return OnirooState.from_dict(data)
