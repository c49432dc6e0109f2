"""A match's tab is titled by what its page is, in one way for every game.

The tables were titled "Álomfogó match · Kártyavár" and "ONIROO match · …" but
"Arcane Guardian · Kártyavár" (each game's own title in the registry); a tournament match
waiting for its players was titled "Match" under the heading "Your tournament match".
Every table is now titled "<game> match" (core.games `table_title`: one rule), live and
replayed, and a waiting page by its heading, whichever of its headings it shows.
"""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from catalog.models import Game
from core.games import all_games
from play import services
from play.models import Match, MatchStatus
from tests.factories import make_user
from tests.play_rows import first_cards_deck, oniroo_match
from tests.tournaments.conftest import current_match, new_event, pairings_of, register_all
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def zsofi(client):
    call_command("load_cards", verbosity=0)
    user = make_user("zsofi", language="en")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


def title_and_heading(client, url: str) -> tuple[str, str]:
    html = client.get(url).content.decode()
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    heading = re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)
    return re.sub(r"\s+", " ", title).strip(), re.sub(r"\s+", " ", heading).strip()


def a_running_match(user, slug: str) -> Match:
    game = Game.objects.get(slug=slug)
    deck = first_cards_deck(user, "Deck", 15) if slug == "alomfogo" else None
    opponent = "solo" if slug == "arcane-guardian" else "bot:greedy"
    return services.match_create(user=user, game=game, deck=deck, opponent=opponent)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
def test_every_table_is_titled_its_game_s_match_live_and_replayed(client, zsofi, spec):
    match = a_running_match(zsofi, spec.id)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING
    expected = f"{spec.name} match"
    assert title_and_heading(client, f"/play/{match.pk}/") == (
        f"{expected} · Kártyavár",
        expected,
    )
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED)
    title, _heading = title_and_heading(client, f"/play/{match.pk}/replay/?step=0")
    assert title == f"Replay: {expected} · Kártyavár"


def test_a_waiting_match_is_titled_by_its_heading(client, zsofi):
    duel = oniroo_match(zsofi, "invite", players=2, level=1)
    assert title_and_heading(client, f"/play/{duel.pk}/") == (
        "Waiting for an opponent · Kártyavár",
        "Waiting for an opponent",
    )
    three = oniroo_match(zsofi, "invite", players=3, level=1)
    assert title_and_heading(client, f"/play/{three.pk}/") == (
        "Waiting for 2 more players · Kártyavár",
        "Waiting for 2 more players",
    )
    Match.objects.filter(pk=three.pk).update(status=MatchStatus.ABANDONED)
    assert title_and_heading(client, f"/play/{three.pk}/") == (
        "The match was called off · Kártyavár",
        "The match was called off",
    )


def test_a_tournament_match_waiting_for_its_players_is_titled_as_its_heading_says(client, zsofi):
    organiser = make_user("szervezo", language="en")
    gergo = make_user("gergo", language="en")
    zsofi.deck = first_cards_deck(zsofi, "Tournament deck", 15)
    gergo.deck = first_cards_deck(gergo, "Tournament deck", 15)
    event = new_event(organiser, Game.objects.get(slug="alomfogo"))
    register_all(event, [zsofi, gergo])
    tournament_services.tournament_start(tournament_id=event.pk, user=organiser)
    match = current_match(pairings_of(event, 1)[0])
    assert match.status == MatchStatus.WAITING
    assert title_and_heading(client, f"/play/{match.pk}/") == (
        "Your tournament match · Kártyavár",
        "Your tournament match",
    )
