"""On a 390 px phone each card table scrolls inside its named region, and stays a table.

The region around a table (tests/core/test_tables_in_regions.py reads the HTML) is the box
that scrolls: the page itself never scrolls sideways, the table is still laid out as a
table (not as a scrolling block, which a few screen readers stop reading as a table), and
a region wider inside than outside scrolls with the arrow keys once Tab reaches it. After
an htmx search the new results sit in their region too.

Set E2E_SCREENSHOTS to a folder to keep a screenshot of each page (regions-<page>.png).
"""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command

from tests.concurrency import aside
from tests.core.test_tables_in_regions import a_running_cup, a_trading_player
from tests.play_rows import session_key

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("E2E_SCREENSHOTS")

# Runs in the page: for each card table, how it is laid out and the region it sits in.
TABLES = """() => [...document.querySelectorAll("table.card-table")].map((table) => {
  const region = table.closest('[role="region"][tabindex="0"]');
  const named = region && (region.getAttribute("aria-label") ||
    (region.getAttribute("aria-labelledby") || "").split(" ")
      .map((id) => (document.getElementById(id) || {}).textContent || "").join(" ").trim());
  return {
    classes: table.className,
    display: getComputedStyle(table).display,
    named: !!named,
    overflows: !!region && region.scrollWidth > region.clientWidth + 1,
  };
})"""


@pytest.fixture
def seen(transactional_db, live_server):
    """The pages to look at (name: path), as zsofi sees them."""
    call_command("load_cards", verbosity=0)
    zsofi = a_trading_player()
    cup = aside(a_running_cup, zsofi)
    return zsofi, {
        "search": "/cards/?q=set:AF1&view=list",
        "set": "/cards/sets/AF1/",
        "collection": "/collection/",
        "trades": "/collection/trades/",
        "propose": "/collection/trades/propose/bence/",
        "proposal": f"/collection/trades/proposals/{zsofi.proposal.pk}/",
        "print": "/print/",
        "tournaments": "/tournaments/",
        "tournament": cup.get_absolute_url(),
        "player": f"/tournaments/{cup.pk}/players/{cup.a_player.pk}/",
    }


def test_card_tables_scroll_in_their_regions_on_a_phone(page, live_server, seen):
    zsofi, paths = seen
    page.context.add_cookies(
        [{"name": "sessionid", "value": session_key(zsofi), "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    problems, scrolled = [], []
    for name, path in paths.items():
        page.goto(path)
        page.wait_for_load_state("networkidle")
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"regions-{name}.png"), full_page=True)
        if page.evaluate("document.documentElement.scrollWidth") > PHONE["width"]:
            problems.append(f"{path}: the page scrolls sideways")
        tables = page.evaluate(TABLES)
        if not tables:
            problems.append(f"{path}: no card table")
        for table in tables:
            if table["display"] != "table" or not table["named"]:
                problems.append(f"{path}: {table}")
        # the first region that overflows scrolls with the keyboard
        overflowing = page.locator('[role="region"][tabindex="0"]:has(table.card-table)')
        for i in range(overflowing.count()):
            region = overflowing.nth(i)
            if region.evaluate("(r) => r.scrollWidth > r.clientWidth + 1"):
                region.focus()
                page.keyboard.press("ArrowRight")
                page.wait_for_function("(r) => r.scrollLeft > 0", arg=region.element_handle())
                scrolled.append(name)
                break
    assert not problems, problems
    assert "tournament" in scrolled  # seven columns of standings are wider than the phone

    # a search typed into the collection's box: htmx swaps the results, region and all
    page.goto("/collection/")
    page.fill("#q", "set:AF1")
    page.wait_for_url("**/collection/?q=set*")
    page.wait_for_load_state("networkidle")
    tables = page.evaluate(TABLES)
    assert [(t["display"], t["named"]) for t in tables] == [("table", True)]
