"""The rulebook's readings corrected in issue #21, each as the book's own situation.

Duels with three or more players go to the player on the right; the draw after
an álomlény and after a cycled instant is a choice; and the view says why a
move is missing (no duels on the first turn, one bűvforrás a turn). See
docs/rules/alomfogo.md and DECISIONS (Álomfogó 2, 3, 9).
"""

from __future__ import annotations

import random

from play.bots.alomfogo_greedy import GreedyBot
from tests.play import alomfogo_helpers as helpers  # let_resolve: a spell waits for counters
from tests.play.alomfogo_helpers import (
    ENGINE,
    act,
    codes,
    deck,
    game,
    in_hand,
    on_board,
    pass_turn,
    types,
)
from tests.play.conformance import assert_refused

MANO = "AF1-004"  # Búbos manó: álomlény, cost 1
HOFORGETEG = "AF1-005"  # Hóförgeteg: azonnali, cost 1
WUGU = "AF1-009"  # Wugu Wataruru: révülő, cost 3, 4/4
HOLDKO = "AFD-063"  # Holdkő: általános varázslat, subtype bűvforrás


def three_seats(*decks, **options):
    opts = {"shuffle": False, "first_player": 0, "min_deck_size": 0, "max_copies": 0}
    return ENGINE.new_game(list(decks), dict(opts, **options), seed=1)


# --- Többszemélyes játék: duels go to the player on the right ------------------
def test_tobbszemelyes_jatek_duels_go_to_the_player_on_the_right():
    """7. Többszemélyes játék: "mindenki a tőle jobbra levő játékoshoz küldi a párbajozó
    csapatokat". Turns go round in seat order, so the player on your right is the one
    who played just before you: seat 1 duels seat 0, seat 0 duels the last seat."""
    g = three_seats(deck(WUGU), deck(WUGU), deck(WUGU), vp_per_turn=3)
    act(g, "play_card", in_hand(g, 0, WUGU))
    pass_turn(g)  # turn 1, no duels
    act(g, "play_card", in_hand(g, 1, WUGU))
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, WUGU))
    assert g.s["duel"]["defender"] == 0 and g.active_player == 0
    assert g.view(1)["duels_to"] == 0  # the view names the seat for every reader
    act(g, "decline_defense")
    assert [s["glory"] for s in g.s["players"]] == [14, 15, 15]
    act(g, "end_turn")
    pass_turn(g)  # seat 2
    act(g, "end_main")  # seat 0: its duels go to seat 2
    act(g, "declare_attack", on_board(g, 0, WUGU))
    assert g.s["duel"]["defender"] == 2 and g.active_player == 2


def test_tobbszemelyes_jatek_a_player_out_passes_the_duels_on():
    """7. Többszemélyes játék: "Akinek elfogynak a dicsőségpontjai, kiesik a játékból." The
    player on your right is the nearest living one: with seat 0 out, seat 1 duels seat 3."""
    g = three_seats(deck(), deck(WUGU), deck(), deck(), vp_per_turn=3)
    pass_turn(g)
    act(g, "play_card", in_hand(g, 1, WUGU))
    g.s["players"][0]["alive"] = False
    g.forget_legal_actions()
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, WUGU))
    assert g.s["duel"]["defender"] == 3 and g.view(2)["duels_to"] == 3


# --- Álomlény: "húzhatsz egy új lapot" - a choice --------------------------------
def test_alomleny_kijatszasakor_huzhatsz_the_draw_is_a_choice():
    """4. Álomlények: "Minden álomlény kijátszásakor húzhatsz egy új lapot!" The player
    may draw, or may keep the deck as it is."""
    g = game(deck(MANO, MANO), deck())
    act(g, "play_card", in_hand(g, 0, MANO))
    assert types(g) == {"draw_card", "decline_draw"} and g.active_player == 0
    assert g.view(0)["pending"] == {"kind": "draw", "player": 0, "after": "alomleny"}
    hand, deck_size = len(g.s["players"][0]["hand"]), len(g.s["players"][0]["deck"])
    events = act(g, "decline_draw")
    assert {"type": "no_draw", "player": 0, "reason": "declined"} in events
    assert len(g.s["players"][0]["hand"]) == hand
    assert len(g.s["players"][0]["deck"]) == deck_size
    assert "end_main" in types(g)  # back in the main phase
    act(g, "play_card", in_hand(g, 0, MANO))
    act(g, "draw_card")
    assert len(g.s["players"][0]["hand"]) == hand  # one played, one drawn
    assert len(g.s["players"][0]["deck"]) == deck_size - 1


def test_alomleny_kijatszasakor_huzhatsz_an_empty_deck_loses_nothing():
    """4. Álomlények: "húzhatsz egy új lapot" is not a draw the rules require ("akinek lapot
    kell húznia ... de nem tud"): with an empty deck it is not offered and the game goes on."""
    g = game(deck(MANO, filler=4), deck())
    assert g.s["players"][0]["deck"] == []
    events = act(g, "play_card", in_hand(g, 0, MANO))
    assert not g.is_over and g.s["players"][0]["alive"]
    assert {"type": "no_draw", "player": 0, "reason": "empty_deck"} in events
    assert g.s["pending"] is None and "draw_card" not in types(g)
    assert_refused(g, [({"type": "draw_card", "player": 0}, "wrong_step")])


def test_azonnali_eldobasa_huzhatsz_helyette_the_draw_is_a_choice():
    """4. Azonnali varázslat: "eldobhatsz a kezedből ... 1 VP árán egy azonnalit, és húzhatsz
    helyette egy lapot." The draw is the player's choice; an empty deck costs nothing."""
    g = game(deck(HOFORGETEG, HOFORGETEG), deck())
    act(g, "cycle_instant", in_hand(g, 0, HOFORGETEG))
    assert types(g) == {"draw_card", "decline_draw"}
    assert g.view(0)["pending"]["after"] == "cycled"
    act(g, "decline_draw")
    assert len(g.s["players"][0]["hand"]) == 4 and codes(g, 0, "discard") == [HOFORGETEG]
    assert g.s["players"][0]["vp"] == 2
    # an empty deck: the instant still goes, nothing is drawn, nobody loses
    g = game(deck(HOFORGETEG, filler=4), deck())
    act(g, "cycle_instant", in_hand(g, 0, HOFORGETEG))
    assert not g.is_over and g.s["pending"] is None and len(g.s["players"][0]["hand"]) == 4


def test_a_required_draw_from_an_empty_deck_still_loses():
    """5. A játék vége: "Az a játékos is veszít ..., akinek lapot kell húznia a paklijából, de
    nem tud, mert azok elfogytak." The draw of phase 2 is required."""
    g = game(deck(filler=5), deck(filler=5))
    pass_turn(g)  # seat 1 must draw in phase 2 from an empty deck
    assert g.is_over and g.result == {"winners": [0], "reason": "deck_out", "glory": [15, 15]}


def test_a_cards_own_draw_from_an_empty_deck_loses_at_once():
    """DECISIONS 2: a card that says "húzz" requires the draw like phase 2 does. Álomkép
    ("Húzz két lapot") with one card left: the first draw takes it, the second loses."""
    alomkep = "AFD-066"  # általános varázslat, cost 2
    g = game(deck(alomkep, filler=5), deck())  # six cards: five in hand, one in the deck
    g.s["players"][0]["vp"] = 2
    g.forget_legal_actions()
    last = g.s["players"][0]["deck"][0]
    act(g, "play_card", in_hand(g, 0, alomkep))
    events = helpers.let_resolve(g)
    assert {"type": "draw", "player": 0, "card": last} in events
    assert {"type": "player_out", "player": 0, "reason": "deck_out"} in events
    assert g.is_over and g.result == {"winners": [1], "reason": "deck_out", "glory": [15, 15]}


def test_the_greedy_bot_draws_unless_the_draw_would_lose_the_deck_race():
    """The greedy bot answers the optional draw: it draws, unless its deck is nearly out
    and the draw would leave it the first to face a required draw from an empty deck."""

    def choice(g) -> str:
        p = g.active_player
        return GreedyBot(seed=1).choose(g.view(p), g.legal_actions(p), random.Random(1))["type"]

    g = game(deck(MANO), deck())  # 11 cards in each deck
    act(g, "play_card", in_hand(g, 0, MANO))
    assert choice(g) == "draw_card"
    g = game(deck(MANO, filler=7), deck(filler=7))  # 3 left each: a draw would lose the race
    act(g, "play_card", in_hand(g, 0, MANO))
    assert choice(g) == "decline_draw"
    g = game(deck(MANO, filler=7), deck(filler=5))  # the other deck is empty: draw freely
    act(g, "play_card", in_hand(g, 0, MANO))
    assert choice(g) == "draw_card"


# --- why a move is not there ----------------------------------------------------
def test_a_kezdo_jatekos_az_elso_koreben_nem_tamadhat_and_the_view_says_so():
    """5. Párviadal, FONTOS: "Az a játékos, aki a játékot kezdi, az első körében nem
    intézhet kihívást, vagyis nem támadhat!" No attack is offered; the view says why."""
    g = game(deck(WUGU), deck())
    g.s["players"][0]["vp"] = 3
    act(g, "play_card", in_hand(g, 0, WUGU))
    act(g, "end_main")
    assert types(g) == {"end_turn"}
    assert g.view(0)["no_duels"] == "first_turn" and g.view(1)["no_duels"] == "first_turn"
    act(g, "end_turn")
    assert g.view(1)["no_duels"] is None


def test_buvforras_egy_korben_legfeljebb_egy_and_the_card_says_why():
    """4. Laptípusok, FONTOS: "egy körben legfeljebb egy bűvforrás lapot játszhatsz ki".
    The view shows the subtype on the card and, once one is played, why the other cannot be."""
    g = game(deck(HOLDKO, HOLDKO), deck())
    hand = {c["id"]: c for c in g.view(0)["players"][0]["hand"]}
    first, second = [i for i, c in hand.items() if c["code"] == HOLDKO]
    assert hand[first]["subtypes"] == ["buvforras"] and "why_not" not in hand[first]
    act(g, "play_card", first)
    helpers.let_resolve(g)
    view = g.view(0)
    entry = next(c for c in view["players"][0]["hand"] if c["id"] == second)
    assert entry["subtypes"] == ["buvforras"] and entry["why_not"] == "one_buvforras"
    assert not [a for a in g.legal_actions(0) if a.get("card") == second]
    assert "why_not" not in str(g.view(1))  # only the owner sees their hand
    pass_turn(g)
    pass_turn(g)  # a new turn: the second one may be played
    entry = next(c for c in g.view(0)["players"][0]["hand"] if c["id"] == second)
    assert "why_not" not in entry
    assert [a for a in g.legal_actions(0) if a.get("card") == second]


def test_a_card_you_cannot_pay_for_says_so_until_you_can():
    """A card whose cost is more than the seat's VP is not offered; the view says why on the
    card (`why_not: "vp"`), only to its owner, and stops saying it once the VP is there."""
    g = game(deck(WUGU), deck())
    wugu = in_hand(g, 0, WUGU)
    g.s["players"][0]["vp"] = 0
    g.forget_legal_actions()
    entry = next(c for c in g.view(0)["players"][0]["hand"] if c["id"] == wugu)
    assert entry["cost"] > 0 and entry["why_not"] == "vp"
    assert not [a for a in g.legal_actions(0) if a.get("card") == wugu]
    assert "why_not" not in str(g.view(1))  # only the owner sees their hand
    g.s["players"][0]["vp"] = entry["cost"]
    g.forget_legal_actions()
    entry = next(c for c in g.view(0)["players"][0]["hand"] if c["id"] == wugu)
    assert "why_not" not in entry
    assert [a for a in g.legal_actions(0) if a.get("card") == wugu]
