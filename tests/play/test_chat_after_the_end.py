"""A match's chat: open for a word after the game, then closed; a cap on what one match keeps;
and a message on the socket counts against the writes a minute as one over HTTP does.

The audit found chat accepted in matches finished long ago and no total per match (only 5
messages / 10 s per author), and socket messages outside the 300 writes a minute. Every door
posts through play.chat.chat_post, so each rule is checked at the API, the page's form and
the live table's socket.
"""

from __future__ import annotations

import html
import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.core.management import call_command
from django.utils import timezone

from catalog.models import Card
from play import chat, services
from play.models import ChatMessage, Match, MatchStatus
from tests.core.test_write_rate import three_a_minute  # noqa: F401 - the limit at 3
from tests.factories import make_user
from tests.play.test_socket_follows_its_person import opened
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)

CLOSED = (
    "This match's chat closed 10 minutes after the match ended: nothing more can be written here."
)


@pytest.fixture
def table():
    """A running ONIROO match of Zsófi (who reads English) and Anna."""
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    zsofi, anna = make_user("zsofi", language="en"), make_user("anna", language="en")
    match = oniroo_match(zsofi, "invite", players=2)
    services.match_join(match_id=match.pk, user=anna, deck=None)
    return match, zsofi, anna


def ended(match: Match, minutes_ago: float) -> None:
    """The match as if Zsófi gave up `minutes_ago` minutes ago."""
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.FINISHED,
        result={"winners": [1], "reason": "resigned", "resigned": 0},
        finished_at=timezone.now() - timedelta(minutes=minutes_ago),
    )


def api_chat(client, match, text: str):
    return client.post(
        f"/api/matches/{match.pk}/chat/",
        json.dumps({"chat": text}),
        content_type="application/json",
    )


def socket_chats(match, user, texts: list[str]) -> list[dict]:
    """Each text sent on a socket of `user`: the frame answering it (the message confirmed
    to its writer, `"sent": true`, or why not). A line taken also reaches its writer as it
    reaches everyone: that copy is read and left out."""

    async def scenario():
        socket, _first = await opened(match, user)
        answers = []
        for text in texts:
            await socket.send_json_to({"chat": text})
            answer = await socket.receive_json_from(timeout=5)
            if answer["type"] == "chat":
                both = [answer, await socket.receive_json_from(timeout=5)]
                answer = next(frame for frame in both if frame.get("sent"))
            answers.append(answer)
        await socket.disconnect()
        return answers

    return async_to_sync(scenario)()


def texts(match) -> list[str]:
    return list(
        ChatMessage.objects.filter(match=match).order_by("pk").values_list("text", flat=True)
    )


# --- a word after the game, then closed ------------------------------------------------------
def test_after_the_game_the_players_say_gg_then_the_chat_closes(table, client):
    match, zsofi, anna = table
    services.match_resign(match_id=match.pk, user=zsofi)
    client.force_login(anna)
    assert api_chat(client, match, "gg").status_code == 201
    client.force_login(zsofi)
    assert client.post(f"/play/{match.pk}/chat/", {"text": "gg wp"}).status_code == 302
    assert texts(match) == ["gg", "gg wp"]

    ended(match, minutes_ago=11)
    refused = api_chat(client, match, "még valami")
    assert refused.status_code == 400
    assert refused.json()["error"] == {"code": "chat_closed", "message": CLOSED}
    form = client.post(f"/play/{match.pk}/chat/", {"text": "még valami"}, follow=True)
    assert CLOSED in html.unescape(form.content.decode())  # said on the table it came back to
    assert texts(match) == ["gg", "gg wp"]  # nothing added
    # what was said is still read
    history = client.get(f"/api/matches/{match.pk}/chat/").json()["messages"]
    assert [m["text"] for m in history] == ["gg", "gg wp"]


def test_the_socket_keeps_the_same_window(table):
    match, zsofi, anna = table
    ended(match, minutes_ago=9)
    (said,) = socket_chats(match, anna, ["gg"])
    assert said["type"] == "chat" and said["messages"][0]["text"] == "gg"
    ended(match, minutes_ago=10.5)
    (refused,) = socket_chats(match, zsofi, ["gg"])
    assert refused == {"type": "error", "code": "chat_closed", "message": CLOSED, "kind": "chat"}
    assert texts(match) == ["gg"]


def test_a_match_that_is_waiting_or_running_has_its_chat_open(table, client):
    match, zsofi, _anna = table
    client.force_login(zsofi)
    assert api_chat(client, match, "jó játékot").status_code == 201
    waiting = oniroo_match(zsofi, "invite", players=2)
    assert api_chat(client, waiting, "gyere").status_code == 201


# --- at most KEPT_MAX messages a match ------------------------------------------------------
def test_a_full_chat_refuses_more_at_both_doors(table, client, monkeypatch):
    match, zsofi, anna = table
    monkeypatch.setattr(chat, "KEPT_MAX", 4)
    long_ago = timezone.now() - timedelta(hours=1)  # none of them counts toward the rate
    for n in range(3):
        message = ChatMessage.objects.create(match=match, author=anna, text=f"régi {n}")
        ChatMessage.objects.filter(pk=message.pk).update(created_at=long_ago)
    client.force_login(zsofi)
    assert api_chat(client, match, "az utolsó").status_code == 201
    full = {
        "code": "chat_full",
        "message": "This match's chat is full (4 messages): nothing more can be added.",
    }
    refused = api_chat(client, match, "még egy")
    assert refused.status_code == 400 and refused.json()["error"] == full
    assert socket_chats(match, anna, ["és még egy"]) == [{"type": "error", **full, "kind": "chat"}]
    assert ChatMessage.objects.filter(match=match).count() == 4
    # another match's chat is its own
    other = oniroo_match(zsofi, "invite", players=2)
    assert api_chat(client, other, "itt még van hely").status_code == 201


# --- a socket message is a write --------------------------------------------------------------
@pytest.mark.usefixtures("three_a_minute")
def test_socket_messages_count_against_the_writes_a_minute(table, client):
    match, zsofi, anna = table
    answers = socket_chats(match, zsofi, ["egy", "kettő", "három", "négy"])
    assert [a["type"] for a in answers] == ["chat", "chat", "chat", "error"]
    assert answers[3]["code"] == "too_many_writes"
    assert answers[3]["message"] == (
        "Too many changes in a minute (at most 3): wait a moment, then try again."
    )
    assert texts(match) == ["egy", "kettő", "három"]  # the refused one changed nothing


@pytest.mark.usefixtures("three_a_minute")
def test_the_socket_and_http_share_one_count_of_messages(table, client):
    match, zsofi, anna = table
    assert [a["type"] for a in socket_chats(match, zsofi, ["egy", "kettő"])] == ["chat", "chat"]
    client.force_login(zsofi)
    assert api_chat(client, match, "három").status_code == 201
    refused = api_chat(client, match, "négy")
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_writes"
    assert socket_chats(match, zsofi, ["öt"])[0]["code"] == "too_many_writes"
    assert socket_chats(match, anna, ["szia"])[0]["type"] == "chat"  # Anna's count is her own
