"""Card face benchmark: cold renders, cache hits, and the whole catalog in parallel.

    .venv/bin/python bench/render.py
    .venv/bin/python bench/render.py --game oniroo --workers 2

Reads the shipped card data files directly (no database). For each game it
prints the median and p95 time of a cold render at 300 DPI (render_face, no
face cache), the median time of a cache hit (face_file when the PNG exists:
hashing the card's data and finding the file), and then renders the whole
catalog into an empty cache (as `render_cards --warm` does) with 1 and N
processes. Goals: cold median ≤ 60 ms, hit ≤ 2 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from catalog.records import shipped_records  # noqa: E402
from catalog.render import face_file, render_face  # noqa: E402
from catalog.sheets import warm_cache  # noqa: E402


def p95(values: list[float]) -> float:
    return (
        statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    games = args.game or ["alomfogo", "oniroo", "arcane-guardian"]
    everything: list[dict] = []

    print(f"{'game':<16} {'cards':>5} {'cold p50':>9} {'cold p95':>9} {'hit p50':>8}")
    for game in games:
        cards = shipped_records(game)
        everything += cards
        render_face(cards[0])  # load fonts once, as a running process has them
        cold = []
        for card in cards:
            started = time.perf_counter()
            render_face(card)
            cold.append((time.perf_counter() - started) * 1000)
        with tempfile.TemporaryDirectory() as cache:
            for card in cards:
                face_file(card, cache_dir=Path(cache))
            hits = []
            for card in cards:
                started = time.perf_counter()
                face_file(card, cache_dir=Path(cache))
                hits.append((time.perf_counter() - started) * 1000)
        print(
            f"{game:<16} {len(cards):>5} {statistics.median(cold):>7.1f}ms {p95(cold):>7.1f}ms"
            f" {statistics.median(hits):>6.2f}ms"
        )

    print(f"\nwhole catalog into an empty cache ({len(everything)} faces, PNG and WebP thumbnail):")
    for workers in sorted({1, args.workers}):
        with tempfile.TemporaryDirectory() as cache:
            started = time.perf_counter()
            warm_cache(everything, cache_dir=Path(cache), workers=workers)
            seconds = time.perf_counter() - started
        print(f"  {workers} process(es): {seconds:.1f} s, {len(everything) / seconds:.0f} faces/s")


if __name__ == "__main__":
    main()
