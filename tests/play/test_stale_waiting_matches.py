"""A match waiting for players that nobody joined, left or started for a day is called off.

It would hold a place of each of its players' open-match limit and sit in the
lobby for ever. The periodic task `play.call_off_stale_waiting_matches` ends it
unplayed, and its players read on its page why it went.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import timezone

from catalog.models import Game
from config.celery import app as celery_app
from core.errors import ApplicationError
from play import services, tasks
from play.models import Match, MatchStatus
from play.selectors import WAITING_MATCH_STALE_AFTER
from tests.factories import make_user
from tests.play.test_matches import players  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

LONG_AGO = WAITING_MATCH_STALE_AFTER + timedelta(hours=1)


def made_long_ago(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - LONG_AGO)


def oniroo_for_three(creator, *, opponent: str = "open") -> Match:
    return services.match_create(
        user=creator,
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent=opponent,
        options={"players": 3, "level": 1},
    )


def test_a_waiting_match_nobody_touched_for_a_day_is_called_off(players, client):  # noqa: F811
    zsofi, gergo, deck, _deck2 = players
    stale = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="open")
    made_long_ago(stale)
    fresh = services.match_create(user=gergo, game=deck.game, deck=_deck2, opponent="open")
    running = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
    made_long_ago(running)

    assert tasks.call_off_stale_waiting_matches() == 1

    stale.refresh_from_db()
    assert stale.status == MatchStatus.ABANDONED
    assert stale.result == {"winners": [], "reason": "inactive"} and not stale.rated
    assert Match.objects.get(pk=fresh.pk).status == MatchStatus.WAITING
    assert Match.objects.get(pk=running.pk).status == MatchStatus.RUNNING
    # no longer offered in the lobby
    client.force_login(gergo)
    assert str(stale.pk) not in client.get("/play/").content.decode()
    # a second sweep finds nothing more
    assert tasks.call_off_stale_waiting_matches() == 0


def test_a_called_off_match_frees_its_creators_place(players):  # noqa: F811
    zsofi, _gergo, deck, _deck2 = players
    limits = {**settings.LIMITS, "OPEN_MATCHES_PER_USER": 1}
    with override_settings(LIMITS=limits):
        stale = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
        with pytest.raises(ApplicationError) as refused:
            services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
        assert refused.value.code == "too_many_matches"
        made_long_ago(stale)
        tasks.call_off_stale_waiting_matches()
        services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")


def test_a_join_keeps_a_waiting_match_and_the_sweep_counts_from_it(players):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    match = oniroo_for_three(zsofi)
    made_long_ago(match)
    services.match_join(match_id=match.pk, user=gergo, deck=None)  # a change: not stale now

    assert tasks.call_off_stale_waiting_matches() == 0
    assert Match.objects.get(pk=match.pk).status == MatchStatus.WAITING
    # a day after the join it is stale, with both players' places freed
    later = timezone.now() + LONG_AGO
    assert services.matches_call_off_stale(now=later) == 1
    assert Match.objects.get(pk=match.pk).status == MatchStatus.ABANDONED
    assert not services._open_seats(gergo).exists() and not services._open_seats(zsofi).exists()


def test_its_players_read_on_its_page_why_it_went(players, client):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    match = oniroo_for_three(zsofi, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=None)
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - LONG_AGO)
    tasks.call_off_stale_waiting_matches()

    client.cookies["django_language"] = "en"
    for player in (zsofi, gergo):
        client.force_login(player)
        page = client.get(f"/play/{match.pk}/")
        html = page.content.decode()
        assert page.status_code == 200
        assert "The match was called off" in html
        assert "waited 24 hours without anyone joining or starting it" in html
        assert "Call off the match" not in html and "Leave the match" not in html
        assert 'http-equiv="refresh"' not in html
        # its frame has no table to show (seat 2 was never taken: there is nothing to deal)
        frame = client.get(f"/api/matches/{match.pk}/").json()
        assert frame["status"] == "abandoned" and frame["view"] is None
        assert frame["result"]["reason"] == "inactive"
        # and the lobby offers no replay of a match never played
        assert f"/play/{match.pk}/replay/" not in client.get("/play/").content.decode()
    client.force_login(make_user("kivancsi"))  # a private match stays nobody else's business
    assert client.get(f"/play/{match.pk}/").status_code == 404


def test_an_alomfogo_match_called_off_with_a_free_seat_has_a_page(players, client):  # noqa: F811
    """Álomfogó refuses a deal for one player: the page must not try one."""
    zsofi, _gergo, deck, _deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    made_long_ago(match)
    tasks.call_off_stale_waiting_matches()
    client.force_login(zsofi)
    assert client.get(f"/play/{match.pk}/").status_code == 200
    assert client.get(f"/api/matches/{match.pk}/").json()["view"] is None
    # nothing was played, so there is nothing to replay (a replay would deal it)
    assert client.get(f"/play/{match.pk}/replay/").status_code == 404
    assert client.get(f"/api/matches/{match.pk}/replay/").status_code == 404


def test_a_tournament_pairing_is_left_to_its_tournament(players):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    paired = services.match_create_paired(
        game=deck.game,
        options={},
        players=[(zsofi, deck.versions.first()), (gergo, deck2.versions.first())],
        created_by=zsofi,
    )
    made_long_ago(paired)
    assert tasks.call_off_stale_waiting_matches() == 0
    assert Match.objects.get(pk=paired.pk).status == MatchStatus.WAITING


def test_beat_sends_the_sweep_hourly():
    entries = [
        e
        for e in celery_app.conf.beat_schedule.values()
        if e["task"] == "play.call_off_stale_waiting_matches"
    ]
    assert [e["schedule"] for e in entries] == [3600]
    assert "play.call_off_stale_waiting_matches" in celery_app.tasks
