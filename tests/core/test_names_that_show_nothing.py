"""A name or message that shows nothing is no name, wherever it is typed.

A Hangul filler, a lone combining mark or a blank braille pattern is no
white space and no format character, yet a reader sees an empty line: every
service that trims a typed name treats it as empty, as it treats spaces.
"""

from __future__ import annotations

import pytest

from core.text import trimmed
from decks.models import Deck
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

BLANK = ["\u3164", "\u0301", "\ufe0f", "\u2800", " \u200b\u3164 "]


@pytest.mark.parametrize("typed", BLANK)
def test_a_text_that_shows_nothing_trims_to_nothing(typed):
    assert trimmed(typed) == ""


@pytest.mark.parametrize("typed", ["Éjlépő", "e\u0301", "👍\ufe0f", " \u200bKajtár\u200b "])
def test_a_text_that_shows_something_keeps_it(typed):
    assert trimmed(typed) == typed.strip(" \u200b")


@pytest.mark.parametrize("typed", BLANK)
def test_a_deck_named_with_nothing_visible_is_refused_as_a_tournament_is(
    client, owner, cards, typed
):
    """Once given the default name an empty one gets; refused now, as a tournament's name
    is (a name someone sent that shows nothing is not taken for none)."""
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    blank = client.post(
        "/api/decks/", {"game": "alomfogo", "name": typed}, content_type="application/json"
    )
    assert blank.status_code == 400 and blank.json()["error"]["code"] == "bad_name"
    assert not Deck.objects.filter(owner=owner).exists()
    unnamed = client.post("/api/decks/", {"game": "alomfogo"}, content_type="application/json")
    assert unnamed.status_code == 201 and unnamed.json()["name"] == "New deck"


@pytest.mark.parametrize("typed", BLANK)
def test_a_tournament_named_with_nothing_visible_is_refused(client, owner, cards, typed):
    client.force_login(owner)
    body = {"name": typed, "game": "alomfogo"}
    answer = client.post("/api/tournaments/", body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_name"
    assert not Tournament.objects.exists()
