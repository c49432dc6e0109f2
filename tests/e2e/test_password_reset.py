"""A player who forgot the password gets back in through the mailed link, in Chromium."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.factories import make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_forgotten_password_is_replaced_from_the_login_page(page):
    make_user("feledi-kata", email="kata@example.com")
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Elfelejtetted a jelszavad?").click()
    page.get_by_label("E-mail").fill("kata@example.com")
    page.get_by_role("button", name="Kérem a linket").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Nézd meg a postafiókodat")

    [message] = mail.outbox
    link = re.search(r"https?://\S+", message.body).group(0)
    page.goto(urlsplit(link).path)
    expect(page.get_by_role("heading", level=1)).to_have_text("Válassz új jelszót")
    page.get_by_label("Új jelszó:", exact=True).fill("uj-jelszo-a-varhoz-77")
    page.get_by_label("Új jelszó megerősítése").fill("uj-jelszo-a-varhoz-77")
    page.get_by_role("button", name="Új jelszó mentése").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Elmentettük az új jelszavadat")

    page.get_by_role("link", name="Belépés").last.click()
    page.get_by_label("Felhasználónév").fill("feledi-kata")
    page.get_by_label("Jelszó").fill("uj-jelszo-a-varhoz-77")
    page.get_by_role("button", name="Belépés").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("feledi-kata")
