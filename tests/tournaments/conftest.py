"""Fixtures of the tournament tests: an organiser, players with legal decks, an event."""

from __future__ import annotations

import pytest
from django.utils import translation

from catalog.models import Game
from play import selectors as play_selectors
from play import services as play_services
from play.models import Match
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tests.table_policies import alomfogo_choice
from tournaments import services
from tournaments.models import Pairing, Player


@pytest.fixture
def english():
    """Messages in English (the users are English-speaking), the site's default afterwards."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def alomfogo(cards):
    return Game.objects.get(slug="alomfogo")


@pytest.fixture
def organiser(db):
    return make_user("szervezo", language="en")


@pytest.fixture
def people(cards):
    """Eight players (p1..p8), each with a legal 45-card deck (`user.deck`)."""
    users = []
    for n in range(1, 9):
        user = make_user(f"p{n}", language="en")
        user.deck = first_cards_deck(user, f"Deck {n}", 15)
        users.append(user)
    return users


@pytest.fixture
def paired(organiser, alomfogo, people):
    """A started two-player event: its one match (waiting) and the two players by seat."""
    event = new_event(organiser, alomfogo)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    match = current_match(pairings_of(event, 1)[0])
    return event, match, {s.position: s.user for s in match.seats.select_related("user")}


def new_event(organiser, game, **fields):
    fields.setdefault("name", "Club Swiss")
    return services.tournament_create(organiser=organiser, game=game, **fields)


def register_all(event, users):
    return [
        services.tournament_register(tournament_id=event.pk, user=u, deck=u.deck) for u in users
    ]


def started_event(organiser, game, users):
    """A running event of `users` (each with `user.deck`), round 1 paired, nothing decided."""
    event = new_event(organiser, game)
    register_all(event, users)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    return event


def record_result(event, pairing, user, wins_a: int, wins_b: int, draws: int) -> Pairing:
    """`user` enters `pairing`'s result (games won by each player, games drawn)."""
    return services.pairing_record_result(
        tournament_id=event.pk,
        pairing_id=pairing.pk,
        user=user,
        wins_a=wins_a,
        wins_b=wins_b,
        draws=draws,
    )


def player_of(event, user) -> Player:
    return Player.objects.get(tournament=event, user=user)


def pairings_of(event, number: int) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__tournament=event, round__number=number)
        .select_related("player_a__user", "player_b__user")
        .order_by("table")
    )


def names(pairing: Pairing) -> tuple[str, str | None]:
    b = pairing.player_b
    return pairing.player_a.user.username, b.user.username if b else None


def current_match(pairing: Pairing) -> Match:
    return pairing.games.order_by("-number").first().match


def play_to_the_end(match: Match, users: dict, moves: int = 3000) -> Match:
    """Both players say they are ready, then play the eager policy's moves to the end."""
    for user in users.values():
        play_services.match_ready(match_id=match.pk, user=user)
    for _ in range(moves):
        match = Match.objects.get(pk=match.pk)
        if match.status != "running":
            return match
        state = play_selectors.match_state(match)
        seat = state.active_player
        play_services.match_submit_action(
            match_id=match.pk,
            user=users[seat],
            action=alomfogo_choice(state.legal_actions(seat)),
            expected_version=match.version,
        )
    raise AssertionError("the match did not end")


def seed_won_by(match: Match, seat: int) -> int:
    """The first seed under which the eager policy's game of this match (its decks as they
    are) is won by `seat` alone: a pinned deal that keeps pinned when the deal changes."""
    from play.engines import get_engine

    seats = list(match.seats.select_related("deck_version").order_by("position"))
    decks = play_selectors.engine_decks(match, seats)
    engine = get_engine(match.game.slug)
    for seed in range(1, 200):
        state = engine.new_game(decks, match.options, seed)
        while not state.is_over:
            mover = state.active_player
            state.apply(alomfogo_choice(state.legal_actions(mover)))
        if state.result["winners"] == [seat]:
            return seed
    raise AssertionError(f"no seed below 200 lets seat {seat} win")
