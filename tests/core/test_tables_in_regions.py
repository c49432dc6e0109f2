"""Every card table sits in a named region a keyboard can scroll.

On a phone a table wider than the screen scrolls sideways inside a box, never the page.
That box is `<div role="region" aria-labelledby="…" tabindex="0">` (site.css
`.table-scroll`, tournaments.css `.t-scroll`): a keyboard reaches it with Tab and scrolls
it with the arrows, a screen reader lists it among the page's regions by its name, and the
table inside stays a table (a table laid out as a scrolling block loses its rows and
columns in a few screen readers).

Each page and htmx answer below is seen with data, by a player reading English; each of its
`card-table`s is listed with the name of the region around it ("" for none).
"""

from __future__ import annotations

import pytest

from catalog.models import Card, CardSet
from collection import trades
from printing.models import Status
from tests.factories import PASSWORD, deck_print_job, make_user, own, propose
from tests.html_names import Element, elements
from tests.play_rows import first_cards_deck
from tournaments import services as tournament_services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def region_name(region: Element, by_id: dict[str, Element]) -> str:
    """The region's accessible name: the texts `aria-labelledby` points at, else `aria-label`."""
    ids = region.attrs.get("aria-labelledby", "").split()
    if ids:
        return " ".join(by_id[i].all_text() if i in by_id else f"<no #{i}>" for i in ids)
    return " ".join(region.attrs.get("aria-label", "").split())


def tables_in_regions(html: str) -> list[tuple[str, str]]:
    """(classes, name of the scroll region around it) of each card table of the page; the
    name is "" for a table in no region a keyboard can reach (role=region, tabindex=0)."""
    found_elements = elements(html)
    by_id = {e.attrs["id"]: e for e in found_elements if e.attrs.get("id")}
    found = []
    for table in found_elements:
        classes = table.attrs.get("class", "")
        if table.tag != "table" or "card-table" not in classes.split():
            continue
        regions = [
            p
            for p in table.parents
            if p.attrs.get("role") == "region" and p.attrs.get("tabindex") == "0"
        ]
        found.append((classes, region_name(regions[-1], by_id) if regions else ""))
    return found


def get(client, path: str, **headers) -> str:
    response = client.get(path, **headers)
    assert response.status_code == 200, path
    return response.content.decode()


def a_trading_player():
    """A player with cards, a print job and trade lists; her partner, bence; a proposal
    between them (`zsofi.proposal`). The shipped cards are loaded."""
    zsofi = make_user("zsofi", language="en")
    bence = make_user("bence", language="en")
    own(zsofi, AF1_001=5)  # 2 for trade beyond the 3 a deck may use
    own(bence, AF1_002=5)
    trades.trade_entry_set(user=zsofi, code="AF1-002", side="want", count=2)
    trades.trade_entry_set(user=bence, code="AF1-001", side="want", count=2)
    for player in (zsofi, bence):  # their default lists, as opening a trade page writes them
        trades.trade_lists_refresh(user=player)
    zsofi.proposal = propose(zsofi, bence, gives={"AF1-001": 2}, gets={"AF1-002": 1})
    deck = first_cards_deck(zsofi, "Támadó", 15)
    deck_print_job(zsofi, deck, status=Status.DONE, progress=100, pages=8)
    return zsofi


def a_running_cup(zsofi):
    """A running event zsofi organises, round 1 with a result entered and then corrected
    (`cup.a_player` is one who played it); and one she has registered for."""
    game = CardSet.objects.get(code="AF1").game
    event = tournament_services.tournament_create(organiser=zsofi, game=game, name="Őszi kupa")
    for name in ("anna", "bela", "cili", "dani"):
        player = make_user(name, language="en")
        tournament_services.tournament_register(
            tournament_id=event.pk, user=player, deck=first_cards_deck(player, "Pakli", 15)
        )
    tournament_services.tournament_start(tournament_id=event.pk, user=zsofi)
    pairing = Pairing.objects.filter(round__tournament=event).order_by("table").first()
    for wins_a in (1, 0):  # a result, then its correction: the page lists the changes
        tournament_services.pairing_record_result(
            tournament_id=event.pk,
            pairing_id=pairing.pk,
            user=zsofi,
            wins_a=wins_a,
            wins_b=1 - wins_a,
            draws=0,
        )
    other = tournament_services.tournament_create(
        organiser=make_user("erik", language="en"), game=game, name="Tavaszi kupa"
    )
    tournament_services.tournament_register(
        tournament_id=other.pk, user=zsofi, deck=zsofi.decks.get()
    )
    event.a_player = pairing.player_a
    return event


@pytest.fixture
def zsofi(catalog_data):
    return a_trading_player()


@pytest.fixture
def cup(zsofi):
    return a_running_cup(zsofi)


@pytest.fixture
def signed_in(client, zsofi):
    client.login(username="zsofi", password=PASSWORD)
    client.cookies["django_language"] = "en"
    return client


def test_the_card_search_and_a_set_show_their_tables_in_named_regions(signed_in):
    search = "/cards/?q=set:AF1&view=list"
    assert tables_in_regions(get(signed_in, search)) == [("card-table", "Cards")]
    # the htmx answer: the results alone, swapped into the page's #results
    answer = get(signed_in, search, HTTP_HX_REQUEST="true")
    assert tables_in_regions(answer) == [("card-table", "Cards")]

    card_set = CardSet.objects.get(code="AF1")
    assert Card.objects.filter(card_set=card_set).exists()
    tables = tables_in_regions(get(signed_in, card_set.get_absolute_url()))
    assert tables == [("card-table", f"{card_set.display_name} AF1")]


def test_the_collection_shows_its_table_in_a_named_region(signed_in):
    owned = [("card-table owned-table", "Cards")]
    assert tables_in_regions(get(signed_in, "/collection/")) == owned
    answer = get(signed_in, "/collection/?q=set:AF1", HTTP_HX_REQUEST="true")
    assert tables_in_regions(answer) == owned


def test_the_trade_pages_show_their_tables_in_named_regions(signed_in, zsofi):
    lists = [("card-table trade-table", "For trade"), ("card-table trade-table", "Wanted")]
    assert tables_in_regions(get(signed_in, "/collection/trades/")) == lists
    # the htmx answer to a count changed on a list: both lists again, swapped as one block
    one_for_trade = {"code": "AF1-001", "side": "have", "action": "set", "count": 1}
    response = signed_in.post(
        "/collection/trades/entry/",
        {**one_for_trade, "where": "row-have-AF1-001"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert tables_in_regions(response.content.decode()) == lists

    propose_page = get(signed_in, "/collection/trades/propose/bence/")
    assert tables_in_regions(propose_page) == [
        ("card-table trade-table", "You give"),
        ("card-table trade-table", "You get from bence"),
    ]
    proposal_page = get(signed_in, f"/collection/trades/proposals/{zsofi.proposal.pk}/")
    assert tables_in_regions(proposal_page) == [
        ("card-table trade-table", "You give"),
        ("card-table trade-table", "bence gives"),
    ]


def test_the_print_page_shows_its_jobs_in_a_named_region(signed_in):
    html = get(signed_in, "/print/")
    assert tables_in_regions(html) == [("card-table stack-narrow", "My print jobs")]
    # a job's title keeps room for a word (site.css: a cell whose link is user text), and
    # the table scrolls in its region, rather than breaking "Támadó" inside the word
    assert '<td><a class="user-text" href="/print/jobs/' in html


def test_the_tournament_pages_show_their_tables_in_named_regions(signed_in, cup):
    t = "card-table t-table"
    assert tables_in_regions(get(signed_in, "/tournaments/")) == [
        (t, "Registration open"),
        (t, "Running"),
    ]
    assert tables_in_regions(get(signed_in, "/tournaments/mine/")) == [
        (t, "I play in"),
        (t, "I organise"),
    ]
    live = [(f"{t} stack-narrow", "Pairings"), (t, "Standings")]  # pairings: cards on a phone
    detail = get(signed_in, cup.get_absolute_url())
    assert tables_in_regions(detail) == [*live, (t, "Result changes")]
    # the live part alone, sent again every 5 s and swapped in place of the page's own
    assert tables_in_regions(get(signed_in, f"/tournaments/{cup.pk}/live/")) == live
    player = get(signed_in, f"/tournaments/{cup.pk}/players/{cup.a_player.pk}/")
    assert tables_in_regions(player) == [(t, "Round by round")]


def test_the_games_pages_show_their_tables_in_named_regions(client, cards):
    from catalog.models import Game
    from play.models import Rating
    from tests.play_rows import oniroo_match

    zsofi = make_user("zsofi", language="en")
    oniroo_match(zsofi, "bot:greedy")
    game = Game.objects.get(slug="alomfogo")
    Rating.objects.create(user=zsofi, game=game, rating=1516, matches=1, wins=1)
    client.login(username="zsofi", password=PASSWORD)
    assert tables_in_regions(get(client, "/play/")) == [("card-table", "My matches")]
    assert tables_in_regions(get(client, "/play/ratings/alomfogo/")) == [
        ("card-table", "Ratings: Álomfogó")
    ]
