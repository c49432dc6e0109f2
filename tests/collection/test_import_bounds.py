"""A collection CSV of thousands of wrong lines: a bounded answer, every line still accounted for.

The owner imports a file whose every line names no card. Spelling suggestions
are a fuzzy match each, so only the first lines get them; the page lists the
first hundred lines and says how many more there are; the API lists them all.
"""

from __future__ import annotations

import re

import pytest

from collection import csvio
from collection.selectors import owned_counts
from tests.api_client import send
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

PAGE, API = "/collection/import/", "/api/collection/import/"


def near_misses(count: int) -> str:
    """`count` lines, each a misspelt real name (every one would get a suggestion)."""
    return "\n".join(f"Éjlépő Kajtra {i},1" for i in range(count))


@pytest.fixture
def signed_in(client, cards, owner):
    assert client.login(username=owner.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    return owner


def test_the_page_lists_the_first_hundred_wrong_lines_and_counts_the_rest(client, signed_in):
    response = client.post(PAGE, {"text": near_misses(5000), "game": "alomfogo", "mode": "add"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "nothing was saved" in html
    assert re.findall(r"Line (\d+):", html) == [str(n) for n in range(1, 101)]
    assert "4900 more lines could not be read either." in html
    # suggestions for the first lines only
    assert html.count("Did you mean:") == csvio.SUGGESTED_LINES
    # the form keeps the owner's text (about 100 KB); the list around it stays small
    assert len(response.content) < 200_000
    assert owned_counts(signed_in) == {}


def test_a_short_list_is_shown_whole_with_no_count(client, signed_in):
    response = client.post(PAGE, {"text": near_misses(100), "game": "alomfogo", "mode": "add"})
    html = response.content.decode()
    assert re.findall(r"Line (\d+):", html) == [str(n) for n in range(1, 101)]
    assert "more line" not in html


def test_the_api_lists_every_line_with_suggestions_for_the_first(client, signed_in):
    response = send(client, "post", API, {"text": near_misses(5000), "mode": "add"})
    assert response.status_code == 400
    lines = response.json()["error"]["lines"]
    assert [line["line_no"] for line in lines] == list(range(1, 5001))
    # an English answer names the card in English
    assert all("Kajtár Nightstepper" in line["suggestions"] for line in lines[:50])
    assert all(line["suggestions"] == [] for line in lines[50:])
    assert lines[-1]["message"] == "There is no card called “Éjlépő Kajtra 4999”."
    assert owned_counts(signed_in) == {}
