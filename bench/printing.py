"""Print-and-play PDF benchmark: a cached 45-card deck against img2pdf, and ONIROO cold.

    .venv/bin/python bench/printing.py
    .venv/bin/python bench/printing.py --runs 9

Reads the shipped card data files directly (no database, no Django).

(a) A 45-card Álomfogó deck, 15 distinct faces × 3, with the faces already
    rendered as JPEG files (the face cache is warm): the median time of
    ``printing.pdf.write_pdf`` (A4, crop marks, back pages) against
    ``img2pdf.convert`` of the same 45 JPEG files one per page, and the PDF's
    size against the bytes of its distinct images (15 faces and the back).
    Goals: time ≤ 2 × img2pdf; size ≤ 1.05 × distinct images + 100 kB.
(b) The 173-card ONIROO game cold (no face cached): render every face with
    ``catalog.render.render_face``, save it as JPEG, render the back, write
    the PDF with backs; total seconds and pages per second.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import img2pdf  # noqa: E402

from catalog.records import shipped_records  # noqa: E402
from catalog.render import render_back, render_face  # noqa: E402
from printing.layout import SheetOptions  # noqa: E402
from printing.pdf import JPEG_QUALITY, PrintItem, PrintOptions, write_pdf  # noqa: E402

TIME_RATIO_GOAL = 2.0
SIZE_FACTOR_GOAL = 1.05
SIZE_SLACK_BYTES = 100_000


def save_jpeg(image, path: Path) -> Path:
    image.save(path, "JPEG", quality=JPEG_QUALITY, subsampling=0)
    return path


def median_seconds(action, runs: int) -> float:
    action()  # warm up: imports, font registration, file cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def deck_against_img2pdf(folder: Path, runs: int) -> None:
    print("(a) 45-card Álomfogó deck (15 distinct × 3), faces cached as JPEG, A4, backs on")
    cards = shipped_records("alomfogo")[:15]
    faces = [save_jpeg(render_face(c), folder / f"{c['code']}.jpg") for c in cards]
    back = save_jpeg(render_back("alomfogo"), folder / "alomfogo-back.jpg")
    items = [
        PrintItem(key=c["code"], image_path=p, count=3) for c, p in zip(cards, faces, strict=True)
    ]
    options = PrintOptions(sheet=SheetOptions(), backs=back, title="Álomfogó bench deck")
    deck_files = [str(p) for p in faces for _ in range(3)]

    result = {}

    def ours() -> None:
        out = io.BytesIO()
        result["summary"] = write_pdf(items, options, out)
        result["bytes"] = len(out.getvalue())

    def theirs() -> None:
        result["img2pdf_bytes"] = len(img2pdf.convert(deck_files))

    ours_s = median_seconds(ours, runs)
    theirs_s = median_seconds(theirs, runs)
    ratio = ours_s / theirs_s
    summary = result["summary"]
    distinct = sum(p.stat().st_size for p in [*faces, back])
    limit = SIZE_FACTOR_GOAL * distinct + SIZE_SLACK_BYTES
    print(
        f"    write_pdf   {ours_s * 1000:8.1f} ms  median of {runs}  "
        f"({summary.pages} pages, {summary.cards} cards, {summary.distinct_images} images)"
    )
    print(f"    img2pdf     {theirs_s * 1000:8.1f} ms  median of {runs}  (45 pages, one JPEG each)")
    print(f"    ratio       {ratio:8.2f} ×   goal ≤ {TIME_RATIO_GOAL:.0f} ×: {verdict(ratio <= 2)}")
    print(
        f"    PDF size    {result['bytes'] / 1000:8.1f} kB  distinct images "
        f"{distinct / 1000:.1f} kB (img2pdf's file: {result['img2pdf_bytes'] / 1000:.1f} kB)"
    )
    print(
        f"    size goal   ≤ {SIZE_FACTOR_GOAL} × distinct + 100 kB = {limit / 1000:.1f} kB: "
        f"{verdict(result['bytes'] <= limit)}  ({result['bytes'] / distinct:.3f} × distinct)"
    )


def oniroo_cold(folder: Path) -> None:
    cards = shipped_records("oniroo")
    print(f"(b) ONIROO, {len(cards)} cards cold: render each face, save JPEG, PDF with backs")
    start = time.perf_counter()
    items = []
    for card in cards:
        path = save_jpeg(render_face(card), folder / f"oniroo-{card['code']}.jpg")
        items.append(PrintItem(key=card["code"], image_path=path, count=1))
    back = save_jpeg(render_back("oniroo"), folder / "oniroo-back.jpg")
    rendered = time.perf_counter()
    out = folder / "oniroo.pdf"
    summary = write_pdf(items, PrintOptions(sheet=SheetOptions(), backs=back, title="ONIROO"), out)
    done = time.perf_counter()
    total = done - start
    each_ms = (rendered - start) / len(cards) * 1000
    print(f"    render + JPEG  {rendered - start:7.2f} s  ({each_ms:.1f} ms a face)")
    print(
        f"    write_pdf      {done - rendered:7.2f} s  ({summary.pages} pages, "
        f"{summary.distinct_images} images, {out.stat().st_size / 1e6:.1f} MB)"
    )
    print(f"    end to end     {total:7.2f} s  {summary.pages / total:.1f} pages/s")
    print(f"    PDF alone      {summary.pages / (done - rendered):7.1f} pages/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kartyavar-bench-") as folder:
        oniroo_cold(Path(folder))  # first, so that nothing is warm yet
        deck_against_img2pdf(Path(folder), args.runs)


if __name__ == "__main__":
    main()
