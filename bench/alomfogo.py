"""Álomfogó's bench room: what the shared benchmarks deal and measure for it (bench/rooms.py).

Two seats, each with one of the two demo decks; OpenSpiel's gin_rummy is
measured beside the engine (issue #25), and the search bot at 1 s a decision
should beat the greedy bot in ≥ 65 % of games (issue #25).
"""

from __future__ import annotations

from bench.rooms import BotsBench, EngineBench
from play.bots.alomfogo_cards import DEMO_DECKS, demo_decks


def decks() -> dict[str, list[dict]]:
    """The two demo decks by name: what every seat of a benchmark's game brings."""
    return dict(zip(DEMO_DECKS, demo_decks(), strict=True))


# the engine's entry points, as shares of a profiled run
PROFILE_PARTS = (
    ("legal_actions, every call (worked out once per version)", "base.py", "legal_actions"),
    ("  the rules' legal_actions (dispatch to main/duel/...)", "rules.py", "legal_actions"),
    ("apply (template: checks, then _perform)", "base.py", "apply"),
    ("  _perform (the rules carrying out the action, settle)", "state.py", "_perform"),
    ("new_game (normalising cards, shuffles, dealing)", "__init__.py", "new_game"),
    ("active_player (who decides)", "state.py", "active_player"),
    ("effects.statics (static abilities on the board)", "effects.py", "statics"),
)

ENGINE_BENCH = EngineBench(
    setups={"full games": {}},
    goal_games_per_s=100,
    greedy_games=200,
    greedy_options=lambda i: {"first_player": (i // 2) % 2},  # seats and first player alternate
    view_every=4,
    profile_parts=PROFILE_PARTS,
    compare_gin_rummy=True,
)

BOTS_BENCH = BotsBench(goal=("search@1", "greedy", 0.65))
