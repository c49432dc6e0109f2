"""The partners page and API keep their answer, and never show one that a change outdated.

Personas: the owner (who looks at their partners), a partner whose lists meet theirs both
ways, and a third player who joins. Each test looks twice or more, with a change by
someone else in between, and expects the page to say what the lists say now.
"""

from __future__ import annotations

import pytest
from django.test import Client

from collection import partners as reads
from collection import services, trades
from core.kept import kept_cache
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

KAJTAR = "AF1-001"  # the owner's spare, wanted by the partner
OTHER = "AF1-002"  # the partner's spare, wanted by the owner
PAGE = "/collection/trades/partners/"
API = "/api/trades/partners/"


@pytest.fixture
def traders(owner, partner, spares_each_other_wants):
    """Each has 5 of a card (2 for trade by default) and wants 2 of the other's."""
    spares_each_other_wants((owner, KAJTAR), (partner, OTHER), copies=5)
    return owner, partner


@pytest.fixture
def worked_out(monkeypatch):
    """How many times the partners were worked out (not taken from the cache)."""
    calls = []
    compute = reads.partners

    def counted(user, limit=50):
        calls.append(user.pk)
        return compute(user, limit)

    monkeypatch.setattr(reads, "partners", counted)
    return calls


def signed_in(client, user):
    client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    return client


def partner_list(response) -> str:
    """The page's list of partners (the rest has a token of each request's own)."""
    html = response.content.decode()
    return html[html.index('<ol class="partner-list">') : html.index("</ol>")]


def they_give(client, username: str) -> int | None:
    """What the API says `username` could give the signed-in player; None: not a partner."""
    rows = client.get(API).json()
    return next((row["they_give"] for row in rows if row["username"] == username), None)


def test_the_page_is_worked_out_once_while_nothing_changes(client, traders, worked_out):
    owner, _ = traders
    signed_in(client, owner)
    first = partner_list(client.get(PAGE))
    assert partner_list(client.get(PAGE)) == first
    assert "<h2>partner</h2>" in first
    assert len(worked_out) == 1


def test_a_list_the_partner_changes_shows_on_the_next_request(client, traders, worked_out):
    owner, partner = traders
    signed_in(client, owner)
    assert they_give(client, "partner") == 2
    assert they_give(client, "partner") == 2  # kept
    trades.trade_entry_set(user=partner, code=OTHER, side="have", count=1)
    assert they_give(client, "partner") == 1
    assert len(worked_out) == 2


def test_the_partners_collection_shows_once_their_lists_follow_it(client, traders):
    owner, partner = traders
    signed_in(client, owner)
    assert they_give(client, "partner") == 2
    # 4 copies: 1 beyond the 3 a deck may use
    services.collection_set_count(user=partner, code=OTHER, count=4)
    # their default lists follow their collection when they open a trade page (lazily),
    # as they did before anything was kept: until then their list still offers 2
    assert they_give(client, "partner") == 2
    signed_in(Client(), partner).get("/collection/trades/")
    assert they_give(client, "partner") == 1


def test_my_own_collection_shows_at_once(client, traders):
    owner, _ = traders
    signed_in(client, owner)
    assert "<h2>partner</h2>" in client.get(PAGE).content.decode()
    services.collection_set_count(user=owner, code=KAJTAR, count=3)  # no spare left to give
    assert "<h2>partner</h2>" not in client.get(PAGE).content.decode()


def test_a_partner_who_hides_their_lists_leaves_at_once(client, traders):
    owner, partner = traders
    signed_in(client, owner)
    assert they_give(client, "partner") == 2
    trades.trade_lists_open(user=partner, open=False)
    assert they_give(client, "partner") is None
    trades.trade_lists_open(user=partner, open=True)
    assert they_give(client, "partner") == 2


def test_an_account_the_admin_closes_renames_or_opens_again_shows_so(client, traders):
    owner, partner = traders
    signed_in(client, owner)
    assert they_give(client, "partner") == 2
    partner.username = "renamed"
    partner.save()  # as the admin saves a player: no trade service sees it
    assert they_give(client, "renamed") == 2
    partner.is_active = False
    partner.save()
    assert client.get(API).json() == []
    partner.is_active = True
    partner.save()
    assert they_give(client, "renamed") == 2


def test_a_new_partner_shows_on_the_next_request(client, traders):
    owner, _ = traders
    signed_in(client, owner)
    assert [row["username"] for row in client.get(API).json()] == ["partner"]
    third = make_user("harmadik", trades_open=True)
    services.collection_set_count(user=third, code=OTHER, count=9)
    trades.trade_entry_set(user=third, code=KAJTAR, side="want", count=1)
    trades.trade_lists_refresh(user=third)
    # partner: 2 copies each way; harmadik: 2 to me, 1 from me
    assert [row["username"] for row in client.get(API).json()] == ["partner", "harmadik"]
    assert [row["username"] for row in client.get(API, {"limit": 1}).json()] == ["partner"]


def test_a_version_lost_from_the_cache_keeps_nothing_older(client, traders, worked_out):
    owner, _ = traders
    signed_in(client, owner)
    assert they_give(client, "partner") == 2
    kept_cache.delete(reads.LISTS_VERSION_KEY)
    assert they_give(client, "partner") == 2
    assert len(worked_out) == 2
