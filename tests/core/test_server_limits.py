"""What daphne's HTTP channel answers before Django sees a request (core/server_limits.py).

Driven as daphne drives it, one byte stream at a time, on Twisted's own
channel class: a body over LIMITS["REQUEST_BODY_MAX_BYTES"] is refused with
413 before it is read, by its Content-Length or, chunked, as it passes the
limit; a body within it goes through.
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from twisted.web import http

from core import server_limits
from tests.core.daphne_channel import channel_fed

LIMIT = settings.LIMITS["REQUEST_BODY_MAX_BYTES"]


@pytest.fixture(scope="module", autouse=True)
def installed():
    server_limits.install(max_body_bytes=LIMIT)


class Recorded(http.Request):
    """A request that remembers its body instead of handing it to a site."""

    bodies: list[bytes] = []

    def process(self):
        self.content.seek(0)
        Recorded.bodies.append(self.content.read())
        self.setResponseCode(200)
        self.finish()


def answer(*chunks: bytes) -> tuple[bytes, bool]:
    """What the channel writes back for these bytes, and whether it hung up after."""
    transport = channel_fed(Recorded, *chunks)
    return transport.value(), transport.disconnecting


def refusal(written: bytes) -> dict:
    head, _, body = written.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413 "), head
    return json.loads(body)


@pytest.mark.parametrize("length", [LIMIT + 1, 10**9, 10**18])
def test_a_content_length_over_the_limit_is_refused_before_any_of_the_body(length):
    Recorded.bodies.clear()
    written, closed = answer(
        b"POST /decks/import/ HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % length,
        b"a" * 1000,
    )
    assert refusal(written)["error"]["code"] == "body_too_large" and closed
    assert Recorded.bodies == []


def test_a_chunked_body_is_refused_once_it_passes_the_limit():
    Recorded.bodies.clear()
    chunk = b"a" * 65536
    frames = [b"%x\r\n%s\r\n" % (len(chunk), chunk)] * (LIMIT // len(chunk) + 2)
    written, closed = answer(
        b"POST /api/collection/import/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
        *frames,
    )
    assert refusal(written)["error"]["code"] == "body_too_large" and closed
    assert Recorded.bodies == []


def test_a_chunked_body_that_ends_in_the_read_that_passed_the_limit_reaches_no_one():
    Recorded.bodies.clear()
    half = b"c" * (LIMIT // 2 + 1)
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(half), half) for _ in range(2)) + b"0\r\n\r\n"
    written, closed = answer(
        b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks
    )
    assert refusal(written)["error"]["code"] == "body_too_large" and closed
    assert Recorded.bodies == []  # not even the first half, cut short


def test_a_body_within_the_limit_and_the_next_request_go_through():
    Recorded.bodies.clear()
    body = b"b" * (LIMIT // 2)
    request = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body)
    written, closed = answer(request + body + request + body)
    assert written.count(b"HTTP/1.1 200 OK") == 2 and not closed
    assert Recorded.bodies == [body, body]


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        (b"", "túl nagy"),  # the site's default
        (b"Cookie: sessionid=x; django_language=en\r\n", "too large"),
        (b"Cookie: django_language=hu\r\nAccept-Language: en\r\n", "túl nagy"),
        (b"Accept-Language: en-GB,en;q=0.8\r\n", "too large"),
        (b"Accept-Language: de, hu;q=0.5\r\n", "túl nagy"),
        (b"Cookie: django_language=xx\r\n", "túl nagy"),
    ],
)
def test_the_refusal_speaks_the_visitors_language_and_names_the_limit(headers, words):
    """A page that sent a file too large shows this answer as it is: in the visitor's words."""
    written, _closed = answer(
        b"POST /collection/import/ HTTP/1.1\r\nHost: x\r\n%sContent-Length: %d\r\n\r\n"
        % (headers, LIMIT + 1)
    )
    message = refusal(written)["error"]["message"]
    assert words in message and "MB" in message
