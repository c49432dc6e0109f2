"""A page's messages (django.contrib.messages) are said as their level asks: an error at once
(role=alert), the rest politely, from the status region every page keeps (#page-status,
which htmx answers also speak through, in its #page-said)."""

from __future__ import annotations

import re

import pytest

from tests.factories import make_user

pytestmark = pytest.mark.django_db


def regions(html: str) -> tuple[str, list[str]]:
    """The lasting status region's markup, and the messages said as alerts."""
    status = re.search(r'<div id="page-status" role="status">(.*?)</div>', html, re.S)
    assert status, "no lasting status region"
    alerts = re.findall(r'<p class="message error" role="alert">(.*?)</p>', html, re.S)
    return status.group(1), alerts


def test_an_error_is_an_alert_and_a_success_is_said_politely(client, catalog_data):
    client.force_login(make_user("zsofi", language="en"))
    # one copy fewer than none, without JavaScript: refused, said on the page it returns to
    page = client.post("/collection/cards/", {"code": "AF1-002", "delta": -1}, follow=True)
    status, alerts = regions(page.content.decode())
    assert len(alerts) == 1 and '<li class="message' not in status
    assert 'id="page-said"' in status

    page = client.post("/collection/trades/open/", {"open": "1"}, follow=True)
    status, alerts = regions(page.content.decode())
    assert alerts == []
    assert "Other players can now find your lists" in status


def test_every_page_keeps_the_region_empty_and_hidden(client):
    status, alerts = regions(client.get("/").content.decode())
    assert alerts == [] and 'class="messages"' not in status
    assert '<p id="page-said" class="visually-hidden"></p>' in status
