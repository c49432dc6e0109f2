"""Search results past the counted limit, the page's sort menus, page parameters, set addresses.

Every match is reachable even when the total is only counted up to a limit; the
Sort and Direction menus sort the query's results without being pasted into its
text; a page or page size that is not one is a 400 in the API and the first page
on the HTML page; a set's address takes its code in any case, as a card's does.
"""

from __future__ import annotations

import pytest
from django.conf import settings

from catalog import paging
from catalog.models import Card
from catalog.search import cards_search, parse, with_chosen_order
from collection.models import OwnedCard
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def walk_api(client, url: str, params: dict) -> list[str]:
    """Every card code the API gives for a search, following `next` to the end."""
    body = client.get(url, params).json()
    found = [card["code"] for card in body["results"]]
    while body["next"]:
        body = client.get(body["next"]).json()
        found += [card["code"] for card in body["results"]]
    return found


# --- 1. matches past the counted limit ---------------------------------------------------
@pytest.fixture
def synthetic_1300(db):
    from bench.search import make_cards

    make_cards(1300)
    return list(Card.objects.order_by("sort_key", "code").values_list("code", flat=True))


def test_every_one_of_1300_matches_is_reachable_through_next(client, synthetic_1300):
    fifth = client.get("/api/cards/", {"page_size": 200, "page": 5}).json()
    assert (fifth["count"], fifth["count_exact"]) == (1000, False)
    assert fifth["next"] and fifth["next"].endswith("page=6&page_size=200")
    sixth = client.get("/api/cards/", {"page_size": 200, "page": 6})
    assert sixth.status_code == 200 and len(sixth.json()["results"]) == 200
    seventh = client.get("/api/cards/", {"page_size": 200, "page": 7}).json()
    assert len(seventh["results"]) == 100 and seventh["next"] is None
    assert walk_api(client, "/api/cards/", {"page_size": 200}) == synthetic_1300
    assert client.get("/api/cards/", {"page_size": 200, "page": 8}).status_code == 404


def test_the_html_page_goes_past_page_17_of_1300_matches(client, synthetic_1300):
    page_17 = client.get("/cards/", {"page": 17})
    assert page_17.context["page"].has_next()
    assert 'rel="next"' in page_17.content.decode()
    page_18 = client.get("/cards/", {"page": 18}).context["page"]
    assert page_18.number == 18
    assert codes(page_18.object_list) == synthetic_1300[17 * 60 : 18 * 60]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    last = client.get("/cards/", {"page": 22})
    assert codes(last.context["page"].object_list) == synthetic_1300[21 * 60 :]
    assert 'rel="next"' not in last.content.decode()
    # The number of pages is not known past the limit: the page says only its own number.
    assert "Page 22" in last.content.decode() and "Page 22 of" not in last.content.decode()
    # Past the end the HTML page shows the real last page, not the capped count's 17th.
    assert client.get("/cards/", {"page": 40}).context["page"].number == 22


@pytest.mark.parametrize("query", ["game:oniroo", "", "game:alomfogo"])
def test_a_broad_search_walks_to_its_last_match_with_a_small_limit(
    client, cards, monkeypatch, query
):
    monkeypatch.setattr(paging, "COUNT_LIMIT", 50)
    every = codes(cards_search(query).cards)
    assert len(every) > 60
    assert walk_api(client, "/api/cards/", {"q": query, "page_size": 20}) == every
    shown, number = [], 1
    while True:
        page = client.get("/cards/", {"q": query, "page": number}).context["page"]
        assert page.number == number
        shown += codes(page.object_list)
        if not page.has_next():
            break
        number += 1
    assert shown == every


def test_the_deepest_page_is_bounded(client, cards, monkeypatch):
    monkeypatch.setattr(paging, "COUNT_LIMIT", 50)
    monkeypatch.setattr(paging, "MAX_OFFSET", 100)  # pages of 50: the third is the deepest
    third = client.get("/api/cards/", {"q": "game:oniroo", "page_size": 50, "page": 3}).json()
    assert len(third["results"]) == 50 and third["next"] is None
    fourth = client.get("/api/cards/", {"q": "game:oniroo", "page_size": 50, "page": 4}, **ENGLISH)
    assert fourth.status_code == 400
    assert "from 1 to 3" in fourth.json()["error"]["message"]


def test_the_module_says_the_limit_it_has():
    assert f"{paging.COUNT_LIMIT:,}" in paging.__doc__
    assert "5,000" not in paging.__doc__


# --- 2. the Sort and Direction menus -------------------------------------------------------
@pytest.mark.parametrize("query", ["game:af", "", "t:révülő"])
def test_direction_menu_alone_reverses_the_default_order(client, cards, query):
    ascending = codes(cards_search(query).cards)
    response = client.get("/cards/", {"q": query, "order": "", "dir": "desc"})
    assert response.context["dir"] == "desc"
    assert codes(response.context["page"].object_list) == ascending[::-1][:60]


@pytest.mark.parametrize("order", ["cost", "name", "rarity", "set"])
def test_a_query_of_49_terms_is_as_long_with_a_sort_chosen(client, cards, order):
    query = " ".join(["kajtár"] * 49)
    assert client.get("/cards/", {"q": query}).status_code == 200
    assert client.get("/cards/", {"q": query, "order": order, "dir": "desc"}).status_code == 200


@pytest.mark.parametrize("query", ["kajtár -", "kajtár or", "or kajtár", "kajtár (", "kajtár )"])
@pytest.mark.parametrize("menus", [{"order": "cost"}, {"order": "name", "dir": "desc"}, {}])
def test_a_refused_query_is_refused_alike_with_any_sort(client, cards, query, menus):
    alone = client.get("/cards/", {"q": query})
    sorted_ = client.get("/cards/", {"q": query, **menus})
    assert (alone.status_code, sorted_.status_code) == (400, 400)
    assert sorted_.context["error"].code == alone.context["error"].code
    assert sorted_.context["error_at"] == alone.context["error_at"] != ""
    assert sorted_.context["error_before"] + sorted_.context["error_at"] in query


def test_the_too_long_mark_stays_inside_what_was_typed(client, cards):
    query = " ".join(["kajtár"] * 51)
    response = client.get("/cards/", {"q": query, "order": "cost"})
    assert response.status_code == 400 and response.context["error_at"] == "k"


@pytest.mark.parametrize(
    ("menus", "expected"),
    [
        ({"order": "cost"}, ["cost"]),
        ({"order": "cost", "dir": "desc"}, ["-cost"]),
        ({"dir": "desc"}, ["-sort_key"]),
        ({"order": "", "dir": "asc"}, ["sort_key"]),
    ],
)
def test_the_menus_sort_the_parsed_query(menus, expected):
    descending = {"desc": True, "asc": False}.get(menus.get("dir"))
    chosen = with_chosen_order(
        parse("t:révülő"), order=menus.get("order", ""), descending=descending
    )
    assert chosen.order == expected
    assert chosen.node == parse("t:révülő").node


@pytest.mark.parametrize(
    ("query", "menus", "expected"),
    [
        ("game:af order:name", {"order": "cost", "dir": "asc"}, ["sort_name_hu"]),
        ("game:af dir:desc", {"order": "cost", "dir": "asc"}, ["-cost"]),
        ("game:af order:cost dir:desc", {"order": "", "dir": "asc"}, ["-cost"]),
        ("game:af dir:asc", {"order": "", "dir": "desc"}, ["sort_key"]),
    ],
)
def test_the_query_s_own_order_and_dir_win_over_the_menus(client, cards, query, menus, expected):
    response = client.get("/cards/", {"q": query, **menus})
    result = cards_search(
        query, order=menus["order"], descending={"desc": True, "asc": False}[menus["dir"]]
    )
    assert result.parsed.order == expected
    assert codes(response.context["page"].object_list) == codes(result.cards[:60])
    # The menus show the order the cards are in, so the next submit keeps it.
    assert response.context["dir"] == ("desc" if expected[0].startswith("-") else "asc")


def test_the_menus_show_the_query_s_own_order(client, cards):
    html = client.get("/cards/", {"q": "game:af order:cost dir:desc"}).content.decode()
    assert '<option value="cost" selected>' in html
    assert '<option value="desc" selected>' in html


# --- 3. page and page_size parameters ------------------------------------------------------
@pytest.mark.parametrize("page", ["0", "-1", "abc", "2.5", str(10**20), "²"])
def test_a_page_that_is_not_one_is_a_400_naming_the_range(client, cards, page):
    response = client.get("/api/cards/", {"q": "game:oniroo", "page": page}, **ENGLISH)
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["parameter"]) == ("bad_parameter", "page")
    assert f"from 1 to {paging.max_page(60)}" in error["message"]


@pytest.mark.parametrize("size", ["abc", "0", "-5", "2.5", str(10**20)])
def test_a_page_size_that_is_not_one_is_a_400_naming_the_range(client, cards, size):
    response = client.get("/api/cards/", {"q": "game:oniroo", "page_size": size}, **ENGLISH)
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["parameter"]) == ("bad_parameter", "page_size")
    assert "from 1 to 200" in error["message"]


def test_good_page_parameters_still_page(client, cards):
    assert len(client.get("/api/cards/", {"page_size": ""}).json()["results"]) == 60
    assert len(client.get("/api/cards/", {"page_size": "500"}).json()["results"]) == 200
    assert client.get("/api/cards/", {"page": ""}).json()["previous"] is None
    last = client.get("/api/cards/", {"q": "game:oniroo", "page": "last", "page_size": 50})
    assert (last.status_code, last.json()["next"]) == (200, None)
    assert len(last.json()["results"]) == 173 - 150
    assert client.get("/api/cards/", {"q": "game:oniroo", "page": 9}).status_code == 404


@pytest.mark.parametrize("page", ["0", "-1", "abc", "2.5", "", "²"])
def test_the_html_page_shows_the_first_page_for_a_page_that_is_not_one(client, cards, page):
    response = client.get("/cards/", {"q": "", "page": page})
    assert response.status_code == 200
    assert response.context["page"].number == 1


def test_the_html_page_shows_the_last_page_past_the_end(client, cards):
    last = client.get("/cards/", {"q": "game:oniroo"}).context["page"].paginator.num_pages
    for asked in (last + 1, 10**20):
        assert client.get("/cards/", {"q": "game:oniroo", "page": asked}).context[
            "page"
        ].number == (last)


@pytest.mark.parametrize("page", ["0", "-1"])
def test_the_collection_page_shows_the_first_page_below_1(client, cards, owner, page):
    OwnedCard.objects.bulk_create(
        OwnedCard(user=owner, card=card, count=1) for card in Card.objects.all()[:70]
    )
    assert client.login(username=owner.username, password=PASSWORD)
    response = client.get("/collection/", {"page": page})
    assert response.context["page"].number == 1


# --- 4. set addresses in any case ------------------------------------------------------------
@pytest.mark.parametrize("typed", ["af1", "Af1", "AF1", "afd", "oni"])
def test_a_set_page_takes_its_code_in_any_case(client, cards, typed):
    response = client.get(f"/cards/sets/{typed}/")
    assert response.status_code == 200
    assert response.context["set"].code == typed.upper()


@pytest.mark.parametrize("typed", ["af1", "aF1", "AF1", "afd", "oni"])
def test_the_set_api_takes_its_code_in_any_case(client, cards, typed):
    response = client.get(f"/api/sets/{typed}/")
    assert response.status_code == 200
    assert response.json()["code"] == typed.upper()
    assert response.json()["url"].endswith(f"/api/sets/{typed.upper()}/")


@pytest.mark.parametrize("url", ["/cards/sets/zz9/", "/api/sets/zz9/"])
def test_an_unknown_set_is_still_404(client, cards, url):
    assert client.get(url).status_code == 404
