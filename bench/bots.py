"""Bot against bot: win rates with 95 % intervals and CPU per decision (issue #25).

    .venv/bin/python bench/bots.py --bots random,greedy --games 40
    .venv/bin/python bench/bots.py --pairs search@1:greedy --jobs 2
    .venv/bin/python bench/bots.py --game oniroo --players 2
    .venv/bin/python bench/bots.py --game oniroo --players 4 --pairs oracle:random

A bot is named `random`, `greedy`, `search@S` (the search bot with S CPU
seconds a decision) or, in ONIROO, `oracle` (bench/oniroo_wake_up.py's greedy
bot that is told who holds the wake-up: a ceiling, not a fair bot). Every pair
`a:b` plays `--games` games (default 200), each seeded by its index, so every
pair meets the same deals:

- two seats (Álomfogó, ONIROO with `--players 2`): game i puts `a` at seat
  i % 2, lets seat (i // 2) % 2 start and, in Álomfogó, gives `a` the demo
  deck (i // 4) % 2, so seat, first player and deck are balanced every
  8 games;
- ONIROO with more players: one `a` against `b` in every other seat, its
  seat going round (i % players) and the first player drawn by the game's
  seed, as bench/engine.py and bench/oniroo_wake_up.py play them (greedy and
  oracle against random give their figures for the same seeds).

Per pair it prints the games, who won, draws and unfinished games, the first
bot's win rate with its Wilson 95 % interval, CPU per decision of each side
(process time around every decision; for the search bot also its own CPU per
decision it searched, iterations and decisions handed to the greedy bot), the
CPU of the whole pair, as a Markdown table; then the command line, and
whether the goal (search@1 beats greedy in ≥ 65 % of Álomfogó games) is met
when that pair ran. A line every `--every` games goes to stderr; Ctrl-C
(or `kill -INT` / `kill` of a run in the background) prints the games
finished so far.
"""

from __future__ import annotations

import argparse
import math
import shlex
import signal
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.oniroo_wake_up import OracleGreedyBot, wake_up_holder  # noqa: E402
from play.bots import get_bot  # noqa: E402
from play.bots.base import bot_rng, decide  # noqa: E402
from play.bots.decks import DEMO_DECKS, demo_decks, oniroo_cards  # noqa: E402
from play.engines import get_engine  # noqa: E402
from play.engines.base import IllegalAction  # noqa: E402

MAX_ACTIONS = 5000  # as play_game
Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
GOAL = ("alomfogo", "search@1", "greedy", 0.65)  # issue #25: search at 1 s vs greedy
DEFAULT_BOTS = "random,greedy,search@0.25,search@1"
SEARCH_COUNTERS = ("decisions", "searched", "cpu_seconds", "iterations", "fallbacks")


@dataclass(frozen=True)
class BotSpec:
    name: str  # as written on the command line, e.g. "search@0.25"
    kind: str  # random, greedy, search or oracle
    seconds: float | None = None  # the search bot's CPU budget a decision


def parse_bot(text: str, game: str) -> BotSpec:
    kind, _, budget = text.strip().partition("@")
    if kind == "search":
        seconds = float(budget) if budget else 1.0
        if seconds <= 0:
            raise ValueError(f"{text!r}: the search bot needs a budget above 0 s")
        return BotSpec(f"search@{seconds:g}", kind, seconds)
    if budget:
        raise ValueError(f"{text!r}: only the search bot takes @seconds")
    if kind == "oracle" and game != "oniroo":
        raise ValueError("the oracle bot plays ONIROO only (it is told who holds the wake-up)")
    if kind not in ("random", "greedy", "oracle"):
        raise ValueError(f"no bot {text!r}; bots: random, greedy, search@S, oracle (ONIROO)")
    return BotSpec(kind, kind)


def default_pairs(bots: list[BotSpec], game: str) -> list[tuple[BotSpec, BotSpec]]:
    """Every pair of `bots`, the later-listed (stronger) one named first; ONIROO adds the oracle."""
    pairs = [(bots[j], bots[i]) for j in range(len(bots)) for i in range(j)]
    if game == "oniroo" and all(b.kind != "oracle" for b in bots):
        oracle = BotSpec("oracle", "oracle")
        pairs += [(oracle, b) for b in bots if b.kind in ("random", "greedy")]
    return pairs


# --- one game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    level: int
    seed: int


@dataclass
class Side:
    """What the bots of one side of a pair did: decisions, their CPU, the search counters."""

    decisions: int = 0
    cpu: float = 0.0
    search: Counter = field(default_factory=Counter)

    def add(self, other: Side) -> None:
        self.decisions += other.decisions
        self.cpu += other.cpu
        self.search.update(other.search)


def deal(setup: Setup, i: int) -> tuple[list, dict, int, str | None]:
    """Game i's decks, options, the first-named bot's seat and its deck's name."""
    if setup.game == "alomfogo":
        a_seat, first, a_deck = i % 2, (i // 2) % 2, (i // 4) % 2
        decks = demo_decks()
        if a_seat != a_deck:  # the seat of `a` gets deck a_deck
            decks.reverse()
        return decks, {"first_player": first}, a_seat, list(DEMO_DECKS)[a_deck]
    options = {"level": setup.level, "players": setup.players}
    if setup.players == 2:
        options["first_player"] = (i // 2) % 2
    return oniroo_cards(), options, i % setup.players, None


def make_bot(spec: BotSpec, seed: int, setup: Setup, deck: list, options: dict):
    if spec.kind == "oracle":
        return OracleGreedyBot(seed)
    # deck, options and seconds reach the search bot only; the others ignore them
    return get_bot(
        spec.kind, seed, game=setup.game, deck=deck, options=dict(options), seconds=spec.seconds
    )


@cache
def engine_of(game: str):
    return get_engine(game)


def play_one(task: tuple[Setup, int, BotSpec, BotSpec, int]) -> dict:
    """Game i of pair (a, b), or the error that stopped it (one must not end a long run)."""
    try:
        return _play_one(*task)
    except Exception:
        setup, pair, a, b, i = task
        return {"pair": pair, "outcome": "error", "game": i, "error": traceback.format_exc()}


def _play_one(setup: Setup, pair: int, a: BotSpec, b: BotSpec, i: int) -> dict:
    """Game i of pair (a, b): the same moves as play_game, each decision timed."""
    start = time.process_time()
    seed = setup.seed + i
    decks, options, a_seat, a_deck = deal(setup, i)
    seats = range(setup.players)
    own_deck = (lambda p: decks[p]) if setup.game == "alomfogo" else (lambda p: decks)
    specs = {p: a if p == a_seat else b for p in seats}
    bots = {p: make_bot(specs[p], seed, setup, own_deck(p), options) for p in seats}
    state = engine_of(setup.game).new_game(decks, options, seed)
    rngs = {p: bot_rng(seed, p, bot) for p, bot in bots.items()}
    oracles = [bot for bot in bots.values() if isinstance(bot, OracleGreedyBot)]
    wake = next(iter(state.wake_ids)) if oracles else None
    sides = {"a": Side(), "b": Side()}
    actions = 0
    while not state.is_over and actions < MAX_ACTIONS:
        seat = state.active_player
        bot = bots[seat]
        if oracles:
            holder = wake_up_holder(state, wake)
            for oracle in oracles:
                oracle.holder = holder
        t0 = time.process_time()
        action = decide(state, seat, bot, rngs[seat])
        side = sides["a" if seat == a_seat else "b"]
        side.cpu += time.process_time() - t0
        side.decisions += 1
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(exc.code, f"{bot!r} at seat {seat}: {exc.message}") from exc
        actions += 1
    for seat, bot in bots.items():
        if hasattr(bot, "searched"):
            search = sides["a" if seat == a_seat else "b"].search
            search.update({name: getattr(bot, name) for name in SEARCH_COUNTERS})
    if not state.is_over:
        outcome = "unfinished"
    else:
        winners = state.result["winners"]
        if winners == [a_seat]:
            outcome = "a"
        elif winners and a_seat not in winners:
            outcome = "b"
        else:
            outcome = "draw"
    return {
        "pair": pair,
        "outcome": outcome,
        "a_seat": a_seat,
        "a_first": options.get("first_player") == a_seat if "first_player" in options else None,
        "a_deck": a_deck,
        "sides": sides,
        "actions": actions,
        "cpu": time.process_time() - start,
    }


# --- tallies and figures -----------------------------------------------------------------


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (good near 0 and 1 and for few games)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    a: BotSpec
    b: BotSpec
    planned: int
    outcomes: Counter = field(default_factory=Counter)
    sides: dict = field(default_factory=lambda: {"a": Side(), "b": Side()})
    by: Counter = field(default_factory=Counter)  # (what, value, won?) -> games
    cpu: float = 0.0
    actions: int = 0

    @property
    def done(self) -> int:
        return sum(self.outcomes.values())

    @property
    def games(self) -> int:
        """Games with a result (an error has none)."""
        return self.done - self.outcomes["error"]

    def add(self, game: dict) -> None:
        self.outcomes[game["outcome"]] += 1
        if game["outcome"] == "error":
            if self.outcomes["error"] == 1:  # the first of a pair's errors in full
                print(f"game {game['game']}: {game['error']}", file=sys.stderr, flush=True)
            return
        for name, side in game["sides"].items():
            self.sides[name].add(side)
        won = game["outcome"] == "a"
        self.by["seat", game["a_seat"], won] += 1
        if game["a_first"] is not None:
            self.by["first", game["a_first"], won] += 1
        if game["a_deck"] is not None:
            self.by["deck", game["a_deck"], won] += 1
        self.cpu += game["cpu"]
        self.actions += game["actions"]

    def rate(self) -> float:
        return self.outcomes["a"] / max(self.games, 1)

    def name(self, players: int) -> str:
        if players > 2:
            return f"{self.a.name} vs {players - 1} {self.b.name}"
        return f"{self.a.name} vs {self.b.name}"

    def running(self, players: int) -> str:
        low, high = wilson(self.outcomes["a"], self.games)
        return (
            f"{self.name(players)}: {self.done}/{self.planned} games, {self.a.name} won "
            f"{self.outcomes['a']} = {100 * self.rate():.1f} % "
            f"({100 * low:.0f}–{100 * high:.0f}), {self.cpu:.0f} CPU s"
            + (f", {self.outcomes['error']} errors" if self.outcomes["error"] else "")
        )


def ms(seconds: float, count: int) -> str:
    return f"{1000 * seconds / count:.2f}" if count else "–"


def per_search(total: float, searched: int) -> str:
    mean = total / max(searched, 1)
    return f"{mean:.1f}" if mean < 10 else f"{mean:,.0f}"


def side_cell(side: Side) -> str:
    """CPU per decision of a side; for the search bot also per decision it searched."""
    cell = ms(side.cpu, side.decisions)
    s = side.search
    if s:
        cell += (
            f" (searched {s['searched']}/{s['decisions']}: {ms(s['cpu_seconds'], s['searched'])}"
            f" ms, {per_search(s['iterations'], s['searched'])} it."
            + (f", {s['fallbacks']} to greedy" if s["fallbacks"] else "")
            + ")"
        )
    return cell


def breakdown(t: Tally) -> str:
    """The first bot's win rate by seat, by first player and by deck: is the layout balanced?"""
    parts = []
    for what in ("seat", "first", "deck"):
        values = sorted({v for (w, v, _) in t.by if w == what}, key=str)
        for v in values:
            won, lost = t.by[what, v, True], t.by[what, v, False]
            text = f"{what} {v}" if what != "first" else "moving first" if v else "moving second"
            parts.append(f"{text} {100 * won / max(won + lost, 1):.0f} % of {won + lost}")
    return ", ".join(parts)


def report(setup: Setup, tallies: list[Tally], wall: float, command: str, partial: bool) -> None:
    where = "Álomfogó, the demo decks"
    if setup.game == "oniroo":
        where = f"ONIROO level {setup.level}, {setup.players} players"
    print(f"\n### {where}{' (partial: interrupted)' if partial else ''}\n")
    print(
        "| pair | games | won (first–second) | draw / unfinished | first's win rate (95 % CI)"
        " | ms CPU/decision, first | ms CPU/decision, second | CPU s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for t in tallies:
        if not t.done:
            continue
        o = t.outcomes
        low, high = wilson(o["a"], t.games)
        print(
            f"| {t.name(setup.players)} | {t.games} | {o['a']}–{o['b']} | "
            f"{o['draw']} / {o['unfinished']}"
            + (f" / {o['error']} errors" if o["error"] else "")
            + f" | {100 * t.rate():.1f} % "
            f"({100 * low:.1f}–{100 * high:.1f}) | {side_cell(t.sides['a'])} | "
            f"{side_cell(t.sides['b'])} | {t.cpu:,.1f} |"
        )
    print()
    for t in tallies:
        if t.games:
            print(f"- {t.name(setup.players)}: {t.a.name} won {breakdown(t)}")
    cpu = sum(t.cpu for t in tallies)
    print(f"\ntotal: {cpu:,.1f} CPU s in {wall:,.1f} s wall; command: `{command}`")
    game, first, second, goal = GOAL
    for t in tallies:
        names = {t.a.name, t.b.name}
        if setup.game == game and names == {first, second} and t.games:
            wins = t.outcomes["a"] if t.a.name == first else t.outcomes["b"]
            verdict = "met" if wins / t.games >= goal else "NOT met"
            print(
                f"goal ({first} vs {second} ≥ {100 * goal:.0f} %) {verdict}: "
                f"{wins}/{t.games} = {100 * wins / t.games:.1f} %"
                + (f" (fewer games than {t.planned} planned)" if t.games < t.planned else "")
            )


def _stop(signum, frame) -> None:
    raise KeyboardInterrupt


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it prints and stops
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # how the parent ends its workers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("alomfogo", "oniroo"), default="alomfogo")
    parser.add_argument("--players", type=int, default=2, help="ONIROO seats (2 to 6)")
    parser.add_argument("--level", type=int, default=5, help="ONIROO level")
    parser.add_argument("--bots", default=DEFAULT_BOTS, help="every pair of these plays")
    parser.add_argument("--pairs", help="only these pairs, e.g. search@1:greedy,greedy:random")
    parser.add_argument("--games", type=int, default=200, help="games a pair")
    parser.add_argument("--jobs", type=int, default=1, help="processes (games are independent)")
    parser.add_argument("--seed", type=int, default=0, help="game i is seeded seed + i")
    parser.add_argument("--every", type=int, default=20, help="a progress line every N games")
    args = parser.parse_args()
    if args.game == "alomfogo":
        args.players = 2
    try:
        if args.pairs:
            pairs = []
            for text in args.pairs.split(","):
                a, sep, b = text.partition(":")
                if not sep:
                    raise ValueError(f"{text!r}: a pair is first:second")
                pairs.append((parse_bot(a, args.game), parse_bot(b, args.game)))
        else:
            pairs = default_pairs(
                [parse_bot(n, args.game) for n in args.bots.split(",")], args.game
            )
    except ValueError as exc:
        parser.error(str(exc))
    setup = Setup(args.game, args.players, args.level, args.seed)
    command = shlex.join([".venv/bin/python", "bench/bots.py", *sys.argv[1:]])
    tallies = [Tally(a, b, args.games) for a, b in pairs]
    tasks = [(setup, n, a, b, i) for n, (a, b) in enumerate(pairs) for i in range(args.games)]
    # a run in the background (`&` ignores SIGINT) stops and prints on `kill -INT` or `kill`
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop)
    start = time.perf_counter()
    partial = False
    pool = Pool(args.jobs, initializer=_quiet_worker) if args.jobs > 1 else None
    try:
        games = pool.imap_unordered(play_one, tasks) if pool else map(play_one, tasks)
        for done, game in enumerate(games, 1):
            t = tallies[game["pair"]]
            t.add(game)
            if t.done % args.every == 0 or t.done == t.planned:
                wall = time.perf_counter() - start
                left = wall / done * (len(tasks) - done)  # as the games so far went
                clock = f"{wall / 60:.1f} min so far, ~{left / 60:.0f} left"
                print(f"{t.running(setup.players)}; {clock}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        partial = True
        if pool:
            pool.terminate()
    finally:
        if pool:
            pool.close()
            pool.join()
    report(setup, tallies, time.perf_counter() - start, command, partial)


if __name__ == "__main__":
    main()
