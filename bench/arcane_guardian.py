"""Arcane Guardian balance and speed: the table a designer reads before changing the demo set.

    .venv/bin/python bench/arcane_guardian.py
    .venv/bin/python bench/arcane_guardian.py --seeds 2000 --solver-seeds 200   # a quicker look

Every game is dealt from the shipped card list with random endings (three of
the eight, drawn by the seed, as a player picking blindly would), seed 0, 1, 2 …
Prints:

- win rates of the random bot and of the greedy bot over `--seeds` deals, with
  how their games end (escaped, died, trapped) and the mean number of steps;
- the solver over the first `--solver-seeds` deals: the share it proves
  winnable, proves lost (split into "no ending in play can win" and "searched
  to the end") and cannot decide within its node budget (unknown), with the
  mean and p95 time per deal;
- per ending: the same three rates over the deals that have it in play;
- speed: random games per second on one core, as the best and the median of
  five 1.5-second runs (CPU time of this process: on a shared machine the
  best run is the closest to the engine's own speed, as timeit reports the
  minimum), the rate during the 10,000-game run, and greedy games per second;
  the load average before and after, to say how busy the machine was;
- the goals: ≥ 2,000 random games/s (best run), solver < 1 s per deal on average.

It is also the game's bench room (bench/rooms.py): `ENGINE_BENCH` is what
`bench/engine.py arcane-guardian` measures, with the same speed goal.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import play.engines.arcane_guardian as engine  # noqa: E402
from bench.rooms import EngineBench  # noqa: E402
from play.bots.arcane_guardian_cards import arcane_cards  # noqa: E402
from play.bots.arcane_guardian_greedy import ArcaneGuardianGreedyBot  # noqa: E402
from play.bots.arcane_guardian_solver import DEFAULT_BUDGET, solve  # noqa: E402
from play.bots.base import play_game  # noqa: E402
from play.bots.random_bot import RandomBot  # noqa: E402

GOAL_RANDOM_GAMES_PER_S = 2000
GOAL_SOLVER_SECONDS = 1.0

ENGINE_BENCH = EngineBench(
    setups={"full games": {}},  # random endings, drawn by the seed
    goal_games_per_s=GOAL_RANDOM_GAMES_PER_S,
    greedy_games=1000,
    greedy_options=lambda i: {},
)


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f} %" if whole else "    – "


def play_many(cards: list, bot_class, seeds: int) -> dict:
    """Play seeds 0…n-1 with one bot; outcomes and timing (wall and CPU)."""
    reasons: Counter = Counter()
    steps: list[int] = []
    by_ending: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(seeds):
        state, _ = play_game(engine, cards, None, seed, {0: bot_class(seed)})
        result = state.result
        reasons[result["reason"]] += 1
        steps.append(result["steps"])
        for code in state.s["options"]["endings"]:
            by_ending[code][0] += bool(result["winners"])
            by_ending[code][1] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "games": seeds,
        "reasons": reasons,
        "wins": reasons["escaped"],
        "steps": statistics.fmean(steps),
        "by_ending": by_ending,
        "per_s": seeds / wall,
        "per_cpu_s": seeds / cpu,
    }


def throughput(cards: list, runs: int = 5, seconds: float = 1.5) -> tuple[float, float]:
    """(best, median) random games per CPU second over `runs` runs of `seconds` each."""
    rates = []
    seed = 10**6  # other deals than the win-rate run's
    for _ in range(runs):
        games, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            play_game(engine, cards, None, seed, {0: RandomBot(seed)})
            games += 1
            seed += 1
        rates.append(games / (time.process_time() - start))
    return max(rates), statistics.median(rates)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def solve_many(cards: list, seeds: int, budget: int) -> dict:
    verdicts: Counter = Counter()
    lost_why: Counter = Counter()
    times: list[float] = []
    by_ending: dict[str, Counter] = defaultdict(Counter)
    for seed in range(seeds):
        answer = solve(cards, None, seed, budget=budget)
        verdicts[answer.verdict] += 1
        times.append(answer.seconds)
        if answer.verdict == "lost":
            lost_why[
                "no ending can win" if answer.reason.startswith("no ending") else "searched"
            ] += 1
        for code in engine.new_game(cards, None, seed).s["options"]["endings"]:
            by_ending[code][answer.verdict] += 1
    ordered = sorted(times)
    return {
        "deals": seeds,
        "verdicts": verdicts,
        "lost_why": lost_why,
        "mean_s": statistics.fmean(times),
        "p95_s": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "max_s": ordered[-1],
        "by_ending": by_ending,
    }


def print_bots(random_run: dict, greedy_run: dict) -> None:
    print(f"\n{'bot':<8} {'deals':>7} {'escaped':>9} {'died':>9} {'trapped':>9} {'steps':>6}")
    for name, run in (("random", random_run), ("greedy", greedy_run)):
        r, n = run["reasons"], run["games"]
        print(
            f"{name:<8} {n:>7} {pct(r['escaped'], n):>9} {pct(r['died'], n):>9} "
            f"{pct(r['trapped'], n):>9} {run['steps']:6.1f}"
        )


def print_solver(sol: dict, budget: int) -> None:
    v, n = sol["verdicts"], sol["deals"]
    print(f"\nsolver over {n} deals (node budget {budget:,} per deal):")
    print(f"  winnable {pct(v['winnable'], n)}")
    print(
        f"  lost     {pct(v['lost'], n)}  (no ending in play can win: "
        f"{sol['lost_why']['no ending can win']}, "
        f"searched to the end: {sol['lost_why']['searched']})"
    )
    print(
        f"  unknown  {pct(v['unknown'], n)}  ({v['unknown']} deals: the budget ran out first; "
        "they count as neither)"
    )
    print(
        f"  time per deal: mean {sol['mean_s']:.3f} s, p95 {sol['p95_s']:.3f} s, "
        f"max {sol['max_s']:.2f} s"
    )


def print_endings(cards: list, random_run: dict, greedy_run: dict, sol: dict) -> None:
    names = {c["code"]: c.get("name_en") or c["name"] for c in cards if c["type"] == "ending"}
    print(f"\n{'ending in play':<30} {'deals':>6} {'random':>8} {'greedy':>8} {'solver':>8}")
    for code, name in names.items():
        wins, n = greedy_run["by_ending"][code]
        rwins, _ = random_run["by_ending"][code]
        solved = sol["by_ending"][code]
        decided = solved["winnable"] + solved["lost"]
        print(
            f"{code + ' ' + name:<30} {n:>6} {pct(rwins, n):>8} {pct(wins, n):>8} "
            f"{pct(solved['winnable'], decided):>8}"
        )
    print("  (solver: winnable share of the deals it decided, over its own seeds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10_000, help="deals per bot")
    parser.add_argument("--solver-seeds", type=int, default=1_000, help="deals for the solver")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="solver nodes per deal")
    args = parser.parse_args()

    cards = arcane_cards()
    print(
        f"Arcane Guardian, shipped cards ({len(cards)}), random endings, seeds 0…, "
        f"one core, Python {sys.version.split()[0]}"
    )
    print(f"before: {load()}")
    play_game(engine, cards, None, 0, {0: RandomBot(0)})  # warm-up: imports, card cache

    best, median = throughput(cards)
    random_run = play_many(cards, RandomBot, args.seeds)
    greedy_run = play_many(cards, ArcaneGuardianGreedyBot, args.seeds)
    sol = solve_many(cards, args.solver_seeds, args.budget)

    print_bots(random_run, greedy_run)
    print_solver(sol, args.budget)
    print_endings(cards, random_run, greedy_run, sol)

    print(
        f"\nrandom games on one core: best {best:,.0f} games/s, median {median:,.0f} "
        f"(five 1.5 s runs, CPU time); during the {random_run['games']:,}-game run "
        f"{random_run['per_s']:,.0f} games/s wall clock, {random_run['per_cpu_s']:,.0f} CPU"
    )
    print(
        f"greedy games: {greedy_run['per_s']:,.0f} games/s wall clock, "
        f"{greedy_run['per_cpu_s']:,.0f} games/s of CPU time (a view built for every decision)"
    )
    fast = best >= GOAL_RANDOM_GAMES_PER_S
    quick = sol["mean_s"] < GOAL_SOLVER_SECONDS
    print(
        f"\ngoal ≥ {GOAL_RANDOM_GAMES_PER_S:,} random games/s (best run): "
        f"{'met' if fast else 'NOT met'} ({best:,.0f})"
    )
    print(
        f"goal solver < {GOAL_SOLVER_SECONDS:.0f} s per deal on average: "
        f"{'met' if quick else 'NOT met'} ({sol['mean_s']:.3f} s)"
    )
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
