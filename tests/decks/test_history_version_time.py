"""A version is shown at one time on the history page: when its cards were last set.

The compare menus said "v2 · 2026-12-08 01:27" (when the version was started) while the
list said 01:28 for the same v2 (the last edit folded into it): two times for one version.
Persona: the deck's owner, reading in English.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import formats, timezone, translation

from decks.models import DeckVersion, VersionKind
from decks.versioning import changes_between
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db

STARTED = datetime(2026, 12, 8, 0, 27, 10, tzinfo=UTC)
LAST_EDIT = STARTED + timedelta(minutes=1, seconds=5)  # an edit folded into the same version


def shown_at(moment: datetime) -> str:
    with translation.override("en"):
        return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


@pytest.fixture
def edited_deck(deck):
    """The deck with a v2: a burst of card edits started at STARTED, last edited at LAST_EDIT."""
    first = deck.versions.get(number=1)
    after = [{**e, "count": 1} if e["code"] == "AF1-001" else e for e in first.entries]
    DeckVersion.objects.create(
        deck=deck, number=2, kind=VersionKind.EDITED, name=deck.name, format=deck.format,
        entries=after, changes=changes_between(first.entries, after), edited_at=LAST_EDIT,
    )  # fmt: skip
    DeckVersion.objects.filter(deck=deck, number=2).update(created_at=STARTED)
    return deck


def test_the_compare_menus_and_the_list_give_a_version_the_same_time(client, owner, edited_deck):
    login(client, owner)
    client.cookies["django_language"] = "en"
    html = client.get(f"/decks/{edited_deck.pk}/history/").content.decode()
    in_menus = re.findall(r'<option value="2"[^>]*>v2 · ([^<]*)</option>', html)
    in_list = re.search(r"<strong>v2</strong> · (.*?) · ", html).group(1)
    assert in_menus == [shown_at(LAST_EDIT)] * 2
    assert in_list == shown_at(LAST_EDIT)
