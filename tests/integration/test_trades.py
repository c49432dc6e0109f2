"""Trades against PostgreSQL: a proposal's cards move once, never into a negative count."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from collection import services, trades
from collection.models import OwnedCard, ProposalStatus, TradeProposal
from collection.selectors import owned_counts
from core.errors import Conflict
from tests.concurrency import services_at_once as at_once
from tests.factories import make_user, own, propose

pytestmark = pytest.mark.integration


def accepting(user, offer):
    """The job of `user` accepting `offer` (named "accept" in the outcomes)."""

    def accept():
        trades.proposal_accept(user=user, proposal_id=offer.pk)

    return accept


@pytest.fixture
def players(postgres, transactional_db):
    call_command("load_cards", verbosity=0)
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    return zsofi, gergo


def test_two_accepts_of_one_proposal_move_the_cards_once(players):
    zsofi, gergo = players
    own(zsofi, AF1_001=4)
    own(gergo, AF1_008=2)
    offer = propose(zsofi, gergo, gives={"AF1-001": 3}, gets={"AF1-008": 1})

    accept = accepting(gergo, offer)
    assert at_once(accept, accept) == ["accept: applied", "accept: not_open"]
    assert owned_counts(zsofi) == {"AF1-001": 1, "AF1-008": 1}
    assert owned_counts(gergo) == {"AF1-001": 3, "AF1-008": 1}
    assert TradeProposal.objects.get(pk=offer.pk).status == ProposalStatus.ACCEPTED


def test_an_accept_racing_the_makers_edit_applies_whole_or_not_at_all(players):
    zsofi, gergo = players
    for _round in range(4):
        own(zsofi, AF1_001=3, AF1_008=0)
        own(gergo, AF1_001=0, AF1_008=1)
        offer = propose(zsofi, gergo, gives={"AF1-001": 3}, gets={"AF1-008": 1})

        def edit():
            # the maker takes the three offered copies out of their collection
            services.collection_change_count(user=zsofi, code="AF1-001", delta=-3)

        outcome = at_once(accepting(gergo, offer), edit)
        if outcome == ["accept: applied", "edit: none_left"]:
            # the trade went first: the copies had already changed hands
            assert owned_counts(gergo) == {"AF1-001": 3}
            assert owned_counts(zsofi) == {"AF1-008": 1}
        else:
            assert outcome == ["accept: not_free_any_more", "edit: applied"]
            assert owned_counts(gergo) == {"AF1-008": 1}
            assert owned_counts(zsofi) == {}
            assert TradeProposal.objects.get(pk=offer.pk).status == ProposalStatus.OPEN
            trades.proposal_withdraw(user=zsofi, proposal_id=offer.pk)
        assert not OwnedCard.objects.filter(count__lt=1).exists()


def test_a_refused_accept_changes_nothing(players):
    zsofi, gergo = players
    own(zsofi, AF1_001=2)
    own(gergo, AF1_008=1)
    offer = propose(zsofi, gergo, gives={"AF1-001": 2}, gets={"AF1-008": 1})
    own(gergo, AF1_008=0)
    with pytest.raises(Conflict):
        trades.proposal_accept(user=gergo, proposal_id=offer.pk)
    assert owned_counts(zsofi) == {"AF1-001": 2} and owned_counts(gergo) == {}


def test_an_accept_giving_a_first_copy_while_its_receiver_clicks_plus_adds_both(players):
    """The receiver's first copies of a card arrive by trade and by + at the same moment."""
    zsofi, gergo = players
    for _round in range(4):
        OwnedCard.objects.filter(user=gergo, card__code="AF1-003").delete()
        own(zsofi, AF1_003=5)
        own(gergo, AF1_008=2)
        offer = propose(zsofi, gergo, gives={"AF1-003": 2}, gets={"AF1-008": 1})

        def plus():
            for _ in range(5):
                services.collection_change_count(user=gergo, code="AF1-003", delta=1)

        assert at_once(accepting(gergo, offer), plus) == ["accept: applied", "plus: applied"]
        assert owned_counts(gergo)["AF1-003"] == 7


def test_proposals_made_at_once_stay_within_the_open_limit(players, monkeypatch):
    """Six proposals sent together by a player one below the limit: one is made, five are
    refused (the count and the insert used to run unlocked: several got past)."""
    zsofi, gergo = players
    own(zsofi, AF1_001=9)
    monkeypatch.setattr(trades, "MAX_OPEN_PROPOSALS", 3)
    for _ in range(2):
        propose(zsofi, gergo, gives={"AF1-001": 1})

    def make():
        propose(zsofi, gergo, gives={"AF1-001": 1})

    assert at_once(*[make] * 6) == ["make: applied"] + ["make: too_many_open"] * 5
    assert TradeProposal.objects.filter(maker=zsofi, status=ProposalStatus.OPEN).count() == 3
