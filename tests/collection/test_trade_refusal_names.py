"""Trade refusals name the cards as players know them: “name” (code), the first few only.

Personas: the owner, who proposes, and the partner, who accepts. Each test asserts the
refusal one of them reads, on the page or from the service.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from collection import trades
from core.errors import ApplicationError, Conflict, NotFound
from tests.factories import PASSWORD, own, propose

pytestmark = pytest.mark.django_db

SEVEN = [f"AF1-00{n}" for n in range(1, 8)]  # the rulebook set's first seven cards


@pytest.fixture
def ready(cards, owner, partner):
    own(owner, AF1_001=5)
    own(partner, AF1_008=2)
    return owner, partner


def test_not_enough_free_copies_names_the_card_in_the_readers_language(ready):
    owner, partner = ready
    with translation.override("en"), pytest.raises(ApplicationError) as refused:
        propose(owner, partner, {"AF1-001": 6})
    assert refused.value.code == "not_free"
    assert refused.value.message == (
        "You do not have enough free copies of: “Kajtár Nightstepper” (AF1-001)."
    )
    assert refused.value.extra["cards"] == ["AF1-001"]  # what the API and the form read
    with translation.override("hu"), pytest.raises(ApplicationError) as refused:
        propose(owner, partner, {"AF1-001": 6})
    assert "Éjlépő Kajtár" in refused.value.message and "(AF1-001)" in refused.value.message


def test_a_refused_accept_names_the_cards_no_longer_free(ready):
    owner, partner = ready
    offer = propose(owner, partner, {"AF1-001": 3}, {"AF1-008": 2})
    own(owner, AF1_001=2)
    with translation.override("en"), pytest.raises(Conflict) as refused:
        trades.proposal_accept(user=partner, proposal_id=offer.pk)
    assert refused.value.message == (
        "The cards are no longer free for this trade: “Kajtár Nightstepper” (AF1-001)."
    )


def test_a_long_list_names_five_cards_and_counts_the_rest(ready):
    owner, partner = ready
    with translation.override("en"), pytest.raises(ApplicationError) as refused:
        propose(owner, partner, dict.fromkeys(SEVEN, 6))
    message = refused.value.message
    assert message.startswith("You do not have enough free copies of: “Kajtár Nightstepper”")
    assert "(AF1-005)" in message and "AF1-006" not in message and "AF1-007" not in message
    assert message.endswith(" and 2 more.")
    assert refused.value.extra["cards"] == SEVEN  # every card still, for the form's boxes
    with translation.override("en"), pytest.raises(NotFound) as refused:
        propose(owner, partner, {}, {f"NOPE-{n}": 1 for n in range(7)})
    assert (
        refused.value.message == "No such card: NOPE-0, NOPE-1, NOPE-2, NOPE-3, NOPE-4 and 2 more."
    )


def test_the_propose_page_shows_the_cards_name(client, ready):
    owner, partner = ready
    propose(owner, partner, {"AF1-001": 1})  # both players show their lists
    client.login(username=owner.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    response = client.post(
        f"/collection/trades/propose/{partner.username}/", {"give_AF1-001": 6, "message": ""}
    )
    assert response.status_code == 400
    assert "“Kajtár Nightstepper” (AF1-001)" in response.content.decode()
