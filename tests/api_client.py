"""Django's test client as the API tests use it: signed in, JSON in, English answers."""

from __future__ import annotations

from tests.factories import PASSWORD


def login(client, user) -> None:
    assert client.login(username=user.username, password=PASSWORD)


def send(client, method: str, url: str, body: dict | None = None):
    """`method` ("get", "post", …) with `body` as JSON, asking for English messages."""
    return getattr(client, method)(
        url, body or {}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )
