"""A new player builds a tournament deck in Chromium, exports it and imports it back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from decks.models import Deck
from tests.e2e.pages import new_alomfogo_deck, sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_sign_up_build_45_cards_export_and_import_the_code(page, live_server, loaded):
    sign_up(page, "hunorka", "kartya-var-2026!")
    new_alomfogo_deck(page, "Verseny")
    page.get_by_role("link", name="Beállítások").click()
    page.get_by_label("Formátum").select_option("tournament")
    page.get_by_role("button", name="Mentés").click()

    verdict = page.locator(".verdict")
    page.get_by_label("Keresés (a katalógus keresőnyelvén)").fill("game:alomfogo")
    results = page.locator("#builder-results li")
    expect(results.first).to_be_visible()
    added = 0
    for index in range(15):
        plus = results.nth(index).get_by_role("button")
        for _ in range(3):
            plus.click()
            added += 1
            expect(verdict.locator("strong")).to_have_text(f"{added} lap")
        if added == 42:
            expect(verdict).to_have_class("verdict is-invalid")
    expect(verdict).to_have_class("verdict is-valid")
    expect(verdict).to_contain_text("legális")

    deck = Deck.objects.get(name="Verseny")
    text = page.request.get(f"/decks/{deck.pk}/export/text/").text()
    assert text.count("\n") >= 15 and text.startswith("3 ")
    code = page.request.get(f"/decks/{deck.pk}/export/code/").text()

    page.goto("/decks/import/")
    page.get_by_label("Játék").select_option("alomfogo")
    page.get_by_label("Név").fill("Visszatöltve")
    page.get_by_label("…vagy egy paklikód").fill(code)
    page.get_by_role("button", name="Importálás").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Visszatöltve")
    expect(page.locator(".verdict strong")).to_have_text("45 lap")
    copy = Deck.objects.get(name="Visszatöltve")
    assert sorted(copy.entries.values_list("card__code", "count")) == sorted(
        deck.entries.values_list("card__code", "count")
    )


def test_quick_add_clears_the_box_once_the_line_is_added(signed_in, owner, loaded):
    # The reset is a listener in static/js/forms.js: the policy forbids the
    # inline hx-on handler it used to be.
    from catalog.models import Game
    from decks import services

    deck = services.deck_create(
        owner=owner, game=Game.objects.get(slug="alomfogo"), name="Gyors", entries=[]
    )
    page = signed_in(owner)
    page.goto(f"/decks/{deck.pk}/edit/")
    box = page.locator("#quick-line")
    box.fill("2 Éjlépő Kajtár")
    box.press("Enter")
    expect(page.locator(".verdict strong")).to_have_text("2 lap")
    expect(box).to_have_value("")
