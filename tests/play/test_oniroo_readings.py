"""ONIROO's readings corrected in issue #21, each as the rulebook's situation.

Every test is named after the rule and quotes its section; each failed on the
reading before #21 (any five consecutive digits ran, the wake-up on another
player's dream needed one of your own, a reveal drew back up to five, and the
views did not say what an attack card does or why a waiting player has no
play). DECISIONS ONIROO 4, 6 and 7; docs/rules/oniroo.md.
"""

from __future__ import annotations

import pytest

from play import cli_oniroo
from play.engines.base import SetupError
from play.engines.oniroo.dreams import cards_needed, facts_of
from tests.play.oniroo_helpers import (
    CARDS,
    FREES,
    INSOMNIA,
    NIGHTMARE,
    WAKE,
    act,
    arrange,
    complete_dream,
    game,
    hand,
    kinds,
    one,
    pass_turn,
    plain_symbols,
    symbols,
)
from tests.play.test_oniroo_table_js import PAGE, first_message, state_message


def run_cards(digits: list[int]) -> list[str]:
    """Symbol cards showing these digits in order, no letter or shape more than twice."""
    chosen: list[str] = []
    for digit in digits:
        for code in symbols(digit=digit):
            card = CARDS[code]
            same_letter = sum(CARDS[c]["letter"] == card["letter"] for c in chosen)
            same_shape = sum(CARDS[c]["shape"] == card["shape"] for c in chosen)
            if code not in chosen and same_letter < 2 and same_shape < 2:
                chosen.append(code)
                break
    assert len(chosen) == len(digits)
    return chosen


# 2-3-4-5-6, then a free card: it links after any card (its yellow group is any) and
# stands for a 7, so the only code set is a run of five consecutive digits not named by F_07
OTHER_RUN = [*run_cards([2, 3, 4, 5, 6]), FREES[0]]
NAMED_RUN = [*run_cards([6, 7, 8, 9, 0]), FREES[0]]  # 6-7-8-9-0, then a free card (a 1)


def filler(n: int, *skip: str) -> list[str]:
    return plain_symbols(n, set(skip) | set(OTHER_RUN) | set(NAMED_RUN) | set(complete_dream()))


def waking_on(dream: list[str], **options):
    """Seat 1 has `dream` on the table; seat 0, to play, holds the wake-up and no dream."""
    return arrange(
        game(level=5, **options),
        hands={0: [WAKE, *filler(5, *dream)]},
        dreams={1: [dream]},
    )


# --- point 2: digit runs (F_07; DECISIONS ONIROO 4) ---------------------------------------------
def test_f07_the_digit_runs_are_the_two_the_rulebook_names_either_way_round():
    """F_07: "5 egymást követő számjegynek kell szerepelnie: 1, 2, 3, 4, 5 vagy 6, 7, 8, 9, 0.
    A fordított sorrend is elfogadható" — 2-3-4-5-6 is no code set by default."""
    g = waking_on(OTHER_RUN)
    dream = g.s["players"][1]["dreams"][0]
    assert not dream["complete"]
    why = g.view(0)["players"][1]["dreams"][0]["explanation"]
    assert not why["complete"] and not why["any_digit_run"]
    assert [m["what"] for m in why["missing"]] == ["code_set"]
    assert "wake_up" not in kinds(g)  # nothing complete to wake on
    for named in (NAMED_RUN, [*reversed(NAMED_RUN[:5]), FREES[0]]):  # 6-…-0 and 0-…-6
        h = waking_on(named)
        assert h.s["players"][1]["dreams"][0]["complete"]
        runs = h.view(0)["players"][1]["dreams"][0]["explanation"]["code_sets"]
        assert [r["kind"] for r in runs] == ["digit_run"]


def test_f07_option_any_five_consecutive_digits_accepts_every_run_of_the_cycle():
    """F_07 names two runs; the match option "any five consecutive digits" (DECISIONS ONIROO 4)
    accepts the others of the cycle 1-…-9-0 too, the engine, its explainer and the bot alike."""
    from play.engines.oniroo.dreams import DIGIT, best_set

    g = waking_on(OTHER_RUN, any_digit_run=True)
    assert g.s["players"][1]["dreams"][0]["complete"]
    view = g.view(0)
    assert view["options"]["any_digit_run"] is True
    why = view["players"][1]["dreams"][0]["explanation"]
    assert why["complete"] and why["any_digit_run"]
    assert why["code_sets"][0]["digits"] == [2, 3, 4, 5, 6]
    assert "wake_up" in kinds(g)
    # the bot measures with the engine, by the match's option
    facts = [facts_of(CARDS[c]) for c in OTHER_RUN]
    assert cards_needed(facts, 5, True, any_run=True) == 0
    assert cards_needed(facts, 5, True) > 0
    assert best_set(facts, DIGIT, any_run=True) == 5 and best_set(facts, DIGIT) < 5


def test_f07_the_option_is_for_the_levels_where_code_sets_count():
    with pytest.raises(SetupError):
        game(level=2, any_digit_run=True)
    with pytest.raises(SetupError):
        game(level=5, any_digit_run="yes")
    assert game(level=3, players=3, any_digit_run=True).s["options"]["any_digit_run"]


def test_f07_the_hints_at_the_table_and_in_the_terminal_name_the_runs_the_match_accepts():
    """F_07: the hint for a dream short of a run names 1-2-3-4-5 and 6-7-8-9-0 by default."""
    for options, named in (({}, True), ({"any_digit_run": True}, False)):
        g = arrange(
            game(level=5, **options),
            hands={0: filler(6)},
            dreams={0: [OTHER_RUN[:4]]},  # 2-3-4-5 by any measure: no code set yet
        )
        why = g.view(0)["players"][0]["dreams"][0]["explanation"]
        text = cli_oniroo.missing_text(why, "en")
        assert ("1-2-3-4-5 or 6-7-8-9-0" in text) == named, text
        words = table_words(state_message(g, 0))
        assert any(("1-2-3-4-5 or 6-7-8-9-0" in w) == named for w in words["lines"])


# --- point 4: the wake-up on another player's dream (C_07, F_04, J_04; DECISIONS ONIROO 6) ------
def test_j04_the_wake_up_on_another_players_dream_needs_no_complete_dream_of_your_own():
    """J_04: "Az ÉBREDÉS kártya birtokosa azt egy másik játékos befejezett ÁLMÁNAK
    megjelölésére is felhasználhatja (5 pont)" — with or without a complete dream of one's own."""
    g = waking_on(complete_dream())
    assert g.s["players"][0]["dreams"] == []
    wakes = [a for a in g.legal_actions(0) if a["type"] == "wake_up"]
    assert [a["dream"] for a in wakes] == ["d1"]
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert g.is_over and g.result["winners"] == [0]
    assert g.result["scores"] == [5, 0] and g.result["reason"] == "wake_up_other"


def test_the_view_says_what_each_wake_up_scores_and_the_table_shows_the_engines_figure():
    """C_07, F_04, J_04: 15 on your own dream at level 5, 5 on another's; the table reads
    the figure from the view (it once kept its own copy of the points)."""
    g = waking_on(complete_dream())
    assert g.view(0)["players"][1]["dreams"][0]["wake_up_points"] == 5
    assert g.view(1)["players"][1]["dreams"][0]["wake_up_points"] == 15
    assert g.view(None)["players"][1]["dreams"][0]["wake_up_points"] == 5
    mine = g.view(0)["players"][0]
    assert mine["end_turn_draws"] == max(0, 5 - mine["hand_count"])
    words = table_words(state_message(g, 0))
    assert any("(+5)" in line for line in words["lines"]), words["lines"]
    assert not any("(+15)" in line for line in words["lines"])


# --- point 7: revealing a dream from hand (K_01; DECISIONS ONIROO 6) ----------------------------
def test_k01_a_dream_revealed_from_hand_draws_five_new_cards_then_discards_down_to_five():
    """K_01: "az összes kártya asztalra helyezésével fednek fel. Ezután 5 új lapot húznak a
    HÚZÓPAKLIBÓL" — five new cards, not up to five; the turn ends with five (B_01)."""
    keep = filler(1)
    g = arrange(game(level=5), hands={0: [*complete_dream(), *keep]})
    for code in complete_dream():
        act(g, "stage", card=one(g, code))
    act(g, "reveal")
    assert len(g.s["players"][0]["hand"]) == 6  # the one kept and five new
    assert hand(g, 0)[0] == keep[0]
    assert g.active_player == 0 and "end_turn" not in kinds(g) and "discard" in kinds(g)
    pass_turn(g)
    assert g.active_player == 1 and len(g.s["players"][0]["hand"]) == 5


# --- why a move is not there: a bad night's waiting turns (C_03) ------------------------------
def waiting_game():
    """Level 3: seat 0 played a bad night, seats 1 and 2 let it happen; seat 1 is to play."""
    g = arrange(game(level=3, players=3), hands={0: [NIGHTMARE, *filler(5)]})
    act(g, "attack", card=one(g, NIGHTMARE))
    act(g, "accept")
    act(g, "accept")
    assert g.active_player == 1
    return g


def test_c03_a_bad_nights_waiting_turns_are_said_at_the_table_and_in_the_terminal():
    """C_03 1): "a többi játékosnak két kört kell várnia, mielőtt újabb SZIMBÓLUM kártyát
    helyezhetne az épülő ÁLOMBA" — the waiting player is told why and for how long."""
    g = waiting_game()
    assert "play" not in kinds(g)
    assert g.view(1)["players"][1]["waiting"] == 2
    said = "you may not add a symbol card to the shared dream this turn (2 waiting"
    assert said in cli_oniroo.format_view(g.view(1), "en")
    assert said in table_words(state_message(g, 1))["prompt"]
    pass_turn(g)  # seat 1's first waiting turn is over; seat 2 waits, then seat 1 once more
    pass_turn(g)
    g.apply(next(a for a in g.legal_actions(0) if a["type"] == "play"))
    assert g.active_player == 1
    assert "(1 waiting turn left: this one)" in table_words(state_message(g, 1))["prompt"]
    # The terminal counts in words too: one turn, not "turn(s)".
    assert "(1 waiting turn left, this one included)" in cli_oniroo.format_view(g.view(1), "en")


# --- what bad night and moon head cards do, wherever they show (G, H) -------------------------
@pytest.mark.parametrize(
    ("level", "code", "effect", "words"),
    [
        (3, NIGHTMARE, "wait", "every other player waits 2 of their turns"),
        (5, NIGHTMARE, "nightmare", "one of their dreams goes to the discard pile"),
        (5, INSOMNIA, "insomnia", "you take one card unseen from their hand; they draw one"),
    ],
)
def test_g_h_an_attack_card_says_what_it_does_at_this_level_in_hand_and_on_the_table(
    level, code, effect, words
):
    """C_03 1) and G_04–G_06: the same bad night makes the others wait at level 3 ("két kört
    kell várnia") and acts by its own kind at levels 4–5 — the card says which, everywhere."""
    g = arrange(game(level=level, players=3), hands={0: [code, *filler(5)]})
    mine = next(c for c in g.view(0)["players"][0]["hand"] if c["code"] == code)
    assert mine["effect"] == effect
    assert words in " ".join(table_words(state_message(g, 0))["hand"])
    act(g, "attack", **next(a for a in g.legal_actions(0) if a["type"] == "attack"))
    for viewer in (1, 2, None):  # face up on the discard pile for everyone
        (shown,) = [c for c in g.view(viewer)["discard"] if c["code"] == code]
        assert shown["effect"] == effect
    assert effect in cli_oniroo.EFFECTS["en"]


# --- the table script's words, from oniroo.js run by Node -----------------------------------
WORDS_DRIVER = r"""
const t = Live.makeT(input.strings);
const m = new lib.Oniroo(input.msg, t, "en", new Map());
const layout = m.layout();
const texts = [];
const walk = (value) => {
  if (typeof value === "string") texts.push(value);
  else if (Array.isArray(value)) value.forEach(walk);
  else if (value && typeof value === "object") Object.values(value).forEach(walk);
};
walk(layout);
const hand = ((layout.hand || {}).cards || []).map((c) => (c.effect || "") + " " + c.title);
process.stdout.write(JSON.stringify({ prompt: layout.prompt || "", lines: texts, hand }));
"""


def table_words(msg: dict) -> dict:
    """What the ONIROO table shows for this message, in English: its prompt, every text,
    and the hand's cards (their effect and title)."""
    strings = PAGE.strings(first_message(), "en")
    return PAGE.run_node(WORDS_DRIVER, {"msg": msg, "strings": strings})


def test_the_cli_offers_the_digit_run_option():
    args = cli_oniroo.parse_args(["oniroo", "--level", "4", "--any-digit-run"])
    assert cli_oniroo.options_from(args)["any_digit_run"] is True
    assert "any_digit_run" not in cli_oniroo.options_from(cli_oniroo.parse_args(["oniroo"]))
