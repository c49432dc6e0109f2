"""Print-and-play PDF: card faces on sheets, crop marks, optional cut lines and backs.

Pure: no Django. Geometry comes from ``printing.layout`` (millimetres from the
page's top-left corner); this module only draws it with ReportLab (points from
the bottom-left corner; ``MillimetrePage`` converts in one place).

Size and speed come from three choices:

- every face is a JPEG file handed to ``canvas.drawImage`` by its path, so
  ReportLab copies the JPEG bytes into the file as they are (DCTDecode, no
  decoding, no re-encoding) and embeds a path once however often it is drawn
  (its XObject cache is keyed by the path); faces that come as PNG are
  converted once by ``as_jpeg`` (quality 92, no chroma subsampling);
- ASCII85 is switched off while a PDF is written, so nothing is inflated by
  a quarter;
- page content streams are Flate-compressed;
- memory stays flat however many distinct faces a job has: an image keeps
  its file's path, not its bytes, until its own object is written, and the
  file is written object by object as ReportLab formats them (ReportLab
  alone holds every image until it saves, then the whole file twice more:
  2,000 distinct faces took a worker to 1.1 GB; see ``streamed_document``).

A face covers its bleed rectangle when the sheet has a bleed (the file must
then be rendered with that bleed: a picture whose proportions are those of the
trim is placed on the trim instead, never stretched); it is clipped so that a
neighbour's bleed never paints over a card: on the grid's outer sides the
picture runs out by the whole bleed, between two cards by at most half the gap
(``layout.picture_rect`` and ``layout.clip_rects``, which the preview uses too).

Each card has its own back (a list may mix games); a back page shows, behind
each front slot, the back of the card in that slot.

The only font declared is the embedded DejaVu one (the canvas starts with it),
so print shops' preflight finds no font that is not embedded.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from PIL import Image
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printing.layout import (
    LayoutError,
    Rect,
    Segment,
    SheetLayout,
    SheetOptions,
    back_slots,
    check_flip,
    clip_rects,
    cut_line_segments,
    picture_rect,
    sheet_layout,
)

PT_PER_MM = 72.0 / 25.4
JPEG_QUALITY = 92
CROP_MARK_WIDTH_PT = 0.5
CUT_LINE_WIDTH_PT = 0.25
CUT_LINE_GREY = 0.6  # 0 black .. 1 white
LABEL_GREY = 0.35
LABEL_SIZE_PT = 6.5
LABEL_MIN_SIZE_PT = 4.0
# A file's properties (a PDF viewer's "Document properties"). The site makes the file, so
# it is the author: never the person who printed it, whose name would travel with a shared
# file. In both languages, as the sheets' labels are: one file may serve either reader.
SITE_NAME = "Kártyavár"
CARD_SHEETS_SUBJECT = "kártyalapok nyomtatáshoz / print-and-play card sheets"
FRONT_LABEL = "előlap / front"
BACK_LABEL = "hátlap / back"
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
JPEG_SUFFIXES = (".jpg", ".jpeg")

_FONT_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"
_FONT_FILES = {"KVSans": "DejaVuSansCondensed.ttf", "KVSans-Bold": "DejaVuSansCondensed-Bold.ttf"}


class PrintError(LayoutError):
    """Print input that cannot make a PDF (same shape as LayoutError: code, message_hu/_en)."""


@dataclass
class PrintItem:
    key: str  # the face's content hash or card code: equal keys are one embedded image
    image_path: Path
    count: int
    back: Path | None = None  # this card's back image; None: PrintOptions.backs


@dataclass
class PrintOptions:
    sheet: SheetOptions
    crop_marks: bool = True
    cut_lines: bool = False
    # The back image of the items without one of their own. Back pages are
    # written when this or any item's back is given.
    backs: Path | None = None
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    quantity: int = 1
    title: str = ""


@dataclass(frozen=True)
class PdfSummary:
    pages: int
    sheets: int
    cards: int
    distinct_images: int  # image objects embedded (distinct faces, plus the back)


# ---------------------------------------------------------------- JPEG files

_jpeg_cache: dict[tuple[str, int, int], Path] = {}


def as_jpeg(path: Path | str) -> Path:
    """A JPEG file with this picture: the path itself for a JPEG, else a converted copy.

    The copy (quality 92, 4:4:4, transparency flattened onto white) is written
    once next to the source as ``<name>.print.jpg``, or in the temporary folder
    when that folder is read-only, and reused while the source's path, mtime
    and size stay the same.
    """
    path = Path(path)
    if path.suffix.lower() in JPEG_SUFFIXES:
        return path
    stat = path.stat()
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    hit = _jpeg_cache.get(key)
    if hit is not None and hit.exists():
        return hit
    stamp = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    targets = (
        path.with_name(f"{path.name}.print.jpg"),
        Path(tempfile.gettempdir()) / "kartyavar-print-jpeg" / f"{stamp}.jpg",
    )
    problem: OSError | None = None
    for target in targets:
        try:
            if not (target.exists() and target.stat().st_mtime_ns >= stat.st_mtime_ns):
                _convert_to_jpeg(path, target)
        except OSError as error:
            problem = error
            continue
        _jpeg_cache[key] = target
        return target
    raise problem  # type: ignore[misc]


def _convert_to_jpeg(source: Path, target: Path) -> None:
    with Image.open(source) as picture:
        picture.load()
        if picture.mode in ("RGBA", "LA") or "transparency" in picture.info:
            rgba = picture.convert("RGBA")
            flat = Image.new("RGB", rgba.size, (255, 255, 255))
            flat.paste(rgba, mask=rgba.getchannel("A"))
            picture = flat
        elif picture.mode not in ("RGB", "L", "CMYK"):
            picture = picture.convert("RGB")
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written under a temporary name and renamed: a concurrent reader never sees half a file.
        handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                picture.save(out, "JPEG", quality=JPEG_QUALITY, subsampling=0)
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise


def _pixel_size(path: Path) -> tuple[int, int]:
    with Image.open(path) as picture:  # reads the header only
        return picture.size


# ---------------------------------------------------------------- ReportLab set-up

_settings_lock = threading.RLock()


@contextmanager
def plain_streams() -> Iterator[None]:
    """Switch ReportLab's ASCII85 stream encoding off while a PDF is made.

    ``rl_config.useA85`` is read whenever a stream is built or written, so it
    is held off (under a lock, then restored) for the canvas's whole life.
    """
    with _settings_lock:
        saved = rl_config.useA85
        rl_config.useA85 = 0
        try:
            yield
        finally:
            rl_config.useA85 = saved


class _JpegByPath(pdfdoc.PDFImageXObject):
    """An image XObject that holds a JPEG file's path, and its bytes only while written.

    ReportLab's own reads the whole file when the image is first drawn and
    keeps it until the document is saved.
    """

    def __init__(self, name, source=None, mask=None):
        self._path = None
        if not (isinstance(source, str) and source.lower().endswith(JPEG_SUFFIXES)):
            super().__init__(name, source, mask)
            return
        super().__init__(name, None, mask)
        with open(source, "rb") as handle:
            if not self.loadImageFromJPEG(handle):  # sets size, colour space and DCT filter
                super().__init__(name, source, mask)
                return
        self.streamContent = None
        self._path = source

    def format(self, document):
        if self._path is None:
            return super().format(document)
        with open(self._path, "rb") as handle:
            self.streamContent = handle.read()
        try:
            return super().format(document)
        finally:
            self.streamContent = None


@contextmanager
def streamed_document(out: BinaryIO) -> Iterator[None]:
    """While a canvas writing to ``out`` lives: images by path, and each object written at once.

    ReportLab formats a document into a list of byte strings and joins them
    before writing, so a file of N bytes costs 2 N of memory on top of the
    images it already holds. Its collector (``pdfdoc.PDFFile``, looked up by
    name when saving) is replaced by one that writes to ``out`` directly, and
    its image class by ``_JpegByPath``. Both are module globals, so they are
    swapped under the settings lock and restored.
    """

    def collector(*args, **kwargs):
        collected = original_file(*args, **kwargs)
        for chunk in collected.strings:  # the header, added by its constructor
            out.write(chunk)
        collected.strings = []  # so that its format() gives b"" and nothing is written twice
        collected.write = out.write
        return collected

    with _settings_lock:  # read inside the lock: another thread's swap is over by then
        original_file, saved_image = pdfdoc.PDFFile, pdfdoc.PDFImageXObject
        pdfdoc.PDFFile, pdfdoc.PDFImageXObject = collector, _JpegByPath
        try:
            yield
        finally:
            pdfdoc.PDFFile, pdfdoc.PDFImageXObject = original_file, saved_image


def font_name(bold: bool = False) -> str:
    """A registered font with Hungarian letters (DejaVu), or Helvetica if the file is missing."""
    name = "KVSans-Bold" if bold else "KVSans"
    try:
        pdfmetrics.getFont(name)
        return name
    except KeyError:
        pass
    path = _FONT_DIR / _FONT_FILES[name]
    if not path.exists():
        return "Helvetica-Bold" if bold else "Helvetica"
    pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def new_canvas(
    out: BinaryIO | Path | str,
    layout: SheetLayout,
    *,
    title: str = "",
    subject: str = CARD_SHEETS_SUBJECT,
) -> Canvas:
    """A canvas for this sheet: page size, compression, PDF 1.7 (for Duplex), no print
    scaling, and the file's properties (ReportLab's own are "anonymous", "unspecified")."""
    target = str(out) if isinstance(out, Path | str) else out
    canvas = Canvas(
        target,
        pagesize=(layout.page_w * PT_PER_MM, layout.page_h * PT_PER_MM),
        pageCompression=1,
        pdfVersion=(1, 7),
        # The canvas declares its initial font on every page; ReportLab's default,
        # Helvetica, would be a font that is not embedded (preflight checks refuse it).
        initialFontName=font_name(),
    )
    canvas.setPageCompression(1)
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setCreator(SITE_NAME)
    canvas.setAuthor(SITE_NAME)
    canvas.setSubject(subject)
    canvas.setTitle(title.strip() or SITE_NAME)
    return canvas


class MillimetrePage:
    """Millimetres from the top-left (layout) to points from the bottom-left (PDF), in one place."""

    def __init__(self, canvas: Canvas, layout: SheetLayout) -> None:
        self.canvas = canvas
        self.page_h = layout.page_h

    def point(self, x: float, y: float) -> tuple[float, float]:
        return x * PT_PER_MM, (self.page_h - y) * PT_PER_MM

    def rect(self, r: Rect) -> tuple[float, float, float, float]:
        """(x, y, w, h) in points of the rect's bottom-left corner."""
        return (
            r.x * PT_PER_MM,
            (self.page_h - r.y - r.h) * PT_PER_MM,
            r.w * PT_PER_MM,
            r.h * PT_PER_MM,
        )

    def line(self, s: Segment) -> tuple[float, float, float, float]:
        return (*self.point(s.x1, s.y1), *self.point(s.x2, s.y2))

    def image(self, path: Path, picture: Rect, clip: Rect) -> None:
        c = self.canvas
        c.saveState()
        outline = c.beginPath()
        outline.rect(*self.rect(clip))
        c.clipPath(outline, stroke=0, fill=0)
        x, y, w, h = self.rect(picture)
        c.drawImage(str(path), x, y, w, h)
        c.restoreState()

    def lines(self, segments: list[Segment], *, width_pt: float, grey: float) -> None:
        if not segments:
            return
        c = self.canvas
        c.saveState()
        c.setLineWidth(width_pt)
        c.setLineCap(0)  # butt: a mark ends exactly where the layout says
        c.setStrokeGray(grey)
        c.lines([self.line(s) for s in segments])
        c.restoreState()


# ---------------------------------------------------------------- geometry helpers


def map_to_back(
    layout: SheetLayout, rects: tuple[Rect, ...], *, flip: str, offset_mm: tuple[float, float]
) -> tuple[Rect, ...]:
    """Where arbitrary front rects (or points: w = h = 0) land on the back page.

    Uses ``back_slots`` itself on a copy of the layout whose slots are these
    rects, so every mirrored position agrees with the layout's own rule.
    """
    return back_slots(replace(layout, slots=tuple(rects)), flip=flip, offset_mm=offset_mm)


def _label_text(title: str, sheet: int, sheets: int, side: str) -> str:
    parts = [title.strip()] if title.strip() else []
    parts += [f"{sheet}/{sheets}", side]
    return " · ".join(parts)


def _free_spans(start: float, end: float, blocked: list[tuple[float, float]]) -> list[tuple]:
    spans, cursor = [], start
    for low, high in sorted(blocked):
        if low > cursor:
            spans.append((cursor, min(low, end)))
        cursor = max(cursor, high)
        if cursor >= end:
            break
    if cursor < end:
        spans.append((cursor, end))
    return [(a, b) for a, b in spans if b > a]


def _place(span: tuple[float, float], width: float, centre: float) -> float:
    """The centre for a text this wide in this gap, as near the page's centre as it fits."""
    return min(max(centre, span[0] + width / 2), span[1] - width / 2)


def draw_label(
    page: MillimetrePage, layout: SheetLayout, text: str, painted: list[Rect], marks: list[Segment]
) -> bool:
    """Write the sheet's label small and grey in the bottom margin (or the top one).

    It stays inside the printable area, below (above) everything painted, and
    beside every mark that crosses its line. False if there is no room.
    """
    margin = layout.options.margin_mm
    low_edge = max(r.y + r.h for r in painted)
    high_edge = min(r.y for r in painted)
    bands = [(low_edge + 0.5, layout.page_h - margin), (margin, high_edge - 0.5)]
    name = font_name()
    for top, bottom in bands:
        height = bottom - top
        size = min(LABEL_SIZE_PT, height * PT_PER_MM / 1.1)
        if size < LABEL_MIN_SIZE_PT:
            continue
        size_mm = size / PT_PER_MM
        baseline = (top + bottom) / 2 + 0.27 * size_mm
        blocked = [
            (min(s.x1, s.x2) - 1.0, max(s.x1, s.x2) + 1.0)
            for s in marks
            if max(s.y1, s.y2) >= top - 0.2 and min(s.y1, s.y2) <= bottom + 0.2
        ]
        spans = _free_spans(margin, layout.page_w - margin, blocked)
        if not spans:
            continue
        centre = layout.page_w / 2
        shown = text
        width = pdfmetrics.stringWidth(shown, name, size) / PT_PER_MM
        fitting = [s for s in spans if s[1] - s[0] >= width]
        if fitting:
            x = min((_place(s, width, centre) for s in fitting), key=lambda x: abs(x - centre))
        else:  # no gap is wide enough: the widest one, smaller type, then a shorter title
            left, right = max(spans, key=lambda s: s[1] - s[0])
            room_pt = (right - left) * PT_PER_MM
            while pdfmetrics.stringWidth(shown, name, size) > room_pt and size > LABEL_MIN_SIZE_PT:
                size = max(LABEL_MIN_SIZE_PT, size - 0.5)
            while pdfmetrics.stringWidth(shown, name, size) > room_pt and len(shown) > 1:
                shown = shown[:-2] + "…"
            if pdfmetrics.stringWidth(shown, name, size) > room_pt:
                continue
            x = (left + right) / 2
        c = page.canvas
        c.saveState()
        c.setFillGray(LABEL_GREY)
        c.setFont(name, size)
        c.drawCentredString(*page.point(x, baseline), shown)
        c.restoreState()
        return True
    return False


# ---------------------------------------------------------------- the writer


def _check(items: list[PrintItem], options: PrintOptions) -> None:
    quantity = options.quantity
    if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
        raise PrintError(
            "bad_number",
            f"A példányszám legalább 1 egész szám legyen (megadott érték: {quantity!r}).",
            f"The quantity must be a whole number of at least 1 (got {quantity!r}).",
        )
    for item in items:
        if isinstance(item.count, bool) or not isinstance(item.count, int) or item.count < 0:
            raise PrintError(
                "bad_number",
                f"A(z) {item.key} lap darabszáma nem lehet {item.count!r}.",
                f"The count of {item.key} cannot be {item.count!r}.",
            )
    if not any(item.count for item in items):
        raise PrintError(
            "empty", "Nincs mit nyomtatni: a lista üres.", "There is nothing to print: no cards."
        )
    check_flip(options.flip)
    missing = [str(i.image_path) for i in items if i.count and not Path(i.image_path).is_file()]
    backs = {options.backs, *(i.back for i in items if i.count)} - {None}
    missing += sorted(str(path) for path in backs if not Path(path).is_file())
    if backs and options.backs is None:
        without = [i.key for i in items if i.count and i.back is None]
        if without:
            raise PrintError(
                "missing_back",
                f"A(z) {without[0]} lapnak nincs hátoldala.",
                f"The card {without[0]} has no back.",
            )
    if missing:
        raise PrintError(
            "missing_image",
            f"Hiányzó képfájl: {missing[0]}",
            f"Missing image file: {missing[0]}",
        )


def write_pdf(
    items: list[PrintItem],
    options: PrintOptions,
    out: BinaryIO | Path,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> PdfSummary:
    """Write the cards (each item ``count`` times, the whole list ``quantity`` times) as sheets.

    Raises ``LayoutError`` (or its subclass ``PrintError``) before writing a
    byte when the options or the items cannot make a PDF.
    """
    layout = sheet_layout(options.sheet)
    _check(items, options)

    # One JPEG file per distinct key (the first item with a key gives its picture),
    # and one per distinct back.
    files: dict[str, Path] = {}
    for item in items:
        if item.count and item.key not in files:
            files[item.key] = as_jpeg(item.image_path)
    back_files = {
        str(path): as_jpeg(path)
        for path in (options.backs, *(i.back for i in items if i.count))
        if path is not None
    }
    with_backs = bool(back_files)
    sizes = {path: _pixel_size(path) for path in {*files.values(), *back_files.values()}}

    def back_of(item: PrintItem) -> Path | None:
        back = item.back if item.back is not None else options.backs
        return back_files[str(back)] if back is not None else None

    order = [
        (files[i.key], back_of(i))
        for _ in range(options.quantity)
        for i in items
        for _ in range(i.count)
    ]
    per_page = layout.per_page
    sheets = math.ceil(len(order) / per_page)
    pages = sheets * (2 if with_backs else 1)
    # One step per picture placed (a back page places as many as its front)
    # and per page finished, so the bar moves on through every page, backs too.
    total = len(order) * (2 if with_backs else 1) + pages
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    bleed = layout.options.bleed_mm
    clips = clip_rects(layout)
    marks = list(layout.crop_marks) if options.crop_marks else []
    cuts = cut_line_segments(layout) if options.cut_lines else []
    if with_backs:
        flip, offset = options.flip, tuple(options.back_offset_mm)
        backs = back_slots(layout, flip=flip, offset_mm=offset)
        back_clips = map_to_back(layout, clips, flip=flip, offset_mm=offset)

    with ExitStack() as stack:
        handle = out if hasattr(out, "write") else stack.enter_context(Path(out).open("wb"))
        stack.enter_context(plain_streams())
        stack.enter_context(streamed_document(handle))
        canvas = new_canvas(handle, layout, title=options.title)
        canvas.setViewerPreference("Duplex", DUPLEX[options.flip] if with_backs else "Simplex")
        page = MillimetrePage(canvas, layout)
        for sheet in range(sheets):
            cards = order[sheet * per_page : (sheet + 1) * per_page]
            for slot, (path, _back) in enumerate(cards):
                page.image(path, picture_rect(layout.slots[slot], bleed, sizes[path]), clips[slot])
                step()
            page.lines(cuts, width_pt=CUT_LINE_WIDTH_PT, grey=CUT_LINE_GREY)
            page.lines(marks, width_pt=CROP_MARK_WIDTH_PT, grey=0.0)
            label = _label_text(options.title, sheet + 1, sheets, FRONT_LABEL)
            draw_label(page, layout, label, list(clips), marks + cuts)
            canvas.showPage()
            step()
            if with_backs:
                for slot, (_face, back) in enumerate(cards):
                    picture = picture_rect(backs[slot], bleed, sizes[back])
                    page.image(back, picture, back_clips[slot])
                    step()
                label = _label_text(options.title, sheet + 1, sheets, BACK_LABEL)
                draw_label(page, layout, label, list(back_clips), [])
                canvas.showPage()
                step()
        canvas.save()
    distinct = len({str(path) for path in (*files.values(), *back_files.values())})
    return PdfSummary(pages=pages, sheets=sheets, cards=len(order), distinct_images=distinct)
