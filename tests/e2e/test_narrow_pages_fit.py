"""The deck, print and rules pages fit a 390 px phone and a 1280 px laptop, whatever the names.

A table wider than the phone scrolls inside its own box, never the page; a deck name or a
username typed without a space (120 and 150 characters, the most the forms take) breaks
inside its heading, link or table cell instead of stretching the page past the window.
The deck's history shows no template text ("{# … #}") either.

Set E2E_SCREENSHOTS to a folder to keep a screenshot of each page (fit-<page>-<width>.png).
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict

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


# Runs in the page: each card table's display, whether its header row is in sight, and its
# rows as lists of cells {text, top, left, right, overflows}, empty cells left out.
TABLE_CELLS = """() => [...document.querySelectorAll("table.card-table")].map((table) => {
  const head = table.querySelector("thead tr");
  const h = head && head.getBoundingClientRect();
  return {
    display: getComputedStyle(table).display,
    header: !!h && h.width > 100 && h.height > 10,
    rows: [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.cells]
      .filter((cell) => cell.getClientRects().length > 0 && cell.textContent.trim())
      .map((cell) => {
        const r = cell.getBoundingClientRect();
        return {
          text: cell.textContent.trim().slice(0, 30),
          top: Math.round(r.top),
          left: r.left,
          right: r.right,
          overflows: cell.scrollWidth > cell.clientWidth + 1,
        };
      })),
  };
})"""

# the tables a person reads on a phone, each row a card there (site.css .stack-narrow)
STACKED = ("decks", "public", "print")
TABLE_ROLES = ("table", "row", "columnheader", "cell")


def test_a_phone_shows_every_cell_and_the_delete_button_a_laptop_an_ordinary_table(
    page, live_server, pages
):
    """At 390 px each row of the deck and print tables is a card: every cell's content and
    the print job's Delete button lie inside the window, with no sideways swipe to guess at.
    At 1280 px they are ordinary tables: a header row, each row's cells side by side. At
    both widths Chromium still reads them as tables (rows, column headers, cells)."""
    owner, paths = pages
    page.context.add_cookies(
        [{"name": "sessionid", "value": session_key(owner), "url": live_server.url}]
    )
    cdp = page.context.new_cdp_session(page)
    outside, read_as = [], defaultdict(list)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for name in STACKED:
            page.goto(paths[name])
            page.wait_for_load_state("networkidle")
            tables = page.evaluate(TABLE_CELLS)
            assert tables, f"{name}: no card table"
            for table in tables:
                assert table["display"] == "table", (name, width, table["display"])
                assert table["rows"], (name, width)
                for cells in table["rows"]:
                    for cell in cells:
                        if cell["left"] < 0 or cell["right"] > width or cell["overflows"]:
                            outside.append((name, width, cell))
                    if width == 1280:
                        assert table["header"], f"{name} at 1280: no header row in sight"
                        assert len({cell["top"] for cell in cells}) == 1, (name, cells)
            # the table's parts as Chromium hands them to a screen reader: the same at both
            # widths (no row, header or cell lost to the cards, not even an empty one)
            nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
            parts = Counter(n["role"]["value"] for n in nodes if n["role"]["value"] in TABLE_ROLES)
            read_as[name].append(dict(parts))
            if name == "print":
                delete = page.get_by_role("button", name="Alfa gyűjteményes paklija", exact=False)
                expect(delete).to_be_visible()
                box = delete.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
    assert not outside, f"cells past the window's edge or cut short: {outside}"
    for name, (phone, laptop) in read_as.items():
        assert phone == laptop and set(phone) == set(TABLE_ROLES), (name, phone, laptop)


def test_the_sign_in_errors_focus_ring_keeps_clear_of_the_first_label(page, live_server):
    """A refused sign-in puts the focus on the error box (static/js/forms.js): its ring,
    drawn outside the box, must not touch the "Username" label under it."""
    make_user("zsofi")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(reverse("accounts:login"))
    page.fill("#id_username", "zsofi")
    page.fill("#id_password", "not her password")
    page.locator("main form button[type=submit]").click()
    errors = page.locator(".form-errors")
    expect(errors).to_be_focused()
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "fit-login-error-1280.png"))
    gap = errors.evaluate(
        """(box) => {
          const style = getComputedStyle(box);
          const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
          const label = document.querySelector('label[for="id_username"]');
          return label.getBoundingClientRect().top - (box.getBoundingClientRect().bottom + ring);
        }"""
    )
    assert gap >= 4, f"the focus ring is {gap:.1f} px from the label"
