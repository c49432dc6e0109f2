"""Trade defects an audit found: a buried open proposal, a message the box allowed refused,
a closed account answered as "no such player", a counter-offer from hidden lists, the
maker's counter form refused with the wrong code.

Personas: the owner (the maker), the partner, other players who propose to the partner.
"""

from __future__ import annotations

import json

import pytest

from collection import services, trades
from collection.models import ProposalStatus, TradeProposal
from core.errors import Conflict
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

MINE, THEIRS, SPARE = "AF1-001", "AF1-002", "AF1-003"
PROPOSALS_PAGE, PROPOSALS_API = "/collection/trades/proposals/", "/api/trades/proposals/"


def login(client, user, language: str = "en") -> None:
    assert client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = language


def post_json(client, url: str, body: dict | None = None):
    return client.post(
        url, json.dumps(body or {}), content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )


@pytest.fixture
def pair(owner, partner, catalog_data):
    """The owner has 5 of MINE, the partner 5 of THEIRS; both show their lists."""
    services.collection_set_count(user=owner, code=MINE, count=5)
    services.collection_set_count(user=partner, code=THEIRS, count=5)
    return owner, partner


@pytest.fixture
def offer(pair):
    owner, partner = pair
    return trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={MINE: 1}, gets={THEIRS: 1}
    )


def other_players(n: int) -> list:
    players = [make_user(f"other{i}", trades_open=True) for i in range(n)]
    for player in players:
        services.collection_set_count(user=player, code=SPARE, count=999)
    return players


# --- 1. an open proposal is never buried under settled ones -------------------------------
def test_an_open_proposal_is_not_buried_under_proposals_made_and_withdrawn_again(client, offer):
    """Proposals withdrawn by their maker never reach the partner's lists (the maker keeps
    them), so however many newer ones a griefer makes and withdraws, the real offer is
    the first one the partner sees."""
    partner = offer.partner
    (griefer,) = other_players(1)
    settled = []
    for _ in range(5):  # proposed and withdrawn at once, newer than the real offer
        made = trades.proposal_create(
            maker=griefer, partner_id=partner.pk, gives={SPARE: 1}, gets={}
        )
        settled.append(trades.proposal_withdraw(user=griefer, proposal_id=made.pk).pk)

    login(client, partner)
    assert (
        f"/collection/trades/proposals/{offer.pk}/" in client.get(PROPOSALS_PAGE).content.decode()
    )
    assert [row["id"] for row in client.get(PROPOSALS_API).json()["results"]] == [offer.pk]
    login(client, griefer)
    assert [row["id"] for row in client.get(PROPOSALS_API).json()["results"]] == [
        *reversed(settled)
    ]


def test_a_player_can_have_only_so_many_proposals_waiting_for_them(client, pair, monkeypatch):
    """Past the bound a new proposal to them is refused, with a reason naming them; a
    counter-offer (an answer to their own proposal) still reaches them."""
    monkeypatch.setattr(trades, "MAX_OPEN_RECEIVED", 2)
    owner, partner = pair
    first, second, third = other_players(3)
    for maker in (first, second):
        trades.proposal_create(maker=maker, partner_id=partner.pk, gives={SPARE: 1}, gets={})

    login(client, third)
    refused = post_json(client, PROPOSALS_API, {"partner": "partner", "gives": {SPARE: 1}})
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "partner_too_many_open" and "partner" in error["message"]
    assert "2" in error["message"]
    # the site's form says it over the form
    page = client.post("/collection/trades/propose/partner/", {f"give_{SPARE}": "1"})
    assert page.status_code == 400 and "waiting for an answer already" in page.content.decode()
    assert TradeProposal.objects.filter(partner=partner, status=ProposalStatus.OPEN).count() == 2

    # the partner proposed to the owner; the owner's counter-offer still reaches them
    theirs = trades.proposal_create(
        maker=partner, partner_id=owner.pk, gives={THEIRS: 1}, gets={MINE: 1}
    )
    counter = trades.proposal_counter(
        user=owner, proposal_id=theirs.pk, gives={MINE: 2}, gets={THEIRS: 1}
    )
    assert counter.partner_id == partner.pk and counter.status == ProposalStatus.OPEN


# --- 2. a message is measured as its box counted it ------------------------------------------
def browser_message(limit: int = trades.MAX_MESSAGE_CHARS) -> str:
    """`limit` characters as a textarea counts them (a break is one), sent with "\\r\\n"."""
    text = "\r\n".join(["x" * 48] * 10)
    return text + "x" * (limit - len(text.replace("\r\n", "\n")))


def test_a_message_of_500_characters_with_line_breaks_is_sent(client, pair):
    owner, partner = pair
    message = browser_message()
    assert len(message) == 509 and len(message.replace("\r\n", "\n")) == 500
    login(client, owner)
    sent = client.post(
        "/collection/trades/propose/partner/", {f"give_{MINE}": "1", "message": message}
    )
    assert sent.status_code == 302, sent.content.decode()[-500:]
    assert TradeProposal.objects.get().message == message.replace("\r\n", "\n")
    # one more character is one too many
    refused = client.post(
        "/collection/trades/propose/partner/", {f"give_{MINE}": "1", "message": message + "x"}
    )
    assert refused.status_code == 400 and "at most 500" in refused.content.decode()


def test_the_api_and_the_service_count_a_line_break_once_too(client, pair):
    owner, partner = pair
    login(client, owner)
    body = {"partner": "partner", "gives": {MINE: 1}, "message": browser_message()}
    assert post_json(client, PROPOSALS_API, body).status_code == 201
    made = trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={MINE: 1}, gets={}, message=browser_message()
    )
    assert len(made.message) == 500 and "\r" not in made.message
    lone = trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={MINE: 1}, gets={}, message="a\rb"
    )
    assert lone.message == "a\nb"


# --- 3. a closed account: a conflict shown where the player acted ------------------------------
def test_accepting_the_proposal_of_a_closed_account_says_so_where_the_player_acted(client, offer):
    owner, partner = offer.maker, offer.partner
    owner.is_active = False
    owner.save()
    with pytest.raises(Conflict) as refused:
        trades.proposal_accept(user=partner, proposal_id=offer.pk)
    assert refused.value.code == "player_gone"

    login(client, partner)
    answer = f"/collection/trades/proposals/{offer.pk}/answer/"
    htmx = client.post(answer, {"action": "accept"}, HTTP_HX_REQUEST="true")
    html = htmx.content.decode()
    assert htmx.status_code == 400 and "closed their account" in html
    assert f'id="proposal-{offer.pk}"' in html  # the proposal's block, its message inside
    plain = client.post(answer, {"action": "accept"}, follow=True)
    assert plain.redirect_chain[-1][0] == f"/collection/trades/proposals/{offer.pk}/"
    assert "closed their account" in plain.content.decode()
    api = post_json(client, f"/api/trades/proposals/{offer.pk}/accept/")
    assert api.status_code == 409 and api.json()["error"]["code"] == "player_gone"
    counter = client.get(f"/collection/trades/proposals/{offer.pk}/counter/")
    assert counter.status_code == 409 and "closed their account" in counter.content.decode()
    offer.refresh_from_db()
    assert offer.status == ProposalStatus.OPEN


# --- 4. a counter-offer is refused as a new proposal is -----------------------------------------
def test_a_player_whose_lists_are_hidden_cannot_counter(client, offer):
    partner = offer.partner
    trades.trade_lists_open(user=partner, open=False)
    login(client, partner)
    refused = post_json(
        client,
        f"/api/trades/proposals/{offer.pk}/counter/",
        {"gives": {THEIRS: 2}, "gets": {MINE: 1}},
    )
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "lists_hidden"
    page = client.post(f"/collection/trades/proposals/{offer.pk}/counter/", {f"give_{THEIRS}": "2"})
    assert page.status_code == 400 and "show your have and want lists" in page.content.decode()
    offer.refresh_from_db()
    assert offer.status == ProposalStatus.OPEN and TradeProposal.objects.count() == 1


# --- 5. the counter form tells "not yours" from "not open" --------------------------------------
def test_the_counter_form_answers_the_codes_the_api_does(client, offer):
    owner, partner = offer.maker, offer.partner
    counter = f"/collection/trades/proposals/{offer.pk}/counter/"
    login(client, owner)
    mine = client.get(counter)
    assert mine.status_code == 403
    assert "Only the player you proposed to can answer it." in mine.content.decode()
    assert post_json(client, f"/api/trades/proposals/{offer.pk}/counter/").status_code == 403

    trades.proposal_decline(user=partner, proposal_id=offer.pk)
    login(client, partner)
    answered = client.get(counter)
    assert answered.status_code == 409
    assert "no longer open: declined" in answered.content.decode()
