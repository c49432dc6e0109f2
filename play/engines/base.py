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
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from typing import Any, ClassVar, Protocol, TypeVar

Action = dict[str, Any]
Event = dict[str, Any]
Derived = TypeVar("Derived")


class IllegalAction(Exception):
    """A move the rules do not allow. Raising it leaves the state unchanged.

    `facts` are the game's figures the refusal is about (how many piles there
    are), for whoever words it to a player: the wording reads them instead of
    writing the rule's numbers again.
    """

    def __init__(self, code: str, message: str, *, facts: dict | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.facts = facts or {}


class SetupError(ValueError):
    """Bad decks or options given to `new_game` (a user error, not a bug)."""


class CopiedOnRead(list):
    """A list that holds the engine's own dicts and hands out a fresh copy of each one read.

    Every way of reading an item out (indexing, slicing, iterating, `reversed`,
    `pop`, `copy`, `+`, `*`) goes through `_copy`; comparisons, `in`, `index`,
    `len`, `repr` and JSON read the kept dicts without copying. So a caller
    never shares anything with the state, and a caller that reads nothing (a
    bot game throwing the list away) pays nothing.
    """

    __slots__ = ()

    @staticmethod
    def _fresh(item: dict) -> dict:
        return item.copy()

    def _copy(self, item: dict) -> dict:
        return self._fresh(item)

    def __getitem__(self, index):
        found = list.__getitem__(self, index)
        if type(index) is slice:
            return list(map(self._copy, found))
        return self._copy(found)

    def __iter__(self):
        return map(self._copy, list.__iter__(self))

    def __reversed__(self):
        return map(self._copy, list.__reversed__(self))

    def pop(self, index: int = -1) -> dict:
        return self._copy(list.pop(self, index))

    def copy(self) -> list[dict]:
        return list(self)

    def __add__(self, other):
        return list(self) + list(other)

    def __mul__(self, times):
        return list(self) * times

    __rmul__ = __mul__


class LegalActions(CopiedOnRead):
    """The legal actions of one decision as a caller gets them: each action read is a fresh copy.

    The engine keeps its legal actions (and the action dicts inside them)
    from one call to the next, so a caller must not change them. Copying every
    dict of a long list on every call cost a tenth of a random ONIROO game,
    though most callers read one action (a random bot) or none. The list
    copies each one only when it is read, and tells `handed` which copy came
    from which dict, so that `apply` finds the engine's action without a search.
    """

    # `_handed`: id(copy) -> (copy, the engine's dict), shared with the state, which sets it
    # right after making the list (`LegalActions(actions)` with no __init__ of its own is
    # list's, and a slot instead of an instance dict: the list is made at every decision)
    __slots__ = ("_handed",)

    def _copy(self, action: Action) -> Action:
        copy = self._fresh(action)
        self._handed[id(copy)] = (copy, action)
        return copy

    def __getitem__(self, index):
        found = list.__getitem__(self, index)
        if type(index) is slice:
            return list(map(self._copy, found))
        copy = found.copy()  # `_copy` written out: one random bot's read per move
        self._handed[id(copy)] = (copy, found)
        return copy


class NestedLegalActions(LegalActions):
    """Legal actions whose fields may hold lists (of cards, of spells): those are copied too."""

    @staticmethod
    def _fresh(action: Action) -> Action:
        copy = action.copy()
        for key, value in action.items():
            if type(value) is list:
                copy[key] = value[:]
        return copy

    __getitem__ = CopiedOnRead.__getitem__  # through `_fresh`: the lists inside are copied too


class GameState(ABC):
    """One game in progress.

    The base class owns `apply`: it refuses anything that is not in the legal
    actions of this version *before* the game's hook runs (which is what makes
    "an illegal action changes nothing" hold for every game), runs the hook on
    the engine's own copy of the action, then does the bookkeeping after a
    move. The legal actions are worked out once per version and handed out as
    copies, so a caller that keeps or edits what it was given changes nothing.
    A game supplies the hooks: `_legal_actions`, `_perform`, `_why_illegal`.
    """

    game_id: ClassVar[str]
    # how a legal-action list hands out its actions (a game whose actions hold lists deep-copies)
    legal_list: ClassVar[type[LegalActions]] = LegalActions

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._cache: tuple[int, int, list[Action]] | None = None  # (version, player, actions)
        # the copies `legal_actions` handed out for this version: id -> (copy, own action)
        self._handed: dict[int, tuple[Action, Action]] = {}
        self._handed_version = -1
        # (player, actions): the next decision's legal actions, when the rules worked them
        # out anyway while carrying out a move (or setting up); kept as that version's list
        self.prepared: tuple[int, list[Action]] | None = None
        # name -> (inputs, value): what `derived` worked out, kept while its inputs stay equal
        self._derived: dict[Hashable, tuple[Hashable, Any]] = {}

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
    def clone(self) -> GameState:
        """An independent copy for search: it plays on exactly as this state would.

        The same legal actions, events and views for the same actions (its
        generator is a copy of this one's), and nothing either state changes
        is shared: playing one on leaves the other as it was. Much cheaper
        than `from_dict(to_dict())`, which a search would pay at every step.
        """

    def turn_marker(self) -> Hashable:
        """A value that changes exactly when a new turn begins: where a replay's turns start.

        Read from the state, never from a view: the replay asks it at every step of a
        match's log, and a view there was most of a replay page's first load. The default,
        for a game that numbers no turns, is the seat the game waits for; a game that
        numbers them returns the number its views show as `turn`.
        """
        return self.active_player

    # --- the game's hooks -------------------------------------------------
    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """Every legal action of the deciding seat `player`, in a list the base keeps.

        Called at most once per version; neither the list nor its dicts are
        changed afterwards (callers get copies).
        """

    @abstractmethod
    def _perform(self, action: Action) -> None:
        """Carry out an action already known to be legal, emitting its events.

        `action` is the engine's own dict from `_legal_actions`: read it, never change it.
        """

    def _why_illegal(self, action: Action) -> IllegalAction:
        """A reason for refusing `action`; games may give sharper ones."""
        return IllegalAction("illegal_action", "This move is not allowed now.")

    @abstractmethod
    def _after_move(self) -> list[Event]:
        """The bookkeeping after a move: count it, log its events, return them."""

    # --- the template ---------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` right now, targets included (copies to keep)."""
        version = self.version
        if self._handed_version != version:
            self._handed = {}
            self._handed_version = version
        cache = self._cache
        if cache is not None and cache[0] == version and cache[1] == player:
            legal = self.legal_list(cache[2])  # the common case, without a call to `_legal`
        else:
            legal = self.legal_list(self._work_out(player, version))
        legal._handed = self._handed
        return legal

    def _legal(self, player: int) -> list[Action]:
        """The engine's own legal actions of `player`, worked out once per version."""
        cache = self._cache
        version = self.version
        if cache is not None and cache[0] == version and cache[1] == player:
            return cache[2]
        return self._work_out(player, version)

    def _work_out(self, player: int, version: int) -> list[Action]:
        """`_legal` when nothing is kept for (`version`, `player`): work them out and keep them."""
        if self.is_over or player != self.active_player:
            actions: list[Action] = []
        else:
            actions = self._legal_actions(player)
        self._cache = (version, player, actions)
        return actions

    def derived(self, name: Hashable, inputs: Hashable, work: Callable[[], Derived]) -> Derived:
        """`work()`, worked out once and kept under `name` while `inputs` stay equal.

        For the facts a view derives from part of the state (a seat's board
        figures, a dream's explanation): the views of every seat share them,
        and so do the next versions while that part does not change. `inputs`
        is everything of the state `work` reads, by value, so any change to
        it (a move, or a test editing the state) makes `work` run again; a
        version number would miss such an edit. One value is kept per name.
        The value is shared: keep it immutable (numbers, strings, tuples,
        bytes) or never hand it out, only what is built from it.
        """
        kept = self._derived.get(name)
        if kept is not None and kept[0] == inputs:
            return kept[1]
        value = work()
        self._derived[name] = (inputs, value)
        return value

    def forget_legal_actions(self) -> None:
        """Drop the kept legal actions: for a test that sets up a position by editing the state."""
        self._cache = None
        self._handed_version = -1

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events; else raise IllegalAction.

        The action that runs is the engine's own copy of the legal action that
        equals the one given, so nothing the caller holds can change it.
        """
        if self.is_over:
            raise IllegalAction("game_over", "The game is over.")
        if self._handed_version == self.version:
            # a copy `legal_actions` handed out for this version, unchanged: its own action
            handed = self._handed.get(id(action))
            if handed is not None and handed[0] is action and action == handed[1]:
                return self._apply_legal(handed[1])
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", "An action is an object with a type.")
        player = action.get("player")
        if type(player) is not int or player not in self.players:
            raise IllegalAction("bad_player", "The action must name a seat as player.")
        actions = self._legal(player)
        try:
            legal = actions[actions.index(action)]
        except ValueError:
            raise self._why_illegal(action) from None
        return self._apply_legal(legal)

    def _apply_legal(self, action: Action) -> list[Event]:
        self._events = []
        self.prepared = None
        self._perform(action)
        return self._after_move()


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, and tuples of them; scalars are shared).

    Several times cheaper than a JSON round trip or `copy.deepcopy`, which
    look up how to copy each value and remember what they copied.
    """
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) not in _NESTED else copy_json(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) not in _NESTED else copy_json(v) for v in value]
    if kind is tuple:
        return tuple([v if type(v) not in _NESTED else copy_json(v) for v in value])
    return value


_NESTED = frozenset({dict, list, tuple})


class DictState(GameState):
    """A game state kept in one JSON-safe dict, `self.s`, with `version`, `result` and `log` keys.

    All three engines keep their state this way, so a snapshot is a JSON
    round trip and a replay compares equal dict to dict. `log` holds the last
    `event_log` events, which is what a view shows.
    """

    event_log: ClassVar[int]
    # key of `s` -> a copy of its value that knows the value's shape, for the big parts a
    # search copies at every step (`clone`); every other key is copied by `copy_json`
    copiers: ClassVar[dict[str, Callable[[Any], Any]]] = {}

    def __init__(self, data: dict) -> None:
        super().__init__()
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

    def clone(self) -> DictState:
        """`GameState.clone`: the dict copied by its shape, the generator copied, no caches.

        What a game keeps on the object beside the dict is shared, which is
        safe only for facts fixed at setup (ONIROO's card facts) and memos of
        them; a live `random.Random` (ONIROO's generator) gets its own copy,
        and a game whose other attributes change during play copies them in
        `_cloned`. The kept legal actions of this version go along: the rules
        never change them in place (callers get copies), and a search asks
        for them first.
        """
        cls = type(self)
        twin = cls.__new__(cls)  # not `__init__`: it would work out the setup's facts again
        twin.__dict__.update(self.__dict__)
        GameState.__init__(twin)  # no caches of this state: events, handed copies, derived facts
        copiers = self.copiers
        twin.s = {
            key: copiers[key](value) if key in copiers else copy_json(value)
            for key, value in self.s.items()
        }
        for name, value in list(vars(twin).items()):
            if isinstance(value, random.Random):
                copied = random.Random()
                copied.setstate(value.getstate())
                setattr(twin, name, copied)
        cache = self._cache
        if cache is not None and cache[0] == self.s["version"]:
            twin._cache = cache
        twin._cloned()
        return twin

    def _cloned(self) -> None:
        """Called on a fresh clone: a game drops or copies what it keeps beside the dict."""

    def _public_events(self, events: list[Event]) -> list[Event]:
        """The events as `apply` returns them (a game with secret parts strips them)."""
        return events

    def _keep_prepared(self) -> None:
        prepared = self.prepared
        if prepared is not None:
            self.prepared = None
            if self.s["result"] is None:
                self._cache = (self.s["version"], *prepared)

    def _after_move(self) -> list[Event]:
        s = self.s
        s["version"] += 1
        prepared = self.prepared
        if prepared is not None:  # `_keep_prepared` written out: most table moves
            self.prepared = None
            if s["result"] is None:
                self._cache = (s["version"], *prepared)
        events, self._events = self._events, []
        log = s["log"]
        log += events
        if len(log) > self.event_log:
            del log[: len(log) - self.event_log]  # the state keeps what a view shows
        return self._public_events(events)

    def _opened(self) -> None:
        """The bookkeeping after setup: its events start the log, as after a move."""
        self.s["log"] = self._events[-self.event_log :]
        self._events = []
        self._keep_prepared()


class Engine(Protocol):
    """What `get_engine(game_id)` returns."""

    game_id: str

    def new_game(self, decks: list, options: dict | None, seed: int) -> GameState: ...

    def from_dict(self, data: dict) -> GameState: ...
