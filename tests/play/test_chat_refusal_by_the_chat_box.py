"""A refused chat line is said by the chat box, and what was typed stays in it (the table's
chat form without JavaScript; the script's part is tests/e2e/test_table_leave_and_chat.py).

The form used to redirect back to the table with the refusal in the page's message banner,
far from the chat box, and the typed line was gone.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from play import chat
from play.models import Match
from tests.factories import make_user
from tests.play.test_hardening import duel  # noqa: F401 (fixture)
from tests.play.test_matches import players  # noqa: F401 (fixture: loads the cards)

pytestmark = pytest.mark.django_db(transaction=True)


def chat_box(html: str) -> tuple[str | None, str | None]:
    """(the chat box's refusal when shown, the text in its input) on a table page."""
    error = re.search(r'<p id="chat-error"([^>]*)>(.*?)</p>', html, re.S)
    assert error
    said = None if re.search(r"\shidden\b", error.group(1)) else unescape(error.group(2)).strip()
    field = re.search(r'<input id="chat-text"[^>]*value="([^"]*)"', html)
    return said, unescape(field.group(1)) if field else None


@pytest.fixture
def table(duel, client):  # noqa: F811
    match, zsofi, *_ = duel
    zsofi.language = "en"
    zsofi.save()
    client.force_login(zsofi)
    return match, f"/play/{match.pk}/chat/"


def test_a_line_sent_too_fast_is_refused_by_the_chat_box_and_kept(table, client):
    match, url = table
    for n in range(chat.RATE_MAX):
        assert client.post(url, {"text": f"line {n}"}).status_code == 302
    answer = client.post(url, {"text": "one <b>more</b> line"})
    assert answer.status_code == 429  # the table drawn again, not a redirect
    html = answer.content.decode()
    assert chat_box(html) == ("Slow down: wait a few seconds.", "one <b>more</b> line")
    # said there only: not in the page's message banner as well
    assert html.count("Slow down: wait a few seconds.") == 1
    assert match.chat.count() == chat.RATE_MAX
    # and a fresh table page has neither
    assert chat_box(client.get(f"/play/{match.pk}/").content.decode()) == (None, "")


def test_a_line_too_long_is_refused_by_the_chat_box_and_kept(table, client):
    _match, url = table
    line = "a" * (chat.max_chars() + 1)
    answer = client.post(url, {"text": line})
    assert answer.status_code == 400
    said, kept = chat_box(answer.content.decode())
    assert said == f"A message is at most {chat.max_chars()} characters." and kept == line


def test_a_huge_line_from_a_script_is_refused_and_not_echoed_whole(table, client):
    _match, url = table
    answer = client.post(url, {"text": "b" * 100_000})
    assert answer.status_code == 400
    said, kept = chat_box(answer.content.decode())
    assert said == f"A message is at most {chat.max_chars()} characters."
    assert kept == "b" * (2 * chat.max_chars())
    assert len(answer.content) < 100_000


def test_a_spectator_is_told_by_the_chat_box_that_only_the_players_write(duel, client):  # noqa: F811
    match, *_ = duel
    Match.objects.filter(pk=match.pk).update(public=True)
    client.force_login(make_user("nezo", language="en"))
    answer = client.post(f"/play/{match.pk}/chat/", {"text": "hello"})
    assert answer.status_code == 403
    said, field = chat_box(answer.content.decode())
    assert said == "Only the players of this match can write in its chat." and field is None
    assert not match.chat.exists()


def test_the_address_of_a_refused_line_leads_back_to_the_table(table, client):
    match, url = table
    answer = client.get(url)  # the language switch's way back to the page it drew
    assert answer.status_code == 302 and answer["Location"] == f"/play/{match.pk}/"
