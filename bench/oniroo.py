"""ONIROO's bench room: what the shared benchmarks deal and measure for it (bench/rooms.py).

Every seat plays from the one 173-card set. The engine is measured at level 5
with four players and in solitaire level 3; the greedy bot should win ≥ 60 %
of four-player level-5 games against three random bots (issue #9). bench/bots.py
adds the oracle bot of bench/oniroo_wake_up.py, told who holds the wake-up: a
ceiling for the strategies tried, not a fair bot.
"""

from __future__ import annotations

from bench.oniroo_wake_up import OracleGreedyBot
from bench.rooms import BotsBench, EngineBench

FOUR_AT_LEVEL_5 = {"level": 5, "players": 4}

ENGINE_BENCH = EngineBench(
    setups={"level 5, 4 players": FOUR_AT_LEVEL_5, "solitaire level 3": {"level": 3, "players": 1}},
    goal_games_per_s=200,
    greedy_games=500,
    greedy_options=lambda i: dict(FOUR_AT_LEVEL_5),
    greedy_setup="level 5, 4 players",
    greedy_goal=0.60,
    profile_games_cap=50,
)

BOTS_BENCH = BotsBench(extra_bots={"oracle": OracleGreedyBot})
