"""Arcane Guardian's drawn icons: hearts, mana gems, dice, spell elements and the art emblems.

Each is drawn with Pillow primitives around a centre and a radius, so any
size stays sharp at print resolution and no font needs the glyph.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from catalog.faces.arcane_guardian.style import DIE_FACE, GOLD, INK, MANA_BLUE, shade
from catalog.faces.common import RGB, Box, Canvas, seeded, star_points


def heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    lobe = r * 0.52
    draw.ellipse(
        (cx - 2 * lobe + r * 0.02, cy - r * 0.72, cx + r * 0.02, cy - r * 0.72 + 2 * lobe),
        fill=fill,
    )
    draw.ellipse(
        (cx - r * 0.02, cy - r * 0.72, cx + 2 * lobe - r * 0.02, cy - r * 0.72 + 2 * lobe),
        fill=fill,
    )
    draw.polygon(
        [(cx - r * 0.98, cy - r * 0.1), (cx + r * 0.98, cy - r * 0.1), (cx, cy + r * 0.92)],
        fill=fill,
    )


def gem(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB = MANA_BLUE) -> None:
    """A cut mana crystal."""
    outer = [
        (cx, cy - r),
        (cx + r * 0.72, cy - r * 0.25),
        (cx, cy + r),
        (cx - r * 0.72, cy - r * 0.25),
    ]
    draw.polygon(outer, fill=fill, outline=(16, 32, 74))
    light = tuple(min(255, c + 90) for c in fill)
    draw.polygon([(cx, cy - r), (cx + r * 0.72, cy - r * 0.25), (cx, cy - r * 0.1)], fill=light)
    dark = tuple(max(0, c - 50) for c in fill)
    draw.polygon([(cx, cy + r), (cx - r * 0.72, cy - r * 0.25), (cx, cy - r * 0.1)], fill=dark)


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die(canvas: Canvas, box: Box, value: int, *, pip: RGB = INK, face: RGB = DIE_FACE) -> None:
    """A die face with pips (1–6) in a square box."""
    draw = canvas.draw
    draw.rounded_rectangle(
        box.xyxy(),
        radius=max(2, box.w // 6),
        fill=face,
        outline=(60, 50, 44),
        width=max(1, box.w // 22),
    )
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    step = box.w * 0.27
    r = box.w * 0.085
    for dx, dy in PIPS.get(value, []):
        x, y = cx + dx * step, cy + dy * step
        draw.ellipse((x - r, y - r, x + r, y + r), fill=pip)


def spell_icon(
    draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill: RGB, edge: RGB
) -> None:
    """The element of a spell: frost, fire, light or lightning (a star otherwise)."""
    w = max(2, round(r * 0.14))
    if kind == "frost":
        for k in range(6):
            a = k * math.pi / 3
            ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
            draw.line((cx, cy, ex, ey), fill=edge, width=w + 4)
        for k in range(6):
            a = k * math.pi / 3
            ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
            draw.line((cx, cy, ex, ey), fill=fill, width=w)
            bx, by = cx + r * 0.58 * math.cos(a), cy + r * 0.58 * math.sin(a)
            for side in (-1, 1):
                b = a + side * math.pi / 4
                draw.line(
                    (bx, by, bx + r * 0.3 * math.cos(b), by + r * 0.3 * math.sin(b)),
                    fill=fill,
                    width=w,
                )
        draw.ellipse((cx - w, cy - w, cx + w, cy + w), fill=fill)
    elif kind == "fire":
        outer = [
            (cx, cy - r),
            (cx + r * 0.28, cy - r * 0.42),
            (cx + r * 0.55, cy - r * 0.62),
            (cx + r * 0.62, cy - r * 0.05),
            (cx + r * 0.5, cy + r * 0.62),
            (cx, cy + r),
            (cx - r * 0.5, cy + r * 0.62),
            (cx - r * 0.62, cy - r * 0.05),
            (cx - r * 0.42, cy - r * 0.5),
            (cx - r * 0.2, cy - r * 0.2),
        ]
        draw.polygon(outer, fill=fill, outline=edge, width=max(1, w // 2))
        inner = [
            (cx, cy - r * 0.15),
            (cx + r * 0.3, cy + r * 0.3),
            (cx + r * 0.22, cy + r * 0.7),
            (cx, cy + r * 0.82),
            (cx - r * 0.22, cy + r * 0.7),
            (cx - r * 0.3, cy + r * 0.35),
        ]
        draw.polygon(inner, fill=(255, 236, 150))
    elif kind == "light":
        for k in range(12):
            a = k * math.pi / 6
            long = r if k % 2 == 0 else r * 0.78
            spread = 0.16
            points = [
                (cx + r * 0.45 * math.cos(a - spread), cy + r * 0.45 * math.sin(a - spread)),
                (cx + long * math.cos(a), cy + long * math.sin(a)),
                (cx + r * 0.45 * math.cos(a + spread), cy + r * 0.45 * math.sin(a + spread)),
            ]
            draw.polygon(points, fill=fill, outline=edge)
        s = r * 0.46
        draw.ellipse(
            (cx - s, cy - s, cx + s, cy + s), fill=fill, outline=edge, width=max(1, w // 2)
        )
    elif kind == "lightning":
        bolt = [
            (cx + r * 0.2, cy - r),
            (cx - r * 0.5, cy + r * 0.1),
            (cx - r * 0.02, cy + r * 0.1),
            (cx - r * 0.25, cy + r),
            (cx + r * 0.5, cy - r * 0.15),
            (cx + r * 0.03, cy - r * 0.15),
            (cx + r * 0.42, cy - r),
        ]
        draw.polygon(bolt, fill=fill, outline=edge, width=max(1, w // 2))
    else:
        draw.polygon(star_points(cx, cy, r, r * 0.4, tips=8), fill=fill, outline=edge)


def arrow(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, up: bool, fill: RGB, edge: RGB
) -> None:
    s = -1 if up else 1
    points = [
        (cx, cy + s * r),
        (cx + r * 0.8, cy + s * r * 0.1),
        (cx + r * 0.32, cy + s * r * 0.1),
        (cx + r * 0.32, cy - s * r),
        (cx - r * 0.32, cy - s * r),
        (cx - r * 0.32, cy + s * r * 0.1),
        (cx - r * 0.8, cy + s * r * 0.1),
    ]
    draw.polygon(points, fill=fill, outline=edge, width=max(2, round(r * 0.06)))


def key(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    w = max(2, round(r * 0.05))
    ring = r * 0.38
    bx = cx - r * 0.5
    draw.ellipse((bx - ring, cy - ring, bx + ring, cy + ring), fill=fill, outline=edge, width=w)
    hole = ring * 0.42
    draw.ellipse((bx - hole, cy - hole, bx + hole, cy + hole), fill=edge)
    t = r * 0.09
    draw.rectangle(
        (bx + ring * 0.9, cy - t, cx + r * 0.95, cy + t), fill=fill, outline=edge, width=w
    )
    for off in (0.55, 0.8):
        x = cx + r * off
        draw.rectangle(
            (x - t, cy + t, x + t * 0.9, cy + t + r * 0.28), fill=fill, outline=edge, width=w
        )


def eyes(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, code: str) -> None:
    """Glowing eyes in the dark: something waits in the corridor."""
    rng = seeded(f"eyes-{code}")
    cx += rng.uniform(-0.5, 0.5) * r
    cy += rng.uniform(-0.3, 0.1) * r
    glow = rng.choice([(255, 210, 60), (255, 90, 40), (150, 255, 120), (170, 220, 255)])
    shadow = (24, 8, 8)
    draw.ellipse((cx - r * 1.05, cy - r * 0.55, cx + r * 1.05, cy + r * 0.55), fill=shadow)
    for side in (-1, 1):
        ex = cx + side * r * 0.45
        eye = [
            (ex - side * r * 0.32, cy - r * 0.12),
            (ex + side * r * 0.3, cy - r * 0.02),
            (ex + side * r * 0.1, cy + r * 0.16),
            (ex - side * r * 0.22, cy + r * 0.12),
        ]
        draw.polygon(eye, fill=glow)
        draw.ellipse((ex - r * 0.04, cy - r * 0.08, ex + r * 0.04, cy + r * 0.14), fill=shadow)


def spikes(draw: ImageDraw.ImageDraw, box: Box, code: str) -> None:
    """A row of iron spikes rising from the art's floor."""
    rng = seeded(f"spikes-{code}")
    count = rng.randint(7, 10)
    step = box.w / count
    for k in range(count):
        x = box.x + step * (k + 0.5)
        h = box.h * rng.uniform(0.28, 0.5)
        half = step * 0.36
        base = box.bottom - 1
        draw.polygon([(x - half, base), (x, base - h), (x + half, base)], fill=(150, 148, 156))
        draw.polygon([(x, base), (x, base - h), (x + half, base)], fill=(96, 94, 104))
        draw.line((x - half, base, x, base - h, x + half, base), fill=(30, 26, 30), width=2)


def hat(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The mage's pointed hat with stars."""
    edge = (24, 16, 40)
    w = max(2, round(r * 0.05))
    draw.ellipse(
        (cx - r * 1.05, cy + r * 0.55, cx + r * 1.05, cy + r * 0.95),
        fill=(64, 40, 120),
        outline=edge,
        width=w,
    )
    cone = [
        (cx - r * 0.62, cy + r * 0.75),
        (cx - r * 0.1, cy - r * 0.55),
        (cx + r * 0.2, cy - r * 1.0),
        (cx + r * 0.12, cy - r * 0.45),
        (cx + r * 0.62, cy + r * 0.75),
    ]
    draw.polygon(cone, fill=(84, 52, 156), outline=edge, width=w)
    draw.polygon(
        [
            (cx - r * 0.55, cy + r * 0.55),
            (cx + r * 0.55, cy + r * 0.55),
            (cx + r * 0.6, cy + r * 0.72),
            (cx - r * 0.6, cy + r * 0.72),
        ],
        fill=GOLD,
    )
    for sx, sy, sr in ((-0.15, 0.15, 0.13), (0.2, -0.05, 0.09), (0.05, 0.38, 0.08)):
        star = star_points(cx + sx * r, cy + sy * r, r * sr, r * sr * 0.45)
        draw.polygon(star, fill=(255, 226, 120))


def mask(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    w = max(2, round(r * 0.06))
    face = [
        (cx - r * 0.8, cy - r * 0.55),
        (cx - r * 0.3, cy - r * 0.75),
        (cx + r * 0.3, cy - r * 0.75),
        (cx + r * 0.8, cy - r * 0.55),
        (cx + r * 0.72, cy + r * 0.15),
        (cx + r * 0.35, cy + r * 0.7),
        (cx, cy + r * 0.85),
        (cx - r * 0.35, cy + r * 0.7),
        (cx - r * 0.72, cy + r * 0.15),
    ]
    draw.polygon(face, fill=fill, outline=edge, width=w)
    for side in (-1, 1):
        ex = cx + side * r * 0.34
        eye = [
            (ex - r * 0.22, cy - r * 0.22),
            (ex, cy - r * 0.34),
            (ex + r * 0.22, cy - r * 0.22),
            (ex + r * 0.12, cy - r * 0.06),
            (ex - r * 0.12, cy - r * 0.06),
        ]
        draw.polygon(eye, fill=edge)
    draw.line((cx, cy - r * 0.1, cx, cy + r * 0.35), fill=edge, width=w)
    draw.line((cx - r * 0.22, cy + r * 0.55, cx + r * 0.22, cy + r * 0.55), fill=edge, width=w)


def potion(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, liquid: RGB, edge: RGB
) -> None:
    w = max(2, round(r * 0.06))
    br = r * 0.62
    by = cy + r * 0.3
    draw.rectangle(
        (cx - r * 0.2, cy - r * 0.75, cx + r * 0.2, by - br * 0.8),
        fill=(236, 240, 246),
        outline=edge,
        width=w,
    )
    draw.ellipse((cx - br, by - br, cx + br, by + br), fill=(236, 240, 246), outline=edge, width=w)
    lr = br - w * 1.5
    draw.chord((cx - lr, by - lr, cx + lr, by + lr), -15, 195, fill=liquid)
    draw.rectangle(
        (cx - r * 0.26, cy - r * 0.98, cx + r * 0.26, cy - r * 0.72),
        fill=(150, 100, 60),
        outline=edge,
        width=w,
    )
    draw.ellipse(
        (cx - br * 0.5, by - br * 0.55, cx - br * 0.2, by - br * 0.25), fill=(255, 255, 255)
    )


def torch(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, edge: RGB) -> None:
    w = max(2, round(r * 0.06))
    handle = [
        (cx - r * 0.16, cy - r * 0.1),
        (cx + r * 0.16, cy - r * 0.1),
        (cx + r * 0.09, cy + r),
        (cx - r * 0.09, cy + r),
    ]
    draw.polygon(handle, fill=(120, 78, 40), outline=edge, width=w)
    draw.rectangle(
        (cx - r * 0.24, cy - r * 0.22, cx + r * 0.24, cy - r * 0.04),
        fill=(90, 80, 76),
        outline=edge,
        width=w,
    )
    spell_icon(draw, "fire", cx, cy - r * 0.58, r * 0.45, (246, 140, 40), edge)


def skull(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    w = max(2, round(r * 0.06))
    draw.rounded_rectangle(
        (cx - r * 0.4, cy + r * 0.2, cx + r * 0.4, cy + r * 0.85),
        radius=r * 0.12,
        fill=fill,
        outline=edge,
        width=w,
    )
    draw.ellipse(
        (cx - r * 0.75, cy - r * 0.9, cx + r * 0.75, cy + r * 0.55),
        fill=fill,
        outline=edge,
        width=w,
    )
    draw.rectangle((cx - r * 0.37, cy + r * 0.3, cx + r * 0.37, cy + r * 0.55), fill=fill)
    for side in (-1, 1):
        ex = cx + side * r * 0.32
        draw.ellipse((ex - r * 0.2, cy - r * 0.32, ex + r * 0.2, cy + r * 0.06), fill=(60, 20, 70))
    draw.polygon(
        [(cx, cy + r * 0.12), (cx + r * 0.1, cy + r * 0.3), (cx - r * 0.1, cy + r * 0.3)], fill=edge
    )
    for k in (-1, 0, 1):
        x = cx + k * r * 0.15
        draw.line((x, cy + r * 0.58, x, cy + r * 0.82), fill=edge, width=w)


def chest(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, edge: RGB) -> None:
    w = max(2, round(r * 0.06))
    wood = (132, 80, 36)
    draw.rectangle((cx - r, cy - r * 0.05, cx + r, cy + r * 0.75), fill=wood, outline=edge, width=w)
    draw.chord(
        (cx - r, cy - r * 0.75, cx + r, cy + r * 0.6),
        180,
        360,
        fill=shade(wood, 20),
        outline=edge,
        width=w,
    )
    for x in (cx - r * 0.62, cx + r * 0.62):
        draw.rectangle(
            (x - r * 0.1, cy - r * 0.6, x + r * 0.1, cy + r * 0.75),
            fill=GOLD,
            outline=edge,
            width=max(1, w // 2),
        )
    draw.rectangle(
        (cx - r * 0.18, cy - r * 0.2, cx + r * 0.18, cy + r * 0.22),
        fill=GOLD,
        outline=edge,
        width=w,
    )
    draw.ellipse((cx - r * 0.05, cy - r * 0.06, cx + r * 0.05, cy + r * 0.04), fill=edge)


def door(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    """The dungeon gate: an arch with a portcullis."""
    w = max(2, round(r * 0.08))
    x0, x1, y0, y1 = cx - r * 0.75, cx + r * 0.75, cy - r * 0.95, cy + r * 0.95
    draw.rectangle((x0, cy - r * 0.2, x1, y1), fill=fill)
    draw.pieslice((x0, y0, x1, y0 + r * 1.5), 180, 360, fill=fill)
    for k in range(1, 5):
        x = x0 + (x1 - x0) * k / 5
        draw.line((x, y0 + r * 0.12, x, y1), fill=edge, width=w)
    for k in range(1, 4):
        y = cy - r * 0.2 + (y1 - cy + r * 0.2) * k / 4
        draw.line((x0, y, x1, y), fill=edge, width=max(1, w // 2))
    draw.arc((x0, y0, x1, y0 + r * 1.5), 180, 360, fill=edge, width=w)
    draw.line((x0, y0 + r * 0.75, x0, y1), fill=edge, width=w)
    draw.line((x1, y0 + r * 0.75, x1, y1), fill=edge, width=w)


def rope(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    w = max(3, round(r * 0.16))
    for k in range(4):
        rr = r * (0.9 - 0.2 * k)
        draw.ellipse((cx - rr, cy - rr * 0.7, cx + rr, cy + rr * 0.7), outline=edge, width=w + 4)
        draw.ellipse((cx - rr, cy - rr * 0.7, cx + rr, cy + rr * 0.7), outline=fill, width=w)


def bomb(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, edge: RGB) -> None:
    w = max(2, round(r * 0.06))
    br = r * 0.7
    by = cy + r * 0.2
    draw.line(
        (cx + br * 0.5, by - br * 0.9, cx + r * 0.75, cy - r * 0.85),
        fill=(190, 160, 110),
        width=w * 2,
    )
    draw.ellipse((cx - br, by - br, cx + br, by + br), fill=(52, 56, 66), outline=edge, width=w)
    draw.ellipse(
        (cx - br * 0.55, by - br * 0.6, cx - br * 0.2, by - br * 0.25), fill=(120, 126, 140)
    )
    spell_icon(draw, "light", cx + r * 0.78, cy - r * 0.88, r * 0.22, (255, 210, 90), edge)


def rune(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, k: int, fill: RGB, width: int
) -> None:
    """One of a few angular rune glyphs (k picks it), drawn with lines."""
    glyphs = [
        [((0, -1), (0, 1)), ((0, -1), (0.6, -0.4)), ((0, 0), (0.6, -0.6 + 0.6))],
        [((0, -1), (0, 1)), ((-0.6, -0.4), (0.6, 0.4))],
        [((-0.5, 1), (0, -1)), ((0, -1), (0.5, 1)), ((-0.3, 0.2), (0.3, 0.2))],
        [((0, -1), (0, 1)), ((0, -0.2), (0.6, -0.8)), ((0, -0.2), (-0.6, -0.8))],
        [((-0.5, -1), (-0.5, 1)), ((0.5, -1), (0.5, 1)), ((-0.5, -0.3), (0.5, 0.3))],
        [((0, -1), (0.6, 0)), ((0.6, 0), (0, 1)), ((0, 1), (-0.6, 0)), ((-0.6, 0), (0, -1))],
    ]
    for (x0, y0), (x1, y1) in glyphs[k % len(glyphs)]:
        draw.line((cx + x0 * s, cy + y0 * s, cx + x1 * s, cy + y1 * s), fill=fill, width=width)
