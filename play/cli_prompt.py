"""The numbered choice the terminal games read from the player, in Hungarian or English.

`python -m play.cli {alomfogo|oniroo|arcane-guardian}` each print the table
and, with `action_menu`, a numbered list of legal actions; `ask` reads the
player's number (or q to quit) and asks again after anything else. A game's
own strings merge `PROMPT_UI[lang]` into theirs.
"""

from __future__ import annotations

import re
from typing import IO

QUIT_WORDS = ("q", "quit", "exit", "kilép", "kilepes", "kilépés")

PROMPT_UI = {
    "hu": {
        "prompt": "Választásod (1–{n}, q = kilépés): ",
        "invalid": "Érvénytelen választás: {text!r}. Írj egy számot 1 és {n} között, vagy q-t.",
        "quit": "Kiléptél a játékból.",
        "eof": "Nincs több bemenet; a játék abbamaradt.",
    },
    "en": {
        "prompt": "Your choice (1–{n}, q = quit): ",
        "invalid": "Not a valid choice: {text!r}. Type a number from 1 to {n}, or q.",
        "quit": "You left the game.",
        "eof": "No more input; the game stops here.",
    },
}


def cards_count(n: int, lang: str) -> str:
    """A number of cards in the language's grammar: "5 lap", "1 card", "5 cards"."""
    if lang == "en":
        return f"{n} card" if n == 1 else f"{n} cards"
    return f"{n} lap"


class Quit(Exception):
    """The player left (q) or the input ended; `code` is the command's exit status."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def parse_choice(text: str, count: int) -> int | str | None:
    """1-based choice → 0-based index; "quit" for q; None when not a valid choice."""
    text = text.strip().lower().rstrip(")")
    if text in QUIT_WORDS:
        return "quit"
    # ASCII digits only, and few: "²".isdigit() holds but int("²") fails, and int()
    # refuses a line of 5,000 digits
    if re.fullmatch(r"[0-9]{1,6}", text) and 1 <= int(text) <= count:
        return int(text) - 1
    return None


def action_menu(heading: str, choices: list[str], notes: list[str] | None = None) -> str:
    """The numbered list `ask` reads a number from: `notes` in brackets, `heading`, the choices."""
    lines = [f"({note})" for note in notes or []]
    lines.append(heading)
    lines += [f"  {n}) {text}" for n, text in enumerate(choices, 1)]
    return "\n".join(lines)


def is_tty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def ask(actions: list[dict], stdin: IO[str], stdout: IO[str], lang: str) -> dict:
    """The action the player picks by number; raises Quit on q (0) or at the end of input (1)."""
    ui = PROMPT_UI[lang]
    while True:
        stdout.write(ui["prompt"].format(n=len(actions)))
        stdout.flush()
        line = stdin.readline()
        if not line:
            stdout.write("\n" + ui["eof"] + "\n")
            raise Quit(1)
        if not is_tty(stdin):
            stdout.write(line.strip() + "\n")  # scripted input: keep the transcript readable
        choice = parse_choice(line, len(actions))
        if choice == "quit":
            stdout.write(ui["quit"] + "\n")
            raise Quit(0)
        if choice is None:
            typed = line.strip()
            typed = typed if len(typed) <= 40 else typed[:39] + "…"
            stdout.write(ui["invalid"].format(text=typed, n=len(actions)) + "\n")
            continue
        return actions[choice]
