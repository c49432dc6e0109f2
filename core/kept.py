"""The cache of what is bulky and can always be made again.

Replays' kept engine states and turn lists, a tournament's rendered rows and standings:
many large entries, each worth a little time. They live apart from the default cache,
which holds the counts the limits read (writes a minute, logins, previews): a file cache
past its MAX_ENTRIES drops a third of its files, and a busy replay or event filling one
shared cache would have reset people's counts with them (settings.CACHES, "kept").
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import caches
from django.utils.connection import ConnectionProxy

kept_cache = ConnectionProxy(caches, "kept")

T = TypeVar("T")
_MISSING = object()  # a kept value may be falsy ("" rows), so absence is told by identity
LOCK_SECONDS = 5  # how long a build lock holds when its builder never lets it go
WAIT_SECONDS = 1.0  # how long a caller waits for another's build before building itself
WAIT_STEP = 0.025  # how often a waiting caller looks for the value


def build_lock_key(key: str) -> str:
    """The key of the lock its one builder holds while building `key`'s value."""
    return f"{key}:building"


def _pause(lock: str) -> None:
    """A waiting caller's rest between two looks (a function of its own: tests see who waits
    for which build)."""
    time.sleep(WAIT_STEP)


def kept_or_build(
    key: str,
    build: Callable[[], T],
    *,
    timeout: int,
    lock_seconds: int | None = None,
    wait_seconds: float | None = None,
) -> T:
    """The value kept under `key`, else `build()`'s, kept `timeout` seconds: what
    `kept_cache.get_or_set` does, with one caller building while the others wait for it.

    A key that names a version (an event's after a result) is missed by every caller
    that comes before its value is kept, and each of them would build the same value: a
    page that a hundred browsers poll would build it a hundred times at once. Here the
    caller that takes the key's build lock builds; the others look for the value every
    WAIT_STEP and answer it as soon as it is kept. Nobody is refused and nobody gets
    another key's value: a caller that has waited `wait_seconds` (WAIT_SECONDS) builds
    the value itself, as it would have without the lock. The lock lets itself go after
    `lock_seconds` (LOCK_SECONDS), so a builder that died holds nobody up for longer;
    one whose build raised lets it go at once, and the next caller builds. The lock
    spares work and nothing depends on it: the file cache's `add` is a read then a
    write, which two processes could interleave, and then both build. A waiting caller
    sleeps: under ASGI a process's sync views share one thread, which waits (at most
    `wait_seconds`) where it would otherwise have built.
    """
    value = kept_cache.get(key, _MISSING)
    if value is not _MISSING:
        return value
    lock = build_lock_key(key)
    if lock_seconds is None:
        lock_seconds = LOCK_SECONDS
    deadline = time.monotonic() + (WAIT_SECONDS if wait_seconds is None else wait_seconds)
    while True:
        token = uuid.uuid4().hex
        if kept_cache.add(lock, token, lock_seconds):
            try:
                # a builder may have kept it and let the lock go since we last looked
                value = kept_cache.get(key, _MISSING)
                if value is _MISSING:
                    value = build()
                    kept_cache.set(key, value, timeout)
                return value
            finally:
                # not a lock that expired under a slow build and was taken by another
                if kept_cache.get(lock) == token:
                    kept_cache.delete(lock)
        if time.monotonic() >= deadline:
            break
        _pause(lock)
        value = kept_cache.get(key, _MISSING)
        if value is not _MISSING:
            return value
    value = build()
    kept_cache.set(key, value, timeout)
    return value
