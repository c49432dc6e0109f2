"""Each door of the table says what it takes, in its own words; and a chat refusal says it is
one.

- POST `{}` to /api/matches/<id>/actions/ was answered "Send {action, version} to move,
  {chat} to talk or {mute, on} to mute." — the websocket's words, naming two messages that
  endpoint refuses. It now names only `{action, version}`; the chat endpoint only its two.
- A stale move over HTTP was answered "Someone moved first; here is the table as it is now."
  with no table in the body (docs/api.md promises none): the words now hold at both doors.
- The socket's refusal of a chat line named nothing: the table showed it in its move error
  box, far from the chat box. It now says `"kind": "chat"`, and a line the server took is
  confirmed to its writer (`"sent": true`), so the table keeps the typed text until then.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from play import chat, selectors
from play.models import ChatMessage, Match
from tests.play.test_hardening import _opened, duel, movers_turn  # noqa: F401 (fixtures)
from tests.play.test_matches import players  # noqa: F401 (fixture: loads the cards)

pytestmark = pytest.mark.django_db(transaction=True)


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.content[:500]
    return response.json()["error"]


def in_english(user) -> None:
    user.language = "en"
    user.save()


@pytest.mark.parametrize("body", [{}, {"version": 1}, {"chat": "szia"}, {"mute": 5}])
def test_the_action_api_names_only_the_move_it_takes(movers_turn, client, body):  # noqa: F811
    match, seat, _action, url = movers_turn
    error = error_of(client.post(url, body, content_type="application/json"), 400)
    assert error["code"] == "bad_message"
    assert "{action, version}" in error["message"]
    assert "{chat}" not in error["message"] and "{mute" not in error["message"]
    assert Match.objects.get(pk=match.pk).version == 1


@pytest.mark.parametrize("body", [{}, {"text": "szia"}, {"on": True}])
def test_the_chat_api_names_only_the_chat_and_the_mute_it_takes(duel, client, body):  # noqa: F811
    match, zsofi, *_ = duel
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    error = error_of(client.post(url, body, content_type="application/json"), 400)
    assert error["code"] == "bad_message"
    assert "{chat}" in error["message"] and "{mute, on}" in error["message"]
    assert "{action" not in error["message"]


def test_the_socket_still_names_all_three(duel):  # noqa: F811
    match, zsofi, *_ = duel

    async def scenario():
        socket = await _opened(match, zsofi)
        await socket.send_json_to({})
        error = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return error

    error = async_to_sync(scenario)()
    assert error["code"] == "bad_message" and "kind" not in error
    for shape in ("{action, version}", "{chat}", "{mute, on}"):
        assert shape in error["message"]


def test_a_stale_move_over_http_promises_no_table_it_does_not_send(movers_turn, client):  # noqa: F811
    match, seat, action, url = movers_turn
    in_english(match.seats.get(position=seat).user)
    answer = client.post(url, {"action": action, "version": 0}, content_type="application/json")
    error = error_of(answer, 409)
    assert error["code"] == "stale"
    assert set(answer.json()) == {"error"}  # no table in the body ...
    assert "here is the table" not in error["message"]  # ... and none promised
    assert error["message"].startswith("Someone moved first, so your move was not made")
    assert Match.objects.get(pk=match.pk).version == 1


def test_the_socket_says_which_refusals_are_the_chats_and_confirms_a_line(duel, settings):  # noqa: F811
    match, zsofi, gergo, *_ = duel
    in_english(zsofi)
    state = selectors.match_state(match)
    version = match.version

    async def scenario():
        socket = await _opened(match, zsofi)
        answers = {}
        await socket.send_json_to({"chat": "x" * (chat.max_chars() + 1)})
        answers["too_long"] = await socket.receive_json_from(timeout=5)
        await socket.send_json_to({"chat": "szia"})
        sent = [await socket.receive_json_from(timeout=5) for _ in range(2)]
        answers["sent"] = sent
        await socket.send_json_to({"mute": zsofi.pk})
        answers["mute"] = await socket.receive_json_from(timeout=5)
        if state.active_player != 0:  # not her move: a refused move is the table's own
            await socket.send_json_to({"action": {"type": "pass"}, "version": version})
            answers["move"] = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return answers

    answers = async_to_sync(scenario)()
    too_long = answers["too_long"]
    assert too_long["type"] == "error" and too_long["code"] == "chat_too_long"
    assert too_long["kind"] == "chat"
    assert answers["mute"]["kind"] == "mute" and answers["mute"]["code"] == "bad_mute"
    # the line reaches her twice (her confirmation, and everyone's copy), once marked sent
    lines = [frame for frame in answers["sent"] if frame["type"] == "chat"]
    assert [frame.get("sent", False) for frame in lines].count(True) == 1
    assert {frame["messages"][0]["text"] for frame in lines} == {"szia"}
    assert ChatMessage.objects.get().text == "szia"
    if "move" in answers:
        assert answers["move"]["kind"] == "action"
