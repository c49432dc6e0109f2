"""Arcane Guardian rules engine (game id `arcane-guardian`); rules in docs/rules/arcane_guardian.md.

state = new_game(cards, {"endings": ["AG-060", "AG-061", "AG-063"]}, seed=1)  # or [cards]
state.legal_actions(0)  # every legal choice of the solo player
state.apply({"type": "choose_pile", "player": 0, "pile": 1})

Options: `endings` ("random", the default, or three ending codes), `shuffle`
(false keeps the given order: a fixed layout for tests). Die rolls are fixed
by the seed for each card (see `dice.py`), so the solver can search choices.
"""

from __future__ import annotations

from play.engines.arcane_guardian.setup import GAME_ID, new_game_data
from play.engines.arcane_guardian.state import ArcaneGuardianState

game_id = GAME_ID
opening_hand = 0  # played from three piles, with no hand at all

__all__ = ["ArcaneGuardianState", "from_dict", "game_id", "new_game", "opening_hand"]


def new_game(decks: list, options: dict | None = None, seed: int = 0) -> ArcaneGuardianState:
    """A fresh game: three piles dealt with their tops face up, the mage at level 1."""
    from play.engines.arcane_guardian import flow

    g = ArcaneGuardianState(new_game_data(decks, options, seed))
    flow.run(g)  # the setup reveals (an ending on top of a short pile acts at once)
    g._opened()
    return g


def from_dict(data: dict) -> ArcaneGuardianState:
    return ArcaneGuardianState.from_dict(data)
