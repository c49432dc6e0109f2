"""The login lockout as an attacker meets it, and every door that checks a password.

Personas: `owner`, whose password a stranger guesses from the address
STRANGER while the owner signs in from HOME; a staff `boss` for the admin.
Time passes by moving the recorded failures back, as the lockout reads them.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.utils import timezone

from accounts import client_address
from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("limits_on")]

FAILURES = 5  # settings.LIMITS["LOGIN_FAILURES"] by default
STRANGER = "203.0.113.9"
HOME = "198.51.100.1"
WRONG = "not-the-password"
NEW_PASSWORD = "Uj-hosszu-jelszo-77"


def form_login(client, username="owner", password=WRONG, address=STRANGER, **extra):
    return client.post(
        "/accounts/login/",
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        **extra,
    )


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def minutes_pass(minutes: int) -> None:
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=minutes))
    cache.clear()  # the logins-a-minute count: a minute has passed too


# --- A stranger cannot lock a player out ----------------------------------------


def test_a_stranger_guessing_a_name_does_not_lock_its_owner_out_elsewhere(owner):
    stranger = Client()
    for _ in range(FAILURES):
        response = form_login(stranger)
    assert response.status_code == 429
    assert form_login(stranger, password=PASSWORD).status_code == 429  # the stranger's address is

    # ...and stays so while it keeps trying, every 14 minutes for two hours,
    for _ in range(8):
        minutes_pass(14)
        form_login(stranger)
    # but the owner, from home, is never refused.
    home = Client()
    response = form_login(home, password=PASSWORD, address=HOME)
    assert response.status_code == 302
    assert signed_in(home)


def test_a_refused_attempt_during_a_lockout_does_not_restart_it(owner):
    client = Client()
    client.cookies["django_language"] = "en"
    for _ in range(FAILURES):
        form_login(client)
    minutes_pass(10)
    before = list(AccessAttempt.objects.values_list("attempt_time", "failures_since_start"))
    response = form_login(client)
    assert response.status_code == 429
    assert list(AccessAttempt.objects.values_list("attempt_time", "failures_since_start")) == before
    # the wait the answer names is what is left of the first one
    assert "Too many failed login attempts. Try again in 5\xa0minutes." in response.content.decode()
    assert 240 < int(response["Retry-After"]) <= 300

    minutes_pass(16)  # a cool-off after the failure that locked, whatever came after
    response = form_login(client, password=PASSWORD)
    assert response.status_code == 302
    assert signed_in(client)


def test_one_name_guessed_from_many_addresses_locks_each_address_not_the_name(owner):
    """Guessing one name is bounded per address: LOGIN_FAILURES a cool-off each."""
    addresses = [f"203.0.113.{index}" for index in range(1, 6)]
    for address in addresses:
        for _ in range(FAILURES):
            form_login(Client(), address=address)
    for address in addresses:
        assert form_login(Client(), password=PASSWORD, address=address).status_code == 429
    assert form_login(Client(), password=PASSWORD, address=HOME).status_code == 302


def test_an_ipv6_network_counts_as_one_address(owner):
    """A /64 is one household's or one server's: its 2**64 addresses are not fresh guessers."""
    for index in range(1, FAILURES + 1):
        form_login(Client(), address=f"2001:db8:0:1::{index}")
    assert form_login(Client(), password=PASSWORD, address="2001:db8:0:1::99").status_code == 429
    assert form_login(Client(), password=PASSWORD, address="2001:db8:0:2::1").status_code == 302


def test_the_address_counted_is_the_ipv4_one_behind_a_mapped_ipv6_address():
    request = RequestFactory().get("/", REMOTE_ADDR="::ffff:192.0.2.1")
    assert client_address.client_ip(request) == "192.0.2.1"
    assert client_address.lockout_address(request) == "192.0.2.1"
    ipv6 = RequestFactory().get("/", REMOTE_ADDR="2001:db8::7")
    assert client_address.lockout_address(ipv6) == "2001:db8::"


# --- What a failure leaves behind ---------------------------------------------------


def test_failed_logins_keep_counts_not_what_was_sent(owner, limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "LOGIN_FAILURES": 1000}
    client = Client()
    for index in range(200):
        if index % 19 == 0:
            cache.clear()  # a minute passes: the logins-a-minute limit is not what is tested
        client.post(
            "/accounts/login/?q=" + "y" * 1000,
            {"username": "owner", "password": WRONG, "pad": "x" * 2000},
            REMOTE_ADDR=STRANGER,
        )
    attempt = AccessAttempt.objects.get()
    assert attempt.failures_since_start == 200
    assert (attempt.get_data, attempt.post_data) == ("", "")


def test_an_address_leaves_a_few_rows_however_many_names_and_browsers_it_tries(owner):
    for index in range(40):
        if index % 19 == 0:
            cache.clear()
        form_login(Client(), username=f"guess{index}", HTTP_USER_AGENT=f"browser {index}")
    assert AccessAttempt.objects.count() == FAILURES


def test_a_name_is_counted_no_longer_than_a_name_can_be(owner):
    response = Client().post(
        "/api/auth/token/",
        {"username": "n" * 5000, "password": WRONG},
        content_type="application/json",
        REMOTE_ADDR=STRANGER,
    )
    assert response.status_code == 400
    assert len(AccessAttempt.objects.get().username) == 150


# --- The admin's login ----------------------------------------------------------------


def test_the_admin_login_shares_the_logins_a_minute_of_an_address(owner, limits_on):
    """A right password for an account that is not staff fails no login, but costs a hash."""
    limits_on.LIMITS = {**limits_on.LIMITS, "LOGINS_PER_MINUTE": 4}
    client = Client()
    for _ in range(3):
        response = client.post(
            "/admin/login/", {"username": "owner", "password": PASSWORD}, REMOTE_ADDR=STRANGER
        )
        assert response.status_code == 200
    assert form_login(Client(), password=PASSWORD).status_code == 302
    response = client.post(
        "/admin/login/", {"username": "owner", "password": PASSWORD}, REMOTE_ADDR=STRANGER
    )
    assert response.status_code == 429
    assert "Túl sok bejelentkezés érkezett a címedről" in response.content.decode()


def test_the_admin_login_keeps_its_name_and_lets_staff_in():
    make_user("boss", is_staff=True, is_superuser=True)
    client = Client()
    response = client.post("/admin/login/?next=/admin/", {"username": "boss", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200


# --- The password change ---------------------------------------------------------------


def change_password(client, old, url="/accounts/password/"):
    return client.post(
        url,
        {"old_password": old, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        REMOTE_ADDR=STRANGER,
    )


def test_wrong_current_passwords_lock_the_password_change_like_logins(owner):
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    for _ in range(FAILURES - 1):
        assert change_password(client, WRONG).status_code == 200
    response = change_password(client, WRONG)
    assert response.status_code == 429
    assert "Too many wrong passwords. Try again in 15\xa0minutes." in response.content.decode()
    assert response["Retry-After"] == "900"

    response = change_password(client, PASSWORD)  # the right one is not even checked now
    assert response.status_code == 429
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)
    # the same counts: that address cannot log in either, the owner from home can
    assert form_login(Client(), password=PASSWORD).status_code == 429
    assert form_login(Client(), password=PASSWORD, address=HOME).status_code == 302

    minutes_pass(16)
    response = change_password(client, PASSWORD)
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.check_password(NEW_PASSWORD)


def test_the_password_change_is_limited_per_person_a_minute(owner, limits_on):
    """Right or wrong, each POST hashes the current password."""
    limits_on.LIMITS = {**limits_on.LIMITS, "LOGINS_PER_MINUTE": 3}
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    mismatched = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": "x"}
    for _ in range(3):
        assert client.post("/accounts/password/", mismatched).status_code == 200
    response = client.post("/accounts/password/", mismatched)
    assert response.status_code == 429
    assert "Too many password changes in the last minute." in response.content.decode()
    assert not AccessAttempt.objects.exists()  # a right current password is no failure
    assert client.get("/accounts/password/").status_code == 200  # looking costs nothing


def test_the_admin_password_change_is_guarded_the_same_way():
    boss = make_user("boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(boss)
    url = "/admin/password_change/"
    for _ in range(FAILURES - 1):
        assert change_password(client, WRONG, url=url).status_code == 200
    assert change_password(client, WRONG, url=url).status_code == 429
    assert change_password(client, PASSWORD, url=url).status_code == 429
    # a signed-in player who is not staff is still sent to the admin's login
    player = Client()
    player.force_login(make_user("player"))
    response = player.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


# --- A signed-in visitor sent back to the login page ----------------------------------


@pytest.mark.parametrize(
    "next_url",
    [
        "/accounts/login/",
        "/accounts/login/?x=1",
        "/accounts/login/#a",
        "/accounts/login/?next=/accounts/login/",
        "/accounts/%6Cogin/",
        "http://testserver/accounts/login/",
        "//testserver/accounts/login/",
    ],
)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_signed_in_visitor_whose_next_is_the_login_page_goes_to_the_profile(
    owner, next_url, method
):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    response = getattr(client, method)(f"/accounts/login/?next={next_url}".replace("#", "%23"))
    assert response.status_code == 302
    assert response["Location"] == "/accounts/profile/"


def test_a_signed_in_visitor_still_goes_to_any_other_next(owner):
    client = Client()
    client.force_login(owner)
    response = client.get("/accounts/login/", {"next": "/decks/"})
    assert response["Location"] == "/decks/"


def test_a_login_whose_next_is_the_login_page_ends_on_the_profile(owner):
    response = Client().post(
        "/accounts/login/?next=/accounts/login/", {"username": "owner", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/profile/"
