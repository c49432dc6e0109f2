"""CPU instructions per ONIROO random game, counted by valgrind: a speed figure that holds still.

    .venv/bin/python bench/instructions.py
    .venv/bin/python bench/instructions.py --games 30 --level 5 --players 4

Games per second on this machine swing by a third from one minute to the
next (see the best and median runs of `bench/engine.py oniroo`), which hides
a change of a few per cent. `valgrind --tool=callgrind` counts the
instructions a run executes instead, the same on a busy machine as on an idle
one, so two versions of the engine compare exactly. The script runs itself
under valgrind twice, for one game and for `--games` + 1 games (the same
seeds, random bots through `play_game`, as `bench/engine.py`), and prints the
difference per game: start-up and imports cancel out. About a minute.
Needs valgrind (Debian's package `valgrind`).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play(games: int, level: int, players: int) -> None:
    sys.path.insert(0, str(ROOT))
    from play.bots import play_game
    from play.bots.oniroo_cards import oniroo_cards
    from play.bots.random_bot import RandomBot
    from play.engines import get_engine

    engine = get_engine("oniroo")
    cards = oniroo_cards()
    options = {"level": level, "players": players}
    for seed in range(games):
        play_game(engine, cards, options, seed, {p: RandomBot(seed + p) for p in range(players)})


def count(games: int, level: int, players: int) -> int:
    """Instructions valgrind counts for a process playing `games` games."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={tmp}/callgrind.out",
                sys.executable,
                __file__,
                "--play",
                str(games),
                "--level",
                str(level),
                "--players",
                str(players),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise SystemExit(f"valgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.play is not None:
        play(args.play, args.level, args.players)
        return
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (apt-get install -y valgrind)")
    one = count(1, args.level, args.players)
    many = count(args.games + 1, args.level, args.players)
    per_game = (many - one) / args.games
    print(
        f"ONIROO level {args.level}, {args.players} players, random bots: "
        f"{per_game / 1e6:.2f} M instructions per game ({args.games} games, valgrind callgrind, "
        f"Python {sys.version.split()[0]})"
    )


if __name__ == "__main__":
    main()
