"""Sheet geometry for print-and-play: page, card size and options in, every position out.

Pure: no Django, no ReportLab. All lengths are millimetres, with the origin at
the page's TOP-LEFT corner and y growing downward (the PDF writer converts).

The rule, per axis (columns from the width, rows from the height):

- the marks start ``mark_start = max(CROP_MARK_OFFSET_MM, bleed_mm)`` outside
  the trim, so they never cross a card's picture (with a 3 mm or wider bleed a
  mark begins exactly where the picture ends);
- the grid (cards plus gaps) must leave, on each side, the mark start plus at
  least ``MIN_CROP_MARK_MM`` (1 mm) of mark before the printer margin; this also
  holds the bleed envelope, since ``mark_start >= bleed_mm``;
- the largest count that fits is taken and the grid is centred on the page;
- each mark is ``CROP_MARK_LENGTH_MM`` long at most and is cut short where the
  printer margin begins, so its length is between 1 and 5 mm;
- with a gap and no bleed, the marks may move in towards the grid, down to
  ``CROP_MARK_MIN_OFFSET_MM`` (1 mm) from the cards, when that keeps the row
  or column that the gap would otherwise cost (never more than fit without a
  gap): A4 portrait holds 3 x 3 poker cards up to a 3.5 mm gap (at 2 mm the
  left and right marks start 2.5 mm outside the grid). Nothing is painted
  outside the trim without a bleed, so a mark still never crosses a card.

Two consequences worth knowing:

- US Letter portrait with poker cards at the default 5 mm printer margin gives
  3 x 2, not 3 x 3: three rows (264 mm) leave 7.7 mm above and below, and a
  mark starting 3 mm outside the trim would begin at 4.7 mm, already inside
  the 5 mm the printer cannot reach. With a printer margin of 3.7 mm or less
  Letter holds 3 x 3 (margins 13.45 / 7.7 mm; the marks above and below the
  grid are then 1 mm long at a 3.7 mm margin, 1.7 mm at 3 mm).
- A4 poker with a 5 mm bleed gives 2 x 3: the marks then start 5 mm outside
  the trim, and three columns leave 10.5 mm on each side, short of the
  5 + 1 + 5 mm needed.
- With a gap, both edges of every column and row are cut lines; a gap under
  a millionth of a millimetre counts as none (one cut line, not two).

Duplex: ``back_slots`` turns the sheet over its long edge ("long") or its
short edge ("short"). On a portrait page the long edge is vertical, so the
backs are mirrored left-right; on a landscape page the long edge is
horizontal, so "long" mirrors top-bottom (and "short" left-right).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# The sizes and limits are print options' (one table for the form, the API and
# this module); they are re-exported here because the geometry is their reader.
from core.bilingual import BilingualError
from printing.options import CARD_SIZES, FLIPS, OPTION, PAGE_LABELS, PAGE_SIZES

CROP_MARK_OFFSET_MM = 3.0  # marks start this far outside the trim (further if the bleed is wider)
CROP_MARK_LENGTH_MM = 5.0  # at most; cut short at the printer margin
MIN_CROP_MARK_MM = 1.0  # a grid is accepted only if every mark keeps at least this much
CROP_MARK_MIN_OFFSET_MM = 1.0  # with a gap and no bleed, marks may start this close to the cards
MAX_BLEED_MM = OPTION["bleed_mm"].high
MAX_MARGIN_MM = OPTION["margin_mm"].high

_EPS = 1e-9  # float slack when deciding whether a row or column fits
_SAME_CUT_MM = 1e-6  # two card edges closer than this (a gap of ~0) make one cut line

_CARD_NAMES_HU = {"poker": "póker", "mini": "mini", "bridge": "bridzs", "tarot": "tarot"}


@dataclass(frozen=True)
class SheetOptions:
    page: str = OPTION["page_size"].default
    landscape: bool = OPTION["landscape"].default
    card: str = OPTION["card_size"].default
    gap_mm: float = float(OPTION["gap_mm"].default)
    bleed_mm: float = float(OPTION["bleed_mm"].default)
    margin_mm: float = float(OPTION["margin_mm"].default)


@dataclass(frozen=True)
class Rect:
    """A rectangle in mm; origin at the page's top-left corner, y grows downward."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Segment:
    """A straight line in mm, same coordinates as Rect; (x1, y1) is the end nearer the trim."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetLayout:
    options: SheetOptions
    page_w: float  # mm (landscape swaps them)
    page_h: float
    card_w: float
    card_h: float
    columns: int
    rows: int
    slots: tuple[Rect, ...]  # trim rectangles, row by row from the top-left
    bleed_rects: tuple[Rect, ...]  # each slot grown by the bleed on every side
    cut_x: tuple[float, ...]  # x of every vertical cut line (with a gap: both column edges)
    cut_y: tuple[float, ...]  # y of every horizontal cut line (with a gap: both row edges)
    # Both ends of every cut line, outside the grid: first the vertical cut lines
    # (for each x: the top mark, then the bottom one), then the horizontal ones
    # (for each y: the left mark, then the right one).
    crop_marks: tuple[Segment, ...]

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


class LayoutError(BilingualError):
    """Options that cannot make a sheet; the message is fit to show the user."""


def sheet_layout(options: SheetOptions) -> SheetLayout:
    """The largest centred grid of cards for these options, with every position on the sheet."""
    page_key = _size_key(options.page, PAGE_SIZES, "page", ("lapméret", "page size"))
    card_key = _size_key(options.card, CARD_SIZES, "card", ("kártyaméret", "card size"))
    gap = _number(options.gap_mm, "gap")
    bleed = _number(options.bleed_mm, "bleed")
    margin = _number(options.margin_mm, "margin")
    if gap < 0:
        raise LayoutError(
            "bad_number",
            f"A kártyák közötti hézag nem lehet negatív (megadott érték: {_hu(gap)} mm).",
            f"The gap between cards cannot be negative (got {_en(gap)} mm).",
        )
    if not 0 <= bleed <= MAX_BLEED_MM:
        raise LayoutError(
            "bad_number",
            f"A kifutó 0 és {_hu(MAX_BLEED_MM)} mm között lehet (megadott érték: {_hu(bleed)} mm).",
            f"The bleed must be between 0 and {_en(MAX_BLEED_MM)} mm (got {_en(bleed)} mm).",
        )
    if not 0 <= margin <= MAX_MARGIN_MM:
        raise LayoutError(
            "bad_number",
            f"A nyomtató margója 0 és {_hu(MAX_MARGIN_MM)} mm között lehet "
            f"(megadott érték: {_hu(margin)} mm).",
            f"The printer margin must be between 0 and {_en(MAX_MARGIN_MM)} mm "
            f"(got {_en(margin)} mm).",
        )

    page_w, page_h = PAGE_SIZES[page_key]
    if options.landscape:
        page_w, page_h = page_h, page_w
    card_w, card_h = CARD_SIZES[card_key]
    mark_start = max(CROP_MARK_OFFSET_MM, bleed)
    # start_x: where the left and right marks begin (set by the columns), start_y:
    # the top and bottom ones (set by the rows).
    columns, start_x = _fit(page_w, card_w, gap=gap, bleed=bleed, margin=margin, start=mark_start)
    rows, start_y = _fit(page_h, card_h, gap=gap, bleed=bleed, margin=margin, start=mark_start)
    if columns < 1 or rows < 1:
        raise _does_not_fit(page_key, options.landscape, card_key, page_w, page_h, margin, bleed)

    grid_w = columns * card_w + (columns - 1) * gap
    grid_h = rows * card_h + (rows - 1) * gap
    left = (page_w - grid_w) / 2
    top = (page_h - grid_h) / 2
    col_x = [left + c * (card_w + gap) for c in range(columns)]
    row_y = [top + r * (card_h + gap) for r in range(rows)]
    right = col_x[-1] + card_w
    bottom = row_y[-1] + card_h

    slots = tuple(Rect(x, y, card_w, card_h) for y in row_y for x in col_x)
    bleed_rects = tuple(
        Rect(s.x - bleed, s.y - bleed, s.w + 2 * bleed, s.h + 2 * bleed) for s in slots
    )
    cut_x = _cuts(col_x, card_w, gap)
    cut_y = _cuts(row_y, card_h, gap)

    marks: list[Segment] = []
    for x in cut_x:
        y1 = top - start_y
        marks.append(Segment(x, y1, x, max(y1 - CROP_MARK_LENGTH_MM, margin)))
        y1 = bottom + start_y
        marks.append(Segment(x, y1, x, min(y1 + CROP_MARK_LENGTH_MM, page_h - margin)))
    for y in cut_y:
        x1 = left - start_x
        marks.append(Segment(x1, y, max(x1 - CROP_MARK_LENGTH_MM, margin), y))
        x1 = right + start_x
        marks.append(Segment(x1, y, min(x1 + CROP_MARK_LENGTH_MM, page_w - margin), y))

    return SheetLayout(
        options=options,
        page_w=page_w,
        page_h=page_h,
        card_w=card_w,
        card_h=card_h,
        columns=columns,
        rows=rows,
        slots=slots,
        bleed_rects=bleed_rects,
        cut_x=cut_x,
        cut_y=cut_y,
        crop_marks=tuple(marks),
    )


def _fit(
    length: float, card: float, *, gap: float, bleed: float, margin: float, start: float
) -> tuple[int, float]:
    """(cards, mark start) along one axis of the page: as many cards as fit with the marks
    ``start`` outside the grid, or, with a gap and no bleed, the count without a gap when
    marks starting nearer (down to CROP_MARK_MIN_OFFSET_MM) make room for it."""
    count = _count(length - 2 * (margin + start + MIN_CROP_MARK_MM), card, gap)
    if gap <= 0 or bleed > 0:
        return count, start
    nearer = min(
        _count(length - 2 * (margin + CROP_MARK_MIN_OFFSET_MM + MIN_CROP_MARK_MM), card, gap),
        _count(length - 2 * (margin + start + MIN_CROP_MARK_MM), card, 0),
    )
    if nearer <= count:
        return count, start
    grid = nearer * card + (nearer - 1) * gap
    return nearer, min(start, (length - grid) / 2 - margin - MIN_CROP_MARK_MM)


def clip_rects(layout: SheetLayout) -> tuple[Rect, ...]:
    """What each card may paint: its trim grown by the bleed, but only halfway to a neighbour."""
    bleed = layout.options.bleed_mm
    columns, slots = layout.columns, layout.slots
    result = []
    for index, s in enumerate(slots):
        row, column = divmod(index, columns)
        left = top = right = bottom = bleed
        if column > 0:
            left = min(bleed, (s.x - (slots[index - 1].x + slots[index - 1].w)) / 2)
        if column < columns - 1:
            right = min(bleed, (slots[index + 1].x - (s.x + s.w)) / 2)
        if row > 0:
            above = slots[index - columns]
            top = min(bleed, (s.y - (above.y + above.h)) / 2)
        if row < layout.rows - 1:
            below = slots[index + columns]
            bottom = min(bleed, (below.y - (s.y + s.h)) / 2)
        result.append(_grow(s, left, top, right, bottom))
    return tuple(result)


def picture_rect(trim: Rect, bleed: float, size_px: tuple[int, int]) -> Rect:
    """Where a picture goes: the bleed rect, unless the picture has the trim's proportions
    (it was rendered without bleed, and is then placed on the trim, never stretched)."""
    if bleed <= 0:
        return trim
    aspect = size_px[0] / size_px[1]
    trim_aspect = trim.w / trim.h
    bleed_aspect = (trim.w + 2 * bleed) / (trim.h + 2 * bleed)
    if abs(aspect - trim_aspect) < abs(aspect - bleed_aspect):
        return trim
    return _grow(trim, bleed, bleed, bleed, bleed)


def cut_line_segments(layout: SheetLayout) -> list[Segment]:
    """Full-length cut lines, from printer margin to printer margin."""
    m = layout.options.margin_mm
    return [Segment(x, m, x, layout.page_h - m) for x in layout.cut_x] + [
        Segment(m, y, layout.page_w - m, y) for y in layout.cut_y
    ]


def _grow(r: Rect, left: float, top: float, right: float, bottom: float) -> Rect:
    return Rect(r.x - left, r.y - top, r.w + left + right, r.h + top + bottom)


def back_slots(
    layout: SheetLayout, *, flip: str = "long", offset_mm: tuple[float, float] = (0.0, 0.0)
) -> tuple[Rect, ...]:
    """Where each FRONT slot's back lands on the back page, in the same order as ``slots``.

    The sheet is turned over its long edge ("long") or its short edge ("short"):
    on a portrait page "long" mirrors left-right and "short" top-bottom; on a
    landscape page it is the other way round. Then every rect is shifted by the
    printer's back offset ``(dx, dy)`` in mm (positive: right, down).
    """
    check_flip(flip)
    dx = _number(offset_mm[0], "offset")
    dy = _number(offset_mm[1], "offset")
    portrait = layout.page_h >= layout.page_w
    mirror_x = (flip == "long") == portrait
    result = []
    for s in layout.slots:
        if mirror_x:
            x, y = layout.page_w - s.x - s.w, s.y
        else:
            x, y = s.x, layout.page_h - s.y - s.h
        result.append(Rect(x + dx, y + dy, s.w, s.h))
    return tuple(result)


def check_flip(flip: object) -> None:
    """Refuse a duplex flip that is not one of FLIPS (back mapping, PDF and alignment sheet)."""
    if flip not in FLIPS:
        raise LayoutError(
            "unknown_flip",
            f"Ismeretlen lapfordítás: „{flip}”. Választható: long (hosszú él), short (rövid él).",
            f"Unknown duplex flip “{flip}”. Choose long (long edge) or short (short edge).",
        )


def _key(value: object) -> str:
    return value.strip().lower() if isinstance(value, str) else ""


def _size_key(value: object, sizes: dict, kind: str, words: tuple[str, str]) -> str:
    """The key of a page or card size as typed (any case, spaces around); LayoutError
    ("unknown_<kind>") naming the sizes there are when it is none of them."""
    key = _key(value)
    if key not in sizes:
        known = ", ".join(sizes)
        word_hu, word_en = words
        raise LayoutError(
            f"unknown_{kind}",
            f"Ismeretlen {word_hu}: „{value}”. Választható: {known}.",
            f"Unknown {word_en} “{value}”. Choose one of: {known}.",
        )
    return key


_FIELD_NAMES = {
    "gap": ("a hézag", "The gap"),
    "bleed": ("a kifutó", "The bleed"),
    "margin": ("a nyomtató margója", "The printer margin"),
    "offset": ("a hátoldal eltolása", "The back offset"),
}


def _number(value: object, field: str) -> float:
    hu, en = _FIELD_NAMES[field]
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        number = math.nan
    if isinstance(value, bool) or not math.isfinite(number):
        raise LayoutError(
            "bad_number",
            f"{hu[0].upper()}{hu[1:]} nem érvényes szám: {value!r}. Milliméterben add meg.",
            f"{en} must be a number of millimetres (got {value!r}).",
        )
    return number


def _count(space: float, size: float, gap: float) -> int:
    """The largest n with n * size + (n - 1) * gap <= space (0 if not even one fits)."""
    if space + _EPS < size:
        return 0
    n = max(1, int((space + gap + _EPS) // (size + gap)))
    while n > 1 and n * size + (n - 1) * gap > space + _EPS:
        n -= 1
    while (n + 1) * size + n * gap <= space + _EPS:
        n += 1
    return n


def _cuts(starts: list[float], size: float, gap: float) -> tuple[float, ...]:
    """Every edge of every column (or row); edges closer than _SAME_CUT_MM are one cut."""
    if gap == 0:
        return (*starts, starts[-1] + size)
    cuts = [starts[0]]
    for s in starts:
        for edge in (s, s + size):
            if edge - cuts[-1] > _SAME_CUT_MM:
                cuts.append(edge)
    return tuple(cuts)


def _does_not_fit(
    page: str,
    landscape: bool,
    card: str,
    page_w: float,
    page_h: float,
    margin: float,
    bleed: float,
) -> LayoutError:
    card_w, card_h = CARD_SIZES[card]
    room = max(CROP_MARK_OFFSET_MM, bleed) + MIN_CROP_MARK_MM
    need_w = card_w + 2 * (room + margin)
    need_h = card_h + 2 * (room + margin)
    page_name = PAGE_LABELS.get(page, page)
    card_hu = _CARD_NAMES_HU.get(card, card)
    article_hu = "Az" if card_hu[:1].lower() in "aáeéiíoóöőuúüű" else "A"
    where_hu = f"{'a fekvő' if landscape else 'az álló'} {page_name} lapon"
    where_en = f"a {'landscape' if landscape else 'portrait'} {page_name} page"
    bleed_hu = f", {_hu(bleed)} mm-es kifutóval" if bleed else ""
    bleed_en = f", a {_en(bleed)} mm bleed" if bleed else ""
    return LayoutError(
        "does_not_fit",
        f"{article_hu} {card_hu} kártya ({_hu(card_w)} × {_hu(card_h)} mm) nem fér el {where_hu} "
        f"({_hu(page_w)} × {_hu(page_h)} mm): {_hu(margin)} mm-es nyomtatómargóval{bleed_hu} "
        f"és a vágójelek helyével {_hu(need_w)} × {_hu(need_h)} mm kellene. "
        "Válassz kisebb kártyát, nagyobb vagy fekvő lapot, illetve kisebb margót vagy kifutót.",
        f"A {card} card ({_en(card_w)} × {_en(card_h)} mm) does not fit on {where_en} "
        f"({_en(page_w)} × {_en(page_h)} mm): with a {_en(margin)} mm printer margin{bleed_en} "
        f"and room for crop marks it needs {_en(need_w)} × {_en(need_h)} mm. "
        "Choose a smaller card, a larger or landscape page, or a smaller margin or bleed.",
    )


def _en(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _hu(value: float) -> str:
    return _en(value).replace(".", ",")
