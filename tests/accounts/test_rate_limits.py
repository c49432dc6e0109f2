"""Brute force: the login lockout on every login path, and the sign-up limit.

Personas: `owner` (whose password is guessed), a staff `boss` for the admin,
and addresses that stand for different clients (REMOTE_ADDR).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("limits_on")]
User = get_user_model()

FAILURES = 5  # settings.LIMITS["LOGIN_FAILURES"] by default
ELSEWHERE = "198.51.100.20"
WRONG = "not-the-password"


def form_login(client, username="owner", password=WRONG, **extra):
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def api_login(client, username="owner", password=WRONG, **extra):
    return client.post(
        "/api/auth/token/",
        {"username": username, "password": password},
        content_type="application/json",
        **extra,
    )


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


# --- The login form ---------------------------------------------------------


def test_the_form_refuses_even_the_right_password_after_too_many_failures(client, owner):
    for _ in range(FAILURES - 1):
        response = form_login(client)
        assert response.status_code == 200  # the form again, with its error
    response = form_login(client)
    assert response.status_code == 429
    html = response.content.decode()
    assert "15\xa0perc" in html  # the wait, in the visitor's language (Hungarian)
    assert response["Retry-After"] == "900"
    assert '<html lang="hu">' in html  # our own page, not a bare message

    response = form_login(client, password=PASSWORD)
    assert response.status_code == 429
    assert not signed_in(client)


def test_the_lockout_speaks_english_to_an_english_visitor(client, owner):
    client.cookies["django_language"] = "en"
    for _ in range(FAILURES):
        response = form_login(client)
    assert response.status_code == 429
    assert "Too many failed login attempts. Try again in 15\xa0minutes." in (
        response.content.decode()
    )


def test_an_address_that_guessed_many_names_is_locked_out_for_every_name(client, owner):
    for index in range(FAILURES):
        form_login(client, username=f"guess{index}")
    assert form_login(client, password=PASSWORD).status_code == 429
    # The owner, from their own address, is not affected.
    response = form_login(Client(), password=PASSWORD, REMOTE_ADDR=ELSEWHERE)
    assert response.status_code == 302


def test_the_lockout_ends_after_the_cool_off(client, owner):
    for _ in range(FAILURES):
        form_login(client)
    assert form_login(client, password=PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    response = form_login(client, password=PASSWORD)
    assert response.status_code == 302
    assert signed_in(client)


def test_a_successful_login_clears_the_failures(client, owner):
    for _ in range(FAILURES - 1):
        form_login(client)
    assert form_login(client, password=PASSWORD).status_code == 302
    client.post("/accounts/logout/")
    for _ in range(FAILURES - 1):
        assert form_login(client).status_code == 200
    assert form_login(client, password=PASSWORD).status_code == 302


def test_the_numbers_come_from_settings_limits(client, owner, limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "LOGIN_FAILURES": 2, "LOGIN_COOLOFF_MINUTES": 60}
    client.cookies["django_language"] = "en"
    assert form_login(client).status_code == 200
    response = form_login(client)
    assert response.status_code == 429
    assert "Try again in 1\xa0hour." in response.content.decode()


def test_the_form_is_locked_out_through_the_asgi_stack_too(async_client, owner):
    # Under daphne the middleware runs its async branch.
    post = async_to_sync(async_client.post)
    for _ in range(FAILURES):
        response = post("/accounts/login/", {"username": "owner", "password": WRONG})
    assert response.status_code == 429
    response = post("/accounts/login/", {"username": "owner", "password": PASSWORD})
    assert response.status_code == 429
    assert "15\xa0perc" in response.content.decode()


# --- The token API ----------------------------------------------------------


def test_the_token_api_refuses_even_the_right_password_after_too_many_failures(client, owner):
    for _ in range(FAILURES - 1):
        assert api_login(client).status_code == 400
    response = api_login(client, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 429
    assert response.json() == {
        "error": {
            "code": "locked_out",
            "message": "Too many failed login attempts. Try again in 15\xa0minutes.",
        }
    }
    assert response["Retry-After"] == "900"
    response = api_login(client, password=PASSWORD)
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "locked_out"
    assert "15\xa0perc" in response.json()["error"]["message"]
    assert not Token.objects.filter(user=owner).exists()


def test_failures_on_the_form_lock_the_api_too(client, owner):
    for _ in range(FAILURES):
        form_login(client)
    assert api_login(client, password=PASSWORD).status_code == 429


def test_the_token_api_still_works_for_others(client, owner):
    for _ in range(FAILURES):
        api_login(client)
    stranger = make_user("stranger")
    response = api_login(Client(), username="stranger", password=PASSWORD, REMOTE_ADDR=ELSEWHERE)
    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=stranger).key


# --- The admin ----------------------------------------------------------------


def admin_login(client, password):
    return client.post("/admin/login/?next=/admin/", {"username": "boss", "password": password})


def test_the_admin_login_is_locked_out_too(client):
    make_user("boss", is_staff=True, is_superuser=True)
    for _ in range(FAILURES - 1):
        assert admin_login(client, WRONG).status_code == 200
    assert admin_login(client, WRONG).status_code == 429
    response = admin_login(client, PASSWORD)
    assert response.status_code == 429
    assert not signed_in(client)
    assert client.get("/admin/").status_code == 302  # still sent to the login


# --- Sign-up ------------------------------------------------------------------


def sign_up(client, username, **extra):
    return client.post(
        "/accounts/signup/",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
        **extra,
    )


def test_sign_ups_from_one_address_are_limited_per_hour(limits_on):
    allowed = limits_on.LIMITS["SIGNUPS_PER_HOUR"]
    for index in range(allowed):
        assert sign_up(Client(), f"player{index}").status_code == 302
    response = sign_up(Client(), "one-too-many")
    assert response.status_code == 429
    assert not User.objects.filter(username="one-too-many").exists()
    # Another address has its own allowance.
    assert sign_up(Client(), "elsewhere", REMOTE_ADDR=ELSEWHERE).status_code == 302


def test_the_limited_sign_up_says_why_in_english(limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "SIGNUPS_PER_HOUR": 1}
    sign_up(Client(), "first")
    client = Client()
    client.cookies["django_language"] = "en"
    response = sign_up(client, "second")
    assert response.status_code == 429
    assert "Too many sign-ups from your address in the last hour." in response.content.decode()


def test_looking_at_the_sign_up_form_does_not_count(client, limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "SIGNUPS_PER_HOUR": 1}
    for _ in range(10):
        assert client.get("/accounts/signup/").status_code == 200
    assert sign_up(client, "looker").status_code == 302


def test_a_refused_form_counts_too(limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "SIGNUPS_PER_HOUR": 2}
    client = Client()
    client.post("/accounts/signup/", {"username": "typo", "password1": "a", "password2": "b"})
    assert sign_up(client, "second").status_code == 302
    assert sign_up(Client(), "third").status_code == 429


# --- Which address counts ---------------------------------------------------------


def test_a_forged_forwarded_for_is_ignored_without_trusted_proxies(limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "SIGNUPS_PER_HOUR": 1}
    assert sign_up(Client(), "first", HTTP_X_FORWARDED_FOR="192.0.2.1").status_code == 302
    response = sign_up(Client(), "second", HTTP_X_FORWARDED_FOR="192.0.2.2")
    assert response.status_code == 429


def test_behind_a_trusted_proxy_each_client_behind_it_counts_alone(limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "SIGNUPS_PER_HOUR": 1}
    limits_on.TRUSTED_PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    assert sign_up(Client(), "anna", HTTP_X_FORWARDED_FOR="192.0.2.1", **proxy).status_code == 302
    assert sign_up(Client(), "bela", HTTP_X_FORWARDED_FOR="192.0.2.2", **proxy).status_code == 302
    # A client cannot escape by writing its own entry: the proxy appends the real one.
    forged = "198.51.100.99, 192.0.2.1"
    assert sign_up(Client(), "anna2", HTTP_X_FORWARDED_FOR=forged, **proxy).status_code == 429


def test_behind_a_trusted_proxy_the_lockout_counts_the_client_address(client, owner, limits_on):
    limits_on.TRUSTED_PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    for index in range(FAILURES):
        form_login(client, username=f"guess{index}", HTTP_X_FORWARDED_FOR="192.0.2.1", **proxy)
    assert AccessAttempt.objects.filter(ip_address="192.0.2.1").count() == FAILURES
    assert (
        form_login(client, username="x", HTTP_X_FORWARDED_FOR="192.0.2.1", **proxy).status_code
        == 429
    )
    # Another client behind the same proxy logs in.
    response = form_login(Client(), password=PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.2", **proxy)
    assert response.status_code == 302


def test_logins_with_the_right_password_are_limited_per_address_across_both_doors(owner, limits_on):
    """Each login hashes a password (a third of a second of CPU) and axes counts only the
    wrong ones: all logins from an address, right or wrong, form and API, share a budget."""
    limits_on.LIMITS = {**limits_on.LIMITS, "LOGINS_PER_MINUTE": 4}
    for door in (form_login, api_login, form_login, api_login):
        assert door(Client(), password=PASSWORD).status_code in (200, 302)
    form, api = form_login(Client(), password=PASSWORD), api_login(Client(), password=PASSWORD)
    assert form.status_code == api.status_code == 429
    assert api.json()["error"]["code"] == "too_many_logins"
    assert "Túl sok bejelentkezés érkezett a címedről" in form.content.decode()
    # another address has its own budget, and nobody was locked out by it
    assert form_login(Client(), password=PASSWORD, REMOTE_ADDR=ELSEWHERE).status_code == 302
