"""A password reset request sends at most one mail: to the mailbox the address names,
listing every account at that address (any case) with its own link.

An address is neither unique nor verified, so one mailbox may hold several accounts
(a player's own, or ones somebody else signed up with it). Personas: Anna with three
accounts at one address in three spellings, Béla at another address, a visitor who
asks for a new password.
"""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts import services
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

RESET = "/accounts/password/reset/"
LINK = re.compile(r"https?://\S+")


@pytest.fixture
def send(django_capture_on_commit_callbacks):
    """`send(email)`: post the reset form; the mail goes out when the request commits."""

    def post(email: str):
        with django_capture_on_commit_callbacks(execute=True):
            return Client().post(RESET, {"email": email})

    return post


@pytest.fixture
def annas(db):
    """Three accounts at Anna's address, spelled three ways; Béla's at another one."""
    make_user("bela", email="bela@example.com")
    return [
        make_user("anna", email="anna@example.com"),
        make_user("anna_ket", email="ANNA@example.com"),
        make_user("anna_harom", email="Anna@Example.COM"),
    ]


def linked_accounts(body: str) -> dict[str, str]:
    """username → the link under it, as the mail lists them."""
    found = re.findall(r": (\S+)\n(https?://\S+)", body)
    return dict(found)


def choose_password(link: str, password: str) -> None:
    client = Client()
    page = client.get(urlsplit(link).path, follow=True)
    assert 'name="new_password1"' in page.content.decode(), link
    done = client.post(
        page.redirect_chain[-1][0], {"new_password1": password, "new_password2": password}
    )
    assert done["Location"] == "/accounts/password/reset/done/"


def logs_in(username: str, password: str) -> bool:
    client = Client()
    return (
        client.post("/accounts/login/", {"username": username, "password": password}).status_code
        == 302
    )


def test_one_request_sends_one_mail_with_each_accounts_own_link(annas, send):
    assert send("aNNa@example.com").status_code == 302
    [message] = mail.outbox  # one mail, whatever the number of accounts
    assert message.to == ["Anna@Example.COM"]  # the address of the account made last
    assert len(LINK.findall(message.body)) == 3
    links = linked_accounts(message.body)
    assert sorted(links) == ["anna", "anna_harom", "anna_ket"]
    assert "bela" not in message.body

    # each link sets its own account's password, and no other account's
    for user in annas:
        choose_password(links[user.username], f"uj-jelszo-{user.username}-77")
        assert logs_in(user.username, f"uj-jelszo-{user.username}-77")
        for other in annas:
            if other != user:
                assert not logs_in(other.username, f"uj-jelszo-{user.username}-77")
    assert logs_in("bela", PASSWORD)


def test_fifty_accounts_at_one_address_get_one_short_mail(send, db):
    for n in range(50):
        make_user(f"bab{n}", email="victim@example.com" if n % 2 else "Victim@Example.com")
    send("victim@example.com")
    [message] = mail.outbox
    assert len(LINK.findall(message.body)) == services.RESET_MAIL_MOST_ACCOUNTS


def test_the_mail_lists_the_accounts_used_last_in_the_language_of_the_last_one(annas, send):
    """Hungarian is the default; an English account used last makes it English."""
    anna, anna_ket, anna_harom = annas
    now = timezone.now()
    for user, ago, language in [(anna, 1, "en"), (anna_ket, 2, "hu"), (anna_harom, 3, "hu")]:
        user.last_login, user.language = now - timedelta(days=ago), language
        user.save()
    send("anna@example.com")
    [english] = mail.outbox
    assert english.subject == "A new password for Kártyavár"
    assert "Each link works once, for 72 hours." in english.body
    assert list(linked_accounts(english.body)) == ["anna", "anna_ket", "anna_harom"]

    anna.language = "hu"
    anna.save()
    send("anna@example.com")
    assert mail.outbox[1].subject == "Új jelszó a Kártyavárhoz"


def test_one_account_gets_the_mail_it_always_did(annas, send):
    send("bela@example.com")
    [message] = mail.outbox
    assert message.to == ["bela@example.com"]
    assert message.body.startswith("Szia, bela!")
    assert "A felhasználóneved: bela" in message.body


def test_an_account_that_moved_to_another_address_since_the_request_is_left_out(annas):
    anna, anna_ket, anna_harom = annas
    anna_ket.email = "elsewhere@example.com"
    anna_ket.save()
    listed = services.password_reset_send(
        user_ids=[anna.pk, anna_ket.pk, anna_harom.pk], domain="testserver", use_https=False
    )
    assert listed == 2
    [message] = mail.outbox
    assert message.to == ["anna@example.com"]
    assert sorted(linked_accounts(message.body)) == ["anna", "anna_harom"]
