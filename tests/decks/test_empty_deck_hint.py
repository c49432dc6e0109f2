"""An empty deck says where its cards come from, in words true where it is shown.

The builder's search is not "on the left" at 390 px (it is above), and the deck page
has no search at all: there the owner is pointed to the builder, a visitor told plainly.
Persona: the owner on the builder and on the deck page, and a visitor.
"""

from __future__ import annotations

import pytest
from django.conf import settings

from catalog.models import Card
from decks import services
from decks.models import Visibility
from tests.factories import make_user

pytestmark = pytest.mark.django_db

OLD_HINT = {"hu": "Keress bal oldalt", "en": "Search on the left"}
BUILDER_HINT = (
    "Type a card's name in the quick add, or find cards with the search and add them with +."
)


@pytest.fixture
def empty_deck(owner, alomfogo):
    return services.deck_create(
        owner=owner, game=alomfogo, name="Üres", visibility=Visibility.PUBLIC
    )


def as_reader(client, user, language: str) -> None:
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language


@pytest.mark.parametrize("language", ["hu", "en"])
def test_no_page_sends_the_reader_left(client, owner, empty_deck, language):
    as_reader(client, owner, language)
    for url in (f"/decks/{empty_deck.pk}/edit/", f"/decks/{empty_deck.pk}/"):
        html = client.get(url).content.decode()
        assert 'class="empty"' in html, url
        assert OLD_HINT[language] not in html, url


def test_the_builder_points_to_its_search(client, owner, empty_deck):
    as_reader(client, owner, "en")
    html = client.get(f"/decks/{empty_deck.pk}/edit/").content.decode()
    assert BUILDER_HINT in html


def test_the_deck_page_points_its_owner_to_the_builder(client, owner, empty_deck):
    as_reader(client, owner, "en")
    html = client.get(f"/decks/{empty_deck.pk}/").content.decode()
    assert (
        f'No cards yet. <a href="/decks/{empty_deck.pk}/edit/">Edit the deck</a> to add some.'
        in html
    )
    assert BUILDER_HINT not in html


def test_a_visitor_is_told_the_deck_is_empty(client, empty_deck):
    as_reader(client, make_user("visitor"), "en")
    html = client.get(f"/decks/{empty_deck.pk}/").content.decode()
    assert "This deck has no cards yet." in html
    assert "/edit/" not in html and BUILDER_HINT not in html


@pytest.mark.parametrize("from_builder", [True, False])
def test_taking_the_last_card_out_answers_for_the_page_it_was_taken_on(
    client, owner, alomfogo, from_builder
):
    card = Card.objects.filter(game=alomfogo).order_by("sort_key").first()
    deck = services.deck_create(owner=owner, game=alomfogo, name="Egy lap")
    services.deck_change_card(deck=deck, user=owner, card=card, delta=1)
    as_reader(client, owner, "en")
    page = f"/decks/{deck.pk}/edit/" if from_builder else f"/decks/{deck.pk}/"
    html = client.post(
        f"/decks/{deck.pk}/cards/",
        {"code": card.code, "delta": "-1", "board": "main"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"http://testserver{page}",
    ).content.decode()
    assert 'class="empty"' in html
    assert (BUILDER_HINT in html) is from_builder
    assert ("Edit the deck" in html) is not from_builder
