"""What a collection or trade button did is said in the page's lasting status region.

htmx swaps the block around the button; a status region swapped in with it is new, and a
screen reader does not read it. The answer carries the words a second time, out of band
(hx-swap-oob), for base.html's #page-said, which every page keeps. The visible message
stays where the button was, no live region of its own (or it was read twice).
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from collection import services
from tests.factories import make_user

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SAID = re.compile(r'<p id="page-said" hx-swap-oob="innerHTML">(.*?)</p>', re.S)


@pytest.fixture
def zsofi(client, catalog_data):
    user = make_user("zsofi", language="en")
    client.force_login(user)
    return user


def said(response) -> list[str]:
    return [" ".join(words.split()) for words in SAID.findall(response.content.decode())]


def test_plus_and_minus_say_the_new_count(client, zsofi):
    answer = client.post("/collection/cards/", {"code": "AF1-002", "delta": 1}, **HTMX)
    assert said(answer) == ["Soyana Ice-Eye: 1 copy in your collection"]
    compact = {"code": "AF1-002", "delta": 1, "compact": 1}
    answer = client.post("/collection/cards/", compact, **HTMX)
    assert said(answer) == ["Soyana Ice-Eye: 2 copies in your collection"]
    # a refusal is said by its own alert, beside the buttons
    services.collection_set_count(user=zsofi, code="AF1-002", count=0)
    answer = client.post("/collection/cards/", {"code": "AF1-002", "delta": -1}, **HTMX)
    assert said(answer) == [] and 'role="alert"' in answer.content.decode()


def test_a_search_of_the_collection_says_no_count_of_each_row(client, zsofi):
    services.collection_set_count(user=zsofi, code="AF1-002", count=2)
    answer = client.get("/collection/", {"q": "set:AF1"}, **HTMX)
    assert answer.status_code == 200 and "owned-AF1-002" in answer.content.decode()
    assert said(answer) == []


def test_a_whole_set_and_the_trade_lists_say_what_was_done(client, zsofi):
    answer = client.post("/collection/sets/AF1/add/", {"copies": 1}, **HTMX)
    html = answer.content.decode()
    (words,) = said(answer)
    assert words.startswith("Added")
    assert '<p class="ok">' in html and 'role="status"' not in html

    answer = client.post("/collection/trades/open/", {"open": "1"}, **HTMX)
    assert said(answer) == ["Other players can now find your lists and propose trades to you."]
    # a page drawn whole carries no out-of-band part
    with translation.override("en"):
        assert said(client.get("/collection/trades/")) == []
