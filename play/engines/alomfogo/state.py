"""The Álomfogó game state: zones, card states, glory, VP, and the contract methods.

Everything lives in one JSON-safe dict (`self.s`), so `to_dict` is a copy and
replays compare equal. Zones per seat: `deck` (index 0 is the top), `hand`,
`board` and `discard` (the bűbájketrec). Card instances are `inst[id]` with the
catalog code, the owner and, on the board, a state: active, resting, damaged.
Beside the dict the object keeps only memos of the card data, which is fixed
for a game (each card's abilities by trigger), and the base's caches.
"""

from __future__ import annotations

import random
from typing import Any

from play.engines.alomfogo import rules
from play.engines.alomfogo.cards import effects_by_when
from play.engines.base import Action, DictState, IllegalAction

GAME_ID = "alomfogo"
EVENT_LOG = 30  # how many recent events a view shows


class AlomfogoState(DictState):
    game_id = GAME_ID
    event_log = EVENT_LOG

    def __init__(self, data: dict) -> None:
        super().__init__(data)
        # code -> {trigger: the card's effects}: what `effects` hands out, sorted once per
        # card a game (the rules ask for a card's abilities of one trigger at every step)
        self._effects: dict[str, dict[str, tuple[dict, ...]]] = {}
        self._codes_with: dict[str, frozenset[str]] = {}  # trigger -> codes of cards having it
        # id -> (a logged event, its strings or None): view._redact_events' memo (a logged
        # event never changes; a clone may share it, as each entry is checked by identity)
        self._event_strings: dict[int, tuple] = {}

    # `clone` copies these by their shape (the rest of `s` generically): the card
    # instances and the seats are most of a state, and the generator is 625 numbers
    copiers = {
        "inst": lambda inst: {iid: card.copy() for iid, card in inst.items()},
        "players": lambda seats: [
            {key: value[:] if type(value) is list else value for key, value in seat.items()}
            for seat in seats
        ],
        "rng": lambda rng: [rng[0], list(rng[1]), rng[2]],
    }

    def _cloned(self) -> None:
        self._effects = {}  # it holds the original's card data: the clone sorts its own
        self._codes_with = dict(self._codes_with)  # sets of strings: they may be shared

    # --- contract -------------------------------------------------------
    @property
    def players(self) -> list[int]:
        return list(range(len(self.s["players"])))

    @property
    def active_player(self) -> int | None:
        """Whose decision the game waits for (a defender, a chooser, a counter...)."""
        if self.s["result"] is not None:  # `is_over`, written out: asked twice a move
            return None
        return rules.deciding_player(self)

    def turn_marker(self) -> int:
        # the turn number the view shows: `turn.start_turn` counts it up as each turn begins
        return self.s["turn"]

    # --- hooks of the base's apply ---------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        return rules.legal_actions(self, player)

    def _perform(self, action: Action) -> None:
        rules.perform(self, action)
        rules.settle(self)

    def _why_illegal(self, action: Action) -> IllegalAction:
        return rules.why_illegal(self, action)

    def view(self, player: int | None) -> dict:
        from play.engines.alomfogo.view import build_view

        return build_view(self, player)

    # --- helpers used by the rules modules -------------------------------
    def emit(self, type_: str, **fields: Any) -> None:
        self._events.append({"type": type_, **fields})

    def card(self, iid: str) -> dict:
        """Catalog data (normalised) of a card instance."""
        return self.s["cards"][self.s["inst"][iid]["code"]]

    def effects(self, iid: str, when: str) -> tuple[dict, ...]:
        """`cards.effects_of` of a card instance: its abilities under trigger `when`.

        Card data is fixed for a game (nothing changes `s["cards"]`), so the
        abilities are sorted by trigger once per card, not at every ask.
        """
        code = self.s["inst"][iid]["code"]
        by_when = self._effects.get(code)
        if by_when is None:
            by_when = self._effects[code] = effects_by_when(self.s["cards"][code])
        return by_when.get(when, ())

    def codes_with(self, when: str) -> frozenset[str]:
        """The codes of the game's cards that have an ability under trigger `when`.

        Few cards have a static or a counter ability, and the rules look for
        them among the cards in play at every step: a look-up in this set is
        the quick "no" for all the others.
        """
        found = self._codes_with.get(when)
        if found is None:
            found = self._codes_with[when] = frozenset(
                code
                for code, card in self.s["cards"].items()
                if any(eff["when"] == when for eff in card["effects"])
            )
        return found

    def inst(self, iid: str) -> dict:
        return self.s["inst"][iid]

    def seat(self, p: int) -> dict:
        return self.s["players"][p]

    def zone_of(self, iid: str) -> str:
        return self.s["inst"][iid]["zone"]

    def move(self, iid: str, zone: str, *, top: bool = False) -> None:
        """Move a card instance to one of its owner's zones."""
        inst = self.s["inst"][iid]
        owner = self.s["players"][inst["owner"]]
        owner[inst["zone"]].remove(iid)
        if top:
            owner[zone].insert(0, iid)
        else:
            owner[zone].append(iid)
        inst["zone"] = zone
        inst["state"] = "active" if zone == "board" else None

    def living(self) -> list[int]:
        return [p for p, seat in enumerate(self.s["players"]) if seat["alive"]]

    def next_living(self, p: int) -> int | None:
        n = len(self.s["players"])
        for step in range(1, n):
            q = (p + step) % n
            if self.s["players"][q]["alive"]:
                return q
        return None

    def previous_living(self, p: int) -> int | None:
        """The living seat before p in seat order: the player on p's right, whom p's duels go to
        (DECISIONS 9: turns pass clockwise, so the player on the right plays last before p)."""
        n = len(self.s["players"])
        for step in range(1, n):
            q = (p - step) % n
            if self.s["players"][q]["alive"]:
                return q
        return None

    def rng(self) -> random.Random:
        r = random.Random()
        version, internal, gauss = self.s["rng"]
        r.setstate((version, tuple(internal), gauss))
        return r

    def store_rng(self, r: random.Random) -> None:
        version, internal, gauss = r.getstate()
        self.s["rng"] = [version, list(internal), gauss]
