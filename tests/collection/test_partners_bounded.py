"""Working partners out costs seconds of database time at 10,000 players
(bench/trades.py), so no client can ask for it in a loop.

- The API's `limit` (1–100) once made a kept answer of its own each: walking it from 1
  to 100 worked the partners out a hundred times. The best 100 are kept, and each
  `limit` is cut from them.
- Any list change of anyone's outdates a kept answer. A player who changes their lists
  and looks again, over and over, is worked out afresh PARTNERS_FRESH_PER_MINUTE times a
  minute; past that their last answer comes back (less anyone who has since hidden
  their lists), and a minute on, fresh ones again.
"""

from __future__ import annotations

import pytest

from collection import partners as reads
from collection import trades
from tests.collection.test_partners_kept import (
    API,
    KAJTAR,
    OTHER,
    PAGE,
    partner_list,
    signed_in,
    they_give,
    traders,  # noqa: F401 (fixture)
    worked_out,  # noqa: F401 (fixture)
)
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_every_limit_is_cut_from_one_kept_answer(
    client,
    owner,
    spares_each_other_wants,
    worked_out,  # noqa: F811
):
    # five partners, each with another number of the owner's card wanted
    others = [make_user(f"p{n}", trades_open=True) for n in range(5)]
    for n, other in enumerate(others):
        spares_each_other_wants((owner, KAJTAR), (other, OTHER), copies=5)
        trades.trade_entry_set(user=other, code=KAJTAR, side="want", count=1 + n % 2)
    signed_in(client, owner)
    everyone = client.get(API, {"limit": 100}).json()
    assert len(everyone) == 5
    for limit in range(1, 101):
        assert client.get(API, {"limit": limit}).json() == everyone[:limit]
    assert len(worked_out) == 1
    assert "p0" in partner_list(client.get(PAGE)) and len(worked_out) == 1


def test_looking_in_a_loop_past_the_limit_gives_the_last_answer(
    client,
    traders,  # noqa: F811
    worked_out,  # noqa: F811
    rates_counted,
):
    owner, partner = traders
    signed_in(client, owner)
    counts = []
    for count in range(1, reads.PARTNERS_FRESH_PER_MINUTE + 3):
        # each change outdates the kept answer
        trades.trade_entry_set(user=partner, code=OTHER, side="have", count=count % 2 + 1)
        counts.append(they_give(client, "partner"))
    fresh = reads.PARTNERS_FRESH_PER_MINUTE
    assert len(worked_out) == fresh
    # the first answers follow each change; past the limit the last fresh one comes back
    assert counts[:fresh] == [count % 2 + 1 for count in range(1, fresh + 1)]
    assert counts[fresh:] == [counts[fresh - 1]] * 2
    # someone who hid their lists since is left out of the answer given again
    trades.trade_lists_open(user=partner, open=False)
    assert they_give(client, "partner") is None
    assert "<h2>partner</h2>" not in client.get(PAGE).content.decode()
    # a minute on, fresh answers again
    trades.trade_lists_open(user=partner, open=True)
    rates_counted.now += 61
    assert they_give(client, "partner") == 1 + (fresh + 2) % 2
    assert len(worked_out) == fresh + 1


def test_other_players_are_counted_apart(client, traders, worked_out, rates_counted):  # noqa: F811
    owner, partner = traders
    signed_in(client, owner)
    for count in range(reads.PARTNERS_FRESH_PER_MINUTE + 1):
        trades.trade_entry_set(user=partner, code=OTHER, side="have", count=count % 2 + 1)
        they_give(client, "partner")
    assert len(worked_out) == reads.PARTNERS_FRESH_PER_MINUTE
    other = signed_in(type(client)(), partner)
    assert they_give(other, "owner") == 2  # the partner's own first look is worked out
    assert len(worked_out) == reads.PARTNERS_FRESH_PER_MINUTE + 1
