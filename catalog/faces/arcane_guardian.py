"""Arcane Guardian faces: a stone-framed dungeon card, one layout per card type.

Every face has a stone frame, a name plate, the art, a type banner in the
type's colour and a parchment body. What the body holds depends on the type:
the mage's level/life track, a spell's effect and mana badge, an enemy's
options and the spell that defeats it alone, the d6 tables of traps and
chests, a chest's level. Endings get a frame of their own (obsidian and gold).
Table rows are derived from `effects` (docs/data/arcane-guardian.md) in short
Hungarian, worded by play/engines/arcane_guardian/wording.py as the terminal
game and the table word them; the card text's lead sentence stays above the table.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from PIL import Image, ImageDraw

from catalog import vocab
from catalog.faces.common import (
    RGB,
    Box,
    Canvas,
    draw_text,
    fit_text,
    generated_art,
    paste_art,
    rounded_frame,
    seeded,
)
from catalog.records import shipped_cards
from play.engines.arcane_guardian.wording import bundle_phrase

# --- colours ------------------------------------------------------------------------
STONE: RGB = (74, 70, 76)
MORTAR: RGB = (38, 35, 40)
PLATE: RGB = (42, 38, 46)
PLATE_EDGE: RGB = (150, 124, 78)
PLATE_TEXT: RGB = (242, 228, 190)
PARCHMENT: RGB = (234, 223, 197)
PARCHMENT_EDGE: RGB = (118, 96, 64)
INK: RGB = (34, 26, 22)
MUTED: RGB = (92, 76, 60)
GOLD: RGB = (214, 172, 78)
GOLD_DARK: RGB = (128, 94, 34)
OBSIDIAN: RGB = (22, 18, 28)
LIFE_RED: RGB = (178, 34, 42)
MANA_BLUE: RGB = (48, 110, 206)
LOSS_ROW: RGB = (240, 208, 196)
GAIN_ROW: RGB = (212, 232, 196)
NEUTRAL_ROW: RGB = (226, 216, 192)
DIE_FACE: RGB = (250, 246, 234)

BANNER: dict[str, RGB] = {
    "mage": (98, 58, 152),
    "spell": (36, 88, 172),
    "enemy": (156, 32, 38),
    "trap": (170, 92, 22),
    "collectible": (36, 118, 70),
    "useable": (26, 114, 126),
    "chest": (160, 120, 26),
    "curse": (84, 34, 94),
    "level_up": (52, 132, 58),
    "level_down": (110, 56, 58),
    "ending": (28, 22, 18),
}

PALETTES: dict[str, tuple[list[RGB], str]] = {
    "mage": (
        [(36, 26, 76), (112, 72, 156), (200, 170, 255), (255, 220, 140), (120, 200, 255)],
        "rays",
    ),
    "spell": (
        [(14, 28, 70), (60, 118, 190), (180, 230, 255), (255, 255, 255), (120, 170, 255)],
        "rays",
    ),
    "enemy": ([(40, 10, 12), (120, 42, 30), (220, 92, 40), (90, 22, 22), (250, 180, 80)], "peaks"),
    "trap": ([(30, 26, 20), (104, 82, 52), (160, 120, 60), (86, 66, 40), (210, 160, 90)], "peaks"),
    "collectible": ([(14, 40, 30), (62, 120, 82), (150, 220, 150), (230, 210, 120)], "rays"),
    "useable": ([(12, 36, 44), (56, 120, 126), (150, 220, 220), (240, 220, 160)], "rays"),
    "chest": (
        [(40, 30, 10), (140, 100, 30), (250, 210, 90), (200, 150, 40), (255, 240, 170)],
        "rays",
    ),
    "curse": ([(20, 10, 26), (72, 30, 82), (150, 60, 160), (60, 200, 120)], "peaks"),
    "level_up": ([(20, 40, 62), (90, 160, 120), (250, 240, 160), (160, 255, 200)], "rays"),
    "level_down": ([(30, 20, 22), (92, 50, 60), (140, 60, 70), (60, 40, 50)], "peaks"),
    "ending": (
        [(20, 14, 30), (84, 62, 30), (255, 220, 120), (200, 160, 60), (255, 250, 220)],
        "rays",
    ),
}

# how tall the art is (mm) per type; the body takes the rest
ART_HEIGHT = {
    "mage": 29.0,
    "spell": 31.0,
    "enemy": 27.0,
    "trap": 27.0,
    "chest": 22.0,
    "ending": 31.0,
}
DEFAULT_ART_HEIGHT = 33.0

# spells' elements, drawn as icons (by card code)
SPELL_ICONS = {"AG-002": "frost", "AG-003": "fire", "AG-004": "light", "AG-005": "lightning"}

# --- geometry (mm, trim coordinates) ---------------------------------------------------
INNER_X0, INNER_X1 = 4.5, 58.5
NAME_Y0, NAME_Y1 = 4.2, 11.4
ART_Y0 = 12.3
BANNER_H = 5.4
BODY_Y1 = 84.6
FOOTER_H = 2.9
PAD = 1.6


def _mm(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> Box:
    """A box from its corners in millimetres."""
    return canvas.box(x0, y0, x1 - x0, y1 - y0)


# --- effects into short Hungarian ----------------------------------------------------
def bundle_text(bundle: dict) -> str:
    """A bundle of effects as a short Hungarian phrase: "−1 élet, −1 mana" (the game's wording)."""
    return bundle_phrase(bundle, "hu")


def _sentiment(bundle: dict) -> int:
    """-1 for a row that hurts, +1 for one that helps, 0 for nothing."""
    if any(bundle.get(k) for k in ("lose_level", "lose_life", "lose_mana", "discard")):
        return -1
    if any(k != "roll" and v for k, v in bundle.items()):
        return 1
    return 0


_ROW_START = re.compile(r"(?:^|(?<=\s))\d(?:[–-]\d)?:\s")


def _lead(text: str) -> str:
    """The card text before its die table ("Dobj egy kockával."), or all of it."""
    match = _ROW_START.search(text)
    if not match:
        return text.strip()
    return text[: match.start()].strip() or text.strip()


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


@lru_cache(maxsize=1)
def _card_names() -> dict[str, str]:
    try:
        cards = shipped_cards(vocab.ARCANE_GUARDIAN)
    except (OSError, ValueError):
        return {}
    return {c["code"]: c["name"] for c in cards}


# --- icons ---------------------------------------------------------------------------
def _heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
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


def _gem(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB = MANA_BLUE) -> None:
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


def _die(canvas: Canvas, box: Box, value: int, *, pip: RGB = INK, face: RGB = DIE_FACE) -> None:
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


def _spell_icon(
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
        points = []
        for k in range(16):
            rr = r if k % 2 == 0 else r * 0.4
            a = -math.pi / 2 + k * math.pi / 8
            points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        draw.polygon(points, fill=fill, outline=edge)


def _arrow(
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


def _key(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
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


# --- stone textures (cached: the same for every card) ----------------------------------
def _shade(color: RGB, d: int) -> RGB:
    return tuple(max(0, min(255, c + d)) for c in color)  # type: ignore[return-value]


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
    row = 0
    while y < h:
        x = -rng.uniform(0.2, 0.8) * 9 * unit
        while x < w:
            bw = rng.uniform(6.5, 11.5) * unit
            d = rng.randint(-12, 12)
            box = (round(x + gap), round(y + gap), round(x + bw), round(y + row_h))
            draw.rectangle(box, fill=_shade(base, d))
            draw.line((box[0], box[1], box[2], box[1]), fill=_shade(base, d + 22), width=gap)
            draw.line((box[0], box[1], box[0], box[3]), fill=_shade(base, d + 14), width=gap)
            draw.line((box[0], box[3], box[2], box[3]), fill=_shade(base, d - 20), width=gap)
            x += bw
        y += row_h
        row += 1
    # fine grain: seeded noise, drawn small and scaled up (no per-pixel loops)
    small = (max(1, w // 6), max(1, h // 6))
    grain = Image.frombytes("L", small, rng.randbytes(small[0] * small[1]))
    grain = grain.resize(size, Image.Resampling.BILINEAR)
    return Image.blend(image, Image.merge("RGB", (grain, grain, grain)), 0.07)


def _paste_stone(canvas: Canvas, variant: str) -> None:
    canvas.image.paste(_stone(canvas.image.size, canvas.dpi, variant), (0, 0))


# --- shared pieces -------------------------------------------------------------------
def _name_plate(canvas: Canvas, card: dict, *, ending: bool) -> None:
    plate = _mm(canvas, INNER_X0, NAME_Y0, INNER_X1, NAME_Y1)
    fill = (58, 44, 22) if ending else PLATE
    edge = GOLD if ending else PLATE_EDGE
    rounded_frame(canvas, plate, radius_mm=1.6, fill=fill, outline=edge, width_mm=0.45)
    inner = plate.inset(canvas.px(0.9))
    rounded_frame(canvas, inner, radius_mm=1.0, fill=None, outline=_shade(fill, 28), width_mm=0.2)
    text_box = _mm(canvas, INNER_X0 + 3.0, NAME_Y0 + 0.9, INNER_X1 - 3.0, NAME_Y1 - 0.8)
    canvas.part("name", text_box)
    draw_text(
        canvas,
        card.get("name") or "",
        text_box,
        style="title",
        max_pt=13,
        min_pt=7,
        color=(255, 226, 150) if ending else PLATE_TEXT,
        align="center",
        valign="middle",
        spacing=1.05,
    )


def _art(canvas: Canvas, card: dict, art: Image.Image | None, kind: str, y1: float) -> Box:
    box = _mm(canvas, INNER_X0, ART_Y0, INNER_X1, y1)
    edge = GOLD if kind == "ending" else (28, 24, 30)
    canvas.draw.rectangle(box.inset(-canvas.px(0.5)).xyxy(), fill=edge)
    if art is not None:
        paste_art(canvas, art, box)
    else:
        palette, motif = PALETTES.get(kind, PALETTES["collectible"])
        generated_art(
            canvas,
            box,
            code=card.get("code") or card.get("name") or kind,
            palette=palette,
            motif=motif,
        )
        _art_emblem(canvas, card, kind, box)
    inner = GOLD_DARK if kind == "ending" else (110, 96, 80)
    canvas.draw.rectangle(box.xyxy(), outline=inner, width=max(1, canvas.px(0.25)))
    canvas.part("art", box)
    return box


def _art_emblem(canvas: Canvas, card: dict, kind: str, box: Box) -> None:
    """A drawn emblem over generated art, so a type reads at a glance."""
    cx, cy = box.center
    r = min(box.w, box.h) * 0.3
    draw = canvas.draw
    effects = card.get("effects") or {}
    subtypes = card.get("subtypes") or []
    edge = (30, 24, 20)
    if kind == "spell":
        icon = SPELL_ICONS.get(card.get("code", ""), "star")
        _spell_icon(draw, icon, cx, cy, r, (250, 250, 255), (20, 40, 90))
    elif kind == "level_up":
        _arrow(draw, cx, cy, r, True, (250, 226, 120), (70, 60, 20))
    elif kind == "level_down":
        _arrow(draw, cx, cy, r, False, (150, 40, 44), (40, 10, 12))
    elif kind == "ending":
        ending_kind = effects.get("kind")
        if ending_kind == "collectible" or effects.get("counts_as") == "mask":
            _mask(draw, cx, cy, r, GOLD, (60, 40, 10))
        elif (effects.get("gives") or {}).get("gain_key"):
            _key(draw, cx, cy, r * 1.1, GOLD, (60, 40, 10))
        else:
            _door(draw, cx, cy, r, (60, 44, 30), GOLD)
    elif kind == "collectible" and "mask" in subtypes:
        _mask(draw, cx, cy, r, (226, 214, 170), edge)
    elif kind == "collectible" and "potion" in subtypes:
        use = (effects.get("use") or {}).get("do") or {}
        liquid = MANA_BLUE if use.get("gain_mana") and not use.get("gain_life") else LIFE_RED
        if use.get("gain_mana") and use.get("gain_life"):
            liquid = (140, 60, 170)
        _potion(draw, cx, cy, r, liquid, edge)
    elif kind == "collectible" and "torch" in subtypes:
        _torch(draw, cx, cy, r, edge)
    elif kind == "useable":
        use = effects.get("use") or {}
        if use.get("when") == "after_roll":
            s = round(r * 1.2)
            _die(canvas, Box(round(cx - s / 2), round(cy - s / 2), s, s), 6)
        elif use.get("when") == "trap":
            _rope(draw, cx, cy, r, (196, 156, 90), edge)
        else:
            _bomb(draw, cx, cy, r, edge)
    elif kind == "curse":
        _skull(draw, cx, cy, r, (222, 214, 196), edge)
    elif kind == "chest":
        _chest_icon(draw, cx, cy, r, edge)
    elif kind == "enemy":
        _eyes(draw, cx, cy, r, card.get("code") or "")
    elif kind == "trap":
        _spikes(draw, box, card.get("code") or "")
    elif kind == "mage":
        _hat(draw, cx, cy, r)


def _eyes(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, code: str) -> None:
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


def _spikes(draw: ImageDraw.ImageDraw, box: Box, code: str) -> None:
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


def _hat(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
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
        points = []
        for k in range(10):
            rr = r * sr if k % 2 == 0 else r * sr * 0.45
            a = -math.pi / 2 + k * math.pi / 5
            points.append((cx + sx * r + rr * math.cos(a), cy + sy * r + rr * math.sin(a)))
        draw.polygon(points, fill=(255, 226, 120))


def _mask(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
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


def _potion(
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


def _torch(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, edge: RGB) -> None:
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
    _spell_icon(draw, "fire", cx, cy - r * 0.58, r * 0.45, (246, 140, 40), edge)


def _skull(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
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


def _chest_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, edge: RGB) -> None:
    w = max(2, round(r * 0.06))
    wood = (132, 80, 36)
    draw.rectangle((cx - r, cy - r * 0.05, cx + r, cy + r * 0.75), fill=wood, outline=edge, width=w)
    draw.chord(
        (cx - r, cy - r * 0.75, cx + r, cy + r * 0.6),
        180,
        360,
        fill=_shade(wood, 20),
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


def _door(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
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


def _rope(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    w = max(3, round(r * 0.16))
    for k in range(4):
        rr = r * (0.9 - 0.2 * k)
        draw.ellipse((cx - rr, cy - rr * 0.7, cx + rr, cy + rr * 0.7), outline=edge, width=w + 4)
        draw.ellipse((cx - rr, cy - rr * 0.7, cx + rr, cy + rr * 0.7), outline=fill, width=w)


def _bomb(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, edge: RGB) -> None:
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
    _spell_icon(draw, "light", cx + r * 0.78, cy - r * 0.88, r * 0.22, (255, 210, 90), edge)


def _type_line(canvas: Canvas, card: dict, kind: str, y0: float) -> float:
    """The type banner: a coloured ribbon with the type (and subtype) in Hungarian."""
    color = BANNER.get(kind, (80, 80, 80))
    y1 = y0 + BANNER_H
    b = _mm(canvas, INNER_X0 - 1.0, y0, INNER_X1 + 1.0, y1)
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
    edge = GOLD if kind == "ending" else _shade(color, -45)
    canvas.draw.polygon(ribbon, fill=color, outline=edge, width=max(1, canvas.px(0.3)))
    canvas.draw.line(
        (b.x + notch * 1.5, b.y + canvas.px(0.7), b.right - notch * 1.5, b.y + canvas.px(0.7)),
        fill=_shade(color, 40),
        width=max(1, canvas.px(0.2)),
    )
    label = vocab.TYPES.label(kind, "hu").upper()
    extra = [vocab.SUBTYPES.label(s, "hu").upper() for s in card.get("subtypes") or []]
    if kind == "ending":
        effects = card.get("effects") or {}
        ending_kind = {
            "gate": "KAPU",
            "key": "KULCS",
            "exit": "KIJÁRAT",
            "collectible": "GYŰJTHETŐ",
        }
        if effects.get("kind") in ending_kind:
            extra.append(ending_kind[effects["kind"]])
    text = " · ".join([label, *extra])
    box = _mm(canvas, INNER_X0 + 2.5, y0 + 0.5, INNER_X1 - 2.5, y1 - 0.4)
    canvas.part("type_line", box)
    draw_text(
        canvas,
        text,
        box,
        style="bold",
        max_pt=8.5,
        min_pt=5,
        color=(255, 226, 150) if kind == "ending" else (255, 255, 255),
        align="center",
        valign="middle",
        spacing=1.0,
    )
    return y1


def _body(canvas: Canvas, card: dict, kind: str, y0: float) -> Box:
    """The parchment panel; returns the content box (mm inside the padding)."""
    panel = _mm(canvas, INNER_X0, y0, INNER_X1, BODY_Y1)
    fill = (238, 226, 192) if kind == "ending" else PARCHMENT
    edge = GOLD_DARK if kind == "ending" else PARCHMENT_EDGE
    rounded_frame(canvas, panel, radius_mm=1.4, fill=fill, outline=edge, width_mm=0.35)
    footer = _mm(canvas, INNER_X0 + PAD, BODY_Y1 - FOOTER_H, INNER_X1 - PAD, BODY_Y1 - 0.5)
    code = card.get("code") or ""
    if code:
        draw_text(
            canvas,
            code,
            footer,
            style="regular",
            max_pt=5,
            min_pt=4,
            color=MUTED,
            align="right",
            valign="bottom",
        )
    return _mm(canvas, INNER_X0 + PAD, y0 + PAD, INNER_X1 - PAD, BODY_Y1 - FOOTER_H)


def _rules_text(
    canvas: Canvas,
    text: str,
    box: Box,
    *,
    max_pt: float = 9,
    min_pt: float = 5.5,
    style: str = "regular",
    align: str = "left",
    valign: str = "top",
) -> None:
    if not text:
        return
    canvas.part("text", box)
    draw_text(
        canvas,
        text,
        box,
        style=style,
        max_pt=max_pt,
        min_pt=min_pt,
        color=INK,
        align=align,
        valign=valign,
    )


def _split_y(box: Box, fraction: float, gap: int = 0) -> tuple[Box, Box]:
    top_h = round(box.h * fraction)
    return Box(box.x, box.y, box.w, top_h), Box(
        box.x, box.y + top_h + gap, box.w, box.h - top_h - gap
    )


# --- d6 tables -----------------------------------------------------------------------
def _common_size(
    canvas: Canvas, texts: list[tuple[str, Box]], *, style: str, max_pt: float, min_pt: float
) -> float:
    """The largest size (pt) at which every one of `texts` fits its box: rows read as one table."""
    size = max_pt
    for text, box in texts:
        fit = fit_text(text, box, style=style, max_px=canvas.pt(max_pt), min_px=canvas.pt(min_pt))
        size = min(size, fit.size_px * 72.0 / canvas.dpi)
    return max(min_pt, size)


def _d6_table(canvas: Canvas, rows: list[dict], box: Box) -> None:
    """Rows of die faces (the rolls) and what happens."""
    canvas.part("d6_table", box)
    if not rows:
        return
    gap = canvas.px(0.7)
    row_h = min(canvas.px(7.2), (box.h - gap * (len(rows) - 1)) // len(rows))
    total = row_h * len(rows) + gap * (len(rows) - 1)
    y = box.y + (box.h - total) // 2
    die = min(row_h - canvas.px(1.2), canvas.px(4.8))
    die_gap = canvas.px(0.7)
    most = max(1, max(len(r.get("roll") or []) for r in rows))
    dice_w = most * die + (most - 1) * die_gap + canvas.px(2.4)
    sep = box.x + dice_w
    cells = []
    for row in rows:
        outcome = {k: v for k, v in row.items() if k != "roll"}
        text_box = Box(
            sep + canvas.px(1.6),
            y + canvas.px(0.4),
            box.right - sep - canvas.px(3.0),
            row_h - canvas.px(0.8),
        )
        cells.append((row, bundle_text(outcome), text_box))
        y += row_h + gap
    size = _common_size(canvas, [(t, b) for _, t, b in cells], style="bold", max_pt=9, min_pt=5)
    for row, text, text_box in cells:
        y = text_box.y - canvas.px(0.4)
        rolls = [r for r in row.get("roll", []) if 1 <= r <= 6]
        mood = _sentiment(row)
        fill = LOSS_ROW if mood < 0 else GAIN_ROW if mood > 0 else NEUTRAL_ROW
        rect = Box(box.x, y, box.w, row_h)
        rounded_frame(
            canvas, rect, radius_mm=1.0, fill=fill, outline=_shade(fill, -60), width_mm=0.25
        )
        dy = y + (row_h - die) // 2
        dx = box.x + canvas.px(1.2)
        for value in rolls:
            _die(canvas, Box(dx, dy, die, die), value)
            dx += die + die_gap
        canvas.draw.line(
            (sep, y + canvas.px(0.8), sep, y + row_h - canvas.px(0.8)),
            fill=_shade(fill, -50),
            width=max(1, canvas.px(0.2)),
        )
        color = (120, 20, 24) if mood < 0 else (26, 86, 32) if mood > 0 else MUTED
        draw_text(
            canvas,
            text,
            text_box,
            style="bold",
            max_pt=size,
            min_pt=5,
            color=color,
            valign="middle",
            spacing=1.05,
        )


# --- one layout per type -------------------------------------------------------------
def _mage(canvas: Canvas, card: dict, content: Box) -> None:
    effects = card.get("effects") or {}
    lives = list(effects.get("max_life") or [])[:4]
    start = effects.get("start_level") or 1
    track_h = canvas.px(16.5)
    track = Box(content.x, content.y, content.w, track_h)
    canvas.part("life_track", track)
    label = Box(track.x, track.y, track.w, canvas.px(3.2))
    draw_text(
        canvas,
        "Szint és maximális élet",
        label,
        style="italic",
        max_pt=7,
        min_pt=5,
        color=MUTED,
        align="center",
        valign="middle",
    )
    count = max(1, len(lives))
    gap = canvas.px(1.4)
    cell_w = (track.w - gap * (count - 1)) // count
    top = label.bottom + canvas.px(0.5)
    cell_h = track.bottom - top
    for i, life in enumerate(lives):
        cell = Box(track.x + i * (cell_w + gap), top, cell_w, cell_h)
        current = i + 1 == start
        fill = (226, 212, 240) if current else (242, 234, 214)
        rounded_frame(
            canvas,
            cell,
            radius_mm=1.2,
            fill=fill,
            outline=BANNER["mage"] if current else PARCHMENT_EDGE,
            width_mm=0.5 if current else 0.3,
        )
        head = Box(cell.x, cell.y + canvas.px(0.5), cell.w, canvas.px(3.4))
        draw_text(
            canvas,
            f"{i + 1}. szint",
            head,
            style="bold",
            max_pt=7.5,
            min_pt=5,
            color=INK,
            align="center",
            valign="middle",
        )
        size = min(cell.w - canvas.px(3.5), cell.bottom - head.bottom - canvas.px(1.6))
        die = Box(cell.x + (cell.w - size) // 2, head.bottom + canvas.px(0.6), size, size)
        _die(canvas, die, int(life), pip=LIFE_RED)
    text_box = Box(
        content.x,
        track.bottom + canvas.px(1.6),
        content.w,
        content.bottom - track.bottom - canvas.px(1.6),
    )
    _rules_text(canvas, card.get("text") or "", text_box, max_pt=8.5, min_pt=5)


def _spell(canvas: Canvas, card: dict, content: Box, art_box: Box) -> None:
    # the mana badge over the art's top-left corner: a spell is one mana
    r = canvas.px(5.0)
    cx, cy = art_box.x + canvas.px(6.2), art_box.y + canvas.px(6.2)
    badge = Box(cx - r, cy - r, 2 * r, 2 * r)
    canvas.draw.ellipse(
        badge.xyxy(), fill=(230, 238, 255), outline=(20, 40, 90), width=max(1, canvas.px(0.5))
    )
    canvas.draw.ellipse(
        badge.inset(canvas.px(0.9)).xyxy(), outline=(120, 160, 230), width=max(1, canvas.px(0.25))
    )
    _gem(canvas.draw, cx, cy, r * 0.68)
    canvas.part("mana", badge)
    text = card.get("text") or ""
    cut = text.find("Egymagában")
    main, rest = (text[:cut].strip(), text[cut:].strip()) if cut > 0 else (text.strip(), "")
    if rest:
        top, bottom = _split_y(content, 0.58, canvas.px(1.0))
        _rules_text(
            canvas, main, top, max_pt=10.5, min_pt=6, style="bold", align="center", valign="middle"
        )
        y = bottom.y
        canvas.draw.line(
            (content.x + canvas.px(6), y, content.right - canvas.px(6), y),
            fill=PARCHMENT_EDGE,
            width=max(1, canvas.px(0.25)),
        )
        note = Box(bottom.x, y + canvas.px(1.0), bottom.w, bottom.h - canvas.px(1.0))
        draw_text(
            canvas,
            rest,
            note,
            style="italic",
            max_pt=7.5,
            min_pt=5,
            color=MUTED,
            align="center",
            valign="middle",
        )
    else:
        _rules_text(
            canvas,
            main,
            content,
            max_pt=10.5,
            min_pt=6,
            style="bold",
            align="center",
            valign="middle",
        )


def _icons_for(bundle: dict) -> list[str]:
    icons = ["heart"] * int(bundle.get("lose_life") or 0) + ["gem"] * int(
        bundle.get("lose_mana") or 0
    )
    return icons[:5]


def _enemy(canvas: Canvas, card: dict, content: Box) -> None:
    effects = card.get("effects") or {}
    options = list(effects.get("options") or [])
    text = card.get("text") or ""
    sentences = _sentences(text)
    # the lead ("Harc. Válassz egyet:") stays text; the rest is drawn as boxes
    lead = text.strip()
    if sentences and sentences[0].startswith("Harc"):
        lead = sentences[0]
        if len(options) > 1 and "Válassz egyet:" in text:
            lead += " Válassz egyet:"
    # the reward in the short form of the table rows; the card's sentence if no effects
    reward_text = next((s for s in sentences if s.startswith("Jutalom")), "")
    reward = effects.get("reward") or {}
    if reward:
        reward_text = f"Jutalom (bárhogy győzöd le): {bundle_text(reward)}"
    y = content.y
    lead_box = Box(content.x, y, content.w, canvas.px(4.2))
    _rules_text(
        canvas, lead, lead_box, max_pt=8, min_pt=5, style="bold", align="center", valign="middle"
    )
    y = lead_box.bottom + canvas.px(0.6)
    defeat_h = canvas.px(7.0)
    reward_h = canvas.px(5.4) if reward_text else 0
    vagy_h = canvas.px(3.0)
    avail = (
        content.bottom
        - y
        - defeat_h
        - canvas.px(1.2)
        - (reward_h + canvas.px(0.8) if reward_h else 0)
    )
    n = max(1, len(options))
    row_h = min(canvas.px(7.5), (avail - vagy_h * (n - 1)) // n)
    block = row_h * n + vagy_h * (n - 1)
    options_box = Box(content.x, y, content.w, avail)
    canvas.part("options", options_box)
    oy = y + (avail - block) // 2
    for i, option in enumerate(options):
        rect = Box(content.x + canvas.px(2), oy, content.w - canvas.px(4), row_h)
        rounded_frame(
            canvas, rect, radius_mm=1.2, fill=LOSS_ROW, outline=(150, 70, 60), width_mm=0.3
        )
        icons = _icons_for(option)
        ir = min(row_h * 0.3, canvas.px(1.9))
        ix = rect.x + canvas.px(1.2) + ir
        for icon in icons:
            if icon == "heart":
                _heart(canvas.draw, ix, rect.y + rect.h / 2, ir, LIFE_RED)
            else:
                _gem(canvas.draw, ix, rect.y + rect.h / 2, ir * 1.1)
            ix += ir * 2.3
        # icons on the left; the phrase centred in what is left (balanced if it fits)
        icons_w = round(ir * 2.3 * max(3, len(icons))) if icons else 0
        left = rect.x + canvas.px(1.2) + icons_w
        tbox = Box(
            left, rect.y + canvas.px(0.3), rect.w - 2 * (left - rect.x), rect.h - canvas.px(0.6)
        )
        if tbox.w < rect.w // 2:
            tbox = Box(left, tbox.y, rect.right - canvas.px(1.2) - left, tbox.h)
        draw_text(
            canvas,
            bundle_text(option),
            tbox,
            style="bold",
            max_pt=9.5,
            min_pt=5,
            color=(120, 20, 24),
            align="center",
            valign="middle",
            spacing=1.05,
        )
        oy += row_h
        if i < len(options) - 1:
            vbox = Box(content.x, oy, content.w, vagy_h)
            draw_text(
                canvas,
                "vagy",
                vbox,
                style="italic",
                max_pt=7,
                min_pt=5,
                color=MUTED,
                align="center",
                valign="middle",
            )
            oy += vagy_h
    y = options_box.bottom + canvas.px(0.8)
    if reward_h:
        rect = Box(content.x, y, content.w, reward_h)
        rounded_frame(
            canvas, rect, radius_mm=1.0, fill=GAIN_ROW, outline=(90, 130, 70), width_mm=0.25
        )
        draw_text(
            canvas,
            reward_text,
            rect.inset(canvas.px(0.6)),
            style="bold",
            max_pt=7.5,
            min_pt=5,
            color=(26, 86, 32),
            align="center",
            valign="middle",
            spacing=1.05,
        )
        y = rect.bottom + canvas.px(0.8)
    defeat = Box(content.x, content.bottom - defeat_h, content.w, defeat_h)
    canvas.part("defeated_by", defeat)
    spell = effects.get("defeated_by")
    match = re.search(r"Egyetlen (.+?) is legyőzi", text)
    name = match.group(1) if match else _card_names().get(spell or "", spell or "")
    rounded_frame(
        canvas, defeat, radius_mm=1.2, fill=BANNER["spell"], outline=(16, 40, 90), width_mm=0.3
    )
    r = defeat.h * 0.34
    cx, cy = defeat.x + canvas.px(1.4) + r, defeat.y + defeat.h / 2
    canvas.draw.ellipse(
        (cx - r * 1.18, cy - r * 1.18, cx + r * 1.18, cy + r * 1.18), fill=(16, 40, 90)
    )
    _spell_icon(
        canvas.draw, SPELL_ICONS.get(spell or "", "star"), cx, cy, r, (240, 246, 255), (16, 40, 90)
    )
    tbox = Box(
        round(cx + r * 1.6),
        defeat.y + canvas.px(0.4),
        defeat.right - round(cx + r * 1.6) - canvas.px(1.0),
        defeat.h - canvas.px(0.8),
    )
    line = f"Egyetlen {name} is legyőzi" if name else "Két Varázslat legyőzi"
    draw_text(
        canvas,
        line,
        tbox,
        style="bold",
        max_pt=8,
        min_pt=5,
        color=(255, 255, 255),
        align="center",
        valign="middle",
        spacing=1.05,
    )


def _trap(canvas: Canvas, card: dict, content: Box) -> None:
    text = card.get("text") or ""
    rows = list((card.get("effects") or {}).get("d6") or [])
    lead = _lead(text) if rows else text
    lead_box = Box(content.x, content.y, content.w, canvas.px(4.4) if rows else content.h)
    _rules_text(
        canvas, lead, lead_box, max_pt=8.5, min_pt=5, style="bold", align="center", valign="middle"
    )
    if rows:
        table = Box(
            content.x,
            lead_box.bottom + canvas.px(0.8),
            content.w,
            content.bottom - lead_box.bottom - canvas.px(0.8),
        )
        _d6_table(canvas, rows, table)


def _chest(canvas: Canvas, card: dict, content: Box) -> None:
    effects = card.get("effects") or {}
    text = card.get("text") or ""
    rows = list(effects.get("d6") or [])
    head_h = canvas.px(12.5)
    size = canvas.px(12.0)
    badge = Box(content.x, content.y + (head_h - size) // 2, size, size)
    canvas.part("chest_level", badge)
    canvas.draw.ellipse(badge.xyxy(), fill=GOLD, outline=GOLD_DARK, width=max(1, canvas.px(0.5)))
    canvas.draw.ellipse(
        badge.inset(canvas.px(0.9)).xyxy(), outline=(250, 226, 150), width=max(1, canvas.px(0.25))
    )
    level = effects.get("level")
    number = Box(badge.x, badge.y + canvas.px(1.6), badge.w, canvas.px(5.6))
    draw_text(
        canvas,
        f"{level}." if level else "–",
        number,
        style="title",
        max_pt=15,
        min_pt=8,
        color=(60, 36, 6),
        align="center",
        valign="middle",
        spacing=1.0,
    )
    word = Box(
        badge.x + canvas.px(1.4),
        number.bottom + canvas.px(0.2),
        badge.w - canvas.px(2.8),
        canvas.px(2.4),
    )
    draw_text(
        canvas,
        "szinttől",
        word,
        style="bold",
        max_pt=5.5,
        min_pt=4,
        color=(60, 36, 6),
        align="center",
        valign="middle",
        spacing=1.0,
    )
    lead = _lead(text) if rows else text
    lead_box = Box(
        badge.right + canvas.px(1.6),
        content.y,
        content.right - badge.right - canvas.px(1.6),
        head_h,
    )
    _rules_text(canvas, lead, lead_box, max_pt=8, min_pt=5, valign="middle")
    table = Box(
        content.x,
        content.y + head_h + canvas.px(1.0),
        content.w,
        content.bottom - content.y - head_h - canvas.px(1.0),
    )
    _d6_table(canvas, rows, table)


def _plain(canvas: Canvas, card: dict, content: Box) -> None:
    _rules_text(canvas, card.get("text") or "", content, max_pt=10.5, min_pt=5, valign="middle")


def _ending_frame(canvas: Canvas) -> None:
    """Obsidian and gold: an ending is never mistaken for a dungeon card."""
    outer = _mm(canvas, 2.0, 2.0, 61.0, 86.0)
    canvas.draw.rectangle(outer.xyxy(), outline=GOLD, width=max(1, canvas.px(0.7)))
    inner = _mm(canvas, 3.0, 3.0, 60.0, 85.0)
    canvas.draw.rectangle(inner.xyxy(), outline=GOLD_DARK, width=max(1, canvas.px(0.3)))
    r = canvas.px(1.6)
    for x_mm, y_mm in ((2.0, 2.0), (61.0, 2.0), (2.0, 86.0), (61.0, 86.0)):
        c = canvas.box(x_mm, y_mm, 0, 0)
        points = [(c.x, c.y - r), (c.x + r, c.y), (c.x, c.y + r), (c.x - r, c.y)]
        canvas.draw.polygon(points, fill=GOLD, outline=GOLD_DARK)
    canvas.part("ending_frame", canvas.trim)


LAYOUTS = {
    "mage": _mage,
    "enemy": _enemy,
    "trap": _trap,
    "chest": _chest,
}


def draw_face(canvas: Canvas, card: dict, art: Image.Image | None) -> None:
    kind = card.get("type") or ""
    ending = kind == "ending"
    canvas.fill_bleed(OBSIDIAN if ending else STONE)
    _paste_stone(canvas, "obsidian" if ending else "stone")
    if ending:
        _ending_frame(canvas)
    _name_plate(canvas, card, ending=ending)
    art_y1 = ART_Y0 + ART_HEIGHT.get(kind, DEFAULT_ART_HEIGHT)
    art_box = _art(canvas, card, art, kind, art_y1)
    banner_y1 = _type_line(canvas, card, kind, art_y1 + 0.6)
    content = _body(canvas, card, kind, banner_y1 + 0.6)
    if kind == "spell":
        _spell(canvas, card, content, art_box)
    elif kind in LAYOUTS:
        LAYOUTS[kind](canvas, card, content)
    else:
        _plain(canvas, card, content)


# --- back ----------------------------------------------------------------------------
def _rune(
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


def draw_back(canvas: Canvas) -> None:
    """A rune circle before a dungeon gate's portcullis, "Arcane Guardian" above and below.

    The top half is drawn, then the bottom half is the top turned 180°, so the
    back looks the same either way up.
    """
    canvas.fill_bleed(STONE)
    _paste_stone(canvas, "stone")
    draw = canvas.draw
    recess_fill = (24, 20, 34)
    gate = _mm(canvas, 5.0, 5.0, 58.0, 83.0)
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
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_shade(recess_fill, lift))
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
        _rune(draw, gx, gy, canvas.px(1.5), k * 5 + 1, (240, 204, 120), max(1, canvas.px(0.4)))
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
    plate = _mm(canvas, 9.5, 9.0, 53.5, 18.5)
    rounded_frame(canvas, plate, radius_mm=1.6, fill=(34, 28, 40), outline=GOLD, width_mm=0.45)
    title = plate.inset(canvas.px(1.2))
    draw_text(
        canvas,
        "Arcane Guardian",
        title,
        style="title",
        max_pt=19,
        min_pt=10,
        color=(246, 214, 140),
        align="center",
        valign="middle",
    )
    w, h = canvas.image.size
    half = canvas.image.crop((0, 0, w, h // 2)).transpose(Image.Transpose.ROTATE_180)
    canvas.image.paste(half, (0, h - h // 2))
    if h % 2:  # the middle row: its left half, turned, is its right half
        mid = h // 2
        row = canvas.image.crop((0, mid, w // 2, mid + 1)).transpose(Image.Transpose.ROTATE_180)
        canvas.image.paste(row, (w - w // 2, mid))
