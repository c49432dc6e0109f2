"""The live table page's data attributes mean the same thing in every match.

`data-back` is the card-back picture every game's script draws a face-down card
with (live.js's card `src`); a tournament game's way back to its event is a link
of its own in the header. An event link in `data-back` drew every hidden card as
a broken image, and each redraw fetched the whole event page.
"""

from __future__ import annotations

import html
import re

import pytest

from catalog.models import Game
from catalog.selectors import back_url
from decks import services as deck_services
from play import services as play_services
from play.models import Match
from tests.factories import make_user
from tests.play_rows import demo_deck_entries, first_cards_deck, oniroo_match
from tests.tournaments.conftest import current_match, new_event, pairings_of, register_all
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db

EVENT_URL = "/tournaments/7/"


def table_attribute(page, name: str) -> str:
    """The value of one data attribute of the page's #match-table element."""
    assert page.status_code == 200
    table = re.search(r'<div id="match-table"[^>]*>', page.content.decode(), re.S)
    assert table, "the page has no match table"
    value = re.search(rf'\s{name}="([^"]*)"', table.group(0))
    assert value, f"the match table has no {name}"
    return html.unescape(value.group(1))


def a_running_match(game_slug: str, user):
    """A running table of the user's in the game: against a bot, or alone where the game is solo."""
    game = Game.objects.get(slug=game_slug)
    if game_slug == "oniroo":
        return oniroo_match(user, "bot:greedy")
    if game_slug == "alomfogo":
        deck = deck_services.deck_create(
            owner=user, game=game, name="Pakli", entries=demo_deck_entries()
        )
        return play_services.match_create(user=user, game=game, deck=deck, opponent="bot:random")
    return play_services.match_create(user=user, game=game, deck=None, opponent="solo")


@pytest.mark.parametrize("game_slug", ["alomfogo", "oniroo", "arcane-guardian"])
def test_a_match_of_an_event_draws_face_down_cards_with_the_card_back(cards, client, game_slug):
    zsofi = make_user("zsofi", language="en")
    match = a_running_match(game_slug, zsofi)
    assert Match.objects.get(pk=match.pk).status == "running"
    client.force_login(zsofi)
    on_its_own = table_attribute(client.get(f"/play/{match.pk}/"), "data-back")
    assert on_its_own == back_url(game_slug)

    Match.objects.filter(pk=match.pk).update(event_url=EVENT_URL)
    page = client.get(f"/play/{match.pk}/")
    assert table_attribute(page, "data-back") == on_its_own
    assert f'<p class="table-event"><a href="{EVENT_URL}">' in page.content.decode()


def test_a_started_tournament_game_has_the_card_back_and_its_event_link(cards, client):
    organiser = make_user("szervezo", language="en")
    alomfogo = Game.objects.get(slug="alomfogo")
    people = []
    for n in (1, 2):
        user = make_user(f"p{n}", language="en")
        user.deck = first_cards_deck(user, f"Deck {n}", 15)
        people.append(user)
    event = new_event(organiser, alomfogo)
    register_all(event, people)
    tournament_services.tournament_start(tournament_id=event.pk, user=organiser)
    match = current_match(pairings_of(event, 1)[0])
    for user in people:
        play_services.match_ready(match_id=match.pk, user=user)
    assert Match.objects.get(pk=match.pk).status == "running"

    client.force_login(people[0])
    page = client.get(f"/play/{match.pk}/")
    assert table_attribute(page, "data-back") == back_url("alomfogo")
    assert f'<a href="{event.get_absolute_url()}">' in page.content.decode()
