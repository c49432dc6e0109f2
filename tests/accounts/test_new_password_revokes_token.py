"""A new password closes every other way in: other sessions and the API token.

Personas: `owner`, who changes a leaked password on their laptop while a
`thief` holds a copy of their session (another browser) and their API token;
a staff `boss` for the admin.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "uj-jelszo-a-varhoz-77"


def signed_in(client) -> bool:
    return client.get("/accounts/profile/").status_code == 200


def api_me(token: str) -> int:
    return Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}").status_code


# A token the API no longer knows: sign in again (tests/accounts/test_token_refusals.py).
REFUSED = 401


def change_password(client, old=PASSWORD, url="/accounts/password/"):
    return client.post(
        url, {"old_password": old, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )


@pytest.fixture
def owner(db):
    return make_user("owner", email="owner@example.com", language="en")


@pytest.fixture
def token(owner) -> str:
    key = Token.objects.create(user=owner).key
    assert api_me(key) == 200
    return key


@pytest.fixture
def laptop(owner):
    client = Client()
    client.login(username="owner", password=PASSWORD)
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def thief(owner):
    client = Client()
    client.login(username="owner", password=PASSWORD)
    assert signed_in(client)
    return client


def test_a_password_change_signs_out_other_sessions_and_revokes_the_token(laptop, thief, token):
    response = change_password(laptop)
    assert response["Location"] == "/accounts/password/done/"

    assert api_me(token) == REFUSED
    assert not Token.objects.exists()
    assert not signed_in(thief)
    assert signed_in(laptop)  # this session stays signed in (update_session_auth_hash)

    html = laptop.get(response["Location"]).content.decode()
    assert "Your other devices were signed out." in html
    assert "If you had an API token, it no longer works" in html


def test_the_profile_then_offers_a_new_token_that_works(laptop, token):
    change_password(laptop)
    html = laptop.get("/accounts/profile/").content.decode()
    assert token not in html
    assert "You have no token yet." in html and "Create token" in html

    laptop.post("/accounts/profile/token/")
    assert api_me(Token.objects.get().key) == 200


def test_a_refused_password_change_keeps_the_token(laptop, thief, token):
    assert change_password(laptop, old="not-the-password").status_code == 200
    assert api_me(token) == 200
    assert signed_in(thief)


def test_the_admin_password_change_revokes_the_token_too():
    boss = make_user("boss", is_staff=True, is_superuser=True)
    token = Token.objects.create(user=boss).key
    client = Client()
    client.force_login(boss)
    response = change_password(client, url="/admin/password_change/")
    assert response.status_code == 302
    assert api_me(token) == REFUSED
    assert signed_in(client)


def test_a_password_the_admin_sets_for_a_player_revokes_their_token(owner, token):
    boss = make_user("boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(boss)
    response = client.post(
        f"/admin/accounts/user/{owner.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
    )
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.check_password(NEW_PASSWORD)
    assert api_me(token) == REFUSED


def test_a_reset_from_the_mailed_link_revokes_the_token(
    owner, thief, token, mailoutbox, django_capture_on_commit_callbacks
):
    visitor = Client()
    visitor.cookies["django_language"] = "en"
    with django_capture_on_commit_callbacks(execute=True):
        visitor.post("/accounts/password/reset/", {"email": "owner@example.com"})
    [message] = mailoutbox
    link = re.search(r"https?://\S+", message.body).group(0)
    page = visitor.get(urlsplit(link).path, follow=True)
    response = visitor.post(
        page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert response["Location"] == "/accounts/password/reset/done/"

    assert api_me(token) == REFUSED
    assert not signed_in(thief)
    html = visitor.get(response["Location"]).content.decode()
    assert "If you had an API token, it no longer works" in html


@pytest.mark.parametrize("language", ["hu", "en"])
def test_a_token_login_that_checked_the_old_password_just_before_the_change_gets_no_token(
    laptop, token, monkeypatch, language
):
    """The thief's token login checks the old password; the owner's change (and its revoke)
    lands before the login makes its token: the login is refused as a wrong password is,
    and no token is left to the old password."""
    from django.utils import translation
    from rest_framework.authtoken.serializers import AuthTokenSerializer

    checked = AuthTokenSerializer.validate

    def password_changed_meanwhile(serializer, attrs):
        attrs = checked(serializer, attrs)
        # the laptop's request, in this thread, must not leave its language to the login's
        with translation.override(translation.get_language()):
            assert change_password(laptop).status_code == 302
        return attrs

    monkeypatch.setattr(AuthTokenSerializer, "validate", password_changed_meanwhile)
    response = Client().post(
        "/api/auth/token/",
        {"username": "owner", "password": PASSWORD},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
    assert (
        response.json()["error"]["message"]
        == {
            "hu": "A megadott azonosítókkal nem lehet bejelentkezni.",
            "en": "Unable to log in with provided credentials.",
        }[language]
    )
    assert not Token.objects.exists() and api_me(token) == REFUSED

    monkeypatch.setattr(AuthTokenSerializer, "validate", checked)
    with_new = Client().post("/api/auth/token/", {"username": "owner", "password": NEW_PASSWORD})
    assert api_me(with_new.json()["token"]) == 200  # the new password logs in as ever
