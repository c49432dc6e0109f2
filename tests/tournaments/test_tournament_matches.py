"""The play side of a tournament: paired matches wait for both players, then count."""

from __future__ import annotations

import pytest

from catalog.models import Card
from play import services as play_services
from play.models import Match
from tests.factories import make_user
from tests.play_rows import codes_deck
from tests.tournaments.conftest import (
    current_match,
    new_event,
    pairings_of,
    record_result,
    register_all,
)
from tournaments import services

pytestmark = pytest.mark.usefixtures("english")


def test_a_paired_match_starts_only_when_both_players_are_ready_and_is_rated(paired):
    event, match, users = paired
    assert match.status == "waiting" and match.event_url == event.get_absolute_url()
    play_services.match_ready(match_id=match.pk, user=users[0])
    play_services.match_ready(match_id=match.pk, user=users[0])  # saying it twice is harmless
    assert Match.objects.get(pk=match.pk).status == "waiting"
    play_services.match_ready(match_id=match.pk, user=users[1])
    match = Match.objects.get(pk=match.pk)
    assert match.status == "running" and match.rated


def test_the_waiting_page_offers_ready_to_a_seated_player_and_hides_from_strangers(paired, client):
    _event, match, users = paired
    client.force_login(users[1])
    page = client.get(f"/play/{match.pk}/")
    assert page.status_code == 200
    assert f'action="/play/{match.pk}/ready/"' in page.content.decode()
    client.post(f"/play/{match.pk}/ready/")
    assert match.seats.get(position=1).ready_at is not None
    client.force_login(make_user("idegen", language="en"))
    # a listed event's games may be watched: the stranger sees who is ready, with no form
    watched = client.get(f"/play/{match.pk}/")
    assert watched.status_code == 200
    body = watched.content.decode()
    assert f"/play/{match.pk}/ready/" not in body and f"/play/{match.pk}/join/" not in body
    assert "not here yet" in body  # player 0 has not said ready
    client.post(f"/play/{match.pk}/ready/")  # refused: a stranger is no one's seat
    assert match.seats.get(position=0).ready_at is None
    assert Match.objects.get(pk=match.pk).status == "waiting"


def test_an_unlisted_events_games_are_hidden_from_strangers(organiser, alomfogo, people, client):
    event = new_event(organiser, alomfogo, listed=False)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    match = current_match(pairings_of(event, 1)[0])
    assert not match.public
    client.force_login(make_user("idegen", language="en"))
    assert client.get(f"/play/{match.pk}/").status_code == 404


def test_nobody_opens_a_paired_match_from_the_lobby(people, alomfogo):
    with pytest.raises(play_services.MatchRefused) as refused:
        play_services.match_create(
            user=people[0], game=alomfogo, deck=people[0].deck, opponent="paired"
        )
    assert refused.value.code == "bad_opponent"


def test_a_started_match_is_not_abandoned_as_unstarted(paired):
    _event, match, users = paired
    for user in users.values():
        play_services.match_ready(match_id=match.pk, user=user)
    assert play_services.match_abandon_unstarted(match_id=match.pk, winners=[0]) is None
    assert Match.objects.get(pk=match.pk).status == "running"


def test_the_organiser_cannot_start_a_paired_match_without_its_players(paired, organiser, client):
    """The organiser made the match, but only its two players' "ready" starts it."""
    _event, match, users = paired
    client.force_login(organiser)
    client.post(f"/play/{match.pk}/start/")
    match = Match.objects.get(pk=match.pk)
    assert match.status == "waiting"
    assert not match.seats.filter(bot__gt="").exists()
    assert match.seats.filter(ready_at__isnull=False).count() == 0


def test_a_result_entered_while_game_two_waits_ends_that_game_unplayed(organiser, alomfogo, people):
    event = new_event(organiser, alomfogo, best_of=3)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    (pairing,) = pairings_of(event, 1)
    first = current_match(pairing)
    play_services.match_abandon_unstarted(match_id=first.pk, winners=[])
    services.on_match_ended(sender=Match, match=Match.objects.get(pk=first.pk))
    record_result(event, pairing, organiser, wins_a=2, wins_b=1, draws=0)
    assert not Match.objects.filter(tournament_game__pairing=pairing, status="waiting").exists()


def test_an_event_without_events_plays_its_tables_under_the_same_ban(organiser, alomfogo, people):
    codes, names = [], set()
    for card in Card.objects.filter(game=alomfogo).exclude(type="esemeny").order_by("sort_key"):
        if card.name not in names and len(codes) < 15:
            names.add(card.name)
            codes.append(card.code)
    for player in people[:2]:
        player.deck = codes_deck(player, "Esemény nélkül", codes)
    event = new_event(organiser, alomfogo, format_id="no-events")
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    match = current_match(pairings_of(event, 1)[0])
    assert match.options["banned_types"] == ["esemeny"]
    for seat in match.seats.select_related("user"):
        play_services.match_ready(match_id=match.pk, user=seat.user)
    assert Match.objects.get(pk=match.pk).status == "running"  # the decks pass the table's check
