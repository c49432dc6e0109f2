"""The Arcane Guardian game state and the contract methods.

Everything lives in one JSON-safe dict (`self.s`): the cards by code, the
three piles, the mage's numbers, the held cards, the task queue of the step
in progress and the pending decision. `to_dict` is a copy and replays compare
equal. The game is solo: `players == [0]`.

`legal_actions` is computed once per version and kept: a bot asks for it and
`apply` asks again to check the move, and in a game this short that second
computation would be a third of the time.
"""

from __future__ import annotations

from typing import Any

from play.engines.arcane_guardian import moves, rules
from play.engines.arcane_guardian.view import EVENT_LOG, build_view
from play.engines.base import Action, DictState, Event, IllegalAction

PLAYERS = [0]


class ArcaneGuardianState(DictState):
    game_id = "arcane-guardian"

    def __init__(self, data: dict) -> None:
        super().__init__(data)
        self._events: list[Event] = []
        self._legal: list[Action] | None = None

    # --- contract -------------------------------------------------------
    @property
    def players(self) -> list[int]:
        return PLAYERS

    @property
    def active_player(self) -> int | None:
        return None if self.s["result"] is not None else 0

    def legal_actions(self, player: int) -> list[Action]:
        if player != 0 or self.s["result"] is not None:
            return []
        if self._legal is None:
            self._legal = moves.legal_actions(self.s)
        return list(self._legal)

    def apply(self, action: Action) -> list[Event]:
        # same template as the base class, with the solo seat checked without building lists
        if self.s["result"] is not None:
            raise IllegalAction("game_over", "The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", "An action is an object with a type.")
        if action.get("player") != 0 or isinstance(action.get("player"), bool):
            raise IllegalAction("bad_player", "The action must name the seat: player 0.")
        if self._legal is None:
            self._legal = moves.legal_actions(self.s)
        if action not in self._legal:
            raise self._why_illegal(action)
        return self._perform(action)

    def _perform(self, action: Action) -> list[Event]:
        self._events = []
        self._legal = None
        rules.perform(self, action)
        s = self.s
        s["version"] += 1
        events, self._events = self._events, []
        log = s["log"]
        log.extend(events)
        if len(log) > EVENT_LOG:
            del log[:-EVENT_LOG]  # the state keeps what a view shows, nothing older
        return events

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
        copy._legal = self._legal
        return copy
