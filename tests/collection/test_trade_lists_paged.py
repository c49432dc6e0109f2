"""Long trade lists come a page at a time: proposals (the page, a proposal's history, the
API) and the trade lists page's deck checkboxes. A proposal its maker withdrew is not in
the partner's lists.

Personas: the owner (who receives proposals, and keeps many decks), the partner (who
proposes), a griefer who proposes and withdraws.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.models import Card, Game
from collection import services, trades
from collection.models import ProposalStatus, TradeProposal, TradeWantDeck
from decks.formats import default_format
from decks.models import Deck
from tests.factories import PASSWORD, make_user, propose

pytestmark = pytest.mark.django_db

SPARE, OTHER = "AF1-003", "AF1-004"
PAGE, API = "/collection/trades/proposals/", "/api/trades/proposals/"
TRADES = "/collection/trades/"
PAGE_SIZE = 20  # proposals a page (partners.PROPOSALS_PAGE_SIZE)


def login(client, user) -> None:
    assert client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = "en"


def ids_in(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/collection/trades/proposals/(\d+)/"', html)]


def section(html: str, title_id: str) -> str:
    """The part of a page from the heading `title_id` to the next heading."""
    start = html.index(f'id="{title_id}"')
    end = html.find("<h2", start)
    return html[start : end if end > 0 else len(html)]


def link(html: str, rel: str) -> str:
    found = re.search(rf'<a href="([^"]+)" rel="{rel}">', html)
    assert found, f"no {rel} link"
    return found.group(1).replace("&amp;", "&")


@pytest.fixture
def proposer(partner, catalog_data):
    services.collection_set_count(user=partner, code=SPARE, count=999)
    services.collection_set_count(user=partner, code=OTHER, count=999)
    return partner


@pytest.fixture
def many(owner, proposer):
    """More proposals from the partner to the owner than a page holds, oldest first."""
    return [propose(proposer, owner, {SPARE: 1, OTHER: n + 1}).pk for n in range(PAGE_SIZE + 5)]


# --- the proposals page --------------------------------------------------------------------
def test_a_long_list_shows_the_newest_first_and_the_older_a_link_away(client, owner, many):
    login(client, owner)
    first = client.get(PAGE).content.decode()
    received = section(first, "received-title")
    newest_first = many[::-1]
    assert ids_in(received) == newest_first[:PAGE_SIZE]
    # each row counts the copies each side gives: the newest, 1 spare and PAGE_SIZE + 5 others
    assert f"{PAGE_SIZE + 6} copies ↔ 0 copies" in received

    # a plain link (no script), kept in the list's own place on the page
    older = link(received, "next")
    assert older == "?received=2#received-title"
    second = client.get(PAGE + older.split("#")[0]).content.decode()
    assert ids_in(section(second, "received-title")) == newest_first[PAGE_SIZE:]
    assert link(section(second, "received-title"), "prev") == "?received=1#received-title"
    # nonsense and a page past the end still answer a page
    assert client.get(PAGE + "?received=abc").status_code == 200
    last = client.get(PAGE + "?received=99999999999999999999999").content.decode()
    assert ids_in(section(last, "received-title")) == newest_first[PAGE_SIZE:]


def test_paging_one_list_keeps_the_page_of_the_others(client, owner, proposer, many):
    # the owner proposes as many back: the "made" list has two pages too
    services.collection_set_count(user=owner, code="AF1-001", count=999)
    for _ in range(PAGE_SIZE + 1):
        propose(owner, proposer, {"AF1-001": 1})
    login(client, owner)
    html = client.get(PAGE + "?made=2").content.decode()
    assert link(section(html, "received-title"), "next") == "?made=2&received=2#received-title"
    assert link(section(html, "made-title"), "prev") == "?made=1#made-title"


def test_the_partner_does_not_see_a_proposal_its_maker_withdrew(client, owner, proposer):
    griefer = make_user("griefer", trades_open=True)
    services.collection_set_count(user=griefer, code=SPARE, count=999)
    real = propose(proposer, owner, {SPARE: 1})
    withdrawn = [propose(griefer, owner, {SPARE: 1}).pk for _ in range(3)]
    for pk in withdrawn:
        trades.proposal_withdraw(user=griefer, proposal_id=pk)
    answered = propose(griefer, owner, {SPARE: 1})
    trades.proposal_decline(user=owner, proposal_id=answered.pk)

    login(client, owner)
    html = client.get(PAGE).content.decode()
    assert ids_in(section(html, "received-title")) == [answered.pk, real.pk]
    assert [row["id"] for row in client.get(API).json()["results"]] == [answered.pk, real.pk]
    assert client.get(f"{API}?status=withdrawn").json()["results"] == []
    # its own address still opens for them (a counter-offer's link may lead there)
    assert client.get(f"{PAGE}{withdrawn[0]}/").status_code == 200

    # the maker keeps their own history
    login(client, griefer)
    html = client.get(PAGE).content.decode()
    assert ids_in(section(html, "made-title")) == [answered.pk, *withdrawn[::-1]]
    assert [row["id"] for row in client.get(API).json()["results"]] == [
        answered.pk,
        *withdrawn[::-1],
    ]


def test_a_proposals_history_with_the_other_player_is_paged(client, owner, many):
    TradeProposal.objects.filter(pk__in=many).update(status=ProposalStatus.ACCEPTED)
    login(client, owner)
    one = many[0]
    html = client.get(f"{PAGE}{one}/").content.decode()
    history = section(html, f"history-{one}")
    assert ids_in(history) == many[::-1][:PAGE_SIZE]
    older = link(history, "next")
    assert older == f"?history=2#history-{one}"
    html = client.get(f"{PAGE}{one}/{older.split('#')[0]}").content.decode()
    assert ids_in(section(html, f"history-{one}")) == many[::-1][PAGE_SIZE:]


# --- the API ---------------------------------------------------------------------------------
def test_the_api_pages_the_proposals_newest_first_without_their_cards(client, owner, many):
    login(client, owner)
    body = client.get(API).json()
    assert body["count"] == len(many) and body["previous"] is None
    assert [row["id"] for row in body["results"]] == many[::-1][:PAGE_SIZE]
    row = body["results"][0]
    assert (row["maker_gives_cards"], row["partner_gives_cards"]) == (2, 0)
    assert "maker_gives" not in row and "partner_gives" not in row
    # the cards are at the proposal's own address
    assert len(client.get(f"{API}{row['id']}/").json()["maker_gives"]) == 2

    rest = client.get(body["next"]).json()
    assert [row["id"] for row in rest["results"]] == many[::-1][PAGE_SIZE:]
    assert rest["next"] is None and rest["previous"]
    assert len(client.get(f"{API}?page_size=100").json()["results"]) == len(many)
    assert client.get(f"{API}?status=open").json()["count"] == len(many)
    assert client.get(f"{API}?status=accepted").json()["count"] == 0


@pytest.mark.parametrize(
    ("query", "code"),
    [("status=nope", "bad_status"), ("page=0", "bad_parameter"), ("page_size=x", "bad_parameter")],
)
def test_the_api_refuses_a_query_it_cannot_read(client, owner, query, code):
    login(client, owner)
    refused = client.get(f"{API}?{query}")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == code


def test_a_list_costs_the_same_for_a_few_proposals_as_for_many(client, owner, proposer):
    """The rows count their cards in one query; no list reads the cards themselves."""
    propose(proposer, owner, {SPARE: 1, OTHER: 1})
    login(client, owner)
    card_table = Card._meta.db_table

    def queries(url: str) -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return [q["sql"] for q in captured]

    few = {url: queries(url) for url in (PAGE, API)}
    for n in range(PAGE_SIZE + 5):
        propose(proposer, owner, {SPARE: 1, OTHER: n + 1})
    for url in (PAGE, API):
        many = queries(url)
        assert len(many) == len(few[url]), url
        assert not [sql for sql in many if f'"{card_table}"' in sql], url


# --- the deck checkboxes of the trade lists page --------------------------------------------
DECKS_PAGE_SIZE = 50  # deck checkboxes a page (partners.WANT_DECKS_PAGE_SIZE)


@pytest.fixture
def decks(owner, catalog_data):
    """More decks than a page of checkboxes holds, the newest change last."""
    game = Game.objects.get(slug="alomfogo")
    made = Deck.objects.bulk_create(
        Deck(owner=owner, game=game, name=f"Pakli {n:02}", format=default_format(game.slug).id)
        for n in range(DECKS_PAGE_SIZE + 5)
    )
    return [deck.pk for deck in made]


def checkboxes(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'id="want-deck-(\d+)" name="on"', html)]


def test_many_decks_are_ticked_a_page_at_a_time(client, owner, decks):
    login(client, owner)
    html = client.get(TRADES).content.decode()
    newest_first = decks[::-1]
    assert checkboxes(html) == newest_first[:DECKS_PAGE_SIZE]
    older = link(section(html, "decks-title"), "next")
    assert older == "?decks=2#decks"

    # tick a deck on the second page without a script: back on that page, ticked
    html = client.get(TRADES + "?decks=2").content.decode()
    assert checkboxes(html) == newest_first[DECKS_PAGE_SIZE:]
    oldest = decks[0]
    response = client.post(
        "/collection/trades/want-decks/", {"deck": oldest, "on": "1", "decks": "2"}
    )
    assert response.status_code == 302 and response["Location"] == TRADES + "?decks=2#decks"
    html = client.get(response["Location"]).content.decode()
    assert f'id="want-deck-{oldest}" name="on" value="1" checked' in html
    assert f"1 of your {len(decks)} decks is ticked." in html
    assert TradeWantDeck.objects.filter(user=owner, deck_id=oldest).exists()

    # with htmx, any change of the lists answers the block on the page it was made on
    block = client.post(
        "/collection/trades/entry/",
        {"code": SPARE, "side": "want", "action": "set", "count": "1"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"http://testserver{TRADES}?decks=2",
    ).content.decode()
    assert checkboxes(block) == newest_first[DECKS_PAGE_SIZE:]


WANT_ONE = {"code": SPARE, "side": "want", "action": "set", "count": "1"}


@pytest.mark.parametrize(
    "page",
    ["http://[::1", "http://testserver:99999999/x?decks=2", "https://evil.example/?decks=2", ""],
)
def test_a_page_address_that_is_not_ours_leaves_the_lists_on_their_first_page(
    client, owner, decks, page
):
    """htmx says which page a change was made on (HX-Current-URL): the client's text. One
    urlsplit cannot read ("Invalid IPv6 URL") answered 500 on every trade-list button."""
    login(client, owner)
    newest_first = sorted(decks, reverse=True)
    headers = {"HX-Request": "true", "HX-Current-URL": page}
    for url, data in (
        ("/collection/trades/entry/", WANT_ONE),
        ("/collection/trades/want-decks/", {"deck": newest_first[0], "on": "1"}),
        ("/collection/trades/open/", {"open": "1"}),
    ):
        block = client.post(url, data, headers=headers)
        assert block.status_code == 200, (url, block.status_code)
        assert checkboxes(block.content.decode()) == newest_first[:DECKS_PAGE_SIZE], url
