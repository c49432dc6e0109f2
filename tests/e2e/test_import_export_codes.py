"""Import and export in Chromium: a suggestion's button fixes its line, the deck-code page
copies the code, and the code pasted in the list box imports the deck (issue #19, item 9)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from decks.models import Deck

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck(transactional_db, owner):
    call_command("load_cards", verbosity=0)
    kajtar = Card.objects.select_related("game", "card_set").get(code="AF1-001")
    return services.deck_create(
        owner=owner,
        game=Game.objects.get(slug="alomfogo"),
        name="Kajtár háza",
        entries=[Entry(card=row_record(kajtar), count=3)],
    )


def test_a_suggestion_button_fixes_the_misspelt_line(signed_in, owner, deck):
    page = signed_in(owner)
    page.goto("/decks/import/")
    page.get_by_label("Játék").select_option("alomfogo")
    page.get_by_label("Név").fill("Jégpakli")
    page.get_by_label("Laplista").fill("3 Éjlépő Kajtár\n2 Jegszem Sojana")
    page.get_by_role("button", name="Importálás", exact=True).click()

    banner = page.locator(".search-error[role=alert]")
    expect(banner).to_contain_text("Jegszem Sojana")
    expect(page.locator(".form-errors")).to_have_count(0)
    suggestion = banner.get_by_role("button", name="Jégszem Soyana")
    expect(suggestion).to_have_count(1)
    assert banner.inner_text().count("Soyana") == 1
    suggestion.click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Jégpakli")
    expect(page.locator(".verdict strong")).to_have_text("5 lap")
    expect(page.locator("#deck-panel")).to_contain_text("Jégszem Soyana")


def test_copy_the_deck_code_and_paste_it_in_the_list_box(signed_in, owner, deck):
    page = signed_in(owner)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/decks/{deck.pk}/edit/")
    page.get_by_role("link", name="Paklikód").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Kajtár háza")
    assert "Kajtár háza" in page.title()
    page.bring_to_front()  # the clipboard writes for the focused page only
    page.get_by_role("button", name="Kód másolása").click()
    expect(page.get_by_role("status").filter(has_text="Kimásolva.")).to_be_visible()
    code = page.evaluate("navigator.clipboard.readText()")
    assert code == page.locator("#deck-code").input_value() and len(code) > 10

    page.goto("/decks/import/")
    page.get_by_label("Név").fill("Másolat")
    page.get_by_label("Laplista").fill(code)
    page.get_by_role("button", name="Importálás", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Másolat")
    expect(page.locator(".verdict strong")).to_have_text("3 lap")
    copy = Deck.objects.get(name="Másolat")
    assert list(copy.entries.values_list("card__code", "count")) == [("AF1-001", 3)]
