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
"""

from __future__ import annotations

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
