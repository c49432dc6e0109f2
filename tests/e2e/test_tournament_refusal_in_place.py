"""A refused entry or result on a tournament's page, in the browser, with and without
JavaScript: the message comes beside the form that was used, and what it chose stays.

A player picks their deck that is too short for the event's format and registers; the
organiser types 2-2 for a best-of-1 table. Each reads why right under their form (with
JavaScript the focus is on that message, or on the refused row's first box), and the deck
or the games they chose are still there, so they change the one thing and send again.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Game
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services as tournament_services
from tournaments.models import Pairing, Player

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_refused_entry_and_result_are_said_beside_their_forms(signed_in, javascript):
    call_command("load_cards", verbosity=0)
    organiser = make_user("szervezo", language="en")
    anna, bela, cili = (make_user(n, language="en") for n in ("anna", "bela", "cili"))
    event = tournament_services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name="Keddi verseny"
    )
    for user in (anna, bela):
        deck = first_cards_deck(user, f"{user.username}'s deck", 15)
        tournament_services.tournament_register(tournament_id=event.pk, user=user, deck=deck)
    first_cards_deck(cili, "Full deck", 15)  # legal: the menu offers it first
    short = first_cards_deck(cili, "Too short", 12)

    page = signed_in(cili, javascript=javascript)
    page.goto(event.get_absolute_url())
    deck = page.locator("#t-deck")
    deck.select_option(str(short.pk))
    page.get_by_role("button", name="Register").click()
    error = page.locator("#registration #t-error-register")
    expect(error).to_contain_text("not legal in the tournament")
    expect(deck).to_have_value(str(short.pk))
    expect(page.locator(".messages")).to_have_count(0)  # no banner at the top
    if javascript:  # forms.js: the message has the focus (the menu is described by it)
        expect(error).to_be_focused()
    assert not Player.objects.filter(user=cili).exists()

    tournament_services.tournament_start(tournament_id=event.pk, user=organiser)
    pairing = Pairing.objects.get(round__tournament=event)
    page = signed_in(organiser, javascript=javascript)
    page.goto(event.get_absolute_url())
    row = page.locator(f"li:has(#result-table-{pairing.pk})")
    boxes = {name: row.locator(f"input[name={name}]") for name in ("wins_a", "wins_b", "draws")}
    boxes["wins_a"].fill("2")
    boxes["wins_b"].fill("2")
    row.get_by_role("button").click()
    said = row.locator(f"#t-error-result-{pairing.pk}")
    expect(said).to_contain_text("A best-of-1 match is a single game")
    expect(boxes["wins_a"]).to_have_value("2")
    expect(boxes["wins_b"]).to_have_value("2")
    expect(boxes["draws"]).to_have_value("0")
    if javascript:  # the first box of the refused row has the focus, the message its description
        expect(boxes["wins_a"]).to_be_focused()
    pairing.refresh_from_db()
    assert not pairing.decided
