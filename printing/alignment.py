"""The back alignment sheet: two pages that measure how far a printer misplaces the back.

Page 1 (front) has millimetre rulers along its four edges (absolute distances
from the page's left and top edges), a bar exactly 100 mm long (to catch a
printer that scales the page) and a crosshair in the page's centre whose two
arms carry millimetre scales. Page 2 (back) has a plain crosshair with a small
circle, drawn where the front's centre lands after the flip and the current
back offset (the same rule as the card backs: ``layout.back_slots``), and the
instructions in Hungarian and English.

Held against the light, the back's circle shows through the front. The scale
numbers are already the corrections: the number under the circle's centre on
the horizontal scale is what to add to dx, on the vertical scale what to add
to dy. They are derived, not assumed: with the sheet turned over one edge, a
back misplaced by r (in back-page millimetres) is seen from the front at
``L(r)``, where L is the flip's mirror (its own inverse), and the offset that
cancels it is ``-r = -L(seen)``; so a scale tick ``t`` mm from the centre reads
``-s * t``, with s = -1 on a mirrored axis and +1 otherwise.

Pure: no Django. Layout is millimetres from the page's top-left corner.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics

from printing.layout import Rect, SheetLayout, SheetOptions, check_flip, sheet_layout
from printing.pdf import (
    DUPLEX,
    PT_PER_MM,
    MillimetrePage,
    font_name,
    map_to_back,
    new_canvas,
    plain_streams,
)

ALIGNMENT_SUBJECT = "hátoldal-igazító lap kétoldalas nyomtatáshoz / back alignment sheet"
ARM_MM = 30.0  # half the crosshair's length
RULER_CLEAR_MM = 8.0  # edge rulers keep this far from the corners
LINE_PT = 0.3
BACK_LINE_PT = 0.6
TEXT_GREY = 0.15
FLIP_NAMES = {
    "long": ("a hosszú élén", "on the long edge"),
    "short": ("a rövid élén", "on the short edge"),
}


def write_alignment_sheet(
    out: BinaryIO | Path,
    sheet: SheetOptions,
    *,
    flip: str = "long",
    offset_mm: tuple[float, float] = (0.0, 0.0),
) -> None:
    """Write the two-page alignment PDF for this page size, printer margin, flip and offset.

    Only the page, orientation and printer margin of ``sheet`` matter; the
    card size, gap and bleed are ignored (the sheet holds no cards).
    Raises ``LayoutError`` for an unknown page, a bad margin or flip.
    """
    check_flip(flip)
    # The smallest card fits every page at every allowed margin; the layout
    # only supplies the page, its margin and the back mapping.
    layout = sheet_layout(replace(sheet, card="mini", gap_mm=0.0, bleed_mm=0.0))
    dx, dy = float(offset_mm[0]), float(offset_mm[1])
    centre = (layout.page_w / 2, layout.page_h / 2)
    landing = _map_point(layout, centre, flip=flip, offset=(dx, dy))
    sign_x, sign_y = _axis_signs(layout, flip)

    with plain_streams():
        canvas = new_canvas(
            out,
            layout,
            title="Kártyavár – hátoldal-igazító lap / back alignment",
            subject=ALIGNMENT_SUBJECT,
        )
        canvas.setViewerPreference("Duplex", DUPLEX[flip])
        page = MillimetrePage(canvas, layout)
        _front(page, layout, centre, (-sign_x, -sign_y), flip, (dx, dy))
        canvas.showPage()
        _back(page, layout, landing, flip, (dx, dy))
        canvas.showPage()
        canvas.save()


def _map_point(
    layout: SheetLayout, point: tuple[float, float], *, flip: str, offset: tuple[float, float]
) -> tuple[float, float]:
    landed = map_to_back(layout, (Rect(point[0], point[1], 0.0, 0.0),), flip=flip, offset_mm=offset)
    return landed[0].x, landed[0].y


def _axis_signs(layout: SheetLayout, flip: str) -> tuple[int, int]:
    """+1 for an axis the flip keeps, -1 for one it mirrors."""
    a = _map_point(layout, (0.0, 0.0), flip=flip, offset=(0.0, 0.0))
    b = _map_point(layout, (1.0, 1.0), flip=flip, offset=(0.0, 0.0))
    return round(b[0] - a[0]), round(b[1] - a[1])


# ---------------------------------------------------------------- drawing


def _line(page: MillimetrePage, x1: float, y1: float, x2: float, y2: float) -> None:
    page.canvas.line(*page.point(x1, y1), *page.point(x2, y2))


def _text(
    page: MillimetrePage,
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    align: str = "left",
    bold: bool = False,
) -> None:
    c = page.canvas
    c.setFont(font_name(bold), size)
    px, py = page.point(x, y)
    {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](
        px, py, text
    )


def _signed(value: float, *, hu: bool = False) -> str:
    text = "0" if value == 0 else f"{value:+g}".replace("-", "−")
    return text.replace(".", ",") if hu else text


def _mm(value: float, *, hu: bool) -> str:
    text = f"{value:+.1f}".replace("-", "−")
    return text.replace(".", ",") if hu else text


def _tick(mm: int) -> float:
    return 4.0 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5


def _edge_rulers(page: MillimetrePage, layout: SheetLayout) -> None:
    """Millimetre ticks along all four edges, numbered every 10 mm from the left / top edge."""
    w, h, m = layout.page_w, layout.page_h, layout.options.margin_mm
    c = page.canvas
    c.setLineWidth(LINE_PT)
    c.setStrokeGray(0)
    c.setFillGray(TEXT_GREY)
    for x in range(math.ceil(m), math.floor(w - m) + 1):
        length = _tick(x)
        _line(page, x, m, x, m + length)
        _line(page, x, h - m, x, h - m - length)
        if x % 10 == 0 and m + 3 < x < w - m - 3:
            _text(page, x, m + 6.5, str(x), size=5, align="centre")
            _text(page, x, h - m - 5, str(x), size=5, align="centre")
    for y in range(math.ceil(m + RULER_CLEAR_MM), math.floor(h - m - RULER_CLEAR_MM) + 1):
        length = _tick(y)
        _line(page, m, y, m + length, y)
        _line(page, w - m, y, w - m - length, y)
        if y % 10 == 0:
            _text(page, m + 5, y + 0.6, str(y), size=5)
            _text(page, w - m - 5, y + 0.6, str(y), size=5, align="right")


def _crosshair_scales(
    page: MillimetrePage, centre: tuple[float, float], factors: tuple[int, int]
) -> None:
    """The front's crosshair; each tick is labelled with the correction it stands for."""
    cx, cy = centre
    c = page.canvas
    c.setLineWidth(LINE_PT)
    c.setStrokeGray(0)
    c.setFillGray(TEXT_GREY)
    _line(page, cx - ARM_MM, cy, cx + ARM_MM, cy)
    _line(page, cx, cy - ARM_MM, cx, cy + ARM_MM)
    span = int(ARM_MM)
    for t in range(-span, span + 1):
        half = _tick(abs(t)) / 2
        if t:
            _line(page, cx + t, cy - half, cx + t, cy + half)
            _line(page, cx - half, cy + t, cx + half, cy + t)
        if t and t % 5 == 0:
            _text(page, cx + t, cy - 2.3, _signed(factors[0] * t), size=5, align="centre")
            _text(page, cx + 3, cy + t + 0.6, _signed(factors[1] * t), size=5)
    _text(page, cx + ARM_MM + 2, cy + 0.9, "dx", size=8, bold=True)
    _text(page, cx, cy + ARM_MM + 4, "dy", size=8, align="centre", bold=True)


def _heading(page: MillimetrePage, x: float, top: float, side: str) -> None:
    """The sheet's title centred on `x` at `top`, and under it which side of the sheet this is."""
    page.canvas.setFillGray(0)
    _text(
        page,
        x,
        top,
        "Hátoldal-igazító lap · Back alignment sheet",
        size=12,
        align="centre",
        bold=True,
    )
    _text(page, x, top + 6, side, size=8, align="centre")


def _front(
    page: MillimetrePage,
    layout: SheetLayout,
    centre: tuple[float, float],
    factors: tuple[int, int],
    flip: str,
    offset: tuple[float, float],
) -> None:
    w, m = layout.page_w, layout.options.margin_mm
    _edge_rulers(page, layout)
    _crosshair_scales(page, centre, factors)
    c = page.canvas
    top = m + 16
    _heading(page, w / 2, top, "1. oldal: előlap · page 1: front")
    flip_hu, flip_en = FLIP_NAMES[flip]
    dx, dy = offset
    page_name = layout.options.page.upper() if layout.options.page.lower() == "a4" else "Letter"
    orient_hu, orient_en = (
        ("fekvő", "landscape") if layout.options.landscape else ("álló", "portrait")
    )
    _text(
        page,
        w / 2,
        top + 11,
        f"{page_name} {orient_hu}, fordítás {flip_hu}, eltolás dx = {_mm(dx, hu=True)} mm, "
        f"dy = {_mm(dy, hu=True)} mm",
        size=7,
        align="centre",
    )
    _text(
        page,
        w / 2,
        top + 15,
        f"{page_name} {orient_en}, flipped {flip_en}, offset dx = {_mm(dx, hu=False)} mm, "
        f"dy = {_mm(dy, hu=False)} mm",
        size=7,
        align="centre",
    )
    # A bar exactly 100 mm long: measure it to catch a printer that scales the page.
    bar_y = top + 24
    left = w / 2 - 50
    c.setLineWidth(1.0)
    _line(page, left, bar_y, left + 100, bar_y)
    c.setLineWidth(LINE_PT)
    _line(page, left, bar_y - 2, left, bar_y + 2)
    _line(page, left + 100, bar_y - 2, left + 100, bar_y + 2)
    _text(
        page,
        w / 2,
        bar_y + 4.5,
        "100 mm — mérd meg vonalzóval · measure it with a ruler",
        size=7,
        align="centre",
    )


def _instructions(flip: str, offset: tuple[float, float]) -> list[tuple[str, list[str]]]:
    flip_hu, flip_en = FLIP_NAMES[flip]
    dx, dy = offset
    hu = [
        "Nyomtasd ki a két oldalt egyetlen lapra, kétoldalas nyomtatással, tényleges (100 %-os) "
        f"mérettel, a lapot {flip_hu} fordítva – pontosan úgy, ahogy a kártyákat is fogod.",
        "Mérd meg vonalzóval az előlap 100 mm-es vonalát. Ha rövidebb vagy hosszabb, a nyomtató "
        "átméretezi a lapot: kapcsold ki az „oldalhoz igazítás” beállítást, és nyomtass újra.",
        "Tartsd a lapot erős fény felé úgy, hogy az előlap nézzen rád: átlátszik a hátlap "
        "keresztje a közepén lévő kis körrel.",
        "A kör közepe alatt a vízszintes skálán olvasható szám megmondja, hány milliméterrel "
        "változzon a dx (előjellel együtt); a függőleges skálán olvasható szám ugyanígy a dy-t.",
        f"Ez a lap dx = {_mm(dx, hu=True)} mm, dy = {_mm(dy, hu=True)} mm eltolással készült: az "
        "új érték ennek és a leolvasott számnak az összege. Írd be a nyomtatási beállítások "
        "„hátoldal eltolása” mezőibe, és nyomtasd ki újra a lapot: ha a két kereszt fedi "
        "egymást, kész vagy.",
    ]
    en = [
        "Print both pages on one sheet, double-sided, at actual size (100 %), flipped "
        f"{flip_en} – exactly as you will print the cards.",
        "Measure the 100 mm bar on the front with a ruler. If it is shorter or longer, the "
        "printer scales the page: turn off “fit to page” and print again.",
        "Hold the sheet against a bright light with the front facing you: the back's cross, "
        "with a small circle in its middle, shows through.",
        "The number on the horizontal scale under the circle's centre is how many millimetres "
        "to change dx by (sign included); the number on the vertical scale does the same for dy.",
        f"This sheet was printed with dx = {_mm(dx, hu=False)} mm, dy = {_mm(dy, hu=False)} mm: "
        "the new value is that plus the number you read. Enter it as the back offset in the "
        "print options and print this sheet again: when the two crosses coincide, you are done.",
    ]
    return [("Így használd", hu), ("How to use it", en)]


def _back(
    page: MillimetrePage,
    layout: SheetLayout,
    landing: tuple[float, float],
    flip: str,
    offset: tuple[float, float],
) -> None:
    w, h, m = layout.page_w, layout.page_h, layout.options.margin_mm
    c = page.canvas
    c.setStrokeGray(0)
    c.setLineWidth(BACK_LINE_PT)
    lx, ly = landing
    _line(page, lx - ARM_MM, ly, lx + ARM_MM, ly)
    _line(page, lx, ly - ARM_MM, lx, ly + ARM_MM)
    c.circle(*page.point(lx, ly), 2.0 * PT_PER_MM, stroke=1, fill=0)

    top = m + 10
    _heading(page, w / 2, top, "2. oldal: hátlap · page 2: back")

    # Instructions below the cross (or above it, if the page is too short there).
    left, width = m + 10, w - 2 * (m + 10)
    blocks = _instructions(flip, offset)
    below = (ly + ARM_MM + 8, h - m - 3)
    above = (top + 10, ly - ARM_MM - 6)
    room = max(below, above, key=lambda band: band[1] - band[0])
    for size in (8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0):
        lines = _wrapped(blocks, width, size)
        leading = size * 1.3 / PT_PER_MM
        rows = sum(1 for text, bold, indent in lines if indent or bold or not text)
        if rows * leading <= room[1] - room[0]:
            break
    y = room[0] + leading
    c.setFillGray(TEXT_GREY)
    for text, bold, indent in lines:
        if text:
            _text(page, left + indent, y, text, size=size, bold=bold)
        if indent or bold or not text:  # a step's number shares the line with its first words
            y += leading


def _wrapped(
    blocks: list[tuple[str, list[str]]], width_mm: float, size: float
) -> list[tuple[str, bool, float]]:
    """(text, bold, indent in mm) per line: a heading, then numbered steps with a hanging indent."""
    lines: list[tuple[str, bool, float]] = []
    regular = font_name()
    for heading, steps in blocks:
        if lines:
            lines.append(("", False, 0.0))
        lines.append((heading, True, 0.0))
        for number, step in enumerate(steps, start=1):
            marker = f"{number}. "
            indent = pdfmetrics.stringWidth(marker, regular, size) / PT_PER_MM
            parts = simpleSplit(step, regular, size, (width_mm - indent) * PT_PER_MM)
            lines.append((marker, False, 0.0))
            lines += [(part, False, indent) for part in parts]
    return lines
