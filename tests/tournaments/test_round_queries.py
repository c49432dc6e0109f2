"""Starting a round of a big event: the request's queries do not grow with its tables,
beyond what play takes to make each table's match.

The organiser waits on this request with the event's row locked; a 512-player event's
round ran 1,809 queries, seven a table.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import Game
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


def start_counted(event, organiser, monkeypatch) -> tuple[int, int]:
    """(all the start's queries, those made inside play's match_create_paired)."""
    inside = []
    real = services.play_services.match_create_paired

    def counted(**kwargs):
        with CaptureQueriesContext(connection) as q:
            match = real(**kwargs)
        inside.append(len(q))
        return match

    monkeypatch.setattr(services.play_services, "match_create_paired", counted)
    with CaptureQueriesContext(connection) as queries:
        services.tournament_start(tournament_id=event.pk, user=organiser)
    monkeypatch.undo()
    return len(queries), sum(inside)


def test_a_rounds_own_queries_do_not_grow_with_its_tables(catalog_data, monkeypatch):
    organiser = make_user("organiser", language="en")
    owner = make_user("owner", language="en")
    version = first_cards_deck(owner, "Deck", 15).versions.order_by("-pk").first()
    small = event_of(8, organiser, version, "s")
    big = event_of(64, organiser, version, "b")
    small_all, small_play = start_counted(small, organiser, monkeypatch)
    big_all, big_play = start_counted(big, organiser, monkeypatch)
    # the matches behave as before: a table each, game 1 of each, both seats set
    assert Pairing.objects.filter(round__tournament=big).count() == 32
    games = PairingGame.objects.filter(pairing__round__tournament=big).select_related("match")
    assert len(games) == 32 and all(g.number == 1 for g in games)
    assert all(g.match.seats.count() == 2 for g in games)
    # the tournament's own queries: the same for 4 tables and 32
    assert big_all - big_play <= small_all - small_play + 2, (
        small_all,
        small_play,
        big_all,
        big_play,
    )
