"""Have and want lists are private until their player shows them.

The have list is worked out of the collection (every copy beyond three), and the
collection is private: opening the trades page once used to put that list before
every signed-in player (partners, the propose page). Now nobody finds a player's
lists, nor proposes to them, until that player says so; hiding them again is one
click, and a player who hides theirs cannot propose either (trading goes both ways).
"""

from __future__ import annotations

import json

import pytest

from collection import partners as reads
from collection import services, trades
from collection.models import TradeProposal
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

KAJTAR, OTHER, THIRD = "AF1-001", "AF1-002", "AF1-003"


def login(client, user, language: str = "en") -> None:
    client.cookies["django_language"] = language
    client.login(username=user.username, password=PASSWORD)


@pytest.fixture
def pair(catalog_data, spares_each_other_wants):
    """Xénia has spare copies Yvett wants and the other way round; both opened their trades
    page (which writes their default lists), neither said to show them."""
    xenia, yvett = make_user("xenia"), make_user("yvett")
    spares_each_other_wants((xenia, KAJTAR), (yvett, OTHER), copies=7)
    return xenia, yvett


def test_a_new_players_lists_are_hidden(catalog_data):
    assert make_user("uj").trades_open is False


def test_looking_at_the_trades_page_shows_your_lists_to_nobody(client, pair):
    xenia, yvett = pair
    login(client, xenia)
    assert client.get("/collection/trades/").status_code == 200
    assert "Only you see your lists" in client.get("/collection/trades/").content.decode()
    trades.trade_lists_open(user=yvett, open=True)
    assert reads.partners(yvett) == []  # Xénia's spare copies are not offered to anyone
    client.logout()
    login(client, yvett)
    assert client.get("/collection/trades/propose/xenia/").status_code == 404
    assert "xenia" not in client.get("/collection/trades/partners/").content.decode()
    api = client.post(
        "/api/trades/proposals/",
        json.dumps({"partner": "xenia", "gets": {KAJTAR: 1}, "gives": {OTHER: 1}}),
        content_type="application/json",
    )
    assert api.status_code == 404 and api.json()["error"]["code"] == "no_such_player"
    assert "xenia" not in json.dumps(client.get("/api/trades/partners/").json())
    assert not TradeProposal.objects.exists()


def test_showing_the_lists_with_the_switch_then_hiding_them(client, pair):
    xenia, yvett = pair
    trades.trade_lists_open(user=yvett, open=True)
    login(client, xenia)
    answer = client.post("/collection/trades/open/", {"open": "1"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="trade-lists"')
    assert "Your lists are shown to other players" in html
    assert [row.username for row in reads.partners(yvett)] == ["xenia"]
    # without JavaScript: back to the page, with the message
    answer = client.post("/collection/trades/open/", {})
    assert answer.status_code == 302
    xenia.refresh_from_db()
    assert xenia.trades_open is False
    assert reads.partners(yvett) == []


def test_a_player_whose_lists_are_hidden_cannot_propose(client, pair):
    xenia, yvett = pair
    trades.trade_lists_open(user=yvett, open=True)
    login(client, xenia)
    assert "Show your lists" in client.get("/collection/trades/partners/").content.decode()
    answer = client.post(
        "/api/trades/proposals/",
        json.dumps({"partner": "yvett", "gets": {OTHER: 1}, "gives": {KAJTAR: 1}}),
        content_type="application/json",
    )
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "lists_hidden"
    page = client.post("/collection/trades/propose/yvett/", {f"give_{KAJTAR}": 1})
    assert page.status_code == 400
    assert "Trading goes both ways" in page.content.decode()
    assert not TradeProposal.objects.exists()


def test_the_api_switch_and_the_lists_say_whether_they_are_shown(client, pair):
    xenia, _ = pair
    login(client, xenia)
    assert client.get("/api/trades/lists/").json()["open"] is False
    assert client.post("/api/trades/open/").json() == {"open": True}
    assert client.get("/api/trades/lists/").json()["open"] is True
    assert client.delete("/api/trades/open/").json() == {"open": False}
    xenia.refresh_from_db()
    assert xenia.trades_open is False


def test_a_counter_to_a_player_who_hid_their_lists_since_shows_none_of_them(client, pair):
    """The cards her proposal named stay in the counter form; the rest of her have list
    (a third card, never offered to Yvett) is seen only while she shows it."""
    xenia, yvett = pair
    services.collection_set_count(user=xenia, code=THIRD, count=7)
    trades.trade_lists_refresh(user=xenia)
    for user in pair:
        trades.trade_lists_open(user=user, open=True)
    offer = trades.proposal_create(
        maker=xenia, partner_id=yvett.pk, gives={KAJTAR: 1}, gets={OTHER: 1}
    )
    login(client, yvett)
    counter = f"/collection/trades/proposals/{offer.pk}/counter/"
    assert f'name="get_{THIRD}"' in client.get(counter).content.decode()
    trades.trade_lists_open(user=xenia, open=False)
    page = client.get(counter)
    assert page.status_code == 200
    assert f'name="get_{THIRD}"' not in page.content.decode()
    assert f'name="give_{OTHER}"' in page.content.decode()  # my own cards are offered
