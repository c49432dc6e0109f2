"""Starting a round of a big event: the request's queries do not grow with its tables.

The organiser waits on this request with the event's row locked; a 512-player event's
round ran 1,809 queries, seven a table, then 1,298 (five a table, all of them play's
match_create_paired); its matches are now made together (match_create_paired_many).
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import Game
from play.models import Seat
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services
from tournaments.models import Pairing, PairingGame, Player

pytestmark = pytest.mark.django_db


def event_of(size: int, organiser, deck_version, tag: str):
    event = services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name=f"Open {tag}"
    )
    users = [make_user(f"{tag}{n}", language="en") for n in range(size)]
    # registrations as rows: what is measured is the start, not the sign-up
    Player.objects.bulk_create(
        Player(tournament=event, user=u, deck_version=deck_version, draw=n + 1)
        for n, u in enumerate(users)
    )
    return event


def start_counted(event, organiser) -> int:
    """The queries of the event's start (round 1: the draw, the pairing, a match a table)."""
    with CaptureQueriesContext(connection) as queries:
        services.tournament_start(tournament_id=event.pk, user=organiser)
    return len(queries)


# The start's queries, on SQLite and PostgreSQL alike: the event's lock, the players and the
# draw, the round and its pairings, the game and the organiser the matches name, then the
# tables' matches, seats and games an insert each (in play's savepoint), the bump, the reload.
START_QUERIES = 19


def test_a_rounds_queries_do_not_grow_with_its_tables(catalog_data):
    organiser = make_user("organiser", language="en")
    owner = make_user("owner", language="en")
    version = first_cards_deck(owner, "Deck", 15).versions.order_by("-pk").first()
    small = event_of(8, organiser, version, "s")
    # 32 tables: within one SQLite insert of matches (999 parameters, some 40 rows of Match)
    big = event_of(64, organiser, version, "b")
    small_queries = start_counted(small, organiser)
    big_queries = start_counted(big, organiser)
    # the matches behave as before: a table each, game 1 of each, both seats set
    assert Pairing.objects.filter(round__tournament=big).count() == 32
    games = PairingGame.objects.filter(pairing__round__tournament=big).select_related("match")
    assert len(games) == 32 and all(g.number == 1 for g in games)
    assert Seat.objects.filter(match__tournament_game__in=games).count() == 64
    assert big_queries == small_queries <= START_QUERIES, (small_queries, big_queries)
