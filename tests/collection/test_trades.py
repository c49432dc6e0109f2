"""Trades: have and want lists, partners, proposals — what each player would notice."""

from __future__ import annotations

import pytest

from catalog.models import Card, Game
from collection import partners as reads
from collection import trades
from collection.models import ProposalStatus, TradeEntry
from collection.selectors import owned_counts
from core.errors import ApplicationError, Conflict, NotFound
from decks.models import Deck, DeckEntry
from tests.factories import make_user, own, propose

pytestmark = pytest.mark.django_db


def make_deck(user, built: bool = False, **counts) -> Deck:
    deck = Deck.objects.create(
        owner=user, game=Game.objects.get(slug="alomfogo"), name="Pakli", format="standard",
        built=built,
    )  # fmt: skip
    for code, count in counts.items():
        DeckEntry.objects.create(
            deck=deck, card=Card.objects.get(code=code.replace("_", "-")), count=count
        )
    return deck


def listed_for(user, **only) -> list:
    """The first page of the user's proposals, as the lists show them."""
    return reads.proposals_page(user, 1, **only).object_list


def lists(user) -> tuple[dict, dict]:
    got = reads.trade_lists(user)
    return (
        {row.code: (row.count, row.manual) for row in got.haves},
        {row.code: (row.count, row.manual) for row in got.wants},
    )


# -- lists -------------------------------------------------------------------------------


def test_default_haves_are_the_free_copies_beyond_three(cards, owner):
    own(owner, AF1_001=5, AF1_002=3, AF1_003=7)
    make_deck(owner, built=True, AF1_003=2)
    trades.trade_lists_refresh(user=owner)
    haves, wants = lists(owner)
    # AF1-003: 7 owned, 2 in a built deck → 5 free → 2 for trade
    assert haves == {"AF1-001": (2, False), "AF1-003": (2, False)}
    assert wants == {}
    own(owner, AF1_001=3)
    trades.trade_lists_refresh(user=owner)
    assert lists(owner)[0] == {"AF1-003": (2, False)}


def test_default_wants_sum_what_the_chosen_decks_lack(cards, owner, stranger):
    own(owner, AF1_001=1, AF1_002=5)
    first = make_deck(owner, AF1_001=3, AF1_004=2)
    second = make_deck(owner, AF1_001=2)
    make_deck(owner, AF1_005=3)  # not chosen: wants nothing
    assert trades.trade_want_deck_set(user=owner, deck_id=first.pk, on=True) is True
    trades.trade_want_deck_set(user=owner, deck_id=second.pk, on=True)
    haves, wants = lists(owner)
    # both decks need 5 copies of AF1-001 together, one is owned
    assert wants == {"AF1-001": (4, False), "AF1-004": (2, False)}
    assert haves == {"AF1-002": (2, False)}
    assert [(row.deck_id, row.on) for row in reads.want_decks(owner)][::-1][:2] == [
        (first.pk, True),
        (second.pk, True),
    ]
    trades.trade_want_deck_set(user=owner, deck_id=second.pk, on=False)
    assert lists(owner)[1] == {"AF1-001": (2, False), "AF1-004": (2, False)}
    with pytest.raises(NotFound):
        trades.trade_want_deck_set(user=stranger, deck_id=first.pk, on=True)


def test_manual_rows_win_and_reset_brings_the_default_back(cards, owner):
    own(owner, AF1_001=6)
    trades.trade_lists_refresh(user=owner)
    trades.trade_entry_set(user=owner, code="af1-001", side="have", count=1)
    trades.trade_entry_set(user=owner, code="AF1-008", side="want", count=2)
    trades.trade_lists_refresh(user=owner)
    assert lists(owner) == ({"AF1-001": (1, True)}, {"AF1-008": (2, True)})
    # 0 keeps a card off the list even when the default would put it there
    trades.trade_entry_set(user=owner, code="AF1-001", side="have", count=0)
    trades.trade_lists_refresh(user=owner)
    assert lists(owner)[0] == {"AF1-001": (0, True)}
    trades.trade_entry_reset(user=owner, code="AF1-001", side="have")
    assert lists(owner)[0] == {"AF1-001": (3, False)}


def test_manual_entries_are_bounded_and_a_have_must_be_free(cards, owner):
    own(owner, AF1_001=4)
    make_deck(owner, built=True, AF1_001=3)
    with pytest.raises(ApplicationError) as refused:
        trades.trade_entry_set(user=owner, code="AF1-001", side="have", count=2)
    assert refused.value.code == "not_free" and "1" in refused.value.message
    for bad in (-1, 1000, True, "2", 1.0):
        with pytest.raises(ApplicationError):
            trades.trade_entry_set(user=owner, code="AF1-001", side="want", count=bad)
    with pytest.raises(ApplicationError):
        trades.trade_entry_set(user=owner, code="AF1-001", side="give", count=1)
    with pytest.raises(NotFound):
        trades.trade_entry_set(user=owner, code="NOPE-1", side="want", count=1)
    assert not TradeEntry.objects.filter(user=owner).exists()


# -- partners ----------------------------------------------------------------------------


def entries(user, side: str, **counts) -> None:
    TradeEntry.objects.bulk_create(
        TradeEntry(
            user=user, card=Card.objects.get(code=code.replace("_", "-")), side=side,
            count=count, manual=True,
        )
        for code, count in counts.items()
    )  # fmt: skip


def test_partners_are_ranked_by_what_could_go_both_ways(cards, owner):
    anna, bela, cili, dani = (
        make_user(name, trades_open=True) for name in ("anna", "bela", "cili", "dani")
    )
    entries(owner, "want", AF1_001=2, AF1_008=1, AF1_004=3)
    entries(owner, "have", AF1_002=5, AF1_003=1)
    # anna: gives 2+1 (rare AF1-008) = 3, takes 1 → min 1
    entries(anna, "have", AF1_001=4, AF1_008=1)
    entries(anna, "want", AF1_003=2)
    # bela: gives 3 (AF1-004, uncommon), takes 4 → min 3: first
    entries(bela, "have", AF1_004=9)
    entries(bela, "want", AF1_002=4)
    # cili: only gives; nothing I have is wanted → not a partner
    entries(cili, "have", AF1_001=2)
    # dani would be second, but the account is closed
    entries(dani, "have", AF1_001=2)
    entries(dani, "want", AF1_002=2)
    dani.is_active = False
    dani.save()
    found = reads.partners(owner)
    assert [(p.username, p.they_give, p.i_give) for p in found] == [("bela", 3, 4), ("anna", 3, 1)]
    assert found[0].they_give_by_rarity == {"uncommon": 3}
    assert found[0].i_give_by_rarity == {"common": 4}
    assert found[1].they_give_by_rarity == {"common": 2, "rare": 1}
    assert [p.username for p in reads.partners(owner, limit=1)] == ["bela"]
    assert [p.username for p in reads.partners(anna)] == ["owner"]


# -- proposals ---------------------------------------------------------------------------


@pytest.fixture
def ready(cards, owner, partner):
    own(owner, AF1_001=5, AF1_002=1)
    own(partner, AF1_008=2)
    return owner, partner


def test_accept_moves_the_cards_and_both_keep_the_history(ready, stranger):
    owner, partner = ready
    offer = propose(owner, partner, {"AF1-001": 2, "af1-002": 1}, {"AF1-008": 1}, message="Szia!")
    assert offer.status == ProposalStatus.OPEN
    with pytest.raises(NotFound):
        reads.proposal_for(stranger, offer.pk)
    with pytest.raises(NotFound):
        trades.proposal_accept(user=stranger, proposal_id=offer.pk)
    with pytest.raises(ApplicationError) as refused:
        trades.proposal_accept(user=owner, proposal_id=offer.pk)
    assert refused.value.status_code == 403
    trades.proposal_accept(user=partner, proposal_id=offer.pk)
    assert owned_counts(owner) == {"AF1-001": 3, "AF1-008": 1}
    assert owned_counts(partner) == {"AF1-001": 2, "AF1-002": 1, "AF1-008": 1}
    for user in (owner, partner):
        (listed,) = listed_for(user)
        assert (listed.maker_gives_cards, listed.partner_gives_cards) == (2, 1)
        seen = reads.proposal_for(user, listed.id)
        assert seen.status == ProposalStatus.ACCEPTED and seen.decided_at is not None
        assert [(line.code, line.count) for line in seen.maker_gives] == [
            ("AF1-001", 2),
            ("AF1-002", 1),
        ]
        assert [(line.code, line.count) for line in seen.partner_gives] == [("AF1-008", 1)]
        assert not seen.can_answer and not seen.can_withdraw
    assert listed_for(stranger) == []
    # a proposal's page keeps the history of the two: only their accepted trades
    accepted = ProposalStatus.ACCEPTED
    assert [p.id for p in listed_for(owner, other_id=partner.pk, status=accepted)] == [offer.pk]
    assert listed_for(owner, other_id=stranger.pk, status=accepted) == []
    assert listed_for(owner, other_id=partner.pk, status=ProposalStatus.OPEN) == []
    # the lists follow the collections
    assert lists(owner)[0] == {}
    with pytest.raises(Conflict) as again:
        trades.proposal_accept(user=partner, proposal_id=offer.pk)
    assert again.value.code == "not_open"
    assert owned_counts(owner) == {"AF1-001": 3, "AF1-008": 1}


def test_after_a_trade_the_lists_offer_nothing_gone_and_want_nothing_received(cards, owner):
    """Counts set by hand follow the trade: the giver's have comes down to the copies left,
    the taker's want down by the copies received, and nobody is offered the cards again."""
    anna, bela, cili = (
        owner,
        make_user("bela", trades_open=True),
        make_user("cili", trades_open=True),
    )
    own(anna, AF1_001=4)
    own(cili, AF1_002=2)
    trades.trade_entry_set(user=anna, code="AF1-001", side="have", count=4)
    trades.trade_entry_set(user=bela, code="AF1-001", side="want", count=4)
    trades.trade_entry_set(user=cili, code="AF1-001", side="want", count=4)
    trades.trade_entry_set(user=cili, code="AF1-002", side="have", count=2)
    trades.trade_entry_set(user=anna, code="AF1-002", side="want", count=2)
    assert [p.username for p in reads.partners(cili)] == ["owner"]
    trades.proposal_accept(user=bela, proposal_id=propose(anna, bela, {"AF1-001": 4}).pk)
    assert lists(anna) == ({}, {"AF1-002": (2, True)})  # her have of 4 went with the cards
    haves, wants = lists(bela)
    assert "AF1-001" not in wants  # filled
    assert haves == {"AF1-001": (1, False)}  # 4 free, 3 kept for a deck: the default
    assert reads.partners(cili) == []  # Anna offers no AF1-001 she gave away
    # a want filled in part stays for the rest
    own(cili, AF1_001=3)
    trades.trade_entry_set(user=cili, code="AF1-001", side="have", count=3)
    trades.trade_entry_set(user=anna, code="AF1-001", side="want", count=5)
    trades.proposal_accept(user=anna, proposal_id=propose(cili, anna, {"AF1-001": 2}).pk)
    assert lists(anna)[1]["AF1-001"] == (3, True)
    assert lists(cili)[0]["AF1-001"] == (1, True)
    # a card set to 0 (kept off the list) stays off whatever a trade brings
    trades.trade_entry_set(user=anna, code="AF1-001", side="want", count=0)
    trades.proposal_accept(user=anna, proposal_id=propose(cili, anna, {"AF1-001": 1}).pk)
    assert TradeEntry.objects.get(user=anna, card__code="AF1-001", side="want").count == 0


def test_a_want_set_by_hand_hides_the_default_have_of_that_card(cards, owner):
    own(owner, AF1_001=5)  # 5 free, 3 kept: the default have offers 2
    trades.trade_lists_refresh(user=owner)
    assert lists(owner)[0] == {"AF1-001": (2, False)}
    trades.trade_entry_set(user=owner, code="AF1-001", side="want", count=1)
    assert lists(owner) == ({}, {"AF1-001": (1, True)})


def test_a_closed_account_trades_no_more(ready):
    """An account closed after it proposed: its proposal can be neither accepted nor countered
    (it could not propose now), and nothing moves."""
    owner, partner = ready
    offer = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 1})
    owner.is_active = False
    owner.save()
    with pytest.raises(Conflict) as refused:
        trades.proposal_accept(user=partner, proposal_id=offer.pk)
    assert refused.value.code == "player_gone"
    with pytest.raises(Conflict):
        trades.proposal_counter(
            user=partner, proposal_id=offer.pk, gives={"AF1-008": 1}, gets={"AF1-001": 2}
        )
    assert owned_counts(owner) == {"AF1-001": 5, "AF1-002": 1}
    offer.refresh_from_db()
    assert offer.status == ProposalStatus.OPEN
    assert trades.proposal_decline(user=partner, proposal_id=offer.pk).status == "declined"


def test_a_proposal_is_bounded_and_offers_only_free_copies(ready, stranger):
    owner, partner = ready
    make_deck(owner, built=True, AF1_001=4)
    cases = [
        ({"AF1-001": 2}, {}, "not_free"),  # 5 owned, 4 in a built deck
        ({"AF1-003": 1}, {}, "not_free"),  # not owned at all
        ({}, {}, "empty_proposal"),
        ({"AF1-001": 0}, {}, "bad_count"),
        ({}, {"AF1-008": 1000}, "bad_count"),
        ({"AF1-001": 1}, {"AF1-001": 1}, "card_both_ways"),
        ({}, {f"X{i}": 1 for i in range(101)}, "too_many_lines"),
        ({}, {"NOPE-9": 1}, "no_such_card"),
    ]
    for gives, gets, code in cases:
        with pytest.raises(ApplicationError) as refused:
            propose(owner, partner, gives, gets)
        assert refused.value.code == code, (gives, gets)
    with pytest.raises(ApplicationError) as refused:
        propose(owner, partner, {"AF1-001": 1}, message="x" * 501)
    assert refused.value.code == "message_too_long"
    for message, code in [
        ("gg\u202eti sniw", "invisible_control"),
        ("\x1b[2J", "invisible_control"),
        ("a\x00b", "nul_character"),
        ("x\n" * 20 + "x", "too_many_lines"),
    ]:
        with pytest.raises(ApplicationError) as refused:
            propose(owner, partner, {"AF1-001": 1}, message=message)
        assert refused.value.code == code, message
    with pytest.raises(ApplicationError) as refused:
        propose(owner, owner, {"AF1-001": 1})
    assert refused.value.code == "to_yourself"
    with pytest.raises(NotFound):
        trades.proposal_create(maker=owner, partner_id=999_999, gives={"AF1-001": 1}, gets={})
    assert listed_for(owner) == []
    assert propose(owner, partner, {"AF1-001": 1}).status == ProposalStatus.OPEN


def test_accept_is_refused_when_the_copies_are_gone(ready):
    owner, partner = ready
    offer = propose(owner, partner, {"AF1-001": 3}, {"AF1-008": 2})
    own(owner, AF1_001=2)
    with pytest.raises(Conflict) as refused:
        trades.proposal_accept(user=partner, proposal_id=offer.pk)
    assert refused.value.code == "not_free_any_more" and "AF1-001" in refused.value.message
    assert owned_counts(owner) == {"AF1-001": 2, "AF1-002": 1}
    assert owned_counts(partner) == {"AF1-008": 2}
    assert reads.proposal_for(partner, offer.pk).status == ProposalStatus.OPEN


def test_decline_withdraw_and_counter(ready, stranger):
    owner, partner = ready
    declined = propose(owner, partner, {"AF1-001": 1})
    with pytest.raises(ApplicationError):
        trades.proposal_decline(user=owner, proposal_id=declined.pk)
    trades.proposal_decline(user=partner, proposal_id=declined.pk)
    assert reads.proposal_for(owner, declined.pk).status == ProposalStatus.DECLINED

    withdrawn = propose(owner, partner, {"AF1-001": 1})
    assert reads.proposal_for(owner, withdrawn.pk).can_withdraw
    assert reads.proposal_for(partner, withdrawn.pk).can_answer
    with pytest.raises(ApplicationError):
        trades.proposal_withdraw(user=partner, proposal_id=withdrawn.pk)
    with pytest.raises(NotFound):
        trades.proposal_withdraw(user=stranger, proposal_id=withdrawn.pk)
    trades.proposal_withdraw(user=owner, proposal_id=withdrawn.pk)
    with pytest.raises(Conflict):
        trades.proposal_accept(user=partner, proposal_id=withdrawn.pk)

    first = propose(owner, partner, {"AF1-001": 1}, {"AF1-008": 2})
    # a counter that offers what the partner does not have is refused; the first stays open
    with pytest.raises(ApplicationError):
        trades.proposal_counter(
            user=partner, proposal_id=first.pk, gives={"AF1-008": 3}, gets={"AF1-001": 1}
        )
    assert reads.proposal_for(owner, first.pk).status == ProposalStatus.OPEN
    counter = trades.proposal_counter(
        user=partner, proposal_id=first.pk, gives={"AF1-008": 1}, gets={"AF1-001": 2},
        message="Csak egyet adok.",
    )  # fmt: skip
    assert reads.proposal_for(owner, first.pk).status == ProposalStatus.COUNTERED
    view = reads.proposal_for(owner, counter.pk)
    assert (view.maker_name, view.partner_name, view.counter_of_id) == (
        "partner",
        "owner",
        first.pk,
    )
    assert view.can_answer and not view.mine
    trades.proposal_accept(user=owner, proposal_id=counter.pk)
    assert owned_counts(owner) == {"AF1-001": 3, "AF1-002": 1, "AF1-008": 1}
    assert owned_counts(partner) == {"AF1-001": 2, "AF1-008": 1}
    made = [p.id for p in listed_for(owner)]
    assert made == [counter.pk, first.pk, withdrawn.pk, declined.pk]
    # the partner's lists leave out what its maker withdrew before they answered
    assert [p.id for p in listed_for(partner)] == [counter.pk, first.pk, declined.pk]


def test_choices_for_a_proposal_suggest_what_the_lists_match(ready):
    owner, partner = ready
    entries(owner, "want", AF1_008=1)
    entries(partner, "have", AF1_008=2)
    entries(partner, "want", AF1_001=1)
    trades.trade_lists_refresh(user=owner)  # AF1-001: 5 free → 2 on the have list
    choices = reads.proposal_choices(owner, partner)
    assert [(row.code, row.available, row.suggested) for row in choices.give] == [
        ("AF1-001", 5, 1),
        ("AF1-002", 1, 0),
    ]
    assert [(row.code, row.available, row.suggested) for row in choices.get] == [("AF1-008", 2, 1)]
    assert reads.trade_player(owner, "partner") == partner
    for name in ("owner", "nobody", ""):
        with pytest.raises(NotFound):
            reads.trade_player(owner, name)
