"""Arcane Guardian faces: a stone-framed dungeon card, one body layout per card kind.

Every face has a stone frame, a name plate, the art, a type banner in the
type's colour and a parchment body (frame.py, art.py). What the body holds
depends on the kind (kinds.py): the mage's level/life track, a spell's effect
and mana badge, an enemy's options and the spell that defeats it alone, the
d6 tables of traps and chests, a chest's level; the rules text and d6 tables
are worded from the card's effects (effect_text.py). Endings get a frame of
their own (obsidian and gold). The drawn icons are in icons.py, the colours
and geometry in style.py, the back in back.py.
"""

from __future__ import annotations

from PIL import Image

from catalog.faces.arcane_guardian.art import art_window
from catalog.faces.arcane_guardian.back import draw_back
from catalog.faces.arcane_guardian.effect_text import bundle_text
from catalog.faces.arcane_guardian.frame import (
    ending_frame,
    name_plate,
    parchment,
    stone_wall,
    type_banner,
)
from catalog.faces.arcane_guardian.kinds import LAYOUTS, plain
from catalog.faces.arcane_guardian.style import ART_HEIGHT, ART_Y0, DEFAULT_ART_HEIGHT
from catalog.faces.common import Canvas

__all__ = ["bundle_text", "draw_back", "draw_face"]


def draw_face(canvas: Canvas, card: dict, art: Image.Image | None) -> None:
    kind = card.get("type") or ""
    ending = kind == "ending"
    stone_wall(canvas, "obsidian" if ending else "stone")
    if ending:
        ending_frame(canvas)
    name_plate(canvas, card, ending=ending)
    art_y1 = ART_Y0 + ART_HEIGHT.get(kind, DEFAULT_ART_HEIGHT)
    art_box = art_window(canvas, card, art, kind, art_y1)
    banner_y1 = type_banner(canvas, card, kind, art_y1 + 0.6)
    content = parchment(canvas, card, kind, banner_y1 + 0.6)
    LAYOUTS.get(kind, plain)(canvas, card, content, art_box)
