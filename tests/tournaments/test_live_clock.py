"""The round clock in an event's live part changes the part once a minute, not every second.

Every open event page polls the part every 5 s. It says the time left in whole minutes
(rounded up) and carries the deadline for the page's script to count the seconds, so the
polls of a minute get 304 and no body; the next minute, a result, or the time running out
send the part again. Without JavaScript the page still says the minutes left, or that
the time is up. Personas: the organiser, players p1..p4 (English), a visitor.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.conftest import pairings_of, record_result, started_event

pytestmark = pytest.mark.django_db

START = dt.datetime(2030, 5, 6, 10, 0, tzinfo=dt.UTC)
ROUND = dt.timedelta(minutes=50)  # the round time of a new event


@pytest.fixture
def clock(monkeypatch):
    """The site's clock, standing still until a test moves it."""
    now = {"at": START}
    monkeypatch.setattr(timezone, "now", lambda: now["at"])
    return now


@pytest.fixture
def visitor(client):
    """The test client as an anonymous visitor who chose English."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def started(organiser, alomfogo, people, clock):
    """A running event of four players, round 1 paired at START (two tables, undecided)."""
    return started_event(organiser, alomfogo, people[:4])


def poll(client, event, etag: str | None = None):
    """The part as htmx asks for it every 5 s (with the ETag of the copy it holds)."""
    headers = {"HTTP_HX_REQUEST": "true"}
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(reverse("tournaments:live", args=[event.pk]), **headers)


def at(clock, seconds: float) -> None:
    clock["at"] = START + dt.timedelta(seconds=seconds)


def test_polls_within_a_minute_get_304_and_the_next_minute_the_part(visitor, started, clock):
    first = poll(visitor, started)
    html = first.content.decode()
    assert first.status_code == 200
    assert "Time left:" in html and ">50 minutes</time>" in html
    assert f'data-ends="{int((START + ROUND).timestamp())}"' in html
    assert 'datetime="PT50M"' in html
    for seconds in (5, 10, 30, 59):  # the polls of a page open through the first minute
        at(clock, seconds)
        again = poll(visitor, started, first["ETag"])
        assert again.status_code == 304 and again.content == b"", seconds
        assert again["ETag"] == first["ETag"]
    at(clock, 60)  # 49 minutes left: the part changes
    later = poll(visitor, started, first["ETag"])
    assert later.status_code == 200 and ">49 minutes</time>" in later.content.decode()
    at(clock, 65)
    assert poll(visitor, started, later["ETag"]).status_code == 304


def test_a_result_during_the_minute_sends_the_part_again(visitor, started, clock, organiser):
    first = poll(visitor, started)
    at(clock, 5)
    assert poll(visitor, started, first["ETag"]).status_code == 304
    record_result(started, pairings_of(started, 1)[0], organiser, 1, 0, 0)
    at(clock, 10)
    after = poll(visitor, started, first["ETag"])
    assert after.status_code == 200 and "1-0-0" in after.content.decode()
    assert ">50 minutes</time>" in after.content.decode()


def test_the_last_minute_and_the_time_running_out(visitor, started, clock):
    at(clock, ROUND.total_seconds() - 60)
    minute = poll(visitor, started)
    assert ">1 minute</time>" in minute.content.decode()
    at(clock, ROUND.total_seconds() - 1)  # one second left: still the last minute
    assert poll(visitor, started, minute["ETag"]).status_code == 304
    at(clock, ROUND.total_seconds())
    up = poll(visitor, started, minute["ETag"])
    html = up.content.decode()
    assert up.status_code == 200
    assert "Time is up: a game nobody started goes to whoever was ready." in html
    assert "data-ends" not in html and "Time left:" not in html
    at(clock, ROUND.total_seconds() + 5)
    assert poll(visitor, started, up["ETag"]).status_code == 304


def test_without_javascript_the_page_says_the_minutes_left(client, started, clock):
    """The event's page, as a browser without JavaScript shows it: the minutes left in
    Hungarian (the site's default) and the deadline; the script that counts the seconds
    comes with the page, never with the polled part."""
    at(clock, 12 * 60 + 30)  # 37 minutes 30 seconds left
    page = client.get(reverse("tournaments:detail", args=[started.pk])).content.decode()
    assert "Hátralévő idő:" in page
    assert 'datetime="PT38M"' in page
    assert "js/tournament_live" in page
    part = poll(client, started).content.decode()
    assert 'datetime="PT38M"' in part and "tournament_live" not in part
    assert part.strip().endswith("</div>")


def test_the_part_with_the_script_and_the_polled_part_have_etags_of_their_own(visitor, started):
    url = reverse("tournaments:live", args=[started.pk])
    whole = visitor.get(url)  # the part asked for outside htmx: it brings the script
    assert "tournament_live" in whole.content.decode()
    polled = poll(visitor, started, whole["ETag"])
    assert polled.status_code == 200 and "tournament_live" not in polled.content.decode()
    assert polled["ETag"] != whole["ETag"]
