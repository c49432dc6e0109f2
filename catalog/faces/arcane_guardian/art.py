"""The art window of an Arcane Guardian face.

The uploaded picture, or generated art in the kind's palette with a drawn
emblem that tells the kind (and the spell, potion or ending) at a glance.
"""

from __future__ import annotations

from PIL import Image

from catalog.faces.arcane_guardian import icons
from catalog.faces.arcane_guardian.style import (
    ART_Y0,
    GOLD,
    GOLD_DARK,
    INNER_X0,
    INNER_X1,
    LIFE_RED,
    MANA_BLUE,
    PALETTES,
    SPELL_ICONS,
)
from catalog.faces.common import RGB, Box, Canvas, generated_art, paste_art


def art_window(canvas: Canvas, card: dict, art: Image.Image | None, kind: str, y1: float) -> Box:
    box = canvas.corner_box(INNER_X0, ART_Y0, INNER_X1, y1)
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
        _emblem(canvas, card, kind, box)
    inner = GOLD_DARK if kind == "ending" else (110, 96, 80)
    canvas.draw.rectangle(box.xyxy(), outline=inner, width=max(1, canvas.px(0.25)))
    canvas.part("art", box)
    return box


def _potion_liquid(use: dict) -> RGB:
    """Blue for mana, red for life, purple for both."""
    if use.get("gain_mana") and use.get("gain_life"):
        return (140, 60, 170)
    return MANA_BLUE if use.get("gain_mana") else LIFE_RED


def _emblem(canvas: Canvas, card: dict, kind: str, box: Box) -> None:
    """A drawn emblem over generated art, so a type reads at a glance."""
    cx, cy = box.center
    r = min(box.w, box.h) * 0.3
    draw = canvas.draw
    effects = card.get("effects") or {}
    subtypes = card.get("subtypes") or []
    edge = (30, 24, 20)
    if kind == "spell":
        icon = SPELL_ICONS.get(card.get("code", ""), "star")
        icons.spell_icon(draw, icon, cx, cy, r, (250, 250, 255), (20, 40, 90))
    elif kind == "level_up":
        icons.arrow(draw, cx, cy, r, True, (250, 226, 120), (70, 60, 20))
    elif kind == "level_down":
        icons.arrow(draw, cx, cy, r, False, (150, 40, 44), (40, 10, 12))
    elif kind == "ending":
        if effects.get("kind") == "collectible" or effects.get("counts_as") == "mask":
            icons.mask(draw, cx, cy, r, GOLD, (60, 40, 10))
        elif (effects.get("gives") or {}).get("gain_key"):
            icons.key(draw, cx, cy, r * 1.1, GOLD, (60, 40, 10))
        else:
            icons.door(draw, cx, cy, r, (60, 44, 30), GOLD)
    elif kind == "collectible" and "mask" in subtypes:
        icons.mask(draw, cx, cy, r, (226, 214, 170), edge)
    elif kind == "collectible" and "potion" in subtypes:
        use = (effects.get("use") or {}).get("do") or {}
        icons.potion(draw, cx, cy, r, _potion_liquid(use), edge)
    elif kind == "collectible" and "torch" in subtypes:
        icons.torch(draw, cx, cy, r, edge)
    elif kind == "useable":
        when = (effects.get("use") or {}).get("when")
        if when == "after_roll":
            s = round(r * 1.2)
            icons.die(canvas, Box(round(cx - s / 2), round(cy - s / 2), s, s), 6)
        elif when == "trap":
            icons.rope(draw, cx, cy, r, (196, 156, 90), edge)
        else:
            icons.bomb(draw, cx, cy, r, edge)
    elif kind == "curse":
        icons.skull(draw, cx, cy, r, (222, 214, 196), edge)
    elif kind == "chest":
        icons.chest(draw, cx, cy, r, edge)
    elif kind == "enemy":
        icons.eyes(draw, cx, cy, r, card.get("code") or "")
    elif kind == "trap":
        icons.spikes(draw, box, card.get("code") or "")
    elif kind == "mage":
        icons.hat(draw, cx, cy, r)
