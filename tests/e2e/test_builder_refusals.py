"""A refused htmx request in the deck builder, in DEBUG (as `make run` has it) and in production.

django-htmx's DEBUG script used to swap any 4xx answer into the whole
document: the page lost its header and title and showed one bare line.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def expect_whole_builder(page, deck):
    expect(page.locator(".site-header .brand")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(deck.name)
    expect(page.locator("#deck-panel .verdict")).to_be_visible()
    assert deck.name in page.title()


def test_refusals_show_beside_their_box_and_the_page_stays_whole(debug, signed_in, owner, deck):
    page = signed_in(owner)
    page.goto(f"/decks/{deck.pk}/edit/")
    # In DEBUG, the django-htmx handler that used to replace the page is on it.
    debug_script = page.locator("script[src$='django-htmx.js'][data-debug='True']")
    expect(debug_script).to_have_count(1 if debug else 0)

    # A half-typed search: the pause sends it, the refusal explains it under the box.
    page.locator("#builder-q").press_sequentially("t:")
    error = page.locator(".builder-search #builder-results .search-error")
    expect(error).to_be_visible()
    expect(error).not_to_be_empty()
    expect_whole_builder(page, deck)
    expect(page.locator("#builder-q")).to_have_value("t:")

    # A misspelt quick-add line: the message sits under the quick-add box, the line stays.
    box = page.locator("#quick-line")
    box.fill("2 Jegszem Sojana")
    box.press("Enter")
    message = page.locator(".quick-add #quick-add-feedback [role=alert]")
    expect(message).to_contain_text("Jegszem Sojana")
    expect_whole_builder(page, deck)
    expect(box).to_have_value("2 Jegszem Sojana")
    expect(page.locator(".verdict strong")).to_have_text("0 lap")

    # The suggestion, shown once, adds the corrected line.
    suggestion = message.get_by_role("button", name="Jégszem Soyana")
    expect(suggestion).to_have_count(1)
    assert message.inner_text().count("Soyana") == 1
    suggestion.click()
    expect(page.locator(".verdict strong")).to_have_text("2 lap")
    expect(page.locator("#deck-panel")).to_contain_text("Jégszem Soyana")
    expect(page.locator("#quick-add-feedback [role=alert]")).to_have_count(0)
    expect(box).to_have_value("")
    expect_whole_builder(page, deck)


def test_a_server_error_or_no_connection_is_said_under_the_form_and_goes_with_an_answer(
    signed_in, owner, deck
):
    """htmx drops a 5xx answer and a request that never left: the page says so where the
    visitor acted (static/js/forms.js), and the next answer from there takes it away."""
    page = signed_in(owner)
    page.goto(f"/decks/{deck.pk}/edit/")
    box = page.locator("#quick-line")
    form = page.locator("form:has(#quick-line)")
    note = page.locator("form:has(#quick-line) + .request-failed[role=alert]")

    page.route("**/add/", lambda route: route.fulfill(status=500, body="Server Error"))
    box.fill("2 Jégszem Soyana")
    box.press("Enter")
    expect(note).to_contain_text("Valami elromlott nálunk")
    expect_whole_builder(page, deck)
    expect(box).to_have_value("2 Jégszem Soyana")  # nothing was taken

    page.unroute("**/add/")
    page.route("**/add/", lambda route: route.abort("internetdisconnected"))
    box.press("Enter")
    expect(note).to_contain_text("nem érhető el")
    expect(note).to_have_count(1)  # one note, its words changed

    page.unroute("**/add/")
    box.press("Enter")
    expect(page.locator(".verdict strong")).to_have_text("2 lap")
    expect(note).to_have_count(0)
    expect(form).to_be_visible()


def test_a_late_suggestions_answer_leaves_the_note_of_the_failed_add(signed_in, owner, deck):
    """The quick-add box asks for name suggestions as one types: their answer, arriving
    after the add failed, is no answer to the add, and the note stays."""
    page = signed_in(owner)
    page.goto(f"/decks/{deck.pk}/edit/")
    box = page.locator("#quick-line")
    note = page.locator("form:has(#quick-line) + .request-failed[role=alert]")
    held = []
    page.route("**/decks/names/**", lambda route: held.append(route))  # a slow server's suggestions
    page.route("**/add/", lambda route: route.abort("internetdisconnected"))
    box.fill("2 Jégszem Soyana")
    box.press("Enter")
    expect(note).to_contain_text("nem érhető el")
    for _ in range(100):  # the suggestions are asked for 200 ms after the typing
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the box never asked for suggestions"
    with page.expect_response("**/decks/names/**"):
        for route in held:
            route.continue_()
    page.evaluate("() => new Promise(requestAnimationFrame)")  # after htmx has handled it
    expect(note).to_have_count(1)
    expect(note).to_contain_text("nem érhető el")
