"""What daphne's HTTP channel refuses before Django (core/server_limits.py) is said in the
visitor's language, and to a browser opening a page as a page.

The 414 (a request line too long), 431 (a header line too long) and 400 (too many
headers, a multipart body Twisted cannot parse, a malformed request line) were English
JSON for everyone; the 413 was already in the visitor's language. The language comes
from the site's cookie, else Accept-Language, as far as the headers were read (those
that came in the same read as a refused line count too).

Personas: a Hungarian visitor (the site's default), an English one (cookie, or an API
client's Accept-Language), a browser opening a page, a script calling the API.
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.utils import translation
from twisted.web import http

from core import server_limits
from tests.core.daphne_channel import channel_fed

LIMIT = settings.LIMITS["REQUEST_BODY_MAX_BYTES"]
URL_LIMIT = settings.LIMITS["URL_MAX_LENGTH"]
LONG_PATH = b"/cards/?q=" + b"a" * 20_000
EN = b"Cookie: sessionid=x; django_language=en\r\n"
BROWSER = b"Accept: text/html,application/xhtml+xml,*/*;q=0.8\r\n"


@pytest.fixture(scope="module", autouse=True)
def installed():
    server_limits.install(max_body_bytes=LIMIT)


class Recorded(http.Request):
    def process(self):
        self.setResponseCode(200)
        self.finish()


def answer(*chunks: bytes) -> tuple[int, dict[bytes, bytes], bytes]:
    """Status, headers and body of what the channel writes back for these bytes."""
    transport = channel_fed(Recorded, *chunks)
    head, _, body = transport.value().partition(b"\r\n\r\n")
    status_line, *lines = head.split(b"\r\n")
    headers = dict(line.split(b": ", 1) for line in lines)
    assert transport.disconnecting
    return int(status_line.split()[1]), headers, body


def message(body: bytes) -> str:
    return json.loads(body)["error"]["message"]


def hungarian(text: str) -> str:
    with translation.override("hu"):
        return translation.gettext(text)


TOO_LONG_EN = f"The address is too long (at most {URL_LIMIT} characters)."
TOO_LONG_HU = f"A cím túl hosszú (legfeljebb {URL_LIMIT} karakter lehet)."
HEADER_EN = "A request header is too long."


# --- 414: the request line ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        (b"", TOO_LONG_HU),  # the site's default
        (EN, TOO_LONG_EN),
        (b"Accept-Language: en-GB,en;q=0.8\r\n", TOO_LONG_EN),
        (b"Cookie: django_language=hu\r\nAccept-Language: en\r\n", TOO_LONG_HU),
    ],
)
def test_an_address_too_long_is_said_in_the_visitors_language(headers, expected):
    status, head, body = answer(b"GET " + LONG_PATH + b" HTTP/1.1\r\nHost: x\r\n" + headers)
    assert status == 414 and message(body) == expected
    assert head[b"Content-Language"] == (b"en" if expected == TOO_LONG_EN else b"hu")
    assert json.loads(body)["error"]["code"] == "uri_too_long"


def test_an_address_too_long_with_no_headers_read_is_in_the_sites_language():
    status, _head, body = answer(b"GET " + LONG_PATH)  # not even the line's end yet
    assert status == 414 and message(body) == TOO_LONG_HU


# --- 431: a header line ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        (b"", b"", hungarian(HEADER_EN)),
        (EN, b"", HEADER_EN),  # read before the long line
        (b"", EN, HEADER_EN),  # in the same read after it
        (b"Accept-Language: en\r\n", b"", HEADER_EN),
    ],
)
def test_a_header_too_long_is_said_in_the_visitors_language(before, after, expected):
    status, _head, body = answer(
        b"GET /api/cards/ HTTP/1.1\r\nHost: x\r\n"
        + before
        + b"X-Long: "
        + b"b" * 20_000
        + b"\r\n"
        + after
        + b"\r\n"
    )
    assert status == 431
    assert json.loads(body)["error"] == {"code": "header_too_long", "message": expected}


# --- 400: what Twisted cannot parse ------------------------------------------------------
def too_many_headers(extra: bytes = b"", path: bytes = b"/api/cards/") -> bytes:
    many = b"".join(b"X-%d: 1\r\n" % n for n in range(600))
    return b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n" + extra + many + b"\r\n"


def multipart_post(kind: bytes, extra: bytes = b"", path: bytes = b"/decks/new/") -> bytes:
    """A multipart form framed by the boundary "b", sent as Content-Type `kind`."""
    body = b'--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'
    return (
        b"POST " + path + b" HTTP/1.1\r\nHost: x\r\n" + extra
        + b"Content-Type: " + kind + b"\r\n"
        + b"Content-Length: %d\r\n\r\n" % len(body)
        + body
    )  # fmt: skip


NO_BOUNDARY = b"multipart/form-data"
ANOTHER_BOUNDARY = b"multipart/form-data; boundary=" + b"c" * 71


@pytest.mark.parametrize(
    "request_bytes",
    [
        too_many_headers(EN),
        multipart_post(NO_BOUNDARY, EN),
        multipart_post(ANOTHER_BOUNDARY, EN),
    ],
    ids=["600-headers", "no-boundary", "another-boundary"],
)
def test_a_request_twisted_cannot_parse_is_said_in_english_to_an_english_visitor(request_bytes):
    status, head, body = answer(request_bytes)
    assert status == 400 and head[b"Content-Type"] == b"application/json"
    assert json.loads(body)["error"] == {"code": "bad_request", "message": "Malformed request."}


@pytest.mark.parametrize(
    "request_bytes",
    [too_many_headers(), multipart_post(NO_BOUNDARY), multipart_post(ANOTHER_BOUNDARY)],
    ids=["600-headers", "no-boundary", "another-boundary"],
)
def test_a_request_twisted_cannot_parse_is_hungarian_by_default(request_bytes):
    status, _head, body = answer(request_bytes)
    assert status == 400 and message(body) == "Hibás kérés."


# --- the door: a page for a browser opening a page, JSON for the API and scripts ----------
@pytest.mark.parametrize(
    ("request_bytes", "status", "words"),
    [
        (b"GET " + LONG_PATH + b" HTTP/1.1\r\nHost: x\r\n" + BROWSER, 414, "A cím túl hosszú"),
        (too_many_headers(BROWSER, path=b"/cards/"), 400, "Hibás kérés."),
        (multipart_post(ANOTHER_BOUNDARY, BROWSER), 400, "Hibás kérés."),
        (
            b"POST /collection/import/ HTTP/1.1\r\nHost: x\r\n"
            + BROWSER
            + b"Content-Length: %d\r\n\r\n" % (LIMIT + 1),
            413,
            "túl nagy",
        ),
    ],
    ids=["414", "400-headers", "400-multipart", "413"],
)
def test_a_browser_opening_a_page_gets_a_page(request_bytes, status, words):
    got, head, body = answer(request_bytes)
    assert got == status and head[b"Content-Type"] == b"text/html; charset=utf-8"
    page = body.decode()
    assert page.startswith("<!doctype html>") and '<html lang="hu">' in page
    assert words in page and "Elutasított kérés" in page and '<a href="/">' in page
    assert int(head[b"Content-Length"]) == len(body)


def test_the_page_is_in_english_for_an_english_visitor():
    _status, head, body = answer(too_many_headers(EN + BROWSER, path=b"/cards/"))
    assert head[b"Content-Language"] == b"en"
    assert "Malformed request." in body.decode() and "Back to the home page" in body.decode()


@pytest.mark.parametrize(
    "request_bytes",
    [
        too_many_headers(BROWSER),  # the API answers JSON to every client
        too_many_headers(BROWSER + b"HX-Request: true\r\n", path=b"/cards/"),  # htmx
        too_many_headers(b"Accept: */*\r\n", path=b"/cards/"),  # a script
        b"GET " + LONG_PATH + b" HTTP/1.1\r\nHost: x\r\n",  # no Accept read
    ],
    ids=["api", "htmx", "script", "no-accept"],
)
def test_anything_else_gets_the_apis_json(request_bytes):
    _status, head, body = answer(request_bytes)
    assert head[b"Content-Type"] == b"application/json"
    assert json.loads(body)["error"]["message"]
