"""Django's stock login and sign-up messages speak to the player informally in Hungarian."""

from __future__ import annotations

import re

import pytest

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

# Formal address ("Írjon", "Adja meg", "jelszavának", "Ön") that Django's own
# Hungarian catalogue uses and ours overrides.
FORMAL = re.compile(
    r"\b(Írjon|Írja|Adjon|Adja|Válasszon|Kérjük|Bizonyosodjon|Ön|jelszavának|jelszava)\b"
)


def _text(response) -> str:
    return response.content.decode()


def _sign_up(client, **form: str) -> str:
    """The sign-up page as it answers this form."""
    return _text(client.post("/accounts/signup/", form))


def _informal(page: str) -> None:
    assert not FORMAL.search(page), FORMAL.search(page)


def test_a_failed_login_says_so_informally_and_grammatically(client, owner):
    response = client.post("/accounts/login/", {"username": "owner", "password": "wrong-one"})
    page = _text(response)
    assert response.status_code == 200
    assert "Hibás felhasználónév vagy jelszó." in page
    assert "Figyelj a kis- és nagybetűkre" in page
    _informal(page)


def test_sign_up_with_mismatched_passwords_speaks_informally(client):
    page = _sign_up(client, username="zsofi", password1=PASSWORD, password2=PASSWORD + "x")
    assert "A beírt két jelszó nem egyezik: írd be mindkétszer ugyanazt." in page
    # The help texts beside the password fields, Django's validators' among them.
    assert "Írd be még egyszer ugyanazt a jelszót" in page
    assert "A jelszavad ne álljon csak számjegyekből." in page
    _informal(page)


def test_sign_up_with_a_weak_password_and_bad_email_speaks_informally(client):
    page = _sign_up(
        client, username="zsofi", email="nope", password1="12345678", password2="12345678"
    )
    assert "Ez a jelszó csak számjegyekből áll." in page
    assert "Ez a jelszó túl gyakori, válassz egy ritkábbat." in page
    assert "Adj meg érvényes e-mail-címet." in page
    _informal(page)


def test_english_keeps_djangos_own_english(client, owner):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = client.post("/accounts/login/", {"username": "owner", "password": "wrong-one"})
    assert "Please enter a correct username and password." in _text(response)


def test_a_bad_date_and_too_many_decimals_are_said_informally(client, owner, catalog_data):
    client.force_login(owner)
    page = _text(
        client.post(
            "/tournaments/new/",
            {"name": "Kupa", "game": "alomfogo", "registration_closes_at": "holnap"},
        )
    )
    assert "Adj meg egy érvényes dátumot és időpontot." in page
    _informal(page)
    page = _text(client.post("/print/new/", {"set": "AF1", "margin_mm": "3.25"}))
    assert "Legfeljebb 1 tizedesjegy lehet benne." in page
    _informal(page)


@pytest.mark.parametrize(
    "msgid",
    [
        "Enter a valid date/time.",
        "Enter a valid date.",
        "Enter a valid URL.",
        "Enter a valid integer.",
        "No file was submitted. Check the encoding type on the form.",
        "Enter a valid JSON.",
    ],
)
def test_djangos_other_field_messages_are_informal_too(msgid):
    from django.utils import translation

    with translation.override("hu"):
        said = translation.gettext(msgid)
    assert said != msgid and not FORMAL.search(said), said
