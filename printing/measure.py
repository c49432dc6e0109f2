"""Figures for the largest print job and the largest preview that the limits allow.

For a benchmark (Django set up, database migrated, shipped cards loaded)::

    from printing.measure import largest_job_figures, largest_preview_figures
    largest_job_figures()      # {"peak_rss_mb": ..., "cpu_s": ..., "pages": ...}
    largest_preview_figures()  # {"rss_growth_mb": ..., "cpu_s": ..., ...}

Peak RSS (``resource.getrusage(...).ru_maxrss``) is a high-water mark of the
whole process, so call each function in a fresh process; or run::

    .venv/bin/python -m printing.measure                # job and preview, each in a child
    .venv/bin/python -m printing.measure job --trace
    .venv/bin/python -m printing.measure job-distinct   # every card a different face
    .venv/bin/python -m printing.measure --help

which prints one JSON object per measurement. Nothing is kept: the cards
made up for the measurement are rolled back and every file (faces, JPEG
copies, the PDF) is written under a temporary MEDIA_ROOT that is removed.

Worst cases, and why:

- job: PRINT_MAX_CARDS cards naming as many distinct faces as a list may
  (PRINT_MAX_ENTRIES; every face is rendered and embedded once), one copy,
  backs on, the widest bleed (5 mm: the largest pictures), A4 poker, cold
  face cache; ``job-distinct`` makes every card a different face.
- preview: PRINT_MAX_ENTRIES distinct cards adding up to PRINT_MAX_CARDS,
  on the sheet with the most slots (mini cards, landscape, no gap or
  margin), cold face cache; measured through the real view with the test
  client, as a visitor's request runs in a web process.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from contextlib import contextmanager
from itertools import cycle, islice
from pathlib import Path

# Short codes: the preview's list travels in its URL, which the site caps at 8,192 characters.
MEASURED_PREFIX = "M"


def _rss_mb() -> float:
    """The process's resident set now (Linux), in MB."""
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


@contextmanager
def _scratch(count: int):
    """``count`` made-up distinct cards and a temporary MEDIA_ROOT, all gone afterwards."""
    from django.db import transaction
    from django.test import override_settings

    from catalog.models import Card

    folder = tempfile.mkdtemp(prefix="kartyavar-measure-")
    try:
        with override_settings(MEDIA_ROOT=folder), transaction.atomic():
            models = list(Card.objects.select_related("game", "card_set").order_by("sort_key"))
            if not models:
                raise RuntimeError("No cards: run manage.py load_cards first.")
            made = []
            for index, model in enumerate(islice(cycle(models), count)):
                # A new code is a new face: the generated art is seeded by it.
                copy = Card(
                    **{
                        f.attname: getattr(model, f.attname)
                        for f in Card._meta.concrete_fields
                        if not f.primary_key
                    }
                )
                copy.code = f"{MEASURED_PREFIX}{index:04d}"
                copy.number = 100_000 + index
                made.append(copy)
            Card.objects.bulk_create(made, batch_size=500)
            yield [card.code for card in made], Path(folder)
            transaction.set_rollback(True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def largest_job_figures(
    *,
    cards: int | None = None,
    distinct: int | None = None,
    bleed_mm: float = 5.0,
    backs: bool = True,
    trace: bool = False,
) -> dict:
    """Make the largest allowed print job with ``printing.services.print_job_run``; its figures.

    ``cards`` defaults to LIMITS["PRINT_MAX_CARDS"]; ``distinct`` (how many
    different faces, the costly part) to as many as a list may name
    (PRINT_MAX_ENTRIES). A ``distinct`` above that raises PRINT_MAX_ENTRIES
    for the measurement only: what the worker would need if an operator
    raised it (``distinct=cards`` is every card a different face). With
    ``trace`` the Python heap's peak is measured too (tracemalloc: slower,
    and blind to what Pillow allocates itself).
    """
    from django.conf import settings
    from django.contrib.auth.models import AnonymousUser
    from django.test import override_settings

    from printing import services

    count = cards or settings.LIMITS["PRINT_MAX_CARDS"]
    entries = settings.LIMITS["PRINT_MAX_ENTRIES"]
    faces = min(distinct or entries, count)
    each, extra = divmod(count, faces)
    raised = override_settings(LIMITS={**settings.LIMITS, "PRINT_MAX_ENTRIES": max(entries, faces)})
    rss_before = _rss_mb()
    with _scratch(faces) as (codes, folder), raised:
        listed = [
            {"code": code, "count": each + (1 if index < extra else 0)}
            for index, code in enumerate(codes)
        ]
        job = services.print_job_create(
            user=AnonymousUser(),
            session_key="measure",
            source={"cards": listed},
            options={"bleed_mm": bleed_mm, "backs": backs},
        )
        if trace:
            tracemalloc.start()
        cpu, wall = time.process_time(), time.perf_counter()
        job = services.print_job_run(str(job.pk))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        traced = tracemalloc.get_traced_memory()[1] / 2**20 if trace else None
        if trace:
            tracemalloc.stop()
        size = Path(job.file.path).stat().st_size
        return {
            "what": "largest print job",
            "cards": count,
            "distinct_faces": faces,
            "entries_limit_raised": faces > entries,
            "bleed_mm": bleed_mm,
            "backs": backs,
            "status": job.status,
            "pages": job.pages,
            "pdf_mb": round(size / 2**20, 1),
            "rss_before_mb": round(rss_before, 1),
            "peak_rss_mb": round(_peak_rss_mb(), 1),
            "python_heap_peak_mb": round(traced, 1) if traced is not None else None,
            "cpu_s": round(cpu, 2),
            "wall_s": round(wall, 2),
            "media_mb": round(_folder_mb(folder), 1),
        }


def _widest_sheet() -> dict:
    """The form options whose sheet holds the most cards (what a preview draws at most)."""
    from printing.layout import CARD_SIZES, PAGE_SIZES, LayoutError, SheetOptions, sheet_layout

    best, best_count = None, 0
    for page in PAGE_SIZES:
        for card in CARD_SIZES:
            for landscape in (False, True):
                options = SheetOptions(
                    page=page, card=card, landscape=landscape, margin_mm=0, gap_mm=0
                )
                try:
                    slots = sheet_layout(options).per_page
                except LayoutError:
                    continue
                if slots > best_count:
                    best, best_count = options, slots
    return {
        "page_size": best.page,
        "card_size": best.card,
        "landscape": "on" if best.landscape else "",
        "margin_mm": 0,
        "gap_mm": 0,
        "slots": best_count,
    }


def largest_preview_figures(*, trace: bool = False) -> dict:
    """GET the largest allowed /print/preview.png through the view; the request's figures."""
    from django.conf import settings
    from django.test import Client, override_settings

    entries = settings.LIMITS["PRINT_MAX_ENTRIES"]
    total = settings.LIMITS["PRINT_MAX_CARDS"]
    sheet = _widest_sheet()
    with _scratch(entries) as (codes, folder):
        # The first sheet's cards all distinct (each face is drawn: the costly part), the
        # rest of the list making up the total.
        first = min(sheet["slots"], entries)
        rest = entries - first
        each, extra = divmod(total - first, rest) if rest else (0, 0)
        counts = [1] * first + [each + (1 if i < extra else 0) for i in range(rest)]
        listed = ",".join(f"{code}:{count}" for code, count in zip(codes, counts, strict=True))
        query = {
            "cards": listed,
            "quantity": 1,
            "bleed_mm": 0,
            "crop_marks": "on",
            "cut_lines": "on",
            "flip": "long",
            "back_offset_x": 0,
            "back_offset_y": 0,
            **{k: v for k, v in sheet.items() if k != "slots"},
        }
        client = Client()
        hosts = override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"])
        hosts.enable()  # the test client's host, whatever the environment allows
        client.get("/print/preview.png", {**query, "cards": "x"})  # imports, first query
        rss_before, peak_before = _rss_mb(), _peak_rss_mb()
        if trace:
            tracemalloc.start()
        cpu, wall = time.process_time(), time.perf_counter()
        response = client.get("/print/preview.png", query)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        traced = tracemalloc.get_traced_memory()[1] / 2**20 if trace else None
        if trace:
            tracemalloc.stop()
        hosts.disable()
        peak = _peak_rss_mb()
        refused = response.status_code != 200
        return {
            "what": "largest preview",
            "status_code": response.status_code,
            "refused": response.content.decode(errors="replace")[-600:] if refused else None,
            "entries": entries,
            "cards": sum(counts),
            "slots_drawn": sheet["slots"],
            "sheet": {k: v for k, v in sheet.items() if k != "slots"},
            "url_chars": len(listed) + 200,
            "rss_before_mb": round(rss_before, 1),
            "rss_growth_mb": round(max(0.0, peak - max(rss_before, peak_before)), 1),
            "peak_rss_mb": round(peak, 1),
            "python_heap_peak_mb": round(traced, 1) if traced is not None else None,
            "cpu_s": round(cpu, 2),
            "wall_s": round(wall, 2),
            "png_kb": round(len(response.content) / 1024, 1),
            "media_mb": round(_folder_mb(folder), 2),
            "faces_drawn": sum(1 for _ in (folder / "faces").rglob("*.webp")),
        }


def _folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


MEASUREMENTS = ("job", "job-distinct", "preview", "both")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m printing.measure",
        description=__doc__.splitlines()[0],
        epilog="Prints one JSON object per measurement; each runs in a fresh child process.",
    )
    parser.add_argument(
        "which",
        nargs="?",
        default="both",
        choices=MEASUREMENTS,
        help="job: the largest print job; job-distinct: the job with every card a different "
        "face (PRINT_MAX_ENTRIES raised for the measurement); preview: the largest preview; "
        "both: job and preview (default)",
    )
    parser.add_argument(
        "--trace", action="store_true", help="measure the Python heap's peak too (tracemalloc)"
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> None:
    """``python -m printing.measure [job|job-distinct|preview|both] [--trace]``.

    ``job-distinct`` is the job with every card a different face (above
    PRINT_MAX_ENTRIES, see largest_job_figures); ``both`` is job and preview.
    Each runs in a fresh child process.
    """
    args = parse_args(argv)
    which, trace = args.which, args.trace
    if os.environ.get("_KARTYAVAR_MEASURE_CHILD"):
        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        django.setup()
        if which == "job":
            figures = largest_job_figures(trace=trace)
        elif which == "job-distinct":
            from django.conf import settings

            figures = largest_job_figures(distinct=settings.LIMITS["PRINT_MAX_CARDS"], trace=trace)
        else:
            figures = largest_preview_figures(trace=trace)
        print(json.dumps(figures), flush=True)
        return
    for name in ("job", "preview") if which == "both" else (which,):
        env = {**os.environ, "_KARTYAVAR_MEASURE_CHILD": "1"}
        command = [sys.executable, "-m", "printing.measure", name] + (["--trace"] if trace else [])
        subprocess.run(command, env=env, check=True)  # noqa: S603 - our own interpreter and module


if __name__ == "__main__":
    main(sys.argv[1:])
