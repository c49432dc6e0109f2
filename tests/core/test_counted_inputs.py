"""A list or map in a request body is refused by its length before any of its items is read.

DRF validates every item of a list (and every value of a map) before the list's own
bound is looked at, and the unknown-field walk read them all too: 800,000 empty items
in a 2.4 MB deck body cost 4 s of CPU before "at most 500 entries". Each of these
requests must be refused without a single item read (counted, not timed).
"""

from __future__ import annotations

import json
from unittest import mock

import pytest

from collection import trade_api
from core import serializer_fields
from decks import api as decks_api
from printing import api as printing_api
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

MANY = 100_000


@pytest.fixture
def player(client, owner):
    client.login(username=owner.username, password=PASSWORD)
    return owner


def _post(client, path: str, body: dict):
    return client.post(path, json.dumps(body), content_type="application/json")


@pytest.mark.parametrize(
    ("path", "body", "item", "code"),
    [
        (
            "/api/decks/",
            {"game": "alomfogo", "name": "x", "cards": [{}] * MANY},
            decks_api.CardCountSerializer,
            "too_many_entries",
        ),
        (
            "/api/decks/validate/",
            {"game": "alomfogo", "cards": [{"count": 1}] * MANY},
            decks_api.CardCountSerializer,
            "too_many_entries",
        ),
        (
            "/api/print-jobs/",
            {"cards": [{"code": "AF1-001"}] * MANY},
            printing_api.PrintCardSerializer,
            "too_many_entries",
        ),
    ],
)
def test_a_list_too_long_is_refused_with_no_item_read(
    client, player, cards, path, body, item, code
):
    walk = mock.patch.object(
        serializer_fields, "_unknown_fields", wraps=serializer_fields._unknown_fields
    )
    read = mock.patch.object(item, "to_internal_value", autospec=True)
    with walk as walked, read as items_read:
        response = _post(client, path, body)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["code"] == code
    assert walked.call_count == 1  # the body itself; none of the list's items
    assert items_read.call_count == 0


@pytest.mark.parametrize("side", ["gives", "gets"])
def test_a_trade_side_naming_too_many_cards_is_refused_with_no_count_read(
    client, player, cards, side
):
    make_user("partner")
    body = {"partner": "partner", side: {f"AF1-{i:06d}": 1 for i in range(MANY)}}
    with mock.patch.object(
        trade_api.StrictIntegerField, "to_internal_value", autospec=True
    ) as counts_read:
        response = _post(client, "/api/trades/proposals/", body)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["code"] == "too_many_lines"
    assert counts_read.call_count == 0


def test_a_list_within_its_bound_is_still_read_item_by_item(client, player, cards):
    """The bound is the list's own: a short list with a misspelt field is named as before."""
    body = {"game": "alomfogo", "name": "x", "cards": [{"code": "AF1-001", "cuont": 1}]}
    response = _post(client, "/api/decks/", body)
    assert response.status_code == 400
    assert "cards[0].cuont" in json.dumps(response.json(), ensure_ascii=False)
