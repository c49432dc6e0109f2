"""The catalog API: search, card, autocomplete, named, sets, games, export."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import Card

pytestmark = pytest.mark.django_db


def test_search_is_paginated(client, cards):
    body = client.get("/api/cards/", {"q": "game:oniroo", "page_size": 50}).json()
    assert body["count"] == 173
    assert len(body["results"]) == 50
    assert body["next"] and body["previous"] is None
    assert body["results"][0]["game"] == "oniroo"


def test_search_result_fields(client, cards):
    body = client.get("/api/cards/", {"q": "ejlepo"}).json()
    card = next(c for c in body["results"] if c["code"] == "AF1-001")
    assert (card["cost"], card["attack"], card["defense"]) == (1, 0, 3)
    assert card["provenance"] == "rulebook"
    assert card["url"].endswith("/api/cards/AF1-001/")
    assert body["description"]


@pytest.mark.parametrize(
    ("query", "code"),
    [("cost<<", "missing_value"), ('"unclosed', "unclosed_quote"), ("colour:red", "unknown_key")],
)
def test_bad_query_is_400_with_code_message_position(client, cards, query, code):
    response = client.get("/api/cards/", {"q": query})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"]
    assert isinstance(error["position"], int)


@pytest.mark.parametrize(
    "query",
    [
        '"' + " ".join(["e"] * 4000) + '"',
        "-".join(["e"] * 4000),
        'o:"' + " ".join(["e"] * 4000) + '"',
        'o:"' + " ".join(["-1"] * 2600) + '"',
    ],
)
def test_an_over_long_phrase_is_400_before_any_query(client, cards, query):
    # An 8 KB phrase once cost a look-up per word: 4,001 queries and seconds of work.
    client.cookies["django_language"] = "en"
    with CaptureQueriesContext(connection) as captured:
        response = client.get("/api/cards/", {"q": query})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "too_complex"
    assert error["message"] == "This search is too long; use at most 50 terms."
    assert error["position"] == 0
    assert len(captured) == 0


def test_ignored_terms_come_back_as_warnings(client, cards):
    body = client.get("/api/cards/", {"q": "ejlepo order:colour"}).json()
    assert body["warnings"] and body["warnings"][0]["message"]


def test_card_detail(client, cards):
    body = client.get("/api/cards/ONI-S023/").json()
    assert (body["letter"], body["shape"], body["digit"]) == ("A", "cross", 5)
    assert client.get("/api/cards/NOPE-1/").status_code == 404


def test_autocomplete_forgives_accents_and_typos(client, cards):
    assert (
        "Éjlépő Kajtár" in client.get("/api/cards/autocomplete/", {"q": "ejle"}).json()["results"]
    )
    assert (
        "Éjlépő Kajtár"
        in client.get("/api/cards/autocomplete/", {"q": "ejlepo kajtr"}).json()["results"]
    )
    results = client.get("/api/cards/autocomplete/", {"q": "a"}).json()["results"]
    assert len(results) <= 20


def test_autocomplete_keeps_to_the_game_asked_for(client, cards):
    url = "/api/cards/autocomplete/"
    everyone = client.get(url, {"q": "vill"}).json()["results"]
    assert "Villanykörte" in everyone  # an ONIROO card
    alomfogo = client.get(url, {"q": "vill", "game": "alomfogo"}).json()["results"]
    assert alomfogo and "Villanykörte" not in alomfogo
    names = set(Card.objects.filter(game__slug="alomfogo").values_list("name", "name_en"))
    assert all(any(name in pair for pair in names) for name in alomfogo)
    refused = client.get(url, {"q": "vill", "game": "chess"}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "bad_parameter"
    assert refused.json()["error"]["message"] == "There is no game “chess”."


def test_named_exact_and_fuzzy(client, cards):
    assert client.get("/api/cards/named/", {"exact": "ejlepo kajtar"}).json()["code"] == "AF1-001"
    assert client.get("/api/cards/named/", {"fuzzy": "Wugu Wataru"}).json()["code"] == "AF1-009"
    missing = client.get("/api/cards/named/", {"exact": "Nincs Ilyen Lap"})
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"
    assert client.get("/api/cards/named/").status_code == 400


def test_sets_and_games(client, cards):
    games = {g["id"]: g for g in client.get("/api/games/").json()}
    assert set(games) == {"alomfogo", "oniroo", "arcane-guardian"}
    assert games["oniroo"]["card_count"] == 173
    sets = {s["code"]: s for s in client.get("/api/sets/").json()}
    assert sets["AF1"]["provenance"] == "rulebook"
    assert client.get("/api/sets/AFD/").json()["game"] == "alomfogo"


def test_sets_come_in_the_order_of_their_games_and_positions(client, cards):
    from catalog.models import CardSet, Game

    oniroo = Game.objects.get(slug="oniroo")
    first = CardSet.objects.create(game=oniroo, code="ON0", name="Elso", position=0)
    sets = client.get("/api/sets/").json()
    order = [(s["game"], s["code"]) for s in sets]
    expected = [
        (s.game.slug, s.code)
        for s in sorted(
            CardSet.objects.select_related("game"),
            key=lambda s: (s.game.position, s.position, s.code),
        )
    ]
    assert order == expected
    assert [code for game, code in order if game == "oniroo"][0] == first.code


def test_bulk_export_with_etag(client, cards):
    first = client.get("/api/cards/export/")
    assert first.status_code == 200
    body = first.json()
    assert len(body["cards"]) == cards.count()
    again = client.get("/api/cards/export/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_schema_lists_the_catalog(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    for path in ("/api/cards/", "/api/cards/{code}/", "/api/cards/autocomplete/", "/api/sets/"):
        assert path in paths
