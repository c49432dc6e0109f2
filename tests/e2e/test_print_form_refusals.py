"""The print page in Chromium after a refused option: no broken preview, and the picture
comes back once the value is fixed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import log_in, print_with_margin

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LOADED = "() => { const img = document.querySelector('#preview img'); return img && img.complete; }"


def test_a_refused_margin_shows_no_broken_preview_and_fixing_it_brings_the_sheet_back(
    page, deck_to_print
):
    deck = deck_to_print("margos", "Margós pakli", 4)
    margin = print_with_margin(page, "margos", deck, "999")

    expect(page.locator("#print-form .has-error")).to_have_count(1)
    expect(page.locator("#preview img")).to_have_count(0)  # not a broken picture
    expect(page.locator("#preview p")).to_be_visible()  # what to do instead
    # the one CSRF token the form posts is its own, not a second copy
    expect(page.locator("#print-form [name=csrfmiddlewaretoken]")).to_have_count(1)

    margin.fill("5")
    margin.dispatch_event("change")

    preview = page.get_by_role("img", name="Az első ív előnézete")
    expect(preview).to_be_visible()
    page.wait_for_function(LOADED)
    assert preview.evaluate("img => img.naturalWidth") > 0


def test_a_margin_typed_out_of_range_is_refused_by_the_preview_before_any_submit(
    page, deck_to_print
):
    """QA typed 999 into the margin and saw the old sheet, and no word, until they pressed
    the button: the preview asked again only on `change`, which a number box fires when it
    loses the focus. It asks while typing now (a pause of 0.7 s), and says why not."""
    deck = deck_to_print("gepelo", "Gépelő pakli", 4)
    log_in(page, "gepelo")
    page.goto(f"/print/new/?deck={deck.pk}")
    page.wait_for_function(LOADED)
    margin = page.get_by_label("Nyomtatómargó (mm)")
    margin.click()
    margin.press_sequentially("999", delay=50)  # typing, the focus still in the box

    expect(page.locator("#preview img")).to_have_count(0)
    # the refusal names the bound, by the field (test_print_margin_refused_by_field.py)
    expect(page.locator("#id_margin_mm_error")).to_contain_text("30")
    expect(margin).to_be_focused()  # the answer did not take the typist's place
