"""Issue #19 in Chromium: the print page's preview is a real picture from the first load."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

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
    owner = make_user("elozetes")
    game = Game.objects.get(slug="alomfogo")
    cards = Card.objects.filter(game=game).order_by("sort_key")[:12]
    return services.deck_create(
        owner=owner,
        game=game,
        name="Kezdő pakli",
        entries=[Entry(card=row_record(c), count=3) for c in cards],
    )


def test_the_preview_of_a_deck_loads_before_any_option_is_changed(page, deck):
    page.goto("/accounts/login/")
    page.get_by_label("Felhasználónév").fill("elozetes")
    page.get_by_label("Jelszó").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Belépés").click()

    page.goto(f"/print/new/?deck={deck.pk}")

    expect(page.locator("#print-source")).to_have_text("Ezt nyomtatod: Kezdő pakli, 36 lap.")
    preview = page.get_by_role("img", name="Az első ív előnézete")
    expect(preview).to_be_visible()
    # A broken image is "complete" too, with no pixels: wait for the load to end, then look.
    page.wait_for_function(
        "() => { const img = document.querySelector('#preview img'); return img && img.complete; }"
    )
    assert preview.evaluate("img => img.naturalWidth") > 0
