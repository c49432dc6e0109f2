"""How many live-table websockets one visitor may hold open in one web process.

An open socket costs its process memory (64–90 KiB, docs/deploy.md) and a
place in the channel layer's groups for as long as it stays open, and
opening one is free: without a bound, one address could hold thousands (an
audit opened 2,000 spectator sockets from one). Each process counts its own
sockets per visitor — the user when signed in, else the client's address
(accounts.client_address, proxies counted as for logins) — and refuses the
one over `LIMIT_SOCKETS_PER_VISITOR`. The count lives in the process, not in
a shared store: a process that stops takes its sockets and its counts with
it, so nothing is left behind to lock a visitor out, and with N processes a
visitor holds at most N times the limit, still a bound.

The consumers of a process share one event loop, so the counts need no lock.

What one socket sends is bounded too. Each frame a client sends is queued by the
server until the consumer reads it, and each costs a database read or more: a
client that sent 100,000 frames in half a minute (QA did) had them all queued,
the process grew by a gigabyte, and the queue would have taken a quarter of an
hour to answer. `FrameAllowance` lets a socket send LIMIT_SOCKET_FRAMES_PER_SECOND
frames a second on average, twice that at once; past it the consumer says so and
closes the socket, and what was queued behind is dropped unread. A message is read
whole before the consumer refuses one over play.consumers.FRAME_MAX_CHARS: daphne's
bound of 1 MiB stays. A bound of 64 KiB was tried and broke the live table of a
level-5 ONIROO match, whose frames to the browser reach 66 KB (autobahn's option holds
for more than what it receives); the allowance already caps what one socket sends.
"""

from __future__ import annotations

import time
from collections import Counter

from accounts.client_address import scope_client_ip


class OpenSockets:
    """The sockets open in this process, counted per visitor key."""

    def __init__(self) -> None:
        self._open: Counter[str] = Counter()

    def take(self, visitor: str, limit: int) -> bool:
        """Count one more socket for `visitor`, unless it already holds `limit`."""
        if self._open[visitor] >= limit:
            return False
        self._open[visitor] += 1
        return True

    def give_back(self, visitor: str) -> None:
        left = self._open[visitor] - 1
        if left > 0:
            self._open[visitor] = left
        else:
            del self._open[visitor]

    def held(self, visitor: str) -> int:
        return self._open.get(visitor, 0)


OPEN_SOCKETS = OpenSockets()


def visitor_key(scope: dict) -> str:
    """Whom a connection counts against: the signed-in user, else the client's address."""
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"address:{scope_client_ip(scope)}"


# The allowance's clock, looked up when a socket opens (a test holds it still).
monotonic_clock = time.monotonic


class FrameAllowance:
    """How many more frames one socket may send now: a token bucket of `per_second`
    frames a second, holding at most twice that (a burst), full at first."""

    def __init__(self, per_second: int, clock=None) -> None:
        self.per_second = per_second
        self.burst = 2 * per_second
        self._clock = clock or monotonic_clock
        self._left = float(self.burst)
        self._at = self._clock()

    def take(self) -> bool:
        """Count one frame; False when the socket has sent more than it may."""
        now = self._clock()
        self._left = min(self.burst, self._left + (now - self._at) * self.per_second)
        self._at = now
        if self._left < 1:
            return False
        self._left -= 1
        return True
