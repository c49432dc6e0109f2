"""The propose form on a 390 px phone, in English: a refused row says why in a sentence.

The reason a row was refused ("You do not have this many free copies.") stood in the
narrow Copies cell, one or two words a line down six lines; it now reads on a line or two
under the row, inside the window, and is still the count box's description for a screen
reader. The form's column headings are whole and inside the window too.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from collection import trades
from tests.factories import make_user, own

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
NOT_FREE = "You do not have this many free copies."

# Runs in the page on an element: how many lines its text takes, and its box.
LINES = """(node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  const box = node.getBoundingClientRect();
  return { lines: tops.size, left: box.left, right: box.right };
}"""


def test_a_refused_rows_reason_reads_in_a_line_or_two_on_a_phone(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en", trades_open=True)
    gergo = make_user("gergo", language="en", trades_open=True)
    own(zsofi, AF1_001=5)
    own(gergo, AF1_002=5)
    trades.trade_entry_set(user=gergo, code="AF1-001", side="want", count=2)
    trades.trade_entry_set(user=zsofi, code="AF1-002", side="want", count=2)
    for player in (zsofi, gergo):  # their default have lists, as a trade page writes them
        trades.trade_lists_refresh(user=player)
    page = signed_in(zsofi)
    page.set_viewport_size(PHONE)

    page.goto("/collection/trades/propose/gergo/")
    for heading in ("Free", "For trade"):
        cell = page.get_by_role("columnheader", name=heading, exact=True)
        expect(cell).to_be_visible()
        assert cell.evaluate(LINES)["right"] <= PHONE["width"]
    box = page.locator("#id_give_AF1-001")
    box.fill("9")
    page.get_by_role("button", name="Send the proposal").click()

    reason = page.locator("#error-id_give_AF1-001")
    expect(reason).to_have_text(NOT_FREE)
    seen = reason.evaluate(LINES)
    assert seen["lines"] <= 2, f"the reason takes {seen['lines']} lines"
    assert 0 <= seen["left"] and seen["right"] <= PHONE["width"], seen
    expect(page.locator("#id_give_AF1-001")).to_have_accessible_description(NOT_FREE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
