"""Calls released at the same moment, for the races the database must settle."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from django.db import connections


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
    return outcomes


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
