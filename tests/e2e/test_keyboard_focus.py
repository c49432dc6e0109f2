"""A keyboard player keeps their place: after pressing + or − the focus stays on that button.

htmx swaps the block around the button; the button keeps its id, so htmx
gives the focus back to it instead of dropping it to the top of the page.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from play.bots.alomfogo_cards import DEMO_DECKS
from tests.e2e.pages import HTMX_BUSY, log_in
from tests.factories import make_user
from tests.play_rows import codes_deck

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUSED = "document.activeElement && document.activeElement.id"


def focus_comes_back_to(page, element_id: str) -> None:
    """htmx gives the focus back as it swaps the block in; the next key waits until the swap
    has settled, as a person's would (a key pressed within its 20 ms raced it)."""
    focused = ""
    for _ in range(50):
        if (focused := page.evaluate(FOCUSED)) == element_id and not page.evaluate(HTMX_BUSY):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the focus is on {focused!r}, not on {element_id!r}")


def test_plus_and_minus_keep_the_keyboard_focus(page, live_server):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi")
    deck = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    log_in(page, "zsofi")

    # the card page: copies in my collection, by keyboard, without reaching for the mouse
    page.goto("/cards/AF1-002/")
    count = page.locator("#owned-AF1-002 .owned-count")
    page.locator("#owned-AF1-002-more").focus()
    page.keyboard.press("Enter")
    expect(count).to_have_text("1")
    focus_comes_back_to(page, "owned-AF1-002-more")
    # back to none with −: the button keeps the focus, and says it can go no lower
    page.locator("#owned-AF1-002-less").focus()
    page.keyboard.press("Enter")
    expect(count).to_have_text("0")
    focus_comes_back_to(page, "owned-AF1-002-less")
    expect(page.locator("#owned-AF1-002-less")).to_have_attribute("aria-disabled", "true")

    # the deck builder: one copy fewer of a card in the deck
    code = DEMO_DECKS["tamado"][0]
    page.goto(f"/decks/{deck.pk}/edit/")
    page.locator(f"#entry-main-{code}-less").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#deck-panel .verdict strong")).to_have_text("44 lap")
    focus_comes_back_to(page, f"entry-main-{code}-less")
    expect(page.locator("#deck-status")).to_have_text("44 lap — legális")
    # its last copies: the row goes, and the focus with it would fall to the top of the page;
    # it stays in the deck's panel, where the next Tab goes on
    page.keyboard.press("Enter")
    expect(page.locator("#deck-panel .verdict strong")).to_have_text("43 lap")
    focus_comes_back_to(page, f"entry-main-{code}-less")
    page.keyboard.press("Enter")
    expect(page.locator("#deck-panel .verdict strong")).to_have_text("42 lap")
    expect(page.locator(f"#entry-main-{code}-less")).to_have_count(0)
    focus_comes_back_to(page, "deck-panel")
    # the "built" switch keeps its place whichever way it points
    page.goto(f"/decks/{deck.pk}/edit/")
    page.locator("#deck-built-switch").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#built-state")).to_be_visible()
    focus_comes_back_to(page, "deck-built-switch")
