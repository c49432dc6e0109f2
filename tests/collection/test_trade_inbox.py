"""The trade badge: proposals waiting for my answer, and answers to mine I have not opened.

Personas: the player a proposal was made to (the partner), the player who made it (the
owner) and an anonymous visitor. Each test asserts what one of them sees in the header,
on the trade lists page and on the proposals page, or what it costs the database.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from collection import partners as reads
from collection import trades
from collection.models import TradeProposal
from tests.factories import PASSWORD, own, propose

pytestmark = pytest.mark.django_db

PROPOSALS = "/collection/trades/proposals/"
PROPOSALS_API = "/api/trades/proposals/"
TABLE = TradeProposal._meta.db_table
# The header's badge: the number (hidden from screen readers), then the sentence they read.
BADGE = re.compile(r'class="trade-badge" aria-hidden="true"[^>]*>(\d+)</span>'
                   r'<span class="visually-hidden"> \(([^)]*)\)</span>')  # fmt: skip


def login(client, user) -> None:
    client.logout()
    client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = "en"


def badges(client, path: str = "/") -> list[tuple[str, str]]:
    """(number, what a screen reader hears) of every trade badge on the page."""
    response = client.get(path)
    assert response.status_code == 200, path
    return BADGE.findall(response.content.decode())


@pytest.fixture
def ready(cards, owner, partner):
    own(owner, AF1_001=5)
    own(partner, AF1_008=2)
    return owner, partner


def test_a_proposal_shows_on_the_recipients_badge_only_until_answered(client, ready):
    owner, partner = ready
    offer = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    login(client, partner)
    # the header's closed phone menu and both its menus (wide and narrow) carry it, with
    # words for a screen reader
    assert badges(client) == [("1", "1 waiting for your answer")] * 3
    # the trade pages' own menu too: its Proposals tab
    assert badges(client, PROPOSALS) == [("1", "1 waiting for your answer")] * 4
    html = client.get("/collection/trades/").content.decode()
    assert f'<a href="{PROPOSALS}#received-title">1 proposal is waiting for your answer</a>' in html
    login(client, owner)  # the maker owes no answer
    assert badges(client) == []
    assert "waiting for your answer" not in client.get("/collection/trades/").content.decode()
    trades.proposal_decline(user=partner, proposal_id=offer.pk)
    login(client, partner)
    assert badges(client) == []
    assert "waiting for your answer" not in client.get("/collection/trades/").content.decode()


def test_an_answer_is_news_to_the_maker_until_they_open_the_proposal(client, ready):
    owner, partner = ready
    declined = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    accepted = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    trades.proposal_decline(user=partner, proposal_id=declined.pk)
    trades.proposal_accept(user=partner, proposal_id=accepted.pk)
    login(client, owner)
    assert badges(client) == [("2", "2 new answers")] * 3
    html = client.get("/collection/trades/").content.decode()
    assert f'<a href="{PROPOSALS}#made-title">2 of your proposals have been answered</a>' in html
    page = client.get(PROPOSALS).content.decode()
    made = page[page.index('id="made-title"') : page.index('id="history-title"')]
    assert made.count("new answer</strong>") == 2
    assert client.get(f"{PROPOSALS}{declined.pk}/").status_code == 200
    assert badges(client) == [("1", "1 new answer")] * 3
    client.get(f"{PROPOSALS}{accepted.pk}/")
    assert badges(client) == []
    assert "new answer</strong>" not in client.get(PROPOSALS).content.decode()
    # opening it is the maker's news only: the partner's visit changes nothing of theirs
    assert reads.trade_inbox(partner) == reads.TradeInbox(waiting=0, answered=0)


def test_both_kinds_of_news_add_up_and_a_counter_offer_counts_once(client, ready):
    owner, partner = ready
    first = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    declined = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    trades.proposal_decline(user=partner, proposal_id=declined.pk)
    trades.proposal_counter(
        user=partner, proposal_id=first.pk, gives={"AF1-008": 1}, gets={"AF1-001": 2}
    )
    login(client, owner)
    # the counter-offer waits for the owner's answer; the proposal it answered is not news too
    assert badges(client) == [("2", "1 waiting for your answer, 1 new answer")] * 3


def test_a_withdrawn_proposal_leaves_the_partners_badge_and_is_no_news(client, ready):
    owner, partner = ready
    offer = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    trades.proposal_withdraw(user=owner, proposal_id=offer.pk)
    for player in (owner, partner):
        login(client, player)
        assert badges(client) == []


def test_anonymous_pages_never_count_proposals(client, ready):
    propose(*ready, {"AF1-001": 1}, {"AF1-008": 1})
    for path in ("/", "/cards/", "/tournaments/"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path).status_code == 200, path
        assert not [q["sql"] for q in queries if TABLE in q["sql"]], path


def test_a_signed_in_page_counts_once_with_the_partial_indexes(client, ready):
    owner, partner = ready
    propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    login(client, partner)
    # the lists page shows the news four times (two header menus, the tab, the line)
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/collection/trades/").status_code == 200
    counts = [q["sql"] for q in queries if TABLE in q["sql"]]
    assert len(counts) == 1, counts
    if connection.vendor == "sqlite":  # the test database; PostgreSQL: the same two indexes
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN QUERY PLAN {counts[0]}")
            plan = " ".join(str(row) for row in cursor.fetchall())
        assert "proposal_open_by_partner" in plan and "proposal_unseen_by_maker" in plan, plan


def test_the_api_says_which_answers_are_news_and_reading_one_makes_it_read(client, ready):
    owner, partner = ready
    offer = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    trades.proposal_accept(user=partner, proposal_id=offer.pk)
    login(client, partner)
    # not the maker's news
    assert client.get(PROPOSALS_API).json()["results"][0]["new_answer"] is False
    login(client, owner)
    assert client.get(PROPOSALS_API).json()["results"][0]["new_answer"] is True
    assert badges(client) != []
    assert client.get(f"{PROPOSALS_API}{offer.pk}/").json()["new_answer"] is True  # read now
    assert client.get(PROPOSALS_API).json()["results"][0]["new_answer"] is False
    assert badges(client) == []
