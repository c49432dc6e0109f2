"""The live part's 5-second refresh keeps a keyboard user's place and says what a button did.

htmx gives focus back to the element with the same id after a swap, so each scroll box a
keyboard user tabs into has an id; a status region announces a change of an element
already on the page, so there is one, outside the polled part, and an htmx answer with
a message fills it out of band instead of bringing a new one in.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from catalog.models import Game
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(catalog_data):
    """A running event: the organiser started it, anna and bela are paired."""
    organiser = make_user("organiser", language="en")
    event = services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name="Cup"
    )
    for name in ("anna", "bela"):
        user = make_user(name, language="en")
        deck = first_cards_deck(user, f"{name}'s deck", 15)
        services.tournament_register(tournament_id=event.pk, user=user, deck=deck)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    event.organiser_user = organiser
    return event


def polled_part(html: str) -> str:
    start = html.index('<div id="tournament-live"')
    return html[start:]


def test_the_scroll_boxes_keep_their_ids_across_a_poll(client, cup):
    live = reverse("tournaments:live", args=[cup.pk])
    for html in (
        client.get(cup.get_absolute_url()).content.decode(),
        client.get(live, HTTP_HX_REQUEST="true").content.decode(),
    ):
        boxes = re.findall(r'<div ([^>]*class="t-scroll[ "][^>]*)>', polled_part(html))
        assert len(boxes) == 2  # the pairings and the standings
        ids = [re.search(r'id="([^"]+)"', attrs) for attrs in boxes]
        assert all(ids), boxes
        assert [m.group(1) for m in ids] == ["pairings-scroll", "standings-scroll"]


def test_one_status_region_outside_the_polled_part(client, cup):
    page = client.get(cup.get_absolute_url()).content.decode()
    assert page.count('id="tournament-live-status"') == 1
    assert 'role="status"' not in polled_part(page)
    region = re.search(r'<div id="tournament-live-status"[^>]*>', page).group(0)
    assert 'role="status"' in region
    # a poll brings no status element (nor a new region) with it
    poll = client.get(reverse("tournaments:live", args=[cup.pk]), HTTP_HX_REQUEST="true")
    assert 'role="status"' not in poll.content.decode()
    assert "tournament-live-status" not in poll.content.decode()


def test_a_buttons_message_fills_the_pages_status_region(client, cup):
    client.force_login(cup.organiser_user)
    drop = reverse("tournaments:drop", args=[cup.pk])
    anna = cup.players.get(user__username="anna")
    answer = client.post(drop, {"player": anna.pk}, HTTP_HX_REQUEST="true").content.decode()
    oob = re.search(
        r'<div id="tournament-live-status" hx-swap-oob="innerHTML">(.*?)</div>', answer, re.S
    )
    assert oob and "anna dropped" in oob.group(1)
    assert 'role="status"' not in answer  # the page's region stays: it is filled, not replaced
