"""What an event's live part costs: every open event page asks for it every 5 s.

A poll whose answer would be what the browser holds gets 304 and no body (the ETag says
what the part shows: the event's version, the round's games, who asks, the language, the
clock); the tables are rendered once for every viewer and kept, the viewer's own rows
marked afterwards; and the queries do not grow with the players. The rounds API answers
304 the same way. Personas: the organiser, players p1..p8 (reading English), an anonymous
visitor (Hungarian, the site's default).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from play import services as play_services
from tests.tournaments.conftest import (
    new_event,
    pairings_of,
    record_result,
    register_all,
    started_event,
)
from tournaments import services

pytestmark = pytest.mark.django_db

START = dt.datetime(2030, 5, 6, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def clock(monkeypatch):
    """The site's clock, standing still until a test moves it (the round's clock shows
    whole minutes, so a real minute passing changes the part)."""
    now = {"at": START}
    monkeypatch.setattr(timezone, "now", lambda: now["at"])
    return now


def live_url(event) -> str:
    return reverse("tournaments:live", args=[event.pk])


def rounds_url(event) -> str:
    return reverse("api:tournament-rounds", args=[event.pk])


@pytest.fixture
def visitor(client):
    """The test client as an anonymous visitor who chose English."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def poll(client, url: str, etag: str | None = None):
    return client.get(url, **({"HTTP_IF_NONE_MATCH": etag} if etag else {}))


def standings_of(html: str) -> list[tuple[str, str]]:
    """(name, W-L-D) of each standings row, best first."""
    table = html.split('id="standings"', 1)[1]
    return re.findall(
        r'id="live-standing-\d+"[^>]*>([^<]+)</a>.*?<td>(\d+-\d+-\d+)</td>', table, re.S
    )


def mine(html: str) -> list[str]:
    """The ids of the first link of each row marked as the viewer's own."""
    return re.findall(
        r'<tr class="is-mine">\s*<td class="num"[^>]*>\d+</td>\s*<td[^>]*><a id="([^"]+)"', html
    )


@pytest.fixture
def started(organiser, alomfogo, people, clock):
    """A running event of four players, round 1 paired (two tables, nothing decided)."""
    return started_event(organiser, alomfogo, people[:4])


# --- 304 --------------------------------------------------------------------------------
def test_a_second_poll_with_the_etag_is_a_304_with_no_body(client, started):
    first = poll(client, live_url(started))
    assert first.status_code == 200 and 'id="standings"' in first.content.decode()
    cache_control = {d.strip() for d in first["Cache-Control"].split(",")}
    assert {"private", "no-cache"} <= cache_control  # kept, and asked again every time
    again = poll(client, live_url(started), first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    assert "no-cache" in again["Cache-Control"]


def test_a_signed_in_players_browser_keeps_the_part_and_asks_again_with_its_etag(
    client, started, people
):
    """Signed-in answers are no-store by default (core.middleware): the part's own
    `private, no-cache` is kept, else the browser would forget it and never send the ETag."""
    client.force_login(people[0])
    first = poll(client, live_url(started))
    cache_control = {d.strip() for d in first["Cache-Control"].split(",")}
    assert {"private", "no-cache"} <= cache_control and "no-store" not in cache_control
    again = poll(client, live_url(started), first["ETag"])
    assert again.status_code == 304 and again.content == b""
    # the event page itself (forms, messages, the person's decks) is still not kept
    page = client.get(reverse("tournaments:detail", args=[started.pk]))
    assert "no-store" in page["Cache-Control"]


def test_a_result_entered_sends_the_new_standings_to_the_same_etag(
    client, started, organiser, people
):
    first = poll(client, live_url(started))
    assert ("p1", "0-0-0") in standings_of(first.content.decode())
    table = pairings_of(started, 1)[0]
    record_result(started, table, organiser, 1, 0, 0)
    winner = table.player_a.user.username
    after = poll(client, live_url(started), first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert standings_of(after.content.decode())[0] == (winner, "1-0-0")
    assert poll(client, live_url(started), after["ETag"]).status_code == 304


def test_a_registration_sends_the_new_player_list_to_the_same_etag(
    client, organiser, alomfogo, people
):
    event = new_event(organiser, alomfogo)
    register_all(event, people[:2])
    first = poll(client, live_url(event))
    assert "p3" not in first.content.decode()
    assert poll(client, live_url(event), first["ETag"]).status_code == 304
    register_all(event, people[2:3])
    after = poll(client, live_url(event), first["ETag"])
    assert after.status_code == 200 and "<li>p3</li>" in after.content.decode()


def test_a_match_that_begins_turns_waiting_into_playing_for_the_same_etag(visitor, started):
    """A match's start raises no version of the event: the round's games tell it."""
    first = poll(visitor, live_url(started))
    assert first.content.decode().count("playing") == 0
    table = pairings_of(started, 1)[0]
    match = table.games.get().match
    for player in (table.player_a, table.player_b):
        play_services.match_ready(match_id=match.pk, user=player.user)
    after = poll(visitor, live_url(started), first["ETag"])
    assert after.status_code == 200 and after.content.decode().count("playing") == 1


def test_the_clock_moving_on_a_minute_sends_the_part_again(client, started, clock):
    """The part says whole minutes (the page's script counts the seconds): the polls of a
    minute get 304, the next minute the part (tests/tournaments/test_live_clock.py)."""
    first = poll(client, live_url(started))
    assert 'datetime="PT50M"' in first.content.decode()
    clock["at"] = START + dt.timedelta(seconds=5)
    assert poll(client, live_url(started), first["ETag"]).status_code == 304
    clock["at"] = START + dt.timedelta(seconds=60)
    after = poll(client, live_url(started), first["ETag"])
    assert after.status_code == 200 and 'datetime="PT49M"' in after.content.decode()


def test_each_viewer_and_language_has_an_etag_of_its_own(client, started, people):
    anonymous = poll(client, live_url(started))  # in Hungarian, the site's default
    assert "Párosítás" in anonymous.content.decode() and mine(anonymous.content.decode()) == []
    client.force_login(people[0])  # reads English
    as_p1 = poll(client, live_url(started), anonymous["ETag"])
    assert as_p1.status_code == 200 and "Pairings" in as_p1.content.decode()
    assert len(mine(as_p1.content.decode())) == 2  # p1's pairing and p1's standing
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"
    in_hungarian = poll(client, live_url(started), as_p1["ETag"])
    assert in_hungarian.status_code == 200 and "Párosítás" in in_hungarian.content.decode()
    client.force_login(people[1])
    as_p2 = poll(client, live_url(started), in_hungarian["ETag"])
    assert as_p2.status_code == 200
    assert mine(as_p2.content.decode()) != mine(in_hungarian.content.decode())


# --- the rows: rendered once, each viewer's own marked ------------------------------------
def test_the_tables_are_rendered_once_for_every_viewer_and_each_sees_their_own_rows(
    visitor, organiser, alomfogo, people, clock
):
    """An unlisted event: its matches are private, so only a table's players see the
    links to its games. Three players: one has a bye."""
    event = new_event(organiser, alomfogo, listed=False)
    register_all(event, people[:3])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    rendered = []

    def seen(sender, template, context, **kwargs):
        if template.name.endswith("_rows.html"):  # the rows' templates: how many rows
            rendered.append((template.name, len(context.get("pairings") or context["standings"])))

    template_rendered.connect(seen)
    try:
        pages = {}
        for viewer in (None, *people[:3], organiser):
            if viewer is not None:
                visitor.force_login(viewer)
            pages[viewer.username if viewer else "anonymous"] = poll(
                visitor, live_url(event)
            ).content.decode()
    finally:
        template_rendered.disconnect(seen)
    # the full tables once; then one row at a time (a player's own, twice: as shared, as theirs)
    full = [r for r in rendered if r[1] > 1]
    assert sorted(full) == [
        ("tournaments/_live_pairing_rows.html", 2),
        ("tournaments/_live_standing_rows.html", 3),
    ]
    table = next(p for p in pairings_of(event, 1) if p.player_b is not None)
    game = table.games.get()
    link = f'id="live-game-{game.pk}"'
    for name, html in pages.items():
        seated = name in (table.player_a.user.username, table.player_b.user.username)
        assert (link in html) == seated, name  # a private game: its players' link only
        if name in ("anonymous", organiser.username):
            assert mine(html) == [], name  # nobody's row (the bye is not the visitor's)
        else:
            assert len(mine(html)) == 2, name


def test_an_anonymous_visitor_sees_no_row_marked_as_theirs_not_even_a_bye(
    visitor, started, organiser
):
    """Round 2 of three players (one dropped): one has a bye, whose missing opponent's user
    a visitor's missing user once matched."""
    services.tournament_drop(tournament_id=started.pk, user=started.players.first().user)
    for pairing in pairings_of(started, 1):
        record_result(started, pairing, organiser, 1, 0, 0)
    services.tournament_next_round(tournament_id=started.pk, user=organiser)
    html = poll(visitor, live_url(started)).content.decode()
    assert '<span class="muted">bye</span>' in html
    assert 'class="is-mine"' not in html


# --- queries ------------------------------------------------------------------------------
def queries_of(client, url: str, etag: str | None = None) -> int:
    with CaptureQueriesContext(connection) as queries:
        poll(client, url, etag)
    return len(queries)


def costs(client, event, viewer) -> list[int]:
    """Queries of: a poll after a change (the tables rendered), the next one (kept), one
    with the ETag (304), and the rounds API's first answer and its 304."""
    client.logout()
    if viewer is not None:
        client.force_login(viewer)
    first = queries_of(client, live_url(event))
    kept = queries_of(client, live_url(event))
    tag = poll(client, live_url(event))["ETag"]
    not_modified = queries_of(client, live_url(event), tag)
    api_first = queries_of(client, rounds_url(event))
    api_tag = poll(client, rounds_url(event))["ETag"]
    api_not_modified = queries_of(client, rounds_url(event), api_tag)
    return [first, kept, not_modified, api_first, api_not_modified]


@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_the_queries_do_not_grow_with_the_players(client, organiser, alomfogo, people, clock, who):
    measured = []
    for size in (2, 8):
        event = new_event(organiser, alomfogo, name=f"Cup of {size}")
        register_all(event, people[:size])
        services.tournament_start(tournament_id=event.pk, user=organiser)
        record_result(event, pairings_of(event, 1)[0], organiser, 1, 0, 0)
        measured.append(costs(client, event, people[0] if who == "player" else None))
    assert measured[0] == measured[1], measured


# --- the rounds API -----------------------------------------------------------------------
def test_the_rounds_api_answers_304_until_a_result_or_a_match_moves(client, started, organiser):
    first = poll(client, rounds_url(started))
    assert first.status_code == 200 and first.json()[0]["pairings"][0]["games"]
    again = poll(client, rounds_url(started), first["ETag"])
    assert again.status_code == 304 and again.content == b""
    table = pairings_of(started, 1)[0]
    match = table.games.get().match
    for player in (table.player_a, table.player_b):
        play_services.match_ready(match_id=match.pk, user=player.user)
    began = poll(client, rounds_url(started), first["ETag"])
    assert began.status_code == 200
    assert began.json()[0]["pairings"][0]["games"][0]["status"] == "running"
    record_result(started, pairings_of(started, 1)[1], organiser, 0, 1, 0)
    entered = poll(client, rounds_url(started), began["ETag"])
    assert entered.status_code == 200 and entered.json()[0]["pairings"][1]["outcome"] == "b"


def test_the_rounds_api_documents_if_none_match_and_its_304(visitor, started):
    from tests.core.test_schema_matches_answers import assert_documented

    schema = visitor.get("/api/schema/", {"format": "json"}).json()
    path = "/api/tournaments/{tournament_id}/rounds/"
    again = poll(visitor, rounds_url(started), poll(visitor, rounds_url(started))["ETag"])
    assert again.status_code == 304
    assert_documented(schema, "get", path, again)
    parameters = schema["paths"][path]["get"]["parameters"]
    assert any(p["name"] == "If-None-Match" and p["in"] == "header" for p in parameters)


def test_a_change_in_the_admin_shows_on_the_live_part_at_once(client, started, people):
    """The admin writes no service: its saves raise the event's version too, else the kept
    rows and the ETag would show the event as it was for up to an hour."""
    from django.contrib.auth import get_user_model

    first = poll(client, live_url(started))
    assert poll(client, live_url(started), first["ETag"]).status_code == 304
    staff = get_user_model().objects.create_superuser("tamogato", "t@example.com", "x-Jelszo-77")
    admin = type(client)()
    admin.force_login(staff)
    player = started.players.get(user=people[0])
    changed = admin.post(
        reverse("admin:tournaments_player_change", args=[player.pk]),
        {"tournament": started.pk, "user": people[0].pk, "dropped_after_round": 1},
    )
    assert changed.status_code == 302, changed.content.decode()[:2000]
    after = poll(client, live_url(started), first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]


def test_an_admin_save_of_an_event_read_before_a_change_does_not_take_the_version_back(
    client, started, people
):
    """The admin page read the event, then a player dropped: its save writes what it
    changed, not the version it read (a version gone back named the older state's rows)."""
    from types import SimpleNamespace

    from django.contrib import admin
    from django.test import RequestFactory

    from tournaments.models import Tournament

    stale = Tournament.objects.get(pk=started.pk)  # the change page is opened
    services.tournament_drop(tournament_id=started.pk, user=people[0])
    before = poll(client, live_url(started))
    stale.name = "Tavaszi kupa"
    form = SimpleNamespace(changed_data=["name"], _meta=SimpleNamespace(model=Tournament))
    admin.site._registry[Tournament].save_model(RequestFactory().post("/"), stale, form, True)
    event = Tournament.objects.get(pk=started.pk)
    assert event.name == "Tavaszi kupa"
    assert event.version == stale.version + 2  # the drop's, then the admin's own
    after = poll(client, live_url(started), before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]


def test_rows_kept_before_a_deploy_that_draws_them_otherwise_are_drawn_anew(
    visitor, started, settings, tmp_path
):
    """The rows are kept an hour; a new release that changes their template (the pairings
    became labelled cards on phones) must not hand out the rows the old one drew."""
    from tournaments import live

    assert "live-pairing" in poll(visitor, live_url(started)).content.decode()  # kept now
    source = Path(settings.BASE_DIR) / "templates" / live.PAIRING_ROWS
    changed = tmp_path / live.PAIRING_ROWS
    changed.parent.mkdir(parents=True)
    changed.write_text("<!-- the new release's rows -->" + source.read_text(encoding="utf-8"))
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]
    live.rows_drawn_by.cache_clear()  # a new process: the release's first
    try:
        assert "the new release's rows" in poll(visitor, live_url(started)).content.decode()
    finally:
        live.rows_drawn_by.cache_clear()
