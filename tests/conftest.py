"""Shared fixtures: personas and the rule that CI never skips a service test."""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command

from tests.factories import make_user


def require(condition: bool, reason: str) -> None:
    """Skip a test whose service is missing, except on CI, where it fails.

    CI promises real PostgreSQL, Redis and Chromium, so a missing one there
    is a broken build, not a reason to skip.
    """
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def fresh_worker_verdict():
    """The health check keeps the worker's verdict a few seconds per process: each test asks
    the worker afresh (a verdict from an eager test would answer for a real worker)."""
    from core import health

    health._worker_verdict = None


@pytest.fixture(autouse=True)
def nothing_kept_from_another_test():
    """Each test starts with an empty `kept` cache (core.kept): what an earlier test kept
    under a key naming ids (a player's partners, an event's standings) would answer for
    the rows a later test makes with the same ids."""
    from core.kept import kept_cache

    kept_cache.clear()


@pytest.fixture
def kept_waits(monkeypatch):
    """The rests of each caller waiting for another's build (core.kept.kept_or_build), as
    (thread, lock). On a slow machine nobody gives up waiting, and a build held by its test
    keeps its lock (the fallback build after WAIT_SECONDS and a lock's expiry after
    LOCK_SECONDS have tests of their own): a CI run saw a held build's 5-second lock expire
    before the other requests came to wait, and each of five built in turn."""
    import threading

    from core import kept

    seen: list[tuple[int, str]] = []
    real = kept._pause
    # longer than the tests hold a build (30 s at most), so that no lock expires under it
    monkeypatch.setattr(kept, "WAIT_SECONDS", 60)
    monkeypatch.setattr(kept, "LOCK_SECONDS", 60)
    monkeypatch.setattr(
        kept, "_pause", lambda lock: seen.append((threading.get_ident(), lock)) or real(lock)
    )
    return seen


@pytest.fixture(autouse=True)
def site_language_after_each_test():
    """A request through the test client activates the visitor's language in this thread
    and leaves it there: the next test (in whatever order a run gives) starts in the site's
    own language again, not in the last visitor's."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def rates_counted(settings, monkeypatch):
    """django-ratelimit on (config/settings_test.py has it off), fresh counts before and
    after, and its clock held still: its windows end at a second that differs per key, so
    a window that ended between two requests of a test would start the count again (a CI
    run saw a second write within a limit of one let through). Returns the clock: move it
    on with `clock.now += seconds`."""
    from types import SimpleNamespace

    from django.core.cache import cache
    from django_ratelimit import core as ratelimit_core

    clock = SimpleNamespace(now=1_700_000_000.0)
    monkeypatch.setattr(ratelimit_core, "time", SimpleNamespace(time=lambda: clock.now))
    settings.RATELIMIT_ENABLE = True
    cache.clear()
    yield clock
    cache.clear()


@pytest.fixture(params=[True, False], ids=["debug", "no-debug"])
def debug(request, settings):
    """Every case both ways: `make run` has DEBUG on, a server has it off. pytest-django
    turns DEBUG off; a live server forks after this runs and keeps the value."""
    settings.DEBUG = request.param
    return request.param


@pytest.fixture
def owner(db):
    return make_user("owner")


@pytest.fixture
def stranger(db):
    return make_user("stranger")


@pytest.fixture(scope="session")
def catalog_data(django_db_setup, django_db_blocker):
    """The shipped card data, loaded once per test database."""
    with django_db_blocker.unblock():
        call_command("load_cards", verbosity=0)


@pytest.fixture
def cards(catalog_data, db):
    """Tests that read the shipped catalog."""
    from catalog.models import Card

    return Card.objects


def pytest_xdist_make_scheduler(config, log):
    """`pytest -n`: whole modules to each worker, in Django's test order (tests/xdist_order.py)."""
    from tests.xdist_order import ModuleRunScheduling

    return ModuleRunScheduling(config, log)
