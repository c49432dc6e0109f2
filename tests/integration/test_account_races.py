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


# --- the token login against itself and against "new API token" ---------------------------
#
# DRF's token login read the token and made one if there was none, outside the lock that
# "new API token" takes: a login making a player's first token while the page made one too
# left the page's insert to meet the login's on the unique user, a 500. Both now take turns
# on the user's row (accounts.services `user_api_token`). Each round starts from the same
# state; a round is a fresh chance to lose the race, so the lost ones are counted.
#
# A login that comes first may be told a token that a "new API token" right after it
# replaces: that is the button's promise (the old token stops working), the same as if the
# two requests had been a second apart. What may never happen is a 500, a second token, or
# a login told a key that no request made or that nothing replaced.

TOKEN_ROUNDS = 30


def token_login(user: User):
    client = Client(raise_request_exception=False)
    body = {"username": user.username, "password": PASSWORD}
    return partial(client.post, "/api/auth/token/", body)


def new_api_token(user: User):
    return partial(browser(user).post, "/accounts/profile/token/")


def told(call, user: User):
    """`call(user)`'s request, to run together with others: (its name, its answer or error)."""
    request = call(user)

    def run():
        try:
            return call.__name__, request()
        except Exception as error:  # noqa: BLE001 - a bug the round reports
            return call.__name__, error

    return run


def made_keys(monkeypatch) -> list[str]:
    """Every token key made from now on, by any thread (each insert draws one)."""
    keys: list[str] = []
    draw = Token.generate_key

    def recorded(cls) -> str:
        keys.append(draw())
        return keys[-1]

    monkeypatch.setattr(Token, "generate_key", classmethod(recorded))
    return keys


def lost_rounds(owner: User, monkeypatch, start_with_token: bool, *calls) -> list[str]:
    """Run `calls` together, TOKEN_ROUNDS times; what went wrong in each round that did."""
    keys = made_keys(monkeypatch)
    lost = []
    for n in range(TOKEN_ROUNDS):
        Token.objects.filter(user=owner).delete()
        if start_with_token:
            Token.objects.create(user=owner)
        keys[:] = keys[-1:] if start_with_token else []
        answers = run_together(*(told(call, owner) for call in calls))
        tokens = list(Token.objects.filter(user=owner).values_list("key", flat=True))
        # the keys of this round that a "new API token" replaced: those no longer kept
        replaced = set(keys) - set(tokens) if new_api_token in calls else set()
        wrong = [] if len(tokens) == 1 else [f"{len(tokens)} tokens"]
        for name, answer in answers:
            status = getattr(answer, "status_code", None)
            if status is None or status >= 500:
                wrong.append(f"{name}: {answer!r}")
            elif name == "new_api_token" and status != 302:
                wrong.append(f"{name}: status {status}")
            elif name == "token_login" and status == 200:
                key = answer.json()["token"]
                if key not in tokens and key not in replaced:
                    wrong.append(f"{name} was told {key[:8]}…, which no request keeps or replaced")
            elif name == "token_login" and not 400 <= status < 500:
                wrong.append(f"{name}: status {status}")
        if wrong:
            lost.append(f"round {n}: {'; '.join(wrong)}")
    return lost


@pytest.mark.parametrize("start_with_token", [False, True], ids=["no-token", "a-token"])
def test_two_token_logins_at_once_are_told_the_one_token(owner, monkeypatch, start_with_token):
    lost = lost_rounds(owner, monkeypatch, start_with_token, token_login, token_login)
    assert not lost, f"{len(lost)} of {TOKEN_ROUNDS} rounds lost:\n" + "\n".join(lost)


@pytest.mark.parametrize("start_with_token", [False, True], ids=["no-token", "a-token"])
def test_a_token_login_during_new_api_token_leaves_one_token_and_no_500(
    owner, monkeypatch, start_with_token
):
    lost = lost_rounds(owner, monkeypatch, start_with_token, token_login, new_api_token)
    assert not lost, f"{len(lost)} of {TOKEN_ROUNDS} rounds lost:\n" + "\n".join(lost)
