"""Answering a proposal with htmx updates the page's trade badges in the same answer.

htmx swaps only the proposal's block; the header's Trades link ("Trades 1"), its closed
phone menu and the trade menu's Proposals tab ("Proposals 1 (1 waiting for your answer)")
lie outside it. Each badge sits in a .trade-badge-slot, and the answer carries the new
badge out of band (hx-swap-oob) for every slot.

Personas: the partner a proposal was made to, and the owner who made it.
"""

from __future__ import annotations

import re

import pytest

from collection import trades
from tests.factories import PASSWORD, own, propose

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# A badge's slot: the number and the words for a screen reader, or nothing (no news).
SLOT = re.compile(
    r'<span class="trade-badge-slot"( hx-swap-oob="outerHTML:\.trade-badge-slot")?>'
    r"((?:<span[^>]*>[^<]*</span>)*)</span>"
)
TAG = re.compile(r"<[^>]+>")


def login(client, user) -> None:
    client.logout()
    client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = "en"


def badges(html: str, *, oob: bool) -> list[str]:
    """What each badge slot (sent out of band, or drawn in place) shows, as text."""
    return [TAG.sub("", inner) for marked, inner in SLOT.findall(html) if bool(marked) == oob]


def answer(client, proposal, action: str):
    url = f"/collection/trades/proposals/{proposal.pk}/answer/"
    return client.post(url, {"action": action}, **HTMX)


@pytest.fixture
def two_offers(cards, owner, partner):
    own(owner, AF1_001=5)
    own(partner, AF1_008=2)
    first = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    second = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    return first, second


def test_every_badge_on_a_proposal_page_can_be_replaced_out_of_band(client, two_offers):
    first, _ = two_offers
    login(client, first.partner)
    html = client.get(f"/collection/trades/proposals/{first.pk}/").content.decode()
    # the closed phone menu, both header menus and the trade menu's Proposals tab
    assert badges(html, oob=False) == ["2 (2 waiting for your answer)"] * 4
    assert badges(html, oob=True) == []  # a page drawn whole sends nothing out of band


@pytest.mark.parametrize("action", ["accept", "decline"])
def test_answering_sends_the_new_counts_with_the_answer(client, two_offers, action):
    first, second = two_offers
    login(client, first.partner)
    response = answer(client, first, action)
    assert response.status_code == 200
    html = response.content.decode()
    assert badges(html, oob=True) == ["1 (1 waiting for your answer)"]
    # the last one answered: the badges go
    assert badges(answer(client, second, "decline").content.decode(), oob=True) == [""]


def test_a_refused_answer_sends_the_counts_too(client, two_offers):
    """The maker withdrew while the partner's page was open: the refusal shows by the
    buttons, and the badge no longer counts the withdrawn proposal."""
    first, _ = two_offers
    trades.proposal_withdraw(user=first.maker, proposal_id=first.pk)
    login(client, first.partner)
    response = answer(client, first, "accept")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html
    assert badges(html, oob=True) == ["1 (1 waiting for your answer)"]


def test_withdrawing_sends_the_makers_counts(client, two_offers):
    first, second = two_offers
    trades.proposal_decline(user=first.partner, proposal_id=first.pk)  # news for the maker
    login(client, second.maker)
    response = answer(client, second, "withdraw")
    assert response.status_code == 200
    assert badges(response.content.decode(), oob=True) == ["1 (1 new answer)"]


def test_without_javascript_the_page_after_the_answer_counts_anew(client, two_offers):
    first, _ = two_offers
    login(client, first.partner)
    url = f"/collection/trades/proposals/{first.pk}/answer/"
    page = client.post(url, {"action": "decline"}, follow=True).content.decode()
    assert badges(page, oob=False) == ["1 (1 waiting for your answer)"] * 4
