"""The live table's socket opens only from this site's own pages: scheme, host and port."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from config.routing import SameOriginValidator
from tests.concurrency import HANDSHAKE_SECONDS

SITE = {"ALLOWED_HOSTS": ["127.0.0.1", "kartyavar.hu", "app.kartyavar.hu"]}


def scope(origin: str | None, host: str = "127.0.0.1:8000", scheme: str = "ws", **extra) -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    headers += [(name.encode(), value.encode()) for name, value in extra.items()]
    return {"type": "websocket", "scheme": scheme, "headers": headers, "path": "/ws/"}


@override_settings(**SITE, CSRF_TRUSTED_ORIGINS=[])
@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("http://127.0.0.1:8000", True),
        ("HTTP://127.0.0.1:8000", True),
        ("https://127.0.0.1:9999", False),  # what channels' AllowedHostsOriginValidator let in
        ("https://127.0.0.1:8000", False),  # another scheme
        ("http://127.0.0.1:9999", False),  # another port
        ("http://127.0.0.1", False),  # the default port is another port
        ("http://kartyavar.hu:8000", False),  # an allowed host, but not this request's
        ("http://evil.example:8000", False),
        ("http://127.0.0.1:8000.evil.example", False),
        ("null", False),  # sandboxed frames and file:// pages
        ("", False),
        (None, False),  # every browser sends an Origin with a websocket
    ],
)
def test_origin_must_be_the_requests_own(origin, allowed):
    assert SameOriginValidator.allowed(scope(origin)) is allowed


@override_settings(**SITE, CSRF_TRUSTED_ORIGINS=[])
def test_the_host_must_be_allowed_and_the_scheme_follows_the_connection():
    # a Host the site does not serve never vouches for itself
    assert not SameOriginValidator.allowed(scope("http://evil.example", host="evil.example"))
    assert SameOriginValidator.allowed(scope("https://kartyavar.hu", "kartyavar.hu", "wss"))
    assert not SameOriginValidator.allowed(scope("http://kartyavar.hu", "kartyavar.hu", "wss"))
    assert not SameOriginValidator.allowed(scope("https://kartyavar.hu", "kartyavar.hu", "ws"))


@override_settings(
    **SITE, CSRF_TRUSTED_ORIGINS=[], SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https")
)
def test_behind_a_tls_proxy_the_forwarded_scheme_counts():
    proxied = {"x-forwarded-proto": "https"}
    assert SameOriginValidator.allowed(scope("https://kartyavar.hu", "kartyavar.hu", **proxied))
    assert not SameOriginValidator.allowed(scope("http://kartyavar.hu", "kartyavar.hu", **proxied))
    plain = {"x-forwarded-proto": "http"}
    assert not SameOriginValidator.allowed(scope("https://kartyavar.hu", "kartyavar.hu", **plain))


@override_settings(
    **SITE, CSRF_TRUSTED_ORIGINS=["https://app.kartyavar.hu", "https://*.example.org"]
)
@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("https://app.kartyavar.hu", True),
        ("http://app.kartyavar.hu", False),
        ("https://app.kartyavar.hu:8443", False),
        ("https://a.example.org", True),
        ("https://example.org", True),
        ("https://a.example.org:444", False),
        ("http://a.example.org", False),
        ("https://a.example.org.evil", False),
    ],
)
def test_csrf_trusted_origins_are_trusted_exactly(origin, allowed):
    assert SameOriginValidator.allowed(scope(origin, "kartyavar.hu", "wss")) is allowed


@pytest.mark.django_db(transaction=True)
@override_settings(**SITE, CSRF_TRUSTED_ORIGINS=[])
def test_the_site_application_refuses_a_foreign_origin_before_the_table():
    from config.asgi import application

    async def opens(origin: str) -> bool:
        communicator = WebsocketCommunicator(
            application,
            "/ws/matches/00000000-0000-0000-0000-000000000000/",
            headers=[(b"host", b"127.0.0.1:8000"), (b"origin", origin.encode())],
        )
        connected, code = await communicator.connect(timeout=HANDSHAKE_SECONDS)
        await communicator.disconnect()
        return connected, code

    # same origin: through to the consumer, which closes with 4404 (no such match)
    assert async_to_sync(opens)("http://127.0.0.1:8000") == (False, 4404)
    # another origin: refused before the consumer runs (a plain close, no 4404)
    connected, code = async_to_sync(opens)("https://127.0.0.1:9999")
    assert not connected and code != 4404
