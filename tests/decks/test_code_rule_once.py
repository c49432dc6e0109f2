"""One rule for card and set codes (catalog.cardfile), and the other fixes of the same round:
the deck list's paging, the builder's search, a tournament name's direction controls.

The loader's SET_CODE_PATTERN / CARD_CODE_PATTERN are read by every other reader of a
code: the card pages' URL converter, the search's `code:`, the collection CSV's wording
of an unknown code, the admin's set form. Each is tested at the rule's edges: 8
characters either side, a digit first, lower case where the reader takes any case.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.forms import modelform_factory
from django.urls import Resolver404, resolve

from catalog import search_keys
from catalog.cardfile import CARD_CODE_PATTERN, SET_CODE_PATTERN
from catalog.models import CardSet, Game
from catalog.search import MAX_TERMS
from catalog.urls import CardCodeConverter
from collection import csvio
from core.text import TextRefused
from decks import views as deck_views
from decks.codec import RecordLookup
from decks.models import Deck
from tests.decks.conftest import login
from tests.factories import make_user
from tournaments import services as tournament_services

# --- one rule for codes -------------------------------------------------------------------

EDGE_CODES = ["ABCDEFGH-12345678", "1AB-001", "9-9", "abcdefgh-1234567z"]
PAST_THE_RULE = ["ABCDEFGHI-001", "AF1-123456789", "AF1-001-2", "AF1_001", "-001"]


def test_every_reader_builds_its_code_rule_from_the_loaders():
    """A change to the loader's rule reaches every reader: none keeps a copy of its own."""
    assert CARD_CODE_PATTERN in CardCodeConverter.regex
    assert CARD_CODE_PATTERN in search_keys.CARD_CODE.pattern
    assert CARD_CODE_PATTERN in csvio._CODE.pattern
    assert SET_CODE_PATTERN in CARD_CODE_PATTERN


@pytest.mark.parametrize("code", EDGE_CODES)
def test_the_card_address_takes_every_code_the_rule_allows(code):
    match = resolve(f"/cards/{code}/")
    assert match.url_name == "card" and match.kwargs["code"] == code.upper()


@pytest.mark.parametrize("code", PAST_THE_RULE)
def test_the_card_address_takes_no_code_past_the_rule(code):
    with pytest.raises(Resolver404):
        resolve(f"/cards/{code}/")


@pytest.mark.parametrize("code", EDGE_CODES)
def test_the_search_reads_every_code_the_rule_allows(code):
    key = search_keys.find_key("code")
    assert key.normalize("code", code) == f"card:{code.upper()}"


@pytest.mark.parametrize("code", ["ABCDEFGHI-001", "AF1-123456789", "AF1-001-2"])
def test_the_search_refuses_a_code_past_the_rule(code):
    with pytest.raises(search_keys.Invalid):
        search_keys.find_key("code").normalize("code", code)


def csv_error(first: str) -> str:
    names = RecordLookup([{"code": "ONI-001", "name": "Ébredés", "name_en": "Wake-up"}])
    parsed = csvio.parse_csv(f"{first},1", codes=names, names=names)
    return parsed.errors[0].message_en


@pytest.mark.parametrize("code", ["ABCDEFGH-12345678", "1ab-001", "9zzzzzzz-zzzzzzz9"])
def test_the_csv_words_an_unknown_code_at_the_rules_edge_as_a_code(code):
    assert csv_error(code) == f"No card has the code “{code}”."


@pytest.mark.parametrize("name", ["Wake-upp", "ABCDEFGHI-001"])
def test_the_csv_words_a_name_or_a_code_past_the_rule_as_a_name(name):
    assert csv_error(name).startswith(f"There is no card called “{name}”.")


@pytest.mark.parametrize("code", ["AF1", "ABCDEFGH", "1", "9AF"])
def test_a_set_code_the_rule_allows_is_saved(code, cards):
    CardSet(game=Game.objects.first(), code=code, name="Set", provenance="demo").clean()


@pytest.mark.parametrize("code", ["AF-2", "ABCDEFGHI", "af1", "AF 1", ""])
def test_the_admin_cannot_save_a_set_code_past_the_rule(code, cards):
    game = Game.objects.first()
    form_class = modelform_factory(
        CardSet, fields=["game", "code", "name", "position", "provenance"]
    )
    form = form_class(
        {"game": game.pk, "code": code, "name": "Set", "position": 9, "provenance": "demo"}
    )
    assert not form.is_valid() and "code" in form.errors
    with pytest.raises(ValidationError):
        CardSet(game=game, code=code, name="Set", provenance="demo").clean()


# --- the deck list's pages ------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("asked", "name"),
    [({"page": "0"}, "page"), ({"page": "abc"}, "page"), ({"page_size": "abc"}, "page_size"),
     ({"page_size": "0"}, "page_size"), ({"page_size": "-5"}, "page_size")],
)  # fmt: skip
def test_a_deck_page_that_is_no_page_is_a_400_naming_the_range(client, owner, asked, name):
    login(client, owner)
    answer = client.get("/api/decks/", asked)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_parameter" and name in error["message"]


@pytest.mark.django_db
def test_a_deck_page_size_over_the_most_gives_the_most(client, owner, alomfogo):
    login(client, owner)
    for n in range(101):
        Deck.objects.create(owner=owner, game=alomfogo, name=f"P{n}", format="casual")
    assert len(client.get("/api/decks/", {"page_size": 500}).json()["results"]) == 100


# --- the builder's search ------------------------------------------------------------------


def test_the_builder_searches_the_query_as_typed(deck):
    """The deck's game narrows the cards, not the query: the error points into what was typed
    ("(kajtár )) game:…" put it two characters on)."""
    error = deck_views._builder_search(deck, "kajtár )")["error"]
    assert error.code == "unbalanced_parenthesis" and error.extra["position"] == 7


def test_the_builder_allows_the_full_number_of_terms(client, owner, deck):
    login(client, owner)
    query = " ".join(["kajtár"] * MAX_TERMS)
    answer = client.get(f"/decks/{deck.pk}/search/", {"q": query})
    assert answer.status_code == 200
    refused = client.get(f"/decks/{deck.pk}/search/", {"q": f"{query} kajtár"})
    assert refused.status_code == 400


def test_the_builder_finds_only_cards_of_the_decks_game(deck):
    found = deck_views._builder_search(deck, "villámcsapás")["cards"]
    assert found and {card.game.slug for card in found} == {"alomfogo"}


# --- a tournament's name ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["\u202eKupa", "Kupa\u202e", "\u2066Kupa", " \u200fKupa "])
def test_a_tournament_name_with_a_direction_control_at_an_end_is_refused(cards, name):
    organiser = make_user("szervezo")
    with pytest.raises(TextRefused) as refused:
        tournament_services.tournament_create(
            organiser=organiser, game=Game.objects.get(slug="alomfogo"), name=name
        )
    assert refused.value.code == "invisible_control"
    assert refused.value.extra["field"] == "name"


def test_a_tournament_name_is_still_trimmed_of_spaces(cards):
    event = tournament_services.tournament_create(
        organiser=make_user("szervezo"), game=Game.objects.get(slug="alomfogo"), name="  Kupa  "
    )
    assert event.name == "Kupa"
