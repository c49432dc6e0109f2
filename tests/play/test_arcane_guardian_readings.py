"""Arcane Guardian readings corrected in issue #21, each as the rulebook's situation.

One test per reading, named after the rule; its docstring quotes the
rulebook section (Hungarian) it follows. DECISIONS.md, Arcane Guardian 1, 3,
4, 5 and 6 give our reading; docs/rules/arcane_guardian.md says it in our
words. The last sections follow the revised DECISIONS: a use before the
reveal phase (3) and endings with a cost acted on when revealed (6).
"""

from __future__ import annotations

import io

from play import cli_arcane_guardian as cli
from play.bots.arcane_guardian_greedy import CURSE_COST, ArcaneGuardianGreedyBot, Table
from play.bots.base import bot_rng, decide
from tests.play.page_scripts import needs_node
from tests.play.test_arcane_guardian_rules import (
    ALTAR,
    ELIXIR,
    FIRE_ELEMENTAL,
    FIREBALL,
    FROSTBALL,
    GATE,
    HALL_OF_KEYS,
    HALL_OF_MIRRORS,
    HEALING_POTION,
    HOLY_LIGHT,
    LEVEL_UPS,
    LIGHTNING,
    MINOTAUR,
    PORTAL,
    ROPE,
    SPELLS,
    SPIKE_PIT,
    TORCH,
    WEAKNESS,
    act,
    game,
    moment,
    spells_up,
    step,
    turn_down,
    with_roll,
)


def fights(g) -> list[int]:
    return [a["option"] for a in g.legal_actions(0) if a["type"] == "fight"]


# --- 1. paying mana you only partly have; one option left is still shown ----------------
def test_mana_below_zero_is_lost_so_a_mana_option_takes_what_there_is():
    """Varázslat és Mana: „A játékosnak nem lehet 4-nél több, és 0-nál kevesebb Manája
    […] Az e fölötti vagy alatti értékek mindig elvesznek.”

    1 mana, 3 life, a Fire Elemental ("lose 3 life or lose 2 mana"): the mana
    option is offered and takes the one upright spell; the player lives.
    """
    g = game([FIRE_ELEMENTAL], [], [])
    turn_down(g, FROSTBALL, FIREBALL, HOLY_LIGHT)  # Lightning alone stands: 1 mana
    step(g, 0)
    assert moment(g) == "enemy" and fights(g) == [0, 1]
    assert g.view(0)["facing"]["offers"] == [0, 1]
    assert g.view(0)["facing"]["casts"] == []  # one spell upright, not the one that defeats it
    act(g, "fight", option=1)
    assert spells_up(g) == [] and g.s["life"] == 3 and not g.is_over
    assert FIRE_ELEMENTAL in g.s["discard"]


def test_with_no_mana_a_mana_option_is_not_offered_and_the_last_option_is_confirmed():
    """Ellenség: „A játékos választ a lapokon szereplő opciók közül egyet […]”

    With 0 mana the Minotaur's "1 life and 2 mana" is not offered; "3 life" is
    the one option left, and the player is still shown it and confirms it.
    """
    g = game([MINOTAUR, ROPE], [], [])
    turn_down(g, *SPELLS)
    step(g, 0)
    assert moment(g) == "enemy"
    assert g.legal_actions(0) == [{"type": "fight", "player": 0, "option": 0}]
    assert g.view(0)["facing"]["offers"] == [0]
    assert g.s["life"] == 3  # nothing is taken before the player confirms
    act(g, "fight", option=0)
    assert g.is_over and g.result["reason"] == "died"


def test_a_trap_with_nothing_to_use_is_still_shown_in_the_terminal_and_to_bots():
    """Csapda: „A Csapdákkal való interakció során a játékosnak dobnia kell egy kockával,
    majd a dobás értékének megfelelően kell cselekednie.”

    The roll and the row are the player's confirmed moves, also when nothing
    else is left: the terminal lists the one action, a bot is asked for it.
    """
    g = with_roll(SPIKE_PIT, [1], [SPIKE_PIT], [], [])
    turn_down(g, *SPELLS)
    step(g, 0)
    assert g.legal_actions(0) == [{"type": "roll", "player": 0}]
    from play import cli_loop  # the terminal games' shared loop

    out = io.StringIO()
    cli_loop.play(cli, g, {}, io.StringIO("1\nq\n"), out, "en")
    text = out.getvalue()
    assert "1) Roll the die" in text and "1) Keep the roll (1)" in text
    assert moment(g) == "after_roll"
    asked = []

    class Asked(ArcaneGuardianGreedyBot):
        def choose(self, view, legal, rng):
            asked.append(legal)
            return super().choose(view, legal, rng)

    bot = Asked(0)
    decided = decide(g, 0, bot, bot_rng(0, 0, bot))
    assert asked == [[{"type": "accept_roll", "player": 0}]] and decided == asked[0][0]


# --- 6. life never goes below 0 ----------------------------------------------------------
def test_life_on_the_die_stops_at_zero_and_healing_counts_from_zero():
    """Mágus és Élet: „ezen a lapon jelzi a játékos az Életét és a szintjét egy dobókocka
    segítségével” — a die shows no less than 0.

    At 1 life the Minotaur's 3 damage leaves 0 (not −2); Holy Light's +2 then
    brings 2, and the terminal shows "Life 0/3", never a negative number.
    """
    g = game([MINOTAUR, ROPE], [], [])
    g.s["life"] = 1
    turn_down(g, FROSTBALL, LIGHTNING)
    step(g, 0)
    events = act(g, "fight", option=0)
    assert g.s["life"] == 0 and moment(g) == "dying"
    assert [e["delta"] for e in events if e["type"] == "life"] == [-1]
    assert "life 0/3" in cli.format_view(g.view(0), "en")
    assert "Élet 0/3" in cli.format_view(g.view(0), "hu")
    act(g, "use", card=HOLY_LIGHT)
    assert g.s["life"] == 2 and not g.is_over


# --- 8. a level up: the curse goes first, then life to the new maximum --------------------
def test_a_level_up_drops_the_curse_first_then_sets_life_to_the_new_maximum():
    """Szintlépés: „a játékos azonnal eggyel feljebb húzza a kockáját […], majd az új
    szintjének megfelelő maximum Életre állítja a kockáját.” and „Szintlépéskor a játékos
    eldobhat egy szabadon választott Átkot”.

    Dropping the Curse of Weakness (maximum −1) during the level up ends with
    full life at the new maximum: 4 of 4, every spell upright.
    """
    g = game([WEAKNESS, FIRE_ELEMENTAL, LEVEL_UPS[0]], [], [])
    step(g, 0)
    step(g, 0)
    act(g, "cast", spells=[FROSTBALL])
    assert (g.s["life"], g.s["max_life"]) == (2, 2)
    step(g, 0)
    assert moment(g) == "level_up_curse"
    act(g, "choose", cards=[WEAKNESS])
    assert (g.s["level"], g.s["life"], g.s["max_life"]) == (2, 4, 4)
    assert spells_up(g) == SPELLS


# --- why a pile cannot be picked: closed by its ending ------------------------------------
def test_a_pile_closed_by_its_ending_says_why_it_cannot_be_picked():
    """Interakció: „Olyan paklit választhat csak, aminek a tetején […] nem egy Véglap van
    felül. Ez alól kivétel, ha olyan Véglap található ott, amivel interakcióba tud lépni.”

    The view says why each stopped pile cannot be chosen; the terminal says it.
    """
    g = game([ROPE], [TORCH], [ELIXIR], endings=[GATE, ALTAR, HALL_OF_MIRRORS])
    for pile in (0, 1, 2):
        step(g, pile)
        step(g, pile)  # the ending: revealed by the step, it stops the pile
    closed = [p["closed"] for p in g.view(0)["piles"]]
    assert closed == [
        {"why": "needs_key"},
        {"why": "needs_level", "level": 3},
        {"why": "needs_cards", "kind": "mask", "n": 2},
    ]
    assert [p["choosable"] for p in g.view(0)["piles"]] == [False, False, False]
    text = cli.format_view(g.view(0), "en")
    assert "not yet: it needs the Key" in text and "not yet: it needs level 3" in text
    assert "it needs 2 cards of this kind in your hand: mask" in text
    assert "még nem léphetsz rá: a Kulcs kell hozzá" in cli.format_view(g.view(0), "hu")


def test_a_key_ending_already_used_and_an_unpayable_cost_say_why():
    """Vég: „A Kulcsot adó Véglapok az azokkal történő sikeres interakció után is a helyükön
    maradnak.”

    The Hall of Keys stays, but with the Key held it has nothing to give; the
    Ancient Portal waits for four mana; an empty pile is empty.
    """
    g = game([ROPE], [TORCH], [], endings=[HALL_OF_KEYS, PORTAL, GATE])
    step(g, 0)
    step(g, 0)  # the Hall of Keys gives the Key at once and stays
    turn_down(g, FROSTBALL)
    step(g, 1)
    step(g, 1)  # the Portal, with 3 mana
    piles = g.view(0)["piles"]
    assert piles[0]["closed"] == {"why": "key_held"}
    assert piles[1]["closed"] == {"why": "cost"}
    assert piles[2]["closed"] is None  # face down: it can be chosen
    g.s["piles"][2] = []
    g.forget_legal_actions()
    assert g.view(0)["piles"][2]["closed"] == {"why": "empty"}
    text = cli.format_view(g.view(0), "en")
    assert "it gives the Key, and you hold it already" in text
    assert "you cannot pay any of its costs" in text


@needs_node
def test_the_table_says_why_a_pile_closed_by_its_ending_cannot_be_picked():
    """Vég: „A Véglapok felfedésével véget ér az adott pakli” — the table says why it waits."""
    from tests.play.test_arcane_guardian_table_js import run_pure, state_message

    g = game([ROPE], [TORCH], [ELIXIR, HEALING_POTION], endings=[GATE, ALTAR, HALL_OF_MIRRORS])
    for pile in (0, 1):
        while not g.view(0)["piles"][pile]["stopped"]:
            step(g, pile)
    assert not g.is_over  # pile 2 goes on
    msg = state_message(g, 0)
    notes = {}
    for lang in ("en", "hu"):
        [[frame]] = run_pure([{"messages": [msg], "lang": lang, "catalog": {}}])
        notes[lang] = [" ".join(p["texts"]) for p in frame["piles"]]
    assert "Not yet: it needs the Key." in notes["en"][0]
    assert "Not yet: it needs level 3." in notes["en"][1]
    assert "Még nem: a Kulcs kell hozzá." in notes["hu"][0]
    assert "Még nem: 3. szint kell hozzá." in notes["hu"][1]


# --- the engine says which curses may go for free; the greedy bot reads that -------------
def test_the_view_names_a_curse_whose_own_text_now_lets_it_go():
    """Átkok: the Curse of Darkness may be dropped once a torch is held. The view says so
    (`curses_lifted`), so the bots weigh the free discard without checking the condition
    themselves, and it lists nothing before the torch is there."""
    from tests.play.test_arcane_guardian_rules import DARKNESS, MANA_POTION

    g = game([DARKNESS, HEALING_POTION, TORCH], [ROPE, ELIXIR], [MANA_POTION])
    step(g, 0)
    act(g, "choose", cards=[FIREBALL])
    bot = ArcaneGuardianGreedyBot()
    assert g.view(0)["curses_lifted"] == []
    assert bot.curse_discard_cost(Table(g.view(0), bot.cards), DARKNESS) != -CURSE_COST
    step(g, 1)
    step(g, 0)
    step(g, 0)  # the torch
    assert g.view(0)["curses_lifted"] == [DARKNESS]
    assert bot.curse_discard_cost(Table(g.view(0), bot.cards), DARKNESS) == -CURSE_COST


# --- DECISIONS 3: a use before the reveal phase, when it matters -------------------------
def face_up(g) -> list[bool]:
    return [p["face_up"] for p in g.view(0)["piles"]]


def test_a_mana_potion_just_taken_at_zero_mana_may_be_drunk_before_the_reveal_phase():
    """Varázslat és Mana: „A játékos bármikor szabadon felhasználhatja […]”; Egy lépés, II:
    „Ha a játékosnak 1-nél kevesebb Manája van […] nem fedhet fel lapokat!”

    At 0 mana the player takes a Mana Potion: before the reveal phase the step
    stops, so the potion can be drunk first and the other pile turns face up.
    """
    from tests.play.test_arcane_guardian_rules import LUCKY_STONE, MANA_POTION, SMOKE_BOMB

    g = game([MANA_POTION], [ROPE, SMOKE_BOMB], [LUCKY_STONE])
    turn_down(g, *SPELLS)
    step(g, 1)  # the Rope at 0 mana: nothing held could change the reveal, no stop
    assert moment(g) is None and face_up(g) == [True, False, True]
    step(g, 0)  # the Mana Potion
    assert moment(g) == "before_reveal"
    assert g.legal_actions(0) == [
        {"type": "end_step", "player": 0},
        {"type": "use", "player": 0, "card": MANA_POTION},
    ]
    assert face_up(g) == [False, False, True]
    act(g, "use", card=MANA_POTION)  # both sideways... four: which two turn upright
    act(g, "choose", cards=[FROSTBALL, HOLY_LIGHT])
    assert moment(g) is None and face_up(g) == [False, True, True]  # pile 1: the Smoke Bomb
    assert g.s["piles"][1][-1] == SMOKE_BOMB


def test_ending_the_step_without_the_potion_leaves_the_pile_face_down():
    """The player may also go on without using anything: the reveal phase, at 0 mana,
    turns up nothing; and at 1 mana or more the step never stops there."""
    from tests.play.test_arcane_guardian_rules import LUCKY_STONE, MANA_POTION, SMOKE_BOMB

    g = game([MANA_POTION], [ROPE, SMOKE_BOMB], [LUCKY_STONE])
    turn_down(g, *SPELLS)
    step(g, 1)
    step(g, 0)
    act(g, "end_step")
    assert moment(g) is None and face_up(g) == [False, False, True]
    assert MANA_POTION in g.s["held"]
    g = game([MANA_POTION], [ROPE, SMOKE_BOMB], [LUCKY_STONE])
    turn_down(g, FROSTBALL, FIREBALL, HOLY_LIGHT)  # 1 mana: the reveal phase runs anyway
    step(g, 1)
    step(g, 0)
    assert moment(g) is None and face_up(g) == [False, True, True]


def test_a_curse_of_darkness_may_go_before_the_reveal_phase_once_a_torch_is_taken():
    """Átkok: the Curse of Darkness stops the reveal phase and may be dropped while a torch
    is held. Taking the torch, the player may drop the curse before this step's reveal."""
    from tests.play.test_arcane_guardian_rules import DARKNESS, LUCKY_STONE

    g = game([DARKNESS, TORCH], [ROPE, ELIXIR], [LUCKY_STONE])
    step(g, 0)  # the curse: −1 mana, no reveal phase
    act(g, "choose", cards=[FIREBALL])
    step(g, 1)  # the Rope: the Elixir under it stays face down (no reveal, nothing to drop)
    assert moment(g) is None and face_up(g) == [False, False, True]
    step(g, 0)  # the torch
    assert moment(g) == "before_reveal"
    assert {"type": "discard_curse", "player": 0, "card": DARKNESS} in g.legal_actions(0)
    act(g, "discard_curse", card=DARKNESS)
    assert moment(g) is None and face_up(g) == [False, True, True]


# --- DECISIONS 6: an ending with a cost is acted on when revealed -------------------------
def test_the_arcane_guardian_revealed_must_be_paid_and_a_potion_may_come_first():
    """Vég: „A Véglapokkal a felfedésükkor kötelező azonnali interakcióba lépni”; DECISIONS,
    Arcane Guardian 6: interaction is forced on reveal.

    Revealed by the reveal phase at 2 mana, only "3 life" can be paid in full,
    so that is the one cost offered; the player may drink a Mana Potion first
    (spells and items at any moment) and pay 3 mana instead.
    """
    from tests.play.test_arcane_guardian_rules import ARCANE_GUARDIAN, MANA_POTION

    g = game([MANA_POTION, ROPE], [TORCH, ELIXIR], [], endings=[ARCANE_GUARDIAN, GATE, ALTAR])
    turn_down(g, FROSTBALL, FIREBALL)  # 2 mana
    step(g, 0)  # the Mana Potion
    step(g, 0)  # the Rope: the Arcane Guardian under it stays face down (the used pile)
    assert moment(g) is None and not g.s["up"][0]
    step(g, 1)  # the torch; the reveal phase turns up the Arcane Guardian
    assert moment(g) == "ending" and g.view(0)["pending"]["card"] == ARCANE_GUARDIAN
    assert [a for a in g.legal_actions(0) if a["type"] == "pay"] == [
        {"type": "pay", "player": 0, "cost": 1}
    ]
    assert {"type": "use", "player": 0, "card": MANA_POTION} in g.legal_actions(0)
    act(g, "use", card=MANA_POTION)  # the two sideways spells stand up again: 4 mana
    assert moment(g) == "ending"
    assert [a["cost"] for a in g.legal_actions(0) if a["type"] == "pay"] == [0, 1]
    act(g, "pay", cost=0)
    act(g, "choose", cards=[FROSTBALL, FIREBALL, LIGHTNING])
    assert g.s["key"] and g.s["life"] == 3 and spells_up(g) == [HOLY_LIGHT]
    assert g.view(0)["piles"][0]["closed"] == {"why": "key_held"}


def test_an_ending_with_a_cost_that_cannot_be_paid_waits_and_one_that_can_acts():
    """Vég: „bármikor újra interakcióba léphet ezekkel a lapokkal, ha tudja teljesíteni az
    azon szereplő feltételeket.” A cost that cannot be paid in full leaves the ending
    waiting, as a condition not met; with 4 mana the Ancient Portal is paid at once."""
    g = game([ROPE], [TORCH], [], endings=[PORTAL, GATE, ALTAR])
    turn_down(g, FROSTBALL)  # 3 mana
    step(g, 0)
    events = step(g, 0)  # the Portal: 3 mana is not 4
    assert moment(g) is None and not g.is_over
    assert ("pile_stopped", PORTAL) in [(e["type"], e.get("card")) for e in events]
    g = game([ROPE], [TORCH], [], endings=[PORTAL, GATE, ALTAR])
    step(g, 0)
    step(g, 0)  # the Portal, with 4 mana: forced, and confirmed
    assert moment(g) == "ending" and [a["type"] for a in g.legal_actions(0)][0] == "pay"
    assert not g.is_over
    act(g, "pay", cost=0)
    assert g.is_over and g.result["winners"] == [0]


def test_a_use_in_the_ending_window_that_leaves_no_cost_payable_lets_the_ending_wait():
    """Using Fireball in the window (3 mana left) leaves the Portal's 4 mana unpayable: the
    ending stops its pile and waits, as any ending that cannot be acted on."""
    g = game([ROPE], [TORCH], [], endings=[PORTAL, GATE, ALTAR])
    step(g, 0)
    step(g, 0)
    act(g, "use", card=FIREBALL)
    assert moment(g) is None and not g.is_over
    assert g.view(0)["piles"][0]["closed"] == {"why": "cost"}


def test_an_ending_with_a_cost_and_nothing_left_to_give_is_not_paid():
    """The Arcane Guardian only gives the Key: revealed while the Key is held, there is
    nothing to act on, so nothing is paid and its pile stops."""
    from tests.play.test_arcane_guardian_rules import ARCANE_GUARDIAN

    g = game([ROPE], [TORCH], [], endings=[HALL_OF_KEYS, ARCANE_GUARDIAN, GATE])
    step(g, 0)
    step(g, 0)  # the Hall of Keys: the Key
    step(g, 1)
    step(g, 1)  # the Arcane Guardian
    assert moment(g) is None and g.s["life"] == 3 and len(spells_up(g)) == 4
    assert g.view(0)["piles"][1]["closed"] == {"why": "key_held"}


def test_the_terminal_and_the_greedy_bot_handle_the_new_moments():
    """The terminal words the forced payment and the stop before the reveal phase; the
    greedy bot drinks the potion before the reveal and pays an ending it meets."""
    from tests.play.test_arcane_guardian_rules import LUCKY_STONE, MANA_POTION, SMOKE_BOMB, layout

    g = game([ROPE], [TORCH], [], endings=[PORTAL, GATE, ALTAR])
    step(g, 0)
    step(g, 0)
    text = cli.format_view(g.view(0), "en")
    assert "Revealed: Ancient Portal. You must act on it now" in text
    assert cli.format_action(g.legal_actions(0)[0], g.view(0), "en").startswith(
        "Pay for Ancient Portal: "
    )
    bot = ArcaneGuardianGreedyBot(0, layout([ROPE], [TORCH], []))  # the fillers too
    assert decide(g, 0, bot, bot_rng(0, 0, bot)) == {"type": "pay", "player": 0, "cost": 0}

    g = game([MANA_POTION], [ROPE, SMOKE_BOMB], [LUCKY_STONE])
    turn_down(g, *SPELLS)
    step(g, 1)
    step(g, 0)
    assert "no card turns face up" in cli.format_view(g.view(0), "en")
    assert "1) End the step without revealing" in cli.format_actions(
        g.legal_actions(0), g.view(0), "en"
    )
    bot = ArcaneGuardianGreedyBot(0, layout([MANA_POTION], [ROPE, SMOKE_BOMB], [LUCKY_STONE]))
    assert decide(g, 0, bot, bot_rng(0, 0, bot)) == {
        "type": "use",
        "player": 0,
        "card": MANA_POTION,
    }


def test_the_greedy_bot_drinks_a_mana_potion_before_paying_the_guardian_in_mana():
    """At 2 mana the Arcane Guardian's only payable cost is 3 life (the whole life of a
    level-1 mage); a Mana Potion first makes 3 mana payable: the bot drinks, then pays mana."""
    from tests.play.test_arcane_guardian_rules import ARCANE_GUARDIAN, MANA_POTION, layout

    g = game([MANA_POTION, ROPE], [TORCH, ELIXIR], [], endings=[ARCANE_GUARDIAN, GATE, ALTAR])
    turn_down(g, FROSTBALL, FIREBALL)
    step(g, 0)
    step(g, 0)
    step(g, 1)
    assert moment(g) == "ending"
    bot = ArcaneGuardianGreedyBot(0, layout([MANA_POTION, ROPE], [TORCH, ELIXIR], []))
    assert decide(g, 0, bot, bot_rng(0, 0, bot)) == {
        "type": "use",
        "player": 0,
        "card": MANA_POTION,
    }
    act(g, "use", card=MANA_POTION)
    assert decide(g, 0, bot, bot_rng(0, 0, bot)) == {"type": "pay", "player": 0, "cost": 0}
