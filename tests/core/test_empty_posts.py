"""A form page sent with no fields at all says what is missing, and changes nothing.

`Form(request.POST or None)` took an empty POST for a GET: the form stayed unbound,
with no errors to show, and the page answered 400 without a word (a browser always
sends the fields; a script, an extension or a cut-off request may not).
"""

from __future__ import annotations

import re

import pytest
from django.apps import apps

from catalog.models import Game
from collection import trades
from decks import services as deck_services
from tests.factories import PASSWORD, make_user, own, propose

pytestmark = pytest.mark.django_db

APPS = ("accounts", "decks", "collection", "printing", "tournaments")


def rows() -> dict:
    return {
        model._meta.label: model.objects.count()
        for name in APPS
        for model in apps.get_app_config(name).get_models()
    }


def said(html: str) -> str:
    """The words of the page's error lists and alerts."""
    found = re.findall(
        r'<(?:ul|p|div)[^>]*(?:class="[^"]*(?:errorlist|errors)[^"]*"|role="alert")[^>]*>(.*?)</',
        html,
        re.S,
    )
    return " ".join(re.sub(r"<[^>]+>", " ", f).strip() for f in found).strip()


@pytest.fixture
def world(client, owner, cards):
    deck = deck_services.deck_create(
        owner=owner, game=Game.objects.get(slug="alomfogo"), name="Próba", entries=[]
    )
    partner = make_user("partner", trades_open=True)
    own(owner, AF1_001=5)
    own(partner, AF1_002=5)
    offer = propose(partner, owner, gives={"AF1-002": 1}, gets={"AF1-001": 1})
    trades.trade_lists_refresh(user=owner)
    client.cookies["django_language"] = "en"
    client.login(username=owner.username, password=PASSWORD)
    return {"deck": deck, "offer": offer}


@pytest.mark.parametrize(
    "path",
    [
        "/accounts/profile/",  # the account forms answer 200 with their errors, as Django's do
        "/decks/new/",
        "/decks/{deck}/settings/",
        "/collection/import/",
        "/tournaments/new/",
        "/collection/trades/propose/partner/",
        "/collection/trades/proposals/{offer}/counter/",
    ],
)
def test_an_empty_post_is_answered_with_what_is_missing(client, world, path):
    url = path.format(deck=world["deck"].pk, offer=world["offer"].pk)
    before = rows()
    response = client.post(url, {})
    assert response.status_code == (200 if url.startswith("/accounts/") else 400), url
    assert said(response.content.decode()), f"{url}: a 400 without a reason"
    assert rows() == before


def test_an_empty_sign_up_says_what_is_missing(client, cards):
    before = rows()
    response = client.post("/accounts/signup/", {})
    assert response.status_code == 200
    assert said(response.content.decode())
    assert rows() == before
