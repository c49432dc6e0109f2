"""The history page of a deck with many versions: one page of versions at a time, and no
read that loads every version's list (a deck keeps up to LIMIT_DECK_VERSIONS versions,
each holding the whole deck; loading them all took seconds and hundreds of megabytes)."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

from decks.models import DeckVersion, VersionKind
from decks.versioning import changes_between
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db

PAGE_SIZE = 20  # decks.history.HISTORY_PAGE_SIZE
VERSIONS = 45  # three pages: 20, 20 and 5


def kajtar_count(number: int) -> int:
    """How many Éjlépő Kajtár (AF1-001) version `number` holds: 3, 1, 2, 3, 1, 2, … (v45: 2)."""
    return (3, 1, 2)[(number - 1) % 3]


def add_versions(deck, up_to: int) -> None:
    """Versions 2..up_to of the deck, each a card edit changing Éjlépő Kajtár's count."""
    first = deck.versions.get(number=1)
    before, rows = first.entries, []
    for number in range(2, up_to + 1):
        after = [
            {**e, "count": kajtar_count(number)} if e["code"] == "AF1-001" else e
            for e in first.entries
        ]
        rows.append(
            DeckVersion(
                deck=deck,
                number=number,
                kind=VersionKind.EDITED,
                name=deck.name,
                format=deck.format,
                entries=after,
                changes=changes_between(before, after),
            )  # fmt: skip
        )
        before = after
    DeckVersion.objects.bulk_create(rows)


@pytest.fixture
def long_deck(deck, owner, client):
    add_versions(deck, VERSIONS)
    login(client, owner)
    client.cookies["django_language"] = "en"
    return deck


def shown(html: str) -> list[int]:
    """The version numbers listed on the page, in order."""
    return [int(n) for n in re.findall(r'<li id="v(\d+)">', html)]


def history(client, deck, **query) -> str:
    response = client.get(f"/decks/{deck.pk}/history/", query)
    assert response.status_code == 200
    return response.content.decode()


@contextmanager
def lists_loaded():
    """Counts the versions read from the database with their whole list of cards."""
    loaded = []

    def count(sender, instance, **kwargs):
        if "entries" in instance.__dict__:  # a deferred field is not set on the instance
            loaded.append(instance.number)

    post_init.connect(count, sender=DeckVersion)
    try:
        yield loaded
    finally:
        post_init.disconnect(count, sender=DeckVersion)


# --- one page at a time ------------------------------------------------------------------------
def test_the_history_shows_twenty_versions_a_page_newest_first(client, long_deck):
    first = history(client, long_deck)
    assert shown(first) == list(range(45, 25, -1))
    assert first.count("Page 1 of 3") == 2  # above and below the list
    assert 'href="?page=2" rel="next"' in first and 'href="?page=3"' in first
    assert "(the deck as it is now)" in first
    assert f'href="/decks/{long_deck.pk}/history/45/restore/"' not in first
    assert f'href="/decks/{long_deck.pk}/history/44/restore/"' in first

    second = history(client, long_deck, page=2)
    assert shown(second) == list(range(25, 5, -1))
    assert "Page 2 of 3" in second
    assert 'href="?page=1" rel="prev"' in second and 'href="?page=3" rel="next"' in second

    last = history(client, long_deck, page=3)
    assert shown(last) == [5, 4, 3, 2, 1]
    assert "Page 3 of 3" in last and 'rel="next"' not in last
    assert "(the deck as it is now)" not in last  # v45 is the deck now, on page 1
    assert f'href="/decks/{long_deck.pk}/history/1/restore/"' in last
    assert "−2 Kajtár Nightstepper" in last and "(3 → 1)" in last  # v2's own change, from v1


def test_a_short_history_has_no_page_links(client, deck, owner):
    add_versions(deck, 3)
    login(client, owner)
    html = history(client, deck)
    assert shown(html) == [3, 2, 1]
    assert 'class="pagination"' not in html and "?page=" not in html


@pytest.mark.parametrize(
    ("asked", "page"),
    [
        ("", 1),
        ("abc", 1),
        ("0", 1),
        ("-1", 1),
        ("²", 1),  # isdigit() says yes, int() says no
        ("٣", 1),
        ("2.5", 1),
        ("02", 2),
        ("4", 3),
        ("99999999999999999999", 3),
        ("9" * 5000, 3),  # int() refuses past 4,300 digits
    ],
)
def test_a_page_number_that_is_not_a_page_shows_the_nearest_one(client, long_deck, asked, page):
    html = history(client, long_deck, page=asked)
    assert f"Page {page} of 3" in html
    assert shown(html)[0] == VERSIONS - PAGE_SIZE * (page - 1)


def test_the_compare_form_offers_every_version_and_keeps_the_page(client, long_deck):
    html = history(client, long_deck, page=3)
    form = html.split('<form method="get" class="compare">')[1].split("</form>")[0]
    for name in ("a", "b"):
        select = form.split(f'<select name="{name}">')[1].split("</select>")[0]
        assert re.findall(r'<option value="(\d+)"', select) == [str(n) for n in range(45, 0, -1)]
    assert '<option value="44" selected>' in form.split('name="b"')[0]  # the two newest
    assert '<option value="45" selected>' in form.split('name="b"')[1]
    assert '<input type="hidden" name="page" value="3">' in form

    compared = history(client, long_deck, a=1, b=45, page=3)
    assert "From v1 to v45" in compared and "(3 → 2)" in compared
    assert shown(compared) == [5, 4, 3, 2, 1]  # still on page 3
    # The page links keep the comparison on screen.
    assert 'href="?a=1&amp;b=45&amp;page=2" rel="prev"' in compared


def test_a_comparison_refused_still_shows_its_message_on_any_page(client, long_deck):
    response = client.get(f"/decks/{long_deck.pk}/history/", {"a": "46", "b": "1", "page": "2"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "between 1 and 45" in html and "Page 2 of 3" in html
    assert 'href="?page=1" rel="prev"' in html  # page links do not carry a refused comparison


# --- what each request reads ------------------------------------------------------------------
def test_the_history_page_loads_no_versions_list(client, long_deck):
    with lists_loaded() as loaded:
        history(client, long_deck)
        history(client, long_deck, page=3)
    assert loaded == []


def test_the_history_page_costs_the_same_queries_for_many_versions(client, deck, owner):
    login(client, owner)
    history(client, deck)  # what the first request of a process reads once
    with CaptureQueriesContext(connection) as few:
        history(client, deck)
    add_versions(deck, VERSIONS)
    with CaptureQueriesContext(connection) as many:
        history(client, deck, page=2)
    assert len(many) == len(few)


def test_a_comparison_loads_only_the_two_versions_it_compares(client, long_deck):
    with lists_loaded() as loaded:
        html = history(client, long_deck, a=7, b=30)
    assert sorted(loaded) == [7, 30]
    assert "From v7 to v30" in html and "(3 → 2)" in html


def test_the_restore_preview_loads_only_the_deck_now_and_the_version_asked(client, long_deck):
    with lists_loaded() as loaded:
        response = client.get(f"/decks/{long_deck.pk}/history/1/restore/")
    assert sorted(loaded) == [1, 45]
    html = response.content.decode()
    assert response.status_code == 200 and "Restore v1?" in html and "(2 → 3)" in html
    assert client.get(f"/decks/{long_deck.pk}/history/46/restore/").status_code == 404
