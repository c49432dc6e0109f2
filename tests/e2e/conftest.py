"""End-to-end tests: Playwright drives Debian's Chromium against a live server.

Playwright's own browser download is never used: the tests launch
/usr/bin/chromium (apt-get install chromium), and skip without it except on
CI, where they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import require

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


# Module scope: Playwright's sync API keeps an event loop running in this
# thread while it is open, and code under test that calls async_to_sync
# (the channel layer) must not run beside it in later test modules.
@pytest.fixture(scope="module")
def browser():
    require(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls
    # the tests make to set up data are still plain synchronous code.
    mp = pytest.MonkeyPatch()
    mp.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()
    mp.undo()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    # Let every request the page started (card pictures, htmx swaps) finish
    # before the test database is emptied: a request still reading while the
    # tables are truncated deadlocks PostgreSQL.
    try:
        page.wait_for_load_state("networkidle", timeout=15_000)
    finally:
        context.close()


# The forked server must not touch what it inherited from the test process:
# closing an inherited PostgreSQL connection would end the parent's session.
_inherited: list = []


def _fresh_child_process() -> None:
    """Runs first in the forked server: own database connections, executor and channel layer."""
    from concurrent.futures import ThreadPoolExecutor

    from asgiref.sync import SyncToAsync
    from channels.layers import channel_layers
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        _inherited.append(conn.connection)  # kept alive, never closed, never used
        conn.connection = None
    # PostgreSQL's connection pool (one per process, DB_POOL_MAX_SIZE) is a
    # class attribute: left in place, the child would borrow the parent's
    # sockets. Kept alive like the connections, so closing never ends the
    # parent's sessions; the child opens a pool of its own on first use.
    from django.db.backends.postgresql.base import DatabaseWrapper

    _inherited.append(dict(DatabaseWrapper._connection_pools))
    DatabaseWrapper._connection_pools.clear()
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    channel_layers.backends = {}


@pytest.fixture
def asgi_live_server(transactional_db):
    """The whole site, pages and websockets, served by daphne in a forked process.

    pytest-django's `live_server` speaks only WSGI; the live table needs ASGI.
    The child inherits the test settings, so it uses the test database (a file
    on SQLite, see config/settings_test.py), the test channel layer and eager
    Celery tasks (bot moves run in the server process).
    """
    from functools import partial
    from types import SimpleNamespace

    from channels.testing.live import make_application
    from daphne.testing import DaphneProcess
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections

    for conn in connections.all():
        require(
            conn.vendor != "sqlite" or not conn.is_in_memory_db(),
            "the ASGI live server needs a test database on disk",
        )
    process = DaphneProcess(
        "localhost",
        partial(make_application, static_wrapper=ASGIStaticFilesHandler),
        setup=_fresh_child_process,
    )
    process.start()
    if not process.ready.wait(timeout=30):
        process.terminate()
        raise RuntimeError("the ASGI test server did not start")
    yield SimpleNamespace(url=f"http://localhost:{process.port.value}")
    process.terminate()
    process.join(timeout=10)
    if process.is_alive():  # a server left running holds Playwright's pipes open
        process.kill()
        process.join(timeout=10)


@pytest.fixture
def deck(transactional_db, owner):
    """The owner's Álomfogó deck, still empty, in the deck builder's tests; the cards are
    loaded. A module that needs cards in it has its own `deck`."""
    from django.core.management import call_command

    from catalog.models import Game
    from decks import services

    call_command("load_cards", verbosity=0)
    return services.deck_create(
        owner=owner, game=Game.objects.get(slug="alomfogo"), name="Éjpakli", entries=[]
    )


@pytest.fixture
def deck_to_print(live_server, settings, tmp_path):
    """`deck_to_print(username, name, kinds)`: a new player's deck of the first `kinds`
    Álomfogó cards, 3 of each; the cards are loaded and the printed files stay in tmp_path."""
    from django.core.management import call_command

    from tests.factories import make_user
    from tests.play_rows import first_cards_deck

    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_cards", verbosity=0)

    def make(username: str, name: str, kinds: int):
        return first_cards_deck(make_user(username), name, kinds)

    return make


@pytest.fixture
def loaded(live_server):
    """The shipped cards, loaded for a page served by the live server."""
    from django.core.management import call_command

    call_command("load_cards", verbosity=0)


@pytest.fixture
def signed_in(browser, asgi_live_server):
    """`signed_in(user)`: a new browser context (its own cookies) where `user` is logged in;
    `signed_in(user, javascript=False)`: the same with JavaScript off."""
    from tests.play_rows import session_key

    contexts = []

    def open_as(user, *, javascript: bool = True):
        context = browser.new_context(
            base_url=asgi_live_server.url, locale="en-US", java_script_enabled=javascript
        )
        context.add_cookies(
            [{"name": "sessionid", "value": session_key(user), "url": asgi_live_server.url}]
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_as
    for context in contexts:
        context.close()


@pytest.fixture
def seed_file(tmp_path, monkeypatch):
    """New matches take their seed from a file the test writes once the cards are loaded.

    Requested before the live server forks, so the server process inherits the
    patched default; a test fixes the deal only to be sure the moments it checks
    happen, and then plays it through the browser.
    """
    from play.models import Match

    path = tmp_path / "seed"
    path.write_text("1")
    monkeypatch.setattr(Match._meta.get_field("seed"), "default", lambda: int(path.read_text()))
    return path
