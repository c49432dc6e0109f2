"""A chat message nobody can see is empty: refused as one of spaces is, at every door.

Zero-width and other invisible format characters, a mark on nothing and the Hangul
filler were stored and sent to the table as a blank line.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from play.models import ChatMessage
from tests.play.test_hardening import duel  # noqa: F401 (fixture)
from tests.play.test_matches import connect, players  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

SHOWS_NOTHING = [
    "\u200b",  # zero-width space
    "\ufeff",  # byte-order mark
    "\u00ad",  # soft hyphen
    "\u2060\u2060",  # word joiners
    "\u200d",  # zero-width joiner
    "\u180e",  # Mongolian vowel separator
    "\ufe0f",  # a variation selector on nothing
    "\u0301",  # a combining accent on nothing
    "\U000e0041\U000e0042",  # tag characters
    "\u3164",  # Hangul filler
    "\u2800",  # blank braille pattern
    " \u200b\u00a0\u3000\u3164 ",  # mixed with white space
]
# (as sent, as stored)
SHOWS_SOMETHING = [
    ("👍\ufe0f", "👍\ufe0f"),
    ("Éjlépő", "Éjlépő"),
    ("e\u0301", "e\u0301"),  # an accent written as a combining mark
    ("\u200bszia\u200b", "szia"),  # invisible ends trimmed, as from a name
]
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"


def test_a_blank_message_is_empty_on_the_socket_and_a_visible_one_is_sent(duel):  # noqa: F811
    match, zsofi, gergo, *_ = duel

    async def scenario():
        socket, connected = await connect(match, gergo)
        assert connected
        assert (await socket.receive_json_from(timeout=5))["type"] == "state"
        assert (await socket.receive_json_from(timeout=5))["type"] == "chat"
        for text in SHOWS_NOTHING:
            await socket.send_json_to({"chat": text})
            error = await socket.receive_json_from(timeout=5)
            assert error["type"] == "error" and error["code"] == "chat_empty", (text, error)
        for text, stored in [SHOWS_SOMETHING[0], (f"hajrá {SCOTLAND}", f"hajrá {SCOTLAND}")]:
            await socket.send_json_to({"chat": text})
            # the line as everyone gets it, and its confirmation to its writer
            for _ in range(2):
                got = await socket.receive_json_from(timeout=5)
                assert got["type"] == "chat" and got["messages"][0]["text"] == stored, (text, got)
        await socket.disconnect()

    async_to_sync(scenario)()
    assert ChatMessage.objects.count() == 2


def test_a_blank_message_is_empty_over_http_and_a_visible_one_is_sent(duel, client):  # noqa: F811
    match, zsofi, *_ = duel
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    for text in SHOWS_NOTHING:
        answer = client.post(url, {"chat": text}, content_type="application/json")
        assert answer.status_code == 400, (text, answer.content[:200])
        assert answer.json()["error"]["code"] == "chat_empty", text
        # the form without JavaScript: back to the table, nothing stored
        client.post(f"/play/{match.pk}/chat/", {"text": text})
    assert not ChatMessage.objects.exists()
    for text, stored in SHOWS_SOMETHING:
        answer = client.post(url, {"chat": text}, content_type="application/json")
        assert answer.status_code == 201, (text, answer.content[:200])
        assert answer.json()["messages"][0]["text"] == stored
    assert [m.text for m in ChatMessage.objects.order_by("pk")] == [s for _t, s in SHOWS_SOMETHING]
