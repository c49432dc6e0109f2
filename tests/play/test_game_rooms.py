"""Every registered game has the same rooms under the same names.

A game's own files are named by its room (its id with `_` for `-`): find one
game's table script, bot or terminal game and the other two are found by
changing the name. The registry (core/games.py) names each room; this test
checks that the names follow the pattern and that every room is there.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.template.loader import get_template

from core.games import GAMES, ROOT, Rooms, all_games, get_game
from play.bots import bot_kinds, get_bot
from play.bots.base import Bot
from play.engines import game_ids, get_engine

IDS = [spec.id for spec in all_games()]


def test_the_registry_describes_every_game_with_an_engine():
    assert sorted(GAMES) == game_ids()
    assert IDS == ["alomfogo", "oniroo", "arcane-guardian"]


@pytest.mark.parametrize("game_id", IDS)
def test_the_registry_names_each_room_by_the_game(game_id):
    spec = get_game(game_id)
    assert spec.room == game_id.replace("-", "_")
    assert spec.rooms == Rooms.of(spec.room)


@pytest.mark.parametrize("game_id", IDS)
def test_the_engine_package(game_id):
    spec = get_game(game_id)
    engine = spec.engine()
    assert engine is get_engine(game_id)
    assert engine.game_id == game_id
    assert Path(engine.__file__).parent.name == spec.room
    # the facts other apps read off a game come from its engine (the builder's sample hand)
    assert isinstance(engine.opening_hand, int) and spec.hand_size == engine.opening_hand


@pytest.mark.parametrize("game_id", IDS)
def test_the_bots(game_id):
    spec = get_game(game_id)
    module = importlib.import_module(spec.rooms.bots)
    assert Path(module.__file__).name == f"{spec.room}_greedy.py"
    greedy = spec.greedy_bot_class()
    assert inspect.isclass(greedy) and issubclass(greedy, Bot)
    assert isinstance(get_bot("greedy", 0, game=game_id), greedy)


@pytest.mark.parametrize("game_id", IDS)
def test_the_sampler_of_a_game_the_search_bot_plays(game_id):
    spec = get_game(game_id)
    if not spec.searchable:  # a solo game: no opponent's cards to guess, no hard bot
        assert "search" not in bot_kinds(game_id)
        return
    module = spec.sampler()
    assert module.__name__ == f"play.engines.{spec.room}.sampling"
    for name in ("sample_state", "remember", "action_key"):
        assert callable(getattr(module, name)), name
    assert "search" in bot_kinds(game_id)


@pytest.mark.parametrize("game_id", IDS)
def test_the_card_list(game_id):
    spec = get_game(game_id)
    module = importlib.import_module(spec.rooms.card_list)
    assert Path(module.__file__).name == f"{spec.room}_cards.py"
    # it reads the game's own shipped cards, and only them
    source = Path(module.__file__).read_text(encoding="utf-8")
    assert "shipped_cards(" in source
    others = [other.id for other in all_games() if other.id != game_id]
    assert not any(f'"{other}"' in source for other in others)


@pytest.mark.parametrize("game_id", IDS)
def test_the_deck_formats(game_id):
    spec = get_game(game_id)
    module = importlib.import_module(spec.rooms.formats)
    assert Path(module.__file__).name == f"formats_{spec.room}.py"
    assert module.FORMATS and {f.game for f in module.FORMATS} == {game_id}
    assert spec.default_format in {f.id for f in module.FORMATS}


@pytest.mark.parametrize("game_id", IDS)
def test_the_terminal_game(game_id):
    spec = get_game(game_id)
    terminal = spec.terminal()
    assert Path(terminal.__file__).name == f"cli_{spec.room}.py"
    assert callable(terminal.main)


@pytest.mark.parametrize("game_id", IDS)
def test_the_table_template_its_strings_its_script_and_its_style(game_id):
    rooms = get_game(game_id).rooms
    source = get_template(rooms.table_template).template.source
    get_template(rooms.strings_template)  # raises when missing
    assert f'{{% include "{rooms.strings_template}" %}}' in source
    assert source.startswith('{% extends "play/_table_base.html" %}')
    # the shared table loads the game's own script and stylesheet, named by the registry
    base = get_template("play/_table_base.html").template.source
    assert "{% static game_spec.rooms.table_script %}" in base
    assert "{% static game_spec.rooms.table_style %}" in base
    assert finders.find(rooms.table_script), rooms.table_script
    assert finders.find(rooms.table_style), rooms.table_style


@pytest.mark.parametrize("game_id", IDS)
def test_the_lobby_form(game_id):
    rooms = get_game(game_id).rooms
    source = get_template(rooms.lobby_template).template.source
    assert f'name="game" value="{game_id}"' in source


@pytest.mark.parametrize("game_id", IDS)
def test_the_face_layout(game_id):
    spec = get_game(game_id)
    layout = spec.face_layout()
    path = Path(layout.__file__)
    # a module named by the room, or a package of that name (a layout split by idea)
    room = path.parent if path.name == "__init__.py" else path.with_suffix("")
    assert (room.parent.name, room.name) == ("faces", spec.room), path
    assert callable(layout.draw_face) and callable(layout.draw_back)


@pytest.mark.parametrize("game_id", IDS)
def test_the_card_module_names_the_card_types_and_subtypes(game_id):
    spec = get_game(game_id)
    cards = spec.card_module()
    assert Path(cards.__file__).parent.name == spec.room
    assert cards.TYPES and all(isinstance(t, str) for t in (*cards.TYPES, *cards.SUBTYPES))


@pytest.mark.parametrize("game_id", IDS)
def test_the_rules_doc(game_id):
    spec = get_game(game_id)
    doc = ROOT / spec.rooms.rules_doc
    assert doc.is_file(), doc
    assert doc.name == f"{spec.room}.md"


@pytest.mark.parametrize("game_id", IDS)
def test_the_how_to_play_page(game_id):
    spec = get_game(game_id)
    module = importlib.import_module(spec.rooms.how_to_play)
    assert Path(module.__file__).name == f"{spec.room}.py"
    assert callable(module.facts)
    for language in ("hu", "en"):
        get_template(f"{spec.rooms.how_to_play_template}_{language}.html")


# --- rooms only some games have: the spec names them -----------------------------------------


@pytest.mark.parametrize("game_id", IDS)
def test_the_deck_builders_draw_odds(game_id):
    spec = get_game(game_id)
    if spec.deck_odds is None:  # the builder models no draws of this game
        assert spec.odds() is None
        return
    module = spec.odds()
    assert module.__name__ == spec.deck_odds == f"decks.odds_{spec.room}"
    for name in ("odds_report", "odds_for", "cards_seen_by_turn", "goldfish"):
        assert callable(getattr(module, name)), name


@pytest.mark.parametrize("game_id", IDS)
def test_the_houses_of_a_game_whose_cards_belong_to_houses(game_id):
    spec = get_game(game_id)
    if not spec.houses:
        return
    houses = spec.card_module().HOUSES
    assert houses and set(houses) <= set(spec.card_module().SUBTYPES)


# --- nothing outside the rooms and the registry names a game -----------------------------------

APPS = ("accounts", "catalog", "collection", "config", "core", "decks", "play", "printing")
APPS += ("tournaments",)
# the registry; the card vocabulary, where the ids are named once for the card data
NAMING_PLACES = {"core/games.py", "catalog/vocab.py"}
VOCAB_IDS = {"ALOMFOGO", "ONIROO", "ARCANE_GUARDIAN"}


def _names_a_game(path: Path) -> list[str]:
    """Where a module names a game: its id as a literal, the vocabulary's name for the id,
    an import of one game's engine."""
    rooms = tuple(spec.room for spec in all_games())
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and node.value in GAMES:
            found.append(f"{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in VOCAB_IDS:
                found.append(f"{node.lineno}: {name}")
        elif isinstance(node, ast.ImportFrom | ast.Import):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            modules += [alias.name for alias in node.names]
            engines = [f"play.engines.{room}" for room in rooms]
            if any(m.startswith(e) for m in modules for e in engines):
                found.append(f"{node.lineno}: import {' '.join(modules)}")
    return found


def test_no_module_outside_the_rooms_and_the_registry_names_a_game():
    rooms = tuple(spec.room for spec in all_games())
    named = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if "migrations" in path.parts or any(room in where for room in rooms):
                continue  # a game's own room (named by it), or a migration's frozen data
            if where in NAMING_PLACES:
                continue
            if found := _names_a_game(path):
                named[where] = found
    assert named == {}
