"""Refusals from the middleware that answer before any view (the request's edge, the write
rate) carry the security headers every other answer does; and a server is never left
running in debug mode because DEBUG was forgotten.

Personas: a visitor (or script) sending what the edge refuses, over HTTPS in production
and over plain HTTP; a person writing too fast; an operator starting a server.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import make_user
from tests.make_run_site import ROOT, environment_without

pytestmark = pytest.mark.django_db

LONG = "/cards/?q=" + "a" * 9000
BOUNDARY = "kartyavar"
CUT_OFF = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPr'

# (method, address, body, content type) the edge refuses, and its status
REFUSED = [
    ("get", LONG, None, None, 414),
    ("get", "/api/cards/?q=" + "a" * 9000, None, None, 414),
    ("get", "/cards/?q=%00", None, None, 400),
    ("get", "/api/cards/AF%00C/", None, None, 400),
    ("post", "/decks/new/", "name=a%00b", "application/x-www-form-urlencoded", 400),
    ("post", "/decks/new/", CUT_OFF, f"multipart/form-data; boundary={BOUNDARY}", 400),
    ("post", "/decks/new/", b"name=\xff\xfe", "application/x-www-form-urlencoded", 400),
]
IDS = ["414", "414-api", "nul-query", "nul-path-api", "nul-form", "cut-off", "not-utf8"]


def send(client: Client, method, url, body, kind, **extra):
    if body is None:
        return getattr(client, method)(url, **extra)
    return getattr(client, method)(url, body, content_type=kind, **extra)


def assert_security_headers(response) -> None:
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "camera=()" in response["Permissions-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"]
    vary = {v.strip().lower() for v in response["Vary"].split(",")}
    assert {"cookie", "accept-language", "hx-request"} <= vary


@pytest.mark.parametrize(("method", "url", "body", "kind", "status"), REFUSED, ids=IDS)
def test_a_refusal_at_the_edge_carries_the_security_headers(
    client, cards, method, url, body, kind, status
):
    response = send(client, method, url, body, kind)
    assert response.status_code == status
    assert_security_headers(response)
    assert response["Content-Language"] == "hu"


@pytest.mark.parametrize(("method", "url", "body", "kind", "status"), REFUSED, ids=IDS)
def test_in_production_a_refusal_at_the_edge_is_https_only(
    settings, cards, method, url, body, kind, status
):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31536000
    response = send(Client(), method, url, body, kind, secure=True)
    assert response.status_code == status
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")
    assert_security_headers(response)
    if method == "get":  # over plain HTTP the visitor is sent to HTTPS first
        plain = send(Client(), method, url, body, kind)
        assert plain.status_code == 301 and plain["Location"].startswith("https://")


def test_the_write_rates_refusal_carries_the_security_headers(
    client, cards, settings, rates_counted
):
    settings.LIMITS = {**settings.LIMITS, "WRITES_PER_MINUTE": 1}
    client.force_login(make_user("gyors"))
    body = json.dumps({"game": "alomfogo", "name": "P"})
    client.post("/api/decks/", body, content_type="application/json")
    for refused in (
        client.post("/api/decks/", body, content_type="application/json"),
        client.post("/decks/new/", {"game": "alomfogo", "name": "Q"}),
    ):
        assert refused.status_code == 429
        assert_security_headers(refused)


# --- start-up: DEBUG must be said on a server ----------------------------------------------


def start(**env: str) -> subprocess.CompletedProcess:
    """Load the settings in a fresh process with exactly these of the variables that matter."""
    clean = environment_without(
        "DJANGO_SETTINGS_MODULE", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "VAR_DIR"
    )
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE)"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "VAR_DIR": str(settings.VAR_DIR),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


SECRET = "k" * 20 + "-production-secret-that-is-long-enough-0123456789"


@pytest.mark.parametrize(
    "env",
    [
        {"SECRET_KEY": SECRET, "ALLOWED_HOSTS": "kartyavar.example"},
        {"SECRET_KEY": SECRET},
        {"ALLOWED_HOSTS": "kartyavar.example"},
        {"SECRET_KEY": SECRET, "ALLOWED_HOSTS": "kartyavar.example", "DEBUG": " "},
    ],
    ids=["both", "secret-key", "allowed-hosts", "blank-debug"],
)
def test_a_server_without_debug_said_does_not_start(env):
    result = start(**env)
    assert result.returncode != 0, result.stdout
    last = result.stderr.strip().splitlines()[-1]
    assert "ImproperlyConfigured" in last and "set DEBUG=0" in last, last


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "True False False"),  # `make run`: no environment at all
        ({"DEBUG": "1", "ALLOWED_HOSTS": "192.168.1.5"}, "True False False"),
        (
            {"DEBUG": "0", "SECRET_KEY": SECRET, "ALLOWED_HOSTS": "kartyavar.example"},
            "False True True",
        ),
    ],
    ids=["make-run", "debug-said", "production"],
)
def test_a_machine_that_says_what_it_is_starts(env, expected):
    result = start(**env)
    assert result.returncode == 0, result.stderr[-800:]
    assert result.stdout.split() == expected.split()
