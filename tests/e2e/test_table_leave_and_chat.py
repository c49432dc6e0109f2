"""At a live table of three, in the browser: leaving it for good, and chat lines refused.

- A person who leaves ("Leave the table…" → "Yes, leave the table") is told a bot plays
  their seat to the end, and is never offered "Take my seat back" (the server refuses it:
  the page used to offer it, with the words for a person who was away).
- A chat line the server refuses (too fast, too long) is said by the chat box, not in the
  table's error box far above it (about 660 px at 1280 px), and the typed line stays in the
  box; a line the server takes empties it.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from play import chat
from play.models import Seat
from tests.concurrency import aside
from tests.factories import make_user
from tests.play.test_absent_players import oniroo_table_of

pytestmark = pytest.mark.django_db(transaction=True)

LEFT = "You left this table: a bot plays your seat to the end."
SLOW_DOWN = "Slow down: wait a few seconds."


@pytest.fixture
def table(signed_in):
    """A running level-5 ONIROO table of three people (English speakers), by seat."""
    call_command("load_cards", verbosity=0)
    users = [make_user(name, language="en") for name in ("anna", "zsofi", "gergo")]
    # the services send frames with async_to_sync, which Playwright's event loop here forbids
    return aside(oniroo_table_of, users), users


def test_a_person_who_leaves_is_told_so_and_never_offered_the_seat_back(table, signed_in):
    match, users = table
    page = signed_in(users[0])
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/play/{match.pk}/")
    page.locator("#table-resign summary").click()
    page.get_by_role("button", name="Yes, leave the table").click()
    page.wait_for_url(f"**/play/{match.pk}/")

    left = page.locator("#table-left")
    left.wait_for(state="visible")
    assert left.inner_text() == LEFT
    assert Seat.objects.get(match=match, user=users[0]).left
    page.wait_for_timeout(2500)  # the table re-checks its offers every second
    assert not page.locator("#table-take-back").is_visible()
    assert not page.get_by_role("button", name="Take my seat back").is_visible()
    assert not page.get_by_text("since you were away").is_visible()
    assert not page.locator("#table-resign").is_visible()
    assert left.is_visible()


def test_a_refused_chat_line_is_said_by_the_chat_box_and_kept(table, signed_in):
    match, users = table
    page = signed_in(users[1])
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/play/{match.pk}/")
    page.wait_for_selector('#match-table[data-connection="open"]')
    box, send = page.locator("#chat-text"), page.get_by_role("button", name="Send")
    chat_error, table_error = page.locator("#chat-error"), page.locator("#table-error")

    # a line the server takes: shown, and the box empties
    for n in range(chat.RATE_MAX):
        box.fill(f"line {n}")
        send.click()
        page.locator(".chat-msg .chat-text", has_text=f"line {n}").wait_for()
        expect(box).to_have_value("")

    # one line too many within the rate's window: refused by the chat box, kept in it
    box.fill("one more line")
    send.click()
    chat_error.wait_for(state="visible")
    assert chat_error.inner_text() == SLOW_DOWN
    assert box.input_value() == "one more line"
    assert not table_error.is_visible()
    said, typed = chat_error.bounding_box(), box.bounding_box()
    # next to the box it was typed in: within a line or two of it, in the same column
    assert abs(said["y"] - (typed["y"] + typed["height"])) < 60, (said, typed)
    assert said["x"] < typed["x"] + typed["width"] and typed["x"] < said["x"] + said["width"]
    assert page.locator(".chat-msg").count() == chat.RATE_MAX

    # a line too long (a script could send one past the field's limit): the same
    long_line = "a" * (chat.max_chars() + 1)
    page.evaluate("document.getElementById('chat-text').removeAttribute('maxlength')")
    box.fill(long_line)
    send.click()
    expect(chat_error).to_contain_text("characters")
    assert chat_error.inner_text() == f"A message is at most {chat.max_chars()} characters."
    assert box.input_value() == long_line
    assert not table_error.is_visible()
    assert match.chat.count() == chat.RATE_MAX
