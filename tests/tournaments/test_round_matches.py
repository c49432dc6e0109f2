"""A round's matches, made together (play.services.match_create_paired_many), are the rows
the one-match-at-a-time path made: fields, seeds, seats, seat order game by game."""

from __future__ import annotations

import hashlib
import itertools

import pytest

from core.games import table_game
from play import services as play_services
from play.models import Match, Opponent, Seat
from tests.tournaments.conftest import new_event, pairings_of, register_all
from tournaments import services
from tournaments.models import PairingGame

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def seeds(monkeypatch):
    """Match seeds 1, 2, 3, … from Match.seed's default."""
    monkeypatch.setattr(Match._meta.get_field("seed"), "default", itertools.count(1).__next__)


def row(match: Match) -> tuple[dict, list[dict]]:
    """What a match is, its id and creation time aside: its row and its seats in order."""
    fields = Match.objects.filter(pk=match.pk).values().get()
    del fields["id"], fields["created_at"]
    seats = list(
        Seat.objects.filter(match=match)
        .order_by("position")
        .values("position", "user_id", "bot", "deck_version_id", "ready_at", "left")
    )
    return fields, seats


SEAT_DEFAULTS = ("bot", "ready_at", "left")  # what `row` reads of a seat besides its player


def expected(event, pairing, number: int, seed: int) -> tuple[dict, list[dict]]:
    """What game `number` of `pairing` must be, as `row` gives it: what the one-match-at-a-time
    path made (an insert, the seats' insert, `_seats_moved`), the model's defaults but for what
    the event, the pairing and the seed give."""
    a, b = pairing.player_a, pairing.player_b
    players = [(a.user, a.deck_version), (b.user, b.deck_version)]
    if number % 2 == 0:
        players.reverse()  # player_a at seat 0 in odd games
    options, bad = table_game(event.game.slug).options_from(event.match_options)
    assert not bad
    given = {
        "game_id": event.game_id,
        "options": options,
        "opponent": Opponent.PAIRED,
        "seed": seed,
        "seed_sha256": hashlib.sha256(str(seed).encode()).hexdigest(),
        "created_by_id": event.organiser_id,
        "seat_count": len(players),
        "event_url": event.get_absolute_url(),
        "public": event.listed,
        "seats_version": 1,  # the seats' first version
    }
    fields = {
        field.attname: field.get_default()
        for field in Match._meta.concrete_fields
        if field.attname not in {"id", "created_at", *given}
    }
    seat_defaults = {name: Seat._meta.get_field(name).get_default() for name in SEAT_DEFAULTS}
    seats = [
        {"position": position, "user_id": user.pk, "deck_version_id": version.pk, **seat_defaults}
        for position, (user, version) in enumerate(players)
    ]
    return {**fields, **given}, seats


@pytest.mark.parametrize("listed", [True, False])
def test_a_rounds_matches_are_the_rows_made_one_at_a_time(
    organiser, alomfogo, people, seeds, listed
):
    event = new_event(organiser, alomfogo, best_of=3, listed=listed)
    register_all(event, people)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    event.refresh_from_db()
    pairings = pairings_of(event, 1)
    games = [p.games.get() for p in pairings]
    assert [g.number for g in games] == [1] * 4 and [g.a_seat for g in games] == [0] * 4
    made = [row(g.match) for g in games]
    # game 2 of the first table, the seats swapped: the one-table path
    second = services._new_game(event, pairings[0], 2)
    assert second.a_seat == 1
    made.append(row(second.match))

    # seeds 1 to 4 for the round's tables in order, 5 for the second game
    wanted = [expected(event, p, 1, seed) for seed, p in enumerate(pairings, start=1)]
    wanted.append(expected(event, pairings[0], 2, 5))
    assert made == wanted
    fields, seats = made[-1]
    assert fields["seed"] == 5 and fields["seats_version"] == 1 and fields["public"] is listed
    assert seats[0]["user_id"] == pairings[0].player_b.user_id


def test_options_the_game_refuses_refuse_every_table_and_make_none(organiser, alomfogo, people):
    version = people[0].deck.versions.first()
    tables = [
        [(people[0], version), (people[1], version)],
        [(people[2], version), (people[3], version)],
    ]
    before = Match.objects.count()
    with pytest.raises(play_services.MatchRefused) as refused:
        play_services.match_create_paired_many(
            game=alomfogo, options={"min_deck_size": 12345}, tables=tables, created_by=organiser
        )
    assert refused.value.code == "bad_option"
    assert Match.objects.count() == before


def test_no_tables_make_no_matches(organiser, alomfogo):
    made = play_services.match_create_paired_many(
        game=alomfogo, options={}, tables=[], created_by=organiser
    )
    assert made == [] and not PairingGame.objects.exists()
