"""Swiss pairing time on a large event (issue #26): a 512-player round, full history, ≤ 1 s.

    .venv/bin/python bench/tournament.py
    .venv/bin/python bench/tournament.py --players 512 --seed 1 --rounds 9 --drop-rate 0.01
    .venv/bin/python bench/tournament.py --window 6

Simulates a Swiss event with the pure modules only (no Django, no database):
every round ranks the field with `tournaments.standings.swiss_standings`,
pairs it with `tournaments.pairing.pair_swiss` and plays random best-of-3
results (45 % each side wins, 10 % a draw). Between rounds each active player
drops with `--drop-rate`, so odd fields and byes happen. Each round's history
is the whole event so far; the last round (round 9 for 512 players) has the
fullest one.

Prints, per round: the active players, the seconds `pair_swiss` took
(time.perf_counter), the window it used (or "all" pairs) and how many times it
had to widen, rematches (must be 0), second byes, the sum of squared points
differences of the pairs, and the seconds the standings took; then the worst
round, the last round, and the goal (every round ≤ 1 s) met or NOT met.
`--window` overrides `tournaments.pairing.WINDOW`, to compare windows.
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments import pairing  # noqa: E402
from tournaments.pairing import Entrant, pair_swiss, swiss_rounds_for  # noqa: E402
from tournaments.standings import MatchRecord, swiss_standings  # noqa: E402

GOAL_SECONDS = 1.0


def play(rng: random.Random) -> tuple[int, int, int]:
    """A random best-of-3 result: (games won by a, by b, drawn)."""
    roll = rng.random()
    if roll < 0.45:
        return 2, rng.choice((0, 1)), 0
    if roll < 0.90:
        return rng.choice((0, 1)), 2, 0
    return 1, 1, rng.choice((0, 1))


def outcome(wins: int, losses: int) -> str:
    return "win" if wins > losses else "loss" if wins < losses else "draw"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=None, help="default: ceil(log2(players))")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--drop-rate", type=float, default=0.01, help="chance a player drops after a round"
    )
    parser.add_argument("--window", type=int, default=None, help=f"default: {pairing.WINDOW}")
    args = parser.parse_args()
    if args.window is not None:
        pairing.WINDOW = args.window
    rounds = args.rounds or swiss_rounds_for(args.players)
    rng = random.Random(args.seed)
    players = list(range(1, args.players + 1))
    draw = dict(zip(players, rng.sample(range(args.players), args.players), strict=True))
    records: dict[int, list[MatchRecord]] = {p: [] for p in players}
    dropped: set[int] = set()

    print(
        f"# {args.players} players, {rounds} Swiss rounds, "
        f"window {pairing.WINDOW}, seed {args.seed}"
    )
    print(
        "| round | players | pair_swiss s | window | widened | rematches "
        "| second byes | Σ points² | standings s |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    timings: list[float] = []
    total_rematches = total_widened = 0
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        rows = swiss_standings(records, draw, dropped)
        standings_seconds = time.perf_counter() - started
        active = [row for row in rows if row.player not in dropped]
        entrants = [
            Entrant(
                id=row.player,
                points=row.points,
                rank=rank,
                opponents=frozenset(
                    r.opponent for r in records[row.player] if r.opponent is not None
                ),
                had_bye=row.byes > 0,
            )
            for rank, row in enumerate(active)
        ]
        by_id = {e.id: e for e in entrants}
        started = time.perf_counter()
        result = pair_swiss(entrants, seed=args.seed * 1000 + number)
        seconds = time.perf_counter() - started
        timings.append(seconds)
        rematches = sum(b in by_id[a].opponents for a, b in result.pairs)
        second_byes = int(result.bye is not None and by_id[result.bye].had_bye)
        squares = sum((by_id[a].points - by_id[b].points) ** 2 for a, b in result.pairs)
        total_rematches += rematches
        total_widened += result.widened
        window = "all" if result.window is None else result.window
        print(
            f"| {number} | {len(entrants)} | {seconds:.3f} | {window} | {result.widened} "
            f"| {rematches} "
            f"| {second_byes} | {squares} | {standings_seconds:.3f} |"
        )
        for a, b in result.pairs:
            wins_a, wins_b, drawn = play(rng)
            records[a].append(MatchRecord(b, outcome(wins_a, wins_b), wins_a, wins_b, drawn))
            records[b].append(MatchRecord(a, outcome(wins_b, wins_a), wins_b, wins_a, drawn))
        if result.bye is not None:
            records[result.bye].append(MatchRecord(None, "win", 2, 0, 0))
        for e in entrants:
            if rng.random() < args.drop_rate:
                dropped.add(e.id)

    worst = max(range(rounds), key=lambda i: timings[i])
    print()
    print(
        f"worst round: {worst + 1}, {timings[worst]:.3f} s; "
        f"last round ({rounds}): {timings[-1]:.3f} s"
    )
    print(
        f"rematches: {total_rematches}; window widened: {total_widened} times over {rounds} rounds"
    )
    met = max(timings) <= GOAL_SECONDS and total_rematches == 0
    print(
        f"goal (every round paired in ≤ {GOAL_SECONDS:g} s, no rematch): "
        f"{'met' if met else 'NOT met'}"
    )
    print("command: " + shlex.join([".venv/bin/python", "bench/tournament.py", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
