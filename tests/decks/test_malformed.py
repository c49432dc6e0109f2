"""Malformed requests to the deck pages and API: a 4xx that says why, never a 500, and
nothing changed; `next` never leads off the site."""

from __future__ import annotations

import json

import pytest
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from catalog.models import Card
from decks import services
from tests.decks.conftest import database, login

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(client):
    client.raise_request_exception = False  # a 500 is an answer to assert on, not a crash
    return client


@pytest.fixture
def history_deck(deck, owner):
    services.deck_change_card(
        deck=deck, user=owner, card=Card.objects.get(code="AF1-001"), delta=-1
    )
    return deck


# --- numbers in query strings ----------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("a=²&b=1", "“a”"),
        ("a=1&b=²", "“b”"),
        ("a=١&b=1", "“a”"),  # an Arabic-Indic one: isdigit() again, int() would take it
        ("a=1&b=" + "9" * 5000, "“b”"),
        ("a=99999999999999999999&b=1", "“a”"),
        ("a=0&b=1", "“a”"),
        ("a=3&b=1", "between 1 and 2"),
        ("a=-1&b=1", "“a”"),
        ("a=x&b=1", "“a”"),
    ],
)
def test_history_compare_refuses_malformed_numbers(client, history_deck, owner, query, message):
    login(client, owner)
    client.cookies["django_language"] = "en"
    response = client.get(f"/decks/{history_deck.pk}/history/?{query}")
    assert response.status_code == 400
    assert message in response.content.decode()


def test_history_compare_still_works(client, history_deck, owner):
    login(client, owner)
    html = client.get(f"/decks/{history_deck.pk}/history/?a=1&b=2").content.decode()
    assert "(3 → 2)" in html
    assert client.get(f"/decks/{history_deck.pk}/history/").status_code == 200


@pytest.mark.parametrize(
    "query",
    [
        "target=type:revulo&turn=²",
        "target=type:revulo&turn=21",
        "target=type:revulo&turn=-1",
        "target=type:revulo&k=0",
        "target=type:revulo&k=11",
        "target=type:revulo&k=abc",
        "target=type:revulo&turn=" + "1" * 5000,
    ],
)
def test_odds_refuses_malformed_numbers(client, deck, owner, query):
    login(client, owner)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.get(f"/decks/{deck.pk}/odds/?{query}", **headers)
        assert response.status_code == 400
        assert 'role="alert"' in response.content.decode()


def test_odds_defaults_still_answer(client, deck, owner):
    login(client, owner)
    assert client.get(f"/decks/{deck.pk}/odds/?target=type:revulo").status_code == 200


@pytest.mark.parametrize("seed", ["²", "-5", "1e9", "9" * 30, "abc"])
def test_sample_hand_refuses_a_malformed_seed(client, deck, owner, seed):
    login(client, owner)
    response = client.get(f"/decks/{deck.pk}/sample/", {"seed": seed})
    assert response.status_code == 400
    assert "seed" in response.content.decode()


def test_sample_hand_with_a_seed_is_the_same_hand(client, deck, owner):
    login(client, owner)
    hx = {"HTTP_HX_REQUEST": "true"}  # the fragment: the whole page has a fresh CSRF token
    first = client.get(f"/decks/{deck.pk}/sample/?seed=42", **hx).content
    assert client.get(f"/decks/{deck.pk}/sample/?seed=42", **hx).content == first
    assert client.get(f"/decks/{deck.pk}/sample/").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/decks/abc/",
        "/decks/%C2%B2/",
        "/decks/99999999999999999999999/",
        "/decks/9223372036854775808/edit/",
        "/api/decks/abc/",
        "/api/decks/99999999999999999999999/",
        "/api/decks/-1/",
    ],
)
def test_deck_ids_that_are_no_deck_are_404(client, owner, path):
    login(client, owner)
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(
    "data",
    [
        {"code": "AF1-001", "delta": "²"},
        {"code": "AF1-001", "delta": "9" * 5000},
        {"code": "AF1-001", "delta": "100"},
        {"code": "AF1-001"},
        {"code": "x" * 100, "delta": "1"},
        {"code": "AF1-001", "delta": "1", "board": "attic"},
        {"code": "NOPE-1", "delta": "1"},
    ],
)
def test_card_change_form_refuses_what_it_cannot_read(client, deck, owner, data):
    login(client, owner)
    before = database()
    response = client.post(f"/decks/{deck.pk}/cards/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode() or "error" in response.content.decode()
    assert database() == before


# --- PATCH /api/decks/<id>/ --------------------------------------------------------------


def entries_of(deck) -> list[tuple[str, int, str]]:
    return sorted(deck.entries.values_list("card__code", "count", "board"))


def test_patch_cards_without_a_board_go_to_the_main_deck(client, deck, owner):
    """As documented: {"code", "count"} without "board" is a main-deck card."""
    login(client, owner)
    response = client.patch(
        f"/api/decks/{deck.pk}/",
        {"cards": [{"code": "AFD-005", "count": 3}, {"code": "AF1-001", "count": 1,
                                                      "board": "side"}]},
        content_type="application/json",
    )  # fmt: skip
    assert response.status_code == 200, response.content[:300]
    assert entries_of(deck) == [("AF1-001", 1, "side"), ("AFD-005", 3, "main")]
    assert response.json()["count"] == 3


@pytest.mark.parametrize(
    "body",
    [
        {"cards": [{"code": "AFD-005"}]},
        {"cards": [{"count": 3}]},
        {"cards": [{"code": "AFD-005", "count": 3, "board": "attic"}]},
        {"cards": "AFD-005"},
        {"cards": None},
        {"cards": [["AFD-005", 3]]},
        {"cards": [{"code": "NOPE-9", "count": 1}]},
        {"cards": [{"code": "AFD-005", "count": 99}, {"code": "AFD-005", "count": 1}]},
        {"name": "új", "cards": [{"code": "AFD-005", "count": True}]},
        {"list": "3 Nincsilyen lap"},
        {"visibility": "everyone"},
        {"format": "chess"},
    ],
)
def test_patch_refuses_bad_cards_and_changes_nothing(client, deck, owner, body):
    login(client, owner)
    before = database()
    response = client.patch(f"/api/decks/{deck.pk}/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["message"]
    assert database() == before


def multipart(body: dict) -> dict:
    return {"data": encode_multipart(BOUNDARY, body), "content_type": MULTIPART_CONTENT}


@pytest.mark.parametrize(
    "body",
    [
        {"cards": "garbage"},
        {"cards": "garbage", "list": ""},
        {"cards": '{"code": "AF1-001", "count": 1}'},
        {"cards": "[" * 100 + "]" * 100},
        {"cards[0]": "garbage"},
        {"cards[0]code": "AF1-001"},
        {"name": "Más név", "cards": "[{]"},
    ],
)
def test_multipart_patch_with_unreadable_cards_is_400_and_changes_nothing(
    client, deck, owner, body
):
    login(client, owner)
    before = database()
    response = client.patch(f"/api/decks/{deck.pk}/", **multipart(body))
    assert response.status_code == 400
    assert response.json()["error"]["message"]
    assert database() == before
    assert deck.entries.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"cards": json.dumps([{"code": "AF1-001", "count": 2}])},
        {"cards[0]code": "AF1-001", "cards[0]count": "2"},
        {"cards": json.dumps([{"code": "AF1-001", "count": 2}]), "list": "", "format": ""},
    ],
    ids=["json-text", "indexed", "with-blank-fields"],
)
def test_multipart_patch_reads_cards_as_json_text_or_indexed_fields(client, deck, owner, body):
    login(client, owner)
    response = client.patch(f"/api/decks/{deck.pk}/", **multipart(body))
    assert response.status_code == 200, response.content[:300]
    assert entries_of(deck) == [("AF1-001", 2, "main")]
    deck.refresh_from_db()
    assert deck.format == "casual"  # a blank form field changes nothing


def test_multipart_patch_with_only_a_blank_list_keeps_the_cards(client, deck, owner):
    login(client, owner)
    before = entries_of(deck)
    response = client.patch(f"/api/decks/{deck.pk}/", **multipart({"name": "Új", "list": ""}))
    assert response.status_code == 200
    assert entries_of(deck) == before
    deck.refresh_from_db()
    assert deck.name == "Új"


def test_a_json_body_that_is_not_an_object_is_400(client, deck, owner):
    login(client, owner)
    before = database()
    for body in ("[1, 2]", '"text"', "3", "null"):
        response = client.patch(f"/api/decks/{deck.pk}/", body, content_type="application/json")
        assert response.status_code == 400, body
    response = client.post("/api/decks/validate/", "[]", content_type="application/json")
    assert response.status_code == 400
    assert database() == before


def test_a_stranger_cannot_patch_or_delete(client, deck, stranger):
    login(client, stranger)
    before = database()
    patch = client.patch(
        f"/api/decks/{deck.pk}/", {"name": "enyém"}, content_type="application/json"
    )
    assert patch.status_code == 404
    assert client.delete(f"/api/decks/{deck.pk}/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/delete/").status_code == 404
    assert database() == before


# --- validate: unreadable lines ------------------------------------------------------------


def test_validate_lists_unreadable_lines_but_not_unknown_cards(client, cards):
    text = "\n".join(
        [
            "3 Éjlépő Kajtár",
            "2 Nincsilyen lap",  # an unknown card: a problem, not an unreadable line
            "abc 3x",  # unreadable
            "0 Éjlépő Kajtár",  # a bad count
            "60 AF1-002",
            "60 AF1-002",  # would take the card past 99
        ]
    )
    body = client.post(
        "/api/decks/validate/", {"game": "alomfogo", "list": text}, content_type="application/json"
    ).json()
    assert [line["line_no"] for line in body["unreadable_lines"]] == [3, 4, 6]
    assert "99" in body["unreadable_lines"][2]["message"]
    assert "unknown_card" in {p["code"] for p in body["problems"]}
    assert body["valid"] is False


def test_validate_answers_a_list_at_the_line_limit(client, cards):
    from django.conf import settings

    lines = settings.LIMITS["DECK_LIST_MAX_LINES"]
    text = "\n".join(f"1 Nincsilyen{i:05d}" for i in range(lines))
    response = client.post(
        "/api/decks/validate/", {"game": "alomfogo", "list": text}, content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["unreadable_lines"] == []  # all of them are unknown cards


# --- next -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "///evil.example/",
        "http:evil.example",
        "javascript:alert(1)",
        "\\\\evil.example",
        "/\\evil.example",
        " https://evil.example/",
    ],
)
def test_card_change_never_redirects_off_the_site(client, deck, owner, target):
    login(client, owner)
    response = client.post(
        f"/decks/{deck.pk}/cards/", {"code": "AF1-001", "delta": 1, "next": target}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/decks/{deck.pk}/edit/"


def test_card_change_follows_a_path_on_the_site(client, deck, owner):
    login(client, owner)
    response = client.post(
        f"/decks/{deck.pk}/cards/", {"code": "AF1-001", "delta": 1, "next": f"/decks/{deck.pk}/"}
    )
    assert response["Location"] == f"/decks/{deck.pk}/"


def test_a_decks_own_json_export_can_be_sent_to_validate_as_it_is(client, cards):
    """The export carries the deck's name, which validating does not need but accepts."""
    exported = {
        "game": "alomfogo",
        "format": "casual",
        "name": "Támadó",
        "cards": [{"code": "AF1-001", "name": "x", "count": 3, "board": "main"}],
    }
    response = client.post("/api/decks/validate/", exported, content_type="application/json")
    assert response.status_code == 200, response.content[:300]
