"""A forgotten password: ask for a link by mail, choose a new password, log in.

Personas: `anna`, who plays in English, and `bela`, who plays in Hungarian,
both with an email address; a `stranger` who types addresses.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.test import Client

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "uj-jelszo-a-varhoz-77"
ELSEWHERE = "198.51.100.20"


@pytest.fixture
def anna(db):
    return make_user("anna", email="anna@example.com", language="en")


@pytest.fixture
def bela(db):
    return make_user("bela", email="bela@example.com", language="hu")


@pytest.fixture
def send(django_capture_on_commit_callbacks):
    """`send(client, email)`: post the reset form; the mail goes out when the request commits."""

    def post(client, email, **extra):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post("/accounts/password/reset/", {"email": email}, **extra)

    return post


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def log_in(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_the_login_page_offers_a_way_back_in(client):
    html = client.get("/accounts/login/").content.decode()
    assert 'href="/accounts/password/reset/"' in html
    assert "Elfelejtetted a jelszavad?" in html


def test_a_forgotten_password_is_replaced_through_the_mailed_link(client, anna, send):
    response = send(client, "ANNA@example.com")  # the case of an address does not matter
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/sent/"
    assert "Nézd meg a postafiókodat" in client.get(response["Location"]).content.decode()

    [message] = mail.outbox
    assert message.to == ["anna@example.com"]
    # Anna's account speaks English, whatever the language of the page she asked from.
    assert message.subject == "A new password for Kártyavár"
    assert "Your username: anna" in message.body
    assert "The link works once, for 72 hours." in message.body
    link = link_in(message)
    assert link.startswith("http://testserver/accounts/password/reset/")

    page = client.get(urlsplit(link).path, follow=True)
    assert "Válassz új jelszót" in page.content.decode()
    form_path = page.redirect_chain[-1][0]
    response = client.post(
        form_path, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert response["Location"] == "/accounts/password/reset/done/"
    assert "Most már beléphetsz vele." in client.get(response["Location"]).content.decode()

    assert log_in(Client(), "anna", PASSWORD).status_code == 200  # the old one is refused
    fresh = Client()
    assert log_in(fresh, "anna", NEW_PASSWORD).status_code == 302
    assert "_auth_user_id" in fresh.session

    # The link worked once.
    html = client.get(urlsplit(link).path, follow=True).content.decode()
    assert "Ez a link már nem működik" in html
    assert 'name="new_password1"' not in html


def test_the_mail_speaks_the_language_of_a_hungarian_account(client, bela, send):
    client.cookies["django_language"] = "en"
    send(client, "bela@example.com")
    [message] = mail.outbox
    assert message.subject == "Új jelszó a Kártyavárhoz"
    assert message.body.startswith("Szia, bela!")
    assert "A link egyszer használható, 72 órán át." in message.body


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, anna, send):
    known = send(Client(), "anna@example.com")
    unknown = send(client, "nobody@example.com")
    assert (unknown.status_code, unknown["Location"], unknown.content) == (
        known.status_code,
        known["Location"],
        known.content,
    )
    assert [m.to for m in mail.outbox] == [["anna@example.com"]]


def test_an_empty_address_is_refused_on_the_form(client, send):
    make_user("silent", email="")  # an account without an address is never matched by ""
    response = send(client, "")
    assert response.status_code == 200
    assert "Ennek a mezőnek a megadása kötelező." in response.content.decode()
    assert mail.outbox == []


def test_a_malformed_address_is_refused_on_the_form(client, anna, send):
    client.cookies["django_language"] = "en"
    response = send(client, "not an address")
    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    assert mail.outbox == []


def test_a_made_up_link_says_it_no_longer_works(client, anna):
    client.cookies["django_language"] = "en"
    response = client.get("/accounts/password/reset/MQ/abc-123/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "This link no longer works" in html
    assert 'href="/accounts/password/reset/"' in html


def test_the_embedded_default_writes_the_mail_to_a_file(client, anna, send, settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    send(client, "anna@example.com")
    [written] = list(tmp_path.iterdir())
    text = written.read_text()
    assert "To: anna@example.com" in text
    assert "http://testserver/accounts/password/reset/" in text


# --- Limits -------------------------------------------------------------------


@pytest.mark.usefixtures("limits_on")
def test_reset_requests_from_one_address_are_limited(anna, send, limits_on):
    allowed = limits_on.LIMITS["PASSWORD_RESETS_PER_HOUR"]
    for index in range(allowed):
        assert send(Client(), f"guess{index}@example.com").status_code == 302
    response = send(Client(), "anna@example.com")
    assert response.status_code == 429
    assert "Az elmúlt órában túl sok új jelszót kértek." in response.content.decode()
    assert mail.outbox == []
    # Another client address has its own allowance.
    assert send(Client(), "anna@example.com", REMOTE_ADDR=ELSEWHERE).status_code == 302
    assert len(mail.outbox) == 1


@pytest.mark.usefixtures("limits_on")
def test_one_mailbox_is_not_flooded_from_many_addresses(anna, send, limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "PASSWORD_RESETS_PER_HOUR": 2}
    for index in range(2):
        send(Client(), "anna@example.com", REMOTE_ADDR=f"203.0.113.{index + 1}")
    client = Client()
    client.cookies["django_language"] = "en"
    response = send(client, " Anna@Example.com", REMOTE_ADDR="203.0.113.9")
    assert response.status_code == 429
    assert "Too many password reset requests in the last hour." in response.content.decode()
    assert len(mail.outbox) == 2


@pytest.mark.usefixtures("limits_on")
def test_an_unknown_address_counts_like_a_known_one(anna, send, limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "PASSWORD_RESETS_PER_HOUR": 1}
    send(Client(), "nobody@example.com")
    assert send(Client(), "anna@example.com").status_code == 429


@pytest.mark.usefixtures("limits_on")
def test_looking_at_the_reset_form_does_not_count(client, limits_on):
    limits_on.LIMITS = {**limits_on.LIMITS, "PASSWORD_RESETS_PER_HOUR": 1}
    for _ in range(5):
        assert client.get("/accounts/password/reset/").status_code == 200
    assert client.post("/accounts/password/reset/", {"email": "x@example.com"}).status_code == 302


@pytest.mark.usefixtures("limits_on")
def test_a_new_password_lifts_the_lockout_of_the_name(anna, send, limits_on):
    for _ in range(limits_on.LIMITS["LOGIN_FAILURES"]):
        log_in(Client(), "anna", "wrong-guess")
    assert log_in(Client(), "anna", PASSWORD).status_code == 429

    client = Client(REMOTE_ADDR=ELSEWHERE)
    send(client, "anna@example.com")
    page = client.get(urlsplit(link_in(mail.outbox[0])).path, follow=True)
    client.post(
        page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    # signed in again from the address the guesses came from: the new password lifts its lock
    assert log_in(Client(), "anna", NEW_PASSWORD).status_code == 302
