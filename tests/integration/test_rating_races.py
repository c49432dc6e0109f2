"""Two rated matches between the same two people ending at once, against PostgreSQL.

Each end moves both players' ratings, locking their two Rating rows. They were
locked in seat order, so a match where Zsófi sat first and one where Gergő did
could each hold one row and wait for the other's: PostgreSQL broke the deadlock
by failing one of the moves (a 500, the resignation lost). The rows are now
locked in the players' order, the same for every match.
"""

from __future__ import annotations

from functools import partial

import pytest
from django.core.management import call_command
from django.utils import timezone

from catalog.models import Game
from play import services
from play.models import Match, MatchStatus, Opponent, Rating, Seat
from tests.concurrency import run_together
from tests.factories import make_user

pytestmark = pytest.mark.integration

ROUNDS = 20  # the deadlock came in about one round of three; each round is a fresh chance


@pytest.fixture
def game(postgres, transactional_db):
    call_command("load_cards", verbosity=0)
    return Game.objects.get(slug="alomfogo")


def running(game, first, second) -> Match:
    """A rated two-player match under way, `first` in seat 0 and `second` in seat 1."""
    now = timezone.now()
    match = Match.objects.create(
        game=game, opponent=Opponent.INVITE, status=MatchStatus.RUNNING, rated=True,
        seed_sha256="0" * 64, created_by=first, seat_count=2, started_at=now,
        last_action_at=now,
    )  # fmt: skip
    Seat.objects.create(match=match, position=0, user=first)
    Seat.objects.create(match=match, position=1, user=second)
    return match


def rating(user, game) -> Rating:
    return Rating.objects.get(user=user, game=game)


def test_two_matches_of_the_same_pair_ending_at_once_both_count(game):
    for round_no in range(ROUNDS):
        zsofi, gergo = make_user(f"zsofi{round_no}"), make_user(f"gergo{round_no}")
        if round_no % 2:  # rated before; in the other rounds their rows are made now
            for player in (zsofi, gergo):
                Rating.objects.create(user=player, game=game)
        one, other = running(game, zsofi, gergo), running(game, gergo, zsofi)

        answers = run_together(
            partial(services.match_resign, match_id=one.pk, user=zsofi),
            partial(services.match_resign, match_id=other.pk, user=gergo),
        )

        assert [a for a in answers if isinstance(a, Exception)] == [], f"round {round_no}"
        for match in (one, other):
            match.refresh_from_db()
            assert match.status == MatchStatus.FINISHED
            assert match.rating_changes is not None
        for player in (zsofi, gergo):
            mine = rating(player, game)
            assert (mine.matches, mine.wins, mine.losses) == (2, 1, 1)
        # the two moves add up: what one gained the other lost, match after match
        total = rating(zsofi, game).rating + rating(gergo, game).rating
        assert total == pytest.approx(3000.0)
