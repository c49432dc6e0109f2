"""Issue #24: the search language counts the searcher's own cards (`own>=1`, `own:0`)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from catalog.search import SearchError, cards_search, parse
from collection.models import OwnedCard
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

# Searches are kept to one small set, so the answers do not depend on the rest of the catalog.
AF1 = "set:AF1"


@pytest.fixture
def collection(cards, owner):
    """The owner has 3 Éjlépő Kajtár and 1 Jégszem Soyana; someone else has Széki Hunorka."""
    OwnedCard.objects.create(user=owner, card=cards.get(code="AF1-001"), count=3)
    OwnedCard.objects.create(user=owner, card=cards.get(code="AF1-002"), count=1)
    other = make_user("partner")
    OwnedCard.objects.create(user=other, card=cards.get(code="AF1-003"), count=5)
    return owner


def codes(query: str, owner) -> set[str]:
    return {card.code for card in cards_search(f"{AF1} {query}", owner=owner).cards}


def test_owned_cards_are_found_and_the_rest_left_out(collection):
    assert codes("own>=1", collection) == {"AF1-001", "AF1-002"}
    # someone else's copies of Széki Hunorka count for nothing here
    assert "AF1-003" in codes("own:0", collection)
    assert codes("own:0", collection).isdisjoint({"AF1-001", "AF1-002"})
    assert len(codes("own:0", collection)) == 11  # the 13 cards of AF1, less the two owned


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("own=3", {"AF1-001"}),
        ("own:1", {"AF1-002"}),
        ("own>1", {"AF1-001"}),
        ("own>=2", {"AF1-001"}),
        ("own>3", set()),
        ("own>=1 own<3", {"AF1-002"}),
        ("-own:0", {"AF1-001", "AF1-002"}),
        ("own!=0", {"AF1-001", "AF1-002"}),
        # the Hungarian aliases are the same key
        ("saját>=1", {"AF1-001", "AF1-002"}),
        ("birtok:3", {"AF1-001"}),
        ("owned>=1 t:révülő cost:1", {"AF1-001", "AF1-002"}),
        ("own:1 or own:3", {"AF1-001", "AF1-002"}),
    ],
)
def test_comparisons(collection, query, expected):
    assert codes(query, collection) == expected


def test_at_most_counts_cards_not_owned_as_zero(collection):
    found = codes("own<=1", collection)
    assert "AF1-002" in found and "AF1-003" in found and "AF1-001" not in found


def test_each_result_carries_the_searchers_copies(collection):
    result = cards_search("set:AF1 order:number", owner=collection)
    copies = {card.code: card.owned_copies for card in result.cards[:3]}
    assert copies == {"AF1-001": 3, "AF1-002": 1, "AF1-003": 0}


def test_the_reading_says_what_is_counted(collection):
    with translation.override("hu"):
        assert cards_search("own>=1", owner=collection).description == (
            "lapok, amelyekből legalább 1 példányod van"
        )
        assert "nincsenek meg neked" in cards_search("own:0", owner=collection).description
    with translation.override("en"):
        assert cards_search("own>=1", owner=collection).description == (
            "cards of which you own at least 1"
        )


@pytest.mark.parametrize("who", [None, AnonymousUser()])
def test_signed_out_an_own_key_is_refused_at_the_key(cards, who):
    query = "t:révülő own>=1"
    for language, words in (("hu", "Jelentkezz be"), ("en", "Sign in to search your own cards.")):
        with translation.override(language), pytest.raises(SearchError) as refused:
            cards_search(query, owner=who)
        assert words in refused.value.message
        assert refused.value.code == "sign_in_needed"
        assert refused.value.position == query.index("own")
    # nested inside a group and negated, still found and pointed at
    query = "t:révülő (cost:1 or -saját:0)"
    with pytest.raises(SearchError) as refused:
        cards_search(query)
    assert refused.value.position == query.index("saját")


def test_signed_out_searches_without_the_key_work_as_before(cards):
    found = cards_search("t:révülő cost<=1 set:AF1")
    assert "Éjlépő Kajtár" in [card.name for card in found.cards]
    assert not hasattr(found.cards.first(), "owned_copies")


@pytest.mark.parametrize("value", ["x", "+2", "1.5"])
def test_a_bad_count_is_refused_at_the_value(value):
    query = f"t:révülő own>={value}"
    with translation.override("en"), pytest.raises(SearchError) as refused:
        parse(query)  # no database: refused while the query is read
    assert refused.value.position == query.index(value)
    assert "0 to 999" in refused.value.message
    with translation.override("hu"), pytest.raises(SearchError) as refused:
        parse(query)
    assert "0 és 999" in refused.value.message


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("1000", "too large: the largest it takes is 999."),
        ("999999", "too large: the largest it takes is 999."),
        ("-1", "too small: the smallest it takes is 0."),
    ],
)
def test_a_count_out_of_range_is_refused_at_the_value_naming_the_bound(value, says):
    query = f"t:révülő own>={value}"
    with translation.override("en"), pytest.raises(SearchError) as refused:
        parse(query)
    assert refused.value.position == query.index(value)
    assert refused.value.message == f"The number after “own” is {says}"


def test_the_largest_count_is_accepted(collection):
    assert codes("own<=999", collection) == codes("", collection)


def test_the_catalog_page_searches_the_signed_in_players_cards(client, collection):
    client.login(username="owner", password=PASSWORD)
    page = client.get("/cards/", {"q": "own>=1", "view": "list"})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Éjlépő Kajtár" in html and "Jégszem Soyana" in html
    assert "Széki Hunorka" not in html


def test_the_catalog_page_asks_a_visitor_to_sign_in(client, cards):
    page = client.get("/cards/", {"q": "t:révülő own>=1"})
    assert page.status_code == 400
    assert "Jelentkezz be, hogy a saját lapjaid között kereshess." in page.content.decode()
    answer = client.get("/api/cards/", {"q": "own:0"})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "sign_in_needed"
    assert answer.json()["error"]["position"] == 0
