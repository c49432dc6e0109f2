"""A new player's deck history in Chromium (issue #19, item 8): a sitting of edits is one
version, labelled once, compared from two real choices, restored only after asking, and
read in the reader's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_sitting_of_edits_is_one_version_that_can_be_compared_and_restored(
    signed_in, owner, deck, asgi_live_server
):
    page = signed_in(owner)
    page.goto(f"/decks/{deck.pk}/edit/")
    box = page.locator("#quick-line")
    for added in range(1, 4):
        box.fill("1 Éjlépő Kajtár")
        box.press("Enter")
        expect(page.locator(".verdict strong")).to_have_text(f"{added} lap")

    page.goto(f"/decks/{deck.pk}/history/")
    rows = page.locator(".versions > li")
    expect(rows).to_have_count(2)  # created + one burst of three edits, not four versions
    expect(rows.first).to_contain_text("+3 Éjlépő Kajtár")
    # One label per version: no list number in front of "v2".
    assert rows.first.inner_text().startswith("v2 ·")
    assert rows.first.evaluate("li => getComputedStyle(li).listStyleType") == "none"

    # The compare form offers the versions, starting on the two newest.
    expect(page.locator("select[name=a]")).to_have_value("1")
    expect(page.locator("select[name=b]")).to_have_value("2")
    page.get_by_role("button", name="Összevetés").click()
    expect(page.locator("#comparison")).to_contain_text("+3 Éjlépő Kajtár (0 → 3)")

    # Restoring asks first; cancelling leaves the deck as it is.
    rows.nth(1).get_by_role("link", name="Visszaállítás…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Visszaállítod a v1 változatot?")
    expect(page.locator(".diff")).to_contain_text("-3 Éjlépő Kajtár (3 → 0)")
    page.get_by_role("link", name="Mégse").click()
    expect(rows).to_have_count(2)

    rows.nth(1).get_by_role("link", name="Visszaállítás…").click()
    page.get_by_role("button", name="Igen, visszaállítom a v1 változatot").click()
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("Visszaállítva az 1. változat")
    assert not deck.entries.exists()

    # The same history for an English reader: the sentences are written for them.
    page.context.add_cookies(
        [{"name": "django_language", "value": "en", "url": asgi_live_server.url}]
    )
    page.reload()
    expect(rows.first).to_contain_text("Restored version 1")
    expect(rows.nth(1)).to_contain_text("+3 Kajtár Nightstepper")
    expect(rows.nth(2)).to_contain_text("Deck created")
