"""The hard bots a person has at their tables are counted, not their matches.

Every bot at a table moves after each of the person's moves, and each hard-bot decision is
a second or more of a worker: an ONIROO table of six with five hard bots cost 7 to 11 s of
a worker per move (the cost audit's /tmp/costaudit/hardbot.py), while the old limit counted
it as one match of three. Now LIMITS["HARD_BOTS_PER_USER"] bounds the hard bots at a
person's tables at once, said in words at the lobby and the API.
"""

from __future__ import annotations

import html
import json

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation

from catalog.models import Card, Game
from core.errors import ApplicationError
from play import services
from play.models import Match, Seat
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

TOO_MANY_AT_ONE_TABLE = (
    "At most 3 hard bots may play at your tables at once, and this table would have 5: "
    "choose fewer players or an easier bot."
)


@pytest.fixture
def zsofi():
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    with override_settings(PLAY_SEARCH_SECONDS=0.01), translation.override("en"):
        yield make_user("zsofi", language="en")  # the messages read in English


def oniroo(user, players: int, opponent: str = "bot:search") -> Match:
    return services.match_create(
        user=user,
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent=opponent,
        options={"players": players, "level": 1},
    )


def refused(make) -> ApplicationError:
    with pytest.raises(ApplicationError) as caught:
        make()
    return caught.value


def hard_bots(user) -> int:
    return Seat.objects.filter(
        match__seats__user=user, match__status__in=("waiting", "running"), bot="search"
    ).count()


def test_a_table_of_six_hard_bots_is_refused_and_says_how_many_one_may_have(zsofi):
    problem = refused(lambda: oniroo(zsofi, 6))
    assert problem.code == "too_many_hard_bot_matches"
    assert problem.message == TOO_MANY_AT_ONE_TABLE
    assert not Match.objects.exists()  # nothing was made
    oniroo(zsofi, 6, opponent="bot:greedy")  # five normal bots are fine
    oniroo(zsofi, 4)  # three hard bots: the limit, reached at one table


def test_the_hard_bots_of_every_table_count_together(zsofi):
    oniroo(zsofi, 2)
    second = oniroo(zsofi, 2)
    assert hard_bots(zsofi) == 2
    problem = refused(lambda: oniroo(zsofi, 3))  # two more: four in all
    assert problem.message == (
        "At most 3 hard bots may play at your tables at once: you have 2 already, and this "
        "table would add 2. Finish a match or give it up first, or choose fewer players or "
        "an easier bot."
    )
    oniroo(zsofi, 2)  # one more: three in all
    problem = refused(lambda: oniroo(zsofi, 2))
    assert problem.message == (
        "At most 3 hard bots may play at your tables at once, and you have 3 already: "
        "finish a match or give it up first, or choose an easier bot."
    )
    assert hard_bots(zsofi) == 3
    services.match_resign(match_id=second.pk, user=zsofi)  # over: its bot thinks no more
    oniroo(zsofi, 2)


def test_other_peoples_hard_bots_are_their_own(zsofi):
    anna = make_user("anna", language="en")
    oniroo(anna, 4)
    oniroo(zsofi, 4)
    assert hard_bots(zsofi) == hard_bots(anna) == 3


def test_a_seat_taken_back_brings_its_tables_hard_bots_along(zsofi):
    """A seat a bot plays is not the person's table; taken back, its hard bots count."""
    away = oniroo(zsofi, 4)
    Seat.objects.filter(match=away, user=zsofi).update(bot="search")  # as if handed over
    services._seats_moved(Match.objects.get(pk=away.pk))  # as every seat change says it
    oniroo(zsofi, 2)
    problem = refused(lambda: services.match_take_seat_back(match_id=away.pk, user=zsofi))
    assert problem.code == "too_many_hard_bot_matches" and "you have 1 already" in problem.message
    assert Seat.objects.get(match=away, user=zsofi).bot == "search"  # still the bot's


# --- the doors: the lobby's form and the API ----------------------------------------------------
def test_the_lobby_says_why_by_the_oniroo_form(zsofi, client):
    client.force_login(zsofi)
    sent = {"game": "oniroo", "players": "6", "level": "1", "opponent": "bot:search"}
    answer = client.post("/play/new/", sent)
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    assert f'<p id="new-oniroo-error" class="errors" role="alert">{TOO_MANY_AT_ONE_TABLE}</p>' in (
        page
    )
    assert not Match.objects.exists()
    sent["players"] = "4"
    assert client.post("/play/new/", sent).status_code == 302


def test_the_api_refuses_in_its_error_shape(zsofi, client):
    client.force_login(zsofi)
    body = {"game": "oniroo", "opponent": "bot:search", "options": {"players": 6, "level": 1}}
    answer = client.post("/api/matches/", json.dumps(body), content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"] == {
        "code": "too_many_hard_bot_matches",
        "message": TOO_MANY_AT_ONE_TABLE,
    }
    assert not Match.objects.exists()
