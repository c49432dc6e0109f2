"""A request the API cannot sign in is a 401 that names the scheme, not a 403.

A program holding an old token (replaced by "new API token", revoked by a new
password) has to tell "sign in again" from "you may not do this": only the
first is a 401, and its WWW-Authenticate header says how to sign in (RFC 9110).
DRF answered 403 for both while the session came first among the
authentication classes, since the session names no scheme. The browser's
session keeps working, CSRF check on its writes included.

Personas: `owner` with a token; `gone`, a deactivated player with one.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from collection.models import CollectionShare
from tests.factories import PASSWORD, make_user

ME = "/api/me/"  # a read that needs sign-in
SHARE = "/api/collection/share/"  # a write that needs sign-in, no body
CARDS = "/api/cards/"  # a public read


@pytest.fixture
def owner(db):
    return make_user("owner", email="owner@example.com")


@pytest.fixture
def token(owner) -> str:
    return Token.objects.create(user=owner).key


def replaced_token(owner, token) -> str:
    """The key the owner had before pressing "new API token" on the profile page."""
    laptop = Client()
    laptop.force_login(owner)
    assert laptop.post("/accounts/profile/token/").status_code == 302
    assert Token.objects.get(user=owner).key != token
    return token


def deactivated_players_token(owner, token) -> str:
    type(owner).objects.filter(pk=owner.pk).update(is_active=False)
    return token


HEADERS = {
    "replaced": lambda owner, token: f"Token {replaced_token(owner, token)}",
    "garbage": lambda owner, token: "Token 0123456789abcdef-not-a-token",
    "deactivated": lambda owner, token: f"Token {deactivated_players_token(owner, token)}",
    "no-value": lambda owner, token: "Token",
    "two-values": lambda owner, token: f"Token {token} {token}",
}


def send(method: str, url: str, authorization: str | None = None):
    headers = {"Authorization": authorization} if authorization is not None else {}
    return getattr(Client(), method)(url, headers=headers, content_type="application/json")


def assert_sign_in_again(answer) -> None:
    assert answer.status_code == 401, answer.content
    assert answer["WWW-Authenticate"] == "Token"
    assert answer.json()["error"]["code"] == "not_authenticated"
    assert answer.json()["error"]["message"]


@pytest.mark.parametrize("kind", HEADERS)
@pytest.mark.parametrize(("method", "url"), [("get", ME), ("post", SHARE), ("get", CARDS)])
def test_a_token_the_site_no_longer_takes_is_a_401_naming_the_scheme(
    owner, token, kind, method, url
):
    answer = send(method, url, HEADERS[kind](owner, token))
    assert_sign_in_again(answer)
    assert not CollectionShare.objects.exists()  # the write did nothing


@pytest.mark.parametrize(("method", "url"), [("get", ME), ("post", SHARE)])
def test_no_credentials_where_sign_in_is_needed_is_a_401_naming_the_scheme(db, method, url):
    assert_sign_in_again(send(method, url))


def test_the_refusal_says_why_in_hungarian_by_default(owner, token):
    answer = send("get", ME, f"Token {replaced_token(owner, token)}")
    assert answer.json()["error"]["message"] == "Érvénytelen token."


def test_the_new_token_works_where_the_replaced_one_is_refused(owner, token):
    replaced_token(owner, token)
    assert send("get", ME, f"Token {Token.objects.get(user=owner).key}").status_code == 200
    assert send("post", SHARE, f"Token {Token.objects.get(user=owner).key}").status_code == 200


def test_a_client_with_a_replaced_token_may_still_log_in_for_a_new_one(owner, token):
    """The login is how a program recovers; its stale header must not refuse it."""
    old = replaced_token(owner, token)
    answer = Client().post(
        "/api/auth/token/",
        {"username": "owner", "password": PASSWORD},
        headers={"Authorization": f"Token {old}"},
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["token"] == Token.objects.get(user=owner).key


def test_the_browser_session_still_reads_and_writes_with_its_csrf_token(owner):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    assert browser.get(ME).json()["username"] == "owner"
    refused = browser.post(SHARE, content_type="application/json")
    assert refused.status_code == 403  # signed in, but the write lacks its CSRF token
    assert refused.json()["error"]["code"] == "csrf_failed"
    assert "WWW-Authenticate" not in refused
    browser.get("/accounts/profile/")  # the page sets the csrftoken cookie
    csrf = browser.cookies["csrftoken"].value
    written = browser.post(SHARE, content_type="application/json", headers={"X-CSRFToken": csrf})
    assert written.status_code == 200 and written.json()["token"]


def test_signed_in_but_not_allowed_stays_a_403(owner, token, cards):
    organiser = Client()
    organiser.force_login(make_user("organiser"))
    made = organiser.post("/api/tournaments/", {"name": "Kupa"}, content_type="application/json")
    assert made.status_code == 201, made.content
    answer = send("delete", f"/api/tournaments/{made.json()['id']}/", f"Token {token}")
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_organiser"
    assert "WWW-Authenticate" not in answer
