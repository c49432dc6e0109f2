"""`python -m play.cli <game id>` and the play loop every terminal game shares (play/cli_loop.py).

The games' own wording and rules of play are in test_<game>_cli.py; this file
holds what is the same for all of them: the dispatcher, the hooks a terminal
module gives the loop, the numbered choice and the ways a game stops.
"""

from __future__ import annotations

import inspect
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core.games import GAMES
from play import cli
from play.cli_loop import TerminalGame
from play.cli_prompt import parse_choice
from tests.play.test_alomfogo_cli import RESULT as ALOMFOGO_RESULT
from tests.play.test_oniroo_cli import RESULT as ONIROO_RESULT

ROOT = Path(__file__).resolve().parents[2]
ARCANE_GUARDIAN_RESULT = re.compile(r"^(Kijutottál a labirintusból|Életed 1 alá|Nem maradt)", re.M)
HOOKS = [name for name in vars(TerminalGame) if not name.startswith("_")]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_terminal_game_gives_the_loop_its_hooks(game_id):
    terminal = GAMES[game_id].terminal()
    assert "format_view" in HOOKS and "seat_bots" in HOOKS
    for name in HOOKS:
        wanted = list(inspect.signature(getattr(TerminalGame, name)).parameters)[1:]  # not self
        assert list(inspect.signature(getattr(terminal, name)).parameters)[: len(wanted)] == wanted


def test_parse_choice():
    assert parse_choice("3\n", 5) == 2
    assert parse_choice(" 1) ", 5) == 0
    assert parse_choice("Q", 5) == "quit"
    for bad in ("0", "6", "x", "", "-1", "1.5", "²", "٣", "３", "9" * 5000):
        assert parse_choice(bad, 5) is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_line_of_odd_digits_is_asked_again_not_a_crash(game_id):
    out = io.StringIO()
    lines = io.StringIO("²\n" + "7" * 5000 + "\nq\n")
    cli.main([game_id, "--seed", "3", "--lang", "en"], lines, out)
    assert out.getvalue().count("Not a valid choice") == 2
    assert "'" + "7" * 39 + "…'" in out.getvalue()  # the long line, shortened
    assert out.getvalue().endswith("\nYou left the game.\n")


def test_an_unknown_game_stops_argparse():
    with pytest.raises(SystemExit):
        cli.main(["chess"], io.StringIO(""), io.StringIO())


class Interrupted:
    """A stdin whose reader presses Ctrl-C."""

    def readline(self) -> str:
        raise KeyboardInterrupt


@pytest.mark.parametrize("game_id", list(GAMES))
def test_ctrl_c_leaves_the_game_with_130(game_id):
    out = io.StringIO()
    assert cli.main([game_id, "--seed", "3", "--lang", "en"], Interrupted(), out) == 130
    assert out.getvalue().endswith("\nYou left the game.\n")


@pytest.mark.parametrize(
    ("argv", "result"),
    [
        (["alomfogo", "--seed", "3"], ALOMFOGO_RESULT),
        (["oniroo", "--level", "5", "--players", "4", "--seed", "3"], ONIROO_RESULT),
        (["arcane-guardian", "--seed", "3"], ARCANE_GUARDIAN_RESULT),
    ],
    ids=["alomfogo", "oniroo", "arcane-guardian"],
)
def test_python_dash_m_entry_point(argv, result):
    done = subprocess.run(
        [sys.executable, "-m", "play.cli", *argv],
        input="x\n" + "1\n" * 3000,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Érvénytelen választás" in done.stdout
    assert "A játék véget ért" in done.stdout and result.search(done.stdout)
    assert "seed 3" in done.stdout.splitlines()[0]
