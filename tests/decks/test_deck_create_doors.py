"""Creating a deck through the API: which bodies need a game, and the builder's count buttons."""

from __future__ import annotations

import re

import pytest

from decks.models import Deck
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


# --- POST /api/decks/: a game is needed unless a deck code names it ----------------------------
@pytest.mark.parametrize(
    "body",
    [
        {"list": "3 Éjlépő Kajtár"},
        {"cards": [{"code": "AF1-001", "count": 3}]},
        {"name": "Nothing else"},
    ],
    ids=["text list", "cards", "no cards"],
)
def test_a_deck_without_a_game_or_a_deck_code_is_refused(client, owner, cards, body):
    login(client, owner)
    response = client.post("/api/decks/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "missing_game"
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("cards_sent", "entries"),
    [({}, {}), ({"list": "3 Éjlépő Kajtár"}, {"AF1-001": 3})],
    ids=["created empty", "imported from a list"],
)
def test_a_new_deck_keeps_the_settings_sent(client, owner, cards, cards_sent, entries):
    login(client, owner)
    settings = {
        "name": "Új",
        "format": "tournament",
        "description": "Később.",
        "visibility": "public",
    }
    response = client.post(
        "/api/decks/",
        {"game": "alomfogo", **settings, **cards_sent},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    deck = Deck.objects.get(owner=owner)
    assert (deck.name, deck.format, deck.description, deck.visibility) == tuple(settings.values())
    assert {e.card.code: e.count for e in deck.entries.select_related("card")} == entries


# --- the builder's − and + buttons ----------------------------------------------------------------
def _forms(html: str) -> list[str]:
    return re.findall(r'<form method="post" action="/decks/\d+/cards/".*?</form>', html, re.S)


def _fields(form: str) -> dict[str, str]:
    return dict(
        re.findall(r'<input type="hidden" name="(code|board|delta)" value="([^"]*)">', form)
    )


def test_each_entry_of_the_owners_deck_has_a_minus_and_a_plus_button(client, deck, owner):
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    kajtar = [f for f in _forms(html) if 'value="AF1-001"' in f]
    assert [_fields(f) for f in kajtar] == [
        {"code": "AF1-001", "board": "main", "delta": "-1"},
        {"code": "AF1-001", "board": "main", "delta": "1"},
    ]
    minus, plus = kajtar
    assert 'aria-label="Eggyel kevesebb: Éjlépő Kajtár">−</button>' in minus
    assert 'aria-label="Még egy: Éjlépő Kajtár">+</button>' in plus
    assert all(f'hx-post="/decks/{deck.pk}/cards/"' in f for f in kajtar)
    assert all('name="csrfmiddlewaretoken"' in f for f in kajtar)


def test_a_search_result_has_a_plus_button_for_the_main_board(client, deck, owner):
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/search/", {"q": "t:révülő cost<=1"}).content.decode()
    kajtar = [f for f in _forms(html) if 'value="AF1-001"' in f]
    assert [_fields(f) for f in kajtar] == [{"code": "AF1-001", "board": "main", "delta": "1"}]
    assert 'aria-label="Még egy: Éjlépő Kajtár">+</button>' in kajtar[0]
