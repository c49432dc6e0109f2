"""Issue #19 item 11 (catalog and deck parts): pages that say enough to a new player."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from decks.models import Visibility

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


# --- a game's name typed as a search -----------------------------------------------------
def test_a_game_name_typed_as_a_word_suggests_the_game_key(client, cards):
    response = client.get("/cards/", {"q": "alomfogo"})
    assert response.status_code == 200
    html = text(response)
    assert "„alomfogo”: ez egy játék neve." in html
    assert 'href="?q=game%3Aalomfogo&amp;view=grid"' in html
    followed = client.get("/cards/", {"q": "game:alomfogo"})
    assert (
        followed.context["page"].paginator.count
        == Card.objects.filter(game__slug="alomfogo").count()
    )


def test_the_suggestion_keeps_the_rest_of_the_query(client, cards):
    # the htmx partial carries the same suggestion as the full page
    response = client.get(
        "/cards/", {"q": "t:révülő Álomfogó", "view": "list"}, HTTP_HX_REQUEST="true"
    )
    assert f'href="?q={quote("t:révülő game:alomfogo")}&amp;view=list"' in text(response)


def test_the_suggestion_speaks_english_on_request(client, cards):
    client.cookies["django_language"] = "en"
    html = text(client.get("/cards/", {"q": "oniroo"}))
    assert "“oniroo” is the name of a game. To see that game's cards, search" in html
    assert "<code>game:oniroo</code>" in html


def test_a_card_name_gets_no_game_suggestion(client, cards):
    assert "search-hint" not in text(client.get("/cards/", {"q": "kajtár"}))
    assert "search-hint" not in text(client.get("/cards/", {"q": "-oniroo"}))


# --- game pages ---------------------------------------------------------------------------
def test_a_game_page_shows_sets_counts_sources_and_cards(client, cards):
    html = text(client.get("/cards/games/oniroo/"))
    assert "Készletek" in html and "/cards/sets/ONI/" in html
    assert "Laptípusok" in html and "szimbólumkártya</a>: 130" in html
    assert "A szabályok az ONIROO szabálykönyvéből származnak" in html
    assert "rekonstruált</a>: 127 lap" in html and "a szabálykönyvből</a>: 46 lap" in html
    assert "prov:reconstructed" in html
    thumbs = re.findall(
        r'<img src="/cards/(ONI-[A-Z0-9]+)/thumb\.webp\?v=\w+"[^>]*loading="lazy"', html
    )
    assert 3 <= len(thumbs) <= 6
    assert len(set(Card.objects.filter(code__in=thumbs).values_list("type", flat=True))) == len(
        thumbs
    )  # one card of each kind


def test_every_game_page_says_where_its_rules_come_from(client, cards):
    client.cookies["django_language"] = "en"
    for game in Game.objects.all():
        html = text(client.get(game.get_absolute_url()))
        assert "Where the rules and cards come from" in html
        assert "The rules come from" in html
        assert "thumb.webp" in html


# --- set pages: no empty columns ----------------------------------------------------------
def test_the_oniroo_set_page_has_no_empty_cost_column(client, cards):
    html = text(client.get("/cards/sets/ONI/"))
    headers = re.findall(r'<th scope="col">([^<]*)</th>', html)
    assert "Költség" not in headers and "Támadás/Védekezés" not in "".join(headers)
    assert "Kódok" in headers and "Csoport" in headers
    assert "A kereszt 5" in html  # the centaur's codes


def test_an_alomfogo_set_page_keeps_its_cost_column(client, cards):
    headers = re.findall(r'<th scope="col">([^<]*)</th>', text(client.get("/cards/sets/AF1/")))
    assert "Költség" in headers
    assert "Kódok" not in headers and "Csoport" not in headers


# --- deck pages show the cards' pictures --------------------------------------------------
def test_a_deck_page_shows_each_card_picture_lazily(client, owner, cards):
    kajtar = Card.objects.get(name="Éjlépő Kajtár", card_set__code="AF1")
    other = Card.objects.filter(game__slug="alomfogo", type="alomleny").first()
    deck = services.deck_create(
        owner=owner,
        game=Game.objects.get(slug="alomfogo"),
        name="Képes pakli",
        visibility=Visibility.PUBLIC,
        entries=[Entry(row_record(kajtar), 3), Entry(row_record(other), 2)],
    )
    html = text(client.get(f"/decks/{deck.pk}/"))
    for card, count in ((kajtar, 3), (other, 2)):
        assert re.search(
            rf'<img src="/cards/{card.code}/thumb\.webp\?v=\w+"[^>]*loading="lazy"', html
        )
        assert f'<span class="copies">{count}×</span> {card.name}' in html
    picture = client.get(f"/cards/{kajtar.code}/thumb.webp")
    assert picture.status_code == 200 and picture["Content-Type"] == "image/webp"
