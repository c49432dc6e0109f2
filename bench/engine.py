"""Engine benchmark: random-vs-random full games on one core, for any registered game.

    .venv/bin/python bench/engine.py alomfogo
    .venv/bin/python bench/engine.py alomfogo --seconds 5 --openspiel-python /tmp/spiel/bin/python
    .venv/bin/python bench/engine.py alomfogo --seconds 5 --greedy-games 200
    .venv/bin/python bench/engine.py oniroo
    .venv/bin/python bench/engine.py oniroo --seconds 5 --greedy-games 500
    .venv/bin/python bench/engine.py arcane-guardian

What is played comes from the registry (core/games.py: the seats, whether each
seat brings its own deck, the sampler) and from the game's bench room,
bench/<room>.py (bench/rooms.py): the setups measured, the goals, the greedy
games' options. A game whose seats bring decks is dealt its room's decks (the
Álomfogó demo decks); any other game its whole shipped set. Prints, for each
of the game's setups (Álomfogó and Arcane Guardian: full games; ONIROO: level
5 with 4 players and solitaire level 3):

- full games per CPU second, the best and the median of five runs sharing
  ~`--seconds` (as bench/arcane_guardian.py: on a shared machine the best run
  is the closest to the engine's own speed), actions per second and per game,
  and how games end; two random bots through `play.bots.play_game` (setup and
  shuffles included; the random bot never reads its view, so none is built),
  and the same with a view built for every decision, which is what a bot that
  reads it (or the web table) pays;
- where the room asks for it (Álomfogó), OpenSpiel's gin_rummy (C++) side by
  side (issue #25): random play driven from Python (`legal_actions` +
  `apply_action`, chance outcomes sampled and counted as actions), one run of
  the same CPU budget after each of the engine's five, so both see the same
  machine; the best run and the median of each in actions/s, their ratios, and
  the goal (≥ gin_rummy in the same run, best runs) met or NOT met. It installs
  nothing: it runs in this process where `import pyspiel` works, else in the
  interpreter given by `--openspiel-python` (or env OPENSPIEL_PYTHON); where
  neither can, it says the comparison did not run and why;
- p50/p95 (and, for a game of one setup, p99 and mean) of one `legal_actions`
  call and of one `view` call, in µs;
- what a search pays per step, p50/p95 in µs on mid-game states: one
  `clone()`, and one `sample_state` of the game's sampler (where it has one,
  in a game of more than one seat) on the deciding seat's view, its
  `Knowledge` its own deck (or the shared set) and the public decks an
  opponent may hold;
- a cProfile run: the share of the engine entry points the room names, then
  the top functions by cumulative and by own time (profiling slows everything,
  so read shares, not speeds);

then the goal in random full games per second, best run (Álomfogó ≥ 100,
ONIROO ≥ 200 in each setup, Arcane Guardian ≥ 2,000) met or NOT met; and the
greedy bot's win rate over `--greedy-games` games against random bots in
every other seat, its seat going round (Álomfogó: the first player
alternating too; ONIROO: 4-player level-5 games, goal ≥ 60 %; Arcane
Guardian: alone), by seat, and how the games ended.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import inspect
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.rooms import EngineBench, engine_bench, named_decks, seat_deck  # noqa: E402
from bench.rooms import pool as bench_pool  # noqa: E402
from core.games import get_game  # noqa: E402
from play.bots import get_bot, play_game  # noqa: E402
from play.bots.random_bot import RandomBot  # noqa: E402
from play.engines import game_ids, get_engine  # noqa: E402
from play.engines.sampling import Knowledge  # noqa: E402


class _LookingRandomBot(RandomBot):
    """A random bot that is handed its view every time (and ignores it)."""

    needs_view = True


def random_bots(seed: int, seats: int = 2, looking: bool = False) -> dict:
    cls = _LookingRandomBot if looking else RandomBot
    return {p: cls(seed + p) for p in range(seats)}


def throughput(
    engine,
    decks,
    options: dict,
    seats: int,
    seconds: float,
    *,
    looking=False,
    runs: int = 5,
    between: Callable[[float], None] | None = None,
) -> dict:
    """Random games per CPU second over `runs` runs sharing `seconds`: best, median, totals.

    CPU time of this process, and the best run beside the median: on a shared
    machine the best run is the closest to the engine's own speed (as timeit
    reports the minimum); bench/arcane_guardian.py measures the same way. `between`,
    if given, is called after each run with that run's budget: the OpenSpiel
    runs go in between, so both see the same machine.
    """
    games = actions = unfinished = 0
    rates = []
    action_rates = []
    reasons: Counter = Counter()
    total = 0.0
    for _ in range(runs):
        run_games = run_actions = 0
        start = time.process_time()
        while True:
            bots = random_bots(games, seats, looking)
            state, log = play_game(engine, decks, options, games, bots)
            games += 1
            run_games += 1
            run_actions += len(log)
            if state.is_over:
                reasons[state.result["reason"]] += 1
            else:
                unfinished += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds / runs:
                break
        rates.append(run_games / elapsed)
        action_rates.append(run_actions / elapsed)
        actions += run_actions
        total += elapsed
        if between is not None:
            between(seconds / runs)
    return {
        "games": games,
        "seconds": total,
        "games_per_s": max(rates),
        "median_games_per_s": statistics.median(rates),
        "actions_per_s": actions / total,
        "best_actions_per_s": max(action_rates),
        "median_actions_per_s": statistics.median(action_rates),
        "actions_per_game": actions / games,
        "reasons": dict(reasons),
        "unfinished": unfinished,
    }


def report_throughput(name: str, run: dict, looking: dict) -> None:
    print(
        f"\n{name}: best run {run['games_per_s']:.1f} games/s, median "
        f"{run['median_games_per_s']:.1f} (5 runs, {run['games']} games in "
        f"{run['seconds']:.1f} CPU s), {run['actions_per_s']:,.0f} actions/s, "
        f"{run['actions_per_game']:.0f} actions/game; ends: {run['reasons']}"
        + (f", {run['unfinished']} unfinished" if run["unfinished"] else "")
    )
    print(
        f"  with a view built for every decision: best run {looking['games_per_s']:.1f}"
        f" games/s, median {looking['median_games_per_s']:.1f}, "
        f"{looking['actions_per_s']:,.0f} actions/s"
    )


# --- OpenSpiel's gin_rummy, random play side by side with the engine's ---------------


def gin_rummy_run(game, seconds: float, rng) -> dict:
    """Random gin_rummy games for `seconds` of this process's CPU, driven from Python.

    Each decision is a `legal_actions` and an `apply_action`; chance nodes (the
    deal, each card drawn) are sampled by their probabilities and counted as
    actions too. Self-contained: another interpreter runs its source as it is.
    """
    import time

    actions = games = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return {"actions": actions, "games": games, "seconds": elapsed}


def open_spiel_version() -> str:
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:
        return "?"


# What the interpreter given by --openspiel-python runs: the two functions above, then a
# run for each line of seconds it reads, answered by a JSON line (after a first line
# naming the version), so both places measure exactly the same way.
GIN_RUMMY_CHILD = """
import json, random, sys
import pyspiel

{functions}

game = pyspiel.load_game("gin_rummy")
rng = random.Random(int(sys.argv[1]))
print(json.dumps({{"version": open_spiel_version()}}), flush=True)
for line in sys.stdin:
    print(json.dumps(gin_rummy_run(game, float(line), rng)), flush=True)
"""


class GinRummy:
    """OpenSpiel's gin_rummy random play, measured in runs of a given CPU budget."""

    def __init__(self, where: str, version: str, run: Callable[[float], dict], close=None):
        self.where = where  # "in this process" or "via" the interpreter's path
        self.version = version
        self._run = run
        self._close = close
        self.runs: list[dict] = []

    def run(self, seconds: float) -> None:
        self.runs.append(self._run(seconds))

    def close(self) -> None:
        if self._close is not None:
            self._close()

    @classmethod
    def find(cls, python: str | None, seed: int = 0) -> tuple[GinRummy | None, str]:
        """(a runner, "") where OpenSpiel can run; else (None, why not). Installs nothing."""
        try:
            pyspiel = importlib.import_module("pyspiel")
        except ImportError as exc:
            here = f"pyspiel is not importable here ({exc})"
        else:
            game, rng = pyspiel.load_game("gin_rummy"), random.Random(seed)
            return (
                cls(
                    "in this process",
                    open_spiel_version(),
                    lambda seconds: gin_rummy_run(game, seconds, rng),
                ),
                "",
            )
        if not python:
            return None, f"{here}, and no --openspiel-python (or OPENSPIEL_PYTHON) was given"
        try:
            functions = "\n\n".join(map(inspect.getsource, (gin_rummy_run, open_spiel_version)))
            child = subprocess.Popen(
                [python, "-c", GIN_RUMMY_CHILD.format(functions=functions), str(seed)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError as exc:
            return None, f"{here}, and {python} did not start ({exc})"
        hello = child.stdout.readline()
        if not hello:
            error = child.stderr.read().strip().splitlines()
            child.wait()
            return None, f"{here}, and {python} could not run it ({(error or ['?'])[-1]})"

        def run(seconds: float) -> dict:
            child.stdin.write(f"{seconds}\n")
            child.stdin.flush()
            answer = child.stdout.readline()
            if not answer:  # it stopped: say why rather than a JSON error
                raise RuntimeError(f"{python} stopped: {child.stderr.read().strip()}")
            return json.loads(answer)

        def close() -> None:
            child.stdin.close()
            child.wait()

        return cls(f"via {python}", json.loads(hello)["version"], run, close), ""

    def summary(self) -> dict:
        rates = [r["actions"] / r["seconds"] for r in self.runs]
        games = sum(r["games"] for r in self.runs)
        seconds = sum(r["seconds"] for r in self.runs)
        return {
            "best_actions_per_s": max(rates),
            "median_actions_per_s": statistics.median(rates),
            "games_per_s": games / seconds,
            "actions_per_game": sum(r["actions"] for r in self.runs) / games,
        }


def report_gin_rummy(run: dict, gin: GinRummy | None, why_not: str) -> None:
    """The engine's random-play rate beside gin_rummy's, from the interleaved runs."""
    if gin is None:
        print(f"\nOpenSpiel gin_rummy: the comparison did not run: {why_not}.")
        return
    g = gin.summary()
    best = run["best_actions_per_s"] / g["best_actions_per_s"]
    median = run["median_actions_per_s"] / g["median_actions_per_s"]
    print(
        f"\nOpenSpiel {gin.version} gin_rummy ({gin.where}), random play from Python "
        f"(legal_actions + apply_action, chance outcomes sampled and counted), "
        f"{len(gin.runs)} runs interleaved with the engine's, the same CPU budget each:"
    )
    print(
        f"  this engine: best run {run['best_actions_per_s']:,.0f} actions/s, median "
        f"{run['median_actions_per_s']:,.0f}"
    )
    print(
        f"  gin_rummy:   best run {g['best_actions_per_s']:,.0f} actions/s, median "
        f"{g['median_actions_per_s']:,.0f} ({g['games_per_s']:.0f} games/s, "
        f"{g['actions_per_game']:.0f} actions/game)"
    )
    print(f"  ratio engine / gin_rummy: best run {best:.2f}, median {median:.2f}")
    print(f"goal (≥ gin_rummy in the same run, best runs): {'met' if best >= 1 else 'NOT met'}")


def seeded_games(engine, pool, options: dict, seconds: float, *, first_seed: int):
    """New games seeded `first_seed`, `first_seed + 1`, ... until `seconds` of wall time pass.

    Each comes with a `random.Random` seeded like the game, for choosing its
    moves, so a run replays. The clock is read only between games, so the
    caller's loop over one game is never cut short.
    """
    start = time.perf_counter()
    seed = first_seed
    while time.perf_counter() - start < seconds:
        yield engine.new_game(pool, options, seed), random.Random(seed)
        seed += 1


# --- what a search pays per step: a state copy, a sampled state ----------------------


def search_costs(engine, pool, options: dict, seats: int, seconds: float):
    """Nanoseconds of `clone()`, and of the game's `sample_state` where it has one.

    Timed on mid-game states (the 20th to the 150th move of random games):
    clone on the state itself, the sampler on the deciding seat's view, with
    one `Knowledge` per seat and game, as a search keeps it. The search bot plays
    table games: a solitaire has nobody to out-guess, so its sampler is not timed.
    """
    game = engine.game_id
    spec = get_game(game)
    room = spec.room
    sampling = spec.sampler() if spec.searchable else None
    guessing = sampling is not None and seats > 1
    clone_ns: list[int] = []
    sample_ns: list[int] = []
    failed = 0
    first_failure = ""
    clock = time.perf_counter_ns
    for state, rng in seeded_games(engine, pool, options, seconds, first_seed=20_000):
        knowledge = {}
        if guessing:
            knowledge = {p: seat_knowledge(game, pool, p, options) for p in range(seats)}
        while not state.is_over and state.version < 150:
            seat = state.active_player
            if state.version >= 20 and state.version % 3 == 0:
                t0 = clock()
                state.clone()
                clone_ns.append(clock() - t0)
                if knowledge:
                    view = state.view(seat)
                    t0 = clock()
                    try:
                        sampling.sample_state(view, knowledge[seat], rng)
                    except Exception as exc:  # a position the sampler cannot rebuild (yet)
                        failed += 1
                        first_failure = first_failure or f"{type(exc).__name__}: {exc}"
                    else:
                        sample_ns.append(clock() - t0)
            state.apply(rng.choice(state.legal_actions(seat)))
    return {
        "room": room,
        "clone": clone_ns,
        "sample": sample_ns,
        "sample_failed": failed,
        "first_failure": first_failure,
        "sampler": sampling is not None,
        "knowledge": seats > 1,
    }


def report_search_costs(costs: dict) -> None:
    clone = costs["clone"]
    print(
        f"\nclone():        p50 {pct(clone, 0.5):.1f} µs, p95 {pct(clone, 0.95):.1f} µs "
        f"({len(clone):,} mid-game states)"
    )
    if not costs["sampler"]:
        print("sample_state(): the game has no sampler (no search bot plays it)")
        return
    if not costs["knowledge"]:
        print("sample_state(): not timed (a solitaire has no hidden opponent to sample)")
        return
    sample = costs["sample"]
    failed = ""
    if costs["sample_failed"]:
        failed = f", {costs['sample_failed']} failed, the first with {costs['first_failure']}"
    if sample:
        print(
            f"sample_state(): p50 {pct(sample, 0.5):.1f} µs, p95 {pct(sample, 0.95):.1f} µs "
            f"({len(sample):,} views{failed})"
        )
    else:
        print(f"sample_state(): no view could be sampled{failed}")


def seat_knowledge(game: str, pool: list, seat: int, options: dict) -> Knowledge:
    """What a seat knows besides its view: its own deck (or the set every seat shares), and
    the public decks an opponent may have built (none where every card is known)."""
    return Knowledge(
        seat=seat,
        deck=seat_deck(game, pool, seat),
        options=dict(options),
        prior=get_game(game).opponent_prior(),
    )


def latencies(
    engine, decks, options: dict, seconds: float, view_every: int = 1
) -> tuple[list[int], list[int]]:
    """Nanoseconds of each legal_actions call, and of a view call every `view_every` steps."""
    legal_ns: list[int] = []
    view_ns: list[int] = []
    clock = time.perf_counter_ns
    for state, rng in seeded_games(engine, decks, options, seconds, first_seed=10_000):
        steps = 0
        while not state.is_over and steps < 5000:
            seat = state.active_player
            t0 = clock()
            legal = state.legal_actions(seat)
            legal_ns.append(clock() - t0)
            if steps % view_every == 0:
                t0 = clock()
                state.view(seat)
                view_ns.append(clock() - t0)
            state.apply(rng.choice(legal))
            steps += 1
    return legal_ns, view_ns


def pct(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1000


def _where(key: tuple) -> str:
    filename, line, func = key
    if filename == "~":
        return func
    try:
        filename = os.path.relpath(filename, ROOT)
    except ValueError:
        pass
    if filename.startswith(".."):
        filename = Path(filename).name
    return f"{filename}:{line}({func})"


def profile(engine, decks, options: dict, seats: int, games: int, top: int, parts=()) -> None:
    prof = cProfile.Profile()
    prof.enable()
    for seed in range(games):
        play_game(engine, decks, options, seed, random_bots(seed, seats))
    prof.disable()
    stats = pstats.Stats(prof).stats
    total = max(ct for (_, _, _, ct, _) in stats.values())

    def cumulative(path_end: str, func: str) -> float:
        return sum(v[3] for (f, _, fn), v in stats.items() if f.endswith(path_end) and fn == func)

    print(f"\nprofile of {games} random games (cProfile; shares of the whole run)")
    for label, path_end, func in parts:
        print(f"  {100 * cumulative(path_end, func) / total:5.1f} %  {label}")
    rows = sorted(stats.items(), key=lambda kv: kv[1][3], reverse=True)
    print(f"\n  top {top} by cumulative time")
    print(f"  {'calls':>9} {'own s':>7} {'cum s':>7}  function")
    for key, (_, nc, tt, ct, _) in rows[:top]:
        print(f"  {nc:>9} {tt:7.3f} {ct:7.3f}  {_where(key)}")
    rows = sorted(stats.items(), key=lambda kv: kv[1][2], reverse=True)
    print(f"\n  top {top} by own time")
    for key, (_, nc, tt, ct, _) in rows[:top]:
        print(f"  {nc:>9} {tt:7.3f} {ct:7.3f}  {_where(key)}")


def greedy_vs_random(engine, game: str, pool, games: int, options_of) -> dict:
    """The greedy bot against random bots in every other seat, its seat going round.

    `options_of(i)` are game i's options; the registry says how many seats they make.
    """
    spec = get_game(game)
    wins = most_seats = 0
    by_seat: Counter = Counter()
    ends: Counter = Counter()
    start = time.perf_counter()
    for i in range(games):
        options = options_of(i)
        seats = spec.seats(options)
        most_seats = max(most_seats, seats)
        greedy_seat = i % seats
        bots = {
            p: get_bot("greedy" if p == greedy_seat else "random", i, game=game)
            for p in range(seats)
        }
        state, _ = play_game(engine, pool, options, i, bots)
        won = bool(state.result) and state.result["winners"] == [greedy_seat]
        wins += won
        by_seat[greedy_seat] += won
        ends[((state.result or {}).get("reason"), "greedy" if won else "other")] += 1
    return {
        "wins": wins,
        "games": games,
        "rate": wins / games,
        "by_seat": dict(by_seat),
        "seats": most_seats,
        "ends": dict(ends),
        "seconds": time.perf_counter() - start,
    }


# --- how the figures are worded: one setup, or each setup under its own heading ---------


def report_latencies(legal_ns: list[int], view_ns: list[int], *, under_setup: bool) -> None:
    if under_setup:
        print(
            f"  legal_actions: p50 {pct(legal_ns, 0.5):.1f} µs, p95 {pct(legal_ns, 0.95):.1f} µs;"
            f" view: p50 {pct(view_ns, 0.5):.1f} µs, p95 {pct(view_ns, 0.95):.1f} µs"
        )
        return
    print(
        f"\nlegal_actions: p50 {pct(legal_ns, 0.5):.1f} µs, p95 {pct(legal_ns, 0.95):.1f} µs, "
        f"p99 {pct(legal_ns, 0.99):.1f} µs, mean {statistics.fmean(legal_ns) / 1000:.1f} µs "
        f"({len(legal_ns):,} calls)"
    )
    print(
        f"view:          p50 {pct(view_ns, 0.5):.1f} µs, p95 {pct(view_ns, 0.95):.1f} µs "
        f"({len(view_ns):,} calls)"
    )


def report_goals(goal: int, rates: dict[str, float]) -> None:
    """The goal in each setup; a game measured in one setup need not name it."""
    if len(rates) == 1:
        (rate,) = rates.values()
        print(
            f"\ngoal ≥ {goal} full games/s (best run): {'met' if rate >= goal else 'NOT met'} "
            f"({rate:.1f} games/s)"
        )
        return
    print()
    for name, rate in rates.items():
        verdict = "met" if rate >= goal else "NOT met"
        print(f"goal ≥ {goal} full games/s (best run), {name}: {verdict} ({rate:.1f})")


def report_greedy(g: dict, bench: EngineBench) -> None:
    rivals = g["seats"] - 1
    against = "alone" if not rivals else "vs random" if rivals == 1 else f"vs {rivals} random"
    setup = f" ({bench.greedy_setup})" if bench.greedy_setup else ""
    notes = []
    if rivals:
        notes.append(", ".join(f"as seat {p}: {g['by_seat'].get(p, 0)}" for p in range(rivals + 1)))
    if bench.greedy_goal is not None:
        verdict = "met" if g["rate"] >= bench.greedy_goal else "NOT met"
        notes.append(f"goal ≥ {100 * bench.greedy_goal:.0f} %: {verdict}")
    notes.append(f"{g['seconds']:.1f} s")
    print(
        f"greedy {against}{setup}: {g['wins']}/{g['games']} won = {100 * g['rate']:.1f} % "
        f"({'; '.join(notes)})\n  ends: {g['ends']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=game_ids(), help="game id")
    parser.add_argument("--seconds", type=float, default=5.0, help="throughput run length")
    parser.add_argument("--latency-seconds", type=float, default=2.0)
    parser.add_argument(
        "--search-seconds", type=float, default=2.0, help="timing clone() and sample_state()"
    )
    parser.add_argument("--profile-games", type=int, default=100)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument(
        "--greedy-games", type=int, default=None, help="default: the game's bench room says"
    )
    parser.add_argument(
        "--openspiel-python",
        default=os.environ.get("OPENSPIEL_PYTHON"),
        help="an interpreter that imports pyspiel, where this one cannot (env OPENSPIEL_PYTHON)",
    )
    args = parser.parse_args()
    bench = engine_bench(args.game)
    spec = get_game(args.game)
    engine = get_engine(args.game)
    pool = bench_pool(args.game)
    dealt = (
        f"the decks {', '.join(named_decks(args.game))}"
        if spec.uses_decks
        else f"the {len(pool)}-card set"
    )
    python = sys.version.split()[0]
    print(f"engine {args.game}: {dealt}, random bots, one core, Python {python}")

    rates = {}
    under_setup = len(bench.setups) > 1
    for name, options in bench.setups.items():
        seats = spec.seats(options)
        play_game(engine, pool, options, 0, random_bots(0, seats))  # warm-up: imports, cards
        gin, why_not = None, ""
        if bench.compare_gin_rummy:
            gin, why_not = GinRummy.find(args.openspiel_python)
        try:
            if gin is not None:
                gin.run(0.2)  # its warm-up, as the engine's game above
                gin.runs.clear()
            run = throughput(engine, pool, options, seats, args.seconds, between=gin and gin.run)
        finally:
            if gin is not None:
                gin.close()
        looking = throughput(engine, pool, options, seats, min(2.0, args.seconds), looking=True)
        report_throughput(name, run, looking)
        if bench.compare_gin_rummy:
            report_gin_rummy(run, gin, why_not)
        legal_ns, view_ns = latencies(
            engine, pool, options, args.latency_seconds, view_every=bench.view_every
        )
        report_latencies(legal_ns, view_ns, under_setup=under_setup)
        if args.search_seconds:
            costs = search_costs(engine, pool, options, seats, args.search_seconds)
            report_search_costs(costs)
        if args.profile_games:
            games = min(args.profile_games, bench.profile_games_cap or args.profile_games)
            profile(engine, pool, options, seats, games, args.top, bench.profile_parts)
        rates[name] = run["games_per_s"]
    report_goals(bench.goal_games_per_s, rates)

    games = bench.greedy_games if args.greedy_games is None else args.greedy_games
    if games:
        g = greedy_vs_random(engine, args.game, pool, games, bench.greedy_options)
        report_greedy(g, bench)


if __name__ == "__main__":
    main()
