"""A person's match limits and "Play again", pressed many times at once, against PostgreSQL.

Each write that gives a person a seat (a new match, a join, a rematch, a seat taken
back from a bot) locks that person's row before it counts their matches
(play.services._check_open_matches). Before, requests sent together all counted
the same seats and all took the last place: 19 open matches and 8 creates at
once made 21; two hard-bot matches and 6 creates at once made 8 against a limit
of 3. "Play again" locks the old match, so two presses open one new match.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from catalog.models import Game
from play import services
from play.models import Match, MatchStatus
from tests.concurrency import services_at_once as at_once
from tests.factories import make_user

pytestmark = pytest.mark.integration

ROUNDS = 2  # a race lost once may be won by chance; each round is a fresh chance to lose it
AT_ONCE = 6


def limits(**changed):
    return override_settings(LIMITS={**settings.LIMITS, **changed}, PLAY_SEARCH_SECONDS=0.01)


@pytest.fixture
def oniroo(postgres, transactional_db):
    call_command("load_cards", verbosity=0)
    return Game.objects.get(slug="oniroo")


def table(user, game, opponent: str, players: int = 2) -> Match:
    return services.match_create(
        user=user, game=game, deck=None, opponent=opponent, options={"players": players, "level": 1}
    )


def open_seats(user) -> int:
    return services._open_seats(user).count()


def test_matches_made_at_once_stay_within_the_open_limit(oniroo):
    zsofi = make_user("zsofi")
    with limits(OPEN_MATCHES_PER_USER=3):
        for _round in range(ROUNDS):
            Match.objects.filter(created_by=zsofi).delete()
            for _ in range(2):
                table(zsofi, oniroo, "invite")

            def create():
                table(zsofi, oniroo, "invite")

            outcomes = at_once(*[create] * AT_ONCE)
            assert outcomes == ["create: applied"] + ["create: too_many_matches"] * (AT_ONCE - 1)
            assert open_seats(zsofi) == 3


def test_hard_bot_matches_made_at_once_stay_within_their_limit(oniroo):
    zsofi = make_user("zsofi")
    with limits(HARD_BOTS_PER_USER=2):
        for _round in range(ROUNDS):
            Match.objects.filter(created_by=zsofi).delete()
            table(zsofi, oniroo, "bot:search")

            def hard():
                table(zsofi, oniroo, "bot:search")

            outcomes = at_once(*[hard] * AT_ONCE)
            refused = ["hard: too_many_hard_bot_matches"] * (AT_ONCE - 1)
            assert outcomes == ["hard: applied", *refused]
            assert services._open_seats(zsofi).filter(match__fill_bot="search").count() == 2


def test_joins_at_once_stay_within_the_open_limit(oniroo):
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    with limits(OPEN_MATCHES_PER_USER=2):
        for _round in range(ROUNDS):
            Match.objects.all().delete()
            table(zsofi, oniroo, "invite")
            waiting = [table(gergo, oniroo, "open", players=4) for _ in range(2)]
            waiting += [table(make_user(f"m{_round}{n}"), oniroo, "open") for n in range(2)]

            jobs = []
            for match in waiting:

                def join(match=match):
                    services.match_join(match_id=match.pk, user=zsofi, deck=None)

                jobs.append(join)

            def create():
                table(zsofi, oniroo, "invite")

            outcomes = at_once(*jobs, create)
            assert outcomes.count("join: applied") + outcomes.count("create: applied") == 1
            assert open_seats(zsofi) == 2


def test_play_again_pressed_at_once_opens_one_match(oniroo):
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    for _round in range(ROUNDS):
        alone = table(zsofi, oniroo, "bot:greedy")
        services.match_resign(match_id=alone.pk, user=zsofi)

        def again(alone=alone):
            services.match_rematch(match_id=alone.pk, user=zsofi)

        assert at_once(again, again, again) == ["again: applied"] * 3
        (rematch,) = Match.objects.filter(rematch_of=alone)
        services.match_resign(match_id=rematch.pk, user=zsofi)

        # two people press together: one new match, both seated, and it starts
        duo = table(zsofi, oniroo, "invite")
        services.match_join(match_id=duo.pk, user=gergo, deck=None)
        services.match_resign(match_id=duo.pk, user=gergo)

        def hers(duo=duo):
            services.match_rematch(match_id=duo.pk, user=zsofi)

        def his(duo=duo):
            services.match_rematch(match_id=duo.pk, user=gergo)

        assert at_once(hers, his) == ["hers: applied", "his: applied"]
        (rematch,) = Match.objects.filter(rematch_of=duo)
        assert rematch.status == MatchStatus.RUNNING
        assert sorted(rematch.seats.values_list("user__username", flat=True)) == [
            "gergo",
            "zsofi",
        ]
        services.match_resign(match_id=rematch.pk, user=gergo)
