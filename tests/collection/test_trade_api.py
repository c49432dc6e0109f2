"""The trades API: my lists and partners, proposals seen only by their two players."""

from __future__ import annotations

import pytest

from catalog.models import Card, Game
from collection import services
from collection.selectors import owned_counts
from decks.models import Deck, DeckEntry
from tests.api_client import login, send
from tests.decks.test_schema import assert_matches, response_schema

pytestmark = pytest.mark.django_db

LISTS, DECKS, PARTNERS, PROPOSALS = (
    "/api/trades/lists/",
    "/api/trades/want-decks/",
    "/api/trades/partners/",
    "/api/trades/proposals/",
)


def nullable_as_json_schema(part):
    """OpenAPI 3.0's `nullable: true` as JSON Schema says it (a type that may be null)."""
    if isinstance(part, dict):
        if part.get("nullable") and "type" in part:
            part = {**part, "type": [part["type"], "null"]}
        return {key: nullable_as_json_schema(value) for key, value in part.items()}
    if isinstance(part, list):
        return [nullable_as_json_schema(value) for value in part]
    return part


@pytest.fixture
def ready(cards, owner, partner):
    services.collection_set_count(user=owner, code="AF1-001", count=6)
    services.collection_set_count(user=partner, code="AF1-008", count=2)
    return owner, partner


def test_lists_default_edit_and_reset(client, ready):
    owner, _partner = ready
    login(client, owner)
    body = client.get(LISTS).json()
    assert [(r["code"], r["count"], r["manual"]) for r in body["haves"]] == [("AF1-001", 3, False)]
    assert body["wants"] == []
    body = send(client, "put", LISTS, {"code": "AF1-008", "side": "want", "count": 2}).json()
    assert [(r["code"], r["count"], r["rarity"]) for r in body["wants"]] == [("AF1-008", 2, "rare")]
    refused = send(client, "put", LISTS, {"code": "AF1-001", "side": "have", "count": 7})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_free"
    for bad in ({"code": "AF1-001", "side": "have", "count": 1000}, {"code": "AF1-001"}):
        assert send(client, "put", LISTS, bad).status_code == 400
    send(client, "put", LISTS, {"code": "AF1-001", "side": "have", "count": 0})
    body = send(client, "delete", LISTS, {"code": "AF1-001", "side": "have"}).json()
    assert [(r["count"], r["manual"]) for r in body["haves"]] == [(3, False)]


def test_want_decks_are_my_own_decks_only(client, ready, stranger):
    owner, _partner = ready
    deck = Deck.objects.create(
        owner=owner, game=Game.objects.get(slug="alomfogo"), name="A", format="standard"
    )
    DeckEntry.objects.create(deck=deck, card=Card.objects.get(code="AF1-002"), count=2)
    login(client, stranger)
    assert send(client, "post", DECKS, {"deck": deck.pk}).status_code == 404
    login(client, owner)
    rows = send(client, "post", DECKS, {"deck": deck.pk}).json()
    assert [(r["deck_id"], r["on"]) for r in rows] == [(deck.pk, True)]
    assert [(r["code"], r["count"]) for r in client.get(LISTS).json()["wants"]] == [("AF1-002", 2)]
    rows = send(client, "delete", DECKS, {"deck": deck.pk}).json()
    assert [(r["deck_id"], r["on"]) for r in rows] == [(deck.pk, False)]


def test_propose_accept_and_strangers_see_nothing(client, ready, stranger):
    owner, partner = ready
    login(client, partner)
    send(client, "put", LISTS, {"code": "AF1-001", "side": "want", "count": 2})
    send(client, "put", LISTS, {"code": "AF1-008", "side": "have", "count": 1})
    login(client, owner)
    send(client, "put", LISTS, {"code": "AF1-008", "side": "want", "count": 1})
    (found,) = client.get(PARTNERS).json()
    assert (found["username"], found["they_give"], found["i_give"]) == ("partner", 1, 2)
    assert found["they_give_by_rarity"] == [{"rarity": "rare", "count": 1}]
    assert client.get(PARTNERS, {"limit": 0}).status_code == 400

    refused = send(
        client, "post", PROPOSALS, {"partner": "partner", "gives": {"AF1-001": 7}, "gets": {}}
    )
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_free"
    assert send(
        client, "post", PROPOSALS, {"partner": "owner", "gives": {"AF1-001": 1}}
    ).status_code in (400, 404)
    assert (
        send(client, "post", PROPOSALS, {"partner": "nobody", "gives": {"AF1-001": 1}}).status_code
        == 404
    )
    made = send(
        client, "post", PROPOSALS,
        {"partner": "partner", "gives": {"AF1-001": 2}, "gets": {"AF1-008": 1}, "message": "Hi"},
    )  # fmt: skip
    assert made.status_code == 201
    one = f"{PROPOSALS}{made.json()['id']}/"
    assert made.json()["status"] == "open" and made.json()["can_withdraw"]

    login(client, stranger)
    assert client.get(one).status_code == 404
    assert send(client, "post", one + "accept/").status_code == 404
    assert client.get(PROPOSALS).json()["results"] == []

    login(client, owner)
    assert send(client, "post", one + "accept/").status_code == 403
    login(client, partner)
    accepted = send(client, "post", one + "accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    assert owned_counts(owner) == {"AF1-001": 4, "AF1-008": 1}
    assert owned_counts(partner) == {"AF1-001": 2, "AF1-008": 1}
    again = send(client, "post", one + "accept/")
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_open"
    login(client, owner)
    listed = client.get(PROPOSALS).json()["results"]
    assert [(p["status"], p["maker_gives_cards"], p["partner_gives_cards"]) for p in listed] == [
        ("accepted", 1, 1)
    ]


def test_counter_decline_withdraw(client, ready):
    owner, partner = ready
    login(client, owner)
    first = send(client, "post", PROPOSALS, {"partner": "partner", "gives": {"AF1-001": 1}})
    one = f"{PROPOSALS}{first.json()['id']}/"
    login(client, partner)
    counter = send(
        client, "post", one + "counter/", {"gives": {"AF1-008": 1}, "gets": {"AF1-001": 2}}
    )
    assert counter.status_code == 201 and counter.json()["counter_of"] == first.json()["id"]
    assert client.get(one).json()["status"] == "countered"
    two = f"{PROPOSALS}{counter.json()['id']}/"
    assert send(client, "post", two + "withdraw/").json()["status"] == "withdrawn"
    login(client, owner)
    third = send(client, "post", PROPOSALS, {"partner": "partner", "gives": {"AF1-001": 1}})
    login(client, partner)
    declined = send(client, "post", f"{PROPOSALS}{third.json()['id']}/decline/")
    assert declined.json()["status"] == "declined"
    assert client.get(f"{PROPOSALS}99999999999999999999/").status_code == 404


def test_anonymous_is_refused(client, ready):
    for method, url in [("get", LISTS), ("get", PARTNERS), ("get", PROPOSALS), ("post", PROPOSALS)]:
        assert send(client, method, url).status_code in (401, 403)


def test_answers_match_the_schema(client, ready):
    owner, partner = ready
    schema = nullable_as_json_schema(
        client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    )
    login(client, partner)
    send(client, "put", LISTS, {"code": "AF1-001", "side": "want", "count": 2})
    login(client, owner)
    send(client, "put", LISTS, {"code": "AF1-008", "side": "want", "count": 1})
    services.collection_set_count(user=partner, code="AF1-008", count=9)
    login(client, partner)
    client.get(LISTS)
    login(client, owner)
    cases = [
        ("/api/trades/lists/", "get", client.get(LISTS)),
        ("/api/trades/partners/", "get", client.get(PARTNERS)),
        ("/api/trades/want-decks/", "get", client.get(DECKS)),
    ]
    made = send(client, "post", PROPOSALS, {"partner": "partner", "gives": {"AF1-001": 1}})
    cases.append(("/api/trades/proposals/", "post", made))
    cases.append(("/api/trades/proposals/", "get", client.get(PROPOSALS)))
    for path_, method, response in cases:
        status = str(response.status_code)
        assert status in ("200", "201"), (path_, response.content)
        documented = response_schema(schema, path_, method, status, "application/json")
        assert_matches(schema, documented, response.json())
    assert client.get(PARTNERS).json()  # the partner was found, so the list was not empty
    assert "/api/trades/proposals/{proposal_id}/accept/" in schema["paths"]


def test_a_refusal_speaks_hungarian_by_default(client, ready):
    owner, _partner = ready
    login(client, owner)
    refused = client.post(
        PROPOSALS, {"partner": "partner", "gives": {"AF1-001": 7}}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert "nincs elég szabad példányod" in refused.json()["error"]["message"]


def test_a_count_out_of_range_names_the_side_it_is_on(client, ready):
    owner, _partner = ready
    login(client, owner)
    for side in ("gives", "gets"):
        refused = client.post(
            PROPOSALS, {"partner": "partner", side: {"AF1-001": 0}}, content_type="application/json"
        )
        assert refused.status_code == 400
        message = refused.json()["error"]["message"]
        assert f"„{side}” 1 és " in message and "„”" not in message  # it said „” before


@pytest.mark.parametrize(
    ("message", "code", "shown"),
    [
        ("gg\u202eti sniw", "invisible_control", "U+202E"),
        ("csengő\x07", "invisible_control", "U+0007"),
        ("a\x9b31mb", "invisible_control", "U+009B"),
        ("a" + "\n" * 249 + "b", "too_many_lines", "20"),
    ],
    ids=["rlo", "bell", "csi", "250-lines"],
)
def test_a_proposal_message_shows_as_typed_or_is_refused(client, ready, message, code, shown):
    from collection.models import TradeProposal

    owner, _partner = ready
    login(client, owner)
    body = {"partner": "partner", "gives": {"AF1-001": 1}, "message": message}
    refused = send(client, "post", PROPOSALS, body)
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == code
    assert shown in refused.json()["error"]["message"]
    assert refused.json()["error"]["field"] == "message"  # not the cards' lines
    assert not TradeProposal.objects.exists()
    kept = "Szia!\r\nCserélnél\u200degy Éjlépőt?\n" + "\n" * 17 + "Köszi"
    made = send(client, "post", PROPOSALS, {**body, "message": kept})
    assert made.status_code == 201
    assert TradeProposal.objects.get().message == kept.replace("\r\n", "\n")


@pytest.mark.parametrize("message", ["\u200b", " \u200b ", "\u3164", "\ufeff\n\u2800"])
def test_a_proposal_message_that_shows_nothing_is_stored_as_no_message(client, ready, message):
    from collection.models import TradeProposal

    owner, _partner = ready
    login(client, owner)
    body = {"partner": "partner", "gives": {"AF1-001": 1}, "message": message}
    made = send(client, "post", PROPOSALS, body)
    assert made.status_code == 201
    assert TradeProposal.objects.get().message == ""
