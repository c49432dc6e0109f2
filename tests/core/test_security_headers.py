"""Every page carries the Content-Security-Policy and the Permissions-Policy,
no page needs inline script, and the language cookie is as safe as the others."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.test import override_settings

from tests.core.test_settings import PRODUCTION, manage
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

PAGES = ["/", "/cards/", "/accounts/login/", "/accounts/signup/", "/api/docs/", "/admin/login/"]


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = (part.strip().split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in directives}


@pytest.mark.parametrize("url", PAGES)
def test_every_page_has_a_policy_that_allows_no_inline_or_evaluated_script(client, url):
    response = client.get(url)
    assert response.status_code == 200
    csp = policy(response)
    assert csp["script-src"] == ["'self'"]
    assert csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["form-action"] == ["'self'"]
    assert csp["base-uri"] == ["'self'"]
    assert csp["img-src"] == ["'self'", "data:", "blob:"]


@pytest.mark.parametrize("url", PAGES)
def test_no_page_has_an_inline_script_or_event_handler(client, url):
    html = client.get(url).content.decode()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"<[^>]+\son[a-z]+\s*=", html)
    assert "hx-on" not in html and "javascript:" not in html


def test_the_api_docs_load_their_start_up_script_as_a_file(client):
    html = client.get("/api/docs/").content.decode()
    start = re.search(r'<script src="(/api/docs/\?[^"]*script[^"]*)"', html)
    assert start, html
    script = client.get(start.group(1).replace("&amp;", "&"))
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in script.content.decode()


def test_live_tables_may_open_websockets_to_the_sites_own_hosts(client):
    connect = policy(client.get("/"))["connect-src"]
    assert connect[0] == "'self'"
    assert "ws://localhost:*" in connect and "wss://localhost:*" in connect
    assert not any(source.startswith(("ws://[", "wss://[")) for source in connect)
    assert "ws:" not in connect and "wss:" not in connect  # never any host


def test_htmx_is_told_not_to_eval(client):
    html = client.get("/").content.decode()
    config = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", html).group(1)
    assert json.loads(config)["allowEval"] is False


def test_devices_and_sensors_are_disabled(client):
    header = client.get("/")["Permissions-Policy"]
    features = dict(item.split("=", 1) for item in header.split(", "))
    for feature in ("camera", "microphone", "geolocation", "payment", "usb", "serial"):
        assert features[feature] == "()"
    assert "clipboard-write" not in features  # the table copies replay links


def test_api_answers_carry_the_headers_too(client):
    response = client.get("/api/games/")
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert "camera=()" in response["Permissions-Policy"]


@override_settings(LANGUAGE_COOKIE_SECURE=True)
def test_the_language_switch_sets_a_secure_http_only_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie["secure"] and cookie["httponly"]
    assert cookie["samesite"] == "Lax"


@override_settings(LANGUAGE_COOKIE_SECURE=True)
def test_saving_the_profile_sets_the_language_cookie_the_same_way(client, owner):
    client.login(username="owner", password=PASSWORD)
    response = client.post(
        "/accounts/profile/",
        {"email": "", "language": "en", "back_offset_x_mm": "0", "back_offset_y_mm": "0"},
    )
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "en"
    assert cookie["secure"] and cookie["httponly"]


def test_production_settings_make_the_language_cookie_secure_and_name_the_websocket_hosts():
    code = (
        "from django.conf import settings as s; "
        "print(s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_HTTPONLY); "
        "print(' '.join(s.CONTENT_SECURITY_POLICY['DIRECTIVES']['connect-src']))"
    )
    result = manage("shell", "-c", code, **PRODUCTION)
    assert result.returncode == 0, result.stderr
    flags, connect = result.stdout.strip().splitlines()[-2:]
    assert flags == "True True"
    assert connect.split() == [
        "'self'",
        "ws://kartyavar.example:*",
        "wss://kartyavar.example:*",
        "ws://www.kartyavar.example:*",
        "wss://www.kartyavar.example:*",
    ]


@pytest.mark.django_db
def test_pages_of_a_persons_own_secrets_are_kept_by_no_cache(client, cards):
    """The profile shows the API token; the collection export is a person's whole collection."""
    from tests.factories import make_user

    client.force_login(make_user("titkos"))
    for url in ("/accounts/profile/", "/collection/export.csv"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
