"""A player prints a deck in Chromium: options, progress bar, download."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect
from pypdf import PdfReader

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck(live_server, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_cards", verbosity=0)
    owner = make_user("nyomtato")
    game = Game.objects.get(slug="alomfogo")
    cards = (
        Card.objects.filter(game=game).select_related("game", "card_set").order_by("sort_key")[:15]
    )
    return services.deck_create(
        owner=owner,
        game=game,
        name="Asztali pakli",
        entries=[Entry(card=row_record(c), count=3) for c in cards],
    )


def test_print_a_deck_and_download_the_pdf(page, deck, tmp_path):
    page.goto("/accounts/login/")
    page.get_by_label("Felhasználónév").fill("nyomtato")
    page.get_by_label("Jelszó").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Belépés").click()

    page.goto(f"/decks/{deck.pk}/")
    page.get_by_role("link", name="A pakli nyomtatása").click()
    expect(page.get_by_role("img", name="Az első ív előnézete")).to_be_visible()
    page.get_by_role("button", name="PDF készítése").click()

    expect(page.locator("#job-progress")).to_have_attribute("value", "100", timeout=60_000)
    with page.expect_download() as download_info:
        page.get_by_role("link", name="PDF letöltése").click()
    path = tmp_path / "sheets.pdf"
    download_info.value.save_as(path)
    reader = PdfReader(path)
    assert len(reader.pages) == 10
    assert round(float(reader.pages[0].mediabox.height), 2) == 841.89
