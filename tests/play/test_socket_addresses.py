"""A websocket address with no socket behind it is refused like an unknown match, not a 500."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from tests.concurrency import HANDSHAKE_SECONDS

SITE = {"ALLOWED_HOSTS": ["127.0.0.1"], "CSRF_TRUSTED_ORIGINS": []}
SAME_ORIGIN = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")]
MATCH_ID = "00000000-0000-0000-0000-000000000000"


async def _handshake(path: str) -> tuple[bool, int | None]:
    """(accepted, close code) of a socket opened at `path` on the site's whole application."""
    from config.asgi import application

    communicator = WebsocketCommunicator(application, path, headers=SAME_ORIGIN)
    try:
        # URLRouter's "No route found" (a ValueError) surfaced here, as daphne's 500
        return await communicator.connect(timeout=HANDSHAKE_SECONDS)
    finally:
        await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
@override_settings(**SITE)
@pytest.mark.parametrize(
    "path",
    [
        "/ws/matches/not-a-uuid/",
        f"/ws/matches/{MATCH_ID}",  # no trailing slash
        f"/ws/matches/{MATCH_ID}/extra/",
        f"/ws/matches/{MATCH_ID}//",
        "/ws/matches/",
        "/ws/nothing/",
        "/ws/",
        "/",
        "/api/matches/",  # an HTTP address is no socket either
        "/ws/matches/%00/",
        "/ws/matches/\u00e9jl\u00e9p\u0151/",
    ],
)
def test_a_malformed_socket_address_is_refused_with_4404(path):
    assert async_to_sync(_handshake)(path) == (False, 4404)


@pytest.mark.django_db(transaction=True)
@override_settings(**SITE)
def test_a_well_formed_address_still_reaches_the_table():
    # the table itself refuses a match that is not there, with the same code
    assert async_to_sync(_handshake)(f"/ws/matches/{MATCH_ID}/") == (False, 4404)
