"""Twisted's HTTP channel driven as daphne drives it, for the tests of core/server_limits.py."""

from __future__ import annotations

from twisted.internet.testing import StringTransport
from twisted.web import http


def channel_fed(request_factory: type[http.Request], *chunks: bytes) -> StringTransport:
    """A channel making `request_factory`'s requests, fed these bytes one read at a time:
    its transport (what it wrote back, whether it hung up)."""
    channel = http.HTTPChannel()
    channel.requestFactory = request_factory
    transport = StringTransport()
    channel.makeConnection(transport)
    for chunk in chunks:
        channel.dataReceived(chunk)
    return transport
