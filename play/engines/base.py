"""The engine contract shared by every game (docs: /DESIGN.md, "The engine contract").

An engine is pure Python: no Django, no clock, no network. A game is a
`GameState` built by the engine's `new_game(decks, options, seed)`; all
randomness comes from one seeded generator kept inside the state, so
`(cards, options, seed, actions)` always replays to the identical state.

Actions and events are small JSON-safe dicts with a `"type"`. Every action
names the seat that takes it in `"player"`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Protocol

Action = dict[str, Any]
Event = dict[str, Any]


class IllegalAction(Exception):
    """A move the rules do not allow. Raising it leaves the state unchanged."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SetupError(ValueError):
    """Bad decks or options given to `new_game` (a user error, not a bug)."""


class GameState(ABC):
    """One game in progress.

    The base class owns the apply template: it refuses anything that is not in
    `legal_actions(player)` *before* the game hook runs, which is what makes
    "an illegal action changes nothing" hold for every game.
    """

    game_id: ClassVar[str]

    # --- what every game provides -------------------------------------
    @property
    @abstractmethod
    def players(self) -> list[int]:
        """Seat numbers, in seat order."""

    @property
    @abstractmethod
    def active_player(self) -> int | None:
        """The seat whose decision the game waits for (None when over)."""

    @property
    @abstractmethod
    def version(self) -> int:
        """Number of actions applied so far."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` right now, targets included."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """A JSON-safe picture for `player` (None: a spectator)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> dict | None:
        """{"winners": [...], "reason": ..., ...} once over, else None."""

    @abstractmethod
    def to_dict(self) -> dict:
        """A lossless JSON-safe snapshot."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict) -> GameState: ...

    @abstractmethod
    def _perform(self, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    def _why_illegal(self, action: Action) -> IllegalAction:
        """A reason for refusing `action`; games may give sharper ones."""
        return IllegalAction("illegal_action", "This move is not allowed now.")

    # --- the template ---------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events; else raise IllegalAction."""
        if self.is_over:
            raise IllegalAction("game_over", "The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", "An action is an object with a type.")
        player = action.get("player")
        if not isinstance(player, int) or isinstance(player, bool) or player not in self.players:
            raise IllegalAction("bad_player", "The action must name a seat as player.")
        if action not in self.legal_actions(player):
            raise self._why_illegal(action)
        return self._perform(action)


class DictState(GameState):
    """A game state kept in one JSON-safe dict, `self.s`, with `version` and `result` keys.

    All three engines keep their state this way, so a copy is a JSON round
    trip and a replay compares equal dict to dict.
    """

    def __init__(self, data: dict) -> None:
        self.s = data

    @property
    def version(self) -> int:
        return self.s["version"]

    @property
    def is_over(self) -> bool:
        return self.s["result"] is not None

    @property
    def result(self) -> dict | None:
        return self.s["result"]

    def to_dict(self) -> dict:
        return json.loads(json.dumps(self.s))

    @classmethod
    def from_dict(cls, data: dict) -> GameState:
        return cls(json.loads(json.dumps(data)))


class LegalActions(list):
    """The legal actions of one decision as a caller gets them: each action read is a fresh copy.

    An engine that keeps its legal actions (and the action dicts inside them)
    from one call to the next must not let a caller change them. Copying every
    dict of a long list on every call cost a tenth of a random ONIROO game,
    though most callers read one action (a random bot) or none. This list
    holds the engine's own dicts and copies each one only when it is read
    (indexing, slicing, iterating, `pop`), and tells `handed` which copy came
    from which dict, so that `apply` finds the engine's action without a search.
    Comparisons, `in`, `index`, `len` and JSON read the dicts without copying.
    """

    # id(copy) -> (copy, the engine's dict), shared with the state: set it after making the
    # list (`LegalActions(actions)` with no __init__ of its own is list's, which is cheaper)
    _handed: dict | None = None

    def _copy(self, action: Action) -> Action:
        copy = action.copy()
        if self._handed is not None:
            self._handed[id(copy)] = (copy, action)
        return copy

    def __getitem__(self, index):
        found = list.__getitem__(self, index)
        if isinstance(index, slice):
            return list(map(self._copy, found))
        return self._copy(found)

    def __iter__(self):
        return map(self._copy, list.__iter__(self))

    def __reversed__(self):
        return map(self._copy, list.__reversed__(self))

    def pop(self, index: int = -1) -> Action:
        return self._copy(list.pop(self, index))

    def copy(self) -> list[Action]:
        return list(self)

    def __add__(self, other):
        return list(self) + list(other)

    def __mul__(self, times):
        return list(self) * times

    __rmul__ = __mul__


class Engine(Protocol):
    """What `get_engine(game_id)` returns."""

    game_id: str

    def new_game(self, decks: list, options: dict | None, seed: int) -> GameState: ...

    def from_dict(self, data: dict) -> GameState: ...
