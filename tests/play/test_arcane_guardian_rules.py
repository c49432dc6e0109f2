"""Arcane Guardian scenarios: one fixed dungeon per rule or card type, give–play–assert.

Dungeons are laid out with `shuffle: false` (see `layout`): each pile's listed
cards first (top first), then its ending, then four filler cards. A die roll
is fixed by the seed for each card, so a test that needs a face finds a seed
that gives it (`with_roll`).
"""

from __future__ import annotations

from zlib import crc32

import pytest

import play.engines.arcane_guardian as engine
from play.bots.arcane_guardian_cards import arcane_cards
from play.engines.arcane_guardian.dice import d6
from play.engines.base import IllegalAction

CATALOG = {c["code"]: c for c in arcane_cards()}
SPELLS = ["AG-002", "AG-003", "AG-004", "AG-005"]
FROSTBALL, FIREBALL, HOLY_LIGHT, LIGHTNING = SPELLS
GATE, HALL_OF_KEYS, ALTAR, GUARDIANS_MASK = "AG-060", "AG-061", "AG-062", "AG-063"
ARCANE_GUARDIAN, HALL_OF_MIRRORS, PORTAL, TUNNEL = "AG-064", "AG-065", "AG-066", "AG-067"
ENDINGS = [GATE, HALL_OF_KEYS, GUARDIANS_MASK]

FIRE_ELEMENTAL, FIRE_IMP, FLAME_HOUND, SALAMANDER = "AG-006", "AG-007", "AG-008", "AG-009"
ICE_TROLL, STRANGLING_VINE, RAT_SWARM, MINOTAUR = "AG-010", "AG-012", "AG-013", "AG-014"
SKELETON, ZOMBIE, CHEST_MIMIC = "AG-015", "AG-017", "AG-022"
SPIKE_PIT, COLLAPSING_CEILING, RUNE_OF_FORGETTING = "AG-023", "AG-025", "AG-027"
SPINNING_FLOOR = "AG-030"
WARRIORS_MASK, OWL_MASK, ANCESTORS_MASK = "AG-031", "AG-032", "AG-033"
HEALING_POTION, MANA_POTION, ELIXIR = "AG-034", "AG-035", "AG-036"
TORCH, BLUEFIRE_TORCH, PITCH_TORCH = "AG-037", "AG-038", "AG-039"
SMOKE_BOMB, ROPE, LUCKY_STONE = "AG-040", "AG-041", "AG-042"
BATTERED_CHEST, IRON_CHEST, MAGISTERS_CHEST = "AG-043", "AG-044", "AG-046"
DARKNESS, WEAKNESS, MISFORTUNE, BLOOD_CURSE, CURSE_OF_MASKS = (
    "AG-048",
    "AG-049",
    "AG-050",
    "AG-051",
    "AG-052",
)
LEVEL_UPS = ["AG-053", "AG-054", "AG-055", "AG-056"]
LEVEL_DOWNS = ["AG-057", "AG-058", "AG-059"]


def filler(n: int) -> dict:
    """A harmless card with its own code: a collectible that does nothing."""
    return {
        "code": f"FILL-{n:02d}",
        "name": f"Töltelék {n}",
        "name_en": f"Filler {n}",
        "type": "collectible",
        "subtypes": [],
        "effects": {"passive": {}, "alt_passive": None, "use": None},
    }


def layout(*piles: list[str]) -> list[dict]:
    """The card list for three piles, top first; each padded to the same height with fillers.

    With `shuffle: false` ending i lies under pile i's listed cards with four fillers below it.
    """
    height = max(len(p) for p in piles)
    n = 0
    dungeon = []
    for pile in piles:
        cards = [CATALOG[c] for c in pile]
        while len(cards) < height:
            n += 1
            cards.append(filler(n))
        for _ in range(4):
            n += 1
            cards.append(filler(n))
        dungeon.extend(cards)
    fixed = [CATALOG["AG-001"], *(CATALOG[c] for c in SPELLS)]
    endings = [c for c in CATALOG.values() if c["type"] == "ending"]
    return fixed + endings + dungeon


def game(*piles: list[str], endings: list[str] = ENDINGS, seed: int = 1):
    return engine.new_game(layout(*piles), {"shuffle": False, "endings": endings}, seed)


def with_roll(card: str, faces: list[int], *piles, endings=ENDINGS, attempt: int = 0):
    """A game whose roll number `attempt` for `card` shows faces[attempt] (earlier ones too)."""
    for seed in range(2000):
        g = game(*piles, endings=endings, seed=seed)
        key = g.s["dice_key"]
        if all(d6(key, crc32(card.encode()), n) == f for n, f in enumerate(faces)):
            return g
    raise AssertionError(f"no seed rolls {faces} for {card}")


def act(g, type_: str, **fields) -> list[dict]:
    return g.apply({"type": type_, "player": 0, **fields})


def step(g, pile: int, **fields) -> list[dict]:
    return act(g, "choose_pile", pile=pile, **fields)


def types(g) -> set[str]:
    return {a["type"] for a in g.legal_actions(0)}


def moment(g) -> str | None:
    return (g.s["pending"] or {}).get("kind")


def event_types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def spells_up(g) -> list[str]:
    return [c for c, up in g.s["spells"].items() if up]


def turn_down(g, *codes: str) -> None:
    """Put spells sideways directly: the starting position of a scenario."""
    for code in codes:
        g.s["spells"][code] = False
    g.forget_legal_actions()


def give(g, *codes: str) -> None:
    """Start a scenario holding these cards (the lasting effects apply at once)."""
    from play.engines.arcane_guardian import mage

    g.s["held"].extend(codes)
    mage.refresh(g.s)
    g.forget_legal_actions()


# --- setup ---------------------------------------------------------------------
def test_the_mage_starts_at_level_1_with_3_life_and_four_upright_spells():
    g = game([HEALING_POTION], [WARRIORS_MASK], [TORCH])
    view = g.view(0)
    assert view["mage"] | {"passive": None} == {
        "code": "AG-001",  # the mage card, face up: the table draws it
        "level": 1,
        "max_level": 4,
        "life": 3,
        "max_life": 3,
        "mana": 4,
        "healing": {"level_up": False, "life": 2},  # the upright healing spell
        "key": False,
        "passive": None,
    }
    assert [s["upright"] for s in view["spells"]] == [True] * 4
    assert [p["face_up"] for p in view["piles"]] == [True, True, True]
    assert [p["top"] for p in view["piles"]] == [HEALING_POTION, WARRIORS_MASK, TORCH]


# --- a step ----------------------------------------------------------------------
def test_choosing_a_face_down_top_reveals_it_and_interacts_at_once():
    g = game([HEALING_POTION, WARRIORS_MASK], [TORCH, ROPE], [ELIXIR, SMOKE_BOMB])
    step(g, 0)  # take the potion; the next card of pile 0 stays face down
    assert g.view(0)["piles"][0] | {"count": 0} == {
        "count": 0,
        "top": None,
        "face_up": False,
        "stopped": False,
        "choosable": True,
        "closed": None,
    }
    events = step(g, 0)
    assert event_types(events)[:3] == ["step", "reveal", "take"]
    assert g.s["held"] == [HEALING_POTION, WARRIORS_MASK]


def test_the_reveal_phase_turns_the_other_tops_but_not_the_used_one():
    g = game([HEALING_POTION, ELIXIR], [TORCH, ROPE], [MANA_POTION, SMOKE_BOMB])
    step(g, 0)
    step(g, 1)  # pile 0's face-down top is revealed now; pile 1's new top is not
    piles = g.view(0)["piles"]
    assert [p["face_up"] for p in piles] == [True, False, True]
    assert piles[0]["top"] == ELIXIR


def test_with_no_mana_the_other_tops_stay_face_down():
    g = game([FIRE_ELEMENTAL, HEALING_POTION], [ICE_TROLL, ELIXIR], [MANA_POTION])
    step(g, 0)
    act(g, "fight", option=1)  # lose 2 mana: a choice of two of the four
    act(g, "choose", cards=[FROSTBALL, FIREBALL])
    step(g, 1)
    act(g, "fight", option=1)  # the last two spells go (no choice left)
    assert g.view(0)["mage"]["mana"] == 0
    assert [p["face_up"] for p in g.view(0)["piles"]] == [False, False, True]


def test_a_torch_reveals_even_with_no_mana_and_bluefire_reveals_the_used_pile_too():
    g = game([FIRE_ELEMENTAL, HEALING_POTION], [BLUEFIRE_TORCH, ELIXIR], [MANA_POTION])
    turn_down(g, *SPELLS)
    step(g, 1)  # take the torch: the reveal phase works at 0 mana, used pile included
    assert [p["face_up"] for p in g.view(0)["piles"]] == [True, True, True]
    assert g.view(0)["piles"][1]["top"] == ELIXIR


# --- enemies ---------------------------------------------------------------------
def test_an_enemy_offers_payable_options_two_spells_or_the_spell_that_names_it():
    g = game([FLAME_HOUND], [TORCH], [ROPE])
    step(g, 0)
    legal = g.legal_actions(0)
    fights = [a["option"] for a in legal if a["type"] == "fight"]
    casts = [a["spells"] for a in legal if a["type"] == "cast"]
    assert fights == [0]  # discarding a torch cannot be paid without one
    assert casts[0] == [FROSTBALL]  # the spell that names Flame Hound, alone
    assert len(casts) == 1 + 6  # and every pair of the four upright spells
    with pytest.raises(IllegalAction) as exc:
        act(g, "cast", spells=[FIREBALL])
    assert exc.value.code == "bad_spells"


def test_an_option_with_a_discard_is_offered_when_it_can_be_paid():
    g = game([TORCH, FLAME_HOUND], [], [])
    step(g, 0)
    step(g, 0)  # pile 0's next card: revealed by the step itself
    assert [a["option"] for a in g.legal_actions(0) if a["type"] == "fight"] == [0, 1]
    act(g, "fight", option=1)
    assert TORCH not in g.s["held"] and TORCH in g.s["discard"]
    assert g.s["life"] == 3


def test_a_fight_option_costs_what_it_says_and_the_enemy_is_discarded():
    g = game([STRANGLING_VINE], [], [])
    step(g, 0)
    act(g, "fight", option=1)  # 1 life and 1 mana of your choice
    assert moment(g) == "lose_mana"
    assert len(g.legal_actions(0)) == 4
    act(g, "choose", cards=[LIGHTNING])
    assert g.s["life"] == 2 and spells_up(g) == [FROSTBALL, FIREBALL, HOLY_LIGHT]
    assert STRANGLING_VINE in g.s["discard"] and g.s["piles"][0][-1] != STRANGLING_VINE


def test_spells_spent_in_a_fight_do_not_also_give_their_effect():
    g = game([ZOMBIE], [], [])
    g.s["life"] = 1
    step(g, 0)
    act(g, "cast", spells=[HOLY_LIGHT])  # Holy Light names the Zombie: no healing with it
    assert g.s["life"] == 1 and spells_up(g) == [FROSTBALL, FIREBALL, LIGHTNING]


def test_two_spells_defeat_any_enemy_and_the_reward_follows():
    g = game([CHEST_MIMIC], [], [])
    step(g, 0)
    act(g, "cast", spells=[FROSTBALL, FIREBALL])  # the Mimic's reward: 1 mana back
    assert moment(g) == "gain_mana"
    act(g, "choose", cards=[FROSTBALL])
    assert spells_up(g) == [FROSTBALL, HOLY_LIGHT, LIGHTNING]


def test_a_cancel_sends_the_enemy_away_without_its_reward():
    g = game([SMOKE_BOMB, CHEST_MIMIC], [], [])
    turn_down(g, FROSTBALL)
    step(g, 0)
    assert {"type": "use", "player": 0, "card": SMOKE_BOMB} not in g.legal_actions(0)
    step(g, 0)
    events = act(g, "use", card=SMOKE_BOMB)
    assert "cancel" in event_types(events)
    assert CHEST_MIMIC in g.s["discard"] and SMOKE_BOMB in g.s["discard"]
    assert g.s["spells"][FROSTBALL] is False  # no reward: the mana did not come back
    assert moment(g) is None


def test_lasting_enemy_damage_from_a_mask_and_a_curse():
    g = game([WARRIORS_MASK, MINOTAUR], [BLOOD_CURSE, ZOMBIE], [ELIXIR])
    step(g, 0)
    step(g, 0)
    act(g, "fight", option=0)  # 3 life, one less with the Warrior's Mask
    assert g.s["life"] == 1
    g.s["life"] = 3
    step(g, 1)  # the Blood Curse: one more, cancelling the mask
    step(g, 1)
    act(g, "fight", option=0)
    assert g.s["life"] == 1


# --- traps -----------------------------------------------------------------------
def test_a_trap_rolls_the_die_and_applies_its_row():
    g = with_roll(SPIKE_PIT, [1], [SPIKE_PIT], [], [])
    step(g, 0)
    assert moment(g) == "trap" and types(g) == {"roll", "use"}
    events = act(g, "roll")
    rolled = next(e for e in events if e["type"] == "roll")
    assert rolled["face"] == 1 and rolled["result"] == 1
    assert moment(g) == "after_roll" and g.s["life"] == 3  # the row waits for the reroll window
    act(g, "accept_roll")
    assert g.s["life"] == 1  # faces 1–2: lose 2 life
    assert SPIKE_PIT in g.s["discard"] and moment(g) is None


def test_with_nothing_to_use_the_trap_still_asks_for_the_roll_and_its_row():
    g = with_roll(SPIKE_PIT, [1], [SPIKE_PIT], [], [])
    turn_down(g, *SPELLS)
    events = step(g, 0)
    assert event_types(events)[:2] == ["step", "face"] and moment(g) == "trap"
    assert g.legal_actions(0) == [{"type": "roll", "player": 0}]
    act(g, "roll")
    assert g.legal_actions(0) == [{"type": "accept_roll", "player": 0}]
    events = act(g, "accept_roll")
    assert event_types(events)[:2] == ["row", "life"]
    assert g.s["life"] == 1


def test_trap_damage_and_trap_roll_modifiers():
    g = with_roll(SPIKE_PIT, [3], [OWL_MASK, SPIKE_PIT], [], [])
    turn_down(g, *SPELLS)
    step(g, 0)
    step(g, 0)
    act(g, "roll")
    act(g, "accept_roll")  # face 3: lose 1, but the Owl Mask takes one off
    assert g.s["life"] == 3
    g = with_roll(SPINNING_FLOOR, [6], [MISFORTUNE, SPINNING_FLOOR], [], [])
    turn_down(g, *SPELLS)
    step(g, 0)
    step(g, 0)
    act(g, "roll")
    events = act(g, "accept_roll")  # 6 − 1 = 5: nothing instead of a mana
    assert next(e for e in events if e["type"] == "row")["roll"] == 5
    assert g.view(0)["mage"]["mana"] == 0


def test_rope_and_frostball_cancel_a_trap_before_the_roll():
    g = game([ROPE, COLLAPSING_CEILING], [SPIKE_PIT], [ELIXIR])
    step(g, 0)
    step(g, 0)
    assert types(g) == {"roll", "use"}
    events = act(g, "use", card=ROPE)
    assert "roll" not in event_types(events) and g.s["life"] == 3
    step(g, 1)
    act(g, "use", card=FROSTBALL)
    assert g.s["spells"][FROSTBALL] is False and SPIKE_PIT in g.s["discard"]


def test_lightning_rerolls_and_the_new_roll_counts():
    g = with_roll(SPIKE_PIT, [1, 6], [SPIKE_PIT], [], [])
    step(g, 0)
    act(g, "roll")
    assert moment(g) == "after_roll" and g.view(0)["facing"]["roll"] == 1
    events = act(g, "use", card=LIGHTNING)
    assert [e["face"] for e in events if e["type"] == "roll"] == [6]
    act(g, "accept_roll")
    assert g.s["life"] == 3 and g.s["spells"][LIGHTNING] is False


def test_a_lucky_stone_rerolls_once_and_is_discarded():
    g = with_roll(COLLAPSING_CEILING, [1, 4], [LUCKY_STONE, COLLAPSING_CEILING], [], [])
    turn_down(g, FROSTBALL, LIGHTNING)
    step(g, 0)
    step(g, 0)
    act(g, "roll")
    act(g, "use", card=LUCKY_STONE)
    assert LUCKY_STONE in g.s["discard"]
    act(g, "accept_roll")
    assert g.s["life"] == 2  # face 4: lose 1 instead of 3


def answer_windows(g) -> None:
    """Roll, accept and take the first choice until the next step (a scripted player)."""
    while not g.is_over and moment(g) is not None:
        kind = moment(g)
        if kind == "trap":
            act(g, "roll")
        elif kind == "after_roll":
            act(g, "accept_roll")
        else:
            g.apply(g.legal_actions(0)[0])


def test_the_dice_do_not_depend_on_the_path():
    """A card's first roll is the same whether other rolls came before it or not."""
    a = with_roll(SPIKE_PIT, [2], [SPIKE_PIT], [SPINNING_FLOOR], [])
    b = game([SPIKE_PIT], [SPINNING_FLOOR], [], seed=a.s["seed"])
    step(a, 0)
    answer_windows(a)
    step(b, 1)  # b meets the Spinning Floor first
    answer_windows(b)
    step(b, 0)
    answer_windows(b)
    faces = [
        [e["face"] for e in g.s["log"] if e["type"] == "roll" and e["card"] == SPIKE_PIT]
        for g in (a, b)
    ]
    assert faces == [[2], [2]]


# --- collectibles and useables -----------------------------------------------------
def test_a_collectible_keeps_a_lasting_effect_and_a_potion_acts_once():
    g = game([ANCESTORS_MASK, HEALING_POTION], [], [])
    step(g, 0)
    assert g.s["max_life"] == 4 and g.s["life"] == 3
    step(g, 0)
    assert {"type": "use", "player": 0, "card": HEALING_POTION} in g.legal_actions(0)
    act(g, "use", card=HEALING_POTION)
    assert g.s["life"] == 4 and HEALING_POTION in g.s["discard"]


def test_an_alternative_lasting_effect_with_three_masks():
    g = game([ANCESTORS_MASK, WARRIORS_MASK, OWL_MASK], [], [])
    for _ in range(3):
        step(g, 0)
    assert g.s["max_life"] == 3 + 2


def test_discarding_a_collectible_ends_its_lasting_effect():
    armoured_knight = "AG-020"
    g = game([ANCESTORS_MASK, armoured_knight], [], [])
    step(g, 0)
    g.s["life"] = 4
    step(g, 0)
    act(g, "fight", option=1)  # the Armoured Knight takes a mask
    assert g.s["max_life"] == 3 and g.s["life"] == 3
    assert armoured_knight in g.s["discard"]


def test_a_use_when_facing_an_enemy_is_not_offered_between_steps():
    g = game([PITCH_TORCH, SKELETON], [], [])
    step(g, 0)
    assert {"type": "use", "player": 0, "card": PITCH_TORCH} not in g.legal_actions(0)
    step(g, 0)
    assert {"type": "use", "player": 0, "card": PITCH_TORCH} in g.legal_actions(0)


# --- chests ----------------------------------------------------------------------
def test_a_chest_opens_without_a_roll_at_its_level():
    g = game([BATTERED_CHEST], [], [])
    g.s["life"] = 2
    step(g, 0)
    assert types(g) == {"open_chest", "roll", "use"}
    events = act(g, "open_chest")
    assert "roll" not in event_types(events) and g.s["life"] == 3


def test_below_its_level_a_chest_can_only_be_rolled_for():
    g = with_roll(IRON_CHEST, [5], [IRON_CHEST], [], [])
    turn_down(g, *SPELLS)
    step(g, 0)  # no open at level 1, nothing to use: rolling is the one way, still asked
    assert g.legal_actions(0) == [{"type": "roll", "player": 0}]
    act(g, "roll")
    act(g, "accept_roll")
    assert moment(g) == "gain_mana"  # face 5: 2 mana, which two of the four is a choice
    act(g, "choose", cards=[HOLY_LIGHT, LIGHTNING])
    assert IRON_CHEST in g.s["discard"] and spells_up(g) == [HOLY_LIGHT, LIGHTNING]


def test_guardians_mask_counts_one_level_higher_for_chests():
    g = game([IRON_CHEST], [], [], endings=[GATE, HALL_OF_KEYS, ALTAR])
    step(g, 0)
    assert "open_chest" not in types(g)  # level 1, the chest asks for 2
    g = game([IRON_CHEST], [], [], endings=[GATE, HALL_OF_KEYS, ALTAR])
    give(g, GUARDIANS_MASK)
    step(g, 0)
    assert "open_chest" in types(g)


def test_chest_roll_bonus_from_the_owl_mask():
    g = with_roll(MAGISTERS_CHEST, [5], [OWL_MASK, MAGISTERS_CHEST], [], [])
    turn_down(g, LIGHTNING)
    step(g, 0)
    step(g, 0)
    events = act(g, "roll")
    assert next(e for e in events if e["type"] == "roll")["result"] == 6
    act(g, "accept_roll")  # 6: a level up
    assert g.s["level"] == 2


# --- curses ----------------------------------------------------------------------
def test_curse_of_darkness_takes_a_mana_and_stops_the_reveal_until_a_torch():
    g = game([DARKNESS, HEALING_POTION, TORCH], [ROPE, ELIXIR], [MANA_POTION])
    step(g, 0)
    assert moment(g) == "lose_mana"
    act(g, "choose", cards=[FIREBALL])
    step(g, 1)  # no reveal phase with the curse: pile 0 stays face down
    assert g.view(0)["piles"][0]["face_up"] is False
    assert "discard_curse" not in types(g)
    step(g, 0)
    step(g, 0)  # the torch
    assert {"type": "discard_curse", "player": 0, "card": DARKNESS} in g.legal_actions(0)
    act(g, "discard_curse", card=DARKNESS)
    assert DARKNESS in g.s["discard"] and not g.s["passive"]["no_reveal"]


def test_a_curse_stays_until_a_level_up_which_may_drop_one():
    g = game([WEAKNESS, LEVEL_UPS[0]], [], [])
    step(g, 0)
    assert g.s["max_life"] == 2 and g.s["life"] == 2  # cut to the new maximum
    assert "discard_curse" not in types(g)
    step(g, 0)
    assert moment(g) == "level_up_curse"
    assert g.legal_actions(0) == [
        {"type": "choose", "player": 0, "cards": [WEAKNESS]},
        {"type": "choose", "player": 0, "cards": []},
    ]
    act(g, "choose", cards=[WEAKNESS])
    # the curse went first, then the refill to the new maximum (DECISIONS, Arcane Guardian 5)
    assert g.s["level"] == 2 and g.s["max_life"] == 4 and g.s["life"] == 4


def test_a_level_up_at_the_top_level_only_refills_and_drops_no_curse():
    """DECISIONS, Arcane Guardian 5: "at level 4 it only refills": life to the maximum and
    every spell upright; no curse is offered (the curse stays, and so does its −1)."""
    g = game([WEAKNESS, *LEVEL_UPS], [], [])
    step(g, 0)  # the Curse of Weakness
    for _ in range(3):
        step(g, 0)
        act(g, "choose", cards=[])  # keep the curse
    assert (g.s["level"], g.s["max_life"]) == (4, 5) and WEAKNESS in g.s["held"]
    g.s["life"] = 2
    turn_down(g, FIREBALL, LIGHTNING)
    events = step(g, 0)  # a fourth level up, at the top level
    assert moment(g) is None and "choose" not in types(g)
    assert (g.s["level"], g.s["life"], g.s["max_life"]) == (4, 5, 5)
    assert WEAKNESS in g.s["held"] and WEAKNESS not in g.s["discard"]
    assert spells_up(g) == SPELLS
    assert ("level_up", 4) in [(e["type"], e.get("level")) for e in events]


def test_blood_curse_can_be_discarded_by_paying_two_life():
    g = game([BLOOD_CURSE], [], [])
    step(g, 0)
    act(g, "discard_curse", card=BLOOD_CURSE)
    assert g.s["life"] == 1 and BLOOD_CURSE in g.s["discard"]
    assert g.s["passive"]["enemy_damage"] == 0


def test_curse_of_masks_turns_good_with_two_masks():
    g = game([CURSE_OF_MASKS, WARRIORS_MASK, OWL_MASK], [], [])
    step(g, 0)
    assert g.s["max_life"] == 2
    step(g, 0)
    step(g, 0)
    assert g.s["max_life"] == 4


# --- levels and life ---------------------------------------------------------------
def test_a_level_up_refills_life_to_the_new_maximum_and_turns_every_spell_upright():
    g = game([FIRE_ELEMENTAL, LEVEL_UPS[0]], [], [])
    step(g, 0)
    act(g, "cast", spells=[FROSTBALL])
    g.s["life"] = 1
    step(g, 0)
    assert (g.s["level"], g.s["life"], g.s["max_life"]) == (2, 4, 4)
    assert spells_up(g) == SPELLS


def test_the_life_table_and_the_top_level_which_only_refills():
    g = game(LEVEL_UPS, [], [])
    maxima = []
    for _ in range(4):
        g.s["life"] = 1
        step(g, 0)
        maxima.append((g.s["level"], g.s["life"]))
    assert maxima == [(2, 4), (3, 5), (4, 6), (4, 6)]


def test_life_never_goes_above_six():
    g = game([ANCESTORS_MASK, WARRIORS_MASK, OWL_MASK, HEALING_POTION], [], [])
    g.s["level"] = 4
    for _ in range(4):
        step(g, 0)
    assert g.s["max_life"] == 6  # 6 for level 4, +2 from the Mask of the Ancestors: still 6
    act(g, "use", card=HOLY_LIGHT)
    assert g.s["life"] == 5
    act(g, "use", card=HEALING_POTION)
    assert g.s["life"] == 6


def test_a_level_down_cuts_life_and_does_nothing_at_level_1():
    g = game([LEVEL_UPS[0], LEVEL_DOWNS[0], LEVEL_DOWNS[1]], [], [])
    step(g, 0)
    step(g, 0)
    assert (g.s["level"], g.s["life"]) == (1, 3)
    events = step(g, 0)
    assert (g.s["level"], g.s["life"]) == (1, 3) and "level" not in event_types(events)


def test_rune_of_forgetting_costs_a_level_on_a_one():
    g = with_roll(RUNE_OF_FORGETTING, [1], [LEVEL_UPS[0], RUNE_OF_FORGETTING], [], [])
    step(g, 0)
    assert (g.s["level"], g.s["life"]) == (2, 4)
    step(g, 0)
    act(g, "roll")
    act(g, "accept_roll")
    assert (g.s["level"], g.s["life"]) == (1, 3)


# --- spells and useables at any moment, life below 1 ---------------------------------
def test_holy_light_can_be_used_between_steps():
    g = game([ROPE], [], [])
    g.s["life"] = 1
    act(g, "use", card=HOLY_LIGHT)
    assert g.s["life"] == 3 and g.s["spells"][HOLY_LIGHT] is False


def test_surviving_at_zero_life_with_a_spell():
    g = game([MINOTAUR, ROPE], [], [])
    step(g, 0)
    act(g, "fight", option=0)  # lose 3: life 0
    assert g.s["life"] == 0 and moment(g) == "dying" and not g.is_over
    assert g.legal_actions(0) == [  # any spell or item usable at any moment, nothing else
        {"type": "use", "player": 0, "card": FIREBALL},
        {"type": "use", "player": 0, "card": HOLY_LIGHT},
    ]
    act(g, "use", card=HOLY_LIGHT)
    assert g.s["life"] == 2 and moment(g) is None and not g.is_over
    assert MINOTAUR in g.s["discard"]


def test_a_mana_potion_can_bring_back_the_healing_spell_at_zero_life():
    g = game([MANA_POTION, MINOTAUR], [], [])
    step(g, 0)
    turn_down(g, FROSTBALL, FIREBALL, HOLY_LIGHT)
    step(g, 0)
    act(g, "fight", option=0)
    assert moment(g) == "dying"
    act(g, "use", card=MANA_POTION)  # two of the three sideways spells come up
    assert moment(g) == "gain_mana"
    act(g, "choose", cards=[FROSTBALL, HOLY_LIGHT])
    assert moment(g) == "dying"
    act(g, "use", card=HOLY_LIGHT)
    assert g.s["life"] == 2 and not g.is_over


def test_below_one_life_with_nothing_to_heal_the_game_is_lost():
    g = game([MINOTAUR], [], [])
    turn_down(g, HOLY_LIGHT)
    step(g, 0)
    act(g, "fight", option=0)
    assert g.is_over and g.result == {
        "winners": [],
        "reason": "died",
        "steps": 1,
        "level": 1,
        "life": 0,
    }
    assert g.legal_actions(0) == []


# --- endings ---------------------------------------------------------------------
def test_an_ending_that_gives_the_key_acts_when_revealed_and_stops_its_pile():
    g = game([ROPE], [ELIXIR], [TORCH])  # endings: Gate, Hall of Keys, Guardian's Mask
    step(g, 1)
    events = step(g, 1)  # the face-down Hall of Keys: revealed and acted on at once
    assert event_types(events)[:4] == ["step", "reveal", "ending", "key"]
    assert g.s["key"] is True
    pile = g.view(0)["piles"][1]
    assert pile["stopped"] and not pile["choosable"] and pile["count"] == 5
    assert all(a.get("pile") != 1 for a in g.legal_actions(0))


def test_the_gate_without_the_key_stops_its_pile_and_opens_with_the_key():
    g = game([ROPE], [ELIXIR], [TORCH])
    step(g, 0)
    events = step(g, 0)  # the Dungeon Gate, no Key yet
    assert "pile_stopped" in event_types(events) and not g.is_over
    assert not g.view(0)["piles"][0]["choosable"]
    with pytest.raises(IllegalAction) as exc:
        step(g, 0)
    assert exc.value.code == "pile_closed"
    step(g, 1)
    step(g, 1)  # Hall of Keys
    assert g.view(0)["piles"][0]["choosable"]
    step(g, 0)
    assert g.is_over and g.result["winners"] == [0] and g.result["reason"] == "escaped"


def test_the_gate_revealed_while_holding_the_key_wins_at_once():
    g = game([ELIXIR], [ROPE], [TORCH])
    step(g, 1)
    step(g, 1)  # the Key from Hall of Keys; pile 0's top (Elixir) is face up
    step(g, 0)  # the Elixir; the gate below stays face down (the used pile)
    assert not g.is_over
    step(g, 0)  # the Gate is revealed with the Key in hand
    assert g.is_over and g.result["winners"] == [0]


def test_a_collectible_ending_is_taken_and_its_pile_goes_on():
    g = game([ROPE], [ELIXIR], [TORCH])
    step(g, 2)
    events = step(g, 2)  # Guardian's Mask
    assert ("take", GUARDIANS_MASK) in [(e["type"], e.get("card")) for e in events]
    assert GUARDIANS_MASK in g.s["held"] and g.s["max_life"] == 4
    pile = g.view(0)["piles"][2]
    assert pile["choosable"] and not pile["stopped"] and pile["count"] == 4
    step(g, 2)  # the cards under it are played as usual
    assert g.s["piles"][2] and len(g.s["piles"][2]) == 3


def test_an_ending_with_a_condition_waits_until_it_holds():
    g = game([ROPE, SMOKE_BOMB], LEVEL_UPS[:2], [TORCH], endings=[ALTAR, GATE, HALL_OF_KEYS])
    step(g, 0)
    step(g, 0)
    step(g, 0)  # the Altar at level 1: it waits
    assert not g.s["key"] and not g.view(0)["piles"][0]["choosable"]
    step(g, 1)
    step(g, 1)  # level 3 now
    assert g.view(0)["piles"][0]["choosable"]
    step(g, 0)
    assert g.s["key"] and g.s["piles"][0][-1] == ALTAR  # it stays in place


def test_the_arcane_guardian_gives_the_key_for_three_mana_or_three_life():
    """Revealed with 4 mana, both costs can be paid: the interaction is forced (DECISIONS,
    Arcane Guardian 6), the player picks the cost."""
    g = game([ROPE], [ELIXIR], [TORCH], endings=[ARCANE_GUARDIAN, GATE, HALL_OF_KEYS])
    step(g, 0)
    step(g, 0)
    assert not g.s["key"] and moment(g) == "ending"
    assert [a for a in g.legal_actions(0) if a["type"] != "use"] == [
        {"type": "pay", "player": 0, "cost": 0},
        {"type": "pay", "player": 0, "cost": 1},
    ]
    act(g, "pay", cost=0)
    assert moment(g) == "lose_mana"
    act(g, "choose", cards=[FROSTBALL, FIREBALL, LIGHTNING])
    assert g.s["key"] and spells_up(g) == [HOLY_LIGHT]
    assert not g.view(0)["piles"][0]["choosable"]  # nothing more to gain there


def test_the_ancient_portal_needs_four_mana():
    g = game([FIRE_ELEMENTAL], [ELIXIR], [TORCH], endings=[PORTAL, GATE, HALL_OF_KEYS])
    step(g, 0)
    act(g, "cast", spells=[FROSTBALL])
    step(g, 0)  # the Portal: 3 mana is not enough
    assert not g.view(0)["piles"][0]["choosable"]
    step(g, 1)  # the Elixir
    act(g, "use", card=ELIXIR)
    assert g.view(0)["piles"][0]["choosable"]
    step(g, 0, cost=0)
    assert g.result["winners"] == [0]


def test_hall_of_mirrors_and_the_secret_tunnel_ask_for_cards_held():
    g = game(
        [WARRIORS_MASK, OWL_MASK],
        [TORCH, BLUEFIRE_TORCH],
        [ROPE],
        endings=[HALL_OF_MIRRORS, TUNNEL, GATE],
    )
    step(g, 0)
    step(g, 0)
    step(g, 0)  # two masks held when it is revealed: the Key at once
    assert g.s["key"]
    step(g, 1)
    assert not g.is_over
    step(g, 1)  # the Bluefire Torch also reveals its own pile: the Tunnel, with two torches
    assert g.result["winners"] == [0]


def test_when_no_step_is_left_the_game_is_lost():
    g = game([ROPE], [ELIXIR], [TORCH], endings=[GATE, ALTAR, TUNNEL])
    for pile in (0, 0, 1, 1, 2):
        step(g, pile)
    step(g, 2)  # the last open pile stops at the Secret Tunnel: one torch is not two
    assert g.is_over and g.result["reason"] == "trapped" and g.result["winners"] == []


def stopped_everywhere(*, waste_fireball: bool):
    """Every pile ends in an ending that cannot be acted on; a Mana Potion and 2 mana are left."""
    g = game([FIRE_ELEMENTAL], [MANA_POTION], [SKELETON], endings=[PORTAL, GATE, ALTAR])
    step(g, 1)
    step(g, 1)  # the Gate, no Key
    step(g, 0)
    act(g, "cast", spells=[FROSTBALL])
    step(g, 0)  # the Portal asks for 4 mana: 3
    step(g, 2)
    if waste_fireball:
        act(g, "use", card=FIREBALL)
    act(g, "cast", spells=[HOLY_LIGHT])
    step(g, 2)  # the Altar asks for level 3
    return g


def test_a_potion_that_could_open_a_step_keeps_the_game_going():
    g = stopped_everywhere(waste_fireball=False)
    assert not g.is_over
    assert not any(p["choosable"] for p in g.view(0)["piles"])
    assert types(g) == {"use"}
    act(g, "use", card=MANA_POTION)  # 2 + 2 mana: the Portal can be paid
    assert g.view(0)["piles"][0]["choosable"]
    step(g, 0, cost=0)
    assert g.result["winners"] == [0]


def test_when_nothing_can_open_a_step_the_game_is_lost():
    g = stopped_everywhere(waste_fireball=True)  # 1 + 2 mana would not reach the Portal's 4
    assert g.is_over and g.result["reason"] == "trapped"


# --- illegal actions -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "roll", "player": 0}, "wrong_moment"),
        ({"type": "fly", "player": 0}, "unknown_action"),
        ({"type": "choose_pile", "player": 1, "pile": 0}, "bad_player"),
        ({"type": "choose_pile", "player": True, "pile": 0}, "bad_player"),
        ({"type": "choose_pile", "player": 0, "pile": 7}, "no_such_pile"),
        ({"type": "choose_pile", "player": 0, "pile": 0, "extra": 1}, "bad_action"),
        ({"type": "use", "player": 0, "card": PITCH_TORCH}, "not_usable"),
        ("nonsense", "bad_action"),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(action, code):
    g = game([ROPE], [ELIXIR], [TORCH])
    before = g.to_dict()
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert exc.value.code == code and exc.value.message
    assert g.to_dict() == before


def test_nothing_is_accepted_after_the_game_ends():
    g = game([MINOTAUR], [], [])
    turn_down(g, HOLY_LIGHT)
    step(g, 0)
    act(g, "fight", option=0)
    with pytest.raises(IllegalAction) as exc:
        step(g, 1)
    assert exc.value.code == "game_over"


def test_the_view_says_what_the_held_uses_could_heal():
    g = game([HEALING_POTION, ELIXIR], [], [])
    turn_down(g, *SPELLS)  # no upright spell heals now
    assert g.view(0)["mage"]["healing"] == {"level_up": False, "life": 0}
    step(g, 0)  # the potion taken: it heals at any moment
    assert g.view(0)["mage"]["healing"]["life"] > 0


def test_the_view_lists_the_casts_an_enemy_accepts_as_the_legal_actions_do():
    g = game([MINOTAUR, ROPE], [], [])
    # four upright spells: any two, or alone the one that defeats the Minotaur
    assert len(g.view(0)["piles"][0]["casts"]) == 7
    step(g, 0)
    casts = [a["spells"] for a in g.legal_actions(0) if a["type"] == "cast"]
    assert g.view(0)["facing"]["casts"] == casts and len(casts) == 7
    turn_down(g, *[code for code in SPELLS if [code] not in casts][:2])
    assert g.view(0)["facing"]["casts"] == [
        a["spells"] for a in g.legal_actions(0) if a["type"] == "cast"
    ]
    assert len(g.view(0)["facing"]["casts"]) == 2  # the defeater alone, or with the other


def test_the_view_says_what_each_die_face_comes_to_and_whether_a_chest_opens():
    """Readers (table, terminal game, bots) read the lasting modifiers' effect from the view."""
    g = with_roll(SPINNING_FLOOR, [6], [MISFORTUNE, SPINNING_FLOOR], [], [])
    turn_down(g, *SPELLS)
    assert g.view(0)["piles"][0].get("results") is None  # a curse on top: no die
    step(g, 0)  # Misfortune: every trap roll one lower
    step(g, 0)
    assert g.view(0)["facing"]["results"] == [1, 1, 2, 3, 4, 5]
    g = with_roll(MAGISTERS_CHEST, [5], [OWL_MASK, MAGISTERS_CHEST], [], [])
    turn_down(g, LIGHTNING)
    step(g, 0)  # the Owl Mask: chest rolls one higher
    step(g, 0)
    assert g.view(0)["facing"]["results"] == [2, 3, 4, 5, 6, 6]
    g = game([IRON_CHEST], [], [], endings=[GATE, HALL_OF_KEYS, ALTAR])
    assert g.view(0)["piles"][0]["opens"] is False  # level 1, the chest asks for 2
    give(g, GUARDIANS_MASK)  # chests count one level higher
    assert g.view(0)["piles"][0]["opens"] is True


def test_the_view_lists_the_uses_that_would_cancel_an_enemy_or_a_trap_as_the_moment_allows():
    """Bots read `cancels` from the view; it names what `use` would be legal and cancel."""
    g = game([ROPE, COLLAPSING_CEILING], [SMOKE_BOMB, CHEST_MIMIC], [SPIKE_PIT])
    # Frostball cancels a trap; nothing held yet
    assert g.view(0)["piles"][2]["cancels"] == [FROSTBALL]
    step(g, 0)  # the Rope: held, it cancels a trap too
    assert g.view(0)["piles"][2]["cancels"] == [FROSTBALL, ROPE]
    turn_down(g, FROSTBALL)
    assert g.view(0)["piles"][2]["cancels"] == [ROPE]  # a sideways spell cannot be used
    step(g, 0)
    facing = g.view(0)["facing"]
    cancelling = {
        a["card"]
        for a in g.legal_actions(0)
        if a["type"] == "use" and "cancel" in dict(g.s["cards"][a["card"]]["use"]["steps"])
    }
    assert set(facing["cancels"]) == cancelling == {ROPE}
    act(g, "roll")  # past the moment of meeting it: the Rope is still held, but too late
    assert moment(g) == "after_roll" and ROPE in g.s["held"]
    assert g.view(0)["facing"]["cancels"] == []
    assert "cancels" not in game([SMOKE_BOMB], [], []).view(0)["piles"][0]  # an item: no fight


def test_the_view_says_what_each_held_card_counts_as_and_pays_a_discard_of():
    g = game([TORCH, HEALING_POTION], [], [])
    step(g, 0)
    step(g, 0)
    cards = g.view(0)["cards"]
    assert cards[TORCH]["counts_as"] == g.s["cards"][TORCH]["kinds_has"]
    assert "item" in cards[TORCH]["discards_as"] and "item" in cards[HEALING_POTION]["discards_as"]
    assert cards[GATE]["discards_as"] == []  # an ending is never discarded


def test_the_mages_numbers_after_a_step_stop_where_the_rules_say():
    from play.engines.arcane_guardian import mage

    assert mage.life_after_loss(2, 5) == 0
    assert mage.level_after_loss(2, 3) == 1
    assert mage.life_after_healing(2, 4, 5) == 4
    assert mage.life_after_healing(5, 4, 1) == 5  # above the maximum: healing does not cut
    assert mage.taken(3, 1) == 1
