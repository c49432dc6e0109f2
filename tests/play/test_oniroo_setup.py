"""Setting up ONIROO: the cards of each level, the deal, the options and what they refuse."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from play.engines import SetupError, game_ids, get_engine
from play.engines.oniroo import setup
from tests.play.oniroo_helpers import ALL, CARDS, ENGINE, count_cards

BY_TYPE = Counter(c["type"] for c in ALL)


def types_in(g) -> Counter:
    return Counter(g.s["catalog"][code]["type"] for code in g.s["cards"].values())


def subtypes_in(g) -> set:
    return {g.s["catalog"][code]["subtype"] for code in g.s["cards"].values()} - {None}


def test_the_engine_is_registered():
    assert "oniroo" in game_ids()
    assert get_engine("oniroo").game_id == "oniroo"


# --- the cards of each level ------------------------------------------------------------------
@pytest.mark.parametrize("level", [1, 2])
def test_levels_1_and_2_use_symbol_cards_and_the_wake_up_and_free_cards_if_chosen(level):
    g = ENGINE.new_game(ALL, {"level": level, "players": 2}, 1)
    assert types_in(g) == {"symbol": 130, "wake_up": 1}
    g = ENGINE.new_game(ALL, {"level": level, "players": 2, "free_cards": True}, 1)
    assert types_in(g) == {"symbol": 130, "wake_up": 1, "free": 8}


def test_level_3_has_no_free_and_no_moon_head_cards():
    g = ENGINE.new_game(ALL, {"level": 3, "players": 3}, 1)
    assert types_in(g) == {"symbol": 130, "wake_up": 1, "bad_night": 3, "dream_fairy": 5}
    with pytest.raises(SetupError, match="free cards"):
        ENGINE.new_game(ALL, {"level": 3, "players": 3, "free_cards": True}, 1)


def test_level_4_uses_the_attack_cards_the_table_chose():
    moon = ENGINE.new_game(ALL, {"level": 4, "players": 4, "attack_kind": "moon_head"}, 1)
    assert types_in(moon) == {
        "symbol": 130,
        "free": 8,
        "wake_up": 1,
        "moon_head": 5,
        "dream_fairy": 5,
    }
    assert subtypes_in(moon) == {"eye", "hand", "ear", "mouth", "nose"}
    bad = ENGINE.new_game(ALL, {"level": 4, "players": 4, "attack_kind": "bad_night"}, 1)
    assert types_in(bad)["bad_night"] == 3 and "moon_head" not in types_in(bad)
    # no choice given: moon heads, so that level 4 differs from level 5
    assert ENGINE.new_game(ALL, {"level": 4}, 1).s["options"]["attack_kind"] == "moon_head"


def test_level_5_uses_every_card_but_moon_heads_and_magic_codes():
    g = ENGINE.new_game(ALL, {"level": 5, "players": 2}, 1)
    assert types_in(g) == {"symbol": 130, "free": 8, "wake_up": 1, "bad_night": 3, "dream_fairy": 5}
    assert types_in(ENGINE.new_game(ALL, {"level": 5, "free_cards": False}, 1))["free"] == 0


@pytest.mark.parametrize("level", [1, 2])
def test_solitaire_levels_1_and_2_use_digit_codes_and_no_free_cards(level):
    g = ENGINE.new_game(ALL, {"level": level, "players": 1}, 1)
    assert types_in(g) == {
        "symbol": 130,
        "wake_up": 1,
        "bad_night": 3,
        "moon_head": 5,
        "dream_fairy": 5,
        "magic_code": 10,
    }
    assert {g.s["catalog"][c]["subtype"] for c in g.s["cards"].values()} >= {"digit"}
    assert "letter" not in subtypes_in(g) and "shape" not in subtypes_in(g)
    with pytest.raises(SetupError, match="free cards"):
        ENGINE.new_game(ALL, {"level": level, "players": 1, "free_cards": True}, 1)


def test_solitaire_level_3_uses_every_magic_code_and_free_cards_if_chosen():
    g = ENGINE.new_game(ALL, {"level": 3, "players": 1}, 1)
    assert types_in(g)["magic_code"] == 21 and types_in(g)["free"] == 0
    assert (
        types_in(ENGINE.new_game(ALL, {"level": 3, "players": 1, "free_cards": True}, 1))["free"]
        == 8
    )


# --- the deal ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_five_cards_each_the_rest_face_down_and_the_first_player_drew(players):
    g = ENGINE.new_game(ALL, {"level": 5, "players": players}, 7)
    s = g.s
    first = s["first_player"]
    assert [len(seat["hand"]) for seat in s["players"]] == [
        6 if p == first else 5 for p in range(players)
    ]
    assert s["discard"] == [] and len(s["draw"]) == 147 - 5 * players - 1
    assert count_cards(g) == 147
    assert g.active_player == first and s["turn"] == 1


def test_every_card_gets_an_id_that_says_nothing_about_it():
    a = ENGINE.new_game(ALL, {"level": 5}, 1)
    b = ENGINE.new_game(ALL, {"level": 5}, 2)
    assert set(a.s["cards"]) == {f"c{n}" for n in range(147)} == set(b.s["cards"])
    assert a.s["cards"] != b.s["cards"]  # the same id is another card in another game
    assert sorted(a.s["cards"].values()) == sorted(b.s["cards"].values())


def test_the_same_seed_deals_the_same_game_and_the_first_player_is_drawn():
    firsts = set()
    for seed in range(12):
        g = ENGINE.new_game(ALL, {"level": 5, "players": 3}, seed)
        assert g.to_dict() == ENGINE.new_game(ALL, {"level": 5, "players": 3}, seed).to_dict()
        firsts.add(g.s["first_player"])
    assert firsts == {0, 1, 2}
    assert ENGINE.new_game(ALL, {"first_player": 1}, 3).active_player == 1


def test_the_card_list_may_come_wrapped_once_or_once_per_seat():
    plain = ENGINE.new_game(ALL, {"players": 3}, 4).to_dict()
    assert ENGINE.new_game([ALL], {"players": 3}, 4).to_dict() == plain
    assert ENGINE.new_game([ALL, list(ALL), ALL], {"players": 3}, 4).to_dict() == plain
    with pytest.raises(SetupError, match="same"):
        ENGINE.new_game([ALL, ALL[:-1]], {"players": 2}, 4)


# --- options and cards that are refused -------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"level": 6}, "level is 1 to 5"),
        ({"level": 0}, "level is 1 to 5"),
        ({"level": "5"}, "level is 1 to 5"),
        ({"players": 7}, "players is 2 to 6"),
        ({"players": 0}, "players is 2 to 6"),
        ({"players": 1, "level": 4}, "solitaire .* levels 1 to 3"),
        ({"level": 5, "attack_kind": "moon_head"}, "level 4 only"),
        ({"level": 4, "attack_kind": "nightmare"}, "bad_night or moon_head"),
        ({"level": 5, "min_dream_length": 4}, "from 5 to"),
        ({"level": 1, "min_dream_length": 9}, "from 10 to"),
        ({"level": 5, "min_dream_length": 31}, "from 5 to 30"),
        ({"players": 1, "min_dream_length": 6}, "table game"),
        ({"games": 0}, "games is"),
        ({"games": 21}, "games is"),
        ({"vote": "yes"}, "vote is true or false"),
        ({"players": 1, "games": 2}, "solitaire has no points"),
        ({"players": 1, "vote": True}, "solitaire has no points"),
        ({"first_player": 2}, "first_player"),
        ({"free_cards": 1}, "free_cards is true or false"),
        ({"shuffle": "no"}, "shuffle"),
        ({"max_turns": 0}, "max_turns"),
        ({"speed": 3}, "unknown options"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options, message):
    with pytest.raises(SetupError, match=message):
        ENGINE.new_game(ALL, options, 1)


def test_options_must_be_an_object():
    with pytest.raises(SetupError, match="options"):
        ENGINE.new_game(ALL, ["level", 5], 1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"type": "revulo"}, "unknown ONIROO card type"),
        ({"letter": "G"}, "letter must be one of"),
        ({"digit": 10}, "digit must be one of"),
        ({"digit": True}, "digit must be one of"),
        ({"group": "robots"}, "group"),
        ({"number": "7"}, "whole number"),
        ({"code": ""}, "code"),
    ],
)
def test_a_card_the_rules_cannot_read_is_refused(change, message):
    broken = dict(CARDS["ONI-S010"], **change)
    with pytest.raises(SetupError, match=message):
        ENGINE.new_game([broken, *ALL[1:]], {"level": 5}, 1)


def test_a_card_list_changed_between_games_is_read_again():
    """A pool is read once and remembered; a changed card is never answered from memory."""
    pool = copy.deepcopy(ALL)  # its cards are changed in place below
    first = ENGINE.new_game(pool, {"level": 5}, 1)
    assert first.s["catalog"]["ONI-S010"]["letter"] == CARDS["ONI-S010"]["letter"]
    card = next(c for c in pool if c["code"] == "ONI-S010")
    card["letter"] = "A" if card["letter"] != "A" else "B"  # changed in place, same list
    assert (
        ENGINE.new_game(pool, {"level": 5}, 1).s["catalog"]["ONI-S010"]["letter"] == card["letter"]
    )
    card["letter"] = "G"
    with pytest.raises(SetupError, match="letter must be one of"):
        ENGINE.new_game(pool, {"level": 5}, 1)
    card["letter"] = CARDS["ONI-S010"]["letter"]
    assert ENGINE.new_game(pool, {"level": 5}, 1).s["catalog"] == first.s["catalog"]
    attack = next(c for c in pool if c["code"] == "ONI-B01")
    attack["subtypes"].append("sleepwalker")  # the list itself changed: now it names two kinds
    with pytest.raises(SetupError, match="names one of"):
        ENGINE.new_game(pool, {"level": 5}, 1)
    attack["subtypes"][:] = ["sleepwalker"]
    catalog = ENGINE.new_game(pool, {"level": 5}, 1).s["catalog"]
    assert catalog["ONI-B01"]["subtype"] == "sleepwalker"


def test_two_different_cards_with_one_code_are_refused():
    twin = dict(CARDS["ONI-S001"], letter="A" if CARDS["ONI-S001"]["letter"] != "A" else "B")
    with pytest.raises(SetupError, match="share this code"):
        ENGINE.new_game([*ALL, twin], {"level": 5}, 1)


def test_too_few_cards_for_the_players_is_refused():
    with pytest.raises(SetupError, match="needs at least 31 cards"):
        ENGINE.new_game(ALL[:20], {"level": 5, "players": 6}, 1)


def test_decks_must_be_a_list_of_cards():
    for bad in ([], "cards", [[]], [3, 4]):
        with pytest.raises(SetupError):
            ENGINE.new_game(bad, {"level": 5}, 1)


def test_an_attack_card_names_its_kind():
    broken = dict(CARDS["ONI-B01"], subtypes=[])
    with pytest.raises(SetupError, match="nightmare, sleepwalker, insomnia"):
        ENGINE.new_game([*ALL[:-50], broken], {"level": 5}, 1)


@pytest.mark.parametrize("players", [1, 2, 4, 6])
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_the_lobby_offers_each_level_what_the_engine_lets_the_players_choose(players, level):
    """The lobby keeps exactly the choices the engine's `choices_at` names, and what it
    keeps the engine accepts: every option set away from its default, at every level."""
    from core.games import GAMES

    oniroo = GAMES["oniroo"]
    if players == 1 and level > 3:
        assert oniroo.refusal({"players": 1, "level": level}) is not None
        return
    raw = {c.name: c.values[-1] for c in oniroo.choices}  # every choice's last value
    raw.update(players=players, level=level)
    options, bad = oniroo.options_from(raw)
    assert bad == []
    chosen = setup.choices_at(level, players == 1)
    kept = set(options) - {"players", "level"}
    assert kept == {c.name for c in oniroo.choices} & chosen
    opts = setup.check_options(options)  # the engine takes what the lobby kept
    assert opts["free_cards"] is (("free_cards" in chosen) or (players > 1 and level >= 4))
    assert ("free_cards" in chosen) is (level in (1, 2) if players > 1 else level == 3)


@pytest.mark.parametrize(
    ("players", "level"), [*((3, level) for level in (1, 2, 3, 4, 5)), (1, 1), (1, 2), (1, 3)]
)
def test_every_view_names_the_options_the_players_chose_at_this_level(players, level):
    """A public fact, the engine's `choices_at`: the same for every seat and a spectator,
    so the table lists the level's options without working out which they are."""
    g = ENGINE.new_game(ALL, {"players": players, "level": level}, 1)
    expected = sorted(setup.choices_at(level, players == 1))
    views = [g.view(seat) for seat in [*g.players, None]]
    assert [view["chosen_options"] for view in views] == [expected] * len(views)
    assert json.loads(json.dumps(views[0]))["chosen_options"] == expected
