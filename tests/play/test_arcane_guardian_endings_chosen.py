"""Arcane Guardian's three endings, chosen in the lobby as the rulebook has the player
choose them ("a játékos a Véglapokból választ hármat"), or drawn at random as before.

Every set of three is offered, named by its cards in the visitor's language; a set no
ending of which can ever win says so (the engine's `endings_can_win`). The chosen set is
the dungeon's, through the lobby form, the API and "Play again"; anything else offered
as a set is refused with a message, and no match is made.
"""

from __future__ import annotations

import math
import re

import pytest

from play import selectors
from play.bots.arcane_guardian_cards import arcane_cards, ending_codes
from play.bots.arcane_guardian_solver import solve
from play.engines.arcane_guardian.setup import ending_sets
from play.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db

BY_NAME = {card["name_en"]: card["code"] for card in arcane_cards()}
GATE, HALL_OF_KEYS = BY_NAME["Dungeon Gate"], BY_NAME["Hall of Keys"]
ALTAR, MASK, PORTAL = (
    BY_NAME["Guardian's Altar"],
    BY_NAME["Guardian's Mask"],
    BY_NAME["Ancient Portal"],
)
CHOSEN = sorted([GATE, HALL_OF_KEYS, PORTAL])


def endings_of(match: Match) -> list[str]:
    return selectors.match_state(match).view(0)["endings"]


def lobby_select(html: str) -> dict[str, str]:
    """The endings select of the lobby page: each option's value and words."""
    select = re.search(r'<select id="ag-endings".*?</select>', html, re.S).group(0)
    return dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select))


def test_every_set_of_three_is_offered_and_those_that_can_never_be_won_are_marked():
    sets = dict(ending_sets(arcane_cards()))
    assert len(sets) == math.comb(len(ending_codes()), 3)
    # the Key, but no Gate and no other way out
    assert sets[tuple(sorted([HALL_OF_KEYS, ALTAR, MASK]))] is False
    # the Gate and an ending that gives its Key; an exit needing no Key
    assert sets[tuple(sorted([GATE, HALL_OF_KEYS, MASK]))] is True
    assert sets[tuple(sorted([ALTAR, MASK, PORTAL]))] is True
    # what the lobby marks is what the solver finds lost before searching a single move
    for codes, winnable in sets.items():
        if not winnable:
            answer = solve(arcane_cards(), {"endings": list(codes)}, 1)
            assert (answer.verdict, answer.nodes) == ("lost", 0), codes


@pytest.mark.parametrize(
    ("language", "random_words", "never", "names"),
    [
        ("hu", "három véletlenszerűen", "nem nyerhető meg", "Kulcsok terme"),
        ("en", "three at random", "cannot be won", "Hall of Keys"),
    ],
)
def test_the_lobby_offers_every_set_in_the_visitors_language(
    client, cards, language, random_words, never, names
):
    client.force_login(make_user("zsofi", language=language))
    offered = lobby_select(client.get("/play/").content.decode())
    assert len(offered) == 1 + math.comb(len(ending_codes()), 3)
    assert offered["random"] == random_words  # the first, and chosen unless the player picks
    unwinnable = ",".join(sorted([HALL_OF_KEYS, ALTAR, MASK]))
    assert offered[unwinnable].endswith(f"({never})") and names in offered[unwinnable]
    assert never not in offered[",".join(CHOSEN)]


def test_a_set_chosen_in_the_lobby_is_the_dungeons_and_play_again_keeps_it(client, cards):
    zsofi = make_user("zsofi")
    client.force_login(zsofi)
    answer = client.post("/play/new/", {"game": "arcane-guardian", "endings": ",".join(CHOSEN)})
    match = Match.objects.get()
    assert answer.status_code == 302 and sorted(endings_of(match)) == CHOSEN
    assert match.options == {"endings": CHOSEN}
    client.post(f"/play/{match.pk}/resign/")
    assert client.post(f"/play/{match.pk}/rematch/").status_code == 302
    again = Match.objects.exclude(pk=match.pk).get()
    assert sorted(endings_of(again)) == CHOSEN and again.seed != match.seed


def test_three_at_random_is_the_default_and_stores_nothing(client, cards):
    client.force_login(make_user("zsofi"))
    client.post("/play/new/", {"game": "arcane-guardian", "endings": "random"})
    client.post("/play/new/", {"game": "arcane-guardian"})
    for match in Match.objects.all():
        assert match.options == {} and len(set(endings_of(match))) == 3


@pytest.mark.parametrize(
    "sent",
    [
        f"{GATE},{GATE},{PORTAL}",  # one ending twice
        f"{PORTAL},{GATE},{HALL_OF_KEYS}",  # not in the order the lobby lists them
        f"{GATE},{PORTAL}",  # two
        "AG-001,AG-002,AG-003",  # not endings
        "x" * 500,
    ],
)
def test_a_set_the_lobby_does_not_offer_is_refused_beside_the_form(client, cards, sent):
    client.force_login(make_user("zsofi", language="en"))
    answer = client.post("/play/new/", {"game": "arcane-guardian", "endings": sent})
    assert answer.status_code == 400
    assert "Choose one of the offered values for: endings" in answer.content.decode()
    assert not Match.objects.exists()


def test_the_api_takes_the_set_as_a_list_and_refuses_anything_else(client, cards):
    client.force_login(make_user("zsofi", language="en"))

    def start(endings):
        body = {"game": "arcane-guardian", "opponent": "solo", "options": {"endings": endings}}
        return client.post("/api/matches/", body, content_type="application/json")

    answer = start(CHOSEN)
    assert answer.status_code == 201, answer.json()
    assert sorted(answer.json()["view"]["endings"]) == CHOSEN
    for wrong in ([GATE, GATE, PORTAL], [GATE], "all", 3, None, [[GATE, PORTAL, ALTAR]]):
        refused = start(wrong)
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_option"
    assert Match.objects.count() == 1


def test_the_how_to_play_page_says_what_the_lobby_offers_without_listing_every_set(client, cards):
    sets = ending_sets(arcane_cards())
    lost = sum(not winnable for _codes, winnable in sets)
    client.cookies["django_language"] = "hu"
    page = client.get("/cards/games/arcane-guardian/rules/").content.decode()
    lobby = page[page.index('id="rules-lobby"') : page.index('id="rules-tips"')]
    assert f"{len(sets) + 1} lehetőség" in lobby and "Kulcsok terme" not in lobby
    assert f"({len(sets)} darab)" in lobby and f"({lost} ilyen van)" in lobby
    client.cookies["django_language"] = "en"
    oniroo = client.get("/cards/games/oniroo/rules/").content.decode()
    assert "1-2-3-4-5 and 6-7-8-9-0 · any five consecutive digits" in oniroo  # short: listed


def test_the_view_says_when_no_ending_in_play_can_ever_win():
    """The table warns at once: the view carries the engine's answer (the endings and the
    Key are public, so it tells nothing of the deal)."""
    from play.engines import get_engine

    engine = get_engine("arcane-guardian")
    for codes, winnable in ending_sets(arcane_cards()):
        state = engine.new_game([arcane_cards()], {"endings": list(codes)}, 5)
        assert state.view(0)["way_out"] is winnable
        assert state.view(None)["way_out"] is winnable
