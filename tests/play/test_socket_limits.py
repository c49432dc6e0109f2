"""One visitor holds a bounded number of live-table sockets in a web process.

Opening a socket is free and each one costs memory for as long as it stays
open: past LIMIT_SOCKETS_PER_VISITOR (a user, or an address when not signed
in) the table is told why, in the player's language, and the socket closes
with 4429, on which the page polls and tries again later. A socket given
back (closed, or refused for another reason) frees its place.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from core.socket_limits import OPEN_SOCKETS, visitor_key
from play import chat, services
from play.consumers import CLOSE_TOO_MANY
from play.routing import websocket_urlpatterns
from tests.concurrency import HANDSHAKE_SECONDS
from tests.factories import make_user
from tests.play.test_matches import players  # noqa: F401 - the fixture (loads the cards)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def two_per_visitor(settings):
    settings.LIMITS = {**settings.LIMITS, "SOCKETS_PER_VISITOR": 2}


def watching(match, user, address="203.0.113.7"):
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/"
    )
    communicator.scope["user"] = user
    communicator.scope["client"] = (address, 50000)
    return communicator


async def opened(communicator) -> dict:
    """Connect and read the first frame (the table, or the refusal)."""
    connected, _ = await communicator.connect(timeout=HANDSHAKE_SECONDS)
    assert connected
    return await communicator.receive_json_from(timeout=5)


def public_match(seated):
    zsofi, _gergo, deck, _ = seated
    return services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="bot:random", public=True
    )


def test_past_the_limit_a_socket_is_refused_saying_why(players, two_per_visitor):  # noqa: F811
    """And a socket closed frees its place."""
    match = public_match(players)
    watcher = make_user("nezo", language="en")
    key = f"user:{watcher.pk}"

    async def scenario():
        first, second = watching(match, watcher), watching(match, watcher)
        for communicator in (first, second):
            assert (await opened(communicator))["type"] == "state"
        third = watching(match, watcher)
        refusal = await opened(third)
        assert refusal["type"] == "error" and refusal["code"] == "too_many_sockets"
        assert "too many live tables open (at most 2)" in refusal["message"]  # English chosen
        assert (await third.receive_output(timeout=5)) == {
            "type": "websocket.close",
            "code": CLOSE_TOO_MANY,
        }
        assert OPEN_SOCKETS.held(key) == 2
        await first.disconnect()
        assert OPEN_SOCKETS.held(key) == 1
        again = watching(match, watcher)
        assert (await opened(again))["type"] == "state"
        for communicator in (second, again):
            await communicator.disconnect()
        assert OPEN_SOCKETS.held(key) == 0

    async_to_sync(scenario)()


def test_visitors_not_signed_in_count_by_address_and_each_address_alone(players, two_per_visitor):  # noqa: F811
    match = public_match(players)

    async def scenario():
        here = [watching(match, AnonymousUser(), "198.51.100.1") for _ in range(2)]
        for communicator in here:
            assert (await opened(communicator))["type"] == "state"
        refusal = await opened(watching(match, AnonymousUser(), "198.51.100.1"))
        assert refusal["code"] == "too_many_sockets"
        assert "Túl sok élő asztalt" in refusal["message"]  # no choice made: the site's Hungarian
        elsewhere = watching(match, AnonymousUser(), "198.51.100.2")
        assert (await opened(elsewhere))["type"] == "state"
        for communicator in (*here, elsewhere):
            await communicator.disconnect()
        assert OPEN_SOCKETS.held("address:198.51.100.1") == 0

    async_to_sync(scenario)()


def test_a_refused_stranger_gives_its_place_back(players, two_per_visitor):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    stranger = make_user("kivancsi")

    async def scenario():
        for _ in range(4):  # more than the limit: each 4404 frees its place at once
            communicator = watching(match, stranger)
            connected, code = await communicator.connect(timeout=HANDSHAKE_SECONDS)
            assert not connected and code == 4404, await communicator.receive_output(timeout=2)
        assert OPEN_SOCKETS.held(f"user:{stranger.pk}") == 0

    async_to_sync(scenario)()


def test_a_signed_in_visitor_counts_as_the_user_wherever_they_connect_from(players):  # noqa: F811
    zsofi = players[0]
    for address in ("192.0.2.1", "192.0.2.2"):
        scope = {"user": zsofi, "client": (address, 1), "headers": []}
        assert visitor_key(scope) == f"user:{zsofi.pk}"
    anonymous = {"user": AnonymousUser(), "client": ("192.0.2.1", 1), "headers": []}
    assert visitor_key(anonymous) == "address:192.0.2.1"


def test_a_socket_whose_handler_fails_gives_its_place_back(players, monkeypatch):  # noqa: F811
    """A handler's error ends the consumer without a disconnect: the place still goes back."""
    match = public_match(players)
    watcher = make_user("nezo")

    def broken(**kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(chat, "chat_post", broken)

    async def scenario():
        socket = watching(match, watcher)
        assert (await opened(socket))["type"] == "state"
        await socket.receive_json_from(timeout=5)  # the chat history
        assert OPEN_SOCKETS.held(f"user:{watcher.pk}") == 1
        await socket.send_json_to({"chat": "szia"})
        with pytest.raises(RuntimeError):
            await socket.receive_output(timeout=5)

    async_to_sync(scenario)()
    assert OPEN_SOCKETS.held(f"user:{watcher.pk}") == 0


def test_a_socket_the_server_cancels_gives_its_place_back(players, monkeypatch):  # noqa: F811
    """Daphne cancels an app that outlives its closed connection (a move waiting on a lock)."""
    match = public_match(players)
    watcher = make_user("nezo")
    monkeypatch.setattr(chat, "chat_post", lambda **kwargs: time.sleep(1.0))

    async def scenario():
        socket = watching(match, watcher)
        assert (await opened(socket))["type"] == "state"
        await socket.receive_json_from(timeout=5)
        await socket.send_json_to({"chat": "szia"})
        await asyncio.sleep(0.1)
        await socket.disconnect(timeout=0.3)  # cancels the consumer mid-handler
        await asyncio.sleep(1.2)

    async_to_sync(scenario)()
    assert OPEN_SOCKETS.held(f"user:{watcher.pk}") == 0
