"""No cache keeps a page of a signed-in person or of a visitor with a session.

Personas: the owner, signed in, with a deck, a collection, a trade proposal and a print
job; a visitor whose print job is filed under their session; a visitor with no session,
to whom the public pages stay cacheable as before.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from catalog.models import Game
from decks import services as deck_services
from printing import services as print_services
from tests.factories import own, propose
from tests.printing.requests import ONE_CARD, api_post

pytestmark = pytest.mark.django_db


def directives(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def kept_by_no_cache(response) -> bool:
    return {"private", "no-store"} <= directives(response)


@pytest.fixture
def owners_things(owner, stranger, cards):
    own(owner, AF1_001=2, AF1_002=1)
    own(stranger, AF1_003=2)
    deck = deck_services.deck_create(
        owner=owner, game=Game.objects.get(slug="alomfogo"), name="Titkos"
    )
    job = print_services.print_job_create(user=owner, session_key="", source=ONE_CARD, options={})
    proposal = propose(owner, stranger, gives={"AF1-001": 1}, gets={"AF1-003": 1})
    return deck, job, proposal


def test_every_page_of_a_signed_in_person_is_kept_by_no_cache(client, owner, owners_things):
    deck, job, proposal = owners_things
    client.force_login(owner)
    urls = [
        "/",
        "/cards/",
        "/decks/",
        f"/decks/{deck.pk}/",
        f"/decks/{deck.pk}/edit/",
        f"/decks/{deck.pk}/history/",
        f"/decks/{deck.pk}/export/text/",
        "/collection/",
        "/collection/trades/",
        f"/collection/trades/proposals/{proposal.pk}/",
        "/print/",
        f"/print/jobs/{job.pk}/",
        "/api/me/",
        "/api/collection/",
        f"/api/decks/{deck.pk}/",
        f"/api/print-jobs/{job.pk}/",
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert kept_by_no_cache(response), (url, response.get("Cache-Control"))


def test_a_stricter_header_a_view_set_stays_as_strict(client, owner):
    client.force_login(owner)
    profile = client.get("/accounts/profile/")  # never_cache: it shows the API token
    assert {"private", "no-store", "no-cache", "must-revalidate"} <= directives(profile)


def test_an_api_client_signing_with_its_token_gets_answers_kept_by_no_cache(owner):
    token = Token.objects.create(user=owner)
    response = Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    assert kept_by_no_cache(response)


def test_a_visitors_pages_are_kept_by_no_cache_once_their_print_job_has_a_session(cards):
    visitor = Client()
    assert not kept_by_no_cache(visitor.get("/print/"))  # no session yet: nothing of theirs
    made = api_post(visitor, **ONE_CARD)
    assert made.status_code == 201
    assert kept_by_no_cache(made)
    job_id = made.json()["id"]
    for url in ("/print/", f"/print/jobs/{job_id}/", f"/api/print-jobs/{job_id}/", "/cards/"):
        response = visitor.get(url)
        assert response.status_code == 200, url
        assert kept_by_no_cache(response), (url, response.get("Cache-Control"))


def test_public_pages_stay_as_they_were_for_a_visitor_without_a_session(client, cards):
    for url in ("/", "/cards/", "/cards/AF1-001/", "/decks/public/", "/tournaments/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" not in directives(response), url


def test_what_a_view_lets_caches_keep_stays_cacheable_for_a_signed_in_person(client, owner, cards):
    """A card's face and the API schema are the same for everyone (the schema per language)."""
    client.force_login(owner)
    face = client.get("/cards/AF1-001/face.png")
    assert "max-age=3600" in directives(face) and "public" in directives(face)
    assert "no-store" not in directives(face)
    schema = client.get("/api/schema/?format=json")
    assert "max-age=3600" in directives(schema) and "no-store" not in directives(schema)
