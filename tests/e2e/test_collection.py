"""Collectors in Chromium: import what they own, see what a deck lacks, build it, print the rest;
then find a trading partner, propose, accept from the other account, and both collections change."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Game
from collection import services as collection_services
from collection import trades
from collection.models import TradeProposal
from decks import services as deck_services
from decks.entries import Entry
from printing.models import PrintJob
from tests.factories import make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def two_decks(owner):
    """Two decks of the same three cards, 3 copies each; the owner has none yet."""
    from catalog.models import Card
    from catalog.records import row_record

    call_command("load_cards", verbosity=0)
    game = Game.objects.get(slug="alomfogo")
    cards = [row_record(c) for c in Card.objects.filter(code__in=["AF1-001", "AF1-002", "AF1-003"])]
    entries = [Entry(card=card, count=3) for card in cards]
    return [
        deck_services.deck_create(owner=owner, game=game, name=name, entries=entries)
        for name in ("Első", "Második")
    ]


def test_a_collectors_whole_flow_from_import_to_an_accepted_trade(signed_in, owner, two_decks):
    first, second = two_decks
    page = signed_in(owner)

    # Import: a code line and a name line; a typo first, which saves nothing.
    page.goto("/collection/import/")
    box = page.get_by_label("Gyűjtemény CSV-ben")
    box.fill("code,count\nAF1-001,3\nJégszem Soyanna,2")
    page.get_by_role("button", name="Importálás").click()
    expect(page.get_by_role("alert")).to_contain_text("Jégszem Soyana")  # the suggestion
    page.goto("/collection/")
    expect(page.locator("#owned-AF1-001")).to_have_count(0)
    page.goto("/collection/import/")
    page.get_by_label("Gyűjtemény CSV-ben").fill("code,count\nAF1-001,3\nJégszem Soyana,2")
    page.get_by_role("button", name="Importálás").click()
    expect(page).to_have_url("/collection/")
    expect(page.locator("#owned-AF1-001 .owned-count")).to_have_text("3")
    expect(page.locator("#owned-AF1-002 .owned-count")).to_have_text("2")

    # The deck page: 3 × AF1-003 and 1 × AF1-002 missing.
    page.goto(f"/decks/{first.pk}/")
    missing = page.locator("#missing")
    expect(missing).to_contain_text("Hiányzó példányok összesen: 4")
    # Build it from my cards: the other deck now lacks what this one holds.
    page.get_by_role("button", name="Összeraktam a saját lapjaimból").click()
    # htmx swaps the panel once the switch is stored: leaving before that would race it
    expect(page.locator("#built-state")).to_be_visible()
    page.goto(f"/decks/{second.pk}/")
    expect(page.locator("#missing")).to_contain_text("Hiányzó példányok összesen: 9")
    page.goto(f"/decks/{second.pk}/edit/")
    expect(page.get_by_text("3 van · 0 szabad").first).to_be_visible()

    # Proxies of exactly what is missing.
    page.goto(f"/decks/{first.pk}/")
    page.get_by_role("link", name="Nyomtasd ki a hiányzó lapokat").click()
    page.get_by_role("button", name="PDF készítése").click()
    page.wait_for_url(re.compile(r"/print/jobs/[0-9a-f-]+/$"))
    job = PrintJob.objects.get(pk=page.url.rstrip("/").rsplit("/", 1)[1])
    printed = {item["code"]: item["count"] for item in job.cards}
    assert printed == {"AF1-002": 1, "AF1-003": 3}

    # A trade: a partner whose spare copies meet my wants, and whose wants meet mine.
    partner = make_user("cserepartner", trades_open=True)
    trades.trade_lists_open(user=owner, open=True)
    collection_services.collection_set_count(user=owner, code="AF1-004", count=5)
    collection_services.collection_set_count(user=partner, code="AF1-005", count=5)
    trades.trade_entry_set(user=owner, code="AF1-005", side="want", count=2)
    trades.trade_entry_set(user=partner, code="AF1-004", side="want", count=2)
    trades.trade_lists_refresh(user=partner)  # as their last visit to a trade page did

    mine = page
    mine.goto("/collection/trades/partners/")
    mine.get_by_role("link", name="Cserét ajánlok").first.click()
    mine.get_by_role("button", name="Ajánlat küldése").click()
    proposal = TradeProposal.objects.get(maker=owner, partner=partner)

    theirs = signed_in(partner)
    theirs.goto(f"/collection/trades/proposals/{proposal.pk}/")
    theirs.get_by_role("button", name="Elfogadom").click()
    expect(theirs.locator("body")).to_contain_text("elfogad")

    theirs.goto("/collection/")
    expect(theirs.locator("#owned-AF1-004 .owned-count")).to_have_text("2")
    expect(theirs.locator("#owned-AF1-005 .owned-count")).to_have_text("3")
    mine.goto("/collection/")
    expect(mine.locator("#owned-AF1-004 .owned-count")).to_have_text("3")
    expect(mine.locator("#owned-AF1-005 .owned-count")).to_have_text("2")


def test_a_csv_file_chosen_in_the_browser_is_imported_whole(signed_in, owner, tmp_path):
    """The browser's own multipart framing passes the edge's check on forms that arrive whole."""
    call_command("load_cards", verbosity=0)
    page = signed_in(owner)
    csv = tmp_path / "gyujtemeny.csv"
    csv.write_text("code,count\nAF1-004,2\n", encoding="utf-8")
    page.goto("/collection/import/")
    page.get_by_label("…vagy egy CSV-fájl").set_input_files(str(csv))
    page.get_by_role("button", name="Importálás").click()
    expect(page).to_have_url("/collection/")
    expect(page.locator("#owned-AF1-004 .owned-count")).to_have_text("2")
