"""A deck name that shows nothing is refused with `bad_name`, never taken for no name.

A PATCH of "" or "\u200b" answered 200 and kept the old name; a new deck sent such a
name was silently called "Új pakli". Tournaments refuse the same names (core.text.trimmed
judges both). A name not sent at all still means the default name.
"""

from __future__ import annotations

import pytest

from decks.models import Deck
from tests.decks.conftest import database, login

pytestmark = pytest.mark.django_db

# spaces; a zero-width space; a Hangul filler; five combining accents on nothing; a mix
BLANK = ["", "   ", "\u200b", "\u3164", "\u0301" * 5, " \u200b\u3164\ufe0f "]


def _english(client):
    client.cookies["django_language"] = "en"


@pytest.mark.parametrize("typed", BLANK)
def test_a_patch_to_a_name_that_shows_nothing_is_refused_and_changes_nothing(
    client, owner, deck, typed
):
    login(client, owner)
    _english(client)
    before = database()

    answer = client.patch(
        f"/api/decks/{deck.pk}/",
        {"name": typed, "description": "új leírás"},
        content_type="application/json",
    )

    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_name"
    assert error["field"] == "name"
    assert "shows nothing" in error["message"]
    assert database() == before


@pytest.mark.parametrize("typed", BLANK)
def test_a_new_deck_sent_a_name_that_shows_nothing_is_refused(client, owner, cards, typed):
    login(client, owner)
    _english(client)

    answer = client.post(
        "/api/decks/", {"game": "alomfogo", "name": typed}, content_type="application/json"
    )

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_name"
    assert "shows nothing" in answer.json()["error"]["message"]
    assert not Deck.all_objects.exists()


@pytest.mark.parametrize("typed", ["\u3164", "\u0301" * 5])
def test_an_import_sent_a_name_that_shows_nothing_is_refused(client, owner, cards, typed):
    login(client, owner)
    _english(client)

    answer = client.post(
        "/api/decks/",
        {"game": "alomfogo", "name": typed, "list": "3 AF1-001"},
        content_type="application/json",
    )

    assert (answer.status_code, answer.json()["error"]["code"]) == (400, "bad_name")
    assert not Deck.all_objects.exists()


def test_a_new_deck_without_a_name_still_gets_the_default_one(client, owner, cards):
    login(client, owner)
    client.cookies["django_language"] = "hu"

    sent_none = client.post("/api/decks/", {"game": "alomfogo"}, content_type="application/json")
    # a form sends every field: its empty box is no name
    empty_box = client.post("/api/decks/", {"game": "alomfogo", "name": ""})

    assert (sent_none.status_code, empty_box.status_code) == (201, 201)
    assert sent_none.json()["name"] == empty_box.json()["name"] == "Új pakli"


@pytest.mark.parametrize("typed", ["\u200b", "\u3164", "\u0301" * 5])
def test_the_settings_page_refuses_a_name_that_shows_nothing(client, owner, deck, typed):
    login(client, owner)
    _english(client)
    before = database()
    form = {"name": typed, "description": "", "format": deck.format, "visibility": "private"}

    answer = client.post(f"/decks/{deck.pk}/settings/", form)

    assert answer.status_code == 400
    assert "This name shows nothing" in answer.content.decode()
    assert database() == before


def test_the_settings_page_refuses_a_name_of_spaces(client, owner, deck):
    login(client, owner)
    _english(client)
    before = database()
    form = {"name": "   ", "description": "", "format": deck.format, "visibility": "private"}

    answer = client.post(f"/decks/{deck.pk}/settings/", form)

    assert answer.status_code == 400
    assert database() == before


@pytest.mark.parametrize("typed", ["\u200b", "\u3164", "\u0301" * 5])
def test_the_new_deck_and_import_pages_refuse_a_name_that_shows_nothing(
    client, owner, cards, typed
):
    login(client, owner)
    _english(client)

    new = client.post("/decks/new/", {"game": "alomfogo", "name": typed})
    imported = client.post(
        "/decks/import/", {"game": "alomfogo", "name": typed, "text": "3 AF1-001", "code": ""}
    )

    for answer in (new, imported):
        assert answer.status_code == 400
        assert "This name shows nothing" in answer.content.decode()
    assert not Deck.all_objects.exists()


def test_the_new_deck_page_with_an_empty_name_box_gives_the_default_name(client, owner, cards):
    login(client, owner)
    client.cookies["django_language"] = "hu"

    answer = client.post("/decks/new/", {"game": "alomfogo", "name": ""})

    assert answer.status_code == 302
    assert list(Deck.objects.values_list("name", flat=True)) == ["Új pakli"]
