"""A keyboard player keeps their place: after pressing + or − the focus stays on that button.

htmx swaps the block around the button; the button keeps its id, so htmx
gives the focus back to it instead of dropping it to the top of the page.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from play.bots.decks import DEMO_DECKS
from tests.e2e.pages import log_in
from tests.factories import make_user
from tests.play_rows import codes_deck

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FOCUSED = "document.activeElement && document.activeElement.id"


def test_plus_and_minus_keep_the_keyboard_focus(page, live_server):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi")
    deck = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    log_in(page, "zsofi")

    # the card page: one more copy in my collection, by keyboard
    page.goto("/cards/AF1-002/")
    more = page.locator("#owned-AF1-002-more")
    more.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#owned-AF1-002 .owned-count")).to_have_text("1")
    assert page.evaluate(FOCUSED) == "owned-AF1-002-more"
    page.keyboard.press("Enter")  # and again, without reaching for the mouse
    expect(page.locator("#owned-AF1-002 .owned-count")).to_have_text("2")

    # the deck builder: one copy fewer of a card in the deck
    code = DEMO_DECKS["tamado"][0]
    page.goto(f"/decks/{deck.pk}/edit/")
    less = page.locator(f"#entry-main-{code}-less")
    less.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#deck-panel .verdict strong")).to_have_text("44 lap")
    assert page.evaluate(FOCUSED) == f"entry-main-{code}-less"
    expect(page.locator("#deck-status")).to_have_text("44 lap — legális")
