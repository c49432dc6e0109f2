"""The deck list's links wrap on a phone without a line that starts with "·".

The links sit in a wrapping row (`.actions`, flex with a gap): a "·" between them was a
row item of its own, left at a line's end or start at 390 px.
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_deck_lists_links_have_no_separator_to_strand(client, owner):
    client.force_login(owner)
    html = client.get("/decks/").content.decode()
    row = re.search(r'<p class="actions">(.*?)</p>', html, re.S).group(1)
    assert "/decks/import/" in row and "/decks/public/" in row
    assert "·" not in re.sub(r"<a [^>]*>[^<]*</a>", "", row)
