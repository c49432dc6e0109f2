"""A line break typed into a textarea is one character, whatever the browser sends.

A browser counts a break as one character against the box's `maxlength` but sends
"\\r\\n": every form of multi-line text reads it through core.forms.MultilineField,
so its limit (and the service's, measured after) sees the text as it was typed.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError

from catalog.models import Game
from core.forms import MultilineField
from core.text import line_feeds
from decks import services as deck_services
from decks.forms import DeckSettingsForm, ImportForm
from decks.models import Deck
from tests.factories import PASSWORD
from tests.tournaments.test_pages import new_event_form
from tournaments.forms import TournamentForm
from tournaments.models import Tournament


def typed(limit: int, breaks: int = 9) -> str:
    """`limit` characters as a textarea counts them, `breaks` of them line breaks sent as
    "\\r\\n" (so `limit + breaks` characters arrive)."""
    lines = ["x" * (limit // (2 * (breaks + 1)))] * (breaks + 1)
    text = "\r\n".join(lines)
    return text + "x" * (limit - len(line_feeds(text)))


def test_line_feeds_makes_every_break_a_textarea_sends_one_newline():
    assert line_feeds("a\r\nb\rc\nd\r\n\r\n") == "a\nb\nc\nd\n\n"
    assert line_feeds("no breaks") == "no breaks"


def test_the_field_measures_a_break_once():
    field = MultilineField(max_length=100)
    text = typed(100)
    assert len(text) == 109
    assert field.clean(text) == line_feeds(text)
    with pytest.raises(ValidationError) as refused:
        field.clean(text + "x")
    assert refused.value.error_list[0].code == "max_length"
    assert "101" in refused.value.messages[0]
    assert MultilineField(required=False).clean("") == ""


@pytest.fixture
def deck(owner, cards):
    game = Game.objects.get(slug="alomfogo")
    return deck_services.deck_create(owner=owner, game=game, name="Sámánok")


def settings_form(deck, description: str) -> DeckSettingsForm:
    data = {
        "name": deck.name,
        "description": description,
        "format": "casual",
        "visibility": "private",
    }
    initial = {"name": deck.name, "description": deck.description}
    return DeckSettingsForm(data, game="alomfogo", initial=initial)


@pytest.mark.django_db
def test_a_deck_description_at_its_limit_with_breaks_is_saved(client, deck, owner):
    limit = settings.LIMITS["DECK_DESCRIPTION_MAX_CHARS"]
    text = typed(limit)
    form = settings_form(deck, text)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["description"] == line_feeds(text)
    assert not settings_form(deck, text + "x").is_valid()
    # through the page, as a browser posts it
    client.login(username=owner.username, password=PASSWORD)
    page = client.post(
        f"/decks/{deck.pk}/settings/",
        {"name": deck.name, "description": text, "format": "casual", "visibility": "private"},
    )
    assert page.status_code in (200, 302), page.content.decode()[-400:]
    assert Deck.objects.get(pk=deck.pk).description == line_feeds(text)


@pytest.mark.django_db
def test_an_unchanged_description_with_breaks_is_not_taken_for_a_change(deck):
    """Shown in the box as "\\n" and posted back as "\\r\\n", it is the same text: one saved
    before a limit existed stays as it is instead of meeting the limit."""
    Deck.objects.filter(pk=deck.pk).update(description="first\nsecond")
    deck.refresh_from_db()
    form = settings_form(deck, "first\r\nsecond")
    assert form.is_valid(), form.errors
    assert "description" not in form.changed_data


@pytest.mark.django_db
def test_a_deck_list_is_measured_with_its_breaks_counted_once(cards):
    limit = settings.LIMITS["DECK_LIST_MAX_CHARS"]
    text = "\r\n".join(["3 AF1-001"] * 9)
    text += "\r\n" + "x" * (limit - len(line_feeds(text)) - 1)
    form = ImportForm({"game": "alomfogo", "text": text})
    form.is_valid()
    assert "text" not in form.errors, form.errors
    assert form.cleaned_data["text"] == line_feeds(text)


def tournament_data(description: str) -> dict:
    return new_event_form(description=description)


@pytest.mark.django_db
def test_a_tournament_description_at_its_limit_with_breaks_is_accepted(client, owner, cards):
    limit = settings.LIMITS["TOURNAMENT_DESCRIPTION_MAX_CHARS"]
    text = typed(limit)
    form = TournamentForm(tournament_data(text))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["description"] == line_feeds(text)
    assert not TournamentForm(tournament_data(text + "x")).is_valid()
    client.force_login(owner)
    page = client.post("/tournaments/new/", tournament_data(text))
    assert page.status_code == 302, page.content.decode()[-400:]
    assert Tournament.objects.get().description == line_feeds(text)


@pytest.mark.django_db
def test_a_deck_description_sent_to_the_api_counts_a_break_once(client, deck, owner):
    limit = settings.LIMITS["DECK_DESCRIPTION_MAX_CHARS"]
    text = typed(limit)
    client.force_login(owner)
    answer = client.patch(
        f"/api/decks/{deck.pk}/", {"description": text}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content.decode()[-400:]
    assert Deck.objects.get(pk=deck.pk).description == line_feeds(text)
    answer = client.patch(
        f"/api/decks/{deck.pk}/", {"description": text + "x"}, content_type="application/json"
    )
    assert answer.status_code == 400


@pytest.mark.django_db
def test_a_pasted_collection_list_counts_a_break_once(cards):
    from collection.forms import ImportForm as CollectionImportForm
    from collection.forms import csv_max_chars

    limit = csv_max_chars()
    text = "\r\n".join(["AF1-001,3"] * 9)
    text += "\r\n" + "x" * (limit - len(line_feeds(text)) - 1)
    assert len(line_feeds(text)) == limit
    form = CollectionImportForm({"game": "alomfogo", "text": text, "mode": "add"})
    form.is_valid()
    assert "text" not in form.errors, form.errors
    assert form.cleaned_data["text"] == line_feeds(text)


@pytest.mark.django_db
def test_a_tournament_description_sent_to_the_api_counts_a_break_once(client, owner, cards):
    limit = settings.LIMITS["TOURNAMENT_DESCRIPTION_MAX_CHARS"]
    text = typed(limit)
    client.force_login(owner)
    body = {"name": "Winter Open", "game": "alomfogo", "description": text}
    answer = client.post("/api/tournaments/", body, content_type="application/json")
    assert answer.status_code == 201, answer.content.decode()[-400:]
    assert Tournament.objects.get().description == line_feeds(text)
    body["description"] = text + "x"
    answer = client.post("/api/tournaments/", body, content_type="application/json")
    assert answer.status_code == 400
