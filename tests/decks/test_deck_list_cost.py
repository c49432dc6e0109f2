"""What a list of whole decks costs does not grow with its entries: the API's deck pages and
the lobby's deck picker read the entries as plain rows and build each card once.

Two hundred decks of every card once built 140,000 entry, card, game and set objects for a
page (seconds and hundreds of megabytes); the queries and the card objects here must come out
the same for two decks as for eight.
"""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

from catalog.models import Card
from decks import services
from decks.entries import SIDE, Entry
from decks.models import Deck, DeckEntry
from tests.decks.conftest import demo_entries, login

pytestmark = pytest.mark.django_db


@contextmanager
def objects_built():
    """Counts the model objects built inside, per model class."""
    built: Counter = Counter()

    def count(sender, **_kwargs):
        built[sender] += 1

    post_init.connect(count, weak=False, dispatch_uid="test_deck_list_cost")
    try:
        yield built
    finally:
        post_init.disconnect(dispatch_uid="test_deck_list_cost")


def decks_of_the_same_cards(owner, game, n: int) -> None:
    """The owner has n decks, each the same 40 cards on the main board and 10 on the side."""
    main = demo_entries(40)
    side = [Entry(card=e.card, count=1, board=SIDE) for e in main[:10]]
    while Deck.objects.filter(owner=owner).count() < n:
        services.deck_create(owner=owner, game=game, name="Pakli", entries=main + side)


def cost(client, url: str) -> tuple[int, Counter, bytes]:
    with CaptureQueriesContext(connection) as queries, objects_built() as built:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), built, response.content


@pytest.mark.parametrize("url", ["/api/decks/", "/play/"])
def test_a_list_of_whole_decks_costs_the_same_queries_and_cards_for_more_decks(
    client, owner, alomfogo, url
):
    login(client, owner)
    decks_of_the_same_cards(owner, alomfogo, 2)
    few_queries, few_built, _ = cost(client, url)
    decks_of_the_same_cards(owner, alomfogo, 8)
    many_queries, many_built, page = cost(client, url)

    assert page.decode().count("Pakli") >= 8  # every deck is on the page
    assert many_queries == few_queries
    assert many_built[Card] == few_built[Card] <= 20  # each card once, not once per entry
    assert many_built[DeckEntry] == few_built[DeckEntry]
