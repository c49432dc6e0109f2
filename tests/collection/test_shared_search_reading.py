"""On a collection shared by link, the search's reading speaks of the owner's copies.

`own>=1` counts the copies of the collection shown. On someone else's shared link that is
the owner's, not the visitor's: the reading above the results used to say "your copies".

Personas: the owner, who shares the link, a signed-in stranger and an anonymous visitor.
"""

from __future__ import annotations

import re

import pytest

from collection import services
from tests.factories import PASSWORD, own

pytestmark = pytest.mark.django_db

READING = re.compile(r'<p class="reading">(.*?) — ', re.S)


def reading(client, path: str, query: str, language: str = "en") -> str:
    client.cookies["django_language"] = language
    response = client.get(path, {"q": query})
    assert response.status_code == 200
    (words,) = READING.findall(response.content.decode())
    return " ".join(words.split())


@pytest.fixture
def link(cards, owner):
    own(owner, AF1_001=3, AF1_002=1)
    return f"/collection/s/{services.collection_share(user=owner).token}/"


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("own>=1", "cards of which they own at least 1"),
        ("own=2", "cards of which they own 2"),
        ("own<3", "cards of which they own fewer than 3"),
        ("-own=0", "cards that they own"),
        ("own=0 or r:rare", "cards that they do not own or whose rarity is rare"),
        (
            "r:rare (own=0 or own>=3)",
            "cards whose rarity is rare and (that they do not own or of which they own at least 3)",
        ),
    ],
)
def test_a_stranger_reads_of_the_owners_copies(client, link, stranger, query, words):
    client.login(username=stranger.username, password=PASSWORD)
    assert reading(client, link, query) == words


def test_an_anonymous_visitor_too(client, link):
    assert reading(client, link, "own>=1") == "cards of which they own at least 1"


def test_the_owner_reads_of_their_own_on_both_pages(client, link, owner):
    client.login(username=owner.username, password=PASSWORD)
    assert reading(client, "/collection/", "own>=1") == "cards of which you own at least 1"
    assert reading(client, link, "own>=1") == "cards of which you own at least 1"


def test_the_results_answer_to_htmx_reads_the_same(client, link, stranger):
    client.login(username=stranger.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    response = client.get(
        link, {"q": "own>=2"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="collection-results"
    )
    html = response.content.decode()
    assert "cards of which they own at least 2 — 1 card" in " ".join(html.split())
