"""The one play loop of the terminal games: deal, show the table, ask or let a bot move, apply, end.

Each game's terminal module (`play/cli_<room>.py`, named in core/games.py)
keeps only what is that game's: its options, its deal, and its wording of
the table, the actions, the events and the end. It hands itself to `main`
(or `play`), which runs the same loop for every game; `TerminalGame` lists
what such a module defines. Everything printed comes from `state.view(you)`,
so no rule is computed here and nothing hidden from that seat is shown.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import IO, Protocol

from play.bots.base import LEVELS, Bot, bot_kinds, bot_rng, decide
from play.cli_prompt import PROMPT_UI, Quit, ask
from play.engines.base import Action, GameState, SetupError

Mover = Callable[[GameState, int], Action]  # a bot: (state, seat) -> its action


class TerminalGame(Protocol):
    """What a game's terminal module defines for the shared loop (functions, not methods)."""

    def parse_args(self, argv: list[str] | None) -> argparse.Namespace:
        """The command line; the namespace has at least `seed` (None: random) and `lang`."""

    def deal(self, args: argparse.Namespace, seed: int) -> GameState:
        """The new game the options ask for; raises SetupError for options the engine refuses."""

    def title(self, args: argparse.Namespace, seed: int, state: GameState) -> str:
        """The first line printed: the game, its options and the seed that replays it."""

    def seat_bots(self, args: argparse.Namespace, seed: int, state: GameState) -> dict[int, Mover]:
        """The bot of each seat the person does not play."""

    def format_view(self, view: dict, lang: str, recent: list[str] | None) -> str:
        """The table as the view's seat sees it, with `recent` as its latest events."""

    def format_actions(self, actions: list[dict], view: dict, lang: str) -> str:
        """The numbered list of the person's legal actions."""

    def format_event(self, event: dict, view: dict, lang: str) -> str | None:
        """One event as a line, or None for an event not worth one."""

    def format_bot_move(self, action: dict, seat: int, before: dict, after: dict, lang: str) -> str:
        """The line saying what the bot at `seat` did; `before` and `after` are your views."""

    def format_result(self, result: dict, view: dict, lang: str) -> str:
        """The end of the game: who won and why."""


def bot_mover(bot: Bot, seed: int, seat: int) -> Mover:
    """`bot` playing `seat`: it decides from that seat's view, with the seat's own generator."""
    rng = bot_rng(seed, seat, bot)
    return lambda state, who: decide(state, who, bot, rng)


def add_bot_option(parser: argparse.ArgumentParser, game: str, default: str | None) -> None:
    """`--bot`: a level (easy, normal, hard) or a bot's own name (random, greedy, search)."""
    kinds = bot_kinds(game)
    levels = [level for level, kind in LEVELS.items() if kind in kinds]
    named = ", ".join(f"{level} (= {LEVELS[level]})" for level in levels)
    parser.add_argument(
        "--bot",
        choices=levels + kinds,
        default=default,
        help=f"how well the bots play: {named}; default {default}",
    )


LEVEL_WORDS = {
    "hu": {"easy": "könnyű", "normal": "közepes", "hard": "nehéz"},
    "en": {"easy": "easy", "normal": "normal", "hard": "hard"},
}


def level_word(bot: str, lang: str) -> str:
    """How the title names the bots' level, whether `--bot` gave a level or a bot's name."""
    level = bot if bot in LEVELS else next((k for k, v in LEVELS.items() if v == bot), bot)
    return LEVEL_WORDS[lang].get(level, bot)


def recent_lines(state: GameState, count: int, seat: int, describe) -> list[str]:
    """The last `count` events as `seat` sees them (the log keeps its redactions), in words.

    `describe(event, view)` gives an event's line, or nothing for an event not worth one.
    """
    if not count:
        return []
    view = state.view(seat)
    return [line for line in (describe(e, view) for e in view["events"][-count:]) if line]


def fill(template: str, fields: dict, fallback: str) -> str:
    """An event's wording filled with its fields; `fallback` when the event lacks one it names."""
    try:
        return template.format(**fields)
    except (KeyError, ValueError, IndexError):
        return fallback


def recent_block(heading: str, recent: list[str], most: int, earlier: str = "") -> list[str]:
    """The latest events under `heading`, bulleted: the last `most` of `recent`, after
    `earlier` (a wording with {n}) counting those left out; nothing when there are none."""
    if not recent:
        return []
    lines = [heading]
    if earlier and len(recent) > most:
        lines.append(earlier.format(n=len(recent) - most))
    return lines + [f"  · {t}" for t in recent[-most:]]


def play(
    game: TerminalGame,
    state: GameState,
    bots: dict[int, Mover],
    stdin: IO[str],
    stdout: IO[str],
    lang: str = "hu",
    *,
    you: int = 0,
) -> int:
    """Run the game to its end or until the person quits; 0 when finished or quit, 1 on EOF.

    The person plays every seat without a bot in `bots` and sees the table as
    `you` sees it, before each of `you`'s turns (also when a bot plays `you`).
    """

    def describe(event: dict, view: dict) -> str | None:
        return game.format_event(event, view, lang)

    recent = recent_lines(state, len(state.view(you)["events"]), you, describe)
    try:
        while not state.is_over:
            seat = state.active_player
            before = state.view(you)
            if seat == you:
                stdout.write("\n" + game.format_view(before, lang, recent) + "\n\n")
                recent = []
            bot = bots.get(seat)
            if bot is None:
                actions = state.legal_actions(seat)
                stdout.write(game.format_actions(actions, before, lang) + "\n")
                action = ask(actions, stdin, stdout, lang)
            else:
                action = bot(state, seat)
            events = state.apply(action)
            if bot is not None:
                # described after the move too: a card a bot plays leaves its hidden hand
                line = game.format_bot_move(action, seat, before, state.view(you), lang)
                stdout.write(line + "\n")
            recent += recent_lines(state, len(events), you, describe)
    except Quit as stop:
        return stop.code
    except KeyboardInterrupt:
        stdout.write("\n" + PROMPT_UI[lang]["quit"] + "\n")
        return 130
    view = state.view(you)
    stdout.write("\n" + game.format_view(view, lang, recent) + "\n\n")
    stdout.write(game.format_result(state.result, view, lang) + "\n")
    return 0


def main(
    game: TerminalGame,
    argv: list[str] | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Parse the arguments, deal the game and play it with the person at seat 0; the exit status."""
    args = game.parse_args(argv)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        state = game.deal(args, seed)
    except SetupError as exc:
        stdout.write(f"{exc}\n")
        return 2
    stdout.write(game.title(args, seed, state) + "\n")
    return play(game, state, game.seat_bots(args, seed, state), stdin, stdout, args.lang)
