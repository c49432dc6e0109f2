"""The account's language is the truth for a signed-in person, across login and logout.

Each browser is a test client; the language is chosen with the site's own switch.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()
COOKIE = settings.LANGUAGE_COOKIE_NAME


def _switch(client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})


def _log_in(client, username: str):
    response = client.post("/accounts/login/", {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    return response


def _language_of(client, path: str = "/") -> str:
    return client.get(path)["Content-Language"]


def _account(username: str):
    user = User.objects.get(username=username)
    return user.language, user.language_chosen


def test_login_replaces_the_visitors_choice_with_the_accounts(client):
    make_user("ildi", language="hu", language_chosen=True)
    _switch(client, "en")
    response = _log_in(client, "ildi")
    assert response.cookies[COOKIE].value == "hu"
    assert _language_of(client, "/accounts/profile/") == "hu"
    assert _account("ildi") == ("hu", True)


def test_an_account_that_never_chose_takes_the_visitors_choice(client):
    make_user("ede")  # the default Hungarian, never chosen
    _switch(client, "en")
    response = _log_in(client, "ede")
    assert response.cookies[COOKIE].value == "en"
    assert _account("ede") == ("en", True)


def test_the_switch_while_signed_in_is_saved_and_other_devices_follow(client):
    make_user("vera", language="hu", language_chosen=True)
    _log_in(client, "vera")
    _switch(client, "en")
    assert _account("vera") == ("en", True)
    other_device = Client()
    assert _log_in(other_device, "vera").cookies[COOKIE].value == "en"
    assert _language_of(other_device) == "en"


def test_logout_keeps_the_language_and_says_so(client):
    make_user("tom", language="en", language_chosen=True)
    assert _log_in(client, "tom").cookies[COOKIE].value == "en"  # a fresh browser
    response = client.post("/accounts/logout/", follow=True)
    assert response["Content-Language"] == "en"
    assert "You are logged out." in response.content.decode()
    assert client.cookies[COOKIE].value == "en"


def test_logout_keeps_a_language_that_came_from_the_account_alone(client):
    """A browser signed in before logins set the cookie: the account's language stays."""
    user = make_user("old", language="en", language_chosen=True)
    client.force_login(user)
    response = client.post("/accounts/logout/")
    assert response.cookies[COOKIE].value == "en"


def test_saving_the_profile_keeps_the_language_the_site_speaks(client):
    make_user("lili", language="hu", language_chosen=True)
    _switch(client, "en")
    _log_in(client, "lili")
    before = _language_of(client, "/accounts/profile/")
    response = client.post(
        "/accounts/profile/",
        {"email": "", "language": "hu", "back_offset_x_mm": "1.5", "back_offset_y_mm": "0"},
        follow=True,
    )
    assert response["Content-Language"] == before == "hu"


def test_a_language_changed_on_the_profile_is_a_choice(client):
    user = make_user("pali")
    client.force_login(user)
    client.post(
        "/accounts/profile/",
        {"email": "", "language": "en", "back_offset_x_mm": "0", "back_offset_y_mm": "0"},
    )
    assert _account("pali") == ("en", True)


def test_the_admins_login_sets_the_accounts_language(client):
    make_user("boss", language="en", language_chosen=True, is_staff=True)
    response = client.post("/admin/login/?next=/admin/", {"username": "boss", "password": PASSWORD})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "en"


def test_the_token_login_sets_no_language_cookie(client):
    make_user("bot", language="en", language_chosen=True)
    response = client.post("/api/auth/token/", {"username": "bot", "password": PASSWORD})
    assert response.status_code == 200
    assert COOKIE not in response.cookies


@pytest.mark.parametrize("path", ["/accounts/signup/", "/accounts/profile/"])
def test_the_email_help_says_a_forgotten_password_needs_it(client, path):
    user = make_user("kati", language="en", language_chosen=True)
    client.force_login(user)  # the sign-up page shows a signed-in person their profile
    if path.endswith("signup/"):
        client.logout()
    _switch(client, "en")
    assert "a forgotten password cannot be reset" in client.get(path).content.decode()


def test_a_device_already_signed_in_follows_a_choice_made_on_another():
    """A browser signed in before the choice keeps its old cookie: the account wins."""
    make_user("bea", language="hu", language_chosen=True)
    phone, laptop = Client(), Client()
    _log_in(phone, "bea")
    _log_in(laptop, "bea")
    assert _language_of(laptop) == "hu"
    _switch(phone, "en")
    assert _language_of(phone) == "en"
    assert laptop.cookies[COOKIE].value == "hu"  # its cookie still says Hungarian
    assert _language_of(laptop) == "en"


def test_a_language_the_site_does_not_speak_is_refused_in_words(client):
    make_user("rozi", language="hu", language_chosen=True)
    _log_in(client, "rozi")
    for sent in ("xx", "", "de" * 5000):
        answer = client.post("/i18n/setlang/", {"language": sent, "next": "/"})
        assert answer.status_code == 400
        assert "Nincs ilyen nyelv" in answer.content.decode() or "No such language" in (
            answer.content.decode()
        )
    assert _account("rozi") == ("hu", True)
