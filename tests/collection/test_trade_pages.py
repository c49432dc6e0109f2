"""The trade pages: my lists, partners, proposing, answering.

Personas: the owner, a trading partner, a stranger and an anonymous visitor.
Each test asserts what one of them would see, or what moved in the collections.
"""

from __future__ import annotations

import pytest

from catalog.models import Card, Game
from collection import trades
from collection.models import OwnedCard, TradeProposal, TradeWantDeck
from decks import services as deck_services
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

KAJTAR = "AF1-001"  # the owner's duplicate, wanted by the partner
OTHER = "AF1-002"  # the partner's duplicate, wanted by the owner
ROW = "row-have-AF1-001"  # the owner's have row of KAJTAR (where a refusal shows)

PAGES = ["/collection/trades/", "/collection/trades/partners/", "/collection/trades/proposals/"]


def login(client, user, language: str = "hu") -> None:
    client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = language


def owner_pages(proposal) -> list[str]:
    """Every trade page of the proposal's maker: the lists, the propose form, the proposal last."""
    return [
        *PAGES,
        f"/collection/trades/propose/{proposal.partner.username}/",
        f"/collection/trades/proposals/{proposal.pk}/",
    ]


def owned(user, code: str) -> int:
    row = OwnedCard.objects.filter(user=user, card__code=code).first()
    return row.count if row else 0


@pytest.fixture
def traders(owner, partner, spares_each_other_wants):
    """Each has 5 of a card (2 for trade by default) and wants 2 of the other's."""
    spares_each_other_wants((owner, KAJTAR), (partner, OTHER), copies=5)
    return owner, partner


def propose(client, partner, gives: dict, gets: dict, message: str = "", **headers):
    data = {"message": message}
    data.update({f"give_{code}": n for code, n in gives.items()})
    data.update({f"get_{code}": n for code, n in gets.items()})
    return client.post(f"/collection/trades/propose/{partner.username}/", data, **headers)


@pytest.fixture
def open_proposal(traders):
    owner, partner = traders
    return trades.proposal_create(
        maker=owner, partner_id=partner.pk, gives={KAJTAR: 2}, gets={OTHER: 1}, message="Szia!"
    )


# --- who may see what --------------------------------------------------------------------------
def test_anonymous_visitors_are_sent_to_sign_in(client, open_proposal):
    for path in owner_pages(open_proposal):
        response = client.get(path)
        assert response.status_code == 302, path
        assert response["Location"].startswith("/accounts/login/")


def test_a_stranger_gets_404_on_a_proposal_and_cannot_answer_it(client, open_proposal, stranger):
    login(client, stranger)
    pk = open_proposal.pk
    assert client.get(f"/collection/trades/proposals/{pk}/").status_code == 404
    assert client.get(f"/collection/trades/proposals/{pk}/counter/").status_code == 404
    response = client.post(f"/collection/trades/proposals/{pk}/answer/", {"action": "accept"})
    assert response.status_code == 404
    assert TradeProposal.objects.get(pk=pk).status == "open"
    assert "Szia!" not in client.get("/collection/trades/proposals/").content.decode()


def test_proposing_to_an_unknown_player_or_myself_is_404(client, traders):
    owner, _ = traders
    login(client, owner)
    assert client.get("/collection/trades/propose/nobody/").status_code == 404
    assert client.get("/collection/trades/propose/owner/").status_code == 404


# --- every page in both languages ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("hu", ["Csere", "Elcserélném", "Keresem", "ritka"]),
        ("en", ["Trades", "For trade", "Wanted", "rare"]),
    ],
)
def test_lists_page_shows_my_lists_and_the_advice(client, traders, language, words):
    owner, _ = traders
    login(client, owner, language)
    response = client.get("/collection/trades/")
    html = response.content.decode()
    assert response.status_code == 200
    for word in words:
        assert word in html
    # my have: 5 free copies, 3 kept for a deck → 2 for trade, by default
    assert 'id="row-have-AF1-001"' in html
    assert 'name="count" min="0" max="999" value="2"' in html
    # my want, set by hand: it offers the way back to the default
    assert 'id="row-want-AF1-002"' in html
    assert 'value="reset"' in html


@pytest.mark.parametrize("language", ["hu", "en"])
def test_every_page_renders_for_the_owner(client, open_proposal, language):
    owner = open_proposal.maker
    login(client, owner, language)
    paths = owner_pages(open_proposal)
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        assert f'lang="{language}"' in response.content.decode()
    # the partner's side: the proposal with its buttons, and the counter-offer form
    client.logout()
    login(client, open_proposal.partner, language)
    for path in (paths[-1], f"{paths[-1]}counter/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert f'lang="{language}"' in response.content.decode()


def test_partners_page_ranks_the_partner_with_counts_each_way(client, traders):
    owner, partner = traders
    login(client, owner, "en")
    html = client.get("/collection/trades/partners/").content.decode()
    assert "<h2>partner</h2>" in html
    assert "/collection/trades/propose/partner/" in html
    assert "You could get" in html and "You could give" in html


def test_propose_page_suggests_what_the_lists_meet(client, traders):
    owner, _ = traders
    login(client, owner, "en")
    html = client.get("/collection/trades/propose/partner/").content.decode()
    assert 'name="give_AF1-001"' in html and 'name="get_AF1-002"' in html
    assert 'name="give_AF1-001" id="id_give_AF1-001" min="0" max="999" value="2"' in html


# --- lists: edit, reset, refusal where I acted ------------------------------------------
def test_setting_and_resetting_a_have_count_with_htmx(client, traders):
    owner, _ = traders
    login(client, owner, "en")
    headers = {"HTTP_HX_REQUEST": "true"}
    data = {
        "code": KAJTAR,
        "side": "have",
        "action": "set",
        "count": 1,
        "where": "row-have-AF1-001",
    }
    response = client.post("/collection/trades/entry/", data, **headers)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="trade-lists"')
    row = html[html.index('id="row-have-AF1-001"') :]
    assert "set by me" in row[: row.index("</tr>")]
    response = client.post("/collection/trades/entry/", {**data, "action": "reset"}, **headers)
    html = response.content.decode()
    row = html[html.index('id="row-have-AF1-001"') :]
    assert "set by me" not in row[: row.index("</tr>")]
    assert 'value="2"' in row[: row.index("</tr>")]


def test_a_have_above_my_free_copies_is_refused_beside_the_row(client, traders):
    owner, _ = traders
    login(client, owner, "en")
    data = {
        "code": KAJTAR,
        "side": "have",
        "action": "set",
        "count": 9,
        "where": "row-have-AF1-001",
    }
    response = client.post("/collection/trades/entry/", data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 400
    row = html[html.index('id="row-have-AF1-001"') :]
    assert 'role="alert"' in row[: row.index("</tr>")]
    # without JavaScript: back to the page, with the message
    response = client.post("/collection/trades/entry/", data, follow=True)
    html = response.content.decode()
    assert 'class="message error"' in html and "you cannot offer 9" in html


def test_a_refused_add_keeps_what_was_typed_in_its_own_form(client, traders):
    owner, _ = traders
    login(client, owner, "en")
    data = {"code": "XX9-999", "side": "want", "action": "set", "count": 4, "where": "add-want"}
    response = client.post("/collection/trades/entry/", data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 400
    want = html[html.index('id="add-want"') :]
    assert 'value="XX9-999"' in want[: want.index("</form>")]
    assert 'id="add-want-count" type="number" name="count" min="0" max="999" value="4"' in want
    have = html[html.index('id="add-have"') :]
    assert 'value="XX9-999"' not in have[: have.index("</form>")]  # the other form stays empty


def test_ticking_a_deck_puts_its_missing_cards_on_my_wants(client, traders):
    owner, _ = traders
    game = Game.objects.get(slug="alomfogo")
    deck = deck_services.deck_create(owner=owner, game=game, name="Kajtár-pakli")
    deck_services.deck_change_card(
        deck=deck, user=owner, card=Card.objects.get(code="AF1-003"), delta=2
    )
    login(client, owner, "en")
    assert "Kajtár-pakli" in client.get("/collection/trades/").content.decode()
    response = client.post(
        "/collection/trades/want-decks/", {"deck": deck.pk, "on": "1"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="row-want-AF1-003"' in html


def test_someone_elses_deck_cannot_be_ticked(client, traders, stranger):
    """Another player's deck is not there for me: 404, as its own pages answer me."""
    owner, _ = traders
    game = Game.objects.get(slug="alomfogo")
    deck = deck_services.deck_create(owner=stranger, game=game, name="Idegen")
    login(client, owner, "en")
    for headers in ({"HTTP_HX_REQUEST": "true"}, {}):
        response = client.post(
            "/collection/trades/want-decks/", {"deck": deck.pk, "on": "1"}, **headers
        )
        assert response.status_code == 404
        assert "No such deck" in response.content.decode()
    assert not TradeWantDeck.objects.exists()


# --- proposals: propose → accept moves the cards; decline; withdraw; counter ------------
def test_propose_then_accept_from_the_other_account_moves_the_cards(client, traders):
    owner, partner = traders
    login(client, owner, "en")
    response = propose(client, partner, {KAJTAR: 2}, {OTHER: 2}, "Cseréljünk!")
    assert response.status_code == 302
    proposal = TradeProposal.objects.get(maker=owner)
    assert response["Location"] == f"/collection/trades/proposals/{proposal.pk}/"

    client.logout()
    login(client, partner, "en")
    inbox = client.get("/collection/trades/proposals/").content.decode()
    assert "From <bdi>owner</bdi>" in inbox  # the name set apart from the sentence
    page = client.get(f"/collection/trades/proposals/{proposal.pk}/").content.decode()
    assert "Cseréljünk!" in page and 'value="accept"' in page
    response = client.post(
        f"/collection/trades/proposals/{proposal.pk}/answer/",
        {"action": "accept"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "the cards have moved" in response.content.decode()
    assert (owned(owner, KAJTAR), owned(owner, OTHER)) == (3, 2)
    assert (owned(partner, KAJTAR), owned(partner, OTHER)) == (2, 3)
    # both keep the history
    for user in (owner, partner):
        client.logout()
        login(client, user, "en")
        html = client.get("/collection/trades/proposals/").content.decode()
        history = html[html.index("Accepted trades") :]
        assert f"/collection/trades/proposals/{proposal.pk}/" in history


def test_accepting_twice_is_refused_by_the_buttons_and_moves_nothing_more(client, open_proposal):
    partner = open_proposal.partner
    login(client, partner, "en")
    url = f"/collection/trades/proposals/{open_proposal.pk}/answer/"
    client.post(url, {"action": "accept"})
    response = client.post(url, {"action": "accept"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert owned(partner, KAJTAR) == 2


def test_the_partner_declines(client, open_proposal):
    login(client, open_proposal.partner, "en")
    url = f"/collection/trades/proposals/{open_proposal.pk}/answer/"
    response = client.post(url, {"action": "decline"}, follow=True)
    assert response.status_code == 200
    assert TradeProposal.objects.get(pk=open_proposal.pk).status == "declined"
    assert owned(open_proposal.maker, KAJTAR) == 5


def test_the_maker_withdraws_but_cannot_accept(client, open_proposal):
    login(client, open_proposal.maker, "en")
    url = f"/collection/trades/proposals/{open_proposal.pk}/answer/"
    page = client.get(f"/collection/trades/proposals/{open_proposal.pk}/").content.decode()
    assert 'value="withdraw"' in page and 'value="accept"' not in page
    response = client.post(url, {"action": "accept"}, HTTP_HX_REQUEST="true")
    assert response.status_code in (400, 404)
    assert TradeProposal.objects.get(pk=open_proposal.pk).status == "open"
    client.post(url, {"action": "withdraw"})
    assert TradeProposal.objects.get(pk=open_proposal.pk).status == "withdrawn"


def test_counter_offer_is_the_form_the_other_way_round(client, open_proposal):
    partner = open_proposal.partner
    login(client, partner, "en")
    url = f"/collection/trades/proposals/{open_proposal.pk}/counter/"
    html = client.get(url).content.decode()
    # I (the partner) give what they asked for and get what they offered
    assert 'name="give_AF1-002" id="id_give_AF1-002" min="0" max="999" value="1"' in html
    assert 'name="get_AF1-001" id="id_get_AF1-001" min="0" max="999" value="2"' in html
    response = client.post(url, {"give_AF1-002": 1, "get_AF1-001": 1, "message": "Egyet"})
    assert response.status_code == 302
    new = TradeProposal.objects.get(maker=partner)
    assert new.counter_of_id == open_proposal.pk
    assert TradeProposal.objects.get(pk=open_proposal.pk).status == "countered"


def test_a_proposal_giving_what_i_do_not_have_free_shows_why(client, traders):
    owner, partner = traders
    login(client, owner, "en")
    response = propose(client, partner, {KAJTAR: 9}, {OTHER: 1})
    html = response.content.decode()
    assert response.status_code == 400
    assert "was not sent" in html and KAJTAR in html
    assert not TradeProposal.objects.exists()


def test_an_empty_proposal_is_refused(client, traders):
    owner, partner = traders
    login(client, owner, "hu")
    response = propose(client, partner, {}, {})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not TradeProposal.objects.exists()


def test_more_copies_than_are_free_is_said_at_the_cards_own_box(client, traders):
    """The refusal above the form named only a code; the box of that card says it too, and
    a screen reader hears it there (aria-invalid, aria-describedby)."""
    from tests.html_names import controls

    owner, partner = traders
    login(client, owner, "en")
    response = propose(client, partner, {KAJTAR: 999}, {OTHER: 1})
    assert response.status_code == 400
    html = response.content.decode()
    box = next(c for c in controls(html) if c.element.attrs.get("name") == f"give_{KAJTAR}")
    assert box.element.attrs.get("aria-invalid") == "true"
    said = box.element.attrs["aria-describedby"]
    assert f'id="{said}">You do not have this many free copies.' in html
    other = next(c for c in controls(html) if c.element.attrs.get("name") == f"get_{OTHER}")
    assert "aria-invalid" not in other.element.attrs
    assert not TradeProposal.objects.exists()
