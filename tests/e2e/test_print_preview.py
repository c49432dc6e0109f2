"""Issue #19 in Chromium: the print page's preview is a real picture from the first load."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck(deck_to_print):
    return deck_to_print("elozetes", "Kezdő pakli", 12)


def test_the_preview_of_a_deck_loads_before_any_option_is_changed(page, deck):
    log_in(page, "elozetes")

    page.goto(f"/print/new/?deck={deck.pk}")

    expect(page.locator("#print-source")).to_have_text("Ezt nyomtatod: Kezdő pakli, 36 lap.")
    preview = page.get_by_role("img", name="Az első ív előnézete")
    expect(preview).to_be_visible()
    # A broken image is "complete" too, with no pixels: wait for the load to end, then look.
    page.wait_for_function(
        "() => { const img = document.querySelector('#preview img'); return img && img.complete; }"
    )
    assert preview.evaluate("img => img.naturalWidth") > 0


def test_changing_an_option_asks_for_a_new_preview_without_the_form_token_in_its_address(
    page, deck
):
    # The preview is a GET: its address lands in access logs, where a CSRF token must not.
    log_in(page, "elozetes")
    page.goto(f"/print/new/?deck={deck.pk}")
    expect(page.get_by_role("img", name="Az első ív előnézete")).to_be_visible()

    with page.expect_request(lambda request: "/print/preview/" in request.url) as asked:
        page.locator("#print-form input[type=checkbox]").first.click()

    assert "csrfmiddlewaretoken" not in asked.value.url
    assert "deck=" in asked.value.url
