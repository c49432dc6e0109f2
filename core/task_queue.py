"""Handing a task to the workers when the broker may be down: one guard for every sender.

The broker (Redis, or kombu's filesystem transport on `make run`'s stack) can
refuse a task: Redis is restarting, the folder is gone. Sending then raises,
and a sender inside a request answered 500 after its rows were committed —
a move stored with no bot to answer it, a round started with no clock, a
password reset that told by its 500 that an account uses the address. Every
task is sent through here instead, and each sender decides what a task that
could not be sent means for it (a print job is not kept, a bot is woken
again on a later read, a round is settled by its pages).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from kombu import exceptions as kombu_errors

log = logging.getLogger(__name__)

# What sending a task raises when the broker cannot take it. kombu turns a transport's
# connection and channel errors into its OperationalError (Redis refusing the connection,
# the filesystem transport's folder gone); the rest are those a transport lets through.
BROKER_ERRORS = (
    kombu_errors.KombuError,
    kombu_errors.ChannelError,
    kombu_errors.ConnectionError,
    OSError,
)


def send(task, *args, **kwargs) -> bool:
    """`task.delay(*args, **kwargs)`: True when the broker took it, else False, logged.

    The caller sends after its rows are committed (`transaction.on_commit`), so
    a task that could not be sent leaves them as they should be without it.
    """
    try:
        task.delay(*args, **kwargs)
    except BROKER_ERRORS:
        _log_refused(task, args, kwargs)
        return False
    return True


def apply_async(
    task, args: Iterable = (), kwargs: Mapping[str, Any] | None = None, **options
) -> bool:
    """`task.apply_async(args, kwargs, **options)` (a countdown, an expiry), guarded as `send`."""
    try:
        task.apply_async(tuple(args), dict(kwargs or {}), **options)
    except BROKER_ERRORS:
        _log_refused(task, args, kwargs)
        return False
    return True


def _log_refused(task, args, kwargs) -> None:
    log.exception(
        "Task %s (args %r, kwargs %r) could not be sent to the workers: the broker refused it",
        getattr(task, "name", task),
        tuple(args),
        dict(kwargs or {}),
    )
