"""A player prints a deck in Chromium: options, progress bar, download."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import log_in, printed_pdf

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck(deck_to_print):
    return deck_to_print("nyomtato", "Asztali pakli", 15)


def test_print_a_deck_and_download_the_pdf(page, deck, tmp_path):
    log_in(page, "nyomtato")

    page.goto(f"/decks/{deck.pk}/")
    page.get_by_role("link", name="A pakli nyomtatása").click()
    expect(page.get_by_role("img", name="Az első ív előnézete")).to_be_visible()
    page.get_by_role("button", name="PDF készítése").click()

    reader = printed_pdf(page, "PDF letöltése", tmp_path / "sheets.pdf", timeout=60_000)
    assert len(reader.pages) == 10
    assert round(float(reader.pages[0].mediabox.height), 2) == 841.89
