"""Fixtures shared by the deck tests: the Álomfogó game and a 40-card deck of the owner."""

from __future__ import annotations

import pytest

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from decks.models import Deck, DeckEntry, DeckVersion
from tests.factories import PASSWORD


def demo_entries(n_cards: int = 45) -> list[Entry]:
    """A legal-by-copies Álomfogó list of n cards: 3 of each card in order."""
    entries, left = [], n_cards
    for card in (
        Card.objects.filter(game__slug="alomfogo")
        .select_related("game", "card_set")
        .order_by("sort_key")
    ):
        if left <= 0:
            break
        count = min(3, left)
        entries.append(Entry(card=row_record(card), count=count))
        left -= count
    return entries


def database() -> tuple:
    """Everything the deck app stores, to compare before and after a refusal."""
    return (
        sorted(
            Deck.all_objects.values_list(
                "pk", "name", "description", "format", "visibility", "updated_at", "deleted_at"
            )
        ),
        sorted(DeckEntry.objects.values_list("deck_id", "card_id", "count", "board")),
        DeckVersion.objects.count(),
    )


def login(client, user):
    client.login(username=user.username, password=PASSWORD)


@pytest.fixture
def alomfogo(cards):
    return Game.objects.get(slug="alomfogo")


@pytest.fixture
def deck(owner, alomfogo):
    return services.deck_create(
        owner=owner, game=alomfogo, name="Sámánok", entries=demo_entries(40)
    )
