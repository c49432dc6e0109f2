"""A player whose lists are hidden is told on the propose page, before filling anything in,
that trading goes both ways, with the way to show their lists; no form that could not be
sent, nor the other player's cards, is offered. The counter-offer page says the same.

Personas: Xénia, whose lists are hidden, and Yvett, who shows hers and proposes to her.
"""

from __future__ import annotations

import pytest

from collection import trades
from collection.models import TradeProposal
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

KAJTAR, OTHER = "AF1-001", "AF1-002"
NOTICE = 'id="lists-hidden"'
SHOW_LISTS = '<a href="/collection/trades/#open">Show your lists</a>'


def login(client, user, language: str = "en") -> None:
    client.cookies["django_language"] = language
    client.login(username=user.username, password=PASSWORD)


@pytest.fixture
def pair(catalog_data, spares_each_other_wants):
    """Xénia has spare copies Yvett wants and the other way round; Yvett shows her lists."""
    xenia, yvett = make_user("xenia"), make_user("yvett")
    spares_each_other_wants((xenia, KAJTAR), (yvett, OTHER), copies=7)
    trades.trade_lists_open(user=yvett, open=True)
    return xenia, yvett


def test_hidden_lists_are_said_on_the_propose_page_instead_of_the_form(client, pair):
    xenia, _ = pair
    login(client, xenia)
    response = client.get("/collection/trades/propose/yvett/")
    assert response.status_code == 200
    html = response.content.decode()
    assert NOTICE in html and SHOW_LISTS in html
    assert "Only you see your lists, so you cannot propose yet" in html
    assert 'id="propose-form"' not in html and "Send the proposal" not in html
    assert OTHER not in html  # Yvett's cards for trade are not shown either


def test_in_hungarian_too(client, pair):
    xenia, _ = pair
    login(client, xenia, "hu")
    html = client.get("/collection/trades/propose/yvett/").content.decode()
    assert NOTICE in html and '<a href="/collection/trades/#open">' in html
    assert 'id="propose-form"' not in html


def test_once_the_lists_are_shown_the_form_is_there(client, pair):
    xenia, _ = pair
    trades.trade_lists_open(user=xenia, open=True)
    login(client, xenia)
    html = client.get("/collection/trades/propose/yvett/").content.decode()
    assert NOTICE not in html
    assert 'id="propose-form"' in html and f'name="get_{OTHER}"' in html


def test_a_form_sent_after_hiding_the_lists_is_refused_with_the_way_out(client, pair):
    xenia, _ = pair
    login(client, xenia)
    response = client.post("/collection/trades/propose/yvett/", {f"give_{KAJTAR}": 1})
    assert response.status_code == 400
    html = response.content.decode()
    assert "The proposal was not sent" in html and "Trading goes both ways" in html
    assert SHOW_LISTS in html and 'id="propose-form"' not in html
    assert not TradeProposal.objects.exists()


def test_the_counter_offer_page_says_it_too_and_points_back_to_the_proposal(client, pair):
    xenia, yvett = pair
    trades.trade_lists_open(user=xenia, open=True)
    offer = trades.proposal_create(
        maker=yvett, partner_id=xenia.pk, gives={OTHER: 1}, gets={KAJTAR: 1}
    )
    trades.trade_lists_open(user=xenia, open=False)
    login(client, xenia)
    response = client.get(f"/collection/trades/proposals/{offer.pk}/counter/")
    assert response.status_code == 200
    html = response.content.decode()
    assert NOTICE in html and SHOW_LISTS in html
    assert "you cannot send a counter-offer yet" in html
    assert f'<a href="/collection/trades/proposals/{offer.pk}/">their proposal</a>' in html
    assert 'id="propose-form"' not in html and "Send the counter-offer" not in html
