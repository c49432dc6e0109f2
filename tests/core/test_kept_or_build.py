"""One caller builds a missing kept value while the others asking meanwhile wait for it
(core.kept.kept_or_build): the pages every open browser polls (an event's live part) must
not work the same rows out once per poller after each change.

No timed assertions: a build is held open until the others are seen waiting.
"""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest
from django.core.cache.backends import locmem

from core import kept
from core.kept import build_lock_key, kept_cache, kept_or_build
from tests.concurrency import run_together

KEY = "test-kept-or-build"
HOLD_SECONDS = 30  # how long a held build waits for the others at most (a stuck test fails)


def later_clock(monkeypatch, seconds: float):
    """The test caches' clock moved on by `seconds` (LocMem reads time.time() for expiry)."""
    now = locmem.time.time() + seconds
    monkeypatch.setattr(locmem, "time", SimpleNamespace(time=lambda: now))


def test_callers_arriving_during_a_build_wait_for_it_and_it_is_built_once(kept_waits):
    callers = 8
    builds = []

    def build():
        builds.append(threading.get_ident())
        # held until every other caller has found the build going on and waits for it
        for _ in range(HOLD_SECONDS * 100):
            if len({thread for thread, _lock in kept_waits}) >= callers - 1:
                break
            threading.Event().wait(0.01)
        return {"rows": ["a", "b"]}

    answers = run_together(*[lambda: kept_or_build(KEY, build, timeout=60)] * callers)
    assert len(builds) == 1
    assert answers == [{"rows": ["a", "b"]}] * callers
    assert {lock for _thread, lock in kept_waits} == {build_lock_key(KEY)}
    assert kept_cache.get(build_lock_key(KEY)) is None  # let go once kept


def test_a_kept_value_is_answered_without_a_build_even_a_falsy_one(kept_waits):
    assert kept_or_build(KEY, lambda: "", timeout=60) == ""
    assert kept_or_build(KEY, lambda: pytest.fail("built again"), timeout=60) == ""
    assert kept_waits == []


def test_a_lock_left_by_a_builder_that_died_expires_and_the_next_caller_builds(
    kept_waits, monkeypatch
):
    # the builder took the lock and its process died: nothing lets it go
    assert kept_cache.add(build_lock_key(KEY), "dead builder", kept.LOCK_SECONDS)
    later_clock(monkeypatch, kept.LOCK_SECONDS + 1)
    # kept longer than the clock moved on (only LocMem's reading of the clock is moved)
    assert kept_or_build(KEY, lambda: "rows", timeout=3600) == "rows"
    assert kept_waits == []  # took the expired lock at once
    assert kept_cache.get(KEY) == "rows"


def test_a_caller_that_waited_its_time_builds_itself_rather_than_fail(monkeypatch):
    assert kept_cache.add(build_lock_key(KEY), "slow builder", kept.LOCK_SECONDS)
    assert kept_or_build(KEY, lambda: "rows", timeout=60, wait_seconds=0) == "rows"
    assert kept_cache.get(KEY) == "rows"
    # the other's lock stays theirs
    assert kept_cache.get(build_lock_key(KEY)) == "slow builder"


def test_a_build_that_raised_lets_the_lock_go_and_the_next_caller_builds(kept_waits):
    def broken():
        raise RuntimeError("database went away")

    with pytest.raises(RuntimeError):
        kept_or_build(KEY, broken, timeout=60)
    assert kept_cache.get(build_lock_key(KEY)) is None
    assert kept_or_build(KEY, lambda: "rows", timeout=60) == "rows"
    assert kept_waits == []
