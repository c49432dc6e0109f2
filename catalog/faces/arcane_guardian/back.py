"""The Arcane Guardian back: a rune circle before a dungeon gate's portcullis."""

from __future__ import annotations

import math

from PIL import Image

from catalog.faces.arcane_guardian.frame import stone_wall
from catalog.faces.arcane_guardian.icons import rune
from catalog.faces.arcane_guardian.style import GOLD, GOLD_DARK, shade
from catalog.faces.common import Canvas, draw_centered_text, rounded_frame


def draw_back(canvas: Canvas) -> None:
    """A rune circle before a dungeon gate's portcullis, "Arcane Guardian" above and below.

    The top half is drawn, then the bottom half is the top turned 180°, so the
    back looks the same either way up.
    """
    stone_wall(canvas, "stone")
    draw = canvas.draw
    recess_fill = (24, 20, 34)
    gate = canvas.corner_box(5.0, 5.0, 58.0, 83.0)
    rounded_frame(canvas, gate, radius_mm=4.0, fill=recess_fill, outline=(14, 12, 18), width_mm=0.8)
    opening = gate.inset(canvas.px(2.4))
    # the portcullis: iron bars across the opening
    bars = 7
    bar_w = canvas.px(1.1)
    for k in range(1, bars + 1):
        x = opening.x + opening.w * k / (bars + 1)
        draw.rectangle((x - bar_w / 2, opening.y, x + bar_w / 2, opening.bottom), fill=(60, 58, 68))
        draw.line(
            (x - bar_w / 2, opening.y, x - bar_w / 2, opening.bottom),
            fill=(78, 76, 86),
            width=max(1, canvas.px(0.25)),
        )
    for y_mm in (13.5, 30.0):
        y = canvas.box(0, y_mm, 0, 0).y
        draw.rectangle((opening.x, y - bar_w / 2, opening.right, y + bar_w / 2), fill=(60, 58, 68))
    rounded_frame(
        canvas,
        gate.inset(canvas.px(1.2)),
        radius_mm=3.2,
        fill=None,
        outline=GOLD_DARK,
        width_mm=0.45,
    )
    cx = canvas.bleed + canvas.trim_w / 2
    cy = canvas.bleed + canvas.trim_h / 2
    # the rune circle, glowing
    for k, lift in enumerate((4, 10, 16, 24)):
        r = canvas.px(23.5 - k * 4.5)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=shade(recess_fill, lift))
    ring_outer = canvas.px(22.0)
    ring_inner = canvas.px(16.6)
    draw.ellipse(
        (cx - ring_outer, cy - ring_outer, cx + ring_outer, cy + ring_outer),
        outline=GOLD,
        width=canvas.px(0.7),
    )
    draw.ellipse(
        (cx - ring_inner, cy - ring_inner, cx + ring_inner, cy + ring_inner),
        outline=GOLD,
        width=canvas.px(0.5),
    )
    mid = (ring_outer + ring_inner) / 2
    for k in range(16):
        a = -math.pi / 2 + k * math.tau / 16
        gx, gy = cx + mid * math.cos(a), cy + mid * math.sin(a)
        rune(draw, gx, gy, canvas.px(1.5), k * 5 + 1, (240, 204, 120), max(1, canvas.px(0.4)))
    r = ring_inner * 0.96
    for offset in (-math.pi / 2, math.pi / 2):
        tri = [
            (
                cx + r * math.cos(offset + k * math.tau / 3),
                cy + r * math.sin(offset + k * math.tau / 3),
            )
            for k in range(3)
        ]
        draw.polygon(tri, outline=(120, 170, 255), width=canvas.px(0.5))
    inner = r * 0.5
    draw.ellipse(
        (cx - inner, cy - inner, cx + inner, cy + inner),
        outline=(120, 170, 255),
        width=canvas.px(0.4),
    )
    core = canvas.px(6.0)
    draw.ellipse(
        (cx - core, cy - core, cx + core, cy + core),
        fill=(40, 60, 124),
        outline=(120, 170, 255),
        width=canvas.px(0.3),
    )
    # a four-faceted crystal, the same turned round
    g = core * 0.78
    light, dark = (160, 200, 255), (70, 120, 220)
    draw.polygon([(cx, cy - g), (cx - g * 0.7, cy), (cx, cy)], fill=light)
    draw.polygon([(cx, cy - g), (cx + g * 0.7, cy), (cx, cy)], fill=dark)
    draw.polygon([(cx, cy + g), (cx + g * 0.7, cy), (cx, cy)], fill=light)
    draw.polygon([(cx, cy + g), (cx - g * 0.7, cy), (cx, cy)], fill=dark)
    # the name on a plate, top; the bottom half is this half turned round
    plate = canvas.corner_box(9.5, 9.0, 53.5, 18.5)
    rounded_frame(canvas, plate, radius_mm=1.6, fill=(34, 28, 40), outline=GOLD, width_mm=0.45)
    title = plate.inset(canvas.px(1.2))
    draw_centered_text(
        canvas, "Arcane Guardian", title, style="title", max_pt=19, min_pt=10, color=(246, 214, 140)
    )
    w, h = canvas.image.size
    half = canvas.image.crop((0, 0, w, h // 2)).transpose(Image.Transpose.ROTATE_180)
    canvas.image.paste(half, (0, h - h // 2))
    if h % 2:  # the middle row: its left half, turned, is its right half
        mid = h // 2
        row = canvas.image.crop((0, mid, w // 2, mid + 1)).transpose(Image.Transpose.ROTATE_180)
        canvas.image.paste(row, (w - w // 2, mid))
