"""Issue #19, items 5 and 6: tab titles, the names of seats, and the seed as text.

A newcomer's tab reads "Page · Kártyavár"; every seat at a table has a name of
its own (two normal bots are "Normal bot 1" and "Normal bot 2", never the same
words twice); Hungarian says "bot" for a bot everywhere; and the revealed seed
reaches the browser as text, all its digits intact.
"""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command
from django.utils import translation

from core.games import get_game
from play import frames, names
from play.models import Match, MatchStatus, Seat
from tests.factories import make_user
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db

BIG_SEED = 3431596075638175314  # past 2**53: a JSON number would lose its last digits


@pytest.fixture
def oniroo_with_bots():
    """A running three-seat ONIROO match of zsofi against two greedy bots."""
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi")
    match = oniroo_match(zsofi, "bot:greedy", players=3, level=1)
    return Match.objects.get(pk=match.pk), zsofi


def test_two_bots_of_a_kind_get_a_number_each_in_both_languages(oniroo_with_bots):
    match, _zsofi = oniroo_with_bots
    seats = list(match.seats.select_related("user"))
    with translation.override("hu"):
        assert names.seat_names(seats) == {0: "zsofi", 1: "Közepes bot 1", 2: "Közepes bot 2"}
    with translation.override("en"):
        assert names.seat_names(seats) == {0: "zsofi", 1: "Normal bot 1", 2: "Normal bot 2"}


def test_a_lone_bot_has_no_number_and_a_stand_in_keeps_the_persons_name():
    anna = make_user("anna")
    seats = [
        Seat(position=0, user=anna, bot="greedy"),  # anna was away: a bot plays her seat
        Seat(position=1, bot="random"),
        Seat(position=2, bot="greedy"),
    ]
    with translation.override("en"):
        players = names.players(seats)
    assert [p["name"] for p in players] == ["anna (bot)", "Easy bot", "Normal bot"]
    # the page names a bot's own seat in its own language from these
    assert [(p["bot_kind"], p["bot_number"]) for p in players] == [
        (None, None),
        ("random", None),
        ("greedy", None),
    ]
    assert [p["bot"] for p in players] == [True, True, True]


def test_the_payload_names_the_bots_apart(oniroo_with_bots):
    match, _zsofi = oniroo_with_bots
    payload = frames.match_payload(match, None)
    assert [(p["bot_kind"], p["bot_number"]) for p in payload["players"]] == [
        (None, None),
        ("greedy", 1),
        ("greedy", 2),
    ]
    assert len({p["name"] for p in payload["players"]}) == 3


def test_the_replay_is_seen_by_seats_with_names_of_their_own(client, oniroo_with_bots):
    match, zsofi = oniroo_with_bots
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED)
    client.force_login(zsofi)
    html = client.get(f"/play/{match.pk}/replay/?step=0").content.decode()
    perspective = re.search(r'<p class="replay-perspective">(.*?)</p>', html, re.S).group(1)
    text = re.sub(r"<[^>]+>", "", perspective)
    seen_from = "Nézőpont: zsofi · Közepes bot 1 · Közepes bot 2 · egy néző"
    assert re.sub(r"\s+", " ", text).strip() == seen_from


def test_the_revealed_seed_is_text_with_every_digit(client, oniroo_with_bots):
    match, zsofi = oniroo_with_bots
    client.force_login(zsofi)  # the match is running: its seed is still secret
    assert client.get(f"/api/matches/{match.pk}/").json()["seed"] is None
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED, seed=BIG_SEED)
    body = client.get(f"/api/matches/{match.pk}/").content.decode()
    assert json.loads(body)["seed"] == "3431596075638175314"
    assert '"seed":"3431596075638175314"' in body.replace(" ", "")
    # the table page's first state carries it as text too
    html = client.get(f"/play/{match.pk}/").content.decode()
    initial = re.search(r'<script[^>]*id="match-initial"[^>]*>(.*?)</script>', html, re.S)
    assert json.loads(initial.group(1))["seed"] == "3431596075638175314"


@pytest.mark.parametrize(
    ("url", "language", "title"),
    [
        ("/", "hu", "Kezdőlap · Kártyavár"),
        ("/", "en", "Home · Kártyavár"),
        ("/play/", "hu", "Játék · Kártyavár"),
        ("/accounts/login/", "en", "Log in · Kártyavár"),
    ],
)
def test_the_tab_title_separates_the_page_from_the_site(client, url, language, title):
    client.cookies["django_language"] = language
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<title>{title}</title>" in html


def test_a_cards_tab_title_has_the_separator(client):
    call_command("load_cards", verbosity=0)
    from catalog.models import Card

    card = Card.objects.order_by("pk").first()
    html = client.get(card.get_absolute_url()).content.decode()
    name = re.search(r"<title>(.*?)</title>", html).group(1)
    assert name.endswith(" · Kártyavár") and not name.startswith(" ·")


def test_the_lobby_says_bot_in_hungarian_everywhere(client):
    call_command("load_cards", verbosity=0)
    client.force_login(make_user("zsofi"))
    html = client.get("/play/").content.decode()
    assert "botok (könnyű)" in html and "botok (közepes)" in html and "botok (nehéz)" in html
    assert "robot" not in html and "gép" not in html


def test_the_table_is_titled_by_its_game_and_loads_the_games_own_script_and_style(
    client, oniroo_with_bots
):
    match, zsofi = oniroo_with_bots
    client.force_login(zsofi)
    html = client.get(f"/play/{match.pk}/").content.decode()
    # the registry's one rule for every table ("ONIROO match"), in the page's language
    with translation.override("hu"):
        title = str(get_game("oniroo").table_title)
    assert f"<title>{title} · Kártyavár</title>" in html
    assert re.search(rf"<h1>\s*{title}</h1>", html)
    assert '<script src="/static/js/oniroo.js" defer></script>' in html
    assert '<link rel="stylesheet" href="/static/css/oniroo.css">' in html
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED)
    html = client.get(f"/play/{match.pk}/replay/?step=0").content.decode()
    assert f"<title>Visszajátszás: {title} · Kártyavár</title>" in html
    assert '<script src="/static/js/oniroo.js" defer></script>' in html
