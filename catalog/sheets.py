"""Contact sheets: many card faces on one image, for reviewing a game's layout."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image

from catalog.render import face_file, render_face


def contact_sheet(
    faces: list[Image.Image], *, columns: int = 8, scale: float = 0.25, gap: int = 12
) -> Image.Image:
    """The faces in rows, scaled, on a neutral background."""
    if not faces:
        raise ValueError("no faces to put on a sheet")
    width = round(faces[0].width * scale)
    height = round(faces[0].height * scale)
    rows = -(-len(faces) // columns)
    sheet = Image.new(
        "RGB",
        (columns * width + (columns + 1) * gap, rows * height + (rows + 1) * gap),
        (236, 232, 240),
    )
    for index, face in enumerate(faces):
        row, column = divmod(index, columns)
        thumb = face.resize((width, height), Image.Resampling.LANCZOS)
        sheet.paste(thumb, (gap + column * (width + gap), gap + row * (height + gap)))
    return sheet


def _render(record: dict) -> Image.Image:
    return render_face(record)


def render_all(records: list[dict], *, workers: int = 1) -> list[Image.Image]:
    """Every face, in order; with workers > 1, in that many processes."""
    if workers <= 1:
        return [_render(r) for r in records]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_render, records, chunksize=8))


def _warm(args: tuple[dict, Path]) -> None:
    record, cache_dir = args
    face_file(record, fmt="png", cache_dir=cache_dir)
    face_file(record, fmt="webp", cache_dir=cache_dir)


def warm_cache(records: list[dict], *, cache_dir: Path, workers: int = 1) -> int:
    """Render every missing face (full and thumbnail) into the cache."""
    jobs = [(r, cache_dir) for r in records]
    if workers <= 1:
        for job in jobs:
            _warm(job)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            list(pool.map(_warm, jobs, chunksize=8))
    return len(jobs)
