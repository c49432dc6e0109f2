"""Arcane Guardian readings corrected in issue #21, each as the rulebook's situation.

One test per reading, named after the rule; its docstring quotes the
rulebook section (Hungarian) it follows. DECISIONS.md, Arcane Guardian 1, 4,
5 and 6 give our reading; docs/rules/arcane_guardian.md says it in our words.
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
