"""SITE_URL: the site's own address in mailed links, whatever Host a request names.

Personas: `anna`, who forgot her password; an `attacker` who asks for her
reset link with a forged Host header, hoping the mailed link leads to them.
"""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail
from django.test import Client

from tests.core.test_settings import PRODUCTION, manage
from tests.factories import make_user

SITE = "https://kartyavar.example"
SHOW = "import json; from django.conf import settings; print(json.dumps(settings.SITE_URL))"


@pytest.fixture
def anna(db):
    return make_user("anna", email="anna@example.com", language="en")


def ask_for_a_link(host: str, capture) -> str:
    with capture(execute=True):
        Client().post("/accounts/password/reset/", {"email": "anna@example.com"}, HTTP_HOST=host)
    [message] = mail.outbox
    return message.body


def test_the_reset_link_names_site_url_whatever_the_host(
    anna, settings, django_capture_on_commit_callbacks
):
    settings.ALLOWED_HOSTS = ["*"]
    settings.SITE_URL = SITE
    body = ask_for_a_link("attacker.example", django_capture_on_commit_callbacks)
    link = re.search(r"https?://\S+", body).group(0)
    assert link.startswith(f"{SITE}/accounts/password/reset/")
    assert "attacker.example" not in body
    assert "at kartyavar.example." in body  # the greeting names the site too


def test_without_site_url_the_link_names_the_host_asked(
    anna, settings, django_capture_on_commit_callbacks
):
    settings.ALLOWED_HOSTS = ["kartyavar.example"]
    settings.SITE_URL = ""
    body = ask_for_a_link("kartyavar.example", django_capture_on_commit_callbacks)
    assert "http://kartyavar.example/accounts/password/reset/" in body


# --- Settings -----------------------------------------------------------------


def site_url(**env: str):
    """SITE_URL as the settings read it, or the start-up's refusal."""
    result = manage("shell", "--no-imports", "-c", SHOW, **{"SITE_URL": "", **env})
    if result.returncode != 0:
        return result.stderr.strip().splitlines()[-1]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_unset_is_empty_and_a_site_address_is_kept_without_its_slash():
    assert site_url() == ""
    assert (
        site_url(SITE_URL=" https://Kartyavar.Example:8443/ ") == "https://kartyavar.example:8443"
    )


@pytest.mark.parametrize(
    "value",
    [
        "kartyavar.example",
        "ftp://kartyavar.example",
        "https://",
        "https://kartyavar.example/jatek",
        "https://kartyavar.example?next=/",
        "https://user@kartyavar.example",
        "https://kartya var.example",
        "http://[::1",
    ],
)
def test_anything_but_a_scheme_and_a_host_stops_start_up(value):
    refusal = site_url(SITE_URL=value)
    assert "ImproperlyConfigured: SITE_URL=" in refusal
    assert "e.g. https://kartyavar.example" in refusal


@pytest.mark.parametrize("hosts", ["*", "kartyavar.example,.kartyavar.example"])
def test_a_server_with_wildcard_hosts_must_name_its_site(hosts):
    refusal = site_url(**{**PRODUCTION, "ALLOWED_HOSTS": hosts})
    assert "ImproperlyConfigured: ALLOWED_HOSTS has a wildcard" in refusal
    assert "set SITE_URL" in refusal
    assert site_url(**{**PRODUCTION, "ALLOWED_HOSTS": hosts, "SITE_URL": SITE}) == SITE


def test_exact_hosts_or_a_development_machine_need_no_site_url():
    assert site_url(**PRODUCTION) == ""
    assert site_url(DEBUG="1", ALLOWED_HOSTS="*") == ""
