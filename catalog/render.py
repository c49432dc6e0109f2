"""Card faces: render (catalog.faces layouts) and cache them on disk by content.

`render_face(card)` draws a face at print resolution (poker size, 63 x 88 mm,
744 x 1039 px at 300 DPI; bleed widens the background on every side). For
another card size (`card_mm`) the poker card is scaled evenly to fit it and
centred, with a band of its background on two sides (see `Canvas`): a face
keeps its proportions at every size.
`face_file(card, ...)` returns the cached PNG or WebP file, rendering it first
when the card's data, its art, the layout version or the options changed:
the file name is a hash of all of them, so a stale face is never served and
the cache survives restarts.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from pathlib import Path

from PIL import Image

from catalog.faces.common import Canvas, is_poker
from catalog.records import row_record
from core.games import get_game

# Raise when any layout's drawing changes: every cached face is then redrawn.
LAYOUT_VERSION = 2
THUMB_WIDTH = 250
# A face seen up close on the live table (hover, focus, long press): twice the
# table's size and still crisp on 2x screens, a sixth of the PNG's bytes.
LARGE_WIDTH = 500
# fmt -> (Pillow format, file extension, width to scale to or None for full size)
FORMATS = {
    "png": ("PNG", "png", None),
    "webp": ("WEBP", "webp", THUMB_WIDTH),
    "large": ("WEBP", "webp", LARGE_WIDTH),
}
VARIANTS = {"png": "full", "webp": "thumb", "large": "large"}


def face_record(card) -> dict:
    """The renderer's input: a card record (given, or made from a Card row) plus its art path."""
    if isinstance(card, dict):
        return card
    return {**row_record(card), "image": card.image.path if card.image else None}


def _layout(game: str):
    """The game's face layout module (a room named in the registry); KeyError if unknown."""
    return get_game(game).face_layout()


def _art(record: dict) -> Image.Image | None:
    path = record.get("image")
    if not path:
        return None
    with Image.open(path) as picture:
        picture.load()
        return picture


CardSize = tuple[float, float] | None  # (width, height) in mm; None: poker


def render_face(
    card, *, dpi: int = 300, bleed_mm: float = 0.0, card_mm: CardSize = None
) -> Image.Image:
    return render_face_canvas(card, dpi=dpi, bleed_mm=bleed_mm, card_mm=card_mm).result()


def render_face_canvas(
    card, *, dpi: int = 300, bleed_mm: float = 0.0, card_mm: CardSize = None
) -> Canvas:
    """The canvas after drawing, with its record of parts and text fits (for tests)."""
    record = face_record(card)
    canvas = Canvas(dpi=dpi, bleed_mm=bleed_mm, card_mm=card_mm)
    _layout(record["game"]).draw_face(canvas, record, _art(record))
    return canvas


def render_back(
    game: str, *, dpi: int = 300, bleed_mm: float = 0.0, card_mm: CardSize = None
) -> Image.Image:
    canvas = Canvas(dpi=dpi, bleed_mm=bleed_mm, card_mm=card_mm)
    _layout(game).draw_back(canvas)
    return canvas.result()


def _size_key(card_mm: CardSize) -> list[float] | None:
    """The card size in a cache key; None for poker, so poker keys stay what they were."""
    return None if is_poker(card_mm) else [float(card_mm[0]), float(card_mm[1])]


def face_hash(
    record: dict, *, dpi: int, bleed_mm: float, variant: str, card_mm: CardSize = None
) -> str:
    art = record.get("image")
    art_stamp = None
    if art and os.path.exists(art):
        stat = os.stat(art)
        art_stamp = [os.path.basename(art), stat.st_size, stat.st_mtime_ns]
    payload = {
        "card": {k: v for k, v in record.items() if k != "image"},
        "art": art_stamp,
        "layout": LAYOUT_VERSION,
        "dpi": dpi,
        "bleed": bleed_mm,
        "variant": variant,
    }
    size = _size_key(card_mm)
    if size is not None:
        payload["size"] = size
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(blob).hexdigest()


def face_version(card) -> str:
    """A short tag that changes whenever the card's face would change (for URLs)."""
    return face_hash(face_record(card), dpi=0, bleed_mm=0, variant="version")[:12]


def back_version(game: str) -> str:
    """A short tag that changes whenever the game's back would change (for URLs)."""
    return back_hash(game, dpi=0, bleed_mm=0, variant="version")[:12]


def back_hash(
    game: str, *, dpi: int, bleed_mm: float, variant: str, card_mm: CardSize = None
) -> str:
    parts = [game, LAYOUT_VERSION, dpi, bleed_mm, variant]
    size = _size_key(card_mm)
    if size is not None:
        parts.append(size)
    blob = json.dumps(parts).encode()
    return hashlib.sha256(blob).hexdigest()


def _write_atomically(image: Image.Image, path: Path, fmt: str) -> None:
    # Another process may render the same face at the same moment; writing to
    # a temporary file and renaming means a reader never sees half a file.
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            if fmt == "PNG":
                image.save(out, "PNG", compress_level=3)
            else:
                image.save(out, "WEBP", quality=82, method=4)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _cached(key: str, fmt: str, cache_dir: Path, draw) -> Path:
    pillow_format, extension, width = FORMATS[fmt]
    path = cache_dir / key[:2] / f"{key}.{extension}"
    if path.exists():
        return path
    image = draw()
    if width:
        height = round(image.height * width / image.width)
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    _write_atomically(image, path, pillow_format)
    return path


def prune_face_cache(cache_dir: Path, *, max_bytes: int, keep_seconds: float) -> dict:
    """Delete the faces unused longest until the cache holds at most ``max_bytes``.

    Every option a visitor may choose (bleed in tenths of a millimetre, card
    sizes, print copies as JPEG) is another file, so without a bound the cache
    grows with what visitors ask for. A file's last use is the later of its
    access and modification times (the file is not touched on a hit: the
    print JPEG copies are keyed on the source's mtime). Linux's default
    `relatime` refreshes the access time at most once a day, so files used in
    the last ``keep_seconds`` (more than a day) stay even over the bound: a
    running print job may be reading them.
    """
    files = []
    for path in cache_dir.rglob("*"):
        try:
            stat = path.stat()
        except OSError:
            continue  # deleted meanwhile
        if path.is_file():
            files.append((max(stat.st_atime, stat.st_mtime), stat.st_size, path))
    total = sum(size for _used, size, _path in files)
    deleted = freed = 0
    cutoff = time.time() - keep_seconds
    for used, size, path in sorted(files):
        if total - freed <= max_bytes or used > cutoff:
            break
        try:
            path.unlink()
        except OSError:
            continue
        deleted += 1
        freed += size
    return {"files": len(files), "bytes": total, "deleted": deleted, "freed": freed}


def default_cache_dir() -> Path:
    from django.conf import settings

    return Path(settings.MEDIA_ROOT) / "faces"


def face_file(card, **finish) -> tuple[Path, str]:
    """The cached face file (rendered if missing) and its content key (an ETag).

    `finish`: fmt ("png"), dpi (300), bleed_mm (0), card_mm (the game's size), cache_dir.
    """
    record = face_record(card)
    return _cached_file(record, face_hash, render_face, **finish)


def back_file(game: str, **finish) -> tuple[Path, str]:
    """The cached card back of `game` and its content key; `finish` as for face_file."""
    return _cached_file(game, back_hash, render_back, **finish)


def _cached_file(
    subject,
    hash_of,
    render,
    *,
    fmt: str = "png",
    dpi: int = 300,
    bleed_mm: float = 0.0,
    card_mm: CardSize = None,
    cache_dir: Path | None = None,
) -> tuple[Path, str]:
    """A face or back rendered once per content key, then read from the cache folder."""
    key = hash_of(subject, dpi=dpi, bleed_mm=bleed_mm, variant=VARIANTS[fmt], card_mm=card_mm)
    cache = cache_dir or default_cache_dir()
    path = _cached(
        key, fmt, cache, lambda: render(subject, dpi=dpi, bleed_mm=bleed_mm, card_mm=card_mm)
    )
    return path, key
