"""Engine states kept in this process between moves, so a move need not rebuild its state.

The database stays the truth (the action log, with a snapshot every few moves);
this is a second, faster cache in front of it. Only the writer holding the
match row's lock uses it: `take` removes the state for the version it locked,
the move is applied, and `put` returns the new state after the transaction
commits. A rolled-back move therefore leaves nothing half-applied behind — the
entry is simply gone and the next move rebuilds it from the database. Readers
(page loads, reconnects) never touch these objects, so no reader can see a
state while a writer changes it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from play.engines import GameState


class StateCache:
    """Per match: the state at one version (taken by writers) and the seats (shared, read-only).

    The seats of a running match change only when a bot takes an absent
    player's seat or gives it back, and those writers `forget` the entry, so
    the seats are kept beside the state and handed to anyone; the state
    object is handed to one writer at a time and removed while it is out.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[str, list] = OrderedDict()  # id -> [version, state, seats]
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

    def seats(self, match_id) -> list | None:
        with self._lock:
            entry = self._items.get(str(match_id))
            return entry[2] if entry else None

    def put(self, match_id, version: int, state: GameState, seats: list) -> None:
        with self._lock:
            self._items[str(match_id)] = [version, state, seats]
            self._items.move_to_end(str(match_id))
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def forget(self, match_id) -> None:
        """Drop a match's entry: its seats changed (a bot took one, or gave it back)."""
        with self._lock:
            self._items.pop(str(match_id), None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


states = StateCache()
