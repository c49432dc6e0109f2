"""An English reader of the deck import and export meets the cards' English names.

The import's help and box said “3 Éjlépő Kajtár” on English pages, and so did the refusal
of a line it could not read; the JSON export named each card only in Hungarian.
Persona: the owner, importing and exporting decks on an English page.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from decks.models import Deck
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


def english(client, owner):
    login(client, owner)
    client.cookies["django_language"] = "en"


def import_page(client) -> str:
    return unescape(client.get("/decks/import/").content.decode())


def box_example(page: str) -> str:
    """The first line of the card list box's placeholder."""
    return re.search(r'<textarea[^>]*placeholder="([^"\n]*)', page).group(1)


def test_the_import_help_names_its_example_card_in_english(client, owner, cards):
    english(client, owner)
    page = import_page(client)
    help_text = re.search(r"One card a line:[^<]*", page).group(0)
    assert "“3 Kajtár Nightstepper”" in help_text and "Éjlépő" not in help_text
    assert box_example(page) == "3 Kajtár Nightstepper"
    # the example imports as written
    response = client.post(
        "/decks/import/", {"game": "alomfogo", "name": "Példa", "text": box_example(page)}
    )
    assert response.status_code == 302
    deck = Deck.objects.get(name="Példa")
    assert [(e.card.code, e.count) for e in deck.entries.all()] == [("AF1-001", 3)]


def test_the_hungarian_import_box_names_the_card_in_hungarian(client, owner, cards):
    login(client, owner)
    assert box_example(import_page(client)) == "3 Éjlépő Kajtár"


def test_an_unreadable_line_is_answered_with_an_english_example(client, owner, cards):
    english(client, owner)
    response = client.post("/decks/import/", {"game": "alomfogo", "text": "abc 3x"})
    page = unescape(response.content.decode())
    assert "Can't read this line" in page
    assert "“3 Kajtár Nightstepper”" in page and "Éjlépő" not in page


def test_the_json_export_names_each_card_in_english_too_and_reads_back(client, owner, deck):
    english(client, owner)
    exported = client.get(f"/decks/{deck.pk}/export/json/").content.decode()
    data = json.loads(exported)
    kajtar = next(card for card in data["cards"] if card["code"] == "AF1-001")
    assert kajtar["name"] == "Éjlépő Kajtár" and kajtar["name_en"] == "Kajtár Nightstepper"

    response = client.post("/decks/import/", {"game": "alomfogo", "name": "Back", "text": exported})
    assert response.status_code == 302
    again = Deck.objects.get(name="Back")

    def cards_of(d):
        return sorted(d.entries.values_list("card__code", "count", "board"))

    assert cards_of(again) == cards_of(deck)
