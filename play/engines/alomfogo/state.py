"""The Álomfogó game state: zones, card states, glory, VP, and the contract methods.

Everything lives in one JSON-safe dict (`self.s`), so `to_dict` is a copy and
replays compare equal. Zones per seat: `deck` (index 0 is the top), `hand`,
`board` and `discard` (the bűbájketrec). Card instances are `inst[id]` with the
catalog code, the owner and, on the board, a state: active, resting, damaged.
"""

from __future__ import annotations

import random
from typing import Any

from play.engines.base import Action, DictState, IllegalAction

GAME_ID = "alomfogo"
EVENT_LOG = 30  # how many recent events a view shows


class AlomfogoState(DictState):
    game_id = GAME_ID
    event_log = EVENT_LOG

    # --- contract -------------------------------------------------------
    @property
    def players(self) -> list[int]:
        return list(range(len(self.s["players"])))

    @property
    def active_player(self) -> int | None:
        """Whose decision the game waits for (a defender, a chooser, a counter...)."""
        if self.is_over:
            return None
        from play.engines.alomfogo import rules

        return rules.deciding_player(self)

    # --- hooks of the base's apply ---------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        from play.engines.alomfogo import rules

        return rules.legal_actions(self, player)

    def _perform(self, action: Action) -> None:
        from play.engines.alomfogo import rules

        rules.perform(self, action)
        rules.settle(self)

    def _why_illegal(self, action: Action) -> IllegalAction:
        from play.engines.alomfogo import rules

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
