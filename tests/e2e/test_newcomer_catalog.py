"""Issue #19 items 11 and 13 in Chromium: a readable cost curve, deck pictures, the game
page on a phone, the rulebook's words in the search box."""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from decks.models import Visibility

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
READABLE_PX = 11
# Set to a folder to keep screenshots for a look.
SHOTS = os.environ.get("E2E_SCREENSHOTS")

# The on-screen size of every label in the cost curve: its font size in the
# drawing's units times the drawing's scale on the page.
LABEL_SIZES = """() => {
  const svg = document.querySelector('.curve svg');
  const scale = svg.getScreenCTM().a;
  const size = t => parseFloat(getComputedStyle(t).fontSize);
  return [...svg.querySelectorAll('text')].map(t => size(t) * scale);
}"""


@pytest.fixture
def deck(transactional_db, owner):
    call_command("load_cards", verbosity=0)
    cards = Card.objects.filter(game__slug="alomfogo", cost__isnull=False).order_by("sort_key")
    entries = [Entry(row_record(card), 3) for card in cards[:12]]
    return services.deck_create(
        owner=owner,
        game=Game.objects.get(slug="alomfogo"),
        name="Görbe",
        visibility=Visibility.PUBLIC,
        entries=entries,
    )


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE])
def test_the_cost_curve_labels_are_readable_in_the_builder(signed_in, owner, deck, viewport):
    page = signed_in(owner)
    page.set_viewport_size(viewport)
    page.goto(f"/decks/{deck.pk}/edit/")
    curve = page.locator(".curve svg")
    curve.scroll_into_view_if_needed()
    expect(curve).to_be_visible()
    assert curve.bounding_box()["width"] >= 280
    sizes = page.evaluate(LABEL_SIZES)
    assert len(sizes) > 10  # ticks, counts, costs, axis names, legend
    assert min(sizes) >= READABLE_PX, sizes
    if SHOTS:
        curve.screenshot(path=f"{SHOTS}/curve-{viewport['width']}.png")
    legend = page.locator(".curve svg .legend text").first
    assert legend.bounding_box()["x"] + legend.bounding_box()["width"] <= viewport["width"]


def test_a_deck_page_shows_the_card_pictures(page, live_server, deck):
    page.goto(f"/decks/{deck.pk}/")
    pictures = page.locator(".deck-pictures img")
    expect(pictures).to_have_count(12)
    first = pictures.first
    assert first.get_attribute("loading") == "lazy"
    first.scroll_into_view_if_needed()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=first.element_handle()
    )


def test_the_game_page_on_a_phone(page, live_server, deck):
    page.set_viewport_size(PHONE)
    page.goto("/cards/games/oniroo/")
    expect(page.get_by_role("heading", name="Néhány lap")).to_be_visible()
    expect(
        page.get_by_role("heading", name="Honnan származnak a szabályok és a lapok")
    ).to_be_visible()
    expect(page.locator(".sample-cards img")).to_have_count(6)
    expect(page.get_by_role("link", name="szimbólumkártya", exact=True)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # two pictures side by side, not one picture filling the phone
    boxes = [page.locator(".sample-cards li").nth(i).bounding_box() for i in range(2)]
    assert boxes[0]["y"] == boxes[1]["y"]
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/game-390.png", full_page=True)


def test_the_rulebook_words_in_the_search_box(page, live_server, deck):
    page.goto("/cards/?q=csoport%3A%C3%A1llatvil%C3%A1g&view=list")
    expect(page.locator(".reading")).to_contain_text("csoportja állatok — 17 lap")
    page.goto("/cards/?q=alomfogo")
    page.locator(".search-hint a").click()
    expect(page).to_have_url(f"{live_server.url}/cards/?q=game%3Aalomfogo&view=grid")
    expect(page.locator(".reading")).to_contain_text("amelyek játéka Álomfogó")
