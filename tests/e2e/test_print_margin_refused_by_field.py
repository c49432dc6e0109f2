"""A print option the live preview refuses is marked where it was typed, in Chromium.

A visual audit at 390 px: a margin of 99 was refused only in the preview box, under the
"Make the PDF" button and out of sight, and the field itself was not marked, so a typist saw
nothing happen. The refusal now marks its field as a submitted form does (aria-invalid, the
message by the field, named by aria-describedby), and the mark goes once the value is fixed.

Set E2E_SCREENSHOTS to a folder to keep the page at each width (print-margin-<width>.png).
"""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import log_in, print_with_margin

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("E2E_SCREENSHOTS")
LOADED = "() => { const img = document.querySelector('#preview img'); return img && img.complete; }"
HELP_ID, ERROR_ID = "id_margin_mm_helptext", "id_margin_mm_error"


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"print-margin-{name}.png"))


def retype(field, text: str) -> None:
    """Type `text` over the field's value, key by key, the focus staying in the field."""
    field.click()
    field.select_text()
    field.press_sequentially(text, delay=50)


@pytest.mark.parametrize("width", [390, 1280])
def test_a_margin_typed_out_of_range_is_marked_at_the_field_until_it_is_fixed(
    page, deck_to_print, width
):
    page.set_viewport_size({"width": width, "height": 844})
    deck = deck_to_print("margot", "Margó pakli", 4)
    log_in(page, "margot")
    page.goto(f"/print/new/?deck={deck.pk}")
    page.wait_for_function(LOADED)
    margin = page.get_by_label("Nyomtatómargó (mm)")

    retype(margin, "99")

    expect(margin).to_have_attribute("aria-invalid", "true")
    expect(margin).to_have_attribute("aria-describedby", f"{HELP_ID} {ERROR_ID}")
    expect(margin).to_have_accessible_description(re.compile(r"Legfeljebb 30 lehet\.$"))
    error = page.locator(f"#{ERROR_ID}")
    expect(error).to_have_text("Legfeljebb 30 lehet.")
    # By the field, in its own box, as after a submit (partials/form.html)
    field_box = page.locator("#print-form .field.has-error")
    expect(field_box).to_have_count(1)
    expect(field_box.locator(f"#{ERROR_ID}")).to_be_visible()
    expect(field_box.locator("#id_margin_mm")).to_have_count(1)
    expect(error).to_be_in_viewport(ratio=1)
    under_field = margin.bounding_box()
    said = error.bounding_box()
    assert 0 <= said["y"] - (under_field["y"] + under_field["height"]) < 150, (under_field, said)
    # The preview box says what to do, not the message a second time, and no broken picture.
    expect(page.locator("#preview img")).to_have_count(0)
    expect(page.locator("#preview")).to_have_text(
        "Javítsd ki a megjelölt mezőket, és megjelenik az ív."
    )
    expect(margin).to_be_focused()  # the answer did not take the typist's place
    shot(page, f"{width}-refused")

    retype(margin, "8")

    expect(page.get_by_role("img", name="Az első ív előnézete")).to_be_visible()
    expect(margin).not_to_have_attribute("aria-invalid", re.compile(".*"))
    expect(margin).to_have_attribute("aria-describedby", HELP_ID)
    expect(page.locator(f"#{ERROR_ID}")).to_have_count(0)
    expect(page.locator("#print-form .has-error")).to_have_count(0)
    expect(margin).to_be_focused()
    shot(page, f"{width}-fixed")


def test_the_mark_a_submitted_form_drew_goes_when_the_preview_accepts_the_fixed_value(
    page, deck_to_print
):
    """The server marks the field after a submit; the live preview then clears it when the
    value is fixed, rather than leaving a message beside a value that is fine."""
    page.set_viewport_size({"width": 390, "height": 844})
    deck = deck_to_print("bekuldo", "Beküldött pakli", 4)
    margin = print_with_margin(page, "bekuldo", deck, "99")
    expect(margin).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"#{ERROR_ID}")).to_have_text("Legfeljebb 30 lehet.")

    retype(margin, "5")

    expect(page.get_by_role("img", name="Az első ív előnézete")).to_be_visible()
    expect(margin).not_to_have_attribute("aria-invalid", re.compile(".*"))
    expect(page.locator(f"#{ERROR_ID}")).to_have_count(0)
    expect(page.locator("#print-form .has-error")).to_have_count(0)


def test_without_javascript_the_submitted_form_marks_the_field(browser, live_server, deck_to_print):
    context = browser.new_context(
        base_url=live_server.url, java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    try:
        deck = deck_to_print("scriptless", "Szkript nélkül", 4)
        print_with_margin(page, "scriptless", deck, "99")

        margin = page.get_by_label("Nyomtatómargó (mm)")  # on the page the submit drew
        expect(margin).to_have_attribute("aria-invalid", "true")
        expect(margin).to_have_accessible_description(re.compile(r"Legfeljebb 30 lehet\.$"))
        expect(page.locator("#print-form .field.has-error #id_margin_mm_error")).to_be_visible()
        margin.scroll_into_view_if_needed()
        shot(page, "390-no-javascript")
    finally:
        context.close()
