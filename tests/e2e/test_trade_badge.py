"""Trade news in Chromium: a proposal made to me shows as a badge on the header's Trades
link and the Proposals tab, read out in words, until I answer it; the answer is then news
to the player who proposed, until they open it."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.factories import make_user, own, propose

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The WCAG contrast ratio of the badge's text on its own background, worked out in the page.
CONTRAST = """badge => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const style = getComputedStyle(badge);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


@pytest.fixture
def offer():
    call_command("load_cards", verbosity=0)
    maker = make_user("ajanlo", language="en")
    partner = make_user("valaszolo", language="en")
    own(maker, AF1_001=5)
    own(partner, AF1_008=2)
    return propose(maker, partner, {"AF1-001": 1}, {"AF1-008": 1})


def test_the_badge_tells_the_partner_then_the_maker(signed_in, offer):
    page = signed_in(offer.partner)
    page.goto("/")
    trades_link = page.locator(".nav-wide").get_by_role("link", name="Trades")
    expect(trades_link).to_have_accessible_name("Trades (1 waiting for your answer)")
    badge = trades_link.locator(".trade-badge")
    expect(badge).to_be_visible()
    expect(badge).to_have_text("1")
    assert badge.evaluate(CONTRAST) >= 4.5
    # beside the link's word, on its line, not below it
    word, pill = trades_link.bounding_box(), badge.bounding_box()
    assert pill["y"] >= word["y"] and pill["y"] + pill["height"] <= word["y"] + word["height"]

    # a phone: the menu holds the same link and badge
    page.set_viewport_size({"width": 390, "height": 800})
    closed_menu = page.locator(".menu summary")  # news shows before the menu is opened
    expect(closed_menu).to_have_accessible_name("Menu (1 waiting for your answer)")
    expect(closed_menu.locator(".trade-badge")).to_be_visible()
    closed_menu.click()
    narrow = page.locator(".menu").get_by_role("link", name="Trades")
    expect(narrow.locator(".trade-badge")).to_be_visible()

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/collection/trades/")
    page.get_by_role("link", name="1 proposal is waiting for your answer").click()
    tab = page.locator(".trade-nav").get_by_role("link", name="Proposals")
    expect(tab).to_have_accessible_name("Proposals (1 waiting for your answer)")
    page.locator(".proposal-list").get_by_role("link", name="From ajanlo").click()
    page.get_by_role("button", name="Decline").click()
    expect(page.get_by_role("status")).to_contain_text("Declined.")
    # at once, without a reload: the answer carries the badges out of band
    expect(page.locator(".trade-badge")).to_have_count(0)
    expect(
        page.locator(".trade-nav").get_by_role("link", name="Proposals")
    ).to_have_accessible_name("Proposals")
    page.reload()
    expect(page.locator(".trade-badge")).to_have_count(0)

    # the maker: the answer is news until they open the proposal
    page = signed_in(offer.maker)
    page.goto("/")
    trades_link = page.locator(".nav-wide").get_by_role("link", name="Trades")
    expect(trades_link).to_have_accessible_name("Trades (1 new answer)")
    page.goto("/collection/trades/proposals/")
    page.locator(".proposal-list").get_by_role("link", name="To valaszolo").click()
    expect(page.locator(".trade-badge")).to_have_count(0)


def test_answering_one_of_two_counts_down_in_place(signed_in, offer):
    """The header's Trades link, the closed phone menu and the Proposals tab all follow the
    answer as soon as it is given: 2 → 1, in the number and in the words."""
    second = propose(offer.maker, offer.partner, {"AF1-001": 1}, {"AF1-008": 1})
    page = signed_in(offer.partner)
    page.goto(f"/collection/trades/proposals/{second.pk}/")
    trades_link = page.locator(".nav-wide").get_by_role("link", name="Trades")
    tab = page.locator(".trade-nav").get_by_role("link", name="Proposals")
    expect(trades_link).to_have_accessible_name("Trades (2 waiting for your answer)")
    page.get_by_role("button", name="Accept").click()
    expect(page.get_by_role("status")).to_contain_text("Accepted")
    expect(trades_link).to_have_accessible_name("Trades (1 waiting for your answer)")
    expect(trades_link.locator(".trade-badge")).to_have_text("1")
    expect(tab).to_have_accessible_name("Proposals (1 waiting for your answer)")
    page.set_viewport_size({"width": 390, "height": 800})  # a phone: the closed menu
    expect(page.locator(".menu summary")).to_have_accessible_name(
        "Menu (1 waiting for your answer)"
    )
