"""The rulebook's example game (Zsófi and Gergő), turn by turn, with shuffle: false.

The book deals five cards, yet Zsófi later plays more cards than five plus her
draws allow; we deal seven so that every card the example plays is in hand.
At the end the book says Zsófi leads by 4; by the rules her winning defence
gives her a point, so we assert 16 against 11 (docs/rules/alomfogo.md).
"""

from __future__ import annotations

from tests.play import alomfogo_helpers as helpers  # let_resolve: a spell waits for counters
from tests.play.alomfogo_helpers import act, codes, deck, game, in_hand, on_board, states

ZSOFI = deck("AF1-001", "AF1-002", "AF1-005", "AF1-006", "AF1-007", "AF1-008", "AF1-009", "AF1-010")
GERGO = deck(
    "AF1-003",
    "AF1-004",
    "AF1-007",
    "AFD-019",
    "AFD-019",
    "AFD-019",
    "AFD-019",
    "AFD-019",
    "AFD-019",
    "AF1-011",
)


def test_example_game():
    g = game(ZSOFI, GERGO, hand_size=7)
    z, gg = 0, 1
    # turn 1, Zsófi: 3 VP, no draw, Kajtár and Soyana, no duel allowed
    assert g.s["players"][z]["vp"] == 3 and len(g.s["players"][z]["hand"]) == 7
    act(g, "play_card", in_hand(g, z, "AF1-001"))
    act(g, "play_card", in_hand(g, z, "AF1-002"))
    act(g, "end_main")
    assert [a["type"] for a in g.legal_actions(z)] == ["end_turn"]
    act(g, "end_turn")
    assert states(g, z) == {"AF1-001": "active", "AF1-002": "active"}
    assert g.s["players"][z]["vp"] == 1

    # turn 2, Gergő: draws (8 cards), Hunorka, búbos manó (he may draw, and does), attacks
    assert len(g.s["players"][gg]["hand"]) == 8
    act(g, "play_card", in_hand(g, gg, "AF1-003"))
    act(g, "play_card", in_hand(g, gg, "AF1-004"))
    act(g, "draw_card")  # "rögtön húzhat egy lapot": he may, and does
    assert len(g.s["players"][gg]["hand"]) == 7 and g.s["players"][gg]["vp"] == 0
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, gg, "AF1-003"))
    act(g, "declare_defender", on_board(g, z, "AF1-001"))
    act(g, "assign_helper", on_board(g, gg, "AF1-004"))
    act(g, "assign_helper", on_board(g, z, "AF1-002"))
    act(g, "use_helper", on_board(g, gg, "AF1-004"))  # (S): damaged, +4
    act(g, "use_helper", on_board(g, z, "AF1-002"))  # (P): resting, +1
    act(g, "pass")
    act(g, "play_instant", in_hand(g, z, "AF1-005"))  # Hóförgeteg +4, her last VP
    helpers.let_resolve(g)  # Gergő holds cards, so he is asked to counter: he has none, declines
    act(g, "pass")
    act(g, "play_instant", in_hand(g, z, "AF1-006"))  # Lángdárda +3, free
    helpers.let_resolve(g)
    act(g, "pass")
    events = act(g, "pass")
    assert {"type": "duel_result", "attack": 8, "defense": 11, "winner": "defender"} in events
    act(g, "end_turn")
    assert codes(g, gg, "discard") == ["AF1-003"]
    assert codes(g, z, "discard") == ["AF1-005", "AF1-006"]
    assert g.s["players"][z]["glory"] == 16 and g.s["players"][gg]["glory"] == 15

    # turn 3, Zsófi: 3 VP (0 carried), both révülők active, draws Botlik Zsófi
    assert g.s["players"][z]["vp"] == 3
    assert states(g, z) == {"AF1-001": "active", "AF1-002": "active"}
    act(g, "play_card", in_hand(g, z, "AF1-007"))  # Athame: 3 → 5
    helpers.let_resolve(g)
    act(g, "play_card", in_hand(g, z, "AF1-008"))  # Ébredés Ajtaja: 5 → 1
    door = on_board(g, z, "AF1-008")
    act(g, "play_card", in_hand(g, z, "AF1-009"), free=door)  # Wugu for free
    act(g, "play_card", in_hand(g, z, "AF1-010"))  # Botlik Zsófi: 1 → 0
    assert g.s["players"][z]["vp"] == 0
    act(g, "end_main")
    for code in ("AF1-009", "AF1-002", "AF1-010", "AF1-001"):
        act(g, "declare_attack", on_board(g, z, code))
        assert [a["type"] for a in g.legal_actions(gg)] == ["decline_defense"]
        act(g, "decline_defense")
    act(g, "end_turn")
    assert g.s["players"][gg]["glory"] == 11
    assert codes(g, z, "discard") == ["AF1-005", "AF1-006", "AF1-007"]

    # turn 4, Gergő: manó damaged → resting; Athame, then Álomrengés
    assert states(g, gg) == {"AF1-004": "resting"}
    act(g, "play_card", in_hand(g, gg, "AF1-007"))
    helpers.let_resolve(g)
    assert g.s["players"][gg]["vp"] == 5
    act(g, "play_card", in_hand(g, gg, "AF1-011"))
    helpers.let_resolve(g)
    act(g, "end_main")
    act(g, "end_turn")
    assert states(g, z) == {"AF1-008": "active"}
    assert states(g, gg) == {}
    assert codes(g, gg, "discard") == ["AF1-003", "AF1-007", "AF1-004", "AF1-011"]
    assert sorted(codes(g, z, "discard")) == sorted(
        ["AF1-005", "AF1-006", "AF1-007", "AF1-001", "AF1-002", "AF1-009", "AF1-010"]
    )
    assert (g.s["players"][z]["glory"], g.s["players"][gg]["glory"]) == (16, 11)
