"""Previews a minute per client: each draws the faces not drawn yet, so a script asking
for thousands would keep the web workers drawing.

A person is counted by their account, anyone else by their address (REMOTE_ADDR
stands for a client here). Past the limit the picture is 429, and the options form
says why where the picture would be. The limit is 3 here to keep the tests short.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

LIMIT = 3
HERE, ELSEWHERE = "192.0.2.10", "198.51.100.20"
PREVIEW = {
    "page_size": "a4", "card_size": "poker", "quantity": 1, "margin_mm": 5, "gap_mm": 0,
    "bleed_mm": 0, "flip": "long", "back_offset_x": 0, "back_offset_y": 0,
}  # fmt: skip
TOO_MANY = "Too many previews in a minute (at most 3)"


@pytest.fixture(autouse=True)
def clock(settings, rates_counted):
    """Counts on, fresh and on a still clock (tests/conftest.py), with this file's limit."""
    settings.LIMITS = {**settings.LIMITS, "PREVIEWS_PER_MINUTE": LIMIT}
    return rates_counted


@pytest.fixture
def card_list(cards) -> str:
    code = cards.filter(game__slug="alomfogo").values_list("code", flat=True).first()
    return f"{code}:2"


def visitor(address: str = HERE) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.cookies["django_language"] = "en"
    return client


def picture(client: Client, card_list: str, **options):
    return client.get("/print/preview.png", {**PREVIEW, "cards": card_list, **options})


def frame(client: Client, card_list: str):
    return client.get("/print/preview/", {**PREVIEW, "cards": card_list}, HTTP_HX_REQUEST="true")


def test_the_preview_past_the_limit_is_refused_and_another_address_still_gets_one(card_list):
    client = visitor()
    for _ in range(LIMIT):
        response = picture(client, card_list)
        assert response.status_code == 200 and response.content.startswith(b"\x89PNG")

    refused = picture(client, card_list, margin_mm=6)  # other options are no way round it

    assert refused.status_code == 429
    assert TOO_MANY in refused.content.decode()
    assert not refused.content.startswith(b"\x89PNG")
    assert picture(visitor(ELSEWHERE), card_list).status_code == 200


def test_a_minute_later_the_client_gets_previews_again(card_list, clock):
    client = visitor()
    for _ in range(LIMIT):
        picture(client, card_list)
    assert picture(client, card_list).status_code == 429

    clock.now += 60

    assert picture(client, card_list).status_code == 200


def test_a_refused_preview_counts_too(card_list):
    client = visitor()
    for _ in range(LIMIT):
        assert picture(client, card_list, margin_mm=999).status_code == 400
    assert picture(client, card_list).status_code == 429


def test_a_signed_in_person_is_counted_by_account_wherever_they_are(owner, card_list):
    at_home, on_the_road = visitor(HERE), visitor(ELSEWHERE)
    for client in (at_home, on_the_road):
        client.login(username="owner", password=PASSWORD)
    for _ in range(LIMIT):
        assert picture(at_home, card_list).status_code == 200

    assert picture(on_the_road, card_list).status_code == 429
    # Their address was not counted: a visitor behind it still gets a preview.
    assert picture(visitor(HERE), card_list).status_code == 200


def test_the_form_says_why_where_the_picture_would_be(card_list):
    client = visitor()
    for _ in range(LIMIT + 2):  # the form's own part draws nothing and counts nothing
        response = frame(client, card_list)
        assert response.status_code == 200 and "<img " in response.content.decode()
    for _ in range(LIMIT):
        assert picture(client, card_list).status_code == 200

    refused = frame(client, card_list)

    assert refused.status_code == 429  # swapped in all the same (htmx-config in base.html)
    body = refused.content.decode()
    assert TOO_MANY in body and 'role="alert"' in body
    assert "<img " not in body and "/print/preview.png" not in body


def test_the_options_page_says_why_where_the_picture_would_be(card_list):
    client = visitor()
    page = client.get("/print/new/", {"cards": card_list}).content.decode()
    assert '<img src="/print/preview.png?' in page
    for _ in range(LIMIT):
        assert picture(client, card_list).status_code == 200

    page = client.get("/print/new/", {"cards": card_list}).content.decode()

    preview = page.split('id="preview"', 1)[1].split("</div>", 1)[0]
    assert TOO_MANY in preview
    assert "/print/preview.png" not in page


def test_the_form_asks_for_a_preview_once_a_burst_of_changes_pauses(card_list):
    # A held number spinner fires a change per step: one preview after it, not one a step;
    # typing asks once a pause of 0.7 s follows the last key.
    page = visitor().get("/print/new/", {"cards": card_list}).content.decode()
    assert 'hx-trigger="change delay:400ms, input delay:700ms"' in page
    assert 'hx-sync="this:replace"' in page
