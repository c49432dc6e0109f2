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
