"""Writes a minute per person (or address): a script cannot fill the database or the worker
queue at wire speed; a person's fastest hand stays far below the limit, and a table's moves
are paced by the match itself."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import override_settings

from decks.models import Deck
from play import services as play_services
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_a_minute(rates_counted):
    """Three writes a minute, on django-ratelimit's clock held still (tests/conftest.py)."""
    with override_settings(LIMITS={**settings.LIMITS, "WRITES_PER_MINUTE": 3}):
        yield rates_counted


def new_deck(client, name: str):
    return client.post(
        "/api/decks/",
        json.dumps({"game": "alomfogo", "name": name}),
        content_type="application/json",
    )


def test_past_the_limit_a_write_is_refused_in_words_and_changes_nothing(
    client, cards, three_a_minute
):
    client.force_login(make_user("gyors"))
    assert [new_deck(client, f"P{n}").status_code for n in range(3)] == [201, 201, 201]
    refused = new_deck(client, "P4")
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "too_many_writes" and "legfeljebb 3" in error["message"]
    assert Deck.objects.count() == 3
    # a page's form and an htmx button get it where they are, in words too
    page = client.post("/decks/new/", {"game": "alomfogo", "name": "Űrlap"})
    assert page.status_code == 429 and "legfeljebb 3" in page.content.decode()
    button = client.post("/decks/new/", {"game": "alomfogo"}, HTTP_HX_REQUEST="true")
    assert button.status_code == 429 and "<html" not in button.content.decode()
    # reading is never counted
    assert client.get("/decks/").status_code == 200


def test_each_person_has_a_count_of_their_own(client, cards, three_a_minute):
    client.force_login(make_user("elso"))
    for n in range(3):
        new_deck(client, f"E{n}")
    assert new_deck(client, "E3").status_code == 429
    client.force_login(make_user("masodik"))
    assert new_deck(client, "M0").status_code == 201


def test_a_minute_later_the_person_may_write_again(client, cards, three_a_minute):
    client.force_login(make_user("turelmes"))
    assert [new_deck(client, f"T{n}").status_code for n in range(4)] == [201, 201, 201, 429]
    three_a_minute.now += 60
    assert new_deck(client, "T5").status_code == 201
    assert Deck.objects.filter(name__startswith="T").count() == 4


def test_moves_at_a_table_are_not_counted(client, cards, three_a_minute):
    from tests.play.test_matches import legal_deck

    zsofi = make_user("lepo")
    deck = legal_deck(zsofi)
    match = play_services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/actions/"
    for _ in range(5):  # more moves than the limit: each one answered by the game
        state = client.get(f"/api/matches/{match.pk}/").json()
        if not state["legal"]:
            break
        body = {"action": state["legal"][0], "version": state["version"]}
        assert client.post(url, body, content_type="application/json").status_code == 200


def test_an_api_token_counts_as_its_person_wherever_it_runs(client, cards, three_a_minute):
    """Two scripts with one token from two addresses share the person's count; two people's
    tokens from one address (a school, a café) do not; a made-up token stays with its address."""
    from rest_framework.authtoken.models import Token

    anna, bela = make_user("tokenes"), make_user("masik")
    anna_token, bela_token = Token.objects.create(user=anna), Token.objects.create(user=bela)

    def with_token(token: str, address: str, name: str):
        return client.post(
            "/api/decks/",
            json.dumps({"game": "alomfogo", "name": name}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {token}",
            REMOTE_ADDR=address,
        )

    answers = [with_token(anna_token.key, f"10.0.0.{n}", f"A{n}").status_code for n in range(4)]
    assert answers == [201, 201, 201, 429]
    assert with_token(bela_token.key, "10.0.0.1", "B0").status_code == 201
    for n in range(3):  # the address's own count: made-up tokens are not people
        assert with_token(f"made-up-{n}", "10.0.0.9", "X").status_code in (401, 403)
    assert with_token("made-up-4", "10.0.0.9", "X").status_code == 429
    assert Deck.objects.filter(owner=anna).count() == 3
