"""The live table's socket and the HTTP API refuse the same bad JSON with the same code.

The socket said `bad_json` or `bad_message` where the API said `parse_error` for every
one of these: a client that handles one door's codes met others at the second.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from play.models import ChatMessage, ChatMute, MatchAction
from tests.play.test_hardening import duel  # noqa: F401 (fixture)
from tests.play.test_matches import connect, players  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

SAME_TEXT_SAME_CODE = [
    ("hello", "bad_json"),
    ("{", "bad_json"),
    ("[" * 40 + "]" * 40, "bad_json"),  # deeper than LIMIT_JSON_DEPTH
    ('{"chat": "a", "chat": "b"}', "bad_json"),  # a key named twice
    ('{"chat": NaN}', "bad_json"),
    ('{"mute": 1e309}', "bad_json"),  # too large for a float
    ('{"mute": ' + "9" * 5000 + "}", "bad_json"),  # too many digits for Python's int
    ('{"chat": "a\\u0000b"}', "bad_json"),
    ('{"chat": "\\ud800"}', "bad_json"),  # a lone surrogate
    ("[]", "bad_message"),
    ("null", "bad_message"),
    ("1", "bad_message"),
    ('"x"', "bad_message"),
    ("[1, 2]", "bad_message"),
]


def test_the_socket_and_both_table_endpoints_answer_one_code(duel, client):  # noqa: F811
    match, zsofi, *_ = duel
    said = {}

    async def over_the_socket():
        socket, connected = await connect(match, zsofi)
        assert connected
        assert (await socket.receive_json_from(timeout=5))["type"] == "state"
        assert (await socket.receive_json_from(timeout=5))["type"] == "chat"
        for text, _code in SAME_TEXT_SAME_CODE:
            await socket.send_to(text_data=text)
            error = await socket.receive_json_from(timeout=5)
            assert error["type"] == "error" and error["message"], (text[:40], error)
            said[text] = error["code"]
        await socket.disconnect()

    async_to_sync(over_the_socket)()
    client.force_login(zsofi)
    for door in ("actions", "chat"):
        url = f"/api/matches/{match.pk}/{door}/"
        for text, code in SAME_TEXT_SAME_CODE:
            answer = client.post(url, text, content_type="application/json")
            assert answer.status_code == 400, (door, text[:40], answer.content[:200])
            error = answer.json()["error"]
            assert error["message"], (door, text[:40])
            assert error["code"] == said[text] == code, (door, text[:40], error, said[text])
    assert MatchAction.objects.filter(match=match).count() == 1  # the fixture's move only
    assert not ChatMessage.objects.exists() and not ChatMute.objects.exists()


def test_every_endpoint_reading_json_uses_the_same_codes(duel, client):  # noqa: F811
    """The parser is every endpoint's: a deck or a new match is refused alike."""
    _match, zsofi, *_ = duel
    client.force_login(zsofi)
    for url in ("/api/decks/", "/api/matches/"):
        for text, code in [
            ("hello", "bad_json"),
            ('{"a": NaN}', "bad_json"),
            ("[]", "bad_message"),
        ]:
            answer = client.post(url, text, content_type="application/json")
            assert answer.status_code == 400 and answer.json()["error"]["code"] == code, (url, text)


def test_an_empty_body_is_no_body_and_an_empty_frame_no_json(duel, client):  # noqa: F811
    """HTTP can carry no body: DRF reads it as `{}`, which names no kind of message
    (`bad_message`); a socket frame always carries text, and "" is no JSON."""
    match, zsofi, *_ = duel
    client.force_login(zsofi)
    for door in ("actions", "chat"):
        answer = client.post(
            f"/api/matches/{match.pk}/{door}/", "", content_type="application/json"
        )
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_message"
    # a write that reads no body still takes an empty one
    resigned = client.post(f"/api/matches/{match.pk}/resign/", "", content_type="application/json")
    assert resigned.status_code == 200, resigned.content[:200]
