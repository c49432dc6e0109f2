"""A phone 390 px wide: the builder and the search syntax page fit, nothing sticks out."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
# Set to a folder to keep the screenshots for a look.
SHOTS = os.environ.get("E2E_SCREENSHOTS")


def overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def fully_visible(page, locator) -> None:
    box = locator.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_the_builder_fits_a_phone(signed_in, owner, deck):
    page = signed_in(owner)
    page.set_viewport_size(PHONE)
    page.goto(f"/decks/{deck.pk}/edit/")
    page.locator("#builder-q").fill("t:révülő")
    expect(page.locator("#builder-results li").first).to_be_visible()
    page.locator("#quick-line").fill("2 Jegszem Sojana")
    page.locator("#quick-line").press("Enter")
    expect(page.locator("#quick-add-feedback [role=alert]")).to_be_visible()
    shot(page, "builder-390")
    assert overflow(page) <= PHONE["width"]
    fully_visible(page, page.get_by_role("button", name="Hozzáadás", exact=True))
    fully_visible(page, page.get_by_role("button", name="Keresés", exact=True))


def test_the_search_syntax_page_fits_a_phone(page):
    page.set_viewport_size(PHONE)
    page.goto("/cards/syntax/")
    expect(page.locator("table").first).to_be_visible()
    shot(page, "syntax-390")
    assert overflow(page) <= PHONE["width"]


def test_the_new_deck_form_shows_only_what_a_player_fills_in(signed_in, owner, deck):
    page = signed_in(owner)
    page.goto("/decks/new/?card=AF1-001")
    form = page.locator("main form")
    expect(form.locator("label")).to_have_text(["Játék:", "Név:"])
    expect(form).not_to_contain_text("Card")


def test_the_lobby_with_long_deck_names_fits_a_phone(signed_in, owner, deck):
    """Each deck option says its size and, when the table would refuse it, why: a long
    name and a long note must not widen the page past the phone."""
    deck.name = "Éjlépő Kajtár és a hajnali révülők hosszú nevű paklija"
    deck.save(update_fields=["name"])
    page = signed_in(owner)
    page.set_viewport_size(PHONE)
    page.goto("/play/")
    expect(page.locator("#m-deck option")).to_contain_text(["Nem szabályos · "])
    shot(page, "lobby-390")
    assert overflow(page) <= PHONE["width"]
    fully_visible(page, page.locator("#m-deck"))
