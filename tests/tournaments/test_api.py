"""The tournament API: create, list, register, run a round and read its standings over HTTP."""

from __future__ import annotations

import pytest

from tests.api_client import login, send
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments.models import Tournament, TournamentStatus

pytestmark = pytest.mark.django_db

LIST = "/api/tournaments/"


@pytest.fixture
def people(cards):
    return {name: make_user(name, language="en") for name in ("org", "alice", "bob", "eve")}


def create(client, people, **fields) -> dict:
    login(client, people["org"])
    response = send(client, "post", LIST, {"name": "Club night", **fields})
    assert response.status_code == 201, response.content
    client.logout()
    return response.json()


def register(client, user, tournament_id: str, deck_id: int):
    login(client, user)
    response = send(client, "post", f"{LIST}{tournament_id}/registration/", {"deck": deck_id})
    client.logout()
    return response


@pytest.fixture
def event(client, people) -> str:
    """A listed best-of-1 event with alice and bob registered with legal decks."""
    body = create(client, people)
    for name in ("alice", "bob"):
        deck = first_cards_deck(people[name], "Legal", 15)
        assert register(client, people[name], body["id"], deck.pk).status_code == 200
    return body["id"]


def test_the_format_sent_is_the_events_and_a_bad_one_is_refused_by_its_name(client, people):
    assert create(client, people)["format"] == "tournament"
    casual = create(client, people, name="Casual night", format="casual")
    assert casual["format"] == "casual"
    assert Tournament.objects.get(pk=casual["id"]).format == "casual"
    login(client, people["org"])
    too_long = send(client, "post", LIST, {"name": "Odd", "format": "x" * 33})
    assert too_long.status_code == 400
    assert "format" in too_long.json()["error"]["message"]
    assert Tournament.objects.count() == 2


def test_create_and_list_by_status_without_unlisted_events(client, people):
    body = create(client, people, best_of=3, top_cut=4, round_minutes=30)
    assert body["status"] == "registration" and body["organiser"] == "org"
    assert (body["best_of"], body["top_cut"], body["round_minutes"]) == (3, 4, 30)
    assert body["game"] == "alomfogo" and body["players"] == []
    hidden = create(client, people, name="Secret", listed=False)

    listed = [t["id"] for t in client.get(LIST, {"status": "registration"}).json()]
    assert listed == [body["id"]]
    assert [t["id"] for t in client.get(LIST).json()] == [body["id"]]
    assert client.get(LIST, {"status": "running"}).json() == []
    bad = client.get(LIST, {"status": "over"}, HTTP_ACCEPT_LANGUAGE="en")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_status"
    # by link: anyone may read it
    assert client.get(f"{LIST}{hidden['id']}/").json()["name"] == "Secret"
    # writes need a signed-in user
    assert send(client, "post", LIST, {"name": "Anon"}).status_code in (401, 403)
    assert Tournament.objects.count() == 2


def test_a_legal_deck_registers_and_an_illegal_one_is_refused_with_its_problems(client, people):
    tournament_id = create(client, people)["id"]
    legal = first_cards_deck(people["alice"], "Legal", 15)
    short = first_cards_deck(people["bob"], "Short", 12)

    ok = register(client, people["alice"], tournament_id, legal.pk)
    assert ok.status_code == 200
    assert ok.json()["my_entry"]["deck"] == legal.pk
    assert [p["username"] for p in ok.json()["players"]] == ["alice"]

    refused = register(client, people["bob"], tournament_id, short.pk)
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] and error["message"] and error["problems"]
    players = client.get(f"{LIST}{tournament_id}/").json()["players"]
    assert [p["username"] for p in players] == ["alice"]

    login(client, people["alice"])
    mine = client.get(f"{LIST}mine/").json()
    assert [e["tournament"]["id"] for e in mine["playing"]] == [tournament_id]
    assert mine["organising"] == []
    assert send(client, "delete", f"{LIST}{tournament_id}/registration/").status_code == 204
    assert client.get(f"{LIST}{tournament_id}/").json()["players"] == []


def test_a_round_from_start_to_standings(client, people, event):
    base = f"{LIST}{event}/"
    before = client.get(base).json()

    login(client, people["eve"])
    refused = send(client, "post", f"{base}start/")
    assert refused.status_code in (403, 404)
    assert "message" in refused.json()["error"]
    after = client.get(base).json()
    assert (after["status"], after["version"]) == ("registration", before["version"])
    client.logout()

    login(client, people["org"])
    started = send(client, "post", f"{base}start/")
    assert started.status_code == 200 and started.json()["status"] == "running"
    assert started.json()["current_round"]["number"] == 1

    rounds = client.get(f"{base}rounds/").json()
    assert len(rounds) == 1 and rounds[0]["stage"] == "swiss"
    (pairing,) = rounds[0]["pairings"]
    names = {pairing["player_a"]["username"], pairing["player_b"]["username"]}
    assert names == {"alice", "bob"}
    assert pairing["outcome"] == "" and len(pairing["games"]) == 1
    match_id = pairing["games"][0]["match"]
    assert client.get(f"/api/matches/{match_id}/").status_code in (200, 404)
    client.logout()

    # the player sees their pairing and the match to play
    login(client, people["alice"])
    mine = client.get(base).json()
    assert mine["my_pairing"]["id"] == pairing["id"]
    assert mine["my_pairing"]["current_match"] == match_id
    # a player cannot enter results
    result_url = f"{base}pairings/{pairing['id']}/result/"
    assert send(client, "post", result_url, {"wins_a": 1, "wins_b": 0}).status_code == 403
    client.logout()

    login(client, people["org"])
    entered = send(client, "post", result_url, {"wins_a": 1, "wins_b": 0, "draws": 0})
    assert entered.status_code == 200, entered.content
    assert entered.json()["outcome"] == "a"
    winner = pairing["player_a"]["username"]
    table = client.get(f"{base}standings/").json()
    top = table["standings"][0]
    assert (top["rank"], top["username"], top["points"], top["wins"]) == (1, winner, 3, 1)
    assert (top["mwp"], top["mwp_percent"], top["gwp"]) == ("1.0000", "100.00", "1.0000")
    assert table["standings"][1]["points"] == 0 and table["final_places"] == []

    # the record is public; the decklist only for the player and the organiser
    player_url = f"{base}players/{pairing['player_a']['id']}/"
    seen = client.get(player_url).json()
    assert seen["record"][0]["outcome"] == "win" and seen["decklist"]
    client.logout()
    hidden = client.get(player_url).json()
    assert hidden["record"] == seen["record"] and hidden["decklist"] is None

    # nobody drops someone else but the organiser; one round for two players, then it is over
    login(client, people["eve"])
    body = {"player": pairing["player_b"]["id"]}
    assert send(client, "post", f"{base}drop/", body).status_code == 403
    client.logout()
    login(client, people["org"])
    finished = send(client, "post", f"{base}next-round/")
    assert finished.status_code == 200 and finished.json()["status"] == "finished"
    assert finished.json()["current_round"] is None
    final = client.get(f"{base}standings/").json()["final_places"]
    assert [(row["place"], row["username"]) for row in final][0] == (1, winner)


def test_bad_input_is_a_400_that_says_why_and_changes_nothing(client, people, event):
    login(client, people["org"])
    for body, field in (
        ({"name": "X", "best_of": 2}, "best_of"),
        ({"name": "X", "round_minutes": "x"}, "round_minutes"),
        ({"name": "X", "top_cut": 5}, "top_cut"),
        ({"best_of": 1}, "name"),
    ):
        response = send(client, "post", LIST, body)
        assert response.status_code == 400, body
        error = response.json()["error"]
        assert error["code"] == "invalid" and error["message"].startswith(field), error
    assert Tournament.objects.count() == 1

    send(client, "post", f"{LIST}{event}/start/")
    pairing = client.get(f"{LIST}{event}/rounds/").json()[0]["pairings"][0]
    url = f"{LIST}{event}/pairings/{pairing['id']}/result/"
    for body in ({"wins_a": True, "wins_b": 0}, {"wins_a": 4, "wins_b": 0}, {"wins_b": 0}):
        response = send(client, "post", url, body)
        assert response.status_code == 400, body
        assert response.json()["error"]["message"]
    huge = f"{LIST}{event}/pairings/{2**64}/result/"
    assert send(client, "post", huge, {"wins_a": 1, "wins_b": 0}).status_code == 404
    assert client.get(f"{LIST}{event}/players/{2**64}/").status_code == 404
    tournament = Tournament.objects.get()
    assert tournament.status == TournamentStatus.RUNNING
    assert client.get(f"{LIST}{event}/rounds/").json()[0]["pairings"][0]["outcome"] == ""


def test_every_tournament_operation_is_in_the_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    base = "/api/tournaments/{tournament_id}/"
    expected = {
        "/api/tournaments/": {"get", "post"},
        "/api/tournaments/mine/": {"get"},
        base: {"get"},
        f"{base}registration/": {"post", "delete"},
        f"{base}start/": {"post"},
        f"{base}next-round/": {"post"},
        f"{base}drop/": {"post"},
        f"{base}pairings/{{pairing_id}}/result/": {"post"},
        f"{base}standings/": {"get"},
        f"{base}rounds/": {"get"},
        f"{base}players/{{player_id}}/": {"get"},
    }
    for path, methods in expected.items():
        assert methods <= set(paths[path]), path
        for method in methods:
            assert "200" in paths[path][method]["responses"] or method != "get"
    create = schema["components"]["schemas"]["TournamentCreate"]["properties"]
    assert create["best_of"]["maximum"] == 3 and create["name"]["maxLength"] == 80
    assert create["round_minutes"]["description"]


@pytest.mark.parametrize(
    ("fields", "code", "shown"),
    [
        ({"name": "gg\u202eti sniw"}, "invisible_control", "U+202E"),
        ({"name": "Kupa\x07"}, "invisible_control", "U+0007"),
        ({"description": "Három kör \u2067után"}, "invisible_control", "U+2067"),
        ({"description": "a\x1b[2Jb"}, "invisible_control", "U+001B"),
        ({"description": "a" + "\n" * 100 + "b"}, "too_many_lines", "100"),
    ],
    ids=["name-rlo", "name-bell", "description-isolate", "description-escape", "101-lines"],
)
def test_name_and_description_show_as_typed_or_are_refused(client, people, fields, code, shown):
    login(client, people["org"])
    refused = send(client, "post", LIST, {"name": "Club night", **fields})
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == code
    assert shown in refused.json()["error"]["message"]
    assert not Tournament.objects.exists()


def test_a_hungarian_name_with_a_joiner_and_a_hundred_lines_are_kept(client, people):
    name = "Őszi\u200dÉjszakai Kupa"
    description = "Első sor\r\n" + "sor\n" * 98 + "utolsó"
    body = create(client, people, name=name, description=description)
    event = Tournament.objects.get(pk=body["id"])
    assert event.name == name
    assert event.description == description.replace("\r\n", "\n")
