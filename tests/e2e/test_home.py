"""A visitor opens the site in Chromium and switches language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_home_in_hungarian_then_english_and_it_stays(page):
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Minden kártya")
    expect(page.get_by_role("navigation", name="Fő").first).to_contain_text("Kártyák")

    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Every card, every deck")
    expect(page.get_by_role("navigation", name="Main").first).to_contain_text("Cards")

    page.reload()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Every card, every deck")

    page.get_by_role("button", name="Magyar").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Minden kártya")


def test_a_visitor_signs_up_and_lands_on_their_profile(page):
    page.goto("/")
    page.get_by_role("link", name="Regisztráció").first.click()
    page.get_by_label("Felhasználónév").fill("botlik-zsofi")
    page.get_by_label("Jelszó:", exact=True).fill("kartya-var-2026!")
    page.get_by_label("Jelszó megerősítése").fill("kartya-var-2026!")
    page.get_by_role("button", name="Regisztráció").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("botlik-zsofi")
    expect(page.get_by_role("status")).to_contain_text("Elkészült a fiókod")


def test_on_a_phone_the_menu_opens_from_the_keyboard(page):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto("/")
    wide_nav = page.locator(".nav-wide")
    expect(wide_nav).to_be_hidden()
    page.locator(".menu summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".menu nav")).to_be_visible()
    expect(page.locator(".menu nav")).to_contain_text("Paklik")
    # Nothing is wider than the phone's screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
