"""What the ASGI server (daphne, on Twisted) answers before Django sees a request.

Twisted reads the request line and each header line with a 16 KiB limit and,
past it, drops the connection without a word: a visitor with a long link sees
"connection reset", and a load balancer counts a dead server. Here the same
limit answers like an HTTP server should: 414 for a request line too long,
431 for a header line too long. Shorter but still too long addresses reach
Django, whose edge middleware answers 414 with a message in the visitor's
language (core.middleware.RequestEdgeMiddleware). Twisted's other refusals
(a body it cannot parse) get a body too.
"""

from __future__ import annotations

import json


def _answer(status: bytes, code: str, message: str) -> bytes:
    # The API's error body: the server cannot tell an API client from a
    # browser before the request is read, and a browser shows JSON legibly.
    text = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = b"HTTP/1.1 " + status + b"\r\nContent-Type: application/json\r\n"
    return head + b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(text) + text


# Keyed by "was it the request line?"
_LONG_LINE = {
    True: _answer(b"414 URI Too Long", "uri_too_long", "The address is too long."),
    False: _answer(
        b"431 Request Header Fields Too Large", "header_too_long", "A request header is too long."
    ),
}
_BAD_REQUEST = _answer(b"400 Bad Request", "bad_request", "Malformed request.")


def install() -> None:
    """Make daphne's HTTP channel answer an over-long line instead of hanging up."""
    try:
        from twisted.web import http
    except ImportError:  # not running under daphne
        return
    if getattr(http.HTTPChannel, "_kartyavar_answers_long_lines", False):
        return

    def line_length_exceeded(self, line):
        # Name-mangled flag of HTTPChannel: still reading the request line?
        first_line = bool(getattr(self, "_HTTPChannel__first_line", True))
        self.transport.write(_LONG_LINE[first_line])
        self.loseConnection()

    def bad_request(self):
        # Twisted's own answer to a request it cannot parse (a malformed
        # multipart body, too many headers) is a bare status line.
        self.transport.write(_BAD_REQUEST)
        self.loseConnection()

    http.HTTPChannel.lineLengthExceeded = line_length_exceeded
    http.HTTPChannel._respondToBadRequestAndDisconnect = bad_request
    http.HTTPChannel._kartyavar_answers_long_lines = True
