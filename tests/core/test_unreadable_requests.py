"""Requests Django will not read get our 400, the same with DEBUG on or off, and one log line.

A query string or form of more than DATA_UPLOAD_MAX_NUMBER_FIELDS fields, a body over
DATA_UPLOAD_MAX_MEMORY_SIZE, too many files, a multipart body Django's parser refuses, a
Host header ALLOWED_HOSTS does not name: each answers core.views.bad_request's 400 (the
API's JSON error for /api/, a page otherwise) in the visitor's language. With DEBUG on
Django answered its English debug page instead, or a 500 when that page read the query
string again; either way it logged an ERROR with the whole traceback.

Personas: a visitor (or a script) sending what Django refuses, signed in or not, in
Hungarian or English; the operator reading the log.
"""

from __future__ import annotations

import logging

import pytest
from django.conf import settings
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from django.utils import translation

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

FIELDS = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
QUERY = "&".join(f"a={n}" for n in range(FIELDS + 1))
FORM = "&".join(f"f{n}=1" for n in range(FIELDS + 1))
BOUNDARY = "kartyavar"
URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"
HOST_MESSAGE = "This server does not serve a site by that host name."


def multipart(parts: list[tuple[str, str | None, str]]) -> bytes:
    """A whole multipart body of (name, filename or None, content) parts."""
    body = ""
    for name, filename, content in parts:
        disposition = f'form-data; name="{name}"'
        if filename is not None:
            disposition += f'; filename="{filename}"'
        body += f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\n\r\n{content}\r\n"
    return (body + f"--{BOUNDARY}--\r\n").encode()


MANY_FIELDS = multipart([(f"f{n}", None, "1") for n in range(FIELDS + 1)])
MANY_FILES = multipart(
    [(f"f{n}", f"f{n}.txt", "x") for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FILES + 1)]
)
LONG_FILENAME = multipart([("file", "a" * 100_000 + ".csv", "AF001;1")])


@pytest.fixture
def player(client, owner):
    client.login(username=owner.username, password=PASSWORD)
    return owner


def speaking(client: Client, language: str) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def error(response) -> dict:
    assert response["Content-Type"].startswith("application/json"), response.content[:300]
    return response.json()["error"]


def assert_not_debug_page(response) -> None:
    page = response.content.decode("utf-8", "replace")
    assert "Traceback" not in page and "DATA_UPLOAD_MAX" not in page
    assert "You're seeing this error" not in page


def said_in_hungarian(message: str) -> str:
    with translation.override("hu"):
        return translation.gettext(message)


# --- a query string of too many fields -----------------------------------------------------
@pytest.mark.parametrize("path", ["/api/games/", "/api/cards/", "/api/sets/", "/api/matches/"])
def test_a_query_string_of_too_many_fields_is_the_apis_400(client, cards, debug, path):
    response = speaking(client, "en").get(f"{path}?{QUERY}")
    assert response.status_code == 400
    assert error(response) == {
        "code": "too_many_fields",
        "message": f"A form may have at most {FIELDS} fields.",
    }


@pytest.mark.parametrize("path", ["/cards/", "/decks/public/", "/"])
def test_a_query_string_of_too_many_fields_is_a_page_in_hungarian(client, cards, debug, path):
    response = client.get(f"{path}?{QUERY}")
    assert response.status_code == 400
    assert_not_debug_page(response)
    page = response.content.decode()
    assert "Elutasított kérés" in page and f"legfeljebb {FIELDS}" in page


def test_an_htmx_request_of_too_many_fields_gets_the_fragment(client, cards, debug):
    response = client.get(f"/cards/?{QUERY}", HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert_not_debug_page(response)
    assert "<html" not in response.content.decode()


# --- a body Django will not read -----------------------------------------------------------
def test_a_json_body_over_the_limit_is_too_large_in_english(client, player, cards, debug):
    body = b'{"game": "' + b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10) + b'"}'
    response = speaking(client, "en").post(
        "/api/decks/validate/", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert error(response) == {
        "code": "too_large",
        "message": "The request is too large (at most 2.5 MB).",
    }


@pytest.mark.parametrize(
    ("body", "kind", "code"),
    [
        (FORM, URLENCODED, "too_many_fields"),
        (MANY_FIELDS, MULTIPART, "too_many_fields"),
        (MANY_FILES, MULTIPART, "too_many_files"),
    ],
    ids=["url-encoded", "multipart", "files"],
)
@pytest.mark.parametrize("path", ["/api/decks/validate/", "/api/decks/"])
def test_an_api_form_django_will_not_read_is_named(
    client, player, cards, debug, path, body, kind, code
):
    response = client.post(path, body, content_type=kind)
    assert response.status_code == 400
    assert error(response)["code"] == code


@pytest.mark.parametrize(
    ("body", "kind", "words"),
    [
        (FORM, URLENCODED, f"legfeljebb {FIELDS} mezője"),
        (MANY_FIELDS, MULTIPART, f"legfeljebb {FIELDS} mezője"),
        (MANY_FILES, MULTIPART, f"legfeljebb {settings.DATA_UPLOAD_MAX_NUMBER_FILES}"),
    ],
    ids=["url-encoded", "multipart", "files"],
)
@pytest.mark.parametrize("path", ["/decks/new/", "/accounts/login/"])
def test_a_page_form_django_will_not_read_is_refused_before_the_csrf_check(
    cards, debug, path, body, kind, words
):
    """A browser's form passes the CSRF check, which reads the form first (the test client
    skips that check unless asked to)."""
    browser = Client(enforce_csrf_checks=True)
    browser.cookies[settings.CSRF_COOKIE_NAME] = _get_new_csrf_string()
    response = browser.post(path, body, content_type=kind)
    assert response.status_code == 400
    assert_not_debug_page(response)
    assert words in response.content.decode()


def test_a_page_form_of_too_many_fields_in_english(client, player, cards, debug):
    response = speaking(client, "en").post("/decks/new/", FORM, content_type=URLENCODED)
    assert response.status_code == 400
    assert f"A form may have at most {FIELDS} fields." in response.content.decode()


def test_a_multipart_part_django_cannot_read_on_a_page_says_so(client, player, cards, debug):
    response = speaking(client, "en").post("/decks/new/", LONG_FILENAME, content_type=MULTIPART)
    assert response.status_code == 400
    assert_not_debug_page(response)
    assert "The form could not be read" in response.content.decode()


# --- a host this server does not serve -----------------------------------------------------
@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "bad host!"])
def test_a_host_not_served_is_the_apis_400_in_english(client, cards, debug, host):
    response = speaking(client, "en").get("/api/cards/", HTTP_HOST=host)
    assert response.status_code == 400
    assert error(response) == {"code": "bad_request", "message": HOST_MESSAGE}


@pytest.mark.parametrize("path", ["/", "/cards/", "/accounts/login/"])
def test_a_host_not_served_is_a_page_in_hungarian(client, cards, debug, path):
    response = client.get(path, HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert_not_debug_page(response)
    page = response.content.decode()
    assert "Elutasított kérés" in page and said_in_hungarian(HOST_MESSAGE) in page
    assert response["Content-Language"] == "hu"


def test_a_host_not_served_is_refused_for_a_post_too(client, cards, debug):
    response = speaking(client, "en").post(
        "/api/decks/", "{}", content_type="application/json", HTTP_HOST="evil.example"
    )
    assert response.status_code == 400 and error(response)["message"] == HOST_MESSAGE


def test_an_api_client_asking_in_english_is_answered_in_english(client, cards, debug):
    response = client.get("/api/cards/", HTTP_HOST="evil.example", HTTP_ACCEPT_LANGUAGE="en")
    assert error(response)["message"] == HOST_MESSAGE


def test_a_host_not_served_over_plain_http_on_a_server_is_the_same_400(client, cards, settings):
    """On a server (DEBUG off), the HTTPS redirect asks for the host before any middleware of
    ours: Django answers with our handler400, in the visitor's language."""
    settings.DEBUG = False
    settings.SECURE_SSL_REDIRECT = True
    response = speaking(client, "en").get("/api/cards/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert error(response) == {"code": "bad_request", "message": HOST_MESSAGE}


# --- the log: one warning line, no traceback -----------------------------------------------
REFUSED = [
    ("get", f"/api/games/?{QUERY}", None, None, {}, "TooManyFieldsSent"),
    ("get", f"/cards/?{QUERY}", None, None, {}, "TooManyFieldsSent"),
    ("post", "/api/decks/validate/", FORM, URLENCODED, {}, "TooManyFieldsSent"),
    ("post", "/api/decks/", MANY_FILES, MULTIPART, {}, "TooManyFilesSent"),
    ("get", "/cards/", None, None, {"HTTP_HOST": "evil.example"}, "DisallowedHost"),
    ("post", "/decks/new/", LONG_FILENAME, MULTIPART, {}, "MultiPartParserError"),
]


@pytest.mark.parametrize(("method", "path", "body", "kind", "extra", "reason"), REFUSED)
def test_a_refusal_is_one_warning_line_without_traceback(
    client, player, cards, debug, caplog, method, path, body, kind, extra, reason
):
    caplog.set_level(logging.INFO)
    if body is None:
        response = getattr(client, method)(path, **extra)
    else:
        response = getattr(client, method)(path, body, content_type=kind, **extra)
    assert response.status_code == 400
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1, [r.getMessage()[:200] for r in said]
    assert said[0].levelno == logging.WARNING and said[0].exc_info is None
    assert reason in said[0].getMessage() and path.split("?")[0] in said[0].getMessage()
    assert len(said[0].getMessage()) < 500


def test_the_body_over_the_limit_is_one_warning_line_too(client, player, cards, debug, caplog):
    body = b'{"game": "' + b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10) + b'"}'
    client.post("/api/decks/validate/", body, content_type="application/json")
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [(r.levelname, r.exc_info) for r in said] == [("WARNING", None)]
    assert "RequestDataTooBig" in said[0].getMessage()


def test_where_django_answers_itself_it_logs_one_warning_line_too(client, cards, settings, caplog):
    settings.DEBUG = False
    settings.SECURE_SSL_REDIRECT = True
    client.get("/cards/", HTTP_HOST="evil.example")
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert said and all(r.levelno == logging.WARNING and r.exc_info is None for r in said)
    assert any(r.name == "django.security.DisallowedHost" for r in said)


# --- what is readable stays as it was ------------------------------------------------------
def test_a_query_string_within_the_limit_is_read(client, cards, debug):
    query = "&".join(f"a={n}" for n in range(FIELDS - 1)) + "&q=kajtár"
    assert client.get(f"/api/cards/?{query}").status_code == 200


def test_an_allowed_host_is_served(client, cards, debug):
    assert client.get("/api/cards/", HTTP_HOST="localhost").status_code == 200


# --- DRF's own parse errors, in the visitor's language -------------------------------------
FORM_UNREADABLE = (
    "The form could not be read: its multipart data is malformed, or a part's headers "
    "(a file's name, say) are too long."
)
FORM_NOT_UTF8 = (
    "A form is read as UTF-8 text only: send it without a charset, or with charset=utf-8."
)


@pytest.mark.parametrize("path", ["/api/collection/import/", "/api/decks/", "/api/decks/validate/"])
@pytest.mark.parametrize("language", ["en", "hu"])
def test_a_multipart_part_drf_cannot_read_is_said_in_the_visitors_language(
    client, player, cards, debug, path, language
):
    response = speaking(client, language).post(path, LONG_FILENAME, content_type=MULTIPART)
    assert response.status_code == 400
    expected = FORM_UNREADABLE if language == "en" else said_in_hungarian(FORM_UNREADABLE)
    assert error(response) == {"code": "parse_error", "message": expected}


@pytest.mark.parametrize("path", ["/api/decks/", "/api/decks/validate/"])
def test_a_body_in_a_charset_that_is_no_text_encoding_is_said_in_english(
    client, player, cards, path
):
    """Refused at the edge, before DRF's parser, as every form in another charset than
    UTF-8 is (core.middleware: the same words for the pages and the API)."""
    response = speaking(client, "en").generic(
        "POST", path, b"game=alomfogo", content_type=f"{URLENCODED}; charset=base64"
    )
    assert response.status_code == 400
    assert error(response) == {"code": "malformed_body", "message": FORM_NOT_UTF8}
