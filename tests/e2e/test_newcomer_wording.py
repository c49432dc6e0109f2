"""A newcomer in Chromium: login and sign-up mistakes explained informally, and the deck
builder's odds answer naming the card asked about."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.pages import new_alomfogo_deck, sign_up
from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
FORMAL = re.compile(r"\b(Írjon|Írja|Adjon|Adja|Kérjük|Bizonyosodjon|jelszavának)\b")


def test_a_wrong_password_and_mismatched_passwords_are_explained_informally(page, live_server):
    make_user("zsofi")
    page.goto("/accounts/login/")
    page.get_by_label("Felhasználónév").fill("zsofi")
    page.get_by_label("Jelszó").fill("not-" + PASSWORD)
    page.get_by_role("button", name="Belépés").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Hibás felhasználónév vagy jelszó. Figyelj a kis- és nagybetűkre is"
    )
    assert not FORMAL.search(page.locator("main").inner_text())

    sign_up(page, "hunorka", "kartya-var-2026!", "kartya-var-2026?")
    expect(page.get_by_role("alert").first).to_contain_text(
        "A beírt két jelszó nem egyezik: írd be mindkétszer ugyanazt."
    )
    assert not FORMAL.search(page.locator("main").inner_text())


def test_the_odds_answer_names_the_chosen_card(page, live_server):
    call_command("load_cards", verbosity=0)
    sign_up(page, "hunorka", "kartya-var-2026!")
    new_alomfogo_deck(page, "Esélyek")
    page.get_by_label("Keresés (a katalógus keresőnyelvén)").fill("Kajtár")
    result = page.locator("#builder-results li").first
    expect(result).to_be_visible()
    result.get_by_role("button").click()
    expect(page.locator(".verdict strong")).to_have_text("1 lap")

    # the panels the addition refreshes have all come back: none replaces the form after the pick
    page.wait_for_load_state("networkidle")
    page.get_by_label("Esély a húzásra:").select_option(label="Éjlépő Kajtár (1)")
    expect(page.locator("#odds-answer")).to_contain_text("Legalább 1 „Éjlépő Kajtár” 2 körön belül")
    # a number out of range is answered by the server's words, not stopped without one
    page.get_by_label("legalább").fill("15")
    page.get_by_label("legalább").press("Tab")  # a change: the form asks at once
    expect(page.locator("#odds-answer")).to_contain_text("„k” 1 és 10 között legyen")
