"""The entry form offers the player's decks with their size, the ones the event takes first,
and says of a deck the event's format refuses that it is not legal there (as the lobby does
for a match), so a player does not learn it only from a refused registration."""

from __future__ import annotations

import re

import pytest

from catalog.models import Game
from tests.factories import PASSWORD, make_user
from tests.play_rows import first_cards_deck
from tournaments import services

pytestmark = pytest.mark.django_db


def offered(client, event) -> list[str]:
    html = client.get(event.get_absolute_url()).content.decode()
    select = re.search(r'<select id="t-deck"[^>]*>(.*?)</select>', html, re.S).group(1)
    return [re.sub(r"\s+", " ", text).strip() for text in re.findall(r">([^<]+)</option>", select)]


def test_the_decks_the_event_takes_come_first_and_the_others_say_why(client, catalog_data):
    organiser = make_user("organiser")
    event = services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name="Kupa"
    )
    anna = make_user("anna", language="en")
    first_cards_deck(anna, "Legal", 15)  # 45 cards
    first_cards_deck(anna, "Short", 3)  # 9 cards, edited last: the event refuses it
    client.login(username="anna", password=PASSWORD)
    assert offered(client, event) == [
        "Legal · 45 cards",
        "Not legal · Short · 9 cards",
    ]
    # the form's first choice registers; the other is refused, as the page said
    refused = client.post(
        f"/tournaments/{event.pk}/register/", {"deck": anna.decks.get(name="Short").pk}
    )
    assert not event.players.exists() and refused.status_code in (200, 302, 400)
