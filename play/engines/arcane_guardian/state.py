"""The Arcane Guardian game state and the contract methods.

Everything lives in one JSON-safe dict (`self.s`): the cards by code, the
three piles, the mage's numbers, the held cards, the task queue of the step
in progress and the pending decision. `to_dict` is a copy and replays compare
equal. The game is solo: `players == [0]`.

The rules often work out the next decision's legal actions on the way
(`flow.run` needs them to see whether a step is left) and hand them to the
base as `prepared`, so `legal_actions` costs nothing more.
"""

from __future__ import annotations

from typing import Any

from play.engines.arcane_guardian import moves, rules
from play.engines.arcane_guardian.view import EVENT_LOG, build_view
from play.engines.base import Action, DictState, IllegalAction, NestedLegalActions

PLAYERS = [0]


class ArcaneGuardianState(DictState):
    game_id = "arcane-guardian"
    event_log = EVENT_LOG
    legal_list = NestedLegalActions  # `choose` and `cast` name lists of cards

    # --- contract -------------------------------------------------------
    @property
    def players(self) -> list[int]:
        return PLAYERS

    @property
    def active_player(self) -> int | None:
        return None if self.s["result"] is not None else 0

    # --- hooks of the base's apply ---------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        return moves.legal_actions(self.s)

    def _perform(self, action: Action) -> None:
        rules.perform(self, action)

    def _why_illegal(self, action: Action) -> IllegalAction:
        return rules.why_illegal(self, action)

    def view(self, player: int | None) -> dict:
        return build_view(self, player)

    # --- helpers ----------------------------------------------------------
    def emit(self, type_: str, **fields: Any) -> None:
        fields["type"] = type_  # `fields` is a fresh dict already: no second copy
        self._events.append(fields)

    def search_copy(self) -> ArcaneGuardianState:
        """A copy for search code (the solver): the same game, an empty event log.

        Card data and queued tasks are shared, never changed in place by the
        rules, so only the containers the rules mutate are copied. Much cheaper
        than `from_dict(to_dict())`, which a search would pay at every node.
        """
        s = self.s
        n = dict(s)
        n["piles"] = [p[:] for p in s["piles"]]
        n["up"] = s["up"][:]
        n["spells"] = dict(s["spells"])
        n["held"] = s["held"][:]
        n["discard"] = s["discard"][:]
        n["queue"] = s["queue"][:]
        n["log"] = []
        copy = ArcaneGuardianState(n)
        copy._cache = self._cache  # the same version: the same legal actions
        return copy
