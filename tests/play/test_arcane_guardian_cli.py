"""The Arcane Guardian terminal game through StringIO: to a win, to a loss, and its edges."""

from __future__ import annotations

import io
import re

import play.engines.arcane_guardian as engine
from play import cli_arcane_guardian as cli
from play.bots.arcane_guardian_cards import arcane_cards
from play.bots.arcane_guardian_greedy import ArcaneGuardianGreedyBot
from play.bots.arcane_guardian_solver import solve
from play.bots.base import play_game

CARDS = arcane_cards()
GREEDY_WINS, GREEDY_DIES = 2, 0  # seeds (random endings) where the greedy bot escapes / dies


class Lines:
    """A stdin that answers with the given lines, then ends."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    def readline(self) -> str:
        return self.lines.pop(0) + "\n" if self.lines else ""


class Always:
    def __init__(self, answer: str) -> None:
        self.answer = answer

    def readline(self) -> str:
        return self.answer + "\n"


def run(argv: list[str], stdin=None) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(argv, stdin or Lines([]), out)
    return code, out.getvalue()


def test_the_greedy_bot_plays_to_a_win_in_english():
    code, out = run(
        ["arcane-guardian", "--seed", str(GREEDY_WINS), "--bot", "greedy", "--lang", "en"]
    )
    assert code == 0
    assert "The game is over" in out and "you win!" in out
    assert re.search(r"^Bot ▸ Step onto pile \d", out, re.M)


def test_the_greedy_bot_plays_to_a_loss_in_hungarian():
    code, out = run(["--seed", str(GREEDY_DIES), "--bot", "greedy"])
    assert code == 0
    assert "A játék véget ért" in out and "vesztettél" in out
    assert "Paklik:" in out and "Élet" in out


def test_a_person_following_the_solvers_line_wins():
    """Scripted input: the number of each action of a winning line, as a player would type it."""
    line = solve(CARDS, None, GREEDY_WINS).line
    g = engine.new_game(CARDS, None, GREEDY_WINS)
    typed = []
    for action in line:
        typed.append(str(g.legal_actions(0).index(action) + 1))
        g.apply(action)
    code, out = run(["--seed", str(GREEDY_WINS)], Lines(typed))
    assert code == 0 and "nyertél!" in out
    assert out.count("Mit teszel?") == len(typed)


def test_always_taking_the_first_choice_ends_the_game():
    code, out = run(["--seed", "11", "--lang", "en"], Always("1"))
    assert code == 0 and "The game is over" in out
    assert re.search(r"^  1\) Step onto pile 1: ", out, re.M)


def test_bad_input_is_explained_quit_and_end_of_input_stop_the_game():
    code, out = run(["--seed", "4"], Lines(["9", "xyz", "q"]))
    assert code == 0
    assert out.count("Érvénytelen választás") == 2 and "Kiléptél a játékból." in out
    code, out = run(["--seed", "4", "--lang", "en"], Lines(["1"]))
    assert code == 1 and "No more input" in out


def test_endings_can_be_chosen_and_bad_ones_are_refused():
    code, out = run(
        ["--seed", "1", "--endings", "AG-060,AG-061,AG-063", "--lang", "en"], Lines(["q"])
    )
    assert code == 0
    assert "endings: Dungeon Gate, Hall of Keys, Guardian's Mask" in out
    code, out = run(["--seed", "1", "--endings", "AG-060,AG-006,AG-063"], Lines([]))
    assert code == 2 and "not ending cards" in out


def test_a_face_down_card_never_reaches_the_screen():
    code, out = run(["--seed", str(GREEDY_DIES), "--bot", "greedy", "--lang", "en"])
    # the same game again, to see what stayed face down at the end
    state, _ = play_game(
        engine, CARDS, None, GREEDY_DIES, {0: ArcaneGuardianGreedyBot(GREEDY_DIES)}
    )
    texts = " ".join((c.get("text") or "") + " " + (c.get("text_en") or "") for c in CARDS)
    names = [c.get("name_en") for c in CARDS]
    never_seen = [
        code
        for pile, up in zip(state.s["piles"], state.s["up"], strict=True)
        for code in (pile[:-1] if up else pile)
        if code not in state.s["options"]["endings"]
    ]
    checked = 0
    for code in never_seen:
        name = next(c["name_en"] for c in CARDS if c["code"] == code)
        if names.count(name) == 1 and name not in texts:  # a name no other card prints
            assert name not in out, name
            checked += 1
    assert checked >= 10
