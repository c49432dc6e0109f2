"""What the ASGI server (daphne, on Twisted) answers before Django sees a request.

Twisted reads the request line and each header line with a 16 KiB limit and,
past it, drops the connection without a word: a visitor with a long link sees
"connection reset", and a load balancer counts a dead server. Here the same
limit answers like an HTTP server should: 414 for a request line too long,
431 for a header line too long. Shorter but still too long addresses reach
Django, whose edge middleware answers 414 with a message in the visitor's
language (core.middleware.RequestEdgeMiddleware). Twisted's other refusals
(a body it cannot parse, too many headers) get a body too.

A request body longer than LIMITS["REQUEST_BODY_MAX_BYTES"] is refused with
413 as soon as its Content-Length says so, or, sent in chunks, as soon as the
bytes received pass it: daphne would otherwise take the whole body in (into
memory and a temporary file) before Django's own limits could look at it, so
one visitor's gigabyte upload would cost a gigabyte of memory.

Every answer here says why in the visitor's language, chosen as far as the headers
were read (the site's language cookie, else Accept-Language; the request line alone
says neither, and then it is the site's default): as the API's JSON error body, or,
to a browser opening a page of the site, as a short page.
"""

from __future__ import annotations

import json
from html import escape


def _answer(status: bytes, code: str, message: str, *, language: str, page: bool) -> bytes:
    """The whole HTTP answer: the API's error body, or for a browser asking for a page,
    a short page with the same message (no template: this runs in the server's loop)."""
    if page:
        from django.utils import translation

        with translation.override(language):
            title = translation.gettext("Request refused")
            home = translation.gettext("Back to the home page")
        text = (
            f'<!doctype html>\n<html lang="{language}"><head><meta charset="utf-8">'
            f"<title>{escape(title)} · Kártyavár</title></head>\n"
            '<body style="font-family: system-ui, sans-serif; max-width: 40rem; '
            'margin: 3rem auto; padding: 0 1rem">\n'
            f"<h1>{escape(title)}</h1>\n<p>{escape(message)}</p>\n"
            f'<p><a href="/">{escape(home)}</a></p>\n</body></html>\n'
        ).encode()
        kind = b"text/html; charset=utf-8"
    else:
        text = json.dumps({"error": {"code": code, "message": message}}).encode()
        kind = b"application/json"
    head = b"HTTP/1.1 " + status + b"\r\nContent-Type: " + kind + b"\r\n"
    head += b"Content-Language: " + language.encode() + b"\r\n"
    return head + b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(text) + text


def _refusals(max_body_bytes: int) -> dict[tuple[str, str, bool], bytes]:
    """Every answer given here, by (code, language, page?), said once at start-up.

    The 414 names the site's own limit on an address (core.middleware answers the
    addresses between it and this server's line limit with the same words).
    """
    from django.conf import settings
    from django.utils import translation

    megabytes = f"{max_body_bytes / 1_000_000:.1f}".rstrip("0").rstrip(".")
    answers = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            said = {
                "uri_too_long": (
                    b"414 URI Too Long",
                    translation.gettext("The address is too long (at most %(n)s characters).")
                    % {"n": settings.LIMITS["URL_MAX_LENGTH"]},
                ),
                "header_too_long": (
                    b"431 Request Header Fields Too Large",
                    translation.gettext("A request header is too long."),
                ),
                "bad_request": (b"400 Bad Request", translation.gettext("Malformed request.")),
                "body_too_large": (
                    b"413 Content Too Large",
                    translation.gettext(
                        "The request is too large for this site (at most %(mb)s MB)."
                    )
                    % {"mb": megabytes if language == "en" else megabytes.replace(".", ",")},
                ),
            }
        for code, (status, message) in said.items():
            for page in (False, True):
                answers[code, language, page] = _answer(
                    status, code, message, language=language, page=page
                )
    return answers


_HEARD = (b"cookie", b"accept-language", b"accept", b"hx-request")


class _Heard:
    """What a refused request said of itself before it was refused: the headers that choose
    the answer's language and door, as far as Twisted read them (`request`), and those
    in the bytes after the refused line that came in the same read (`unread`)."""

    def __init__(self, request=None, unread: bytes = b""):
        self.values: dict[bytes, list[bytes]] = {name: [] for name in _HEARD}
        headers = getattr(request, "requestHeaders", None)
        if headers is not None:
            for name in _HEARD:
                self.values[name].extend(headers.getRawHeaders(name) or ())
        for line in unread.split(b"\n"):
            name, colon, value = line.partition(b":")
            name = name.strip().lower()
            if colon and name in self.values:
                self.values[name].append(value.strip())

    def get(self, name: bytes) -> list[bytes]:
        return self.values[name]


def _language_of(heard: _Heard) -> str | None:
    """The visitor's language as far as the headers tell it: the language cookie the site
    sets, else the first of Accept-Language it speaks; None: the site's default."""
    from django.conf import settings
    from django.utils.translation.trans_real import parse_accept_lang_header

    ours = [code for code, _name in settings.LANGUAGES]
    for cookie in heard.get(b"cookie"):
        for part in cookie.decode("latin-1").split(";"):
            name, _, value = part.strip().partition("=")
            if name == settings.LANGUAGE_COOKIE_NAME and value in ours:
                return value
    for accepted in heard.get(b"accept-language"):
        # Django's own reading (by preference, its length bounded), as LocaleMiddleware's
        for tag, _weight in parse_accept_lang_header(accepted.decode("latin-1")):
            code = tag.split("-")[0].lower()
            if code in ours:
                return code
    return None


def _wants_page(heard: _Heard, path: bytes | None) -> bool:
    """A browser opening a page of the site (not the API, not htmx, Accept naming HTML)
    gets a page; anything else, or a request too little of which was read, the API's JSON,
    which a browser shows legibly too."""
    if not path or not path.startswith(b"/") or path.startswith(b"/api/"):
        return False
    if any(value.strip().lower() == b"true" for value in heard.get(b"hx-request")):
        return False
    return any(b"text/html" in value.lower() for value in heard.get(b"accept"))


def _path_of(channel, request, unread: bytes = b"", *, first_line: bool = False) -> bytes | None:
    """The path the refused request asked for, if it was read."""
    if first_line:  # the refused line is the request line: "GET /path HTTP/1.1"
        words = unread.split(b"\n", 1)[0].split(b" ", 2)
        return words[1] if len(words) > 1 else None
    path = getattr(channel, "_path", None)
    if path is None and request is not None and request.uri.startswith(b"/"):
        path = request.uri  # the body was read: Twisted has parsed the request line
    return path


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

    answers = _refusals(max_body_bytes)

    def refuse(channel, code: str, request, unread: bytes = b"", first_line: bool = False):
        """Write the refusal `code` in the visitor's language and door, then hang up."""
        heard = _Heard(request, unread)
        language = _language_of(heard) or settings.LANGUAGE_CODE
        page = _wants_page(heard, _path_of(channel, request, unread, first_line=first_line))
        channel.transport.write(
            answers.get((code, language, page)) or answers[code, settings.LANGUAGE_CODE, page]
        )
        channel.loseConnection()

    def too_large(channel) -> None:
        channel._kartyavar_refused = True
        refuse(channel, "body_too_large", channel.requests[-1] if channel.requests else None)

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
        # `line` is the refused line and whatever followed it in the same read: the
        # rest of the headers, which may name the visitor's language. Name-mangled flag
        # of HTTPChannel: still reading the request line (so no request of its own yet)?
        first_line = bool(getattr(self, "_HTTPChannel__first_line", True))
        if first_line:
            refuse(self, "uri_too_long", None, line, first_line=True)
        else:
            # Twisted holds the header line before this one back (a next line starting
            # with a space would continue it): it is not among the request's headers yet
            pending = getattr(self, "_HTTPChannel__header", b"") or b""
            request = self.requests[-1] if self.requests else None
            refuse(self, "header_too_long", request, pending + b"\n" + line)

    def bad_request(self):
        # Twisted's own answer to a request it cannot parse (a malformed multipart
        # body, too many headers) is a bare status line. The request in hand is the
        # refused one (its headers as far as they were read), or none yet.
        refuse(self, "bad_request", self.requests[-1] if self.requests else None)

    http.HTTPChannel.lineLengthExceeded = line_length_exceeded
    http.HTTPChannel._respondToBadRequestAndDisconnect = bad_request
    http.HTTPChannel.allHeadersReceived = all_headers_received
    http.HTTPChannel.rawDataReceived = raw_data_received
    http.HTTPChannel._finishRequestBody = finish_request_body
    http.Request.handleContentChunk = handle_content_chunk
    http.HTTPChannel._kartyavar_answers_long_lines = True
