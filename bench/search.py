"""Search benchmark: N synthetic cards in a scratch database, 20 queries through the API.

    .venv/bin/python bench/search.py          # SQLite at 1,000, 20,000 and 100,000 cards
    .venv/bin/python bench/search.py --postgres postgres://postgres@127.0.0.1/postgres
    .venv/bin/python bench/search.py --sizes 20000 --repeat 30

Each query goes through the whole HTTP stack in-process (URL routing,
middleware, the search parser, the ORM, DRF serialisation of a 60-card page)
with Django's test client. For every size it prints p50 and p95 per query and
over all queries, and at the end the goals: p95 at 20,000 cards ≤ 30 ms, and
p95 at 100,000 ≤ 3 × p95 at 1,000.
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

QUERIES = [
    "ejlepo",
    "kajtárral",
    "t:révülő cost<=1",
    "letter:A shape:cross digit:5",
    "t:revulo atk>=4 def>=3",
    "r:arany",
    'o:"+4 erő"',
    "sub:vajákos",
    "game:oniroo group:animals",
    "-t:révülő cost>=5",
    "(t:azonnali or t:általános) cost<=1",
    "is:unique",
    "name:manó",
    "set:SYN1 order:name",
    "digit>=8 shape:star",
    "next:plants",
    "glory>=1 order:cost dir:desc",
    "csillag",
    "prov:demo t:esemény",
    "xyzzy",
]

WORDS = (
    "éjlépő kajtár jégszem soyana széki hunorka búbos manó hóförgeteg lángdárda athame "
    "ébredés ajtaja wugu wataruru botlik zsófi álomrengés hódfarok néne csendharang "
    "világfa jurta sámán vajákos dobos boszorkány varázsló garabonciás vadász tündér ős "
    "csillag hold nap felhő patak erdő hegy híd kapu torony kentaur sárkány griff róka "
    "bagoly medve farkas holló tölgy nyír rózsa kristály tükör kulcs lámpás ének dal"
).split()
TYPES = ["revulo", "alomleny", "esemeny", "azonnali", "altalanos"]
HOUSES = ["vajakosok", "samanok", "dobolok", "boszorkanyok", "varazslok", "garabonciasok",
          "vadaszok", "alomlenyek", "osok", "tunderek"]  # fmt: skip
RARITIES = ["common", "common", "common", "uncommon", "uncommon", "rare", "unique"]
SHAPES = ["square", "star", "circle", "cross", "triangle"]
GROUPS = ["animals", "plants", "objects", "places", "people", "myth", "landscapes", "energy"]


SYLLABLES = (
    "ba be bo bu da de di do ga ge gu ka ke ki ko la le li lo ma me mi mo na ne ni no "
    "pa pe pi ra re ri ro sa se si so ta te ti to va ve vi zo zs cs gy ny ty ly sz"
).split()


def synthetic_name(rng: random.Random) -> str:
    """A name like a real card's: a made-up word or two, sometimes a common word.

    Real catalogs name each card differently, so a name word is shared by a
    handful of cards, not by a fixed share of the catalog; 15,000 syllable
    words (and the real words above, now and then) give that spread.
    """
    words = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.1:
            words.append(rng.choice(WORDS))
        else:
            words.append("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return " ".join(words).title()


def make_cards(n: int, seed: int = 7) -> None:
    """Synthetic cards shaped like the real catalog: 60 % Álomfogó, 40 % ONIROO."""
    from catalog.models import Card, CardSet, CardToken, Game
    from catalog.services import catalog_analyze
    from catalog.tokens import tokens_for

    rng = random.Random(seed)
    Card.objects.all().delete()
    CardSet.objects.all().delete()
    Game.objects.all().delete()
    alomfogo = Game.objects.create(slug="alomfogo", name="Álomfogó", position=0)
    oniroo = Game.objects.create(slug="oniroo", name="ONIROO", position=1)
    sets = [
        CardSet.objects.create(game=alomfogo, code="SYN1", name="Synthetic 1", position=1,
                               provenance="demo"),
        CardSet.objects.create(game=alomfogo, code="SYN2", name="Synthetic 2", position=2,
                               provenance="demo"),
        CardSet.objects.create(game=oniroo, code="SYNO", name="Synthetic ONIROO", position=1,
                               provenance="demo"),
    ]  # fmt: skip
    # The three cards the done-when list names, so the real queries hit.
    rows = []
    for i in range(n):
        is_oniroo = i % 5 >= 3
        card_set = sets[2] if is_oniroo else sets[i % 2]
        name = synthetic_name(rng)
        if i == 0:
            name = "Éjlépő Kajtár"
        card = Card(
            code=f"{card_set.code}-{i:06d}",
            game=card_set.game,
            card_set=card_set,
            number=i + 1,
            name=name,
            name_en="",
            provenance="demo",
        )
        if is_oniroo:
            card.type = "symbol"
            card.letter = rng.choice("ABCDEF")
            card.shape = rng.choice(SHAPES)
            card.digit = rng.randrange(10)
            card.group = rng.choice(GROUPS)
            card.next_group = rng.choice(GROUPS)
            card.effects = {}
        else:
            card.type = rng.choice(TYPES)
            card.subtypes = [rng.choice(HOUSES)]
            card.rarity = rng.choice(RARITIES)
            card.cost = rng.randrange(7)
            if card.type == "revulo":
                card.attack, card.defense = rng.randrange(7), rng.randrange(7)
                card.glory_bonus = rng.choice([0, 0, 0, 1, 2])
            card.text = f"Segítő (P): +{rng.randrange(1, 6)} erő. " + " ".join(
                rng.choice(WORDS) for _ in range(rng.randint(3, 12))
            )
            card.effects = []
        card.refresh_search_fields()
        rows.append(card)
    Card.objects.bulk_create(rows, batch_size=2000)
    CardToken.objects.bulk_create(tokens_for(rows), batch_size=20000)
    catalog_analyze()


def time_queries(repeat: int) -> dict[str, list[float]]:
    from django.test import Client

    client = Client()
    timings: dict[str, list[float]] = {q: [] for q in QUERIES}
    for query in QUERIES:  # warm-up: connection, caches, first compile
        client.get("/api/cards/", {"q": query})
    for _ in range(repeat):
        for query in QUERIES:
            started = time.perf_counter()
            response = client.get("/api/cards/", {"q": query})
            elapsed = (time.perf_counter() - started) * 1000
            if response.status_code != 200:
                raise SystemExit(f"{query!r} answered {response.status_code}: {response.content!r}")
            timings[query].append(elapsed)
    return timings


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def run_size(n: int, repeat: int) -> float:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    make_cards(n)
    print(f"\n{n:,} cards (made in {time.perf_counter() - started:.1f} s)")
    timings = time_queries(repeat)
    print(f"  {'query':<40} {'p50 ms':>8} {'p95 ms':>8}")
    for query, values in timings.items():
        print(f"  {query:<40} {statistics.median(values):8.2f} {p95(values):8.2f}")
    everything = [v for values in timings.values() for v in values]
    overall = p95(everything)
    print(f"  {'all queries':<40} {statistics.median(everything):8.2f} {overall:8.2f}")
    return overall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,20000,100000")
    parser.add_argument("--repeat", type=int, default=15, help="rounds over the 20 queries")
    parser.add_argument("--postgres", help="server URL; a scratch database kartyavar_bench is made")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    scratch = Path(tempfile.mkdtemp(prefix="kartyavar-bench-"))
    setup_django(scratch_database(args.postgres, "kartyavar_bench", scratch), scratch)
    from django.db import connection

    print(f"database: {connection.vendor}; {len(QUERIES)} queries × {args.repeat} rounds per size")
    results = {n: run_size(n, args.repeat) for n in sizes}

    print("\ngoals")
    if 20000 in results:
        verdict = "met" if results[20000] <= 30 else "NOT met"
        print(f"  p95 at 20,000 cards: {results[20000]:.2f} ms (goal ≤ 30 ms): {verdict}")
    if 1000 in results and 100000 in results:
        ratio = results[100000] / results[1000]
        verdict = "met" if ratio <= 3 else "NOT met"
        print(f"  p95 at 100,000 / p95 at 1,000: {ratio:.2f}× (goal ≤ 3×): {verdict}")


if __name__ == "__main__":
    main()
