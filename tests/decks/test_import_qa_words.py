"""What the deck import says about a list: QA's findings, each a player-visible problem.

Persona: the owner, importing into an Álomfogó deck on a Hungarian (or English) page.
A card of another game was "no such card"; the suggestions were English names on a
Hungarian page; a bad count sat under "these lines name no card"; a list and a deck
code filled in together imported the code and dropped the list without a word.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from decks.models import Deck
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


def page_text(response) -> str:
    return unescape(re.sub(r"<[^>]*>", " ", response.content.decode()))


def import_page(client, owner, language: str, **fields):
    login(client, owner)
    client.cookies["django_language"] = language
    return client.post("/decks/import/", {"game": "alomfogo", "name": "Próba", **fields})


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("2 Sárkány", "„Sárkány” egy másik játék lapja: ONIROO."),
        ("2 AG-003", "„AG-003” egy másik játék lapja: Arcane Guardian."),
    ],
)
def test_a_card_of_another_game_is_named_as_such(client, owner, cards, line, said):
    response = import_page(client, owner, "hu", text=f"3 Éjlépő Kajtár\n{line}")
    assert response.status_code == 400
    shown = page_text(response)
    assert said in shown
    assert "Nincs „" not in shown
    assert not Deck.objects.filter(owner=owner).exists()


def test_a_card_of_another_game_in_english_and_in_a_deck_file(client, owner, cards):
    login(client, owner)
    client.cookies["django_language"] = "en"
    body = {"game": "alomfogo", "list": '{"cards": [{"code": "AG-003", "count": 1}]}'}
    answer = client.post("/api/decks/", body, content_type="application/json")
    assert answer.status_code == 400
    [line] = answer.json()["error"]["lines"]
    assert line["message"] == "“AG-003” is a card of another game: Arcane Guardian."


@pytest.mark.parametrize(
    ("language", "offered", "not_offered"),
    [("hu", "Villámcsapás", "Lightning Strike"), ("en", "Lightning Strike", "Villámcsapás")],
)
def test_suggestions_are_names_in_the_pages_language(
    client, owner, cards, language, offered, not_offered
):
    response = import_page(client, owner, language, text="2 Lightning Strik")
    html = unescape(response.content.decode())
    buttons = re.findall(r'<button[^>]*name="fix"[^>]*>([^<]*)</button>', html)
    assert offered in buttons
    assert not_offered not in buttons


def test_a_bad_count_is_not_listed_as_an_unknown_card(client, owner, cards):
    response = import_page(client, owner, "hu", text="3 Éjlépő Kajtár\n0 Jégszem Soyana")
    assert response.status_code == 400
    shown = page_text(response)
    assert "A darabszám 1 és 99 között lehet" in shown
    assert "nem ismert lapot" not in shown
    assert "Néhány sort nem tudtunk értelmezni" in shown


def test_a_list_and_a_code_together_are_refused_and_nothing_is_imported(client, owner, deck):
    login(client, owner)
    code = client.get(f"/decks/{deck.pk}/export/code/").content.decode()
    response = import_page(client, owner, "hu", text="3 Éjlépő Kajtár", code=code)
    assert response.status_code == 400
    assert "ne mindkettőt" in page_text(response) or "not both" in page_text(response)
    assert Deck.objects.filter(owner=owner).count() == 1


@pytest.mark.parametrize(
    "extra",
    [
        {"code": "CODE"},
        {"cards": [{"code": "AF1-001", "count": 3}]},
    ],
)
def test_the_api_refuses_a_list_sent_with_other_cards(client, owner, deck, extra):
    login(client, owner)
    client.cookies["django_language"] = "en"
    if extra.get("code") == "CODE":
        extra = {"code": client.get(f"/decks/{deck.pk}/export/code/").content.decode()}
    body = {"game": "alomfogo", "list": "3 Éjlépő Kajtár", **extra}
    answer = client.post("/api/decks/", body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "cards_sent_twice"
    assert Deck.objects.filter(owner=owner).count() == 1

    changed = client.patch(f"/api/decks/{deck.pk}/", body, content_type="application/json")
    assert changed.status_code == 400
    assert changed.json()["error"]["code"] == "cards_sent_twice"
    deck.refresh_from_db()
    assert deck.entries.count() > 1
