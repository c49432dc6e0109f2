"""Which address a request counts against, with and without trusted proxies."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from accounts.client_address import client_ip, scope_client_ip
from tests.core.test_settings import manage


def request_from(remote: str = "10.0.0.1", forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_without_proxies_the_connection_address_counts_whatever_the_headers_say(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request_from("192.0.2.5", "198.51.100.1")) == "192.0.2.5"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (1, "192.0.2.7", "192.0.2.7"),
        (1, "198.51.100.1, 192.0.2.7", "192.0.2.7"),  # the left entry is the client's own claim
        (2, "198.51.100.1, 192.0.2.7, 10.0.0.9", "192.0.2.7"),
        (2, "192.0.2.7", "192.0.2.7"),  # came through one proxy only
        (1, " 2001:db8::1 ", "2001:db8::1"),
    ],
)
def test_behind_proxies_the_entry_the_outermost_one_appended_counts(
    settings, proxies, forwarded, expected
):
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_ip(request_from(forwarded=forwarded)) == expected
    # a websocket (its open sockets are counted per address) reads the same address
    scope = {"client": ("10.0.0.1", 4321), "headers": [(b"x-forwarded-for", forwarded.encode())]}
    assert scope_client_ip(scope) == expected


def test_a_websocket_with_the_header_twice_counts_as_django_joins_them(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    headers = [(b"x-forwarded-for", b"198.51.100.1"), (b"x-forwarded-for", b"192.0.2.7")]
    assert scope_client_ip({"client": ("10.0.0.1", 1), "headers": headers}) == "192.0.2.7"
    settings.TRUSTED_PROXY_COUNT = 0
    assert scope_client_ip({"client": ("10.0.0.1", 1), "headers": headers}) == "10.0.0.1"


@pytest.mark.parametrize("forwarded", [None, "", "unknown", "192.0.2.7:5555"])
def test_a_missing_or_malformed_header_falls_back_to_the_connection(settings, forwarded):
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_ip(request_from("10.0.0.1", forwarded)) == "10.0.0.1"


def test_a_negative_proxy_count_stops_start_up():
    result = manage("check", TRUSTED_PROXY_COUNT="-1")
    assert result.returncode != 0
    assert "TRUSTED_PROXY_COUNT must be 0 or a positive number" in result.stderr
