"""The parts every Arcane Guardian face has around its body.

The stone wall, the ending's gold border, the name plate, the type banner and
the parchment panel with the card's code.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from catalog import vocab
from catalog.faces.arcane_guardian.style import (
    BANNER,
    BANNER_H,
    BODY_Y1,
    FOOTER_H,
    GOLD,
    GOLD_DARK,
    INNER_X0,
    INNER_X1,
    MORTAR,
    MUTED,
    NAME_Y0,
    NAME_Y1,
    OBSIDIAN,
    PAD,
    PARCHMENT,
    PARCHMENT_EDGE,
    PLATE,
    PLATE_EDGE,
    PLATE_TEXT,
    STONE,
    shade,
)
from catalog.faces.common import (
    Box,
    Canvas,
    draw_centered_text,
    draw_name,
    draw_text,
    rounded_frame,
    seeded,
)

# an ending's kind, added to its type banner
ENDING_KINDS = {"gate": "KAPU", "key": "KULCS", "exit": "KIJÁRAT", "collectible": "GYŰJTHETŐ"}


# --- stone textures (cached: the same for every card) ----------------------------------
@lru_cache(maxsize=8)
def _stone(size: tuple[int, int], dpi: int, variant: str) -> Image.Image:
    """A wall of irregular stone blocks over the whole image, bleed included."""
    w, h = size
    base = OBSIDIAN if variant == "obsidian" else STONE
    mortar = (10, 8, 14) if variant == "obsidian" else MORTAR
    image = Image.new("RGB", size, mortar)
    draw = ImageDraw.Draw(image)
    rng = seeded(f"ag-stone-{variant}")
    unit = dpi / 25.4
    row_h = 4.4 * unit
    gap = max(1, round(0.35 * unit))
    y = -rng.uniform(0, row_h)
    while y < h:
        x = -rng.uniform(0.2, 0.8) * 9 * unit
        while x < w:
            bw = rng.uniform(6.5, 11.5) * unit
            d = rng.randint(-12, 12)
            box = (round(x + gap), round(y + gap), round(x + bw), round(y + row_h))
            draw.rectangle(box, fill=shade(base, d))
            draw.line((box[0], box[1], box[2], box[1]), fill=shade(base, d + 22), width=gap)
            draw.line((box[0], box[1], box[0], box[3]), fill=shade(base, d + 14), width=gap)
            draw.line((box[0], box[3], box[2], box[3]), fill=shade(base, d - 20), width=gap)
            x += bw
        y += row_h
    # fine grain: seeded noise, drawn small and scaled up (no per-pixel loops)
    small = (max(1, w // 6), max(1, h // 6))
    grain = Image.frombytes("L", small, rng.randbytes(small[0] * small[1]))
    grain = grain.resize(size, Image.Resampling.BILINEAR)
    return Image.blend(image, Image.merge("RGB", (grain, grain, grain)), 0.07)


def stone_wall(canvas: Canvas, variant: str) -> None:
    """The whole card, bleed included, in stone ("stone") or obsidian ("obsidian")."""
    canvas.fill_bleed(OBSIDIAN if variant == "obsidian" else STONE)
    canvas.image.paste(_stone(canvas.image.size, canvas.dpi, variant), (0, 0))


def ending_frame(canvas: Canvas) -> None:
    """Obsidian and gold: an ending is never mistaken for a dungeon card."""
    outer = canvas.corner_box(2.0, 2.0, 61.0, 86.0)
    canvas.draw.rectangle(outer.xyxy(), outline=GOLD, width=max(1, canvas.px(0.7)))
    inner = canvas.corner_box(3.0, 3.0, 60.0, 85.0)
    canvas.draw.rectangle(inner.xyxy(), outline=GOLD_DARK, width=max(1, canvas.px(0.3)))
    r = canvas.px(1.6)
    for x_mm, y_mm in ((2.0, 2.0), (61.0, 2.0), (2.0, 86.0), (61.0, 86.0)):
        c = canvas.box(x_mm, y_mm, 0, 0)
        points = [(c.x, c.y - r), (c.x + r, c.y), (c.x, c.y + r), (c.x - r, c.y)]
        canvas.draw.polygon(points, fill=GOLD, outline=GOLD_DARK)
    canvas.part("ending_frame", canvas.trim)


def name_plate(canvas: Canvas, card: dict, *, ending: bool) -> None:
    plate = canvas.corner_box(INNER_X0, NAME_Y0, INNER_X1, NAME_Y1)
    fill = (58, 44, 22) if ending else PLATE
    edge = GOLD if ending else PLATE_EDGE
    rounded_frame(canvas, plate, radius_mm=1.6, fill=fill, outline=edge, width_mm=0.45)
    inner = plate.inset(canvas.px(0.9))
    rounded_frame(canvas, inner, radius_mm=1.0, fill=None, outline=shade(fill, 28), width_mm=0.2)
    text_box = canvas.corner_box(INNER_X0 + 3.0, NAME_Y0 + 0.9, INNER_X1 - 3.0, NAME_Y1 - 0.8)
    color = (255, 226, 150) if ending else PLATE_TEXT
    draw_name(canvas, card, text_box, max_pt=13, min_pt=7, color=color, spacing=1.05)


def type_banner(canvas: Canvas, card: dict, kind: str, y0: float) -> float:
    """The type banner: a coloured ribbon with the type (and subtype) in Hungarian."""
    color = BANNER.get(kind, (80, 80, 80))
    y1 = y0 + BANNER_H
    b = canvas.corner_box(INNER_X0 - 1.0, y0, INNER_X1 + 1.0, y1)
    notch = canvas.px(1.4)
    mid = b.y + b.h / 2
    ribbon = [
        (b.x, b.y),
        (b.right, b.y),
        (b.right - notch, mid),
        (b.right, b.bottom),
        (b.x, b.bottom),
        (b.x + notch, mid),
    ]
    edge = GOLD if kind == "ending" else shade(color, -45)
    canvas.draw.polygon(ribbon, fill=color, outline=edge, width=max(1, canvas.px(0.3)))
    canvas.draw.line(
        (b.x + notch * 1.5, b.y + canvas.px(0.7), b.right - notch * 1.5, b.y + canvas.px(0.7)),
        fill=shade(color, 40),
        width=max(1, canvas.px(0.2)),
    )
    label = vocab.TYPES.label(kind, "hu").upper()
    extra = [vocab.SUBTYPES.label(s, "hu").upper() for s in card.get("subtypes") or []]
    if kind == "ending":
        ending_kind = (card.get("effects") or {}).get("kind")
        if ending_kind in ENDING_KINDS:
            extra.append(ENDING_KINDS[ending_kind])
    text = " · ".join([label, *extra])
    box = canvas.corner_box(INNER_X0 + 2.5, y0 + 0.5, INNER_X1 - 2.5, y1 - 0.4)
    canvas.part("type_line", box)
    text_color = (255, 226, 150) if kind == "ending" else (255, 255, 255)
    draw_centered_text(
        canvas, text, box, style="bold", max_pt=8.5, min_pt=5, color=text_color, spacing=1.0
    )
    return y1


def parchment(canvas: Canvas, card: dict, kind: str, y0: float) -> Box:
    """The parchment panel with the card's code at its foot; returns the content box inside."""
    panel = canvas.corner_box(INNER_X0, y0, INNER_X1, BODY_Y1)
    fill = (238, 226, 192) if kind == "ending" else PARCHMENT
    edge = GOLD_DARK if kind == "ending" else PARCHMENT_EDGE
    rounded_frame(canvas, panel, radius_mm=1.4, fill=fill, outline=edge, width_mm=0.35)
    footer = canvas.corner_box(INNER_X0 + PAD, BODY_Y1 - FOOTER_H, INNER_X1 - PAD, BODY_Y1 - 0.5)
    code = card.get("code") or ""
    if code:
        draw_text(
            canvas, code, footer, max_pt=5, min_pt=4, color=MUTED, align="right", valign="bottom"
        )
    return canvas.corner_box(INNER_X0 + PAD, y0 + PAD, INNER_X1 - PAD, BODY_Y1 - FOOTER_H)
