"""What keeps searches fast on a large catalog must not change what they find."""

from __future__ import annotations

import pytest

from catalog import paging, tokens
from catalog.search import cards_search

pytestmark = pytest.mark.django_db

QUERIES = [
    "ejlepo",
    "kajtárral",
    "manó",
    'o:"+4 erő"',
    "o:erő",
    "ft:jurta",
    '"éjlépő kajtár"',
    "name:soy",
    "-o:erő t:révülő",
    "kentaur or híd",
    "sub:bűvforrás",
    "is:counter t:esemény",
]


@pytest.mark.parametrize("query", QUERIES)
def test_common_words_find_the_same_cards_as_indexed_words(cards, monkeypatch, query):
    indexed = list(cards_search(query).cards.values_list("code", flat=True))
    # Treat every word as common: the folded-text scan replaces the word index.
    monkeypatch.setattr(tokens, "COMMON_WORD", 1)
    scanned = list(cards_search(query).cards.values_list("code", flat=True))
    assert scanned == indexed


def test_word_index_follows_an_edited_card(cards):
    card = cards.get(code="AF1-001")
    card.name = "Holdjáró Kajtár"
    card.save()
    assert list(cards_search("holdjaro").cards.values_list("code", flat=True)) == ["AF1-001"]
    assert not cards_search("ejlepo").cards.filter(code="AF1-001").exists()


def test_broad_searches_count_up_to_the_limit(client, cards, monkeypatch):
    monkeypatch.setattr(paging, "COUNT_LIMIT", 50)
    body = client.get("/api/cards/", {"q": "game:oniroo"}).json()
    assert (body["count"], body["count_exact"]) == (50, False)
    html = client.get("/cards/", {"q": "game:oniroo"}).content.decode()
    assert "több mint 50" in html or "more than 50" in html
    narrow = client.get("/api/cards/", {"q": "ejlepo"}).json()
    assert narrow["count_exact"] is True
