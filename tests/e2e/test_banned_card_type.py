"""A table that bans a card type, in the browser (DECISIONS, Álomfogó 8).

A person picks "no events" in the lobby: their deck with an event is refused
beside the form, the event named and the ban still chosen; their deck without
one starts the match against a bot, whose own deck leaves events out too.
"""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from play.bots.alomfogo_cards import DEMO_DECKS
from play.models import Match
from tests.factories import make_user
from tests.play_rows import codes_deck

pytestmark = pytest.mark.django_db(transaction=True)

HARCI_DOBOK = "AFD-054"  # Harci dobok (War Drums): esemény, in the "tamado" demo deck


def test_a_banned_type_refuses_a_deck_holding_it_and_plays_one_without(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    with_events = codes_deck(zsofi, "With events", DEMO_DECKS["tamado"])
    without = codes_deck(
        zsofi, "Without events", [c for c in DEMO_DECKS["tamado"] if c != HARCI_DOBOK]
    )
    page = signed_in(zsofi)

    page.goto("/play/")
    form = page.locator("form:has(#m-deck)")
    assert page.locator("label[for=m-banned_types]").inner_text() == "Banned card type"
    page.select_option("#m-deck", str(with_events.pk))
    page.select_option("#m-opp", "bot:greedy")
    page.select_option("#m-banned_types", "esemeny")
    form.get_by_role("button", name="Start").click()
    error = page.locator("#new-alomfogo-error")
    error.wait_for()
    assert (
        "The “Casual” format allows no event cards at this table: War Drums." in error.inner_text()
    )
    assert page.locator("#m-banned_types").input_value() == "esemeny"
    assert not Match.objects.exists()

    page.select_option("#m-deck", str(without.pk))
    page.locator("form:has(#m-deck)").get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))  # the table
    match = Match.objects.get()
    assert match.status == "running" and match.options["banned_types"] == ["esemeny"]
