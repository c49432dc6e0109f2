"""The dream rules on hand-made dreams: code sets, group links, wildcards, runs, near misses."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from play.engines.oniroo import explain_dream
from play.engines.oniroo.dreams import (
    after_append,
    can_form_complete,
    completable,
    explain,
    has_code_set,
    has_link,
    is_complete,
)
from tests.play.oniroo_helpers import facts, free, sym

A, P = "animals", "plants"  # sym() links A→P by default: first.next_group == plants


def linked(cards: list[dict]) -> list[dict]:
    """The cards with groups set so that each links to the next (card i: group gi → g(i+1))."""
    groups = ["animals", "plants", "objects", "places", "people", "myth", "landscapes", "energy"]
    out = []
    for i, card in enumerate(cards):
        if card["type"] == "symbol":
            card = dict(card, group=groups[i % 8], next_group=groups[(i + 1) % 8])
        out.append(card)
    return out


def unlinked(cards: list[dict]) -> list[dict]:
    """The cards with groups that never link (every card animals → plants, no plants card)."""
    return [
        dict(c, group="animals", next_group="energy") if c["type"] == "symbol" else c for c in cards
    ]


SHAPES = ["square", "star", "circle", "cross", "triangle"]


def five_as() -> list[dict]:
    """Five symbols of the letter A, each shape once, odd digits: a letter set and nothing else."""
    return [sym(letter="A", shape=s, digit=d) for s, d in zip(SHAPES, [1, 3, 5, 7, 9], strict=True)]


def one_of_each_letter(digits: list[int]) -> list[dict]:
    """A symbol per digit, each with a letter of its own (A, B, C...), shapes in SHAPES order."""
    return [
        sym(letter="ABCDEF"[i], shape=SHAPES[i % len(SHAPES)], digit=d)
        for i, d in enumerate(digits)
    ]


def kinds(why: dict) -> set[str]:
    return {c["kind"] for c in why["code_sets"]}


# --- letter and shape sets --------------------------------------------------------------------
def test_five_of_one_letter_and_a_link_make_a_complete_dream():
    dream = linked(five_as())
    why = explain_dream(dream)
    assert why["complete"] is True and why["missing"] == []
    assert {"kind": "letter", "value": "A", "positions": [0, 1, 2, 3, 4]} in why["code_sets"]
    assert kinds(why) == {"letter"}
    assert why["group_links"] == [[0, 1], [1, 2], [2, 3], [3, 4]]


def test_the_letters_need_not_be_next_to_each_other():
    letters = ["A", "B", "A", "C", "A", "A", "D", "A"]
    dream = linked(
        [
            sym(letter=x, shape="square" if i % 2 else "star", digit=(3 * i) % 10)
            for i, x in enumerate(letters)
        ]
    )
    why = explain_dream(dream)
    assert why["complete"]
    assert {"kind": "letter", "value": "A", "positions": [0, 2, 4, 5, 7]} in why["code_sets"]


def test_five_of_one_shape():
    dream = linked(
        [
            sym(letter=x, shape="cross", digit=d)
            for x, d in zip("ABCDE", [2, 4, 6, 8, 0], strict=True)
        ]
    )
    why = explain_dream(dream)
    assert why["complete"] and kinds(why) == {"shape"}
    assert why["code_sets"][0]["value"] == "cross"


def test_four_of_a_letter_is_a_near_miss_and_says_so():
    dream = linked(
        [
            sym(letter=x, shape=s, digit=d)
            for x, s, d in zip(
                "AAAAB",
                ["square", "star", "circle", "cross", "triangle"],
                [1, 3, 5, 7, 9],
                strict=True,
            )
        ]
    )
    why = explain_dream(dream)
    assert not why["complete"]
    assert why["missing"] == [
        {"what": "code_set", "best": {"kind": "letter", "value": "A", "count": 4, "need": 1}}
    ]


# --- digit runs -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("digits", "direction", "any_run"),
    [
        ([1, 2, 3, 4, 5], "up", False),
        ([5, 4, 3, 2, 1], "down", False),
        ([6, 7, 8, 9, 0], "up", False),  # the rulebook's run over 9-0
        ([0, 9, 8, 7, 6], "down", False),
        ([1, 2, 3, 4, 5], "up", True),
        ([8, 9, 0, 1, 2], "up", True),  # with the option the cycle goes on after 0
        ([1, 0, 9, 8, 7], "down", True),
        ([3, 4, 5, 6, 7], "up", True),
    ],
)
def test_a_run_of_five_adjacent_digits_up_or_down(digits, direction, any_run):
    dream = linked(one_of_each_letter(digits))
    why = explain_dream(dream, any_run=any_run)
    assert why["complete"], why
    assert why["code_sets"] == [
        {
            "kind": "digit_run",
            "direction": direction,
            "digits": digits,
            "positions": [0, 1, 2, 3, 4],
        }
    ]


@pytest.mark.parametrize(
    "digits",
    [
        [1, 2, 3, 5, 6],  # a gap
        [1, 2, 3, 2, 1],  # up then down
        [2, 2, 3, 4, 5],  # a repeat
    ],
)
def test_broken_runs_are_near_misses(digits):
    dream = linked(one_of_each_letter(digits))
    why = explain_dream(dream)
    assert not why["complete"]
    assert [m["what"] for m in why["missing"]] == ["code_set"]


def test_with_the_option_the_cycle_closes_after_0():
    """1-…-9-0 is a cycle for the option (DECISIONS ONIROO 4): after 0 comes 1 again."""

    def run(digits, any_run=True):
        return explain_dream(linked(one_of_each_letter(digits)), any_run=any_run)

    assert run([9, 0, 1, 2, 3])["complete"]
    assert run([0, 1, 2, 3, 4])["complete"]
    assert run([2, 1, 0, 9, 8])["complete"]
    assert not run([0, 1, 2, 3, 5])["complete"]
    for digits in ([9, 0, 1, 2, 3], [0, 1, 2, 3, 4], [2, 1, 0, 9, 8], [3, 4, 5, 6, 7]):
        assert not run(digits, any_run=False)["complete"]  # the default: named runs only


def test_a_run_must_be_adjacent():
    cards = one_of_each_letter([1, 2, 3, 8, 4, 5])
    why = explain_dream(linked(cards))
    assert not why["complete"]
    assert why["progress"]["digit_run"]["count"] == 3  # 1-2-3, broken by the 8


def test_a_longer_run_holds_several_windows():
    dream = linked(one_of_each_letter([3, 4, 5, 6, 7, 8]))
    why = explain_dream(dream, any_run=True)
    runs = [c for c in why["code_sets"] if c["kind"] == "digit_run"]
    assert [r["positions"][0] for r in runs] == [0, 1]


# --- group links ------------------------------------------------------------------------------
def test_a_link_is_the_first_cards_purple_group_on_the_next_cards_yellow():
    first = sym(letter="A", group="people", next_group="myth")
    second = sym(letter="A", group="myth", next_group="energy")
    assert has_link(facts([first, second]))
    assert not has_link(facts([second, first]))  # energy → people does not link


def test_no_link_is_a_near_miss():
    dream = unlinked(five_as())
    why = explain_dream(dream)
    assert not why["complete"] and why["group_links"] == []
    assert why["missing"] == [{"what": "group_link"}]
    assert why["code_sets"][0]["kind"] == "letter"


def test_one_link_anywhere_is_enough():
    cards = unlinked(five_as())
    cards[3] = dict(cards[3], next_group="myth")
    cards[4] = dict(cards[4], group="myth")
    why = explain_dream(cards)
    assert why["complete"] and why["group_links"] == [[3, 4]]


# --- free cards -------------------------------------------------------------------------------
def test_free_cards_fill_a_letter_set_and_take_any_card_before_them():
    dream = unlinked(
        [sym(letter="B", shape="star", digit=1), sym(letter="B", shape="circle", digit=5)]
    )
    dream += [free("energy"), sym(letter="B", shape="cross", digit=9, group="animals"), free()]
    why = explain_dream(dream)
    assert why["complete"]
    assert {"kind": "letter", "value": "B", "positions": [0, 1, 2, 3, 4]} in why["code_sets"]
    assert [1, 2] in why["group_links"] and [3, 4] in why["group_links"]  # into a free card


def test_a_free_cards_purple_group_counts_as_printed():
    after = sym(letter="A", group="myth")
    assert has_link(facts([free("myth"), after]))
    assert not has_link(facts([free("plants"), after]))


def test_free_cards_fill_a_digit_run():
    dream = linked(
        [sym(letter="A", shape="star", digit=7), sym(letter="B", shape="cross", digit=8)]
    )
    dream += [free(), free(), sym(letter="C", shape="circle", digit=1)]
    assert not explain_dream(dream)["complete"]  # 7-8-9-0-1 is no named run
    why = explain_dream(dream, any_run=True)
    assert why["complete"]
    run = next(c for c in why["code_sets"] if c["kind"] == "digit_run")
    assert run["digits"] == [7, 8, 9, 0, 1] and run["direction"] == "up"


def test_a_free_card_in_the_wrong_place_of_a_run_does_not_help():
    dream = linked([sym(letter="A", shape="star", digit=1), free(), sym(letter="B", digit=5)])
    dream += [sym(letter="C", shape="circle", digit=6), sym(letter="D", shape="cross", digit=7)]
    assert not has_code_set(facts(dream))  # 1 ? 5 6 7: the gap is too wide for one card


def test_seven_free_cards_are_a_complete_dream():
    assert explain_dream([free(g) for g in ["animals"] * 7])["complete"]


# --- length -----------------------------------------------------------------------------------
def test_too_short_and_a_higher_minimum():
    cards = linked(
        [
            sym(letter="A", shape=s, digit=d)
            for s, d in zip(
                ["square", "star", "circle", "cross", "triangle", "star"],
                [1, 3, 5, 7, 9, 1],
                strict=True,
            )
        ]
    )
    assert explain_dream(cards[:4])["missing"][0] == {"what": "cards", "count": 1}
    assert explain_dream(cards[:5])["complete"]
    assert explain_dream(cards[:5], min_length=7)["missing"] == [{"what": "cards", "count": 2}]
    assert not explain_dream(cards[:6], min_length=7)["complete"]


def test_levels_1_and_2_count_cards_only():
    cards = unlinked([sym(letter=x, digit=i) for i, x in enumerate("ABCDEFABCD")])
    assert explain_dream(cards, min_length=10, codes=False) == {
        "complete": True,
        "length": 10,
        "min_length": 10,
        "codes": False,
        "any_digit_run": False,
        "code_sets": [],
        "group_links": [],
        "missing": [],
    }
    assert not explain_dream(cards[:9], min_length=10, codes=False)["complete"]


def test_an_empty_dream_lacks_everything():
    why = explain_dream([])
    assert [m["what"] for m in why["missing"]] == ["cards", "code_set", "group_link"]


# --- a complete dream out of a hand -----------------------------------------------------------
def test_a_hand_can_form_a_letter_dream_when_two_cards_link_in_some_order():
    hand = unlinked(five_as())
    assert not can_form_complete(facts(hand), 5)
    hand[4] = dict(hand[4], group="myth")
    hand[1] = dict(hand[1], next_group="myth")  # card 1 may go just before card 4
    assert can_form_complete(facts(hand), 5)


def test_a_hand_can_form_a_run_in_any_order():
    digits = [4, 2, 5, 1, 3]
    hand = [
        sym(letter=x, shape="star", digit=d, group="animals", next_group="energy")
        for x, d in zip("ABCDE", digits, strict=True)
    ]
    assert not can_form_complete(facts(hand), 5)  # a run, but no two cards link
    hand[0] = dict(hand[0], next_group="plants")  # the 4 links to a card of plants...
    hand[2] = dict(hand[2], group="plants")  # ...and the 5 is one: 1-2-3-4-5 links 4→5
    assert can_form_complete(facts(hand), 5)
    assert not can_form_complete(facts(hand[:4]), 5)


def test_a_sixth_card_can_carry_the_link_of_a_run():
    hand = [
        sym(letter=x, shape="star", digit=d, group="animals", next_group="energy")
        for x, d in zip("ABCDE", [6, 7, 8, 9, 0], strict=True)
    ]
    hand.append(sym(letter="F", shape="cross", digit=3, group="people", next_group="animals"))
    assert can_form_complete(facts(hand), 5)  # the extra card goes first and links on
    assert not can_form_complete(facts(hand), 7)  # but six cards are not seven


# --- the fast checks agree with the explainer -------------------------------------------------
card_strategy = st.one_of(
    st.builds(
        sym,
        letter=st.sampled_from("ABCDEF"),
        shape=st.sampled_from(["square", "star", "circle", "cross", "triangle"]),
        digit=st.integers(0, 9),
        group=st.sampled_from(["animals", "plants", "myth"]),
        next_group=st.sampled_from(["animals", "plants", "myth"]),
    ),
    st.builds(free, next_group=st.sampled_from(["animals", "plants", "myth"])),
)


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(card_strategy, max_size=12), min_length=st.integers(5, 8), any_run=st.booleans()
)
def test_is_complete_and_the_explainer_agree(cards, min_length, any_run):
    dream = facts(cards)
    why = explain(dream, min_length, any_run=any_run)
    assert is_complete(dream, min_length, any_run=any_run) == why["complete"]
    assert why["complete"] == (
        len(cards) >= min_length and bool(why["code_sets"]) and bool(why["group_links"])
    )


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(card_strategy, min_size=1, max_size=12), any_run=st.booleans())
def test_appending_keeps_the_flags_right(cards, any_run):
    dream = facts(cards)
    linked_, coded = False, False
    for n in range(1, len(dream) + 1):
        linked_, coded = after_append(dream[:n], linked_, coded, any_run)
        assert linked_ == has_link(dream[:n]) and coded == has_code_set(dream[:n], any_run)


@pytest.mark.parametrize("any_run", [False, True])
def test_can_form_complete_agrees_with_a_search_over_orders(any_run):
    from itertools import permutations

    rng = random.Random(5)
    pool = [
        sym(
            letter=rng.choice("AB"),
            shape=rng.choice(["star", "cross"]),
            digit=rng.randrange(10),
            group=rng.choice(["animals", "plants"]),
            next_group=rng.choice(["animals", "plants"]),
        )
        for _ in range(60)
    ] + [free(rng.choice(["animals", "plants"])) for _ in range(6)]
    for _ in range(150):
        hand = facts(rng.sample(pool, 6))
        searched = any(
            is_complete(list(order), 5, any_run=any_run)
            for size in (5, 6)
            for order in permutations(hand, size)
        )
        assert can_form_complete(hand, 5, any_run) == searched


@pytest.mark.parametrize("any_run", [False, True])
def test_completable_agrees_with_a_search_over_orders(any_run):
    """The reveal offers a card only where the dream can still be finished: the fast answer
    matches trying every order, on hands that mostly need a digit run (letters and shapes
    spread over five values each, so sets are rare)."""
    from itertools import permutations

    rng = random.Random(11)
    letters, shapes, groups = (
        "ABCDE",
        ["star", "cross", "square", "circle", "moon"],
        ["a", "p", "m"],
    )
    found = {True: 0, False: 0}
    for _ in range(300):
        n = rng.randrange(5, 8) if rng.random() < 0.2 else rng.randrange(5, 7)
        start = rng.randrange(10)
        hand = [
            sym(
                letter=rng.choice(letters),
                shape=rng.choice(shapes),
                digit=(start + k) % 10 if rng.random() < 0.8 else rng.randrange(10),
                group=rng.choice(groups),
                next_group=rng.choice(groups),
            )
            if rng.random() < 0.9
            else free(rng.choice(groups))
            for k in range(n)
        ]
        rng.shuffle(hand)
        cards = facts(hand)
        cut = rng.randrange(0, 5)
        prefix, rest = cards[:cut], cards[cut:]
        searched = any(
            is_complete(prefix + list(order), 5, any_run=any_run)
            for size in range(len(rest) + 1)
            for order in permutations(rest, size)
        )
        assert completable(prefix, rest, 5, any_run) == searched, (prefix, rest)
        found[searched] += 1
    assert min(found.values()) >= 30  # both answers were tried


def test_a_dream_giving_a_card_away_keeps_what_the_nose_reading_says():
    """H_06, our reading: a complete dream that breaks without the card keeps only the cards
    before it; any other dream keeps all the rest (engine and bot ask the same function)."""
    from play.engines.oniroo.dreams import kept_after_giving

    ten = [(None,) * 7] * 10  # without codes only the length counts: 10 cards complete it
    assert kept_after_giving(ten, 3, 10, codes=False) == 3  # 9 left: broken, cut back
    assert kept_after_giving(ten + ten[:1], 3, 10, codes=False) == 10  # 10 left: still whole
    assert kept_after_giving(ten[:9], 3, 10, codes=False) == 8  # never complete: no cut
