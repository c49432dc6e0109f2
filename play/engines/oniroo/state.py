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

import json
import random
from typing import Any

from play.engines.base import Action, CopiedOnRead, DictState, Event, IllegalAction
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
    event_log = EVENT_LOG

    def __init__(
        self, data: dict, rng: random.Random | None = None, infos: dict[str, Info] | None = None
    ) -> None:
        super().__init__(data)
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
        self.free_ids = frozenset(free)
        self._actions: dict[int, dict] = {}  # seat -> card -> the action dicts made for it
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

    def turn_marker(self) -> int:
        # the turn number the view shows: `table.start_turn` (`solitaire.draw_pair` alone)
        # counts it up as each turn begins
        return self.s["turn"]

    def actions_of(self, player: int) -> dict:
        """Action dicts the rules made for a seat, kept for the next turns (never changed)."""
        found = self._actions.get(player)
        if found is None:
            found = self._actions[player] = {}
        return found

    # --- hooks of the base's apply ---------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        return self.rules.legal(self, player)

    def _perform(self, action: Action) -> None:
        self.rules.perform(self, action)

    def _public_events(self, events: list[Event]) -> list[Event]:
        # the log keeps these events, so a caller gets fresh copies as it reads them: a bot
        # game reads none, and copying every event up front cost 7 % of a random solitaire
        for event in events:
            if "_secret" in event:  # a secret part: the list holds the public part only
                return PublicEvents(public_event(e) if "_secret" in e else e for e in events)
        return PublicEvents(events)

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


# the public keys whose values are lists, by an event's field names, found on first sight:
# each kind of event is made in one shape (`emit`'s fields), so its lists are always lists
_LIST_KEYS: dict[tuple, tuple[str, ...]] = {}


def _list_keys(names: tuple, event: dict) -> tuple[str, ...]:
    keys = _LIST_KEYS[names] = tuple(k for k, v in event.items() if type(v) is list and k != "_to")
    return keys


def event_for(event: dict, viewer: int | None) -> dict:
    """An event as `viewer` (None: nobody's secrets) sees it: the secret part only for the
    seats it was shown to.

    Always a fresh dict with fresh lists (`cards`, `codes`, `cut`, `players`, the
    vote's `draws` and their pairs): the state's log keeps the event, and a caller
    editing its view or the events `apply` returned must not change it.
    """
    shown = event.copy()  # a plain dict: three times faster than copy.copy
    names = tuple(event)
    keys = _LIST_KEYS.get(names)
    if keys is None:
        keys = _list_keys(names, event)
    for key in keys:
        shown[key] = [x[:] if type(x) is list else x for x in event[key]]
    if "_secret" in event:
        del shown["_to"], shown["_secret"]
        if viewer is not None and viewer in event["_to"]:
            for key, value in event["_secret"].items():
                shown[key] = value[:] if type(value) is list else value
    return shown


def public_event(event: dict) -> dict:
    """An event without its secret part, sharing nothing with the kept one."""
    return event_for(event, None)


class PublicEvents(CopiedOnRead):
    """The events `apply` returns: each event read is a fresh copy (`event_for`, no secrets).

    The list holds the log's own public events (for a secret one, a fresh copy of its
    public part), copied only when a caller reads one (the engine base's `CopiedOnRead`).
    """

    __slots__ = ()

    @staticmethod
    def _fresh(event: Event) -> Event:
        return event_for(event, None)
