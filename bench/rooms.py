"""A game's bench room: `bench/<room>.py`, named by the game's room as its other files are.

The shared benchmarks (bench/engine.py, bench/bots.py) ask the registry
(core/games.py) what a game is: its seats, whether each seat brings its own
deck, its sampler, the public decks an opponent may hold. What only a
benchmark needs to know of a game, and the registry does not say, is in that
game's bench room, under the same names in every room:

- `ENGINE_BENCH`: the `EngineBench` bench/engine.py measures the game with;
- `BOTS_BENCH` (a game with more than one seat): the `BotsBench` bench/bots.py
  plays it with; a game without one is played with the defaults;
- `decks()` (a game whose seats bring their own decks): the decks a benchmark
  deals, by name.

A room may also hold the game's own benchmark script (bench/arcane_guardian.py
is the Arcane Guardian designer's table). This module imports neither shared
benchmark, so a room can import it without a cycle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from catalog.records import shipped_cards
from core.games import get_game


@dataclass(frozen=True)
class EngineBench:
    """What bench/engine.py plays for one game; its measuring and wording are the same for all."""

    setups: dict[str, dict]  # each measured in turn: its name, its engine options
    goal_games_per_s: int  # random full games per CPU second, best run, in each setup
    greedy_games: int  # --greedy-games when not given
    greedy_options: Callable[[int], dict]  # the options of greedy game i
    greedy_setup: str = ""  # the greedy games' setup, named in their line
    greedy_goal: float | None = None  # the greedy bot's win rate it should reach
    view_every: int = 1  # latencies time a view call every this many steps
    profile_parts: tuple = ()  # (label, file ending, function): entry points shown as shares
    profile_games_cap: int | None = None  # at most this many of --profile-games
    compare_gin_rummy: bool = False  # measure OpenSpiel's gin_rummy side by side (issue #25)


@dataclass(frozen=True)
class BotsBench:
    """What bench/bots.py plays for one game beyond its registry description."""

    # bots only the benchmark has, by name: a class taking a seed whose `watch(state)` is
    # called before each of its decisions (it may see what a seat cannot: a ceiling, not a bot)
    extra_bots: dict[str, type] = field(default_factory=dict)
    # (first bot, second bot, the first's win rate it should reach), checked when that pair ran
    goal: tuple[str, str, float] | None = None


def bench_room(game_id: str) -> ModuleType:
    """The game's bench room, bench/<room>.py; KeyError names the games that exist."""
    return importlib.import_module(f"bench.{get_game(game_id).room}")


def engine_bench(game_id: str) -> EngineBench:
    return bench_room(game_id).ENGINE_BENCH


def bots_bench(game_id: str) -> BotsBench:
    return getattr(bench_room(game_id), "BOTS_BENCH", BotsBench())


def named_decks(game_id: str) -> dict[str, list[dict]]:
    """The decks a benchmark deals a game whose seats bring their own, by name ({} otherwise)."""
    if not get_game(game_id).uses_decks:
        return {}
    return bench_room(game_id).decks()


def pool(game_id: str) -> list:
    """What a benchmark's `new_game` is dealt: the seats' decks, or the game's whole set."""
    if get_game(game_id).uses_decks:
        return list(named_decks(game_id).values())
    return shipped_cards(game_id)


def seat_deck(game_id: str, dealt: list, seat: int) -> list:
    """What a seat plays from: its own deck, or the set every seat shares."""
    return dealt[seat] if get_game(game_id).uses_decks else dealt
