"""Every search box's example works as written, in the page's language.

The collection's box showed "e.g. r:arany, set:AF1, t:révülő" on English pages too;
each example (the placeholder's comma-separated queries) is read off the page here
and run through the search language: it must find cards, with no warning.
"""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings

from catalog.search import cards_search
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PAGES = {"cards": "/cards/", "collection": "/collection/"}
HUNGARIAN_WORDS = ("révülő", "arany", "pl.")


def examples(page: str) -> list[str]:
    placeholder = re.search(r'id="q"[^>]*placeholder="([^"]*)"', page) or re.search(
        r'placeholder="([^"]*)"[^>]*id="q"', page
    )
    text = html.unescape(placeholder.group(1))
    text = re.sub(r"^(e\.g\.|pl\.)\s*", "", text)
    return [query.strip() for query in text.split(", ")]


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("box", sorted(PAGES))
def test_each_example_finds_cards_in_the_pages_language(client, cards, box, language):
    client.force_login(make_user("zsofi"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(PAGES[box]).content.decode()
    queries = examples(page)
    assert len(queries) >= 2
    if language == "en":
        assert not any(word in query for query in queries for word in HUNGARIAN_WORDS), queries
    for query in queries:
        result = cards_search(query)
        assert result.cards.exists(), query
        assert not result.warnings, (query, result.warnings)
