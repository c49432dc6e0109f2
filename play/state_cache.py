"""Engine states kept in this process between moves, so a move need not rebuild its state.

The database stays the truth (the action log, with a snapshot every few moves);
this is a second, faster cache in front of it. Several web processes (and the
Celery workers) each keep their own, so nothing here is believed without the
match row: an entry carries the row's version and seats version and is used
only when they equal those of the row the caller read. Only the writer holding
the match row's lock uses the state: `take` removes the state for the version
it locked, the move is applied, and `put` returns the new state after the
transaction commits. A rolled-back move therefore leaves nothing half-applied
behind — the entry is simply gone and the next move rebuilds it from the
database. Readers (page loads, reconnects) never touch these objects, so no
reader can see a state while a writer changes it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from play.engines import GameState


class StateCache:
    """Per match: the state at one version (taken by writers) and the seats (shared, read-only).

    Both are keyed on numbers of the match row, so an entry can only be used
    for the row it was made from: the state on `Match.version` (every move
    raises it), the seats on `Match.seats_version` (every seat change raises
    it). Another process may change the match at any time — a bot takes a
    seat there — and this process learns of it only from the row it reads,
    so a caller passes the numbers of the row it holds, never trusts the
    entry alone. The state object is handed to one writer at a time and
    removed while it is out; the seats are handed to anyone.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        # id -> [version, state, seats_version, seats]
        self._items: OrderedDict[str, list] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, match_id, version: int) -> GameState | None:
        """The state at `version`, removed from the cache; None when missing or out of date."""
        with self._lock:
            entry = self._items.get(str(match_id))
            if entry is None or entry[1] is None:
                return None
            found_version, state = entry[0], entry[1]
            entry[0] = entry[1] = None
        return state if found_version == version else None

    def seats(self, match_id, seats_version: int) -> list | None:
        """The seats as they were at `seats_version`; None when missing or out of date."""
        with self._lock:
            entry = self._items.get(str(match_id))
            if entry is None or entry[2] != seats_version:
                return None
            return entry[3]

    def put(
        self, match_id, version: int, state: GameState, seats: list, seats_version: int
    ) -> None:
        with self._lock:
            self._items[str(match_id)] = [version, state, seats_version, seats]
            self._items.move_to_end(str(match_id))
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def forget(self, match_id) -> None:
        """Drop a match's entry (this process changed its seats; the number would tell too)."""
        with self._lock:
            self._items.pop(str(match_id), None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


states = StateCache()
