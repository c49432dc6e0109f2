"""A mute sent on the live table's socket is a write like one over HTTP: it counts against the
same writes a minute per person (core.middleware.WriteRateMiddleware's count), and past the
limit it is refused with the same code and words, changing nothing."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from django.core.management import call_command

from catalog.models import Card
from play import services
from play.models import ChatMute
from tests.core.test_write_rate import three_a_minute  # noqa: F401 - the limit at 3
from tests.factories import make_user
from tests.play.test_socket_follows_its_person import opened
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table():
    """A running ONIROO match of Zsófi (who reads English) and Anna."""
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    zsofi, anna = make_user("zsofi", language="en"), make_user("anna")
    match = oniroo_match(zsofi, "invite", players=2)
    services.match_join(match_id=match.pk, user=anna, deck=None)
    return match, zsofi, anna


def mutes(match, user, muted, times: int) -> list[dict]:
    """`times` mute toggles on one socket of `user`: the answer to each."""

    async def scenario():
        socket, _first = await opened(match, user)
        answers = []
        for n in range(times):
            await socket.send_json_to({"mute": muted.pk, "on": n % 2 == 0})
            answers.append(await socket.receive_json_from(timeout=5))
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()
        return answers

    return async_to_sync(scenario)()


@pytest.mark.usefixtures("three_a_minute")
def test_past_the_limit_a_sockets_mute_is_refused_in_words_and_changes_nothing(table):
    match, zsofi, anna = table
    answers = mutes(match, zsofi, anna, 6)
    assert [a["type"] for a in answers] == ["chat", "chat", "chat", "error", "error", "error"]
    assert answers[2]["muted"] == [anna.pk]  # the third toggle muted her again
    refused = answers[3]
    assert refused["code"] == "too_many_writes"
    assert refused["message"] == (
        "Too many changes in a minute (at most 3): wait a moment, then try again."
    )
    assert list(ChatMute.objects.values_list("muted", flat=True)) == [anna.pk]  # the 3rd's


@pytest.mark.usefixtures("three_a_minute")
def test_the_socket_and_http_share_one_count(table, client):
    match, zsofi, anna = table
    assert [a["type"] for a in mutes(match, zsofi, anna, 2)] == ["chat", "chat"]
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    body = json.dumps({"mute": anna.pk, "on": False})
    assert client.post(url, body, content_type="application/json").status_code == 200
    refused = client.post(url, body, content_type="application/json")
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_writes"
    assert mutes(match, zsofi, anna, 1)[0]["code"] == "too_many_writes"
    # another person has a count of their own
    assert mutes(match, anna, zsofi, 1)[0]["type"] == "chat"


def test_without_the_limit_on_mutes_are_not_counted(table):
    match, zsofi, anna = table
    assert {a["type"] for a in mutes(match, zsofi, anna, 8)} == {"chat"}
