"""ONIROO faces: white dream cards on a night-blue border.

What the rulebook says a card looks like (sections A, D, E): the picture in
the middle, the codes down the left edge (letter in red, shape in green,
digit in blue), the yellow rectangle with the black pictogram of the card's
group and the purple circle with the group the next card must show. Free
cards carry every code in a U around an empty field; the special cards show
their sign: "?" (bad night, moon head), "@" (dream fairy), a clock at 07:00
(wake-up), or the one code a magic-code card carries.

Part names recorded on the canvas (tests read them):
symbol: art, name, number, letter, shape, digit, group, next_group;
free: art, name, number, codes_u, group, next_group, text;
bad_night / moon_head: art, name, kind, question, text, number;
dream_fairy: art, name, kind, at, text, number;
wake_up: art, name, kind, clock, text, number;
magic_code: art, name, kind, code, text, number.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from types import SimpleNamespace

from PIL import Image, ImageDraw

from catalog import vocab
from catalog.faces.common import (
    RGB,
    Box,
    Canvas,
    draw_centered,
    draw_name,
    draw_shape,
    draw_text,
    generated_art,
    paste_art,
    rounded_frame,
    seeded,
)

NIGHT, NIGHT_DEEP = (24, 27, 66), (12, 13, 38)
PAPER, INK, FRAME, WHITE = (252, 250, 244), (22, 20, 34), (70, 64, 120), (255, 255, 255)
# the code's colours: letters red, shapes green, digits blue
RED, GREEN, BLUE = (206, 32, 44), (28, 140, 62), (32, 78, 196)
YELLOW = (250, 212, 48)
PURPLE, PURPLE_LIGHT = (138, 72, 182), (214, 188, 238)
MOON = (255, 236, 160)

LETTERS = ("A", "B", "C", "D", "E", "F")
SHAPES = ("square", "star", "circle", "cross", "triangle")

# Dream palettes for generated pictures: sky top, sky bottom, accents.
GROUP_PALETTES: dict[str, list[RGB]] = {
    "animals": [(58, 44, 110), (236, 160, 110), (255, 214, 150), (160, 90, 150), (255, 240, 220)],
    "plants": [(24, 70, 90), (150, 214, 150), (90, 170, 110), (230, 250, 200), (40, 120, 90)],
    "objects": [(40, 30, 90), (150, 140, 230), (220, 200, 255), (110, 210, 230), (255, 255, 255)],
    "places": [(30, 50, 110), (240, 190, 140), (255, 220, 170), (120, 110, 190), (250, 240, 230)],
    "people": [(80, 40, 100), (250, 180, 170), (255, 220, 200), (200, 120, 160), (255, 245, 235)],
    "myth": [(30, 20, 70), (170, 90, 190), (255, 200, 120), (120, 200, 230), (240, 150, 220)],
    "landscapes": [(20, 40, 90), (120, 180, 220), (60, 90, 150), (200, 230, 250), (40, 60, 110)],
    "energy": [(40, 20, 60), (250, 170, 60), (255, 230, 120), (240, 100, 80), (255, 255, 210)],
}
SPECIAL_PALETTES: dict[str, list[RGB]] = {
    "free": [(235, 235, 245), (250, 248, 240), (210, 210, 235)],
    "wake_up": [(120, 170, 230), (255, 214, 150), (255, 240, 190), (255, 190, 120)],
    "bad_night": [(20, 16, 46), (70, 40, 90), (120, 60, 120), (50, 40, 110)],
    "moon_head": [(16, 22, 60), (60, 70, 130), (255, 220, 120), (90, 100, 170)],
    "dream_fairy": [(50, 40, 120), (220, 170, 230), (255, 230, 250), (160, 220, 240)],
    "magic_code": [(30, 40, 100), (120, 110, 200), (200, 190, 250), (150, 220, 240)],
}
# Bad night cards: the dreamer's pyjama colour names the card (rulebook G).
PYJAMAS: dict[str, RGB] = {
    "nightmare": (238, 128, 30),
    "sleepwalker": (40, 160, 70),
    "insomnia": (140, 70, 190),
}
SENSE_ACCENT = (236, 84, 40)  # moon heads: the sense is marked orange-red (rulebook H)


# --- small helpers ----------------------------------------------------------------
def _box(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> Box:
    """A box from corner coordinates in mm (trim coordinates)."""
    return canvas.box(x0, y0, x1 - x0, y1 - y0)


def _square(center: tuple[int, int], side: int) -> Box:
    cx, cy = center
    return Box(cx - side // 2, cy - side // 2, side, side)


Painter = Callable[[ImageDraw.ImageDraw, float, float, float], None]
SUPERSAMPLE = 4


def _smooth(canvas: Canvas, box: Box, color: RGB, painter: Painter, *, alpha: float = 1.0) -> None:
    """Draw a small mark antialiased: paint a 4x mask (white = ink) and blend it in.

    `painter(draw, x0, y0, size)` draws in the mask with fill 255 (ink) or 0
    (cut-outs), within the square (x0, y0, size). Only small boxes go through
    here, so the cost stays a fraction of a millisecond each.
    """
    big = Image.new("L", (box.w * SUPERSAMPLE, box.h * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(big)
    side = min(big.width, big.height)
    painter(draw, (big.width - side) / 2, (big.height - side) / 2, side)
    mask = big.resize((box.w, box.h), Image.Resampling.BOX)
    if alpha < 1.0:
        mask = mask.point(lambda v: round(v * alpha))
    canvas.image.paste(color, (box.x, box.y, box.right, box.bottom), mask)


def _shape(canvas: Canvas, shape: str, box: Box, color: RGB) -> None:
    """A code shape drawn by common.draw_shape, antialiased through a small mask."""

    def painter(draw: ImageDraw.ImageDraw, x0: float, y0: float, size: float) -> None:
        shim = SimpleNamespace(draw=draw)
        draw_shape(shim, shape, Box(round(x0), round(y0), round(size), round(size)), fill=255)

    _smooth(canvas, box, color, painter)


# --- group pictograms (unit square, polygons) ---------------------------------------
def _pictogram(group: str | None) -> Painter:
    def scaled(x0: float, y0: float, s: float, pts: list[tuple[float, float]]) -> list:
        return [(x0 + u * s, y0 + v * s) for u, v in pts]

    def ellipse(draw, x0, y0, s, cx, cy, rx, ry, fill=255) -> None:
        draw.ellipse(
            (x0 + (cx - rx) * s, y0 + (cy - ry) * s, x0 + (cx + rx) * s, y0 + (cy + ry) * s),
            fill=fill,
        )

    def paw(draw, x0, y0, s) -> None:
        ellipse(draw, x0, y0, s, 0.5, 0.66, 0.22, 0.18)
        ellipse(draw, x0, y0, s, 0.42, 0.74, 0.12, 0.10)
        ellipse(draw, x0, y0, s, 0.58, 0.74, 0.12, 0.10)
        for cx, cy in ((0.20, 0.44), (0.37, 0.25), (0.63, 0.25), (0.80, 0.44)):
            ellipse(draw, x0, y0, s, cx, cy, 0.095, 0.12)

    def leaf(draw, x0, y0, s) -> None:
        pts = []
        for k in range(21):  # two arcs from the tip (top right) to the base (bottom left)
            t = k / 20
            bulge = math.sin(math.pi * t) * 0.26
            px_, py_ = 0.86 - 0.64 * t, 0.12 + 0.64 * t
            pts.append((px_ - bulge * 0.707, py_ - bulge * 0.707))
        for k in range(20, -1, -1):
            t = k / 20
            bulge = math.sin(math.pi * t) * 0.26
            px_, py_ = 0.86 - 0.64 * t, 0.12 + 0.64 * t
            pts.append((px_ + bulge * 0.707, py_ + bulge * 0.707))
        draw.polygon(scaled(x0, y0, s, pts), fill=255)
        draw.line(scaled(x0, y0, s, [(0.78, 0.20), (0.26, 0.72)]), fill=0, width=round(s * 0.04))
        draw.line(scaled(x0, y0, s, [(0.24, 0.74), (0.10, 0.90)]), fill=255, width=round(s * 0.07))

    def gem(draw, x0, y0, s) -> None:
        outline = [(0.30, 0.20), (0.70, 0.20), (0.90, 0.40), (0.50, 0.88), (0.10, 0.40)]
        draw.polygon(scaled(x0, y0, s, outline), fill=255)
        w = round(s * 0.035)
        draw.line(scaled(x0, y0, s, [(0.10, 0.40), (0.90, 0.40)]), fill=0, width=w)
        for a, b in (((0.38, 0.40), (0.50, 0.86)), ((0.62, 0.40), (0.50, 0.86))):
            draw.line(scaled(x0, y0, s, [a, b]), fill=0, width=w)
        for a, b in (((0.30, 0.22), (0.38, 0.40)), ((0.70, 0.22), (0.62, 0.40))):
            draw.line(scaled(x0, y0, s, [a, b]), fill=0, width=w)
        draw.line(scaled(x0, y0, s, [(0.50, 0.22), (0.38, 0.40)]), fill=0, width=w)
        draw.line(scaled(x0, y0, s, [(0.50, 0.22), (0.62, 0.40)]), fill=0, width=w)

    def house(draw, x0, y0, s) -> None:
        draw.polygon(scaled(x0, y0, s, [(0.5, 0.10), (0.92, 0.48), (0.08, 0.48)]), fill=255)
        draw.polygon(
            scaled(x0, y0, s, [(0.68, 0.16), (0.80, 0.16), (0.80, 0.40), (0.68, 0.30)]), fill=255
        )
        draw.rectangle(scaled(x0, y0, s, [(0.18, 0.46), (0.82, 0.90)]), fill=255)
        draw.rectangle(scaled(x0, y0, s, [(0.42, 0.62), (0.58, 0.90)]), fill=0)
        draw.rectangle(scaled(x0, y0, s, [(0.25, 0.56), (0.36, 0.67)]), fill=0)
        draw.rectangle(scaled(x0, y0, s, [(0.64, 0.56), (0.75, 0.67)]), fill=0)

    def figure(draw, x0, y0, s) -> None:
        ellipse(draw, x0, y0, s, 0.5, 0.24, 0.15, 0.15)
        draw.chord(scaled(x0, y0, s, [(0.18, 0.46), (0.82, 1.18)]), 180, 360, fill=255)
        draw.rectangle(scaled(x0, y0, s, [(0.18, 0.80), (0.82, 0.90)]), fill=255)

    def wing(draw, x0, y0, s) -> None:
        top = [(0.10, 0.82), (0.22, 0.42), (0.42, 0.18), (0.66, 0.10), (0.92, 0.12)]
        # scalloped trailing edge, from the wing tip back to the shoulder
        tips = [(0.92, 0.12), (0.84, 0.44), (0.64, 0.60), (0.42, 0.76), (0.10, 0.82)]
        pts = list(top)
        for (ax, ay), (bx, by) in zip(tips, tips[1:], strict=False):
            mx, my = (ax + bx) / 2, (ay + by) / 2
            # pull the middle of each span towards the shoulder: the membrane sags
            pts.append((mx - (mx - 0.22) * 0.28, my - (my - 0.42) * 0.28))
            pts.append((bx, by))
        draw.polygon(scaled(x0, y0, s, pts), fill=255)
        w = round(s * 0.035)
        for tip in tips[1:4]:
            draw.line(scaled(x0, y0, s, [(0.24, 0.44), tip]), fill=0, width=w)
        ellipse(draw, x0, y0, s, 0.2, 0.44, 0.05, 0.05, fill=255)

    def mountain(draw, x0, y0, s) -> None:
        draw.polygon(scaled(x0, y0, s, [(0.04, 0.86), (0.40, 0.20), (0.76, 0.86)]), fill=255)
        draw.polygon(scaled(x0, y0, s, [(0.42, 0.86), (0.68, 0.42), (0.96, 0.86)]), fill=255)
        snow = [(0.40, 0.20), (0.52, 0.42), (0.45, 0.38), (0.40, 0.44), (0.34, 0.37), (0.29, 0.41)]
        draw.polygon(scaled(x0, y0, s, snow), fill=0)
        draw.line(scaled(x0, y0, s, [(0.58, 0.60), (0.68, 0.42)]), fill=0, width=round(s * 0.03))

    def bolt(draw, x0, y0, s) -> None:
        pts = [(0.60, 0.06), (0.22, 0.56), (0.47, 0.56), (0.36, 0.94), (0.80, 0.40), (0.54, 0.40)]
        draw.polygon(scaled(x0, y0, s, pts), fill=255)

    def unknown(draw, x0, y0, s) -> None:
        ellipse(draw, x0, y0, s, 0.5, 0.5, 0.3, 0.3)

    return {
        "animals": paw,
        "plants": leaf,
        "objects": gem,
        "places": house,
        "people": figure,
        "myth": wing,
        "landscapes": mountain,
        "energy": bolt,
    }.get(group or "", unknown)


# --- pieces shared by the layouts -------------------------------------------------
def _panel(canvas: Canvas) -> None:
    """Night-blue border running into the bleed, white card field inside."""
    canvas.fill_bleed(NIGHT)
    rounded_frame(
        canvas, _box(canvas, 2.0, 2.0, 61.0, 86.0), radius_mm=2.6, fill=PAPER, outline=None
    )


def _art(canvas: Canvas, card: dict, art: Image.Image | None, box: Box, palette, motif="rays"):
    if art is not None:
        paste_art(canvas, art, box)
    else:
        generated_art(canvas, box, code=card.get("code", ""), palette=palette, motif=motif)
    canvas.draw.rectangle(box.xyxy(), outline=FRAME, width=max(1, canvas.px(0.35)))
    canvas.part("art", box)


def _group_rect(canvas: Canvas, box: Box, group: str | None) -> None:
    """The yellow rectangle: the group's black pictogram and its name (empty group: any)."""
    rounded_frame(canvas, box, radius_mm=1.2, fill=YELLOW, outline=INK, width_mm=0.35)
    pad = canvas.px(1.0)
    icon = _square((box.x + pad + (box.h - 2 * pad) // 2, box.center[1]), box.h - 2 * pad)
    label_x = icon.right + canvas.px(1.2)
    label = Box(label_x, box.y + pad, box.right - pad - label_x, box.h - 2 * pad)
    if group:
        _smooth(canvas, icon, INK, _pictogram(group))
        text = vocab.GROUPS.label(group, "hu")
    else:  # free cards: no group mark (rulebook A_02), the rectangle stands for any group
        label = Box(box.x + pad * 2, box.y + pad, box.w - pad * 4, box.h - 2 * pad)
        text = "bármely csoport"
    draw_text(
        canvas,
        text,
        label,
        style="bold",
        max_pt=8,
        min_pt=5.5,
        valign="middle",
        align="left" if group else "center",
        spacing=1.1,
    )
    canvas.part("group", box)


def _next_circle(canvas: Canvas, center: tuple[int, int], radius: int, group: str | None) -> None:
    """The purple circle: the group the next card's yellow rectangle must show."""
    cx, cy = center
    canvas.draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius),
        fill=PURPLE,
        outline=INK,
        width=max(1, canvas.px(0.35)),
    )
    inner = round(radius * 0.78)
    canvas.draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=PURPLE_LIGHT)
    _smooth(canvas, _square(center, round(inner * 1.45)), INK, _pictogram(group))
    canvas.part("next_group", Box(cx - radius, cy - radius, 2 * radius, 2 * radius))


def _arrow(canvas: Canvas, x0: int, x1: int, cy: int) -> None:
    """A purple chevron from the yellow rectangle to the purple circle (what comes next)."""
    h = (x1 - x0) * 0.6

    def painter(draw, bx, by, s) -> None:
        draw.polygon(
            [
                (bx + 0.15 * s, by + 0.2 * s),
                (bx + 0.85 * s, by + 0.5 * s),
                (bx + 0.15 * s, by + 0.8 * s),
                (bx + 0.35 * s, by + 0.5 * s),
            ],
            fill=255,
        )

    side = round(min(x1 - x0, 2 * h))
    _smooth(canvas, _square(((x0 + x1) // 2, cy), side), PURPLE, painter)


def _code_cell(canvas: Canvas, box: Box) -> None:
    rounded_frame(canvas, box, radius_mm=1.0, fill=WHITE, outline=(180, 176, 200), width_mm=0.3)


def _letter(canvas: Canvas, box: Box, letter: str, size: float = 0.8) -> None:
    draw_centered(canvas, letter, box.center, style="title", size_px=round(box.h * size), color=RED)


def _digit(canvas: Canvas, box: Box, digit: int | str, size: float = 0.8) -> None:
    draw_centered(
        canvas, str(digit), box.center, style="title", size_px=round(box.h * size), color=BLUE
    )


def _number_label(canvas: Canvas, card: dict, box: Box, *, color: RGB = INK) -> None:
    number = card.get("number")
    label = f"{number:03d}" if isinstance(number, int) else str(number or "")
    draw_text(
        canvas,
        label,
        box,
        style="bold",
        max_pt=8,
        min_pt=6,
        align="center",
        valign="middle",
        color=color,
    )
    canvas.part("number", box)


# --- symbol cards -----------------------------------------------------------------
def _draw_symbol(canvas: Canvas, card: dict, art: Image.Image | None) -> None:
    group = card.get("group")
    # the codes down the left edge, under the picture number
    _number_label(canvas, card, _box(canvas, 3.5, 4.0, 14.5, 9.0))
    cells = [_box(canvas, 4.0, y, 14.0, y + 10.0) for y in (10.0, 21.5, 33.0)]
    for cell in cells:
        _code_cell(canvas, cell)
    if card.get("letter"):
        _letter(canvas, cells[0], card["letter"])
        canvas.part("letter", cells[0])
    if card.get("shape"):
        _shape(canvas, card["shape"], cells[1].inset(canvas.px(1.6)), GREEN)
        canvas.part("shape", cells[1])
    if card.get("digit") is not None:
        _digit(canvas, cells[2], card["digit"])
        canvas.part("digit", cells[2])

    art_box = _box(canvas, 16.0, 4.0, 59.0, 59.0)
    motif = "peaks" if group in ("landscapes", "places", "plants") else "rays"
    palette = GROUP_PALETTES.get(group or "", GROUP_PALETTES["myth"])
    _art(canvas, card, art, art_box, palette, motif)
    if art is None:
        # the group's silhouette as a shadow in the generated picture
        side = round(min(art_box.w, art_box.h) * 0.62)
        centre = (art_box.center[0], art_box.center[1] + art_box.h // 10)
        _smooth(canvas, _square(centre, side), palette[0], _pictogram(group), alpha=0.55)
    name_box = _box(canvas, 16.0, 60.0, 59.0, 68.0)
    draw_name(canvas, card, name_box, max_pt=15, min_pt=9)
    # a night-sky strip of small moons down the left edge under the codes
    _left_ornament(canvas, card, _box(canvas, 4.0, 45.0, 14.0, 67.0))

    _group_rect(canvas, _box(canvas, 4.0, 70.5, 40.0, 84.0), group)
    circle_c = _box(canvas, 43.0, 70.0, 59.0, 86.0).center
    _arrow(canvas, canvas.px(40.3) + canvas.bleed, canvas.px(44.0) + canvas.bleed, circle_c[1])
    _next_circle(
        canvas,
        (canvas.bleed + canvas.px(51.5), canvas.bleed + canvas.px(77.25)),
        canvas.px(7.0),
        card.get("next_group"),
    )
    text = card.get("text") or ""
    if text:  # no shipped symbol card has text; keep a place for it all the same
        box = _box(canvas, 16.0, 52.0, 59.0, 59.0)
        canvas.draw.rectangle(box.xyxy(), fill=PAPER)
        draw_text(
            canvas,
            text,
            box.inset(canvas.px(0.6)),
            max_pt=7,
            min_pt=5,
            align="center",
            valign="middle",
        )
        canvas.part("text", box)


def _left_ornament(canvas: Canvas, card: dict, box: Box) -> None:
    """Three little moon phases under the codes: decoration, same on every symbol card."""
    r = min(box.w, box.h // 3) * 0.28
    for k in range(3):
        cx = box.center[0]
        cy = box.y + box.h * (2 * k + 1) / 6
        canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(228, 222, 246))
        off = r * (0.9 - 0.45 * k)
        if k < 2:
            canvas.draw.ellipse((cx - r + off, cy - r, cx + r + off, cy + r), fill=PAPER)


# --- free cards -------------------------------------------------------------------
def _draw_free(canvas: Canvas, card: dict, art: Image.Image | None) -> None:
    _number_label(canvas, card, _box(canvas, 3.5, 4.0, 12.0, 10.0))
    name_box = _box(canvas, 12.0, 3.5, 51.0, 10.5)
    draw_name(canvas, card, name_box, max_pt=15, min_pt=9)
    field = _box(canvas, 4.0, 11.5, 59.0, 68.5)
    # the white field where players draw or write: a faint wash, generated or uploaded
    _art(canvas, card, art, field, SPECIAL_PALETTES["free"], "rays")

    # the U: letters down the left, shapes along the bottom, digits up the right
    pad = canvas.px(1.2)
    inner = field.inset(pad)
    cell = canvas.px(6.6)
    col_h = inner.h - cell - canvas.px(1.0)  # columns stop above the bottom row
    cells: list[tuple[str, object, Box]] = []
    for i, letter in enumerate(LETTERS):  # 6 letters, larger spacing
        pitch = col_h / len(LETTERS)
        y = inner.y + round(i * pitch + (pitch - cell) / 2)
        cells.append(("letter", letter, Box(inner.x, y, cell, cell)))
    dcell = canvas.px(5.0)
    for i in range(10):  # 10 digits: two columns of five, read top to bottom
        pitch = col_h / 5
        col, row = divmod(i, 5)
        x = inner.right - (2 - col) * dcell - (1 - col) * canvas.px(0.8)
        y = inner.y + round(row * pitch + (pitch - 2 * dcell) / 2)
        cells.append(("digit", i, Box(x, y + round(dcell * 0.5), dcell, round(dcell * 1.2))))
    bottom_y = inner.bottom - cell
    span_x0, span_x1 = inner.x, inner.right
    pitch = (span_x1 - span_x0) / len(SHAPES)
    for i, shape in enumerate(SHAPES):
        x = span_x0 + round(i * pitch + (pitch - cell) / 2)
        cells.append(("shape", shape, Box(x, bottom_y, cell, cell)))
    for kind, value, box in cells:
        _code_cell(canvas, box)
        if kind == "letter":
            _letter(canvas, box, str(value), 0.78)
        elif kind == "digit":
            _digit(canvas, box, str(value), 0.78)
        else:
            _shape(canvas, str(value), box.inset(canvas.px(1.4)), GREEN)
    canvas.part("codes_u", field)

    text = card.get("text") or ""
    if text:
        left = inner.x + cell + canvas.px(2.0)
        right = inner.right - 2 * dcell - canvas.px(0.8) - canvas.px(2.0)
        box = Box(left, inner.y + canvas.px(1.0), right - left, bottom_y - inner.y - canvas.px(2.5))
        draw_text(
            canvas,
            text,
            box,
            style="italic",
            max_pt=7.5,
            min_pt=5,
            color=(70, 66, 96),
            align="center",
            valign="middle",
        )
        canvas.part("text", box)

    _group_rect(canvas, _box(canvas, 4.0, 70.5, 40.0, 84.0), None)
    circle_c = (canvas.bleed + canvas.px(51.5), canvas.bleed + canvas.px(77.25))
    _arrow(canvas, canvas.px(40.3) + canvas.bleed, canvas.px(44.0) + canvas.bleed, circle_c[1])
    _next_circle(canvas, circle_c, canvas.px(7.0), card.get("next_group"))


# --- special cards ------------------------------------------------------------------
def _kind_label(card: dict) -> str:
    kind = card.get("type", "")
    label = vocab.TYPES.label(kind, "hu").upper()
    if kind == "moon_head" and card.get("subtypes"):
        label += " · " + vocab.SUBTYPES.label(card["subtypes"][0], "hu")
    return label


def _plaque(canvas: Canvas, art_box: Box, *, side_mm: float, accent: RGB) -> Box:
    """The white rectangle in the picture that carries the card's sign."""
    side = canvas.px(side_mm)
    box = _square(art_box.center, side)
    rounded_frame(canvas, box.inset(-canvas.px(0.9)), radius_mm=2.6, fill=accent, outline=None)
    rounded_frame(canvas, box, radius_mm=2.0, fill=WHITE, outline=INK, width_mm=0.35)
    return box


def _clock(canvas: Canvas, box: Box) -> None:
    """A clock face at 07:00: ring, twelve ticks, the hour hand on 7, the minute hand on 12."""

    def painter(draw, x0, y0, s) -> None:
        cx, cy, r = x0 + s / 2, y0 + s / 2, s * 0.46
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
        ri = r * 0.88
        draw.ellipse((cx - ri, cy - ri, cx + ri, cy + ri), fill=0)
        for k in range(12):
            a = -math.pi / 2 + k * math.pi / 6
            r0 = ri * (0.72 if k % 3 == 0 else 0.82)
            draw.line(
                [
                    (cx + r0 * math.cos(a), cy + r0 * math.sin(a)),
                    (cx + ri * 0.96 * math.cos(a), cy + ri * 0.96 * math.sin(a)),
                ],
                fill=255,
                width=round(s * (0.04 if k % 3 == 0 else 0.022)),
            )
        hour = -math.pi / 2 + 7 * math.pi / 6
        draw.line(
            [(cx, cy), (cx + ri * 0.5 * math.cos(hour), cy + ri * 0.5 * math.sin(hour))],
            fill=255,
            width=round(s * 0.06),
        )
        draw.line([(cx, cy), (cx, cy - ri * 0.78)], fill=255, width=round(s * 0.04))
        d = s * 0.045
        draw.ellipse((cx - d, cy - d, cx + d, cy + d), fill=255)

    _smooth(canvas, box, INK, painter)
    # two bells on top: it is an alarm clock
    canvas.part("clock", box)


def _crescent(canvas: Canvas, box: Box, color: RGB, *, alpha: float = 1.0) -> None:
    def painter(draw, x0, y0, s) -> None:
        draw.ellipse((x0 + 0.08 * s, y0 + 0.08 * s, x0 + 0.92 * s, y0 + 0.92 * s), fill=255)
        draw.ellipse((x0 + 0.30 * s, y0 + 0.0 * s, x0 + 1.10 * s, y0 + 0.80 * s), fill=0)

    _smooth(canvas, box, color, painter, alpha=alpha)


def _draw_special(canvas: Canvas, card: dict, art: Image.Image | None) -> None:
    kind = card.get("type", "")
    accent = PURPLE
    if kind == "bad_night":
        accent = PYJAMAS.get((card.get("subtypes") or [""])[0], (200, 90, 60))
    elif kind == "moon_head":
        accent = SENSE_ACCENT
    elif kind == "dream_fairy":
        accent = (226, 120, 200)
    elif kind == "wake_up":
        accent = (240, 160, 40)
    elif kind == "magic_code":
        accent = {"letter": RED, "shape": GREEN, "digit": BLUE}.get(
            (card.get("subtypes") or [""])[0], PURPLE
        )

    kind_box = _box(canvas, 4.0, 3.6, 59.0, 8.0)
    draw_text(
        canvas,
        _kind_label(card),
        kind_box,
        style="bold",
        max_pt=7.5,
        min_pt=5.5,
        align="center",
        valign="middle",
        color=accent if kind != "dream_fairy" else PURPLE,
    )
    canvas.part("kind", kind_box)
    name_box = _box(canvas, 4.0, 8.2, 59.0, 15.2)
    draw_name(canvas, card, name_box, max_pt=15, min_pt=9)

    art_box = _box(canvas, 4.0, 16.0, 59.0, 47.0)
    _art(
        canvas,
        card,
        art,
        art_box,
        SPECIAL_PALETTES.get(kind, SPECIAL_PALETTES["magic_code"]),
        "rays",
    )
    if art is None and kind == "moon_head":
        # the moon-headed sleeper's crescent rising behind the sign
        _crescent(
            canvas,
            _square((art_box.x + art_box.w // 5, art_box.y + art_box.h // 3), art_box.h // 2),
            MOON,
            alpha=0.9,
        )
    plaque = _plaque(canvas, art_box, side_mm=24.0, accent=accent)
    if kind in ("bad_night", "moon_head"):
        draw_centered(
            canvas, "?", plaque.center, style="title", size_px=round(plaque.h * 0.86), color=INK
        )
        canvas.part("question", plaque)
    elif kind == "dream_fairy":
        draw_centered(
            canvas, "@", plaque.center, style="bold", size_px=round(plaque.h * 0.8), color=INK
        )
        canvas.part("at", plaque)
    elif kind == "wake_up":
        _clock(canvas, plaque.inset(canvas.px(1.5)))
    elif kind == "magic_code":
        inner = plaque.inset(canvas.px(2.0))
        if card.get("letter"):
            _letter(canvas, plaque, card["letter"], 0.8)
        elif card.get("shape"):
            _shape(canvas, card["shape"], inner, GREEN)
        elif card.get("digit") is not None:
            _digit(canvas, plaque, card["digit"], 0.8)
        canvas.part("code", plaque)

    text = card.get("text") or ""
    if text:
        box = _box(canvas, 4.5, 48.5, 58.5, 81.0)
        draw_text(canvas, text, box, max_pt=8.5, min_pt=5.5, align="center", valign="middle")
        canvas.part("text", box)
    _number_label(canvas, card, _box(canvas, 24.0, 81.0, 39.0, 85.0), color=(110, 104, 140))


# --- entry points ---------------------------------------------------------------------
def draw_face(canvas: Canvas, card: dict, art: Image.Image | None) -> None:
    _panel(canvas)
    kind = card.get("type")
    if kind == "symbol":
        _draw_symbol(canvas, card, art)
    elif kind == "free":
        _draw_free(canvas, card, art)
    else:
        _draw_special(canvas, card, art)


def draw_back(canvas: Canvas) -> None:
    """Night sky, a full moon, ONIROO twice: the same either way up (180° symmetric)."""
    canvas.fill_bleed(NIGHT_DEEP)
    image = canvas.image
    w, h = image.size
    # concentric glow around the centre, drawn as rings (fast, no blur)
    cx, cy = (w - 1) / 2, (h - 1) / 2
    steps = 14
    for k in range(steps):
        t = k / (steps - 1)
        r = round(max(w, h) * (0.75 - 0.55 * t))
        color = tuple(
            round(NIGHT_DEEP[c] + (NIGHT[c] + (60, 50, 60)[c] - NIGHT_DEEP[c]) * t)
            for c in range(3)
        )
        canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color)
    # stars in the top half; the bottom half is the top half turned round
    rng = seeded("ONIROO-back")
    half_h = (h + 1) // 2
    for _ in range(110):
        x, y = rng.uniform(0, w), rng.uniform(0, half_h)
        r = rng.choice((1.2, 1.6, 2.2, 3.0))
        shade = rng.randint(170, 255)
        canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=(shade, shade, min(255, shade + 20)))
    trim = canvas.trim
    # the word, near the top edge
    word_box = Box(
        trim.x + canvas.px(8), trim.y + canvas.px(15), trim.w - canvas.px(16), canvas.px(12)
    )
    clear = word_box.inset(-canvas.px(3))
    placed = 0
    while placed < 7:
        x, y = round(rng.uniform(w * 0.1, w * 0.9)), round(rng.uniform(h * 0.05, h * 0.3))
        if clear.x <= x <= clear.right and clear.y <= y <= clear.bottom:
            continue
        _twinkle(canvas, (x, y), canvas.px(rng.uniform(1.2, 2.2)))
        placed += 1
    draw_centered(
        canvas, "ONIROO", word_box.center, style="title", size_px=canvas.pt(26), color=MOON
    )
    line_y = word_box.bottom + canvas.px(1.5)
    canvas.draw.line(
        (trim.x + canvas.px(18), line_y, trim.right - canvas.px(18), line_y),
        fill=(150, 140, 200),
        width=canvas.px(0.3),
    )
    top = image.crop((0, 0, w, half_h)).transpose(Image.Transpose.ROTATE_180)
    image.paste(top, (0, h - half_h))
    # the full moon in the middle (symmetric itself), with a halo and its seas
    r = canvas.px(15)
    for k, shade in enumerate(((70, 66, 120), (110, 100, 150))):
        rr = r + canvas.px(4.0 - 2.0 * k)
        canvas.draw.ellipse(
            (cx - rr, cy - rr, cx + rr, cy + rr), outline=shade, width=canvas.px(0.5)
        )
    canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MOON)
    for dx, dy, rr in (
        (-0.35, -0.3, 0.22),
        (0.35, 0.3, 0.22),
        (0.3, -0.38, 0.12),
        (-0.3, 0.38, 0.12),
        (0, 0, 0.1),
    ):
        x, y, s = cx + dx * r, cy + dy * r, rr * r
        canvas.draw.ellipse((x - s, y - s, x + s, y + s), fill=(240, 214, 130))
    # a thin frame inside the safe zone
    frame = trim.inset(canvas.px(3.5))
    rounded_frame(canvas, frame, radius_mm=3.0, fill=None, outline=(150, 140, 200), width_mm=0.4)


def _twinkle(canvas: Canvas, center: tuple[int, int], r: int) -> None:
    cx, cy = center
    t = max(1, r // 5)
    canvas.draw.polygon(
        [
            (cx, cy - r),
            (cx + t, cy - t),
            (cx + r, cy),
            (cx + t, cy + t),
            (cx, cy + r),
            (cx - t, cy + t),
            (cx - r, cy),
            (cx - t, cy - t),
        ],
        fill=(255, 248, 220),
    )
