"""My tournaments: each entry's place and points as the event page has them, in pages of 20,
without working every event's standings out again on every visit.

Personas: anna plays in many events; the organiser runs them.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from catalog.models import Game
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import selectors, services
from tournaments.models import Pairing, Player, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db
MINE = reverse("tournaments:mine")


@pytest.fixture
def cast(catalog_data):
    people = {name: make_user(name, language="en") for name in ("organiser", "anna", "bela")}
    for name in ("anna", "bela"):
        people[name].deck = first_cards_deck(people[name], f"{name}'s deck", 15)
    return people


def finished_cup(client, cast, name: str = "Cup") -> Tournament:
    """A one-round event anna and bela played through the organiser's pages, now over."""
    event = services.tournament_create(
        organiser=cast["organiser"], game=Game.objects.get(slug="alomfogo"), name=name
    )
    for who in ("anna", "bela"):
        services.tournament_register(tournament_id=event.pk, user=cast[who], deck=cast[who].deck)
    client.force_login(cast["organiser"])
    client.post(reverse("tournaments:start", args=[event.pk]))
    pairing = Pairing.objects.get(round__tournament=event)
    client.post(
        reverse("tournaments:result", args=[event.pk, pairing.pk]),
        {"wins_a": "1", "wins_b": "0", "draws": "0"},
    )
    client.post(reverse("tournaments:next_round", args=[event.pk]))
    event.refresh_from_db()
    assert event.status == TournamentStatus.FINISHED
    return event


def copies(event: Tournament, count: int) -> list[Tournament]:
    """`count` more finished events with the same players (no rounds), each created a minute
    before the last: the list is newest first."""
    made = []
    players = list(Player.objects.filter(tournament=event).order_by("pk"))
    for n in range(count):
        copy = Tournament.objects.create(
            name=f"Old cup {n + 1}",
            game=event.game,
            organiser=event.organiser,
            status=TournamentStatus.FINISHED,
            swiss_rounds=1,
            match_options=event.match_options,
        )
        Tournament.objects.filter(pk=copy.pk).update(
            created_at=event.created_at - timedelta(minutes=n + 1), finished_at=timezone.now()
        )
        Player.objects.bulk_create(
            Player(
                tournament=copy, user_id=p.user_id, deck_version_id=p.deck_version_id, draw=p.draw
            )
            for p in players
        )
        made.append(copy)
    return made


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_each_entry_shows_the_place_and_points_of_the_event_page(client, cast):
    cups = [finished_cup(client, cast, name) for name in ("Spring Cup", "Summer Cup")]
    client.force_login(cast["anna"])
    mine = client.get(MINE).content.decode()
    for cup in cups:
        page = client.get(cup.get_absolute_url()).content.decode()
        anna = Player.objects.get(tournament=cup, user=cast["anna"])
        # the event page's row: place, name, points
        row = re.search(
            rf'<td class="num">(\d+)</td>\s*<td><a id="live-standing-{anna.pk}"[^>]*>anna</a>'
            r'.*?<td class="num"[^>]*>(\d+)</td>',
            page,
            re.S,
        )
        assert row, "anna's row on the event page"
        place, points = row.groups()
        # the same event's row on My tournaments
        mine_row = re.search(rf"<tr>\s*<td[^>]*><a[^>]*>{cup.name}</a>.*?</tr>", mine, re.S)
        assert mine_row, cup.name
        assert f"{place}. {points}" in text(mine_row.group(0))


def test_a_second_page_lists_the_entries_past_twenty(client, cast):
    newest = finished_cup(client, cast, "Newest Cup")
    copies(newest, 21)  # 22 events
    client.force_login(cast["anna"])
    first = client.get(MINE).content.decode()
    assert "Newest Cup" in first and "Old cup 19" in first
    assert "Old cup 20" not in first and "Old cup 21" not in first
    assert 'href="?organising=1&amp;playing=2#playing-title" rel="next"' in first
    second = client.get(MINE, {"playing": "2"}).content.decode()
    assert "Old cup 20" in second and "Old cup 21" in second
    assert "Newest Cup" not in second
    assert "Page 2 of 2" in second


def test_a_visit_works_out_no_standings_the_event_pages_keep(client, cast, monkeypatch):
    newest = finished_cup(client, cast)
    copies(newest, 7)  # 8 events anna played in
    calls = []
    for name in ("standings", "final_places"):
        real = getattr(selectors, name)
        monkeypatch.setattr(
            selectors, name, lambda *a, _real=real, **k: calls.append(1) or _real(*a, **k)
        )
    client.force_login(cast["anna"])
    assert "Old cup 7" in client.get(MINE).content.decode()
    assert len(calls) <= 8  # the first visit works each table out once, and keeps it
    calls.clear()
    for _ in range(3):
        assert "Old cup 7" in client.get(MINE).content.decode()
    assert calls == []  # nothing changed: the kept tables, however many events
    # the event page reads the same kept table
    assert client.get(newest.get_absolute_url()).status_code == 200
    assert calls == []
