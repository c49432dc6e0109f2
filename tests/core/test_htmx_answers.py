"""What an htmx request (and a plain form) gets when it cannot be answered as asked.

htmx swaps an answer into the small region a button updates: a whole page
there (the sign-in page, Django's CSRF page, the 404 page) is never right.
- A visitor whose session ended is sent through the sign-in to the page they
  were on (HX-Redirect for htmx; a redirect for a plain form), never to the
  POST-only address of the button, which would answer 405 after signing in.
- A stale CSRF token (a sign-in or sign-out in another tab) is explained in
  the visitor's language, as a fragment for htmx.
- A 404 to htmx is the fragment that says why.
- Every answer varies on HX-Request, as a page and its fragment share addresses.
"""

from __future__ import annotations

import uuid
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_user

pytestmark = pytest.mark.django_db

BUTTONS = [  # POST-only addresses behind login_required, in four apps
    ("collection:change", {}),
    ("collection:trade_entry", {}),
    ("decks:change_card", {"deck_id": 1}),
    ("tournaments:register", {"tournament_id": uuid.uuid4()}),
]


def next_of(location: str) -> str:
    parts = urlsplit(location)
    assert parts.path == reverse("accounts:login")
    return parse_qs(parts.query)["next"][0]


@pytest.mark.parametrize(("name", "kwargs"), BUTTONS)
def test_a_signed_out_button_press_by_htmx_signs_in_again_and_returns_to_the_page(
    client, name, kwargs
):
    answer = client.post(
        reverse(name, kwargs=kwargs),
        {"code": "AF1-001", "delta": "1"},
        headers={"HX-Request": "true", "HX-Current-URL": "http://testserver/collection/?q=ork"},
    )
    assert answer.status_code == 200 and answer.content == b""  # no page swapped in anywhere
    assert next_of(answer["HX-Redirect"]) == "/collection/?q=ork"


@pytest.mark.parametrize(("name", "kwargs"), BUTTONS)
def test_a_signed_out_plain_form_returns_to_the_page_it_was_sent_from(client, name, kwargs):
    url = reverse(name, kwargs=kwargs)
    answer = client.post(url, {}, headers={"Referer": "http://testserver/decks/?page=2"})
    assert answer.status_code == 302 and next_of(answer["Location"]) == "/decks/?page=2"
    elsewhere = client.post(url, {}, headers={"Referer": "https://evil.example/x"})
    assert next_of(elsewhere["Location"]) == "/"  # never another site
    for odd_page in (
        "javascript:x",
        "http://testserver//evil.example/x",
        "http://testserver/\\evil",
    ):
        odd = client.post(url, {}, headers={"HX-Request": "true", "HX-Current-URL": odd_page})
        assert next_of(odd["HX-Redirect"]) == "/", odd_page


def test_a_page_still_asks_to_sign_in_for_itself(client):
    answer = client.get(reverse("collection:index"))
    assert answer.status_code == 302 and next_of(answer["Location"]) == "/collection/"


def test_the_deck_builder_asks_a_signed_out_visitor_to_sign_in_not_404(client):
    for name in ("decks:edit", "decks:history", "decks:settings"):
        answer = client.get(reverse(name, kwargs={"deck_id": 1}))
        assert answer.status_code == 302, name
        assert next_of(answer["Location"]) == reverse(name, kwargs={"deck_id": 1})


def test_a_stale_csrf_token_is_explained_in_the_visitors_language():
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(make_user("zsofi"))
    page = browser.post(reverse("collection:change"), {"code": "AF1-001", "delta": "1"})
    assert page.status_code == 403
    text = page.content.decode()
    assert "Ez az oldal elavult" in text and "töltsd újra" in text  # informal Hungarian
    assert "DEBUG" not in text and "ön böngészőjét" not in text  # not Django's page
    fragment = browser.post(
        reverse("collection:change"),
        {"code": "AF1-001", "delta": "1"},
        headers={"HX-Request": "true"},
    )
    assert fragment.status_code == 403 and b"<html" not in fragment.content
    assert "Ez az oldal elavult" in fragment.content.decode()
    english = Client(enforce_csrf_checks=True)
    english.cookies["django_language"] = "en"
    answer = english.post(reverse("core:set_language"), {"language": "hu"})
    assert "This page is out of date" in answer.content.decode()


def test_an_api_request_from_a_browser_without_its_csrf_token_is_told_how_in_words():
    """DRF's own answer was English for everyone ("CSRF Failed: CSRF cookie not set.")."""
    for language, words in (("hu", "fejlécben"), ("en", "lacks its CSRF token")):
        browser = Client(enforce_csrf_checks=True)
        browser.force_login(make_user(f"api_{language}", language=language))
        answer = browser.post(
            "/api/decks/", {"game": "alomfogo", "name": "P"}, content_type="application/json"
        )
        assert answer.status_code == 403
        error = answer.json()["error"]
        assert error["code"] == "csrf_failed" and words in error["message"]
        assert "CSRF Failed" not in error["message"]


def test_a_404_to_htmx_is_the_fragment_that_says_why(client):
    answer = client.get("/no/such/address/", headers={"HX-Request": "true"})
    assert answer.status_code == 404 and b"<html" not in answer.content
    assert "Itt nincs semmi" in answer.content.decode()


def test_every_answer_varies_on_hx_request(client):
    for url in ("/", reverse("catalog:index"), "/no/such/address/"):
        assert "HX-Request" in client.get(url)["Vary"], url
