"""The proposal lists count the copies each side gives, as a trade is counted.

"cards: 1 ↔ 1" was said of a trade of two copies for one: it counted the kinds of card.
Now each side's copies, in words that agree with the number ("1 copy", "2 copies").

Personas: the owner, who proposes, and the partner, who receives; both read English.
"""

from __future__ import annotations

import pytest

from collection import partners as reads
from collection import services, trades
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

KAJTAR, SOYANA, OTHER = "AF1-001", "AF1-002", "AF1-004"


@pytest.fixture
def offer(owner, partner, spares_each_other_wants):
    """The owner gives 2 Kajtár and 3 Soyana for 1 of the partner's cards."""
    spares_each_other_wants((owner, KAJTAR), (partner, OTHER), copies=6)
    services.collection_set_count(user=owner, code=SOYANA, count=3)
    return trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={KAJTAR: 2, SOYANA: 3}, gets={OTHER: 1}
    )


def english(client, user):
    client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    return client


def test_a_proposal_row_counts_each_sides_copies(owner, offer):
    (row,) = reads.proposals_page(owner, 1).object_list

    assert (row.maker_gives_copies, row.partner_gives_copies) == (5, 1)


@pytest.mark.parametrize("who", ["owner", "partner"])
def test_both_players_lists_say_the_copies_each_side_gives(client, offer, who, request):
    page = english(client, request.getfixturevalue(who)).get("/collection/trades/proposals/")

    text = " ".join(page.content.decode().split())
    assert "5 copies ↔ 1 copy" in text
    assert "cards: 2 ↔ 1" not in text
