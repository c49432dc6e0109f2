"""A new email address on the profile needs the current password.

The address is where a password reset goes: a `thief` holding only the
`owner`'s session must not be able to point it at their own mailbox. The
check is guarded like the password change: counted per person a minute, and
a wrong password counts towards the login lockout.
"""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.test import Client

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

FAILURES = 5  # settings.LIMITS["LOGIN_FAILURES"] by default
STRANGER = "203.0.113.9"
HOME = "198.51.100.1"
WRONG = "not-the-password"
OLD_ADDRESS = "owner@example.com"
NEW_ADDRESS = "thief@example.net"


@pytest.fixture
def owner(db):
    return make_user("owner", email=OLD_ADDRESS, language="hu")


@pytest.fixture
def thief(owner):
    client = Client(REMOTE_ADDR=STRANGER)
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    return client


def save_profile(client, email=NEW_ADDRESS, password=None, language="en"):
    data = {"email": email, "language": language, "back_offset_x_mm": 0, "back_offset_y_mm": 0}
    if password is not None:
        data["old_password"] = password
    return client.post("/accounts/profile/", data)


def stored(owner) -> tuple[str, str]:
    owner.refresh_from_db()
    return owner.email, owner.language


def field_errors(response) -> list[str]:
    return response.context["form"].errors.get("old_password", [])


def test_the_profile_asks_for_the_password_and_says_when(thief):
    html = thief.get("/accounts/profile/").content.decode()
    assert 'name="old_password"' in html and 'autocomplete="current-password"' in html
    assert "Needed only to change your email address." in html


def test_a_new_address_without_the_password_saves_nothing(thief, owner):
    response = save_profile(thief)
    assert response.status_code == 200
    assert field_errors(response) == ["Type your current password to change your email address."]
    assert stored(owner) == (OLD_ADDRESS, "hu")  # the language was not saved either


def test_a_new_address_with_a_wrong_password_saves_nothing(thief, owner):
    response = save_profile(thief, password=WRONG)
    assert response.status_code == 200
    assert field_errors(response) == ["That is not your current password."]
    assert stored(owner) == (OLD_ADDRESS, "hu")
    assert 'value="not-the-password"' not in response.content.decode()


def test_a_new_address_with_the_password_is_saved(thief, owner):
    response = save_profile(thief, password=PASSWORD)
    assert response["Location"] == "/accounts/profile/"
    assert stored(owner) == (NEW_ADDRESS, "en")


def test_removing_the_address_needs_the_password_too(thief, owner):
    save_profile(thief, email="")
    assert stored(owner) == (OLD_ADDRESS, "hu")


def test_other_settings_save_without_the_password(thief, owner):
    assert save_profile(thief, email=OLD_ADDRESS)["Location"] == "/accounts/profile/"
    assert stored(owner) == (OLD_ADDRESS, "en")
    # a password typed while the address stays is not even checked
    assert save_profile(thief, email=OLD_ADDRESS, password=WRONG, language="hu").status_code == 302
    assert stored(owner) == (OLD_ADDRESS, "hu")


def test_an_account_without_a_usable_password_changes_its_address_freely():
    """Nothing to ask for, and such an account is never sent a reset link."""
    player = make_user("nopass", email=OLD_ADDRESS)
    player.set_unusable_password()
    player.save()
    client = Client()
    client.force_login(player)
    assert 'name="old_password"' not in client.get("/accounts/profile/").content.decode()
    assert save_profile(client)["Location"] == "/accounts/profile/"
    assert stored(player) == (NEW_ADDRESS, "en")


def test_the_api_cannot_change_the_address(thief, owner):
    response = thief.patch("/api/me/", {"email": NEW_ADDRESS}, content_type="application/json")
    assert response.status_code == 405
    assert stored(owner) == (OLD_ADDRESS, "hu")


# --- Limits -------------------------------------------------------------------


def login(password, address):
    return Client().post(
        "/accounts/login/", {"username": "owner", "password": password}, REMOTE_ADDR=address
    )


@pytest.mark.usefixtures("limits_on")
def test_wrong_passwords_lock_the_check_like_logins(thief, owner):
    for _ in range(FAILURES - 1):
        assert save_profile(thief, password=WRONG).status_code == 200
    response = save_profile(thief, password=WRONG)
    assert response.status_code == 429
    assert "Too many wrong passwords." in response.content.decode()

    response = save_profile(thief, password=PASSWORD)  # the right one is not even checked now
    assert response.status_code == 429
    assert stored(owner) == (OLD_ADDRESS, "hu")
    # the same count as the login's: that address cannot log in, the owner from home can
    assert login(PASSWORD, STRANGER).status_code == 429
    assert login(PASSWORD, HOME).status_code == 302
    # settings that need no password still save
    assert save_profile(thief, email=OLD_ADDRESS).status_code == 302


@pytest.mark.usefixtures("limits_on")
def test_a_missing_password_is_no_failure(thief):
    for _ in range(FAILURES + 1):
        assert save_profile(thief).status_code == 200
    assert not AccessAttempt.objects.exists()


@pytest.mark.usefixtures("limits_on")
def test_checks_share_the_password_changes_budget_a_minute(thief, owner, limits_on):
    """Right or wrong, each check hashes the password."""
    limits_on.LIMITS = {**limits_on.LIMITS, "LOGINS_PER_MINUTE": 3}
    mismatched = {"old_password": PASSWORD, "new_password1": "Uj-jelszo-77", "new_password2": "x"}
    assert thief.post("/accounts/password/", mismatched).status_code == 200
    for _ in range(2):
        assert save_profile(thief, email="", password=WRONG + "!").status_code == 200
    AccessAttempt.objects.all().delete()  # the failures' lockout is another test's
    response = save_profile(thief, password=PASSWORD)
    assert response.status_code == 429
    assert "Too many password checks in the last minute." in response.content.decode()
    assert stored(owner) == (OLD_ADDRESS, "hu")
    assert thief.post("/accounts/password/", mismatched).status_code == 429
    # a save that checks no password is not limited
    assert save_profile(thief, email=OLD_ADDRESS).status_code == 302
