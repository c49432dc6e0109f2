"""Play a game in the terminal against bots: `python -m play.cli <game id> [options]`.

`python -m play.cli alomfogo`, `python -m play.cli oniroo --level N --players K`
and `python -m play.cli arcane-guardian` each run that game's own terminal game,
the room `play/cli_<room>.py` that the registry (core/games.py) names; all
three run the one play loop in `play/cli_loop.py`. This module only finds the
game id among the arguments and hands that game all of them; each terminal
game parses its own options.
"""

from __future__ import annotations

import argparse
import sys
from typing import IO

from core.games import GAMES


def main(
    argv: list[str] | None = None, stdin: IO[str] | None = None, stdout: IO[str] | None = None
) -> int:
    """Run the terminal game the arguments name; the exit status (argparse exits on bad ones)."""
    argv = sys.argv[1:] if argv is None else argv
    game = next((arg for arg in argv if arg in GAMES), None)
    if game is None:
        parser = argparse.ArgumentParser(
            prog="python -m play.cli", description="Play a card game in the terminal against bots."
        )
        parser.add_argument("game", choices=list(GAMES), help="the game to play")
        parser.parse_known_args(argv)  # no game among them: argparse says so and exits
        raise SystemExit(2)  # not reached
    return GAMES[game].terminal().main(argv, stdin, stdout)


if __name__ == "__main__":
    sys.exit(main())
