"""The propose and counter-offer forms, read in English.

The count columns are headed as the others are ("Card", "Free", "Copies"; they said
"free" and "for trade"); a refused row says why on a line of its own under the row, the
width of the table, still tied to its box (aria-describedby); the counter-offer page
marks where it is in the trade menu: Proposals (it answers one), not Partners.

Personas: the owner, who proposes, and the partner, who answers with a counter-offer.
"""

from __future__ import annotations

import re

import pytest

from collection import trades
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

KAJTAR = "AF1-001"  # the owner's: 5 copies
OTHER = "AF1-002"  # the partner's: 5 copies
NOT_FREE = "You do not have this many free copies."


@pytest.fixture
def traders(owner, partner, spares_each_other_wants):
    spares_each_other_wants((owner, KAJTAR), (partner, OTHER), copies=5)
    return owner, partner


def english(client, user):
    client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    return client


def column_heads(html: str) -> list[list[str]]:
    """Each table's column headings, as their text."""
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<th[^>]*>(.*?)</th>", head)]
        for head in re.findall(r"<thead>(.*?)</thead>", html, re.S)
    ]


def current_menu_entry(html: str) -> list[str]:
    """The trade menu's entries marked as the current page, by their link's own words
    (the badge after them left out)."""
    nav = re.search(r'<nav class="trade-nav".*?</nav>', html, re.S).group()
    return re.findall(r'aria-current="page">([^<]*)', nav)


def test_the_count_columns_are_headed_like_the_others(client, traders):
    owner, partner = traders
    html = english(client, owner).get(f"/collection/trades/propose/{partner.username}/")

    give, get = column_heads(html.content.decode())

    assert give == ["Card", "Rarity", "Free", "Copies"]
    assert get == ["Card", "Rarity", "For trade", "Copies"]


def test_a_refused_rows_reason_has_a_line_of_its_own_tied_to_its_box(client, traders):
    owner, partner = traders
    answer = english(client, owner).post(
        f"/collection/trades/propose/{partner.username}/", {f"give_{KAJTAR}": "9"}
    )
    html = answer.content.decode()
    assert answer.status_code == 400

    box = re.search(rf'<input type="number" name="give_{KAJTAR}"[^>]*>', html).group()
    described_by = re.search(r'aria-describedby="([^"]+)"', box).group(1)
    assert 'aria-invalid="true"' in box
    # the reason is in a row of its own that spans the table, not squeezed into the box's cell
    reason_row = re.search(rf'<tr[^>]*>\s*<td colspan="4"[^>]*>\s*<[^>]+id="{described_by}"', html)
    assert reason_row, "the reason is not on a row of its own"
    assert re.search(rf'id="{described_by}"[^>]*>\s*{re.escape(NOT_FREE)}', html)


def test_the_counter_offer_page_marks_proposals_in_the_trade_menu(client, traders):
    owner, partner = traders
    offer = trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={KAJTAR: 2}, gets={OTHER: 1}
    )
    counter = english(client, partner).get(f"/collection/trades/proposals/{offer.pk}/counter/")

    assert current_menu_entry(counter.content.decode()) == ["Proposals"]


def test_the_propose_page_marks_partners_where_it_was_reached_from(client, traders):
    owner, partner = traders
    page = english(client, owner).get(f"/collection/trades/propose/{partner.username}/")

    assert current_menu_entry(page.content.decode()) == ["Partners"]
