"""The ONIROO game state: one JSON-safe dict, the contract methods, and the shared helpers.

Everything the rules decide from lives in `self.s` (zones are lists of card
instance ids, `cards` maps an id to its catalog code), so `to_dict` is a
copy and a replay compares equal. Two things live beside it on the object
because rebuilding them every step would cost more than the step: the
seeded generator (its state is written into the dict by `to_dict`) and the
legal actions of the current version. Change `s` only through actions; a
test that edits it rebuilds the state with `from_dict`.

The rules of the table game are in `table.py` (with `attacks.py` and
`series.py`), the solitaire in `solitaire.py`; both give `legal(g, p)`,
`perform(g, action)` and `why_illegal(g, action)`.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from play.engines.base import Action, DictState, Event, IllegalAction, LegalActions
from play.engines.oniroo.cards import Info
from play.engines.oniroo.setup import GAME_ID

EVENT_LOG = 40  # how many recent events a view shows


class GameOver(Exception):
    """Raised by the rules when a game ends, wherever they are; the series catches it."""

    def __init__(self, winner: int | None, reason: str, points: int = 0) -> None:
        super().__init__(reason)
        self.winner = winner
        self.reason = reason
        self.points = points


class OnirooState(DictState):
    game_id = GAME_ID

    def __init__(
        self, data: dict, rng: random.Random | None = None, infos: dict[str, Info] | None = None
    ) -> None:
        super().__init__(data)
        self._events: list[Event] = []
        if rng is None:
            rng = random.Random()
            version, internal, gauss = data["rng"]
            rng.setstate((version, tuple(internal), gauss))
        self.rng = rng
        if infos is None:
            infos = {code: Info(card) for code, card in data["catalog"].items()}
        self.infos = {iid: infos[code] for iid, code in data["cards"].items()}
        # card ids by what they are, for quick questions about a hand
        by_type: dict[str, set[str]] = {}
        for iid, info in self.infos.items():
            by_type.setdefault(info.type, set()).add(iid)
        self.fairy_ids = frozenset(by_type.get("dream_fairy", ()))
        self.wake_ids = frozenset(by_type.get("wake_up", ()))
        self.attack_ids = frozenset(
            by_type.get("bad_night", set()) | by_type.get("moon_head", set())
        )
        self.dream_ids = frozenset(by_type.get("symbol", set()) | by_type.get("free", set()))
        # purple group -> the dream cards that may follow it (that yellow group, or free)
        free = by_type.get("free", set())
        follows: dict[str | None, set[str]] = {}
        for iid in self.dream_ids:
            follows.setdefault(self.infos[iid].group, set()).add(iid)
        self.follows = {group: frozenset(ids | free) for group, ids in follows.items()}
        self.no_follower = frozenset(free)  # a purple group no card shows: free cards only
        self._cache: tuple | None = None  # (version, player, actions)
        # the copies `legal_actions` handed out for this version: id -> (copy, own action)
        self._handed: dict[int, tuple[Action, Action]] = {}
        self._handed_version = -1
        self._actions: dict[int, dict] = {}  # seat -> card -> the action dicts made for it
        # the next decision's legal actions when the rules worked them out anyway
        self.prepared: tuple[int, list[Action]] | None = None
        if data["mode"] == "table":
            from play.engines.oniroo import table as rules
        else:
            from play.engines.oniroo import solitaire as rules
        self.rules = rules

    # --- contract -------------------------------------------------------
    @property
    def players(self) -> list[int]:
        return list(range(len(self.s["players"])))

    @property
    def active_player(self) -> int | None:
        """The seat whose decision the game waits for: a defender, a giver, or the turn's player."""
        s = self.s
        if s["result"] is not None:
            return None
        pending = s.get("pending")
        return pending[0]["player"] if pending else s["active"]

    def _legal(self, player: int) -> list[Action]:
        cache = self._cache
        version = self.s["version"]
        if cache is not None and cache[0] == version and cache[1] == player:
            return cache[2]
        if self.s["result"] is not None or player != self.active_player:
            actions: list[Action] = []
        else:
            actions = self.rules.legal(self, player)
        self._cache = (version, player, actions)
        return actions

    def actions_of(self, player: int) -> dict:
        """Action dicts the rules made for a seat, kept for the next turns (never changed)."""
        found = self._actions.get(player)
        if found is None:
            found = self._actions[player] = {}
        return found

    def legal_actions(self, player: int) -> list[Action]:
        # copies as they are read: a caller may keep or change them, the cache stays as built
        version = self.s["version"]
        if self._handed_version != version:
            self._handed = {}
            self._handed_version = version
        legal = LegalActions(self._legal(player))
        legal._handed = self._handed
        return legal

    def apply(self, action: Action) -> list[Event]:
        """The base template's checks, with membership looked up in the version's cached list.

        The action that runs is the engine's own copy of the legal action that
        equals the one given, so nothing the caller holds can change it.
        """
        s = self.s
        if s["result"] is not None:
            raise IllegalAction("game_over", "The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", "An action is an object with a type.")
        player = action.get("player")
        if type(player) is not int or not 0 <= player < len(s["players"]):
            raise IllegalAction("bad_player", "The action must name a seat as player.")
        if self._handed_version == s["version"]:
            # a copy `legal_actions` handed out for this version, unchanged: its own action
            handed = self._handed.get(id(action))
            if handed is not None and handed[0] is action and action == handed[1]:
                return self._perform(handed[1])
        cache = self._cache
        if cache is not None and cache[0] == s["version"] and cache[1] == player:
            actions = cache[2]
        else:
            actions = self._legal(player)
        try:
            legal = actions[actions.index(action)]
        except ValueError:
            raise self._why_illegal(action) from None
        return self._perform(legal)

    def _perform(self, action: Action) -> list[Event]:
        self._events = []
        self.prepared = None
        self.rules.perform(self, action)
        self.s["version"] += 1
        if self.prepared is not None and self.s["result"] is None:
            self._cache = (self.s["version"], *self.prepared)
            self.prepared = None
        events, self._events = self._events, []
        log = self.s["log"]
        log += events
        if len(log) > EVENT_LOG:
            del log[: len(log) - EVENT_LOG]
        return [public_event(e) if "_secret" in e else e for e in events]

    def _why_illegal(self, action: Action) -> IllegalAction:
        return self.rules.why_illegal(self, action)

    def view(self, player: int | None) -> dict:
        from play.engines.oniroo.view import build_view

        return build_view(self, player)

    def to_dict(self) -> dict:
        data = dict(self.s)
        version, internal, gauss = self.rng.getstate()
        data["rng"] = [version, list(internal), gauss]
        return json.loads(json.dumps(data))

    # --- helpers for the rules modules ------------------------------------
    def emit(
        self, type_: str, *, to: list[int] | None = None, secret: dict | None = None, **fields: Any
    ) -> None:
        """An event; `secret` fields are shown only to the seats in `to`."""
        event = {"type": type_, **fields}
        if secret:
            event["_to"] = list(to or [])
            event["_secret"] = secret
        self._events.append(event)

    def info(self, iid: str) -> Info:
        return self.infos[iid]

    def card(self, iid: str) -> dict:
        return self.s["catalog"][self.s["cards"][iid]]

    def shuffle(self, ids: list[str]) -> None:
        if self.s["options"]["shuffle"]:
            self.rng.shuffle(ids)
        else:
            ids.sort(key=card_order)  # a fixed order keeps unshuffled test games readable

    def take_top(self) -> str | None:
        """The top card of the draw pile, refilling it from the discard pile when empty.

        None when both piles are empty (the rules then end the game drawn).
        """
        s = self.s
        if not s["draw"]:
            self.rules.before_refill(self)
            if not s["discard"]:
                return None
            s["draw"], s["discard"] = s["discard"], []
            self.shuffle(s["draw"])
            self.emit("refill", count=len(s["draw"]))
        return s["draw"].pop(0)


def card_order(iid: str) -> int:
    return int(iid[1:])


def public_event(event: dict) -> dict:
    """An event without its secret part."""
    if "_secret" not in event:
        return event
    shown = event.copy()  # a copy and two deletions cost less than a filtered rebuild
    del shown["_to"], shown["_secret"]
    return shown


def event_for(event: dict, viewer: int | None) -> dict:
    """An event as `viewer` sees it: the secret part only for the seats it was shown to."""
    if "_secret" not in event:
        return copy.copy(event)
    shown = public_event(event)
    if viewer is not None and viewer in event["_to"]:
        shown = {**shown, **event["_secret"]}
    return shown
