"""Arcane Guardian's look: colours, each kind's banner, art palette and art height, geometry."""

from __future__ import annotations

from catalog.faces.common import RGB

# --- colours ------------------------------------------------------------------------
STONE, MORTAR = (74, 70, 76), (38, 35, 40)
OBSIDIAN: RGB = (22, 18, 28)
PLATE, PLATE_EDGE, PLATE_TEXT = (42, 38, 46), (150, 124, 78), (242, 228, 190)
PARCHMENT, PARCHMENT_EDGE = (234, 223, 197), (118, 96, 64)
INK, MUTED = (34, 26, 22), (92, 76, 60)
GOLD, GOLD_DARK = (214, 172, 78), (128, 94, 34)
LIFE_RED, MANA_BLUE = (178, 34, 42), (48, 110, 206)
# d6 table rows and enemy options by what they do to the mage: hurt, help or nothing
LOSS_ROW, GAIN_ROW, NEUTRAL_ROW = (240, 208, 196), (212, 232, 196), (226, 216, 192)
DIE_FACE: RGB = (250, 246, 234)

BANNER = {
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


def shade(color: RGB, d: int) -> RGB:
    """`color` lighter (d > 0) or darker (d < 0) by d on every channel."""
    return tuple(max(0, min(255, c + d)) for c in color)  # type: ignore[return-value]
