"""The deck builder in Chromium: deleting a deck asks first (with and without JavaScript),
and the quick add suggests the names of the deck's own game.

Deleting was one press of "A pakli törlése"; the suggestions of an Álomfogó deck once
listed ONIROO's and Arcane Guardian's cards, which its add then refused.
Persona: the owner of a deck.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_deleting_a_deck_asks_first(signed_in, owner, deck, javascript):
    page = signed_in(owner, javascript=javascript)
    page.goto(f"/decks/{deck.pk}/settings/")
    ask = page.locator("details.deck-delete summary")
    confirm = page.locator("details.deck-delete button[type=submit]")
    expect(ask).to_have_text("A pakli törlése")
    expect(confirm).to_be_hidden()

    ask.click()  # the first press only asks
    expect(confirm).to_be_visible()
    expect(page.locator("details.deck-delete")).to_contain_text("A törölt pakli")
    assert Deck.objects.filter(pk=deck.pk).exists()
    ask.click()  # and closes again: nothing happened
    expect(confirm).to_be_hidden()

    ask.click()
    confirm.click()
    expect(page).to_have_url(re.compile(r"/decks/$"))  # my decks
    expect(page.locator("ul.messages")).to_contain_text("A paklit töröltük.")
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_the_quick_add_suggests_the_decks_own_games_names(signed_in, owner, deck):
    page = signed_in(owner)
    page.goto(f"/decks/{deck.pk}/edit/")
    box = page.locator("#quick-line")
    with page.expect_response("**/decks/names/**"):
        box.press_sequentially("2 Vill")
    options = page.locator("#card-names option")
    expect(options).to_have_count(1)  # not ONIROO's Villanykörte, nor Arcane Guardian's Windmill
    assert options.first.get_attribute("value") == "Villámcsapás"
    box.fill("2 Villámcsapás")
    box.press("Enter")
    expect(page.locator(".verdict strong")).to_have_text("2 lap")
