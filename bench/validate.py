"""Deck validation benchmark: validations per second of 45-card Álomfogó decks.

    .venv/bin/python bench/validate.py
    .venv/bin/python bench/validate.py --seconds 5

Reads the shipped card data files directly (no Django, no database) and
builds two 45-card decks: a legal one (the tournament format, 19 names, at
most 3 copies of each) and an illegal one (4 copies of a name, a reprint
under another code pushing a second name to 4, an unknown line, an ONIROO
card), so the rate covers both the clean path and building problem
messages. Each deck is validated under `tournament` in a loop for the given
time; the panel's `verdicts` (every format of the game at once) is timed
too. Goal: ≥ 20,000 validations per second for the slower of the two decks.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from catalog.records import shipped_records  # noqa: E402
from decks.entries import Entry  # noqa: E402
from decks.formats import get_format  # noqa: E402
from decks.validation import validate, verdicts  # noqa: E402

GOAL = 20_000


def decks() -> tuple[list[Entry], list[Entry]]:
    cards = shipped_records("alomfogo")
    # every fourth card: both sets and four of the five types take part
    picked = cards[::4][:19]
    counts = [3] * 13 + [1] * 6  # 13 × 3 + 6 × 1 = 45 cards, 19 names
    legal = [Entry(card, n) for card, n in zip(picked, counts, strict=True)]
    assert sum(e.count for e in legal) == 45

    reprint = {**picked[1], "code": "AFX-900"}
    oniroo = shipped_records("oniroo")[0]
    illegal = [
        Entry(picked[0], 4),
        *(Entry(card, n) for card, n in zip(picked[1:13], counts[1:13], strict=True)),
        Entry(reprint, 1),
        Entry(None, 2, line="2 Nemlétező Lap"),
        Entry(oniroo, 1),
        Entry(picked[13], 1),
    ]
    assert sum(e.count for e in illegal) == 45
    return legal, illegal


def rate(call, seconds: float) -> float:
    """Calls per second of `call()`, run in batches until `seconds` have passed."""
    call()  # warm the folded-name cache, as a running process has it
    done, batch = 0, 500
    start = time.perf_counter()
    while True:
        for _ in range(batch):
            call()
        done += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()

    legal, illegal = decks()
    tournament = get_format("alomfogo", "tournament")
    assert validate(legal, "alomfogo", tournament) == []
    problems = validate(illegal, "alomfogo", tournament)
    assert [p.code for p in problems] == [
        "too_many_copies",
        "too_many_copies",
        "unknown_card",
        "wrong_game",
    ], [p.code for p in problems]

    figures = {
        "legal deck": rate(lambda: validate(legal, "alomfogo", tournament), args.seconds),
        "illegal deck (4 problems)": rate(
            lambda: validate(illegal, "alomfogo", tournament), args.seconds
        ),
    }
    panel = rate(lambda: verdicts(legal, "alomfogo"), args.seconds)

    print(f"{'45-card Álomfogó deck, tournament':<36} {'validations/s':>14}")
    for label, value in figures.items():
        print(f"{label:<36} {value:>14,.0f}")
    print(f"{'verdicts, 4 formats (legal deck)':<36} {panel:>14,.0f} (panels/s)")
    slowest = min(figures.values())
    met = "met" if slowest >= GOAL else "NOT met"
    print(f"goal ≥ {GOAL:,} validations/s (slower deck {slowest:,.0f}/s): {met}")


if __name__ == "__main__":
    main()
