"""A keyboard and screen-reader user on the site's pages (Chromium), as the accessibility audit
walked them:

- the phone's menu closes on Escape (the focus back on its summary) and when the focus
  leaves it, instead of lying open over what the keyboard reaches next;
- a search says its count line, not the whole grid or table, at each pause in typing;
- a change made in place says what it did from a status region that stays on the page
  (a status region swapped in new is not read): the copies of a card after − or +, a set
  added to the collection, a print job's state (once per state, not once per percent);
- a full page that answers a form with errors puts the focus on the first error: the
  field it is about, or the message;
- at 320 px (a 1280 px window at 400% zoom) no page scrolls sideways.

The words checked are the pages' English ones (the players below read English), so they
do not wait for the Hungarian catalogue.
"""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Game
from collection import trades
from play.bots.alomfogo_cards import DEMO_DECKS
from printing.models import PrintJob, Status
from tests.e2e.pages import htmx_settled
from tests.factories import deck_print_job, make_user, own
from tests.play_rows import codes_deck, first_cards_deck, session_key
from tournaments import services as tournament_services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
FOCUSED = (
    "document.activeElement && (document.activeElement.id || document.activeElement.className)"
)
# Records every text the page's lasting status region is given, from the page's start.
RECORD_SAID = """
  window.__said = [];
  document.addEventListener("DOMContentLoaded", () => {
    const region = document.getElementById("page-said");
    window.__region = region;
    new MutationObserver(() => window.__said.push(region.textContent.trim()))
      .observe(region, { childList: true, characterData: true, subtree: true });
  });
"""
# The live regions (and what lies inside one) that hold the given element.
LIVE_AROUND = """(selector) => {
  const node = document.querySelector(selector);
  const live = node.closest(
    '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]'
  );
  return live ? (live.id || live.className || live.tagName) : null;
}"""


def signed_in_page(page, live_server, user):
    page.context.add_cookies(
        [{"name": "sessionid", "value": session_key(user), "url": live_server.url}]
    )
    return page


def said(page) -> list[str]:
    return page.evaluate("window.__said")


def test_the_phone_menu_closes_on_escape_and_when_the_focus_leaves_it(page, live_server):
    page.set_viewport_size(PHONE)
    page.goto("/")
    menu_closes_on_escape_and_focus_leaving(page)


def test_the_phone_menu_still_closes_after_back_to_an_htmx_search(page, live_server):
    # htmx's Back restores the page from its snapshot: new elements, listeners of the old gone
    call_command("load_cards", verbosity=0)
    page.set_viewport_size(PHONE)
    page.goto("/cards/")
    for query in ("t:révülő", "t:álomlény"):
        page.locator("#q").fill(query)
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"q="))
        expect(page.locator("#results .reading")).to_contain_text(query.split(":")[1])
    page.go_back()
    expect(page.locator("#results .reading")).to_contain_text("révülő")
    menu_closes_on_escape_and_focus_leaving(page)


def menu_closes_on_escape_and_focus_leaving(page):
    menu = page.locator("details.menu")
    summary = menu.locator("summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("Tab")  # into the menu's links
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"

    # open again and Tab on past its last link: it closes as the focus leaves it
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("open", "")
    links = menu.locator("nav a, nav button").count()
    for _ in range(links + 1):
        page.keyboard.press("Tab")
    assert not page.evaluate(
        "document.querySelector('details.menu').contains(document.activeElement)"
    )
    expect(menu).not_to_have_attribute("open", "")


def test_a_search_says_its_count_line_not_its_results(page, live_server):
    call_command("load_cards", verbosity=0)
    page.add_init_script(RECORD_SAID)
    page.goto("/cards/")
    assert page.evaluate(LIVE_AROUND, "#results .card-grid") is None
    page.locator("#q").focus()
    for key in "t:révülő":
        page.keyboard.type(key)
        page.wait_for_timeout(450)  # a pause in typing: htmx asks after 400 ms
    expect(page.locator("#results .reading")).to_contain_text("révülő")
    page.wait_for_load_state("networkidle")
    count_line = " ".join(page.locator("#results .reading").inner_text().split())
    expect(page.locator("#page-said")).to_have_text(count_line)  # said once htmx settles
    assert said(page), "the count was never said"
    assert said(page)[-1] == count_line
    assert all(len(words) < 200 for words in said(page)), said(page)
    # the region that says it was there from the start (a new one is not read)
    assert page.evaluate("window.__region === document.getElementById('page-said')")
    assert page.evaluate(LIVE_AROUND, "#results .card-grid") is None

    # the collection's search too
    zsofi = make_user("zsofi", language="en")
    own(zsofi, AF1_001=2, AF1_002=1)
    signed_in_page(page, live_server, zsofi)
    page.goto("/collection/")
    assert page.evaluate(LIVE_AROUND, "#collection-results table") is None
    page.locator("#q").fill("set:AF1")
    page.keyboard.press("Enter")
    expect(page.locator("#collection-results .reading")).to_contain_text("whose set is AF1")
    page.wait_for_load_state("networkidle")
    count_line = " ".join(page.locator("#collection-results .reading").inner_text().split())
    expect(page.locator("#page-said")).to_have_text(count_line)
    assert said(page)[-1] == count_line


def test_copies_and_a_whole_set_added_are_said_from_a_lasting_region(page, live_server):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    signed_in_page(page, live_server, zsofi)
    page.add_init_script(RECORD_SAID)

    page.goto("/cards/AF1-002/")
    page.locator("#owned-AF1-002-more").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#owned-AF1-002 .owned-count")).to_have_text("1")
    expect(page.locator("#page-said")).to_have_text("Soyana Ice-Eye: 1 copy in your collection")
    assert page.evaluate("window.__region === document.getElementById('page-said')")
    htmx_settled(page)
    page.locator("#owned-AF1-002-more").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#page-said")).to_have_text("Soyana Ice-Eye: 2 copies in your collection")

    # the collection page's rows say it the same way; its search rows say nothing
    page.goto("/collection/")
    page.locator("#owned-AF1-002-less").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#page-said")).to_have_text("Soyana Ice-Eye: 1 copy in your collection")

    page.goto("/cards/sets/AF1/")
    page.get_by_role("button", name="Add the whole set to my collection").click()
    done = page.locator(".set-add .ok")
    expect(done).to_be_visible()
    expect(page.locator("#page-said")).to_have_text(done.inner_text())
    assert page.evaluate(LIVE_AROUND, ".set-add .ok") is None  # said once, by the lasting region


def test_a_print_job_says_each_state_once(page, live_server):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    deck = first_cards_deck(zsofi, "Támadó", 15)
    job = deck_print_job(zsofi, deck, progress=0)
    signed_in_page(page, live_server, zsofi)
    page.add_init_script(RECORD_SAID)
    page.goto(f"/print/jobs/{job.pk}/")
    progress = page.locator("#job-progress")

    def becomes(**fields):
        PrintJob.objects.filter(pk=job.pk).update(**fields)

    becomes(status=Status.RUNNING, progress=20)
    expect(progress).to_have_attribute("value", "20")
    for percent in (40, 60, 80):  # every second a poll: each percent is drawn, none is said
        becomes(progress=percent)
        expect(progress).to_have_attribute("value", str(percent))
    assert said(page) == ["Making the PDF…"]
    becomes(status=Status.DONE, progress=100, pages=8)
    expect(page.get_by_role("link", name="Download the PDF (8 pages)")).to_be_visible()
    # said after htmx settles (20 ms after the swap that drew the link): waited for, then counted
    expect(page.locator("#page-said")).to_have_text("The PDF is ready to download.")
    assert said(page) == ["Making the PDF…", "The PDF is ready to download."]
    # the bar and its words are no live region: only the lasting one speaks
    assert page.evaluate(LIVE_AROUND, "#job-progress") is None


def test_a_form_answered_with_errors_puts_the_focus_on_the_first_one(page, live_server):
    page.goto("/accounts/signup/")
    page.locator("[name=username]").fill("botlik-zsofi")
    page.locator("[name=password1]").fill("kartya-var-2026!")
    page.locator("[name=password2]").fill("mashogy-2026!")
    page.locator("main button[type=submit]").click()
    expect(page.locator(".has-error")).to_have_count(1)
    expect(page.locator("#id_password2")).to_be_focused()
    # a page opened without sending a form keeps the browser's focus (the name's autofocus,
    # which the browser applies a moment after the load: hence a waiting check)
    page.goto("/accounts/signup/")
    expect(page.locator("#id_username")).to_be_focused()

    # a refusal carried by a message after the redirect: said at once, and focused
    call_command("load_cards", verbosity=0)
    organiser = make_user("szervezo", language="en")
    zsofi = make_user("zsofi", language="en")
    cup = tournament_services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name="Őszi kupa"
    )
    first_cards_deck(zsofi, "Kicsi", 5)  # 15 cards: not legal for the event
    signed_in_page(page, live_server, zsofi)
    page.goto(cup.get_absolute_url())
    page.get_by_role("button", name="Register").click()
    refusal = page.locator(".message.error")
    expect(refusal).to_be_visible()
    expect(refusal).to_have_attribute("role", "alert")
    expect(refusal).to_be_focused()


@pytest.fixture
def wide_pages(transactional_db, live_server):
    """A Hungarian player's pages that scrolled sideways at 320 px: the card search (its sort
    select), a deck in the builder (the − and +), her collection (the completion table) and
    her trade lists (a count's hidden label)."""
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="hu")
    own(zsofi, AF1_001=5, AF1_002=6)  # copies beyond a deck's 3: her have list
    trades.trade_lists_refresh(user=zsofi)
    deck = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    return zsofi, ["/cards/", f"/decks/{deck.pk}/edit/", "/collection/", "/collection/trades/"]


def test_no_page_scrolls_sideways_at_400_percent_zoom(page, live_server, wide_pages):
    zsofi, paths = wide_pages
    signed_in_page(page, live_server, zsofi)
    page.set_viewport_size({"width": 320, "height": 640})
    too_wide = {}
    for path in paths:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 320:
            too_wide[path] = width
    assert not too_wide, too_wide
