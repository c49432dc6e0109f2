"""A live-table socket that sends more than a person does is told and closed.

QA sent 100,000 frames of 16 KB down one socket in half a minute: the server queued
them all (the process grew by a gigabyte) and answered about a hundred a second, each
with a database read, so the queue would have lasted a quarter of an hour; a client
that hung up meanwhile left "Attempt to send on a closed protocol" errors in the log.
Now a socket may send LIMIT_SOCKET_FRAMES_PER_SECOND frames a second on average
(twice that at once); past it an error frame says so, the socket closes with 4429 (the
table polls and comes back later) and what was queued behind is dropped unread.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from asgiref.sync import async_to_sync
from autobahn.exception import Disconnected

from core import socket_limits
from play.consumers import CLOSE_TOO_MANY, unless_hung_up
from play.models import MatchAction
from tests.play.test_hardening import _opened, duel  # noqa: F401 (fixture)
from tests.play.test_matches import players  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

RATE = 20
CHEAP = json.dumps([1, 2])  # refused at once (bad_message), as a flood's frames would be


@pytest.fixture
def clock(monkeypatch, settings):
    """RATE frames a second, and the sockets' clock held still until a test moves it
    (`clock.now += seconds`)."""
    settings.LIMITS = {**settings.LIMITS, "SOCKET_FRAMES_PER_SECOND": RATE}
    clock = SimpleNamespace(now=1_000.0)
    monkeypatch.setattr(socket_limits, "monotonic_clock", lambda: clock.now)
    return clock


def mover_of(duel):  # noqa: F811
    from play import selectors

    match, zsofi, gergo, *_ = duel
    state = selectors.match_state(match)
    return match, (zsofi, gergo)[state.active_player], state.legal_actions(state.active_player)[0]


def test_a_flood_is_told_to_slow_down_and_closed_and_the_rest_dropped(duel, clock):  # noqa: F811
    match, mover, action = mover_of(duel)

    async def scenario():
        socket = await _opened(match, mover)
        for _ in range(2 * RATE):  # the burst a socket may send at once
            await socket.send_to(text_data=CHEAP)
            assert (await socket.receive_json_from(timeout=5))["code"] == "bad_message"
        await socket.send_to(text_data=CHEAP)
        refused = await socket.receive_json_from(timeout=5)
        assert refused["type"] == "error" and refused["code"] == "too_fast"
        assert f"{RATE}" in refused["message"]
        closed = await socket.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": CLOSE_TOO_MANY}
        # what comes after is dropped unread: not even a move is made
        await socket.send_to(text_data=json.dumps({"action": action, "version": 1}))
        assert await socket.receive_nothing(timeout=0.5)
        await socket.disconnect()

    async_to_sync(scenario)()
    assert MatchAction.objects.filter(match=match).count() == 1


def test_a_socket_at_the_allowed_pace_is_never_closed(duel, clock):  # noqa: F811
    match, mover, action = mover_of(duel)

    async def scenario():
        socket = await _opened(match, mover)
        for _ in range(6 * RATE):  # three bursts' worth, at the pace allowed
            clock.now += 1 / RATE
            await socket.send_to(text_data=CHEAP)
            assert (await socket.receive_json_from(timeout=5))["code"] == "bad_message"
        clock.now += 1 / RATE
        await socket.send_json_to({"action": action, "version": 1})
        assert (await socket.receive_json_from(timeout=5))["version"] == 2
        await socket.disconnect()

    async_to_sync(scenario)()
    assert MatchAction.objects.filter(match=match).count() == 2


def test_each_socket_has_its_own_allowance(duel, clock):  # noqa: F811
    match, mover, action = mover_of(duel)

    async def scenario():
        flood = await _opened(match, mover)
        for _ in range(2 * RATE + 1):
            await flood.send_to(text_data=CHEAP)
        answers = [await flood.receive_json_from(timeout=5) for _ in range(2 * RATE + 1)]
        assert answers[-1]["code"] == "too_fast"
        # the same player's other tab still plays
        other = await _opened(match, mover)
        await other.send_json_to({"action": action, "version": 1})
        assert (await other.receive_json_from(timeout=5))["version"] == 2
        await other.disconnect()
        await flood.disconnect()

    async_to_sync(scenario)()


def test_the_allowance_refills_at_its_rate_up_to_twice_it():
    now = SimpleNamespace(t=0.0)
    allowance = socket_limits.FrameAllowance(10, clock=lambda: now.t)
    assert sum(allowance.take() for _ in range(25)) == 20  # the burst, then no more
    now.t += 0.5
    assert sum(allowance.take() for _ in range(25)) == 5
    now.t += 3600  # a long quiet spell fills it to the burst, not beyond
    assert sum(allowance.take() for _ in range(100)) == 20


def test_an_answer_to_a_reader_who_hung_up_is_dropped_not_raised():
    sent = []

    async def server_send(message):
        if sent:
            raise Disconnected("Attempt to send on a closed protocol")
        sent.append(message)

    send = unless_hung_up(server_send)
    async_to_sync(send)({"type": "websocket.send", "text": "{}"})
    async_to_sync(send)({"type": "websocket.send", "text": "{}"})  # hung up: no exception
    assert len(sent) == 1
