"""Collection import benchmark: a 2,000-line CSV through `collection_import`, SQLite or PostgreSQL.

    .venv/bin/python bench/collection.py             # SQLite, in a scratch file
    .venv/bin/python bench/collection.py --postgres postgres://postgres@127.0.0.1/postgres
    .venv/bin/python bench/collection.py --runs 20 --lines 5000

Loads the shipped cards into a scratch database (bench.scratch) and writes a CSV of
`--lines` lines from them: every card by its code, then every Álomfogó card by its
name (quoted, as a spreadsheet writes a name with a comma), over and over; the
catalog has fewer cards than lines, so counts add up as a real file's repeats do.
Each run times the whole service call, the way a request makes it (reading the
card lookups, parsing, one transaction), twice: "add" into a new player's empty
collection (every row inserted) and then "replace" of that collection with every
count changed (every row updated). It prints p50 and p95 per case, the parse alone
(no writes), and the goal from issue #24: a 2,000-line import ≤ 1 s.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scratch import scratch_database, setup_django  # noqa: E402

GOAL_SECONDS = 1.0


def make_csv(lines: int, count: int) -> str:
    """`lines` card lines: each card by code, then each Álomfogó card by name, repeated."""
    from catalog.models import Card

    by_code = [(code, count) for code in Card.objects.values_list("code", flat=True)]
    by_name = [
        (name, count)
        for name in Card.objects.filter(game__slug="alomfogo").values_list("name", flat=True)
    ]
    cycle = by_code + by_name
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(["code", "count"])
    for index in range(lines):
        writer.writerow(cycle[index % len(cycle)])
    return out.getvalue()


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="timed imports per case")
    parser.add_argument("--lines", type=int, default=2000, help="card lines in the CSV")
    parser.add_argument("--postgres", help="server URL; a scratch database kartyavar_bench is made")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="kartyavar-bench-"))
    setup_django(scratch_database(args.postgres, "kartyavar_bench_collection", scratch), scratch)
    from django.core.management import call_command
    from django.db import connection
    from django.test import override_settings

    from accounts.models import User
    from catalog.models import Card, Game
    from collection import services
    from collection.models import OwnedCard

    call_command("migrate", verbosity=0)
    call_command("load_cards", verbosity=0)
    adding, replacing = make_csv(args.lines, 1), make_csv(args.lines, 2)
    game = Game.objects.get(slug="alomfogo")
    cards = Card.objects.count()
    # A larger --lines is allowed here: the benchmark measures, the site's limits refuse.
    limits = {"COLLECTION_CSV_MAX_LINES": args.lines, "COLLECTION_CSV_MAX_CHARS": 10**8}

    timings: dict[str, list[float]] = {"add, empty collection": [], "replace, every row": []}
    parse: list[float] = []
    with override_settings(LIMITS=limits):
        services.collection_import(  # warm up: imports, translations, the first connection
            user=User.objects.create(username="warm-up"), text=adding
        )
        for run in range(args.runs):
            user = User.objects.create(username=f"bench-{run}")
            start = time.perf_counter()
            added = services.collection_import(user=user, text=adding, mode="add")
            timings["add, empty collection"].append(time.perf_counter() - start)
            start = time.perf_counter()
            replaced = services.collection_import(user=user, text=replacing, mode="replace")
            timings["replace, every row"].append(time.perf_counter() - start)
            start = time.perf_counter()
            parsed = services.collection_parse(text=adding, game=game)
            parse.append(time.perf_counter() - start)
            assert parsed.ok and added.copies == args.lines and replaced.copies == 2 * args.lines
            assert OwnedCard.objects.filter(user=user).count() == added.cards

    print(
        f"database: {connection.vendor}; {args.lines:,}-line CSV over {cards} cards "
        f"({added.cards} different, {len(adding):,} characters); {args.runs} runs per case"
    )
    print(f"  {'case':<28} {'p50 ms':>8} {'p95 ms':>8}")
    for label, values in timings.items():
        print(f"  {label:<28} {statistics.median(values) * 1000:8.1f} {p95(values) * 1000:8.1f}")
    print(
        f"  {'parse only (no writes)':<28} {statistics.median(parse) * 1000:8.1f} "
        f"{p95(parse) * 1000:8.1f}"
    )
    worst = max(p95(values) for values in timings.values())
    verdict = "met" if worst <= GOAL_SECONDS else "NOT met"
    print(
        f"goal: a {args.lines:,}-line import ≤ {GOAL_SECONDS:.0f} s (p95 {worst:.3f} s): {verdict}"
    )


if __name__ == "__main__":
    main()
