"""One scenario per rule (docs/rules/alomfogo.md), with fixed-order decks."""

from __future__ import annotations

import pytest

from play.engines import SetupError, get_engine
from play.engines.base import GameState
from tests.play.alomfogo_helpers import (
    CARDS,
    ENGINE,
    act,
    answer_draw,
    codes,
    deck,
    game,
    in_hand,
    let_resolve,
    on_board,
    pass_turn,
    states,
    types,
)
from tests.play.conformance import assert_refused


def to_turn3(g, plays0=(), plays1=()):
    """Play the given codes for seat 0 (turn 1) and seat 1 (turn 2); stop at turn 3's main phase."""
    for code in plays0:
        act(g, "play_card", in_hand(g, 0, code))
    pass_turn(g)
    for code in plays1:
        act(g, "play_card", in_hand(g, 1, code))
    pass_turn(g)


# --- the contract ---------------------------------------------------------
def test_get_engine_and_contract():
    assert get_engine("alomfogo").game_id == "alomfogo"
    with pytest.raises(KeyError):
        get_engine("chess")
    g = game(deck(), deck())
    assert (
        isinstance(g, GameState) and g.players == [0, 1] and g.active_player == 0 and g.version == 0
    )
    act(g, "end_main")
    assert g.version == 1 and not g.is_over and g.result is None


def test_no_django_under_engines():
    import pathlib

    root = pathlib.Path(get_engine("alomfogo").__file__).parents[1]
    import re

    for path in root.rglob("*.py"):
        assert not re.search(
            r"^\s*(from|import)\s+django", path.read_text(encoding="utf-8"), re.M
        ), path


def test_setup_errors():
    with pytest.raises(SetupError):
        ENGINE.new_game([deck(), deck()], {"starting_glory": 12}, 0)
    with pytest.raises(SetupError):
        ENGINE.new_game([deck(), deck()], {}, 0)  # 15 cards < 35
    with pytest.raises(SetupError):
        game(deck("AF1-005"), deck(), banned_types=["azonnali"])
    with pytest.raises(SetupError):
        ENGINE.new_game([deck()], {"min_deck_size": 0, "max_copies": 0}, 0)


def test_illegal_actions_have_reasons_and_change_nothing():
    g = game(deck("AFD-016"), deck())
    assert_refused(
        g,
        [
            ({"type": "end_main", "player": 1}, "not_your_turn"),
            ({"type": "pass", "player": 0}, "wrong_step"),
            ({"type": "play_card", "player": 0, "card": in_hand(g, 0, "AFD-016")}, "not_enough_vp"),
            ({"type": "jump", "player": 0}, "unknown_action"),
            ({"type": "end_main", "player": 7}, "bad_player"),
        ],
    )


def test_view_hides_hands_and_decks():
    g = game(deck("AF1-001"), deck("AF1-002"))
    v0, v1, spectator = g.view(0), g.view(1), g.view(None)
    assert [c["code"] for c in v0["players"][0]["hand"]][0] == "AF1-001"
    assert "hand" not in v0["players"][1] and v0["players"][1]["hand_count"] == 5
    assert "hand" not in spectator["players"][0]
    assert "AF1-002" not in str(v0) and "AF1-001" not in str(v1)
    assert v0["players"][0]["deck_count"] == 6


# --- turn flow --------------------------------------------------------------
def test_vp_carry_over_and_first_turn_limits():
    g = game(deck(), deck())
    assert g.s["players"][0]["vp"] == 3 and len(g.s["players"][0]["hand"]) == 5  # no draw
    act(g, "end_main")
    assert types(g) == {"end_turn"}  # no duel on the first turn
    act(g, "end_turn")
    assert len(g.s["players"][1]["hand"]) == 6
    pass_turn(g)
    assert g.s["players"][0]["vp"] == 6


def test_damaged_needs_two_turns_and_resting_readies():
    g = game(deck(), deck("AF1-004"))
    pass_turn(g)
    act(g, "play_card", in_hand(g, 1, "AF1-004"))
    answer_draw(g)
    manó = on_board(g, 1, "AF1-004")
    g.s["inst"][manó]["state"] = "damaged"
    pass_turn(g)
    pass_turn(g)
    assert g.s["inst"][manó]["state"] == "resting"
    pass_turn(g)
    pass_turn(g)
    assert g.s["inst"][manó]["state"] == "active"


def test_empty_deck_draw_loses():
    g = game(deck(filler=5), deck(filler=5))
    act(g, "end_main")
    act(g, "end_turn")  # seat 1 draws from an empty deck
    assert g.is_over and g.result["winners"] == [0] and g.result["reason"] == "deck_out"


def test_alomleny_draws_and_cycle_once_per_turn():
    g = game(deck("AFD-025", "AF1-005", "AFD-041"), deck())
    act(g, "play_card", in_hand(g, 0, "AFD-025"))
    act(g, "draw_card")
    assert len(g.s["players"][0]["hand"]) == 5
    assert "play_instant" not in types(g) and "play_card" not in {
        a["type"] for a in g.legal_actions(0) if a.get("card") == in_hand(g, 0, "AF1-005")
    }
    act(g, "cycle_instant", in_hand(g, 0, "AF1-005"))
    act(g, "draw_card")
    assert g.s["players"][0]["vp"] == 2 and codes(g, 0, "discard") == ["AF1-005"]
    assert "cycle_instant" not in types(g)


def test_one_buvforras_a_turn():
    g = game(deck("AFD-063", "AFD-063"), deck())
    act(g, "play_card", in_hand(g, 0, "AFD-063"))
    let_resolve(g)
    assert g.s["players"][0]["vp"] == 4
    assert not [
        a
        for a in g.legal_actions(0)
        if a["type"] == "play_card" and a["card"] == in_hand(g, 0, "AFD-063")
    ]


# --- duels ------------------------------------------------------------------
def test_declined_duel_costs_one_plus_glory_bonus():
    g = game(deck(), deck("AFD-016"), starting_glory=10)
    pass_turn(g)
    g.s["players"][1]["vp"] = 6
    act(g, "play_card", in_hand(g, 1, "AFD-016"))  # glory bonus 2
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, "AFD-016"))
    act(g, "decline_defense")
    assert g.s["players"][0]["glory"] == 7
    assert states(g, 1) == {"AFD-016": "resting"}
    assert types(g) == {"end_turn"}


def test_defender_win_gains_glory_attacker_loses_card_and_tie():
    g = game(deck("AF1-001", "AF1-010"), deck("AFD-010", "AFD-005"))
    for code in ("AF1-001", "AF1-010"):
        act(g, "play_card", in_hand(g, 0, code))
    pass_turn(g)
    act(g, "play_card", in_hand(g, 1, "AFD-010"))  # 4/1
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, "AFD-010"))
    # the view says whose choice each step of the duel waits for (the table and terminal say it)
    assert g.view(1)["duel"]["deciding"] == 0 == g.active_player  # the defender chooses
    # and sees each card's power if it defended (AF1-001: 0/3, AF1-010: 2/2)
    assert g.view(0)["duel"]["defence_if"] == {
        on_board(g, 0, "AF1-001"): 3,
        on_board(g, 0, "AF1-010"): 2,
    }
    act(g, "declare_defender", on_board(g, 0, "AF1-001"))  # 0/3
    assert g.view(None)["duel"]["deciding"] == 1  # the attacker's helper
    act(g, "no_helper")
    assert g.view(None)["duel"]["deciding"] == 0  # the defender's helper
    act(g, "no_helper")
    act(g, "pass")
    act(g, "pass")
    assert codes(g, 0, "discard") == ["AF1-001"] and g.s["players"][0]["glory"] == 15
    assert g.s["players"][1]["glory"] == 15
    act(g, "end_turn")
    pass_turn(g)
    g.s["players"][1]["vp"] = 2
    act(g, "play_card", in_hand(g, 1, "AFD-005"))  # 3/2
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, "AFD-005"))
    act(g, "declare_defender", on_board(g, 0, "AF1-010"))  # 2/2: loses 3 vs 2
    act(g, "no_helper")
    act(g, "no_helper")
    act(g, "pass")
    act(g, "pass")
    assert "AF1-010" in codes(g, 0, "discard")


def botlik_attacks(g, defender: str, helper: str | None = None) -> None:
    """Seat 0 lays `defender` (and `helper`); seat 1 lays Botlik Zsófi and attacks with it.

    Seat 0 defends with `defender`; seat 1 assigns no helper, seat 0 its `helper` if any.
    """
    act(g, "play_card", in_hand(g, 0, defender))
    if helper:
        act(g, "play_card", in_hand(g, 0, helper))
        answer_draw(g)
    pass_turn(g)
    act(g, "play_card", in_hand(g, 1, "AF1-010"))
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, "AF1-010"))
    act(g, "declare_defender", on_board(g, 0, defender))
    act(g, "no_helper")
    if helper:
        act(g, "assign_helper", on_board(g, 0, helper))
    else:
        act(g, "no_helper")


def test_tie_removes_nobody():
    g = game(deck("AF1-010"), deck("AF1-010"))
    botlik_attacks(g, "AF1-010")
    act(g, "pass")
    events = act(g, "pass")
    assert {"type": "duel_result", "attack": 2, "defense": 2, "winner": None} in events
    assert states(g, 0) == {"AF1-010": "resting"} and states(g, 1) == {"AF1-010": "resting"}


def test_named_helpers_that_never_helped_still_rest_after_the_duel():
    """DECISIONS 5: every duelist and helper still active turns resting, used or not. Botlik
    Zsófi against Botlik Zsófi ties, so all four cards stay on the board to be seen."""
    g = game(deck("AF1-010", "AFD-025"), deck("AF1-010", "AFD-025"))
    for seat in (0, 1):
        act(g, "play_card", in_hand(g, seat, "AF1-010"))
        act(g, "play_card", in_hand(g, seat, "AFD-025"))  # Csipkebokor-manó, a helper
        answer_draw(g)
        act(g, "end_main")
        if seat == 0:
            act(g, "end_turn")
    act(g, "declare_attack", on_board(g, 1, "AF1-010"))
    act(g, "declare_defender", on_board(g, 0, "AF1-010"))
    act(g, "assign_helper", on_board(g, 1, "AFD-025"))
    act(g, "assign_helper", on_board(g, 0, "AFD-025"))
    act(g, "pass")
    events = act(g, "pass")  # the window closes: nobody helped
    assert not [e for e in events if e["type"] == "use_helper"]
    assert {"type": "duel_result", "attack": 2, "defense": 2, "winner": None} in events
    assert states(g, 0) == {"AF1-010": "resting", "AFD-025": "resting"}
    assert states(g, 1) == {"AF1-010": "resting", "AFD-025": "resting"}
    assert types(g) == {"end_turn"}  # no active révülő left to duel again


def test_help_window_alternates_and_closes_on_two_passes():
    g = game(deck("AF1-001", "AFD-025"), deck("AF1-010", "AFD-041", "AFD-040"))
    botlik_attacks(g, "AF1-001", "AFD-025")
    assert g.active_player == 1
    act(g, "play_instant", in_hand(g, 1, "AFD-041"))  # +2 → 4
    let_resolve(g)
    act(g, "pass")  # seat 0
    act(g, "pass")  # seat 1: one pass each, but not in a row? they are: closes
    assert g.s["duel"] is None
    assert codes(g, 0, "discard") == ["AF1-001"]


def test_discard_cost_and_targets_via_choose_target():
    g = game(deck("AF1-001", "AF1-012"), deck("AF1-010", "AFD-069"))
    botlik_attacks(g, "AF1-001", "AF1-012")
    act(g, "pass")
    act(g, "use_helper", on_board(g, 0, "AF1-012"))
    assert types(g) == {"choose_target"} and g.active_player == 0
    victim = g.s["players"][0]["hand"][0]
    act(g, "choose_target", victim)
    assert g.s["duel"]["boost"] == [0, 5] and victim in g.s["players"][0]["discard"]
    # Altató dal: a general spell with a target
    act(g, "pass")
    act(g, "pass")
    act(g, "end_turn")
    pass_turn(g)
    g.s["players"][1]["vp"] = 5
    act(g, "play_card", in_hand(g, 1, "AFD-069"))
    options = {a["card"] for a in g.legal_actions(1)}
    assert "AF1-010" in codes(g, 1, "discard")  # Botlik lost the duel
    assert options == {on_board(g, 0, "AF1-001")}  # the only active révülő anywhere
    act(g, "choose_target", on_board(g, 0, "AF1-001"))
    let_resolve(g)
    assert states(g, 0)["AF1-001"] == "resting"


def test_counter_answers_a_spell_and_cost_stays_paid():
    g = game(deck("AF1-013"), deck("AFD-066"))
    act(g, "play_card", in_hand(g, 0, "AF1-013"))  # Csendharang
    pass_turn(g)
    act(g, "play_card", in_hand(g, 1, "AFD-066"))  # Álomkép: draw two
    assert g.active_player == 0 and types(g) == {"counter", "decline_counter"}
    hand = len(g.s["players"][1]["hand"])
    act(g, "counter", on_board(g, 0, "AF1-013"))
    assert codes(g, 0, "discard") == ["AF1-013"] and codes(g, 1, "discard") == ["AFD-066"]
    assert len(g.s["players"][1]["hand"]) == hand and g.s["players"][1]["vp"] == 1


def _duel_before_an_instant(opponent_holds: str):
    """Turn 3: seat 0's Botlik attacks seat 1's, no helpers; seat 0 is about to play
    Hóförgeteg. Seat 1 holds `opponent_holds` and 2 VP (Tükörvarázs costs 2)."""
    g = game(deck("AF1-010", "AF1-005"), deck("AF1-010", "AFD-049"))
    act(g, "play_card", in_hand(g, 0, "AF1-010"))
    pass_turn(g)
    act(g, "play_card", in_hand(g, 1, "AF1-010"))
    pass_turn(g)
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 0, "AF1-010"))
    act(g, "declare_defender", on_board(g, 1, "AF1-010"))
    act(g, "no_helper")
    act(g, "no_helper")
    assert g.active_player == 0 and g.s["players"][1]["vp"] == 2
    data = g.to_dict()
    mirror = in_hand(g, 1, "AFD-049")
    data["inst"][mirror]["code"] = opponent_holds  # the one hidden difference
    return ENGINE.from_dict(data), mirror


def test_whether_the_counter_window_opens_says_nothing_of_the_hand():
    """DECISIONS 6, as every seat sees it: after the same cast, the caster's and a
    spectator's views are the same whether the opponent holds a usable counter or not
    (the audit's leak: the window opened only when it did). Either way the opponent,
    holding cards, is asked; only the one holding the counter may use it."""
    worlds = [_duel_before_an_instant(code) for code in ("AFD-049", "AF1-010")]
    for seat in (0, None):
        assert worlds[0][0].view(seat) == worlds[1][0].view(seat)
    for g, _ in worlds:
        act(g, "play_instant", in_hand(g, 0, "AF1-005"))
    for seat in (0, None):
        seen = [g.view(seat) for g, _ in worlds]
        assert seen[0] == seen[1]
        assert seen[0]["pending"] == {"kind": "counter", "player": 1, "queue": []}
        assert seen[0]["to_act"] == 1
    (real, mirror), (bluff, _) = worlds
    assert {"type": "counter", "player": 1, "card": mirror} in real.legal_actions(1)
    assert bluff.legal_actions(1) == [{"type": "decline_counter", "player": 1}]
    act(bluff, "decline_counter")
    assert bluff.s["pending"] is None and bluff.s["duel"]["boost"] == [4, 0]


def test_an_empty_hand_with_no_counter_on_the_board_is_not_asked():
    """Public grounds: no card in hand and no counter in play, so nothing to answer with."""
    g, _ = _duel_before_an_instant("AFD-049")
    data = g.to_dict()
    seat = data["players"][1]
    for iid in seat["hand"]:
        data["inst"][iid]["zone"] = "deck"
    seat["deck"], seat["hand"] = seat["hand"] + seat["deck"], []
    g = ENGINE.from_dict(data)
    act(g, "play_instant", in_hand(g, 0, "AF1-005"))
    assert g.s["pending"] is None and g.s["duel"]["boost"] == [4, 0]


def test_resting_event_does_nothing():
    g = game(deck("AFD-054", "AFD-010"), deck())
    g.s["players"][0]["vp"] = 5
    act(g, "play_card", in_hand(g, 0, "AFD-054"))  # Harci dobok: +1 attack
    act(g, "play_card", in_hand(g, 0, "AFD-010"))
    pass_turn(g)
    pass_turn(g)
    drums = on_board(g, 0, "AFD-054")
    from play.engines.alomfogo import duel

    assert duel.stat(g, 0, on_board(g, 0, "AFD-010"), "attack") == 5
    g.s["inst"][drums]["state"] = "resting"
    assert duel.stat(g, 0, on_board(g, 0, "AFD-010"), "attack") == 4


def test_free_play_once_a_turn():
    g = game(deck("AF1-008", "AF1-009", "AF1-009"), deck())
    g.s["players"][0]["vp"] = 4
    act(g, "play_card", in_hand(g, 0, "AF1-008"))
    door = on_board(g, 0, "AF1-008")
    wugus = {i for i in g.s["players"][0]["hand"] if g.s["inst"][i]["code"] == "AF1-009"}
    frees = [a for a in g.legal_actions(0) if a.get("free") == door and a["card"] in wugus]
    assert len(frees) == 2 and g.s["players"][0]["vp"] == 0
    act(g, "play_card", in_hand(g, 0, "AF1-009"), free=door)
    assert not [a for a in g.legal_actions(0) if a.get("free")]


def test_glory_zero_ends_the_game():
    g = game(deck(), deck("AFD-016"), starting_glory=10)
    pass_turn(g)
    g.s["players"][0]["glory"] = 1
    g.s["players"][1]["vp"] = 6
    act(g, "play_card", in_hand(g, 1, "AFD-016"))
    act(g, "end_main")
    act(g, "declare_attack", on_board(g, 1, "AFD-016"))
    act(g, "decline_defense")
    assert g.is_over and g.result["winners"] == [1] and g.result["reason"] == "glory"
    assert g.active_player is None and g.legal_actions(1) == []


def test_every_card_has_valid_effects():
    from play.engines.alomfogo.cards import normalize_card

    for card in CARDS.values():
        normalize_card(card)
        if card["helper_mark"]:
            assert [e for e in card["effects"] if e["when"] == "helper"], card["code"]
        if card["type"] in ("azonnali", "altalanos"):
            assert card["effects"], card["code"]


def test_the_turns_own_vp_and_draw_are_marked_so_a_reader_tells_them_from_a_texts():
    """The deck builder's goldfish reads these marks instead of the order of a turn's phases."""
    g = game(deck(), deck())
    act(g, "end_main")
    events = act(g, "end_turn")  # seat 1's turn begins: its VP, then its draw
    own = [e for e in events if e.get("player") == 1 and e["type"] in ("vp", "draw")]
    assert [(e["type"], e.get("reason")) for e in own] == [("vp", "turn"), ("draw", "turn")]


def test_the_published_seed_does_not_place_a_seen_card_in_the_deck_list():
    """A finished match's seed is published. Were the shuffle drawn from the seed and the
    deck's size alone, a card id seen in play would tell where that card stood in the list
    as given (sorted by code), and so the neighbourhood of the cards never seen. Two lists
    of one size that differ in their unseen end shuffle differently; the same list shuffles
    the same (the deal stays a function of the seed and the decks)."""
    from play.bots.alomfogo_cards import DEMO_DECKS, all_cards, deck
    from play.engines import get_engine

    engine = get_engine("alomfogo")
    codes = sorted(DEMO_DECKS["tamado"])
    others = sorted(set(all_cards()) - set(codes) - set(DEMO_DECKS["vedo"]))
    mine = deck(codes)
    variant = deck([*codes[:-1], others[-1]])  # the same list but for its last card
    opponent = deck(DEMO_DECKS["vedo"])

    def ids_by_place(cards: list[dict], seed: int) -> list[str]:
        """The id each place of the list as given got (the first id of a repeated code)."""
        g = engine.new_game([cards, opponent], {}, seed)
        by_code: dict[str, list[str]] = {}
        for iid in sorted(g.s["inst"], key=lambda i: int(i.split("c")[1])):
            if g.s["inst"][iid]["owner"] == 0:
                by_code.setdefault(g.s["inst"][iid]["code"], []).append(iid)
        return [sorted(by_code[code])[0] for code in codes[:-1]]

    for seed in (1, 2, 3):
        assert ids_by_place(mine, seed) == ids_by_place(mine, seed)
        assert ids_by_place(mine, seed) != ids_by_place(variant, seed)
