"""Arcane Guardian effects as steps and words: the one wording, and the view that carries it."""

from __future__ import annotations

import play.engines.arcane_guardian as engine
from play.bots.arcane_guardian_cards import arcane_cards
from play.engines.arcane_guardian import wording
from play.engines.arcane_guardian.view import card_effect

CARDS = arcane_cards()


def test_steps_follow_the_engines_order_whatever_the_files_order():
    steps = wording.bundle_steps({"gain_mana": 1, "roll": [1, 2], "lose_life": 2, "win": True})
    assert steps == [
        {"do": "lose_life", "n": 2},
        {"do": "gain_mana", "n": 1},
        {"do": "win"},
    ]
    assert wording.bundle_steps({"discard": {"kind": "torch", "count": 2}}) == [
        {"do": "discard", "kind": "torch", "n": 2}
    ]


def test_one_wording_in_both_languages():
    say = wording.bundle_phrase
    assert say({}, "hu") == "nem történik semmi" and say({}, "en") == "nothing happens"
    assert say({"lose_life": 1, "lose_mana": 1}, "en") == "\u22121 life, \u22121 mana"
    assert say({"discard": {"kind": "torch", "count": 1}}, "hu") == "dobj el egy fáklyát"
    assert say({"discard": {"kind": "item", "count": 2}}, "en") == "discard 2 item"
    assert say({"gain_level": 1}, "hu") == "szintlépés" and say({"gain_level": 1}, "en") == (
        "+1 level"
    )
    every = {key: 1 for key in wording.BUNDLE_ORDER if key != "discard"}
    for lang in wording.LANGS:
        words = say({**every, "discard": {"kind": "mask", "count": 1}}, lang)
        assert "{" not in words and words.count(", ") == len(wording.BUNDLE_ORDER) - 1


def test_the_view_carries_each_cards_effect_with_effective_numbers_and_its_words():
    g = engine.new_game(CARDS, None, 3)
    s = g.s
    enemy = next(c for c in s["cards"].values() if c["type"] == "enemy" and c["options"])
    trap = next(c for c in s["cards"].values() if c["type"] == "trap")
    s["discard"] += [enemy["code"], trap["code"]]  # any card the view names carries its effect
    printed = card_effect(enemy)["options"]
    s["passive"]["enemy_damage"] = 1
    s["passive"]["trap_damage"] = -1
    view = g.view(0)
    shown = view["cards"][enemy["code"]]
    for before, after in zip(printed, shown["effect"]["options"], strict=True):
        for a, b in zip(before, after, strict=True):
            assert b["n"] == a["n"] + (1 if a["do"] == "lose_life" else 0)
    for row in view["cards"][trap["code"]]["effect"]["rows"]:
        assert all(step["n"] >= 1 for step in row if step["do"] == "lose_life")
    for entry in view["cards"].values():
        for lang in wording.LANGS:
            assert entry["says"][lang] == wording.says(entry["effect"], lang)
    # a view is the caller's own: editing one changes no later view
    shown["effect"]["options"][0].clear()
    shown["says"]["en"]["options"][0] = "edited"
    again = g.view(0)["cards"][enemy["code"]]
    assert again["effect"]["options"][0] and again["says"]["en"]["options"][0] != "edited"


def test_a_trap_modifier_that_cancels_a_loss_drops_the_step():
    trap = next(
        c
        for c in engine.new_game(CARDS, None, 1).s["cards"].values()
        if c["type"] == "trap" and any(["lose_life", 1] in row for row in c["rows"])
    )
    rows = card_effect(trap, trap_damage=-1)["rows"]
    face = next(i for i, row in enumerate(trap["rows"]) if ["lose_life", 1] in row)
    assert {"do": "lose_life", "n": 1} not in rows[face]
