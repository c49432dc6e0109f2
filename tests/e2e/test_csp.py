"""Under the Content-Security-Policy the site still works in Chromium, and the
browser reports no violation: pages, htmx swaps, the Swagger UI, the admin and
a live table on its websocket."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from play.bots.alomfogo_cards import DEMO_DECKS
from tests.factories import make_user
from tests.play_rows import codes_deck

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# What Chromium writes to the console when a policy refuses something (or a
# header has a mistake in it).
COMPLAINTS = ("Content Security Policy", "Content-Security-Policy", "Permissions-Policy")


def complaints_of(page) -> list[str]:
    heard: list[str] = []
    page.on(
        "console",
        lambda message: (
            heard.append(message.text) if any(word in message.text for word in COMPLAINTS) else None
        ),
    )
    page.on("pageerror", lambda error: heard.append(f"uncaught: {error}"))
    return heard


def same_document(page) -> None:
    page.evaluate("window.__sameDocument = true")  # gone if the page reloads


def still_same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def test_pages_htmx_docs_admin_and_a_live_table_run_without_a_violation(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    deck = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    page = signed_in(zsofi)
    heard = complaints_of(page)

    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Every card, every deck")

    # The catalog's search swaps its results in with htmx, without a reload.
    page.goto("/cards/")
    same_document(page)
    page.get_by_role("searchbox").fill("ejlepo")
    expect(page.locator("#results")).to_contain_text("Kajtár")
    assert still_same_document(page)

    # The deck builder: search and add with htmx.
    page.goto(f"/decks/{deck.pk}/edit/")
    same_document(page)
    page.get_by_label("Search (the catalog's search language)").fill("game:alomfogo")
    expect(page.locator("#builder-results li").first).to_be_visible()
    count = page.locator(".verdict strong").inner_text()
    page.locator("#builder-results li").first.get_by_role("button").click()
    expect(page.locator(".verdict strong")).not_to_have_text(count)
    assert still_same_document(page)

    # The Swagger UI starts from its own script file and draws the operations.
    page.goto("/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Kártyavár API")
    expect(page.locator(".opblock").first).to_be_visible()

    page.goto("/admin/login/")
    expect(page.locator("#login-form")).to_be_visible()
    # Inside the admin, as staff: its scripts (filters, the change form) are files too.
    boss = make_user("boss", is_staff=True, is_superuser=True)
    admin = signed_in(boss)
    admin_heard = complaints_of(admin)
    admin.goto("/admin/catalog/card/")
    expect(admin.locator("#result_list")).to_be_visible()
    admin.goto(f"/admin/accounts/user/{zsofi.pk}/change/")
    expect(admin.locator("#user_form")).to_be_visible()
    expect(admin.locator("#id_groups_from")).to_be_visible()  # drawn by SelectFilter2.js
    assert admin_heard == [], "\n".join(admin_heard)

    # The deck builder's quick add suggests names as one types (htmx), refusing
    # its hx-on reset by name rather than tripping the policy.
    page.goto(f"/decks/{deck.pk}/edit/")
    page.locator("#quick-line").fill("Kaj")
    expect(page.locator("#card-names option").first).to_be_attached()

    # A live table: its script runs and its websocket opens.
    page.goto("/play/")
    page.select_option("#m-deck", str(deck.pk))
    page.select_option("#m-opp", "bot:greedy")
    page.locator("form:has(#m-deck)").get_by_role("button", name="Start").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    page.wait_for_selector('#match-table[data-connection="open"]', state="attached")
    assert page.locator("#table-hand-cards li").count() > 0

    assert heard == [], "\n".join(heard)

    # And the policy is really there, and heard: an inline script is refused.
    with page.expect_console_message(lambda message: "Content Security Policy" in message.text):
        ran = page.evaluate(
            """() => {
                const script = document.createElement("script");
                script.textContent = "window.__inlineRan = true";
                document.head.append(script);
                return window.__inlineRan === true;
            }"""
        )
    assert ran is False
