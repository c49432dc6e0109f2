"""Starting a round of a big Swiss event: queries and wall time, the event's row locked.

    .venv/bin/python bench/round_start.py                   # SQLite, 256 and 512 players
    .venv/bin/python bench/round_start.py --postgres postgres://postgres@127.0.0.1:5432/postgres
    .venv/bin/python bench/round_start.py --players 1024 --repeat 5

In a scratch database (SQLite, or a database made on the `--postgres` server),
for each `--players` size and `--repeat` times, a new Álomfogó event (best of
1) gets its players as rows (registration is not what is measured: one shared
deck version, as tests/tournaments/test_round_queries.py does); then
`tournament_start` (round 1: the draw, the pairing, a waiting match a table)
and, once every table of round 1 is decided by one update,
`tournament_next_round` (round 2: the standings too) are each timed, wall
clock, with the queries they sent. Prints the queries and the median and best
milliseconds of each. Both run in one transaction holding the event's row, so
the time is how long the organiser and every writer of the event wait.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.heavy_pages import _QueryCounter  # noqa: E402
from bench.scratch import scratch_django  # noqa: E402


def event_of(size: int, organiser, version, tag: str):
    """A new event in registration with `size` players (new users), all on `version`."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from catalog.models import Game
    from tournaments import services
    from tournaments.models import Player

    event = services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name=f"Nagy verseny {tag}"
    )
    User = get_user_model()
    users = User.objects.bulk_create(  # unusable passwords: nothing hashed
        User(username=f"v{tag}-{n}", password=make_password(None), language="hu")
        for n in range(size)
    )
    Player.objects.bulk_create(
        Player(tournament=event, user=u, deck_version=version, draw=n + 1)
        for n, u in enumerate(users)
    )
    return event


def timed(work) -> tuple[int, float]:
    """(queries, wall milliseconds) of `work()`."""
    from django.db import connection

    counter = _QueryCounter()
    with connection.execute_wrapper(counter):
        start = time.perf_counter()
        work()
        ms = (time.perf_counter() - start) * 1000
    return counter.count, ms


def decide_round(event, number: int) -> None:
    """Every open table of round `number` won by player_a, as one update."""
    from django.utils import timezone

    from tournaments.models import Outcome, Pairing

    Pairing.objects.filter(
        round__tournament=event, round__number=number, outcome=Outcome.PENDING
    ).update(wins_a=1, outcome=Outcome.A, decided_at=timezone.now())


def measure(args) -> None:
    from django.core.management import call_command
    from django.db import connection

    from play.models import Match
    from tests.factories import make_user
    from tests.play_rows import first_cards_deck
    from tournaments import services

    call_command("migrate", verbosity=0)
    call_command("load_cards", verbosity=0)
    organiser = make_user("szervezo")
    owner = make_user("paklis")
    version = first_cards_deck(owner, "Verseny pakli", 15).versions.order_by("-pk").first()
    print(f"database: {connection.vendor}; median and best of {args.repeat} events a size")
    print("| players | round | tables | queries | median ms | best ms |")
    print("|---:|---:|---:|---:|---:|---:|")
    for size in args.players:
        figures: dict[int, list[tuple[int, float]]] = {1: [], 2: []}
        tables: dict[int, int] = {}
        for attempt in range(args.repeat):
            event = event_of(size, organiser, version, f"{size}-{attempt}")
            before = Match.objects.count()
            figures[1].append(
                timed(lambda e=event: services.tournament_start(tournament_id=e.pk, user=organiser))
            )
            tables[1] = Match.objects.count() - before
            decide_round(event, 1)
            before = Match.objects.count()
            figures[2].append(
                timed(
                    lambda e=event: services.tournament_next_round(
                        tournament_id=e.pk, user=organiser
                    )
                )
            )
            tables[2] = Match.objects.count() - before
        for number, runs in figures.items():
            queries = sorted({q for q, _ms in runs})
            ms = [m for _q, m in runs]
            print(
                f"| {size} | {number} | {tables[number]} | {'/'.join(map(str, queries))} "
                f"| {statistics.median(ms):.0f} | {min(ms):.0f} |"
            )
    print("command: " + shlex.join([".venv/bin/python", "bench/round_start.py", *sys.argv[1:]]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[256, 512], help="(256 512)")
    parser.add_argument("--repeat", type=int, default=3, help="events a size (3)")
    parser.add_argument("--postgres", help="server URL; a scratch database is made there")
    args = parser.parse_args()

    with scratch_django(args.postgres, "kartyavar_bench_rounds"):
        measure(args)


if __name__ == "__main__":
    main()
