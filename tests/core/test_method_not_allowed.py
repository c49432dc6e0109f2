"""A request with a method an address does not take is told why, never a blank page.

Persona: a signed-in player who opens a button's address (the sign-out, the language
switch, a deck's delete) or whose script sends the wrong method, in Hungarian and in
English.
"""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings

from catalog.models import Game
from decks import services as deck_services

pytestmark = pytest.mark.django_db

SOMEONE = uuid.UUID(int=1)
PAGE_TITLE = {"hu": "Elutasított kérés", "en": "Request refused"}
OPEN_MESSAGE = "This address is not a page to open"  # the English msgid's start


@pytest.fixture
def player(client, owner, cards, request):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = request.param
    return owner


def buttons(deck_id: int) -> list[tuple[str, str]]:
    """(method, address) pairs of the site's pages across apps that answer another method."""
    return [
        ("get", "/accounts/logout/"),
        ("get", "/i18n/setlang/"),
        ("get", "/accounts/profile/token/"),
        ("put", "/accounts/profile/"),
        ("get", f"/decks/{deck_id}/delete/"),
        ("delete", f"/decks/{deck_id}/settings/"),
        ("get", "/collection/share/"),
        ("get", f"/play/{SOMEONE}/join/"),
        ("get", f"/tournaments/{SOMEONE}/register/"),
        ("get", f"/print/jobs/{SOMEONE}/delete/"),
    ]


@pytest.mark.parametrize("player", ["hu", "en"], indirect=True)
def test_a_page_answering_another_method_says_so_in_the_visitors_language(client, player):
    language = client.cookies[settings.LANGUAGE_COOKIE_NAME].value
    deck = deck_services.deck_create(owner=player, game=Game.objects.get(slug="alomfogo"), name="D")
    for method, url in buttons(deck.pk):
        response = getattr(client, method)(url)
        assert response.status_code == 405, (method, url, response.status_code)
        assert response["Allow"], url
        assert method.upper() not in response["Allow"], url
        assert response["Content-Type"].startswith("text/html"), url
        assert response["Content-Language"] == language, url
        html = response.content.decode()
        assert PAGE_TITLE[language] in html, url
        assert 'class="errors"' in html, url
        if language == "en" and method == "get":
            assert OPEN_MESSAGE in html, url
        if method != "get":
            assert method.upper() in html and response["Allow"] in html, url


@pytest.mark.parametrize("player", ["hu", "en"], indirect=True)
def test_an_htmx_request_with_another_method_gets_the_fragment(client, player):
    response = client.get("/accounts/logout/", HTTP_HX_REQUEST="true")
    assert response.status_code == 405
    assert response["Allow"]
    html = response.content.decode()
    assert html.strip() and "<html" not in html


@pytest.mark.parametrize("player", ["hu", "en"], indirect=True)
@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("put", "/api/me/"),
        ("delete", "/api/cards/"),
        ("get", "/api/print-jobs/"),
        ("post", "/api/cards/AF1-001/"),
        ("get", f"/api/matches/{SOMEONE}/resign/"),
    ],
)
def test_an_api_address_answers_another_method_with_the_error_body(client, player, method, url):
    response = getattr(client, method)(url, content_type="application/json")
    assert response.status_code == 405, response.content[:200]
    assert response["Allow"] and method.upper() not in response["Allow"]
    error = response.json()["error"]
    assert error["code"] == "method_not_allowed"
    assert error["message"]
