"""The shared benchmarks ask the registry and each game's bench room, bench/<room>.py.

bench/engine.py measures every registered game; bench/bots.py plays every
game with more than one seat; neither names a game. What only a benchmark
knows of a game is in the game's bench room, found by changing the name.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench import bots as bench_bots
from bench.rooms import EngineBench, bench_room, engine_bench, named_decks, pool
from core.games import ROOT, all_games
from play.bots.oniroo_cards import oniroo_cards

IDS = [spec.id for spec in all_games()]
SHARED = ("bench/engine.py", "bench/bots.py", "bench/rooms.py")


@pytest.mark.parametrize("game_id", IDS)
def test_every_game_has_a_bench_room_named_by_its_room(game_id):
    spec = next(s for s in all_games() if s.id == game_id)
    room = bench_room(game_id)
    assert room.__file__ == str(ROOT / "bench" / f"{spec.room}.py")
    assert isinstance(engine_bench(game_id), EngineBench)
    # a game whose seats bring decks is dealt its room's; any other its whole set
    assert bool(named_decks(game_id)) == spec.uses_decks
    assert len(pool(game_id)) > 0


@pytest.mark.parametrize("path", SHARED)
def test_the_shared_benchmarks_name_no_game(path):
    source = (ROOT / path).read_text()
    for game_id in IDS:
        assert f'"{game_id}"' not in source and f"'{game_id}'" not in source, (path, game_id)


@pytest.mark.parametrize("game_id", IDS)
def test_the_engine_bench_measures_every_registered_game(game_id):
    done = subprocess.run(
        [sys.executable, "bench/engine.py", game_id, "--seconds", "0.1",
         "--latency-seconds", "0.05", "--search-seconds", "0.05", "--profile-games", "1",
         "--top", "1", "--greedy-games", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"engine {game_id}: ")
    assert "full games/s (best run)" in done.stdout
    assert "/2 won = " in done.stdout  # the greedy games ran


def test_the_bots_bench_offers_the_games_with_more_than_one_seat():
    assert bench_bots.table_games() == ["alomfogo", "oniroo"]
    done = subprocess.run(
        [sys.executable, "bench/bots.py", "--game", "arcane-guardian"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "invalid choice: 'arcane-guardian'" in done.stderr


def test_a_bench_rooms_own_bot_plays_only_its_game():
    assert bench_bots.parse_bot("oracle", "oniroo").kind == "oracle"
    with pytest.raises(ValueError, match="no bot 'oracle' in alomfogo"):
        bench_bots.parse_bot("oracle", "alomfogo")
    pairs = bench_bots.default_pairs([bench_bots.parse_bot("random", "oniroo")], "oniroo")
    assert [(a.name, b.name) for a, b in pairs] == [("oracle", "random")]
    assert bench_bots.default_pairs([bench_bots.parse_bot("random", "alomfogo")], "alomfogo") == []


def test_two_player_oniroo_games_share_the_set_and_alternate_seat_and_first_player():
    setup = bench_bots.Setup("oniroo", 2, 4, 0)
    seen = []
    for i in range(4):
        cards, options, a_seat, a_deck = bench_bots.deal(setup, i)
        assert cards == oniroo_cards() and a_deck is None
        assert options == {"players": 2, "level": 4, "first_player": (i // 2) % 2}
        seen.append((a_seat, options["first_player"] == a_seat))
    assert sorted(seen) == [(0, False), (0, True), (1, False), (1, True)]


@pytest.mark.parametrize(("game_id", "players", "a"), [
    ("alomfogo", 2, "greedy"), ("oniroo", 2, "greedy"), ("oniroo", 4, "oracle"),
])  # fmt: skip
def test_a_bots_bench_game_plays_to_its_end(game_id, players, a):
    setup = bench_bots.Setup(game_id, players, 5, 0)
    first, second = bench_bots.parse_bot(a, game_id), bench_bots.parse_bot("random", game_id)
    game = bench_bots.play_one((setup, 0, first, second, 1))
    assert game["outcome"] in ("a", "b", "draw"), game.get("error")
    assert game["sides"]["a"].decisions > 0
