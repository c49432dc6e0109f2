"""What the ASGI server (daphne, on Twisted) answers before Django sees a request.

Twisted reads the request line and each header line with a 16 KiB limit and,
past it, drops the connection without a word: a visitor with a long link sees
"connection reset", and a load balancer counts a dead server. Here the same
limit answers like an HTTP server should: 414 for a request line too long,
431 for a header line too long. Shorter but still too long addresses reach
Django, whose edge middleware answers 414 with a message in the visitor's
language (core.middleware.RequestEdgeMiddleware). Twisted's other refusals
(a body it cannot parse) get a body too.

A request body longer than LIMITS["REQUEST_BODY_MAX_BYTES"] is refused with
413 as soon as its Content-Length says so, or, sent in chunks, as soon as the
bytes received pass it: daphne would otherwise take the whole body in (into
memory and a temporary file) before Django's own limits could look at it, so
one visitor's gigabyte upload would cost a gigabyte of memory.
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


def _too_large_answers(max_body_bytes: int) -> dict[str, bytes]:
    """The 413 in each of the site's languages, naming the limit (the page that sent the
    body shows this JSON as it is: a file chosen too large on the import page, say)."""
    from django.conf import settings
    from django.utils import translation

    answers = {}
    megabytes = f"{max_body_bytes / 1_000_000:.1f}".rstrip("0").rstrip(".")
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            message = translation.gettext(
                "The request is too large for this site (at most %(mb)s MB)."
            ) % {"mb": megabytes if language == "en" else megabytes.replace(".", ",")}
        answers[language] = _answer(b"413 Content Too Large", "body_too_large", message)
    return answers


def _language_of(request) -> str | None:
    """The visitor's language as far as the headers tell it: the language cookie the site
    sets, else the first of Accept-Language it speaks; None: the site's default."""
    from django.conf import settings
    from django.utils.translation.trans_real import parse_accept_lang_header

    ours = [code for code, _name in settings.LANGUAGES]
    headers = request.requestHeaders if request is not None else None
    if headers is None:
        return None
    for cookie in headers.getRawHeaders(b"cookie") or ():
        for part in cookie.decode("latin-1").split(";"):
            name, _, value = part.strip().partition("=")
            if name == settings.LANGUAGE_COOKIE_NAME and value in ours:
                return value
    for accepted in headers.getRawHeaders(b"accept-language") or ():
        # Django's own reading (by preference, its length bounded), as LocaleMiddleware's
        for tag, _weight in parse_accept_lang_header(accepted.decode("latin-1")):
            code = tag.split("-")[0].lower()
            if code in ours:
                return code
    return None


def install(max_body_bytes: int) -> None:
    """Make daphne's HTTP channel answer an over-long line instead of hanging up, and refuse a
    body over `max_body_bytes` before reading it."""
    try:
        from twisted.web import http
    except ImportError:  # not running under daphne
        return
    if getattr(http.HTTPChannel, "_kartyavar_answers_long_lines", False):
        return
    headers_done = http.HTTPChannel.allHeadersReceived
    body_done = http.HTTPChannel._finishRequestBody
    raw_data = http.HTTPChannel.rawDataReceived
    content_chunk = http.Request.handleContentChunk

    from django.conf import settings

    answers = _too_large_answers(max_body_bytes)

    def too_large(channel) -> None:
        channel._kartyavar_refused = True
        request = channel.requests[-1] if channel.requests else None
        language = _language_of(request) or settings.LANGUAGE_CODE
        channel.transport.write(answers.get(language) or answers[settings.LANGUAGE_CODE])
        channel.loseConnection()

    def all_headers_received(self):
        if self.length is not None and self.length > max_body_bytes:
            too_large(self)  # by its Content-Length: not a byte of it is read
            return
        headers_done(self)

    def finish_request_body(self, data):
        # The chunk decoder parses on to a body's end within the read that passed the limit:
        # a refused body must not then reach the site, cut short.
        if getattr(self, "_kartyavar_refused", False):
            return
        body_done(self, data)

    def raw_data_received(self, data):
        if getattr(self, "_kartyavar_refused", False):
            return  # what was on its way when the connection was refused
        raw_data(self, data)

    def handle_content_chunk(self, data):
        # The body's bytes as they are decoded: a chunked body says no length before.
        self._kartyavar_body_bytes = getattr(self, "_kartyavar_body_bytes", 0) + len(data)
        channel = self.channel
        if getattr(channel, "_kartyavar_refused", False):
            return
        if self._kartyavar_body_bytes > max_body_bytes and channel is not None:
            too_large(channel)
            return
        content_chunk(self, data)

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
    http.HTTPChannel.allHeadersReceived = all_headers_received
    http.HTTPChannel.rawDataReceived = raw_data_received
    http.HTTPChannel._finishRequestBody = finish_request_body
    http.Request.handleContentChunk = handle_content_chunk
    http.HTTPChannel._kartyavar_answers_long_lines = True
