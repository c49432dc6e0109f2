"""Drawing tools shared by the three layouts: canvas in millimetres, fonts, fitted text, art."""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageOps

CARD_W_MM = 63.0
CARD_H_MM = 88.0
MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
FONT_DIR = Path(__file__).resolve().parent.parent.parent / "static" / "fonts"
FONT_FILES = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
    "title": "DejaVuSerifCondensed-Bold.ttf",
}

RGB = tuple[int, int, int]


def px(mm: float, dpi: int) -> int:
    return round(mm * dpi / MM_PER_INCH)


@lru_cache(maxsize=512)
def font(style: str, size_px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[style]), max(1, size_px))


@dataclass
class Box:
    """A rectangle in pixels: left, top, width, height."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def xyxy(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.right - 1, self.bottom - 1)

    def inset(self, d: int) -> Box:
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)


def card_scale(card_mm: tuple[float, float] | None) -> float:
    """How much a poker card grows (or shrinks) to fit a W x H mm card without distortion."""
    if card_mm is None:
        return 1.0
    return min(card_mm[0] / CARD_W_MM, card_mm[1] / CARD_H_MM)


def is_poker(card_mm: tuple[float, float] | None) -> bool:
    return card_mm is None or (float(card_mm[0]), float(card_mm[1])) == (CARD_W_MM, CARD_H_MM)


class Canvas:
    """A card-sized image addressed in millimetres from the trim's top left.

    With bleed, the image is larger by the bleed on every side; layouts still
    draw in trim coordinates and paint their background with `fill_bleed`, so
    the background runs past the cut line as printers need.

    Layouts draw a poker card (63 x 88 mm). For another card size, `card_mm`
    (W, H), the poker card is drawn at one scale s = min(W / 63, H / 88),
    centred in the W x H card: `self.dpi` is then dpi x s, so that poker
    millimetres land on the output at `dpi`, and the card is narrower or
    shorter than W x H on one axis. That band is drawn like a wider bleed on
    two sides. Layouts use one bleed (`self.bleed`, pixels) for both axes, so
    the wider band is drawn on all four sides and `result()` cuts the image
    down to exactly (W + 2 bleed) x (H + 2 bleed) mm at `dpi`.
    """

    def __init__(
        self,
        *,
        dpi: int = 300,
        bleed_mm: float = 0.0,
        background: RGB = (255, 255, 255),
        card_mm: tuple[float, float] | None = None,
    ):
        self._crop: tuple[int, int, int, int] | None = None
        if is_poker(card_mm):
            self.dpi = dpi
            self.bleed = px(bleed_mm, dpi)
            self.trim_w = px(CARD_W_MM, dpi)
            self.trim_h = px(CARD_H_MM, dpi)
        else:
            self.dpi = dpi * card_scale(card_mm)
            self.trim_w = px(CARD_W_MM, self.dpi)
            self.trim_h = px(CARD_H_MM, self.dpi)
            out_w = px(card_mm[0] + 2 * bleed_mm, dpi)
            out_h = px(card_mm[1] + 2 * bleed_mm, dpi)
            left = (out_w - self.trim_w) // 2
            top = (out_h - self.trim_h) // 2
            self.bleed = max(0, out_w - self.trim_w - left, out_h - self.trim_h - top)
            x, y = self.bleed - left, self.bleed - top
            self._crop = (x, y, x + out_w, y + out_h)
        size = (self.trim_w + 2 * self.bleed, self.trim_h + 2 * self.bleed)
        self.image = Image.new("RGB", size, background)
        self.draw = ImageDraw.Draw(self.image)
        # Where text was asked to fit and whether it did, and which parts of
        # the card were drawn where: tests read both.
        self.text_boxes: list[TextFit] = []
        self.parts: dict[str, Box] = {}

    def result(self) -> Image.Image:
        """The finished picture: the card (and its bleed) at the size asked for."""
        return self.image if self._crop is None else self.image.crop(self._crop)

    def px(self, mm: float) -> int:
        return px(mm, self.dpi)

    def part(self, name: str, box: Box) -> Box:
        """Record that the card shows `name` (e.g. "cost", "attack") in `box`."""
        self.parts[name] = box
        return box

    def box(self, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> Box:
        return Box(
            self.bleed + self.px(x_mm), self.bleed + self.px(y_mm), self.px(w_mm), self.px(h_mm)
        )

    def corner_box(self, x0_mm: float, y0_mm: float, x1_mm: float, y1_mm: float) -> Box:
        """A box from its top-left and bottom-right corners in millimetres."""
        return self.box(x0_mm, y0_mm, x1_mm - x0_mm, y1_mm - y0_mm)

    def pt(self, points: float) -> int:
        """A font size in points, as pixels at this resolution."""
        return max(1, round(points * self.dpi / PT_PER_INCH))

    @property
    def trim(self) -> Box:
        return Box(self.bleed, self.bleed, self.trim_w, self.trim_h)

    @property
    def full(self) -> Box:
        return Box(0, 0, self.image.width, self.image.height)

    def fill_bleed(self, color: RGB) -> None:
        self.draw.rectangle(self.full.xyxy(), fill=color)


# --- text -----------------------------------------------------------------------
@dataclass
class TextFit:
    box: Box
    size_px: int
    lines: list[str]
    line_height: int
    overflow: bool
    text: str

    @property
    def height(self) -> int:
        return len(self.lines) * self.line_height


def _wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str] | None:
    """Lines of at most `width` pixels, broken between words; None if a word is too wide."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        if face.getlength(line) > width:
            return None
        for word in words[1:]:
            if face.getlength(word) > width:
                return None
            candidate = f"{line} {word}"
            if face.getlength(candidate) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_text(
    text: str,
    box: Box,
    *,
    style: str = "regular",
    max_px: int,
    min_px: int,
    spacing: float = 1.18,
) -> TextFit:
    """The largest size in [min_px, max_px] at which `text` wraps into `box`.

    Sizes step down by about 4 %. If even the smallest size does not fit, the
    result says overflow=True (and draw_text then cuts the last line with an
    ellipsis rather than drawing past the box).
    """
    size = max_px
    while True:
        face = font(style, size)
        line_height = max(1, round(size * spacing))
        lines = _wrap(text, face, box.w)
        if lines is not None and len(lines) * line_height <= box.h:
            return TextFit(box, size, lines, line_height, False, text)
        if size <= min_px:
            break
        size = max(min_px, min(size - 1, int(size * 0.96)))
    face = font(style, min_px)
    line_height = max(1, round(min_px * spacing))
    lines = _wrap(text, face, box.w) or [text]
    keep = max(1, box.h // line_height)
    if len(lines) > keep:
        lines = lines[:keep]
        last = lines[-1]
        while last and face.getlength(last + "…") > box.w:
            last = last[:-1]
        lines[-1] = last + "…"
    return TextFit(box, min_px, lines, line_height, True, text)


def draw_text(
    canvas: Canvas,
    text: str,
    box: Box,
    *,
    style: str = "regular",
    max_pt: float,
    min_pt: float,
    color: RGB = (20, 16, 28),
    align: str = "left",
    valign: str = "top",
    spacing: float = 1.18,
) -> TextFit:
    """Fit `text` into `box` (wrapping, shrinking) and draw it; returns the fit."""
    fit = fit_text(
        text, box, style=style, max_px=canvas.pt(max_pt), min_px=canvas.pt(min_pt), spacing=spacing
    )
    canvas.text_boxes.append(fit)
    face = font(style, fit.size_px)
    y = box.y
    if valign == "middle":
        y = box.y + (box.h - fit.height) // 2
    elif valign == "bottom":
        y = box.bottom - fit.height
    for line in fit.lines:
        width = face.getlength(line)
        x = box.x
        if align == "center":
            x = box.x + (box.w - width) / 2
        elif align == "right":
            x = box.right - width
        # anchor "la": the line's ascender at y, so glyphs never poke above the box
        canvas.draw.text((x, y), line, font=face, fill=color, anchor="la")
        y += fit.line_height
    return fit


def draw_centered_text(canvas: Canvas, text: str, box: Box, **options) -> TextFit:
    """`draw_text` centred across and down the box: names, labels, banners, table cells."""
    return draw_text(canvas, text, box, align="center", valign="middle", **options)


def draw_name(canvas: Canvas, card: dict, box: Box, **options) -> TextFit:
    """The card's name in the title face (centred unless `options` say otherwise), recorded as
    the face's "name" part."""
    canvas.part("name", box)
    placed = {"align": "center", "valign": "middle", **options}
    return draw_text(canvas, card.get("name") or "", box, style="title", **placed)


def draw_centered(
    canvas: Canvas, text: str, center: tuple[int, int], *, style: str, size_px: int, color: RGB
) -> None:
    canvas.draw.text(center, text, font=font(style, size_px), fill=color, anchor="mm")


# --- art --------------------------------------------------------------------------
def seeded(code: str) -> random.Random:
    """A generator seeded by the card's code: the same card always gets the same art."""
    digest = hashlib.sha256(code.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def paste_art(canvas: Canvas, art: Image.Image, box: Box) -> None:
    """An uploaded picture, scaled and cropped to cover the art box."""
    fitted = ImageOps.fit(art.convert("RGB"), (box.w, box.h), method=Image.Resampling.LANCZOS)
    canvas.image.paste(fitted, (box.x, box.y))


def generated_art(
    canvas: Canvas, box: Box, *, code: str, palette: list[RGB], motif: str = "rays"
) -> None:
    """A deterministic illustration for a card without art: never an empty box.

    Layered soft shapes in the game's palette, arranged by a generator seeded
    with the card's code; `motif` picks the family (rays, orbs, peaks).
    """
    rng = seeded(code)
    top, bottom = palette[0], palette[1]
    # vertical gradient, drawn as bands (fast at 300 DPI)
    bands = 96  # fine enough that no step shows at print resolution
    for i in range(bands):
        t = i / (bands - 1)
        color = tuple(round(top[c] + (bottom[c] - top[c]) * t) for c in range(3))
        y0 = box.y + box.h * i // bands
        y1 = box.y + box.h * (i + 1) // bands
        canvas.draw.rectangle((box.x, y0, box.right - 1, y1), fill=color)
    layer = Image.new("RGBA", (box.w, box.h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    accents = palette[2:] or [(255, 255, 255)]
    cx, cy = box.w * rng.uniform(0.3, 0.7), box.h * rng.uniform(0.35, 0.65)
    if motif == "rays":
        count = rng.randint(7, 13)
        start = rng.uniform(0, math.tau)
        for k in range(count):
            angle = start + k * math.tau / count
            spread = rng.uniform(0.08, 0.2)
            r = max(box.w, box.h)
            points = [
                (cx, cy),
                (cx + r * math.cos(angle - spread), cy + r * math.sin(angle - spread)),
                (cx + r * math.cos(angle + spread), cy + r * math.sin(angle + spread)),
            ]
            color = rng.choice(accents)
            draw.polygon(points, fill=(*color, rng.randint(40, 90)))
    elif motif == "peaks":
        for layer_index in range(4):
            base = box.h * (0.55 + 0.12 * layer_index)
            points = [(0, box.h)]
            x = 0.0
            while x < box.w:
                points.append((x, base - rng.uniform(0.05, 0.3) * box.h))
                x += rng.uniform(0.12, 0.3) * box.w
            points += [(box.w, base), (box.w, box.h)]
            color = accents[layer_index % len(accents)]
            draw.polygon(points, fill=(*color, 110 + 30 * layer_index))
    for _ in range(rng.randint(4, 9)):
        r = rng.uniform(0.04, 0.16) * box.w
        x, y = rng.uniform(0, box.w), rng.uniform(0, box.h)
        color = rng.choice(accents)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(*color, rng.randint(60, 150)))
    orb = min(box.w, box.h) * rng.uniform(0.12, 0.2)
    draw.ellipse((cx - orb, cy - orb, cx + orb, cy + orb), fill=(255, 250, 230, 200))
    canvas.image.paste(layer, (box.x, box.y), layer)


def rounded_frame(
    canvas: Canvas,
    box: Box,
    *,
    radius_mm: float,
    fill: RGB | None,
    outline: RGB | None,
    width_mm: float = 0.4,
) -> None:
    canvas.draw.rounded_rectangle(
        box.xyxy(),
        radius=canvas.px(radius_mm),
        fill=fill,
        outline=outline,
        width=max(1, canvas.px(width_mm)),
    )


# --- symbols ---------------------------------------------------------------------
def draw_shape(
    canvas: Canvas, shape: str, box: Box, *, fill: RGB, outline: RGB | None = None
) -> None:
    """ONIROO's five shapes, drawn (not typed) so every font can show them."""
    cx, cy = box.center
    r = min(box.w, box.h) / 2
    width = max(1, round(r / 8))
    if shape in ("square", "circle"):
        half = r * (0.8 if shape == "square" else 0.85)
        paint = canvas.draw.rectangle if shape == "square" else canvas.draw.ellipse
        paint((cx - half, cy - half, cx + half, cy + half), fill=fill, outline=outline, width=width)
    elif shape == "triangle":
        canvas.draw.polygon(
            [(cx, cy - r * 0.9), (cx + r * 0.9, cy + r * 0.75), (cx - r * 0.9, cy + r * 0.75)],
            fill=fill,
            outline=outline,
        )
    elif shape == "cross":
        t = r * 0.3
        canvas.draw.rectangle((cx - t, cy - r * 0.9, cx + t, cy + r * 0.9), fill=fill)
        canvas.draw.rectangle((cx - r * 0.9, cy - t, cx + r * 0.9, cy + t), fill=fill)
    elif shape == "star":
        canvas.draw.polygon(star_points(cx, cy, r * 0.95, r * 0.42), fill=fill, outline=outline)
    else:
        raise ValueError(f"unknown shape {shape!r}")


def star_points(
    cx: float, cy: float, outer: float, inner: float, tips: int = 5
) -> list[tuple[float, float]]:
    """The corners of a star with a tip straight up: outer and inner radii alternate."""
    points = []
    for k in range(2 * tips):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / tips
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_star_badge(
    canvas: Canvas, center: tuple[int, int], radius: int, *, fill: RGB, outline: RGB
) -> None:
    cx, cy = center
    canvas.draw.polygon(star_points(cx, cy, radius, radius * 0.5), fill=fill, outline=outline)
