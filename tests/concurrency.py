"""Calls released at the same moment, for the races the database must settle."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from django.db import connections

# A websocket handshake in a test (channels' WebsocketCommunicator.connect waits 1 s by
# default): the consumer reads the match and the seat from the database, which on a loaded
# machine (the suite's workers, a CI runner) took longer than that once.
HANDSHAKE_SECONDS = 5


def aside(call, *args, **kwargs):
    """`call(*args, **kwargs)` in a thread of its own, waited for; its result (or its error).

    For a browser test: the services send frames with async_to_sync, which
    Playwright's event loop in the test's own thread forbids. The thread closes
    its database connections, so the test database can be dropped afterwards.
    """

    def run():
        try:
            return call(*args, **kwargs)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


def run_together(*calls, timeout: float = 60) -> list:
    """Run each call in a thread of its own, released together; their results or errors.

    The list is in the order the calls finished. Each thread closes its database
    connections, so the test database can be dropped afterwards.
    """
    barrier = threading.Barrier(len(calls))
    outcomes: list = []

    def run(call):
        try:
            barrier.wait()
            outcomes.append(call())
        except Exception as error:  # noqa: BLE001 - the test compares what came back
            outcomes.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    stuck = [thread for thread in threads if thread.is_alive()]
    # A thread still running holds a database connection: the test database could not be
    # dropped at the end of the run, and the outcome list would be short. Say so here.
    assert not stuck, f"{len(stuck)} of {len(threads)} calls still running after {timeout} s"
    return outcomes


def named(call, name: str):
    """`call` (a partial, say) under `name`: what services_at_once reports it as."""
    call.__name__ = name
    return call


def services_at_once(*jobs) -> list[str]:
    """Run the service calls together; each answers "<name>: applied" or "<name>: <code>"
    of the project's refusal, sorted. Anything else is a bug (an IntegrityError, say) and
    shows as itself in the comparison."""
    from core.errors import ApplicationError

    def outcome(job) -> str:
        try:
            job()
        except ApplicationError as refused:
            return f"{job.__name__}: {refused.code}"
        return f"{job.__name__}: applied"

    outcomes = run_together(*(partial(outcome, job) for job in jobs), timeout=30)
    return sorted(o if isinstance(o, str) else repr(o) for o in outcomes)
