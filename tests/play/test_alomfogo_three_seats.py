"""Three seats at one table: the counter window, a player who is out, and a duel that ends
because one of its players is out (DECISIONS 5, 6, 9).

Each scenario plays the turns from a fixed-order deal; see docs/rules/alomfogo.md
("Spells, targets and counters" and the seats paragraph).
"""

from __future__ import annotations

import pytest

from tests.play.alomfogo_helpers import (
    act,
    codes,
    deck,
    game,
    in_hand,
    on_board,
    pass_turn,
    states,
    types,
)

ALOMKEP = "AFD-066"  # Álomkép: általános varázslat, cost 2, "Húzz két lapot."
ALTATO_DAL = "AFD-069"  # Altató dal: általános varázslat, cost 2, rests any active révülő
CSENDHARANG = "AF1-013"  # Csendharang: esemény, cost 2, counters a spell by its sacrifice
KOBOLD = "AFD-019"  # Kobold Kálmán: révülő, cost 0, 1/0 (the decks' filler)
WUGU = "AF1-009"  # Wugu Wataruru: révülő, cost 3, 4/4


def play_first_round(g, plays: dict[int, tuple[str, ...]]) -> None:
    """Each seat in turn plays its `plays` codes and passes; stop at seat 0's second main phase."""
    for seat in (0, 1, 2):
        for code in plays.get(seat, ()):
            act(g, "play_card", in_hand(g, seat, code))
        pass_turn(g)
    assert g.active_player == 0 and g.s["players"][0]["vp"] == 6


def decline_until_resolved(g) -> list[int]:
    """The seats asked to counter, in the order asked, each declining."""
    asked = []
    while g.s["pending"] is not None and g.s["pending"]["kind"] == "counter":
        asked.append(g.active_player)
        act(g, "decline_counter")
    return asked


# --- DECISIONS 6: each opponent answers a spell once, in seat order ----------------
def test_one_declines_the_next_counters_and_the_spell_goes_with_its_cost_paid():
    g = game(deck(ALOMKEP), deck(CSENDHARANG), deck(CSENDHARANG))
    play_first_round(g, {1: (CSENDHARANG,), 2: (CSENDHARANG,)})
    hand = len(g.s["players"][0]["hand"])
    spell = in_hand(g, 0, ALOMKEP)
    act(g, "play_card", spell)
    bell1 = on_board(g, 1, CSENDHARANG)
    assert g.active_player == 1  # the next seat after the caster is asked first
    assert {"type": "counter", "player": 1, "card": bell1} in g.legal_actions(1)
    act(g, "decline_counter")
    assert g.active_player == 2 and types(g) == {"counter", "decline_counter"}
    events = act(g, "counter", on_board(g, 2, CSENDHARANG))
    assert [e["player"] for e in events if e["type"] == "countered"] == [2]
    # nobody is asked again; the caster is back in its main phase
    assert g.s["pending"] is None and g.active_player == 0 and "end_main" in types(g)
    assert codes(g, 0, "discard") == [ALOMKEP] and g.s["inst"][spell]["zone"] == "discard"
    assert len(g.s["players"][0]["hand"]) == hand - 1  # no effect: nothing drawn
    assert g.s["players"][0]["vp"] == 4  # its cost stays paid
    assert codes(g, 2, "discard") == [CSENDHARANG] and codes(g, 2, "board") == []
    assert states(g, 1) == {CSENDHARANG: "active"}  # the seat that declined keeps its counter


def test_when_all_decline_each_is_asked_once_and_the_spell_resolves():
    g = game(deck(ALOMKEP), deck(CSENDHARANG), deck(CSENDHARANG))
    play_first_round(g, {1: (CSENDHARANG,), 2: (CSENDHARANG,)})
    hand = len(g.s["players"][0]["hand"])
    act(g, "play_card", in_hand(g, 0, ALOMKEP))
    assert decline_until_resolved(g) == [1, 2]
    assert len(g.s["players"][0]["hand"]) == hand - 1 + 2  # Álomkép drew two
    assert codes(g, 0, "discard") == [ALOMKEP]


@pytest.mark.parametrize(
    ("seat1_deck", "asked"),
    [
        ((), [2]),  # an empty hand and no counter in play: nothing to answer with
        ((CSENDHARANG,), [1, 2]),  # an empty hand, but a counter in play that may answer
    ],
)
def test_an_empty_hand_is_asked_only_with_a_usable_counter_in_play(seat1_deck, asked):
    g = game(deck(ALOMKEP), deck(*seat1_deck), deck())
    seat1_hand = codes(g, 1, "hand") + [KOBOLD]  # and the turn's draw
    play_first_round(g, {1: tuple(seat1_hand)})  # seat 1 lays down its whole hand
    assert g.s["players"][1]["hand"] == [] and len(g.s["players"][2]["hand"]) == 6
    act(g, "play_card", in_hand(g, 0, ALOMKEP))
    assert decline_until_resolved(g) == asked


# --- DECISIONS 9: a player at 0 glory is out, and the table goes on without them -----
def test_a_player_out_keeps_their_cards_where_they_were_and_the_table_skips_them():
    g = game(deck(KOBOLD, ALTATO_DAL), deck(KOBOLD, CSENDHARANG), deck(WUGU, KOBOLD))
    act(g, "play_card", in_hand(g, 0, KOBOLD))
    pass_turn(g)
    act(g, "play_card", in_hand(g, 1, KOBOLD))
    act(g, "play_card", in_hand(g, 1, CSENDHARANG))
    pass_turn(g)
    act(g, "play_card", in_hand(g, 2, WUGU))
    act(g, "play_card", in_hand(g, 2, KOBOLD))
    g.s["players"][1]["glory"] = 1
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 2, WUGU))  # seat 2's duels go to seat 1
    events = act(g, "decline_defense")  # seat 1 loses its last glory
    assert {"type": "player_out", "player": 1, "reason": "glory"} in events
    assert not g.is_over and g.s["players"][1]["glory"] == 0
    zones = ("hand", "board", "deck", "discard")
    left_behind = {zone: codes(g, 1, zone) for zone in zones}
    assert states(g, 1) == {KOBOLD: "active", CSENDHARANG: "active"}

    act(g, "end_turn")
    assert g.active_player == 0
    act(g, "play_card", in_hand(g, 0, ALTATO_DAL))
    # "any" active révülő, but only a living player's
    targets = {a["card"] for a in g.legal_actions(0)}
    assert targets == {on_board(g, 0, KOBOLD), on_board(g, 2, KOBOLD)}
    act(g, "choose_target", on_board(g, 2, KOBOLD))
    # seat 1 holds cards and an active counter, yet is not asked
    assert g.s["pending"] == {"kind": "counter", "player": 2, "queue": []}
    act(g, "decline_counter")
    assert states(g, 2)[KOBOLD] == "resting"
    act(g, "end_main")
    act(g, "end_turn")
    assert g.active_player == 2 and g.s["active"] == 2  # seat 1's turn is skipped
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 2, WUGU))
    assert g.s["duel"]["defender"] == 0 and g.active_player == 0  # the previous living seat
    assert {zone: codes(g, 1, zone) for zone in zones} == left_behind
    assert states(g, 1) == {KOBOLD: "active", CSENDHARANG: "active"}


# --- DECISIONS 5: a duel that ends because a player is out still rests its cards ------
BESZELO_HOLLO = "AFD-030"  # Beszélő holló: álomlény, cost 1, "Segítő (P): húzz egy lapot."
CSIPKEBOKOR_MANO = "AFD-025"  # Csipkebokor-manó: álomlény, cost 0, "Segítő (P): +1 erő."


def test_a_defender_out_mid_duel_ends_it_and_the_attackers_cards_rest():
    """Seat 1 attacks seat 0, whose helper draws from seat 0's empty deck: seat 0 is out, the
    duel is over, and seat 1's duelist and helper rest, so neither duels seat 2 this turn."""
    # seat 0 holds its whole deck (five cards) and, starting, skips its first draw
    g = game(deck(BESZELO_HOLLO, KOBOLD, filler=3), deck(WUGU, WUGU), deck(KOBOLD))
    act(g, "play_card", in_hand(g, 0, KOBOLD))
    act(g, "play_card", in_hand(g, 0, BESZELO_HOLLO))  # nothing to draw: no draw is offered
    assert g.s["players"][0]["deck"] == [] and g.s["pending"] is None
    pass_turn(g)
    g.s["players"][1]["vp"] = 6
    act(g, "play_card", in_hand(g, 1, WUGU))
    act(g, "play_card", in_hand(g, 1, WUGU))
    act(g, "end_main")
    duelist, helper = g.s["players"][1]["board"]
    act(g, "declare_attack", duelist)  # duels go to seat 0, on seat 1's right
    act(g, "declare_defender", on_board(g, 0, KOBOLD))
    act(g, "assign_helper", helper)
    act(g, "assign_helper", on_board(g, 0, BESZELO_HOLLO))
    act(g, "pass")
    events = act(g, "use_helper", on_board(g, 0, BESZELO_HOLLO))  # a required draw: out
    assert {"type": "player_out", "player": 0, "reason": "deck_out"} in events
    assert not g.is_over and g.s["duel"] is None and g.active_player == 1
    assert states(g, 1) == {WUGU: "resting"}  # both Wugus: the duelist and the helper
    assert g.legal_actions(1) == [{"type": "end_turn", "player": 1}]


def test_an_attacker_out_mid_duel_ends_it_and_the_defenders_cards_rest():
    """Seat 1's own helper draws from seat 1's empty deck: seat 1 is out mid-duel, and seat
    0's duelist and helper rest, so seat 0 cannot defend with them when seat 2 attacks."""
    g = game(
        deck(KOBOLD, CSIPKEBOKOR_MANO),
        deck(BESZELO_HOLLO, filler=5),  # five in hand, the sixth drawn in seat 1's phase 2
        deck(KOBOLD),
    )
    act(g, "play_card", in_hand(g, 0, KOBOLD))
    act(g, "play_card", in_hand(g, 0, CSIPKEBOKOR_MANO))
    act(g, "decline_draw")
    pass_turn(g)
    assert g.s["players"][1]["deck"] == []
    act(g, "play_card", in_hand(g, 1, KOBOLD))
    act(g, "play_card", in_hand(g, 1, BESZELO_HOLLO))
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, KOBOLD))
    act(g, "declare_defender", on_board(g, 0, KOBOLD))
    act(g, "assign_helper", on_board(g, 1, BESZELO_HOLLO))
    act(g, "assign_helper", on_board(g, 0, CSIPKEBOKOR_MANO))
    events = act(g, "use_helper", on_board(g, 1, BESZELO_HOLLO))  # the attacker draws: out
    assert {"type": "player_out", "player": 1, "reason": "deck_out"} in events
    assert not g.is_over and g.s["duel"] is None and g.active_player == 2
    assert states(g, 0) == {KOBOLD: "resting", CSIPKEBOKOR_MANO: "resting"}
    act(g, "play_card", in_hand(g, 2, KOBOLD))
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 2, KOBOLD))  # to seat 0: seat 1 is out
    assert g.s["duel"]["defender"] == 0
    assert types(g) == {"decline_defense"}  # its resting Kobold cannot defend
