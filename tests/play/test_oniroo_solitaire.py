"""ONIROO solitaire (rulebook N): two cards at a time, fairies, penalties, each level's goal."""

from __future__ import annotations

import pytest

from play.engines import IllegalAction
from tests.play.conformance import assert_refused
from tests.play.oniroo_helpers import (
    FAIRIES,
    FREES,
    NIGHTMARE,
    WAKE,
    act,
    arrange,
    codes,
    count_cards,
    game,
    kinds,
    one,
)

LETTER_A, LETTER_B = "ONI-C01", "ONI-C02"
CROSS, STAR = "ONI-C10", "ONI-C08"
DIGIT = {d: f"ONI-C{12 + d}" for d in range(10)}
MOON_EAR = "ONI-M03"
JUNK = ["ONI-S050", "ONI-S060", "ONI-S070", "ONI-S080", "ONI-S090", "ONI-S100"]


def solo(level: int, top: list[str], hand: list[str] | None = None, **options):
    g = game(level=level, players=1, **options)
    return arrange(g, top=top, hands={0: hand} if hand is not None else None)


def laid_digits(g) -> list:
    return [slot and slot["digit"] for slot in g.s["row"]]


# --- level 1: the digits of the target's number -----------------------------------------------
def test_level_1_target_is_the_first_symbol_card_and_its_digits_are_the_goal():
    g = solo(1, top=[])
    assert codes(g, [g.s["target"]]) == ["ONI-S001"]  # nothing shuffled: card 001 on top
    view = g.view(0)
    assert view["table"]["target"]["number"] == 1 and view["table"]["row"] == [None] * 3


def test_level_1_win_laying_0_then_a_face_down_card_for_the_second_0_then_1():
    g = solo(1, top=[DIGIT[0], JUNK[0], DIGIT[1], JUNK[1]])
    act(g, "draw")
    assert [c["code"] for c in g.view(0)["drawn"]] == [DIGIT[0], JUNK[0]]
    assert {"type": "lay", "player": 0, "card": one(g, DIGIT[0]), "slot": 0} in g.legal_actions(0)
    act(g, "lay", card=one(g, DIGIT[0]), slot=0)
    # the first card was played, so the second counts: any drawn card may stand for the repeat
    assert {"type": "placeholder", "player": 0, "card": one(g, JUNK[0]), "slot": 1, "digit": 0} in (
        g.legal_actions(0)
    )
    act(g, "placeholder", card=one(g, JUNK[0]), slot=1, digit=0)
    assert laid_digits(g) == [0, 0, None]
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[1]), slot=2)
    assert g.is_over and g.result == {"winners": [0], "reason": "goal", "won": True, "turns": 2}


def test_level_1_the_second_card_counts_only_when_the_first_was_played():
    g = solo(1, top=[JUNK[0], DIGIT[0]])
    act(g, "draw")
    assert kinds(g) == {"keep", "discard"}  # nothing to lay: S050 is not a digit code
    act(g, "discard", card=one(g, JUNK[0]))
    assert one(g, DIGIT[0]) in g.s["discard"] and g.s["step"] == "draw"  # unused
    assert laid_digits(g) == [None, None, None]


def test_level_1_drawing_the_wake_up_ends_the_game_lost():
    g = solo(1, top=[JUNK[0], WAKE])
    act(g, "draw")
    act(g, "keep", card=one(g, JUNK[0]))  # the wake-up acts even as the second card
    assert g.is_over and g.result["winners"] == [] and g.result["reason"] == "wake_up"
    assert g.result["won"] is False


def test_two_fairies_on_the_table_protect_once_from_the_wake_up():
    g = solo(1, top=[FAIRIES[0], FAIRIES[1], WAKE, JUNK[0], JUNK[1], JUNK[2]])
    act(g, "draw")
    act(g, "lay", card=one(g, FAIRIES[0]))
    act(g, "lay", card=one(g, FAIRIES[1]))
    assert len(g.s["fairies"]) == 2
    act(g, "draw")  # the wake-up: stopped, and both fairies go
    assert not g.is_over and g.s["fairies"] == []
    assert {one(g, WAKE), one(g, FAIRIES[0]), one(g, FAIRIES[1])} <= set(g.s["discard"])
    assert one(g, JUNK[0]) in g.s["discard"]  # the wake-up was not played: S050 does not count
    act(g, "draw")
    assert [c["code"] for c in g.view(0)["drawn"]] == [JUNK[1], JUNK[2]]


def test_at_most_two_fairies_on_the_table():
    g = solo(1, top=[FAIRIES[0], FAIRIES[1], FAIRIES[2], JUNK[0]])
    act(g, "draw")
    act(g, "lay", card=one(g, FAIRIES[0]))
    act(g, "lay", card=one(g, FAIRIES[1]))
    act(g, "draw")
    assert kinds(g) == {"keep", "discard"}


def test_a_bad_night_or_moon_head_sends_the_hand_back_into_the_draw_pile():
    for penalty in (NIGHTMARE, MOON_EAR):
        g = solo(1, top=[penalty, JUNK[2]], hand=[JUNK[0], JUNK[1]])
        total, draw = count_cards(g), len(g.s["draw"])
        act(g, "draw")
        assert g.s["players"][0]["hand"] == [] and len(g.s["draw"]) == draw - 2 + 2
        assert {one(g, JUNK[0]), one(g, JUNK[1])} <= set(g.s["draw"])
        assert one(g, penalty) in g.s["discard"] and one(g, JUNK[2]) in g.s["discard"]
        assert count_cards(g) == total


def test_two_fairies_stop_a_bad_night_too():
    g = solo(1, top=[FAIRIES[0], FAIRIES[1], NIGHTMARE, JUNK[2]], hand=[JUNK[0]])
    act(g, "draw")
    act(g, "lay", card=one(g, FAIRIES[0]))
    act(g, "lay", card=one(g, FAIRIES[1]))
    act(g, "draw")
    assert codes(g, g.s["players"][0]["hand"]) == [JUNK[0]] and g.s["fairies"] == []


def test_fairies_stay_on_the_table_until_the_draw_pile_runs_out():
    g = solo(1, top=[FAIRIES[0], JUNK[0]])
    act(g, "draw")
    act(g, "lay", card=one(g, FAIRIES[0]))
    act(g, "discard", card=one(g, JUNK[0]))
    s = g.s
    s["discard"] += s["draw"][2:]
    del s["draw"][2:]  # two cards left
    g = arrange(g)
    act(g, "draw")
    while g.s["step"] == "consider":
        act(g, "discard", card=g.s["drawn"][0])
    assert g.s["fairies"] == [one(g, FAIRIES[0])]
    act(g, "draw")  # the pile ran out: refilled from the discard pile, the fairy went first
    assert not g.is_over and g.s["fairies"] == []
    gone = next(e for e in g.s["log"] if e["type"] == "fairies_gone")
    assert gone["cards"] == [one(g, FAIRIES[0])]
    assert any(e["type"] == "refill" for e in g.s["log"])


def test_the_hand_holds_at_most_five():
    g = solo(1, top=[JUNK[5], "ONI-S110"], hand=JUNK[:5])
    act(g, "draw")
    assert "keep" not in kinds(g)
    with pytest.raises(IllegalAction) as refused:
        act(g, "keep", card=one(g, JUNK[5]))
    assert refused.value.code == "wrong_step"


# --- level 2: a three-digit number of your choice, then its card ------------------------------
def test_level_2_digits_go_into_slots_of_your_choice_and_the_card_is_then_sought():
    g = solo(2, top=[DIGIT[0], JUNK[0], DIGIT[8], JUNK[1], DIGIT[5], JUNK[2], "ONI-S058", JUNK[3]])
    act(g, "draw")
    slots = {a["slot"] for a in g.legal_actions(0) if a["type"] == "lay"}
    assert slots == {0, 1, 2}
    act(g, "lay", card=one(g, DIGIT[0]), slot=0)
    act(g, "discard", card=one(g, JUNK[0]))
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[8]), slot=2)
    act(g, "discard", card=one(g, JUNK[1]))
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[5]), slot=1)
    assert laid_digits(g) == [0, 5, 8]
    act(g, "discard", card=one(g, JUNK[2]))
    act(g, "draw")  # 058, the night sky: found
    assert g.is_over and g.result["won"] and g.result["reason"] == "goal"


def test_level_2_a_digit_is_laid_only_where_some_card_number_can_still_be_made():
    g = solo(2, top=[DIGIT[9], JUNK[0]])
    act(g, "draw")
    slots = {a["slot"] for a in g.legal_actions(0) if a["type"] == "lay"}
    assert slots == {1, 2}  # no card is numbered 9xx (they run 001 to 130)


def test_level_2_a_card_kept_in_hand_wins_when_the_number_is_complete():
    g = solo(2, top=[DIGIT[1], DIGIT[2], DIGIT[0], JUNK[0]], hand=["ONI-S120"])
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[1]), slot=0)
    act(g, "lay", card=one(g, DIGIT[2]), slot=1)
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[0]), slot=2)  # 120 is in hand
    assert g.is_over and g.result["won"]


def test_the_view_says_whether_each_symbol_card_fits_what_is_laid():
    g = solo(2, top=[DIGIT[1], DIGIT[2], JUNK[0]], hand=["ONI-S120", "ONI-S023"])
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[1]), slot=0)  # 1__: 120 still fits, 023 no longer
    fits = {c["code"]: c.get("fits") for c in g.view(0)["hand"] if c["type"] == "symbol"}
    assert fits == {"ONI-S120": True, "ONI-S023": False}


# --- level 3: a letter, a shape, a digit and the card with all three --------------------------
def test_level_3_the_centaur_023_is_the_card_of_a_cross_and_5():
    g = solo(3, top=[LETTER_A, CROSS, DIGIT[5], JUNK[0], "ONI-S023", JUNK[1]])
    act(g, "draw")
    act(g, "lay", card=one(g, LETTER_A))
    act(g, "lay", card=one(g, CROSS))
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[5]))
    act(g, "discard", card=one(g, JUNK[0]))
    act(g, "draw")
    assert g.is_over and g.result["won"]
    assert codes(g, g.s["players"][0]["hand"]) == ["ONI-S023"]


def test_level_3_a_new_code_swaps_only_for_the_one_of_its_kind():
    g = solo(3, top=[LETTER_B, STAR, LETTER_A, JUNK[0]])
    act(g, "draw")
    act(g, "lay", card=one(g, LETTER_B))
    act(g, "lay", card=one(g, STAR))
    act(g, "draw")
    assert {a["type"] for a in g.legal_actions(0)} == {"swap", "keep", "discard"}
    act(g, "swap", card=one(g, LETTER_A))
    assert codes(g, [g.s["codes"]["letter"]["card"]]) == [LETTER_A]
    assert codes(g, [g.s["codes"]["shape"]["card"]]) == [STAR]
    assert one(g, LETTER_B) in g.s["discard"]


def test_level_3_a_free_card_stands_for_any_code_of_the_kind_it_is_laid_as():
    g = solo(3, top=[FREES[0], LETTER_A, DIGIT[5], JUNK[0], "ONI-S023", JUNK[1]], free_cards=True)
    act(g, "draw")
    kinds_offered = {a.get("kind") for a in g.legal_actions(0) if a["type"] == "lay"}
    assert kinds_offered == {"letter", "shape", "digit"}
    act(g, "lay", card=one(g, FREES[0]), kind="shape")
    act(g, "lay", card=one(g, LETTER_A))
    act(g, "draw")
    act(g, "lay", card=one(g, DIGIT[5]))
    act(g, "discard", card=one(g, JUNK[0]))
    act(g, "draw")  # A, any shape, 5: the centaur again
    assert g.result["won"]


def test_level_3_lost_when_the_wake_up_comes_first():
    g = solo(3, top=[LETTER_A, WAKE])
    act(g, "draw")
    act(g, "lay", card=one(g, LETTER_A))
    assert g.is_over and not g.result["won"]


def test_illegal_solitaire_actions_change_nothing():
    g = solo(3, top=[LETTER_A, JUNK[0]])
    assert_refused(
        g,
        [
            ({"type": "lay", "player": 0, "card": one(g, LETTER_A)}, "wrong_step"),
            ({"type": "fly", "player": 0}, "unknown_action"),
            ({"type": "draw", "player": 1}, "bad_player"),
        ],
    )


def test_the_bot_counts_a_symbol_as_fitting_only_if_it_agrees_with_everything_laid():
    """The engine's digits_agree / codes_agree, not the new slot alone (which counted a
    card that an earlier digit or code already ruled out)."""
    from play.bots.oniroo_greedy import _helps_symbols, _solitaire_lay
    from play.engines.oniroo.solitaire import codes_agree, digits_agree

    assert digits_agree(180, [1, 8, None]) and not digits_agree(123, [1, 8, None])
    assert codes_agree({"letter": "A", "shape": "kor"}, {"letter": "A", "shape": None})
    assert not codes_agree({"letter": "A", "shape": "kor"}, {"letter": "A", "shape": "csillag"})
    view = {"level": 2, "table": {"row": [None, {"digit": 8}, None]}}
    symbols = [{"number": 180}, {"number": 123}]
    score = _solitaire_lay(view, {"type": "magic_code", "digit": 1}, {"slot": 0}, symbols)
    assert score == 4.0 + 1  # 180 only: 123 has a 2 where an 8 lies
    laid_shape = {"wild": False, "card": {"shape": "csillag"}}
    view = {"level": 3, "table": {"codes": {"letter": None, "shape": laid_shape, "digit": None}}}
    code = {"type": "magic_code", "subtype": "letter", "letter": "A"}
    assert not _helps_symbols(view, code, [{"letter": "A", "shape": "kor", "digit": 1}])
    assert _helps_symbols(view, code, [{"letter": "A", "shape": "csillag", "digit": 1}])
