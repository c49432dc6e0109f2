"""What the deck pages show around their forms and tables.

The settings page names the deck it changes and leads back to its builder, as the history
page does. Each deck table (my decks, public decks, the missing cards) is a card table
inside a named region a keyboard can scroll: on a phone it scrolls sideways there, not the
page (site.css `.table-scroll`; tests/e2e/test_narrow_pages_fit.py measures the pages).
"""

from __future__ import annotations

import re

import pytest

from decks import services
from decks.models import Visibility
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db

# A table, with what opens just before it.
TABLE = re.compile(r"(<[^<>]*>)\s*<table class=\"([^\"]*)\"")
REGION = re.compile(
    r'<div class="table-scroll" role="region" aria-labelledby="([^"]+)" tabindex="0">'
)


def tables_in_regions(html: str) -> list[tuple[str, str]]:
    """(table classes, the heading that names its region) of each table on the page; the
    heading is "" for a table outside a named scroll region."""
    found = []
    for opener, classes in TABLE.findall(html):
        region = REGION.fullmatch(opener)
        label = ""
        if region:
            heading = re.search(rf'<(h[1-6]) id="{region.group(1)}">(.*?)</\1>', html)
            label = heading.group(2) if heading else ""
        found.append((classes, label))
    return found


def test_the_settings_page_names_the_deck_and_leads_back_to_the_builder(client, owner, deck):
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/settings/").content.decode()
    heading = re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)
    assert f'<a class="user-text" href="/decks/{deck.pk}/edit/">Sámánok</a>' in heading
    assert "Sámánok" in re.search(r"<title>(.*?)</title>", html, re.S).group(1)


def test_the_missing_cards_are_a_card_table_in_a_named_scroll_region(client, owner, deck):
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="missing"' in html  # the owner owns none of the cards: all of them are missing
    assert ("card-table missing-list", "Hiányzó lapok") in tables_in_regions(html)


def test_the_deck_lists_are_tables_in_named_scroll_regions(client, owner, deck):
    services.deck_update(deck=deck, user=owner, visibility=Visibility.PUBLIC)
    login(client, owner)
    mine = client.get("/decks/").content.decode()
    public = client.get("/decks/public/").content.decode()
    assert tables_in_regions(mine) == [("card-table stack-narrow", "Paklijaim")]
    assert tables_in_regions(public) == [("card-table stack-narrow", "Nyilvános paklik")]
    # the builder's name is text someone typed: it breaks and keeps its direction
    assert f'<span class="user-text">{owner.username}</span>' in public
