"""What the live table's hard bot pays per decision to learn its seat's history.

    .venv/bin/python bench/bot_recall.py                  # SQLite, at 1,000 and 6,000 actions
    .venv/bin/python bench/bot_recall.py --postgres postgres://postgres@127.0.0.1/postgres
    .venv/bin/python bench/bot_recall.py --at 500 3000 --repeat 9

The worker builds the hard bot afresh for each move and tells it what its seat
was shown at versions 0 to v - 1 (`services._one_bot_move`). In a scratch
database this plays the match `bench/heavy_pages.py` replays — a six-player
ONIROO series of 5 games under its stalling policy, some 6,000 actions —
with the hard bot in seat 1, and at the first decision of that seat at or
after each `--at` it times, wall clock, median of `--repeat`:

- full: the views replayed from the deal (`states_from_deal`), as every
  decision did before `play.bots.seat_memory`;
- kept: `seat_memory.recall` with the seat kept at its decision before (the
  state played on over the actions since, only their views told);
- kept, cold: the same with nothing kept (a worker's first move at the table).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.heavy_pages import REPLAY_SEED, _stall  # noqa: E402
from bench.scratch import scratch_django  # noqa: E402

SEAT = 1  # the hard bot's seat


def long_match(games: int):
    """The running match, its whole log written (the recall reads only the actions before the
    version it is asked for, so a later decision's log may already be there)."""
    from django.utils import timezone

    from catalog.models import Game
    from play import selectors, services
    from play.models import Match, MatchAction, MatchStatus, Seat
    from tests.factories import make_user

    players = 6
    match = services.match_create(
        user=make_user("emlekezo"),
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent="invite",
        options={"players": players, "games": games},
    )
    for position in range(1, players):
        Seat.objects.create(
            match=match, position=position, bot="search" if position == SEAT else "random"
        )
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.RUNNING,
        started_at=timezone.now(),
        seed=REPLAY_SEED,
        seed_sha256=hashlib.sha256(str(REPLAY_SEED).encode()).hexdigest(),
    )
    state = selectors.match_state(Match.objects.get(pk=match.pk))
    rng, log, turns = random.Random(1), [], []
    while not state.is_over:
        seat = state.active_player
        if seat == SEAT:
            turns.append(state.version)  # a bot move: the worker recalls before each
        action = _stall(state.legal_actions(seat), rng)
        state.apply(action)
        log.append(MatchAction(match=match, seq=len(log) + 1, seat=seat, action=action))
    MatchAction.objects.bulk_create(log, batch_size=5000)
    Match.objects.filter(pk=match.pk).update(version=len(log))
    return Match.objects.select_related("game").get(pk=match.pk), turns


def hard_bot(match):
    from play import services

    seats = list(match.seats.order_by("position"))
    return services._seat_bot(match, seats, seats[SEAT])


def timed(work, repeat: int, before=None) -> float:
    """Median wall seconds of `work()` over `repeat` runs, `before()` untimed ahead of each."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--at", type=int, nargs="+", default=[1000, 6000], help="actions")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per figure (5)")
    parser.add_argument("--games", type=int, default=5, help="games in the series (5)")
    parser.add_argument("--postgres", help="server URL; a scratch database is made there")
    args = parser.parse_args()

    with scratch_django(args.postgres, "kartyavar_bench_recall"):
        measure(args)


def measure(args) -> None:
    from django.core.management import call_command
    from django.db import connection

    from play.bots import seat_memory
    from play.selectors import states_from_deal

    call_command("migrate", verbosity=0)
    call_command("load_cards", verbosity=0)
    match, turns = long_match(args.games)
    print(
        f"database: {connection.vendor}; ONIROO, 6 players, a series of {args.games} games, "
        f"{match.version:,} actions, seat {SEAT}'s hard bot moves {len(turns):,} times; "
        f"median of {args.repeat}"
    )
    print(f"  {'at version':>10} {'since last':>10} {'full ms':>9} {'kept ms':>9} {'cold ms':>9}")
    for at in args.at:
        later = [i for i, version in enumerate(turns) if version >= at and i > 0]
        if not later:
            print(f"  {at:>10,}: the match has no move of seat {SEAT} from there on")
            continue
        version, before = turns[later[0]], turns[later[0] - 1]

        def full(version=version):
            bot = hard_bot(match)
            bot.recall(s.view(SEAT) for s in states_from_deal(match, upto=version - 1))

        def kept(version=version):
            seat_memory.recall(hard_bot(match), match, SEAT, version, states_from_deal)

        def keep_the_move_before(before=before):
            seat_memory.memory.clear()
            seat_memory.recall(hard_bot(match), match, SEAT, before, states_from_deal)

        full_s = timed(full, args.repeat)
        kept_s = timed(kept, args.repeat, keep_the_move_before)
        cold_s = timed(kept, args.repeat, seat_memory.memory.clear)
        print(
            f"  {version:>10,} {version - before:>10} {full_s * 1000:9.1f} "
            f"{kept_s * 1000:9.1f} {cold_s * 1000:9.1f}"
        )
    building = timed(lambda: hard_bot(match), args.repeat)
    print(f"  (building the bot itself, each decision: {building * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
