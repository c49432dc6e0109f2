"""A deck menu says "Not legal" before the deck's name, where a phone still shows it.

A closed <select> on a 390 px phone shows the start of the chosen option and cuts the rest
("New deck · 33 cards · not legal in its form…" hid the verdict, the one word that
matters). The tournament's entry form and the lobby put the verdict first; the tournament
says under its form what the mark means, as the event's format differs from the deck's.

Set E2E_SCREENSHOTS to a folder to keep a screenshot of each form (verdict-<page>.png).
"""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Game
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services as tournament_services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("E2E_SCREENSHOTS")
LONG = "Éjlépő Kajtár és a hajnali révülők hosszú nevű paklija"


def test_a_deck_the_table_or_event_refuses_says_so_first(signed_in):
    call_command("load_cards", verbosity=0)
    organiser = make_user("szervezo", language="en")
    anna = make_user("anna", language="en")
    event = tournament_services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name="Keddi verseny"
    )
    first_cards_deck(anna, "Full deck", 15)  # 45 cards: legal, offered first
    short = first_cards_deck(anna, LONG, 11)  # 33 cards: too few
    page = signed_in(anna)
    page.set_viewport_size(PHONE)

    for name, path, menu in (
        ("tournament", event.get_absolute_url(), "#t-deck"),
        ("lobby", "/play/", "#m-deck"),
    ):
        page.goto(path)
        select = page.locator(menu)
        expect(select.locator("option")).to_have_text(
            ["Full deck · 45 cards", f"Not legal · {LONG} · 33 cards"]
        )
        select.select_option(str(short.pk))
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"verdict-{name}.png"), full_page=True)
        box = select.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)

    page.goto(event.get_absolute_url())
    expect(page.locator("#registration .help")).to_contain_text(
        "A deck marked “Not legal” breaks this event's format"
    )
