"""Arcane Guardian setup: the deal, the options, and refusing bad card lists or options."""

from __future__ import annotations

import copy

import pytest

import play.engines.arcane_guardian as engine
from play.bots.arcane_guardian_cards import arcane_cards, ending_codes
from play.engines.base import SetupError

CARDS = arcane_cards()
BY_CODE = {c["code"]: c for c in CARDS}


def piles_top_first(g) -> list[list[str]]:
    return [list(reversed(p)) for p in g.s["piles"]]


def test_the_deal_three_piles_of_eighteen_plus_one_ending_each_in_the_bottom_five():
    for seed in range(30):
        g = engine.new_game(CARDS, None, seed)
        chosen = g.s["options"]["endings"]
        assert len(set(chosen)) == 3 and set(chosen) <= set(ending_codes())
        dealt = [c for pile in g.s["piles"] for c in pile]
        assert len(dealt) == 54 + 3 and len(set(dealt)) == 57
        for pile in g.s["piles"]:
            assert len(pile) == 19
            endings = [n for n, c in enumerate(pile) if c in chosen]
            assert len(endings) == 1 and endings[0] <= 5  # at most five cards under it
        assert g.s["up"] == [True, True, True]
        assert (g.s["level"], g.s["life"], g.s["key"], g.s["held"]) == (1, 3, False, [])


def test_endings_land_at_every_depth_of_the_bottom_five():
    depths = set()
    for seed in range(200):
        g = engine.new_game(CARDS, None, seed)
        for pile in g.s["piles"]:
            depths.update(n for n, c in enumerate(pile) if c in g.s["options"]["endings"])
    assert depths == {0, 1, 2, 3, 4, 5}


def test_a_seed_gives_the_same_deal_and_random_endings_vary_with_it():
    a, b = engine.new_game(CARDS, None, 42), engine.new_game(CARDS, None, 42)
    assert a.to_dict() == b.to_dict()
    sets = {tuple(engine.new_game(CARDS, None, s).s["options"]["endings"]) for s in range(60)}
    assert len(sets) > 20


def test_chosen_endings_are_the_ones_in_play_and_are_listed_in_the_view():
    chosen = ["AG-066", "AG-060", "AG-061"]
    g = engine.new_game(CARDS, {"endings": chosen}, 3)
    assert sorted(g.view(0)["endings"]) == sorted(chosen)
    assert {c for p in g.s["piles"] for c in p} & set(ending_codes()) == set(chosen)


def test_shuffle_false_keeps_the_given_order():
    g = engine.new_game(CARDS, {"shuffle": False, "endings": ["AG-060", "AG-061", "AG-062"]}, 0)
    dungeon = [c["code"] for c in CARDS if c["type"] not in ("mage", "spell", "ending")]
    tops = piles_top_first(g)
    assert tops[0][:14] == dungeon[:14]  # the first third, first card on top
    assert tops[0][14] == "AG-060" and tops[1][14] == "AG-061" and tops[2][14] == "AG-062"
    assert tops[2][15:] == dungeon[-4:]


def test_the_card_list_may_come_alone_or_wrapped_in_a_list():
    assert engine.new_game([CARDS], None, 5).to_dict() == engine.new_game(CARDS, None, 5).to_dict()


def _without(code: str) -> list[dict]:
    return [c for c in CARDS if c["code"] != code]


def _broken(code: str, **changes) -> list[dict]:
    cards = copy.deepcopy(CARDS)
    for card in cards:
        if card["code"] == code:
            card.update(changes)
    return cards


@pytest.mark.parametrize(
    ("decks", "options", "message"),
    [
        (CARDS, {"players": 2}, "unknown options"),
        (CARDS, {"endings": ["AG-060"]}, "three different ending codes"),
        (CARDS, {"endings": ["AG-060", "AG-060", "AG-061"]}, "three different ending codes"),
        (CARDS, {"endings": ["AG-060", "AG-061", "AG-006"]}, "not ending cards"),
        (CARDS, {"endings": "all"}, "three different ending codes"),
        (CARDS, {"shuffle": "yes"}, "shuffle is true or false"),
        (CARDS, "fast", "options is an object"),
        ([CARDS, CARDS], None, "played alone"),
        ([], None, "card list"),
        (_without("AG-001"), None, "exactly one mage"),
        (_without("AG-005"), None, "exactly 4 spell"),
        (_without("AG-030"), None, "three equal piles"),
        ([c for c in CARDS if c["type"] != "ending" or c["code"] < "AG-062"], None, "at least 3"),
        (CARDS + [BY_CODE["AG-030"]], None, "listed twice"),
        (_broken("AG-023", effects={"d6": [{"roll": [1, 2], "lose_life": 2}]}), None, "every face"),
        (_broken("AG-006", effects={"options": [{"lose_lives": 2}]}), None, "effects lacks"),
        (_broken("AG-031", type="artifact"), None, "unknown card type"),
        (
            _broken("AG-034", effects={"passive": {}, "alt_passive": None, "use": {"when": "now"}}),
            None,
            "use is",
        ),
    ],
)
def test_bad_card_lists_and_options_are_refused_with_a_reason(decks, options, message):
    with pytest.raises(SetupError) as exc:
        engine.new_game(decks, options, 1)
    assert message in str(exc.value)


def test_an_unknown_bundle_key_is_refused():
    cards = _broken(
        "AG-006", effects={"options": [{"lose_lives": 2}], "defeated_by": None, "reward": {}}
    )
    with pytest.raises(SetupError, match="unknown bundle keys"):
        engine.new_game(cards, None, 1)
