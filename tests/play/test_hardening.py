"""Malformed requests to the play pages, the API and the websocket: a 4xx that says why, no change.

Each class of input is tried with several instances: numbers that Python's
`isdigit` accepts and `int` refuses ("²"), numbers too long for `int` (5,000
digits) or for the database, booleans where a number belongs, text with NUL,
JSON nested too deep, frames too long.
"""

from __future__ import annotations

import json
from typing import NamedTuple

import pytest
from asgiref.sync import async_to_sync
from django.core.management import call_command
from django.utils import translation
from django.utils.html import escape

from catalog.models import Card, Game
from play import selectors, services
from play.models import ChatMessage, ChatMute, Match, MatchAction
from tests.factories import make_user
from tests.play.test_matches import connect, players, started_duel  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

HUGE = "9" * 5000
BAD_NUMBERS = ["²", "١٢", HUGE, "1.5", "abc", "-1", "0x10", "1e3"]


def refused(response, status: int, code: str | None = None) -> dict | str:
    """The answer is `status` with a message (JSON error for the API, a page otherwise)."""
    assert response.status_code == status, response.content[:300]
    if response["Content-Type"].startswith("application/json"):
        error = response.json()["error"]
        assert error["message"], error
        if code is not None:
            assert error["code"] == code, error
        return error
    page = response.content.decode()
    if status == 404:  # reads like the site's own 404 page, naming what is missing
        assert "<h1>Nincs ilyen oldal</h1>" in page or "<h1>Not found</h1>" in page
    else:
        assert 'class="errors" role="alert"' in page  # the refusal page, with its message
    return page


@pytest.fixture
def duel(players):  # noqa: F811
    """A running Álomfogó match between Zsófi (seat 0) and Gergő (seat 1), one move made."""
    zsofi, gergo, deck, deck2 = players
    match, mover, action = started_duel(players)
    services.match_submit_action(match_id=match.pk, user=mover, action=action, expected_version=0)
    return Match.objects.get(pk=match.pk), zsofi, gergo, deck, deck2


class MoversTurn(NamedTuple):
    match: Match
    seat: int
    action: dict  # the mover's first legal action
    url: str  # the match's action API


@pytest.fixture
def movers_turn(duel, client) -> MoversTurn:
    """The duel's player to move, logged in on `client`, about to post a move to the API."""
    match, zsofi, gergo, *_ = duel
    state = selectors.match_state(match)
    seat = state.active_player
    client.force_login((zsofi, gergo)[seat])
    url = f"/api/matches/{match.pk}/actions/"
    return MoversTurn(match, seat, state.legal_actions(seat)[0], url)


def finish(match) -> Match:
    Match.objects.filter(pk=match.pk).update(status="finished", result={"winners": [0]})
    return Match.objects.get(pk=match.pk)


# Each test tries every instance of its class in one go: the transactional
# database is emptied after each test, and loading the cards again is slow.


# --- integers in query strings ------------------------------------------------------------
def test_replay_api_and_page_refuse_bad_steps_and_seats(duel, client):
    match, zsofi, *_ = duel
    match = finish(match)
    client.force_login(zsofi)
    for raw in BAD_NUMBERS:
        for url in (f"/api/matches/{match.pk}/replay/", f"/play/{match.pk}/replay/"):
            for name in ("step", "seat"):
                answer = client.get(url, {name: raw})
                body = refused(answer, 400)
                assert name in (body["message"] if isinstance(body, dict) else body)
    # what still works: watch, a step past the end (the end), no parameters
    assert client.get(f"/api/matches/{match.pk}/replay/", {"seat": "watch"}).status_code == 200
    last = client.get(f"/api/matches/{match.pk}/replay/", {"step": "999"}).json()
    assert last["version"] == match.version
    assert client.get(f"/play/{match.pk}/replay/").status_code == 200
    assert client.get(f"/api/matches/{match.pk}/replay/?seat=7").status_code == 404  # no such seat


# --- ids in forms and JSON -----------------------------------------------------------------
def test_new_and_join_forms_refuse_a_deck_that_is_not_an_id(players, client):  # noqa: F811
    zsofi, gergo, deck, _deck2 = players
    waiting = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    for raw in ["abc", "²", HUGE, "-3", "1.0", "0"]:
        client.force_login(zsofi)
        answer = client.post("/play/new/", {"deck": raw, "opponent": "bot:greedy"})
        assert "deck" in refused(answer, 400)
        client.force_login(gergo)
        assert "deck" in refused(client.post(f"/play/{waiting.pk}/join/", {"deck": raw}), 400)
    assert Match.objects.get() == waiting and waiting.seats.count() == 1
    assert Match.objects.get().status == "waiting"


def test_match_api_refuses_a_deck_or_glory_that_is_not_a_whole_number(players, client):  # noqa: F811
    zsofi, gergo, deck, _deck2 = players
    waiting = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    for raw in ["abc", "²", True, 10**30, 1.5, "1.0", -1, [1], {"pk": 1}]:
        client.force_login(zsofi)
        for body in (
            {"deck": raw, "opponent": "bot:greedy"},
            {"deck": deck.pk, "options": {"starting_glory": raw}},
        ):
            answer = client.post("/api/matches/", body, content_type="application/json")
            refused(answer, 400)
        client.force_login(gergo)
        answer = client.post(
            f"/api/matches/{waiting.pk}/join/", {"deck": raw}, content_type="application/json"
        )
        refused(answer, 400)
    assert Match.objects.get() == waiting and waiting.seats.count() == 1


def test_lobby_options_keep_their_json_types(players, client):  # noqa: F811
    """`true` is not 1 (one ONIROO player) and 15.0 is not 15, although Python's == says so."""
    zsofi, *_ = players
    client.force_login(zsofi)
    oniroo = {"game": "oniroo", "opponent": "invite"}
    for options in ({"players": True}, {"players": 2.0}, {"level": False}, {"vote": 1}):
        answer = client.post(
            "/api/matches/", {**oniroo, "options": options}, content_type="application/json"
        )
        refused(answer, 400, "bad_option")
    assert not Match.objects.exists()


def test_a_games_option_goes_in_options_never_beside_them(players, client):  # noqa: F811
    """The shared body has no field of one game's: Álomfogó's starting glory is an option
    like any other game's, and one sent beside `options` is named, not taken."""
    zsofi, _gergo, deck, _deck2 = players
    client.force_login(zsofi)
    body = {"deck": deck.pk, "opponent": "invite"}
    answer = client.post(
        "/api/matches/", {**body, "starting_glory": 10}, content_type="application/json"
    )
    assert "starting_glory" in refused(answer, 400, "invalid")["fields"]
    assert not Match.objects.exists()
    made = client.post(
        "/api/matches/",
        {**body, "options": {"starting_glory": 10}},
        content_type="application/json",
    )
    assert made.status_code == 201
    assert Match.objects.get().options["starting_glory"] == 10


def test_action_api_refuses_a_version_that_is_not_a_whole_number(movers_turn, client):
    match, _seat, action, url = movers_turn
    # Digits as text are no number either: no form posts a move, and the table sends numbers.
    for raw in [True, False, 1.0, 10**30, -1, None, "²", HUGE, [1], "1", " 1\n", "001"]:
        body = {"action": action, "version": raw}
        refused(client.post(url, body, content_type="application/json"), 400, "bad_parameter")
    assert Match.objects.get(pk=match.pk).version == match.version == 1
    assert MatchAction.objects.filter(match=match).count() == 1
    body = {"action": action, "version": 1}  # version 1 is the current one
    assert client.post(url, body, content_type="application/json").status_code == 200


# --- rematch ------------------------------------------------------------------------------
def test_rematch_by_an_outsider_or_of_a_running_match_is_refused(duel, client):
    match, zsofi, _gergo, *_ = duel
    client.cookies["django_language"] = "en"
    client.force_login(make_user("idegen"))
    assert "No finished match of yours" in refused(client.post(f"/play/{match.pk}/rematch/"), 404)
    client.force_login(zsofi)
    assert "not over yet" in refused(client.post(f"/play/{match.pk}/rematch/"), 409)
    assert Match.objects.count() == 1
    finish(match)
    client.force_login(make_user("masik"))
    refused(client.post(f"/play/{match.pk}/rematch/"), 404)
    assert Match.objects.count() == 1
    client.force_login(zsofi)
    assert client.post(f"/play/{match.pk}/rematch/").status_code == 302
    assert Match.objects.count() == 2


def test_rematch_with_a_deleted_deck_is_refused_and_the_match_stays(duel, client):
    from decks import services as deck_services

    match, zsofi, _gergo, deck, _deck2 = duel
    finish(match)
    deck_services.deck_delete(deck=deck, user=zsofi)
    client.cookies["django_language"] = "en"
    client.force_login(zsofi)
    assert "deleted" in refused(client.post(f"/play/{match.pk}/rematch/"), 409)
    assert Match.objects.count() == 1
    assert client.get(f"/play/{match.pk}/replay/").status_code == 200


def test_a_rematch_with_a_deck_no_longer_legal_says_why_and_starts_nothing(duel, client):
    from decks import services as deck_services

    match, zsofi, *_ = duel
    finish(match)
    deck = match.seats.get(user=zsofi).deck_version.deck
    kajtar = Card.objects.get(code="AF1-001")
    deck_services.deck_change_card(deck=deck, user=zsofi, card=kajtar, delta=4)
    client.cookies["django_language"] = "en"
    client.force_login(zsofi)
    with translation.override("en"), pytest.raises(services.MatchRefused) as why:
        services.match_rematch(match_id=match.pk, user=zsofi)
    problems = [p["message"] for p in why.value.extra["problems"]]
    page = refused(client.post(f"/play/{match.pk}/rematch/"), 400)
    assert "not legal" in page and problems
    assert all(escape(problem) in page for problem in problems)  # what to fix, not only "no"
    assert Match.objects.count() == 1


def test_refusals_of_table_pages_and_forms_are_answered_not_raised(duel, client):
    """One mapping for HTML views: a 4xx page, or on a table's form a message and the table."""
    match, zsofi, *_ = duel
    client.cookies["django_language"] = "en"
    client.force_login(make_user("idegen"))
    # the page and the replay say a private match is private (its id came with a link)
    assert "is private and you have no seat" in refused(client.get(f"/play/{match.pk}/"), 404)
    assert "is private and you have no seat" in refused(
        client.get(f"/play/{match.pk}/replay/"), 404
    )
    for form in ("start", "claim", "seat-to-bot", "take-seat-back", "chat", "resign", "call-off"):
        # not theirs: the 404 page at once (a redirect led to the match's own 404 page, with the
        # message left over for a later one)
        assert "No such match" in refused(client.post(f"/play/{match.pk}/{form}/"), 404), form
    answer = client.post("/play/new/", {"game": "nincs-ilyen"})
    assert answer.status_code == 400
    assert "No such game: “nincs-ilyen”" in answer.content.decode()
    client.force_login(zsofi)
    answer = client.post(f"/play/{match.pk}/claim/", follow=True)
    page = answer.content.decode()
    assert answer.status_code == 200 and ("It is your move" in page or "seconds" in page)
    assert Match.objects.get(pk=match.pk).status == "running"


# --- chat ---------------------------------------------------------------------------------
def test_chat_mute_refuses_what_is_not_a_user_id(duel, client):
    match, zsofi, gergo, *_ = duel
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    for raw in [9223372036854775808, 10**30, True, "abc", "²", -1, 0, [1], {"id": 1}, 1.5]:
        refused(client.post(url, {"mute": raw}, content_type="application/json"), 400)
    for on in ["no", 0, None, [True]]:
        body = {"mute": gergo.pk, "on": on}
        refused(client.post(url, body, content_type="application/json"), 400)
    assert not ChatMute.objects.exists()


def test_chat_text_is_bounded_and_plain(duel, client):
    match, zsofi, *_ = duel
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    for text, code in [
        ("hello\x00world", None),  # JSON's \u0000: refused by the parser or by the chat
        ("szia \ud800", "bad_json"),  # json.dumps writes the lone surrogate as its escape
        ("x" * 301, "chat_too_long"),
        ("y " * 10_000, "chat_too_long"),
        (123, "chat_not_text"),
        (["szia"], "chat_not_text"),
        ({"text": "szia"}, "chat_not_text"),
        ("   ", "chat_empty"),
    ]:
        refused(client.post(url, {"chat": text}, content_type="application/json"), 400, code)
        # the form without JavaScript: back to the table, refused (a form cannot carry a lone
        # surrogate: a browser sends the bytes of U+FFFD instead, and so must the test client)
        if isinstance(text, str) and "\ud800" not in text:
            form = client.post(f"/play/{match.pk}/chat/", {"text": text})
            assert form.status_code in (302, 400)
    assert not ChatMessage.objects.exists()
    ok = client.post(
        f"/api/matches/{match.pk}/chat/", {"chat": "x" * 300}, content_type="application/json"
    )
    assert ok.status_code == 201  # exactly the limit is fine


# --- the websocket ------------------------------------------------------------------------
async def _opened(match, user):
    communicator, connected = await connect(match, user)
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "state"
    assert (await communicator.receive_json_from(timeout=5))["type"] == "chat"
    return communicator


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_websocket_frames_are_parsed_with_bounds_and_numbers_read_strictly(duel):
    match, zsofi, gergo, *_ = duel
    state = selectors.match_state(match)
    mover = (zsofi, gergo)[state.active_player]
    action = state.legal_actions(state.active_player)[0]
    frames = [
        ("not json", "bad_json"),
        (_nested(40), "bad_json"),
        (json.dumps({"chat": "a\x00b"}), None),  # bad_json or nul_character: refused either way
        (json.dumps({"chat": "szia \ud800"}), "bad_json"),  # a lone surrogate: no character
        (json.dumps({"mute": 1, "\udfff": 2}), "bad_json"),
        (json.dumps({"chat": "x" * 20_000}), "frame_too_long"),
        (json.dumps({"chat": "x" * 301}), "chat_too_long"),
        (json.dumps({"action": action, "version": True}), "bad_parameter"),
        (json.dumps({"action": action, "version": 1.0}), "bad_parameter"),
        (json.dumps({"action": action, "version": 10**30}), "bad_parameter"),
        (json.dumps({"action": action, "version": "²"}), "bad_parameter"),
        (json.dumps({"action": action}), "bad_parameter"),
        (json.dumps({"action": "pass", "version": 1}), "bad_message"),
        (json.dumps([1, 2]), "bad_message"),
        (json.dumps({"mute": 9223372036854775808}), "bad_parameter"),
        (json.dumps({"mute": True}), "bad_parameter"),
        (json.dumps({"action": {"type": "play_card", "card": ["x"]}, "version": 1}), None),
        (json.dumps({"action": {"type": "play_card", "card": {"a": 1}}, "version": 1}), None),
    ]

    async def scenario():
        socket = await _opened(match, mover)
        for text, code in frames:
            await socket.send_to(text_data=text)
            error = await socket.receive_json_from(timeout=5)
            assert error["type"] == "error" and error["message"], (text[:80], error)
            if code is not None:
                assert error["code"] == code, (text[:80], error)
        await socket.send_to(bytes_data=b"\x00\x01")
        assert (await socket.receive_json_from(timeout=5))["code"] == "bad_message"
        # the socket is still open and a proper move still goes through
        await socket.send_json_to({"action": action, "version": 1})
        assert (await socket.receive_json_from(timeout=5))["version"] == 2
        await socket.disconnect()

    async_to_sync(scenario)()
    assert MatchAction.objects.filter(match=match).count() == 2
    assert not ChatMessage.objects.exists() and not ChatMute.objects.exists()


@pytest.fixture
def dungeon(players):  # noqa: F811
    if not Card.objects.filter(game__slug="arcane-guardian").exists():
        call_command("load_cards", verbosity=0)
    mage = make_user("mago")
    match = services.match_create(
        user=mage, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
    )
    return match, mage


def test_a_move_must_carry_each_value_with_the_type_it_was_offered(dungeon, client):
    """`{"pile": true}` equals pile 1 and `false` pile 0 for ==; neither is a pile."""
    match, mage = dungeon
    state = selectors.match_state(match)
    piles = [a for a in state.legal_actions(0) if a["type"] == "choose_pile"]
    assert piles, "a new dungeon starts with a choice of pile"
    client.force_login(mage)
    url = f"/api/matches/{match.pk}/actions/"
    for value in (True, False, 1.0, 0.0):
        action = {"type": "choose_pile", "pile": value}
        answer = client.post(url, {"action": action, "version": 0}, content_type="application/json")
        refused(answer, 400, "bad_action")
    for action in ({"type": "choose_pile", "pile": [0]}, {"type": "use", "card": {"x": 1}}):
        answer = client.post(url, {"action": action, "version": 0}, content_type="application/json")
        refused(answer, 400)
    assert not MatchAction.objects.exists()

    async def over_the_socket():
        socket = await _opened(match, mage)
        await socket.send_json_to({"action": {"type": "choose_pile", "pile": True}, "version": 0})
        error = await socket.receive_json_from(timeout=5)
        assert error["type"] == "error" and error["code"] == "bad_action"
        await socket.disconnect()

    async_to_sync(over_the_socket)()
    assert not MatchAction.objects.exists()
    good = {"type": "choose_pile", "pile": piles[0]["pile"]}
    answer = client.post(url, {"action": good, "version": 0}, content_type="application/json")
    logged = MatchAction.objects.get().action["pile"]
    assert answer.status_code == 200 and type(logged) is int and logged == piles[0]["pile"]


def test_the_chat_api_takes_one_thing_a_message_as_the_socket_does(duel, client):
    match, zsofi, gergo, *_ = duel
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    body = {"chat": "szia", "mute": gergo.pk}
    refused(client.post(url, body, content_type="application/json"), 400, "bad_message")
    assert not ChatMute.objects.exists() and not match.chat.exists()


# --- one strict reading of the table's messages (play.table_input) --------------------------
def test_the_socket_refuses_text_for_a_number_unknown_keys_and_a_key_named_twice(duel):
    """Each of these once passed: "1" as version 1, the last of two versions, a stray key."""
    match, zsofi, gergo, *_ = duel
    state = selectors.match_state(match)
    mover = (zsofi, gergo)[state.active_player]
    other = gergo if mover == zsofi else zsofi
    action = json.dumps(state.legal_actions(state.active_player)[0])
    frames = [
        (f'{{"action": {action}, "version": "1"}}', "bad_parameter"),
        (f'{{"action": {action}, "version": " 1\\n"}}', "bad_parameter"),
        (f'{{"action": {action}, "version": "\\u00a01"}}', "bad_parameter"),
        (f'{{"action": {action}, "version": 7, "version": 1}}', "bad_json"),
        (f'{{"action": {action}, "version": 1, "foo": 1}}', "bad_message"),
        (f'{{"action": {action}, "version": NaN}}', "bad_json"),
        ('{"chat": "szia", "version": 3}', "bad_message"),
        (f'{{"mute": {other.pk}, "x": 1}}', "bad_message"),
        (f'{{"mute": "{other.pk}"}}', "bad_parameter"),
        (f'{{"mute": {other.pk}, "on": 1}}', "bad_mute"),
        ("{}", "bad_message"),
    ]

    async def scenario():
        socket = await _opened(match, mover)
        for text, code in frames:
            await socket.send_to(text_data=text)
            error = await socket.receive_json_from(timeout=5)
            assert error["type"] == "error" and error["code"] == code, (text[:80], error)
            assert error["message"]
        await socket.disconnect()

    async_to_sync(scenario)()
    assert Match.objects.get(pk=match.pk).version == 1
    assert not ChatMessage.objects.exists() and not ChatMute.objects.exists()


def test_the_chat_api_reads_what_the_socket_reads_and_nothing_else(duel, client):
    """`{"mute": 5, "text": "hi"}` muted and dropped the text; `text` was never documented."""
    match, zsofi, gergo, *_ = duel
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    for body, code in [
        ({"mute": gergo.pk, "text": "szia"}, "bad_message"),
        ({"text": "szia"}, "bad_message"),
        ({"chat": "szia", "on": True}, "bad_message"),
        ({"mute": gergo.pk, "on": True, "onn": False}, "bad_message"),
        ({"mute": str(gergo.pk)}, "bad_parameter"),
        ({"mute": f"00{gergo.pk}"}, "bad_parameter"),
        ({"action": {"type": "pass"}, "version": 1}, "bad_message"),
    ]:
        refused(client.post(url, body, content_type="application/json"), 400, code)
    refused(
        client.post(url, '{"chat": "a", "chat": "b"}', content_type="application/json"),
        400,
        "bad_json",
    )
    assert not ChatMute.objects.exists() and not match.chat.exists()
    answer = client.post(url, {"mute": gergo.pk}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["muted"] == [gergo.pk]


def test_the_action_api_refuses_a_stray_key_as_the_socket_does(movers_turn, client):
    match, _seat, action, url = movers_turn
    body = {"action": action, "version": 1, "foo": 1}
    assert "foo" in refused(client.post(url, body, content_type="application/json"), 400)["message"]
    assert Match.objects.get(pk=match.pk).version == 1


def test_a_move_naming_another_seat_is_refused_not_moved_to_the_senders(movers_turn, client):
    match, seat, offered, url = movers_turn
    action = {k: v for k, v in offered.items() if k != "player"}
    for player in (1 - seat, True if seat == 1 else False, str(seat), None, float(seat), [seat]):
        body = {"action": {**action, "player": player}, "version": 1}
        refused(client.post(url, body, content_type="application/json"), 400, "bad_player")
    assert Match.objects.get(pk=match.pk).version == 1
    assert MatchAction.objects.filter(match=match).count() == 1
    body = {"action": {**action, "player": seat}, "version": 1}
    assert client.post(url, body, content_type="application/json").status_code == 200
    assert MatchAction.objects.filter(match=match).count() == 2


def test_a_move_without_player_is_still_the_senders(movers_turn, client):
    match, seat, offered, url = movers_turn
    action = {k: v for k, v in offered.items() if k != "player"}
    body = {"action": action, "version": 1}
    assert client.post(url, body, content_type="application/json").status_code == 200
    assert MatchAction.objects.filter(match=match).last().seat == seat


def test_an_offered_move_is_the_legal_action_of_the_same_types_not_the_first_equal_one():
    """A legal list may hold `1.0` before `1`; the move `1` is the second, and is legal."""

    class Offering:
        def legal_actions(self, player):
            return [{"type": "take", "n": 1.0, "player": 0}, {"type": "take", "n": 1, "player": 0}]

    state = Offering()
    chosen = services._offered(state, {"type": "take", "n": 1, "player": 0})
    assert chosen == {"type": "take", "n": 1, "player": 0} and type(chosen["n"]) is int
    with pytest.raises(services.MatchRefused) as refusal:
        services._offered(state, {"type": "take", "n": True, "player": 0})
    assert refusal.value.code == "bad_action"


def test_an_engine_refusal_quoting_a_long_move_is_capped(movers_turn, client):
    match, _seat, _action, url = movers_turn
    body = {"action": {"type": "x" * 5_000}, "version": 1}
    error = refused(client.post(url, body, content_type="application/json"), 400)
    assert 0 < len(error["detail"]) <= 200 and len(error["message"]) <= 300
    assert Match.objects.get(pk=match.pk).version == 1


def test_the_hint_api_refuses_a_solve_it_cannot_read(dungeon, client):
    """`?solve=on` or `TRUE` silently meant no solver."""
    match, mage = dungeon
    client.force_login(mage)
    url = f"/api/matches/{match.pk}/hint/"
    for raw in ("on", "TRUE", "True", "2", " 1"):
        refused(client.get(url, {"solve": raw}), 400, "bad_parameter")
    for raw in ("0", "false", "no", ""):
        answer = client.get(url, {"solve": raw})
        assert answer.status_code == 200 and "solver" not in answer.json()
