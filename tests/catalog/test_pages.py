"""The catalog pages a visitor browses: search, card, set, game, syntax."""

from __future__ import annotations

import pytest
from django.conf import settings

from catalog.models import Card

pytestmark = pytest.mark.django_db


def get(client, url, **params):
    return client.get(url, params)


def test_cards_page_shows_all_three_games(client, cards):
    html = client.get("/cards/", {"view": "list", "q": "order:name"}).content.decode()
    assert "Éjlépő Kajtár" in html or "cards" in html
    for game in ("alomfogo", "oniroo", "arcane-guardian"):
        assert client.get("/cards/", {"q": f"game:{game}"}).context["page"].paginator.count > 0


def test_search_finds_ejlepo_without_accents(client, cards):
    response = client.get("/cards/", {"q": "ejlepo"})
    assert response.status_code == 200
    names = [c.name for c in response.context["page"].object_list]
    assert "Éjlépő Kajtár" in names


def test_cheap_revulok(client, cards):
    response = client.get("/cards/", {"q": "t:révülő cost<=1"})
    page = response.context["page"]
    assert page.paginator.count > 0
    assert all(c.type == "revulo" and c.cost <= 1 for c in page.object_list)
    assert "Éjlépő Kajtár" in [c.name for c in page.object_list]


def test_the_centaur_by_its_codes(client, cards):
    response = client.get("/cards/", {"q": "letter:A shape:cross digit:5"})
    assert [c.code for c in response.context["page"].object_list] == ["ONI-S023"]


@pytest.mark.parametrize("query", ["cost<<", 'name:"unclosed', "colour:red"])
def test_a_malformed_query_is_explained_not_a_500(client, cards, query):
    response = client.get("/cards/", {"q": query})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html
    assert response.context["error"].message


def test_the_reading_of_the_query_is_shown(client, cards):
    html = client.get("/cards/", {"q": "t:révülő cost<=1"}).content.decode()
    assert 'class="reading"' in html


def test_htmx_requests_get_only_the_results(client, cards):
    response = client.get("/cards/", {"q": "ejlepo"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html
    assert "Éjlépő Kajtár" in html


def test_filter_panel_becomes_a_shareable_query(client, cards):
    response = client.get(
        "/cards/", {"filters": "1", "q": "", "game": "alomfogo", "type": "revulo", "cost_max": "1"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/cards/?q=game%3Aalomfogo+t%3Arevulo+cost%3C%3D1"


@pytest.mark.parametrize(
    ("fields", "language", "said"),
    [
        ({"cost_max": "100"}, "en", "Ensure this value is less than or equal to 99."),
        ({"cost_min": "-1", "game": "alomfogo"}, "hu", "Legalább 0 lehet."),
        ({"game": "chess"}, "en", "Select a valid choice. chess is not one of the available"),
        ({"digit": "seven"}, "hu", "Adj meg egy egész számot."),
    ],
)
def test_a_refused_filter_panel_says_why_and_applies_nothing(client, cards, fields, language, said):
    response = client.get(
        "/cards/",
        {"filters": "1", "q": "", **fields},
        HTTP_ACCEPT_LANGUAGE=language,
        HTTP_COOKIE=f"django_language={language}",
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert '<details class="filters" open>' in html
    assert said in html
    assert 'aria-invalid="true"' in html
    # nothing of the panel narrowed the cards: every game's cards are listed
    assert response.context["page"].paginator.count == Card.objects.count()


def test_pagination_and_list_view(client, cards):
    first = client.get("/cards/", {"q": "", "view": "list"})
    assert first.context["page"].paginator.num_pages > 1
    second = client.get("/cards/", {"q": "", "view": "list", "page": 2})
    assert second.context["page"].number == 2
    assert "<table" in second.content.decode()


def test_sort_by_cost_descending(client, cards):
    response = client.get("/cards/", {"q": "game:alomfogo", "order": "cost", "dir": "desc"})
    costs = [c.cost for c in response.context["page"].object_list]
    assert costs == sorted(costs, reverse=True)


def test_card_page_shows_every_fact_and_provenance(client, cards):
    html = client.get("/cards/AF1-001/").content.decode()
    assert "Éjlépő Kajtár" in html
    assert "0/3" in html
    assert "szabálykönyv" in html.lower()  # provenance label
    assert "AF1" in html


def test_card_page_in_english(client, cards):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get("/cards/ONI-S023/").content.decode()
    assert "Centaur" in html
    assert "cross" in html


def test_unknown_card_is_404(client, cards):
    assert client.get("/cards/XX-999/").status_code == 404


def test_set_and_game_pages(client, cards):
    set_page = client.get("/cards/sets/AF1/")
    assert set_page.status_code == 200
    assert "Botlik Zsófi" in set_page.content.decode()
    game_page = client.get("/cards/games/oniroo/")
    assert game_page.status_code == 200
    assert "ONI" in game_page.content.decode()


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("hu", "Eredeti, a Kártyavár számára írt demólapok", "Original demo cards"),
        ("en", "Original demo cards written for Kártyavár", "Eredeti, a Kártyavár"),
    ],
)
def test_a_set_page_describes_the_set_in_the_readers_language(
    client, cards, language, said, not_said
):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get("/cards/sets/AFD/").content.decode()
    assert said in page and not_said not in page


@pytest.mark.parametrize(("language", "text"), [("hu", "Példák"), ("en", "Examples")])
def test_syntax_page_in_both_languages(client, language, text):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get("/cards/syntax/")
    assert response.status_code == 200
    assert "cost" in response.content.decode()
