"""Trade partners benchmark: `partners(user)` among 10,000 players, SQLite or PostgreSQL.

    .venv/bin/python bench/trades.py                 # SQLite, in a scratch file
    .venv/bin/python bench/trades.py --postgres postgres://postgres@127.0.0.1/postgres
    .venv/bin/python bench/trades.py --players 2000 --runs 20

Loads the shipped cards into a scratch database (bench.scratch), makes `--players`
players and writes, for each, `--haves` have rows and `--wants` want rows straight
into TradeEntry with bulk_create (cards drawn with a seeded RNG from the whole
catalog, 1–4 copies each, so the lists of two players overlap as much as a dense
trading scene's would). Then it times `collection.partners.partners(user)` — the
query behind the partners page and /api/trades/partners/ — for `--runs` players
drawn at random, after one warm-up call, and prints p50 and p95 against the goal
of issue #24: p95 ≤ 200 ms.

Then the partners page itself (/collection/trades/partners/, through Django's test
client: the refresh of the player's own lists, the partners, the template) for
`--page-runs` of those players, each given a collection that backs their have list
(so the refresh keeps their lists as filled): the first request, and the same page
asked again with no list changed in between.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scratch import scratch_database, setup_django  # noqa: E402

GOAL_MS = 200.0
STATIC_PLAIN = "django.contrib.staticfiles.storage.StaticFilesStorage"


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def fill(players: int, haves: int, wants: int, seed: int) -> list[int]:
    """Players and their list rows; returns the players' ids."""
    from django.db import connection, transaction

    from accounts.models import User
    from catalog.models import Card
    from collection.models import TradeEntry, TradeSide

    rng = random.Random(seed)
    card_ids = list(Card.objects.order_by("pk").values_list("pk", flat=True))
    haves, wants = min(haves, len(card_ids)), min(wants, len(card_ids))
    # "!" is Django's unusable password: nobody signs in as these players.
    unusable = "!"
    User.objects.bulk_create(
        (User(username=f"p{i:05d}", password=unusable, trades_open=True) for i in range(players)),
        batch_size=2000,
    )
    user_ids = list(User.objects.order_by("pk").values_list("pk", flat=True))
    start = time.perf_counter()
    batch: list[TradeEntry] = []
    with transaction.atomic():
        for user_id in user_ids:
            for side, n in ((TradeSide.HAVE, haves), (TradeSide.WANT, wants)):
                for card_id in rng.sample(card_ids, n):
                    batch.append(
                        TradeEntry(user_id=user_id, card_id=card_id, side=side,
                                   count=rng.randint(1, 4))
                    )  # fmt: skip
            if len(batch) >= 20_000:
                TradeEntry.objects.bulk_create(batch, batch_size=5000)
                batch = []
        TradeEntry.objects.bulk_create(batch, batch_size=5000)
    # Fresh statistics, as a live database would have: the planner chooses by them.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    rows = TradeEntry.objects.count()
    print(
        f"filled: {len(user_ids):,} players, {rows:,} list rows over {len(card_ids)} cards "
        f"in {time.perf_counter() - start:.0f} s"
    )
    return user_ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--haves", type=int, default=200, help="have rows per player")
    parser.add_argument("--wants", type=int, default=200, help="want rows per player")
    parser.add_argument("--runs", type=int, default=50, help="players whose partners are timed")
    parser.add_argument(
        "--page-runs", type=int, default=10, help="players whose partners page is timed"
    )
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--postgres", help="server URL; a scratch database is made there")
    parser.add_argument(
        "--covering-index",
        action="store_true",
        help="then time again with an index (side, card, user, count): the join reads no rows",
    )
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="kartyavar-bench-"))
    setup_django(scratch_database(args.postgres, "kartyavar_bench_trades", scratch), scratch)
    from django.core.management import call_command
    from django.db import connection

    from accounts.models import User

    call_command("migrate", verbosity=0)
    call_command("load_cards", verbosity=0)
    user_ids = fill(args.players, args.haves, args.wants, args.seed)
    rng = random.Random(args.seed + 1)
    chosen = list(
        User.objects.in_bulk(rng.sample(user_ids, min(args.runs, len(user_ids)))).values()
    )
    print(f"database: {connection.vendor}; partners(user) for {len(chosen)} random players")
    worst = time_partners(chosen, "as shipped (index side, card, user)")
    if args.covering_index:
        with connection.cursor() as cursor:
            cursor.execute(
                "CREATE INDEX bench_trade_entry_covering "
                "ON collection_tradeentry (side, card_id, user_id, count)"
            )
            cursor.execute("ANALYZE")
        worst = time_partners(chosen, "with an index (side, card, user, count)")
    time_page(chosen[: args.page_runs])
    verdict = "met" if worst <= GOAL_MS else "NOT met"
    print(f"goal: p95 ≤ {GOAL_MS:.0f} ms: {verdict}")


def time_partners(chosen: list, label: str) -> float:
    """Print p50/p95 of partners(user) for the chosen players; returns the p95 in ms."""
    from collection.partners import partners

    partners(chosen[0])  # warm up: imports, the first connection, the page cache
    timings, found = [], []
    for user in chosen:
        start = time.perf_counter()
        found.append(len(partners(user)))
        timings.append((time.perf_counter() - start) * 1000)
    print(
        f"  {label:<42} p50 {statistics.median(timings):7.1f} ms   p95 {p95(timings):7.1f} ms"
        f"   ({min(found)}–{max(found)} partners found of 50 asked)"
    )
    return p95(timings)


def time_page(chosen: list) -> None:
    """Print p50/p95 of the partners page for the chosen players: asked first, then again."""
    from django.conf import settings
    from django.test import Client, override_settings

    from collection.models import OwnedCard, TradeEntry, TradeSide

    # Their rows as the player's own, with the copies behind each have: the page's refresh
    # of the player's lists then keeps them (with no collection it would empty them).
    mine = TradeEntry.objects.filter(user__in=chosen)
    mine.update(manual=True)
    rows = mine.count()
    OwnedCard.objects.bulk_create(
        OwnedCard(user_id=user_id, card_id=card_id, count=count)
        for user_id, card_id, count in mine.filter(side=TradeSide.HAVE).values_list(
            "user_id", "card_id", "count"
        )
    )
    # the scratch folder has no collected static files (no manifest) to name in the page
    plain = {**settings.STORAGES, "staticfiles": {"BACKEND": STATIC_PLAIN}}
    first, again = [], []
    with override_settings(STORAGES=plain):
        for user in chosen:
            client = Client(HTTP_HOST="testserver")
            client.force_login(user)
            for timings in (first, again):
                start = time.perf_counter()
                response = client.get("/collection/trades/partners/")
                timings.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200, response.status_code
    assert mine.count() == rows, "the page's refresh changed the players' lists"
    for label, timings in (("first request", first), ("asked again, nothing changed", again)):
        print(
            f"  partners page, {label:<29} p50 {statistics.median(timings):7.1f} ms"
            f"   p95 {p95(timings):7.1f} ms   ({len(timings)} players)"
        )


if __name__ == "__main__":
    main()
