"""Bot against bot: win rates with 95 % intervals and CPU per decision (issue #25).

    .venv/bin/python bench/bots.py --bots random,greedy --games 40
    .venv/bin/python bench/bots.py --pairs search@1:greedy --jobs 2
    .venv/bin/python bench/bots.py --game oniroo --players 2
    .venv/bin/python bench/bots.py --game oniroo --players 4 --pairs oracle:random

`--game` offers the registered games with more than one seat (core/games.py);
`--players` and `--level` reach a game whose lobby has those choices (ONIROO),
and the registry says how many seats the options make. A bot is named
`random`, `greedy`, `search@S` (the search bot with S CPU seconds a decision)
or one of the bots the game's bench room adds (bench/rooms.py; ONIROO's
`oracle`, bench/oniroo_wake_up.py's greedy bot that is told who holds the
wake-up: a ceiling, not a fair bot). Every pair `a:b` plays `--games` games
(default 200), each seeded by its index, so every pair meets the same deals:

- two seats (Álomfogó, ONIROO with `--players 2`): game i puts `a` at seat
  i % 2, lets seat (i // 2) % 2 start and, in a game whose seats bring decks
  (Álomfogó), gives `a` the room's deck (i // 4) % 2 (the demo decks), so
  seat, first player and deck are balanced every 8 games;
- more seats (ONIROO with more players): one `a` against `b` in every other
  seat, its seat going round (i % players) and the first player drawn by the
  game's seed, as bench/engine.py and bench/oniroo_wake_up.py play them
  (greedy and oracle against random give their figures for the same seeds).

Per pair it prints the games, who won, draws and unfinished games, the first
bot's win rate with its Wilson 95 % interval, CPU per decision of each side
(process time around every decision; for the search bot also its own CPU per
decision it searched, iterations and decisions handed to the greedy bot), the
CPU of the whole pair, as a Markdown table; then the command line, and
whether the room's goal (Álomfogó: search@1 beats greedy in ≥ 65 % of games)
is met when that pair ran. A line every `--every` games goes to stderr; Ctrl-C
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

from bench.rooms import bots_bench, named_decks, pool, seat_deck  # noqa: E402
from core.games import all_games, get_game  # noqa: E402
from play.bots import get_bot  # noqa: E402
from play.bots.base import bot_rng, decide  # noqa: E402
from play.engines import get_engine  # noqa: E402
from play.engines.base import IllegalAction  # noqa: E402

MAX_ACTIONS = 5000  # as play_game
Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
DEFAULT_BOTS = "random,greedy,search@0.25,search@1"
SEARCH_COUNTERS = ("decisions", "searched", "cpu_seconds", "iterations", "fallbacks")


def lobby_defaults(game: str) -> dict:
    """The options a table of the game is made with when nobody chooses."""
    return get_game(game).options_from({})[0]


def table_games() -> list[str]:
    """The games bots can play against each other: more than one seat at a default table."""
    return [spec.id for spec in all_games() if spec.seats(lobby_defaults(spec.id)) > 1]


@dataclass(frozen=True)
class BotSpec:
    name: str  # as written on the command line, e.g. "search@0.25"
    kind: str  # random, greedy, search or one of the game's bench room's own
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
    extra = bots_bench(game).extra_bots
    if kind not in ("random", "greedy", *extra):
        known = ", ".join(("random", "greedy", "search@S", *extra))
        raise ValueError(f"no bot {text!r} in {game}; bots: {known}")
    return BotSpec(kind, kind)


def default_pairs(bots: list[BotSpec], game: str) -> list[tuple[BotSpec, BotSpec]]:
    """Every pair of `bots`, the later-listed (stronger) one named first; then each of the
    game's bench room's own bots (ONIROO's oracle) against the random and the greedy one."""
    pairs = [(bots[j], bots[i]) for j in range(len(bots)) for i in range(j)]
    for kind in bots_bench(game).extra_bots:
        if all(b.kind != kind for b in bots):
            extra = BotSpec(kind, kind)
            pairs += [(extra, b) for b in bots if b.kind in ("random", "greedy")]
    return pairs


# --- one game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    game: str
    players: int  # seats: what the registry says the options make
    level: int
    seed: int

    def options(self) -> dict:
        """`--players` and `--level`, for a game whose lobby has those choices (ONIROO)."""
        chosen = {"level": self.level, "players": self.players}
        return {c.name: chosen[c.name] for c in get_game(self.game).choices if c.name in chosen}


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
    """Game i's decks (or the set every seat shares), options, the first-named bot's seat
    and its deck's name."""
    seats = setup.players
    a_seat = i % seats
    options = setup.options()
    if seats == 2:
        options["first_player"] = (i // 2) % 2
    decks = named_decks(setup.game)
    if not decks:
        return shared_set(setup.game), options, a_seat, None
    # `a` gets deck (i // 4) % n, the next seats the decks after it, round
    names = list(decks)
    a_deck = (i // 4) % len(names)
    dealt = [decks[names[(a_deck + (p - a_seat)) % len(names)]] for p in range(seats)]
    return dealt, options, a_seat, names[a_deck]


@cache
def shared_set(game: str) -> list:
    return pool(game)


def make_bot(spec: BotSpec, seed: int, setup: Setup, deck: list, options: dict):
    extra = bots_bench(setup.game).extra_bots
    if spec.kind in extra:
        return extra[spec.kind](seed)
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
    specs = {p: a if p == a_seat else b for p in seats}
    bots = {
        p: make_bot(specs[p], seed, setup, seat_deck(setup.game, decks, p), options) for p in seats
    }
    state = engine_of(setup.game).new_game(decks, options, seed)
    rngs = {p: bot_rng(seed, p, bot) for p, bot in bots.items()}
    extra = bots_bench(setup.game).extra_bots
    watchers = {p: bot for p, bot in bots.items() if specs[p].kind in extra}
    sides = {"a": Side(), "b": Side()}
    actions = 0
    while not state.is_over and actions < MAX_ACTIONS:
        seat = state.active_player
        bot = bots[seat]
        if seat in watchers:  # a bench room's bot is told what its seat cannot see
            bot.watch(state)
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
    decks = named_decks(setup.game)
    where = f"{get_game(setup.game).name}, " + (
        f"the decks {', '.join(decks)}"
        if decks
        else ", ".join(f"{name} {value}" for name, value in setup.options().items())
    )
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
    goal_of = bots_bench(setup.game).goal
    if goal_of is None:
        return
    first, second, goal = goal_of
    for t in tallies:
        names = {t.a.name, t.b.name}
        if names == {first, second} and t.games:
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
    games = table_games()
    parser.add_argument("--game", choices=games, default=games[0])
    parser.add_argument(
        "--players", type=int, default=2, help="seats, where the game's lobby lets you choose"
    )
    parser.add_argument(
        "--level", type=int, default=5, help="level, where the game's lobby has one"
    )
    parser.add_argument("--bots", default=DEFAULT_BOTS, help="every pair of these plays")
    parser.add_argument("--pairs", help="only these pairs, e.g. search@1:greedy,greedy:random")
    parser.add_argument("--games", type=int, default=200, help="games a pair")
    parser.add_argument("--jobs", type=int, default=1, help="processes (games are independent)")
    parser.add_argument("--seed", type=int, default=0, help="game i is seeded seed + i")
    parser.add_argument("--every", type=int, default=20, help="a progress line every N games")
    args = parser.parse_args()
    # the seats the options make (Álomfogó: two, whatever --players says)
    args.players = get_game(args.game).seats(
        Setup(args.game, args.players, args.level, 0).options()
    )
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
