"""The players of the collection and trade tests."""

from __future__ import annotations

import pytest

from collection import trades
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
