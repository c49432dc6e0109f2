"""The deck, print and rules pages fit a 390 px phone and a 1280 px laptop, whatever the names.

A table wider than the phone scrolls inside its own box, never the page; a deck name or a
username typed without a space (120 and 150 characters, the most the forms take) breaks
inside its heading, link or table cell instead of stretching the page past the window.
The deck's history shows no template text ("{# … #}") either.

Set E2E_SCREENSHOTS to a folder to keep a screenshot of each page (fit-<page>-<width>.png).
"""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from core.games import all_games
from decks import services as deck_services
from decks.models import Visibility
from play.bots.alomfogo_cards import DEMO_DECKS
from printing.models import PrintJob, SourceKind, Status
from tests.factories import make_user
from tests.play_rows import codes_deck, session_key

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 1280)
SHOTS = os.environ.get("E2E_SCREENSHOTS")
LONG_NAME = "Á" + "x" * 119  # a deck name as long as the form takes, with no space to wrap at
LONG_USERNAME = "u" * 150


@pytest.fixture
def pages(transactional_db, live_server):
    """The addresses to look at (name: path), seen by the owner of a deck with a long name."""
    call_command("load_cards", verbosity=0)
    owner = make_user("zsofi")
    deck = codes_deck(owner, "Támadó", DEMO_DECKS["tamado"])
    # a rename: the history says "Renamed: “Támadó” → “Áxxx…”"
    deck_services.deck_update(deck=deck, user=owner, name=LONG_NAME, visibility=Visibility.PUBLIC)
    codes_deck(owner, "Alfa gyűjteményes paklija", DEMO_DECKS["vedo"])
    stranger = make_user(LONG_USERNAME)
    theirs = codes_deck(stranger, "y" * 120, DEMO_DECKS["vedo"])
    deck_services.deck_update(deck=theirs, user=stranger, visibility=Visibility.PUBLIC)
    PrintJob.objects.create(
        user=owner,
        source_kind=SourceKind.DECK,
        deck_version=deck.versions.order_by("number").first(),
        cards=[],
        title="Alfa gyűjteményes paklija",  # its longest word sets the column's width
        options={},
        content_hash="x",
        status=Status.DONE,
        progress=100,
        pages=8,
    )
    return owner, {
        "decks": "/decks/",
        "public": "/decks/public/",
        "print": "/print/",
        "history": f"/decks/{deck.pk}/history/",
        "edit": f"/decks/{deck.pk}/edit/",
        "detail": f"/decks/{deck.pk}/",
        "settings": f"/decks/{deck.pk}/settings/",
        # each game's "How to play" page: long card texts and lists in a narrow column
        **{f"rules-{spec.id}": reverse("catalog:rules", args=[spec.id]) for spec in all_games()},
    }


def test_deck_print_and_rules_pages_never_scroll_sideways(page, live_server, pages):
    owner, paths = pages
    page.context.add_cookies(
        [{"name": "sessionid", "value": session_key(owner), "url": live_server.url}]
    )
    too_wide, template_text = {}, []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for name, path in paths.items():
            page.goto(path)
            page.wait_for_load_state("networkidle")
            if SHOTS:
                page.screenshot(path=os.path.join(SHOTS, f"fit-{name}-{width}.png"), full_page=True)
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            if scroll_width > width:
                too_wide[f"{path} at {width}"] = scroll_width
            if "{#" in page.locator("main").inner_text():
                template_text.append(path)
    assert not too_wide, f"pages wider than the window (their width in px): {too_wide}"
    assert not template_text, f"template comments shown as text on {template_text}"


def test_the_sample_hands_turns_are_numbered_once(page, live_server, pages):
    """Each turn's line says its number ("1. kör: …"); a numbered list added its own."""
    owner, paths = pages
    page.context.add_cookies(
        [{"name": "sessionid", "value": session_key(owner), "url": live_server.url}]
    )
    page.goto(paths["detail"] + "sample/?seed=3")
    turns = page.locator(".goldfish li")
    expect(turns.first).to_contain_text("1.")
    list_style = page.locator(".goldfish").evaluate("(ol) => getComputedStyle(ol).listStyleType")
    assert list_style == "none"
