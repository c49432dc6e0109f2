"""The PDF writer's memory does not grow with the number of distinct faces.

ReportLab on its own keeps every image's bytes until it saves, then holds the
formatted file twice more; 2,000 distinct faces took a worker past 1.1 GB.
The writer keeps images as paths and writes the file object by object, so
its Python heap stays a small fraction of the images it embeds.
"""

from __future__ import annotations

import io
import random
import tracemalloc
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase import pdfdoc

from printing.layout import SheetOptions
from printing.pdf import PrintItem, PrintOptions, write_pdf


@pytest.fixture(scope="module")
def noisy_jpegs(tmp_path_factory) -> list[Path]:
    """40 distinct JPEGs that do not compress (noise), ~120 kB each."""
    folder = tmp_path_factory.mktemp("noise")
    generator = random.Random(18)
    paths = []
    for index in range(41):
        picture = Image.frombytes("RGB", (260, 360), generator.randbytes(260 * 360 * 3))
        path = folder / f"face-{index}.jpg"
        picture.save(path, "JPEG", quality=92, subsampling=0)
        paths.append(path)
    return paths


def _images(reader: PdfReader) -> set:
    names = set()
    for page in reader.pages:
        for name, obj in page["/Resources"].get("/XObject", {}).items():
            names.add((name, obj.idnum))
    return names


def test_memory_stays_flat_however_many_distinct_faces(noisy_jpegs, tmp_path):
    faces, back = noisy_jpegs[:-1], noisy_jpegs[-1]
    embedded = sum(p.stat().st_size for p in noisy_jpegs)
    assert embedded > 4_000_000
    items = [PrintItem(key=str(p), image_path=p, count=1) for p in faces]
    options = PrintOptions(sheet=SheetOptions(bleed_mm=3), backs=back, title="Zaj")
    out = tmp_path / "sheets.pdf"
    write_pdf(items[:1], options, io.BytesIO())  # once: the font is read and kept for good
    tracemalloc.start()
    try:
        summary = write_pdf(items, options, out)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # ReportLab alone peaks above three times the images; the writer under a quarter of them.
    assert peak < embedded / 4, (peak, embedded)
    assert summary.distinct_images == 41 and summary.pages == 10
    reader = PdfReader(out)
    assert len(reader.pages) == 10
    assert len({idnum for _name, idnum in _images(reader)}) == 41
    assert out.stat().st_size > embedded  # every JPEG is in the file, byte for byte
    with Image.open(faces[0]) as original:
        first = reader.pages[0]["/Resources"]["/XObject"]
        sizes = {
            (obj.get_object()["/Width"], obj.get_object()["/Height"]) for obj in first.values()
        }
        assert original.size in sizes


def test_the_writer_puts_reportlab_back_as_it_found_it(noisy_jpegs):
    before = (pdfdoc.PDFFile, pdfdoc.PDFImageXObject)
    out = io.BytesIO()
    items = [PrintItem(key="a", image_path=noisy_jpegs[0], count=3)]
    write_pdf(items, PrintOptions(sheet=SheetOptions(), backs=None), out)
    assert (pdfdoc.PDFFile, pdfdoc.PDFImageXObject) == before
    assert len(PdfReader(io.BytesIO(out.getvalue())).pages) == 1
    with pytest.raises(Exception):  # noqa: B017 - a failing write restores them too
        write_pdf(
            [PrintItem(key="a", image_path=noisy_jpegs[0], count=1)],
            PrintOptions(sheet=SheetOptions(), backs=None, title=object()),
            io.BytesIO(),
        )
    assert (pdfdoc.PDFFile, pdfdoc.PDFImageXObject) == before
