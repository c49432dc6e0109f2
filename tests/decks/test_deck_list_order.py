"""The deck lists come most recently edited first, a hundred a page: the public decks
page and a person's own decks. Their card count once dropped the order, and the public
page showed the hundred oldest decks for ever."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from catalog.models import Card, Game
from decks import services
from decks.models import Deck, Visibility
from tests.decks.conftest import demo_entries, login
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PUBLIC_PAGE = 100  # decks.views.LIST_PAGE_SIZE: a page of either list


def listed(html: str) -> list[int]:
    """The deck numbers a list page links to, top to bottom."""
    return [int(n) for n in re.findall(r'href="/decks/(\d+)/(?:edit/)?"', html)]


def games() -> tuple[Game, Game]:
    """Two games, the one stored first first (a list once came game by game)."""
    first, *_, last = Game.objects.order_by("pk")
    return first, last


def old_public_decks(owner, n: int) -> list[Deck]:
    """n public decks of two games, last edited a day ago and earlier, the first the oldest."""
    first, last = games()
    decks = Deck.objects.bulk_create(
        Deck(owner=owner, game=(first, last)[i % 2], name=f"Régi {i}", visibility="public")
        for i in range(n)
    )
    day_ago = timezone.now() - timedelta(days=1)
    for i, deck in enumerate(decks):
        Deck.objects.filter(pk=deck.pk).update(updated_at=day_ago + timedelta(seconds=i))
    return decks


def test_the_public_decks_page_shows_the_most_recently_edited_deck_first(client, owner, cards):
    decks = old_public_decks(owner, 6)
    edited = decks[1]  # the second game's oldest
    card = Card.objects.filter(game=edited.game).order_by("sort_key").first()
    services.deck_change_card(deck=edited, user=owner, card=card, delta=1)  # edited just now

    shown = listed(client.get("/decks/public/").content.decode())
    assert shown == [edited.pk] + [d.pk for d in reversed(decks) if d != edited]
    by_game = listed(client.get("/decks/public/", {"game": edited.game.slug}).content.decode())
    assert by_game[0] == edited.pk and len(by_game) == 3


def test_a_just_published_deck_is_on_the_public_page_when_there_are_more_than_a_page(
    client, owner, cards
):
    old_public_decks(owner, PUBLIC_PAGE * 2 + 10)
    author = make_user("kata")
    deck = services.deck_create(owner=author, game=games()[1], name="Friss")
    services.deck_update(deck=deck, user=author, visibility=Visibility.PUBLIC)

    html = client.get("/decks/public/").content.decode()
    shown = listed(html)
    assert len(shown) == PUBLIC_PAGE and shown[0] == deck.pk
    assert ">Friss</a>" in html


def test_the_card_filter_shows_each_decks_whole_main_board(client, owner, deck):
    """Filtering by a card once made the count that card's copies alone."""
    services.deck_update(deck=deck, user=owner, visibility=Visibility.PUBLIC)
    code = demo_entries(40)[0].code

    html = client.get("/decks/public/", {"card": code}).content.decode()
    assert listed(html) == [deck.pk]
    assert '<td data-label="Kártyák">40</td>' in html


def test_my_decks_come_most_recently_edited_first(client, owner, alomfogo):
    first, second, third = (
        services.deck_create(owner=owner, game=alomfogo, name=name, entries=demo_entries(40))
        for name in ("Első", "Második", "Harmadik")
    )
    card = Card.objects.filter(game=alomfogo).order_by("sort_key").first()
    services.deck_change_card(deck=first, user=owner, card=card, delta=-1)
    login(client, owner)

    assert listed(client.get("/decks/").content.decode()) == [first.pk, third.pk, second.pk]
    api = client.get("/api/decks/").json()["results"]
    assert [d["id"] for d in api] == [first.pk, third.pk, second.pk]
    assert [d["count"] for d in api] == [39, 40, 40]


def test_older_public_decks_are_a_page_away_and_the_search_stays(client, owner, cards):
    decks = old_public_decks(owner, PUBLIC_PAGE + 10)  # the first is the oldest
    first = client.get("/decks/public/").content.decode()
    assert listed(first) == [d.pk for d in reversed(decks)][:PUBLIC_PAGE]
    assert 'href="?page=2" rel="next"' in first
    second = listed(client.get("/decks/public/", {"page": 2}).content.decode())
    assert second == [d.pk for d in reversed(decks[:10])]
    # a page asked for that is not a number is the first, one past the end the last
    assert listed(client.get("/decks/public/", {"page": "x"}).content.decode())[0] == decks[-1].pk
    assert listed(client.get("/decks/public/", {"page": 99**9}).content.decode()) == second
    by_game = client.get("/decks/public/", {"game": games()[0].slug, "q": "Régi"})
    html = by_game.content.decode()
    assert len(listed(html)) == (PUBLIC_PAGE + 10 + 1) // 2 and "page=2" not in html
    many = old_public_decks(owner, PUBLIC_PAGE * 2)
    html = client.get("/decks/public/", {"game": many[0].game.slug, "q": "Régi"}).content.decode()
    assert f'href="?q=R%C3%A9gi&amp;game={many[0].game.slug}&amp;page=2" rel="next"' in html


def test_my_decks_come_a_page_at_a_time(client, alomfogo):
    person = make_user("sokpaklis")
    decks = Deck.objects.bulk_create(
        Deck(owner=person, game=alomfogo, name=f"P{i}") for i in range(PUBLIC_PAGE + 5)
    )
    client.force_login(person)
    first = listed(client.get("/decks/").content.decode())
    second = listed(client.get("/decks/", {"page": 2}).content.decode())
    assert len(first) == PUBLIC_PAGE and len(second) == 5
    assert sorted(first + second) == sorted(d.pk for d in decks)


@pytest.mark.parametrize(
    ("search", "said"),
    [
        ({}, "Nobody has shared a deck yet"),
        ({"q": "nincs ilyen"}, "No public deck matches."),
    ],
)
def test_an_empty_public_list_says_why_it_is_empty(client, search, said, cards):
    client.cookies["django_language"] = "en"
    html = client.get("/decks/public/", search).content.decode()
    assert said in html
