"""A phone 390 × 844: the live tables keep the prompt in sight, and no page is wider than the phone.

On every game's table the prompt (what the player must decide now, with the turn's own
buttons) comes above the player's hand, and while the match runs it stays pinned to the
bottom of the window: at the top of the page, before any scrolling, it is on screen and
nothing lies over it, and once the hand is scrolled into view the prompt sits above it,
over none of its cards. At 1280 × 800 it is in the first window too, in the side column.

The site's pages a player visits (home, card search and a card, decks, a deck, the
builder, the print page, the collection, trades, tournaments, the lobby and a replay)
never scroll sideways on the phone, and their stand-alone controls are finger-sized.

Set E2E_SCREENSHOTS to a folder to keep a screenshot of each table (narrow-<game>.png).
"""

from __future__ import annotations

import json
import os

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Game
from play.bots.alomfogo_cards import DEMO_DECKS
from play.models import Match
from tests.e2e.pages import action_key, api_state, showing, wait_past
from tests.e2e.test_table_cards_oniroo import a_deal_the_person_opens_with_a_play
from tests.factories import make_user, own, propose
from tests.play_rows import codes_deck
from tests.table_policies import arcane_choice
from tournaments import services as tournament_services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
FINGER = 32  # px: the smallest height a control a finger aims at may have
SHOTS = os.environ.get("E2E_SCREENSHOTS")

# Runs in the page: the boxes (viewport coordinates) of the prompt's box, its first button,
# the hand and the hand's cards, and whether the prompt's box is on top at its middle.
BOXES = """() => {
  const box = (node) => {
    if (!node) return null;
    const r = node.getBoundingClientRect();
    if (!r.width && !r.height) return null;
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const controls = document.getElementById("table-controls");
  const c = controls.getBoundingClientRect();
  const top = document.elementFromPoint(c.left + c.width / 2, c.top + Math.min(c.height / 2, 20));
  return {
    controls: box(controls),
    button: box(controls.querySelector("#table-actions button")),
    hand: box(document.getElementById("table-hand")),
    cards: [...document.querySelectorAll("#table-hand-cards .tcard-face")].map(box),
    onTop: !!top && controls.contains(top),
  };
}"""

# The controls a finger aims at outside running text (site.css, collection.css, table.css).
CONTROLS = ", ".join(
    [
        ".brand, .header-tools a, .header-tools button, .step, .deck-entry a, .missing-list a",
        ".search-options select, .view-toggle label, .filters summary, .pagination a",
        ".actions > a, .breadcrumbs a, button.small, .button.small, .trade-nav a",
        ".trade-add button, .replay-turn select, .replay-share, .replay-steps a",
    ]
)
# Runs in the page: those controls lower than `least` px (a finger misses them).
SMALL_CONTROLS = """([selector, least]) => [...document.querySelectorAll(selector)]
  .filter((node) => node.getClientRects().length && node.getBoundingClientRect().height < least)
  .map((node) => {
    const height = Math.round(node.getBoundingClientRect().height);
    const words = node.textContent.trim().slice(0, 30);
    return `${node.className || node.tagName} "${words}" ${height} px`;
  })"""


def sideways(page) -> int:
    """How far the page scrolls sideways past the window (0: not at all)."""
    return page.evaluate("document.scrollingElement.scrollWidth - innerWidth")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"narrow-{name}.png"))


def the_seats_move(page, match_id) -> dict:
    """Wait until it is the page's seat to move (bots move by themselves); the state shown."""
    state = api_state(page, match_id)
    while not state["legal"]:
        assert state["status"] == "running", state["status"]
        wait_past(page, state["version"], or_over=True)
        state = api_state(page, match_id)
    showing(page, state["version"])
    return state


def assert_prompt_in_sight(page, *, game: str, beside: bool = False) -> None:
    """The prompt is on screen at the top of the page and, on one column (not `beside` the
    play area), above the hand, over none of its cards."""
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator("#table-prompt")).not_to_be_empty()
    boxes = page.evaluate(BOXES)
    height = page.viewport_size["height"]
    controls = boxes["controls"]
    assert controls and 0 <= controls["top"] < controls["bottom"] <= height, (game, boxes)
    assert boxes["onTop"], f"{game}: something lies over the prompt"
    if boxes["button"]:
        assert boxes["button"]["bottom"] <= height, (game, boxes)
    assert sideways(page) <= 0, f"{game}: the table scrolls sideways"
    if boxes["hand"] and not beside:
        page.locator("#table-hand").evaluate("hand => hand.scrollIntoView({block: 'end'})")
        boxes = page.evaluate(BOXES)
        assert boxes["controls"]["bottom"] <= boxes["hand"]["top"] + 1, (game, boxes)
        for card in boxes["cards"]:
            if card:
                assert boxes["controls"]["bottom"] <= card["top"], (game, boxes)
    page.evaluate("window.scrollTo(0, 0)")


@pytest.fixture
def zsofi(transactional_db):
    call_command("load_cards", verbosity=0)
    return make_user("zsofi")


def test_every_tables_prompt_is_in_sight_on_a_phone(seed_file, signed_in, zsofi):
    """Álomfogó against the greedy bot, a four-player ONIROO with bots, an Arcane Guardian
    dungeon: at the player's move the prompt is on the phone's first screen, above the hand.

    The deals are pinned: with a drawn one a bot now and then woke its ONIROO dream up
    before the person's first move (19 deals in 20,000), and there was no move to look at.
    """
    seed_file.write_text(str(a_deal_the_person_opens_with_a_play(4)))
    deck = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    page = signed_in(zsofi)
    page.set_viewport_size(PHONE)
    page.emulate_media(reduced_motion="reduce")

    page.goto("/play/")
    page.select_option("#m-deck", str(deck.pk))
    page.select_option("#m-opp", "bot:greedy")
    page.locator("form:has(#m-deck) button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    match = Match.objects.get()
    the_seats_move(page, match.pk)
    shot(page, "alomfogo")
    assert_prompt_in_sight(page, game="alomfogo")
    page.set_viewport_size(WIDE)  # the side column: in the first window on a laptop too
    assert_prompt_in_sight(page, game="alomfogo at 1280", beside=True)
    page.set_viewport_size(PHONE)

    seen = {match.pk}
    page.goto("/play/")
    for name, value in {"players": "4", "level": "5", "games": "1", "opp": "bot:greedy"}.items():
        page.select_option(f"#o-{name}", value)
    page.locator("form.oniroo-new button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    oniroo = Match.objects.exclude(pk__in=seen).get()
    seen.add(oniroo.pk)
    the_seats_move(page, oniroo.pk)
    shot(page, "oniroo")
    assert_prompt_in_sight(page, game="oniroo")

    page.goto("/play/")
    page.locator("form.arcane-new button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    dungeon = Match.objects.exclude(pk__in=seen).get()
    the_seats_move(page, dungeon.pk)
    shot(page, "arcane")
    assert_prompt_in_sight(page, game="arcane-guardian")


def play_to_the_end(page, match_id, choose, *, cap: int = 300) -> None:
    """Click the seat's moves (`choose(legal)`) on the table until the match is over."""
    state = api_state(page, match_id)
    for _ in range(cap):
        if state["status"] != "running":
            return
        state = the_seats_move(page, match_id)
        action = choose(state["legal"])
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
        wait_past(page, state["version"], or_over=True)
        state = api_state(page, match_id)
    assert state["status"] != "running", f"still running after {cap} moves"


def test_no_page_scrolls_sideways_on_a_phone(signed_in, zsofi):
    gergo = make_user("gergo")
    deck = codes_deck(zsofi, "Éjlépő Kajtár és a hajnali révülők paklija", DEMO_DECKS["tamado"])
    codes_deck(gergo, "Védő", DEMO_DECKS["vedo"])
    mine, theirs = DEMO_DECKS["tamado"], DEMO_DECKS["vedo"]
    own(zsofi, **{code.replace("-", "_"): 2 for code in mine[:4]})
    own(gergo, **{code.replace("-", "_"): 3 for code in theirs[:4]})
    propose(zsofi, gergo, gives={mine[0]: 1}, gets={theirs[0]: 1})
    event = tournament_services.tournament_create(
        organiser=zsofi, game=Game.objects.get(slug="alomfogo"), name="Keddi verseny"
    )
    page = signed_in(zsofi)
    page.set_viewport_size(PHONE)
    page.emulate_media(reduced_motion="reduce")

    # a finished dungeon for the replay page (a solo game: no bot to wait for)
    page.goto("/play/")
    page.locator("form.arcane-new button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    dungeon = Match.objects.get()
    play_to_the_end(page, dungeon.pk, arcane_choice)

    pages = [
        "/",
        "/cards/?q=t:révülő",
        f"/cards/{mine[0]}/",
        "/decks/",
        f"/decks/{deck.pk}/",
        f"/decks/{deck.pk}/edit/",
        f"/print/new/?deck={deck.pk}",
        "/collection/",
        "/collection/trades/",
        "/collection/trades/proposals/",
        "/tournaments/",
        event.get_absolute_url(),
        "/play/",
        f"/play/{dungeon.pk}/replay/",
    ]
    wide, small = {}, {}
    for url in pages:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        if sideways(page) > 0:
            wide[url] = sideways(page)
        tiny = page.evaluate(SMALL_CONTROLS, [CONTROLS, FINGER])
        if tiny:
            small[url] = tiny
    assert not wide, f"pages wider than the phone (px past its edge): {wide}"
    assert not small, f"controls too small for a finger: {small}"
