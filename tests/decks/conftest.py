"""Fixtures shared by the deck tests: the Álomfogó game and a 40-card deck of the owner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalog.models import Card, Game
from catalog.records import row_record
from catalog.vocab import GAME_IDS
from decks import services
from decks.entries import Entry
from decks.models import Deck, DeckEntry, DeckVersion
from tests.factories import PASSWORD

DATA = Path(__file__).resolve().parents[2] / "catalog" / "data"


def shipped_cards() -> dict[str, list[dict]]:
    """Every game's cards as its shipped data files hold them, each with its game: game -> cards.

    Read straight from the files, so the pure codec and validator tests need no database.
    """
    shipped = {}
    for game in GAME_IDS:
        cards = []
        for path in sorted((DATA / game).glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            cards.extend({**card, "game": data["game"]} for card in data["cards"])
        shipped[game] = cards
    return shipped


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


def odds_answer(client, deck, **question) -> str:
    """The builder's odds answer to `question` (target, turn, k, play), as its htmx swap."""
    return client.get(f"/decks/{deck.pk}/odds/", question, HTTP_HX_REQUEST="true").content.decode()


@pytest.fixture
def alomfogo(cards):
    return Game.objects.get(slug="alomfogo")


@pytest.fixture
def deck(owner, alomfogo):
    return services.deck_create(
        owner=owner, game=alomfogo, name="Sámánok", entries=demo_entries(40)
    )
