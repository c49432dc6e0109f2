"""What QA found in the deck builder, as a player sees it.

1. The quick add suggested every game's names (an Álomfogó deck was offered ONIROO's
   “Villanykörte”, which its add refuses), and three typed letters brought names that only
   share two of them (“Éjl”: Chapel, Elefánt).
2. The search showed its first 30 results without a word about the rest.
3. Deleting a deck took one press (a test with a browser: tests/e2e/test_deck_builder_asks.py).
4. The deck list put “Éjlépő Kajtár” after “Jégszem Soyana”, and ordered an English page by
   the Hungarian names.
5. An ONIROO deck showed a cost curve whose every bar was 0: its cards have no cost.

Personas: the owner of a deck (in Hungarian, or in English), a visitor.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.conf import settings

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from decks.views import SEARCH_LIMIT
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


def suggestions(client, line: str, **params) -> list[str]:
    response = client.get("/decks/names/", {"line": line, **params}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return [
        html_lib.unescape(n)
        for n in re.findall(r'<option value="([^"]*)">', response.content.decode())
    ]


def deck_with(owner, slug: str, codes: list[str], name: str = "Pakli"):
    game = Game.objects.get(slug=slug)
    rows = Card.objects.select_related("game", "card_set").filter(code__in=codes)
    entries = [Entry(card=row_record(card), count=1) for card in rows]
    return services.deck_create(owner=owner, game=game, name=name, entries=entries)


def names_of(slug: str) -> set[str]:
    cards = Card.objects.filter(game__slug=slug)
    return set(cards.values_list("name", flat=True)) | set(cards.values_list("name_en", flat=True))


def english(client) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"


# --- 1. the quick add's suggestions --------------------------------------------------------------
def test_the_quick_add_asks_for_the_names_of_the_decks_own_game(client, owner, deck):
    login(client, owner)
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    box = re.search(r'<input id="quick-line"[^>]*>', page, re.S).group(0)
    assert 'hx-get="/decks/names/?game=alomfogo"' in box


def test_an_alomfogo_deck_is_offered_only_alomfogo_names_and_each_one_adds(client, owner, deck):
    login(client, owner)
    offered = suggestions(client, "2 Vill", game="alomfogo")
    assert offered == ["Villámcsapás"]  # not ONIROO's Villanykörte nor Arcane Guardian's Windmill
    for typed in ("Vill", "ka", "Éjl", "sz", "elixir", "mill"):
        assert set(suggestions(client, typed, game="alomfogo")) <= names_of("alomfogo"), typed
    # and a name it offers is one the quick add takes
    before = deck.entries.count()
    assert client.post(f"/decks/{deck.pk}/add/", {"line": f"1 {offered[0]}"}).status_code == 302
    assert deck.entries.count() == before + 1


def test_an_oniroo_deck_is_offered_oniroos_names(client, owner, cards):
    assert "Villanykörte" in suggestions(client, "Vill", game="oniroo")
    assert "Villámcsapás" not in suggestions(client, "Vill", game="oniroo")


@pytest.mark.parametrize(
    ("params", "names"),
    [({}, "game"), ({"game": "nincs-ilyen"}, "nincs-ilyen"), ({"game": "x" * 5000}, "x" * 40)],
)
def test_the_suggestions_refuse_a_missing_or_unknown_game_in_words(client, params, names):
    response = client.get("/decks/names/", {"line": "Vill", **params}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert names in response.content.decode()
    assert "<option" not in response.content.decode()


def test_three_letters_suggest_names_with_a_word_starting_almost_so(client, cards):
    # “Éjl” once brought Chapel, Elefánt, Szél...: names sharing two of its letters anywhere
    assert suggestions(client, "Éjl", game="alomfogo") == ["Éjlépő Kajtár"]
    assert "Elefánt" not in suggestions(client, "Éjl", game="oniroo")
    assert "Chapel" not in suggestions(client, "Éjl", game="arcane-guardian")
    # a letter left out or swapped still finds the card, by any word of its name
    assert {"Éjlépő Kajtár", "Kajtár Nightstepper"} <= set(
        suggestions(client, "kajtr", game="alomfogo")
    )
    assert {"Jégszem Soyana", "Soyana Ice-Eye"} == set(
        suggestions(client, "soyna", game="alomfogo")
    )


# --- 2. the search says when it shows only the first results --------------------------------------
def test_the_search_says_how_many_matched_when_it_shows_only_the_first(client, owner, deck):
    login(client, owner)
    english(client)
    matched = Card.objects.filter(game__slug="alomfogo").count()
    assert matched > SEARCH_LIMIT
    for html in (
        client.get(f"/decks/{deck.pk}/edit/", {"q": "game:alomfogo"}).content.decode(),
        client.get(
            f"/decks/{deck.pk}/search/", {"q": "game:alomfogo"}, HTTP_HX_REQUEST="true"
        ).content.decode(),
    ):
        assert html.count('<li>\n      <img src="/cards/') == SEARCH_LIMIT
        assert (
            f"{matched} cards match this search; only the first {SEARCH_LIMIT} are shown. "
            "Narrow the search to see the others."
        ) in html


def test_a_search_that_shows_every_match_says_nothing_of_a_limit(client, owner, deck):
    login(client, owner)
    english(client)
    html = client.get(f"/decks/{deck.pk}/search/", {"q": "t:dreamwalker cost<=2"}).content.decode()
    assert "Kajtár Nightstepper" in html
    assert "only the first" not in html and "search-limit" not in html


# --- 4. names in a cost group sort as the page shows them ----------------------------------------
# The Álomfogó révülők of cost 1: a group of the deck list.
COST_ONE = ["AF1-001", "AF1-002", "AF1-010", "AFD-001", "AFD-007", "AFD-009", "AFD-023"]


def first_group(page: str) -> list[str]:
    """The card names of the deck list's first group, top to bottom."""
    group = re.search(r'<ul class="deck-list">(.*?)</ul>', page, re.S).group(1)
    names = re.findall(r'<a href="/cards/[^"]+/">([^<]+)</a>', group)
    return [html_lib.unescape(name) for name in names]


@pytest.mark.parametrize("where", ["/decks/{pk}/", "/decks/{pk}/edit/"])
def test_a_cost_group_is_in_the_alphabetical_order_of_the_names_shown(client, owner, cards, where):
    deck = deck_with(owner, "alomfogo", COST_ONE)
    login(client, owner)
    url = where.format(pk=deck.pk)
    assert first_group(client.get(url).content.decode()) == [
        "Botlik Zsófi",
        "Dobverő Lőrinc",
        "Éjlépő Kajtár",  # once after Jégszem Soyana: É sorted after every unaccented letter
        "Gyógyfüves Panna",
        "Harmatcsepp Liliom",
        "Jégszem Soyana",
        "Üstkavaró Boriska",
    ]
    english(client)
    assert first_group(client.get(url).content.decode()) == [
        "Boriska Cauldron-Stirrer",
        "Kajtár Nightstepper",
        "Liliom Dewdrop",
        "Lőrinc Drumbeat",
        "Panna Herbwise",
        "Soyana Ice-Eye",
        "Zsófi Botlik",
    ]


# --- 5. a cost curve only for a game whose cards have a cost ------------------------------------
CURVE = '<figure class="curve">'


@pytest.mark.parametrize(
    ("slug", "codes"),
    [("oniroo", ["ONI-S001", "ONI-S023", "ONI-F02"]), ("arcane-guardian", ["AG-054", "AG-058"])],
)
def test_a_deck_of_a_game_without_costs_shows_no_cost_curve(client, owner, cards, slug, codes):
    deck = deck_with(owner, slug, codes)
    login(client, owner)
    for url in (f"/decks/{deck.pk}/", f"/decks/{deck.pk}/edit/"):
        page = client.get(url).content.decode()
        assert CURVE not in page and "Költséggörbe" not in page and "<svg" not in page
        assert "Shape of the deck" in page or "A pakli" in page  # the rest of the stats stay
    # after a change in the builder too (the panel htmx swaps in)
    answer = client.post(
        f"/decks/{deck.pk}/cards/", {"code": codes[0], "delta": 1}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert CURVE not in answer and "Költséggörbe" not in answer


def test_an_alomfogo_deck_keeps_its_cost_curve_even_empty(client, owner, deck, alomfogo):
    login(client, owner)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert CURVE in page and "Költséggörbe" in page
    empty = services.deck_create(owner=owner, game=alomfogo, name="Üres")
    assert CURVE in client.get(f"/decks/{empty.pk}/edit/").content.decode()
