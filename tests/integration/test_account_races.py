"""Writes to one player's row at the same moment, against PostgreSQL: each keeps what it wrote.

Every save of the user row in accounts/ writes only the columns it changed
(`update_fields`). Before, the profile, the password forms and the admin's
change page each saved the whole row as their request had read it: lists
opened in the meantime were hidden again, and a new password changed in the
meantime gave way to the old one after its page had said it was changed.

Such a race is lost only when the other write lands between the read and the
save; `meanwhile` puts it there every time, by running the other request to
its end (in a thread and connection of its own) from a hook inside the first.
Two clicks on "new API token" race without help, so that test runs rounds.

Personas: `owner`, the player, in two browsers; `boss`, a staff member.
"""

from __future__ import annotations

from functools import partial

import pytest
from django.contrib.auth import password_validation
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.admin import AdminChangeUserForm, AdminSetPasswordForm
from accounts.forms import NewPasswordForm, ProfileForm
from accounts.models import User
from collection import trades
from tests.concurrency import aside, run_together
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.integration

NEW_PASSWORD = "uj-jelszo-a-varhoz-77"
NEW_EMAIL = "uj-cim@example.com"
LISTS = "/collection/trades/#trade-lists"  # where the switch sends a player it obeyed
ROUNDS = 5  # a race lost once may be won by chance; each round is a fresh chance to lose it


def meanwhile(monkeypatch, owner, name: str, call) -> list:
    """Make `owner.name` first run `call` to its end, aside, the first time it is called.

    The hooked request has read the user's row by then and not saved it yet. The
    list receives what `call` returned.
    """
    original = getattr(owner, name)
    outcome: list = []

    def hooked(*args, **kwargs):
        if not outcome:
            outcome.append(None)  # once: `call` may come through here itself
            outcome[0] = aside(call)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, hooked)
    return outcome


def browser(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def row(user: User) -> User:
    return User.objects.get(pk=user.pk)


def open_lists(user: User):
    return partial(browser(user).post, "/collection/trades/open/", {"open": "on"})


def change_email(user: User):
    body = {
        "email": NEW_EMAIL,
        "old_password": PASSWORD,
        "language": "hu",
        "back_offset_x_mm": "0",
        "back_offset_y_mm": "0",
    }
    return partial(browser(user).post, "/accounts/profile/", body)


def change_password(user: User, url: str = "/accounts/password/"):
    body = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    return partial(browser(user).post, url, body)


@pytest.fixture
def owner(postgres, transactional_db):
    return make_user("zsofi", email="zsofi@example.com")


@pytest.fixture
def boss(postgres, transactional_db):
    return make_user("fonok", email="fonok@example.com", is_staff=True, is_superuser=True)


def test_lists_opened_during_a_profile_save_stay_open(owner, monkeypatch):
    toggled = meanwhile(monkeypatch, ProfileForm, "clean", open_lists(owner))
    saved = change_email(owner)()
    assert saved.status_code == 302
    assert toggled[0]["Location"] == LISTS
    assert (row(owner).email, row(owner).trades_open) == (NEW_EMAIL, True)


def test_a_password_changed_during_a_profile_save_stays_changed(owner, monkeypatch):
    changed = meanwhile(monkeypatch, ProfileForm, "clean", change_password(owner))
    saved = change_email(owner)()
    assert changed[0].status_code == 302  # "your password was changed"
    assert saved.status_code == 302
    assert row(owner).check_password(NEW_PASSWORD)
    assert row(owner).email == NEW_EMAIL


@pytest.mark.parametrize("page", ["/accounts/password/", "/admin/password_change/"])
def test_an_email_changed_during_a_password_change_stays(owner, boss, page, monkeypatch):
    player = boss if page.startswith("/admin/") else owner
    # The password forms check the new password's strength after reading the row.
    saved = meanwhile(monkeypatch, password_validation, "validate_password", change_email(player))
    changed = change_password(player, page)()
    assert changed.status_code == 302
    assert saved[0].status_code == 302
    assert row(player).check_password(NEW_PASSWORD)
    assert row(player).email == NEW_EMAIL


@pytest.mark.parametrize(
    "form",
    [
        partial(
            NewPasswordForm, data={"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
        ),
        partial(
            AdminSetPasswordForm,
            data={"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
        ),
    ],
    ids=["reset-link", "admin-sets-password"],
)
def test_lists_opened_before_a_new_password_is_saved_stay_open(owner, form):
    stale = row(owner)  # read by the reset page (or the admin's) before the player's switch
    trades.trade_lists_open(user=row(owner), open=True)
    bound = form(stale)
    assert bound.is_valid(), bound.errors
    bound.save()
    assert row(owner).check_password(NEW_PASSWORD)
    assert row(owner).trades_open


def test_the_admin_changing_a_player_keeps_what_the_player_changed_meanwhile(
    owner, boss, monkeypatch
):
    def player_changes_things():
        changed = change_password(owner)()
        return changed.status_code, open_lists(row(owner))()["Location"]  # signed in anew

    player = meanwhile(monkeypatch, AdminChangeUserForm, "clean", player_changes_things)
    body = {
        "username": owner.username,
        "first_name": "Zsófia",
        "last_name": "",
        "email": owner.email,
        "is_active": "on",
        "date_joined_0": owner.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": owner.date_joined.strftime("%H:%M:%S"),
        "language": "en",
    }
    answer = browser(boss).post(f"/admin/accounts/user/{owner.pk}/change/", body)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert player[0] == (302, LISTS)
    changed = row(owner)
    assert (changed.first_name, changed.language) == ("Zsófia", "en")
    assert changed.check_password(NEW_PASSWORD)
    assert changed.trades_open


def test_two_clicks_on_new_api_token_make_one_token(owner):
    old = Token.objects.create(user=owner).key
    clicks = [browser(owner), browser(owner)]
    for _ in range(ROUNDS):
        answers = run_together(*(partial(c.post, "/accounts/profile/token/") for c in clicks))
        assert sorted(getattr(a, "status_code", a) for a in answers) == [302, 302]
        tokens = list(Token.objects.filter(user=owner).values_list("key", flat=True))
        assert len(tokens) == 1 and tokens[0] != old
        old = tokens[0]
