"""The players of the collection and trade tests."""

from __future__ import annotations

import pytest

from collection import services, trades
from tests.factories import make_user


@pytest.fixture
def partner(db):
    """Another player who trades: their lists are shown."""
    return make_user("partner", trades_open=True)


@pytest.fixture
def owner(owner):
    """The signed-in player trades too: their lists are shown (hidden is the default)."""
    trades.trade_lists_open(user=owner, open=True)
    return owner


@pytest.fixture
def spares_each_other_wants(catalog_data):
    """Sets two players up for a swap: each owns `copies` of their card and wants 2 of
    the other's. Their default lists are then written, as opening a trade page does
    (the lists are refreshed lazily); whether anyone sees them is left as it is."""

    def set_up(first: tuple, second: tuple, *, copies: int) -> None:
        (first_player, first_card), (second_player, second_card) = first, second
        services.collection_set_count(user=first_player, code=first_card, count=copies)
        services.collection_set_count(user=second_player, code=second_card, count=copies)
        trades.trade_entry_set(user=first_player, code=second_card, side="want", count=2)
        trades.trade_entry_set(user=second_player, code=first_card, side="want", count=2)
        for player in (first_player, second_player):
            trades.trade_lists_refresh(user=player)

    return set_up
