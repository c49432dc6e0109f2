"""The counter-offer form says, on every row, how many copies there are.

The rows filled in from the proposal used to leave the "free" (mine) and "for trade"
(theirs) column empty, while every other row showed a number.

Personas: the owner, who proposed, and the partner, who answers with a counter-offer.
"""

from __future__ import annotations

import re

import pytest

from collection import services, trades
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

KAJTAR = "AF1-001"  # the owner's: 5 copies, 2 on their have list (beyond three)
OTHER = "AF1-002"  # the partner's: 5 copies, all free
FIRST_CELL = re.compile(r'<td class="num">([^<]*)</td>')


def available(html: str, box: str) -> str:
    """The free / for trade column of the form's row holding the box named `box`."""
    (row,) = [row for row in html.split("<tr>") if f'name="{box}"' in row]
    return FIRST_CELL.search(row).group(1).strip()


@pytest.fixture
def traders(owner, partner, spares_each_other_wants):
    spares_each_other_wants((owner, KAJTAR), (partner, OTHER), copies=5)
    return owner, partner


def counter_page(client, proposal) -> str:
    client.login(username=proposal.partner.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    response = client.get(f"/collection/trades/proposals/{proposal.pk}/counter/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_rows_from_the_proposal_show_their_counts(client, traders):
    owner, partner = traders
    offer = trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={KAJTAR: 2}, gets={OTHER: 1}
    )
    html = counter_page(client, offer)
    # filled in the other way round, as before
    assert f'name="give_{OTHER}" id="id_give_{OTHER}" min="0" max="999" value="1"' in html
    assert f'name="get_{KAJTAR}" id="id_get_{KAJTAR}" min="0" max="999" value="2"' in html
    # I give what they asked for: my free copies of it; I get what they offered: theirs
    assert available(html, f"give_{OTHER}") == "5"
    assert available(html, f"get_{KAJTAR}") == "2"
    # only the proposal's cards are filled in
    assert f'name="get_{OTHER}"' not in html


def test_an_offer_beyond_their_have_list_counts_what_they_offered(client, traders):
    owner, partner = traders
    offer = trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={KAJTAR: 4}, gets={OTHER: 1}
    )
    trades.trade_lists_open(user=owner, open=False)  # and their lists are hidden since
    html = counter_page(client, offer)
    assert available(html, f"get_{KAJTAR}") == "4"


def test_a_card_asked_for_that_i_no_longer_have_free_shows_0(client, traders):
    owner, partner = traders
    offer = trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={KAJTAR: 1}, gets={OTHER: 1}
    )
    services.collection_set_count(user=partner, code=OTHER, count=0)
    html = counter_page(client, offer)
    assert available(html, f"give_{OTHER}") == "0"
