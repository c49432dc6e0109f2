"""The effect text block of an Arcane Guardian face: the card's rules text and its d6 table.

Table rows are derived from `effects` (docs/data/arcane-guardian.md) in short
Hungarian, worded by play/engines/arcane_guardian/wording.py as the terminal
game and the table word them; the card text's lead sentence stays above the table.
"""

from __future__ import annotations

import re
from functools import lru_cache

from catalog import vocab
from catalog.faces.arcane_guardian import icons
from catalog.faces.arcane_guardian.style import GAIN_ROW, INK, LOSS_ROW, MUTED, NEUTRAL_ROW, shade
from catalog.faces.common import Box, Canvas, draw_text, fit_text, rounded_frame
from catalog.records import shipped_cards
from play.engines.arcane_guardian.wording import bundle_phrase

_ROW_START = re.compile(r"(?:^|(?<=\s))\d(?:[–-]\d)?:\s")


def bundle_text(bundle: dict) -> str:
    """A bundle of effects as a short Hungarian phrase: "−1 élet, −1 mana" (the game's wording)."""
    return bundle_phrase(bundle, "hu")


def sentiment(bundle: dict) -> int:
    """-1 for a row that hurts, +1 for one that helps, 0 for nothing."""
    if any(bundle.get(k) for k in ("lose_level", "lose_life", "lose_mana", "discard")):
        return -1
    if any(k != "roll" and v for k, v in bundle.items()):
        return 1
    return 0


def lead(text: str) -> str:
    """The card text before its die table ("Dobj egy kockával."), or all of it."""
    match = _ROW_START.search(text)
    if not match:
        return text.strip()
    return text[: match.start()].strip() or text.strip()


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


@lru_cache(maxsize=1)
def card_names() -> dict[str, str]:
    """Each shipped card's name by its code (an enemy names the spell that defeats it alone)."""
    try:
        cards = shipped_cards(vocab.ARCANE_GUARDIAN)
    except (OSError, ValueError):
        return {}
    return {c["code"]: c["name"] for c in cards}


def rules_text(
    canvas: Canvas, text: str, box: Box, *, max_pt: float = 9, min_pt: float = 5.5, **options
) -> None:
    """The card's own words in ink, recorded as the face's "text" part (nothing when empty).

    `options` are draw_text's (style, align, valign), with its defaults.
    """
    if not text:
        return
    canvas.part("text", box)
    draw_text(canvas, text, box, max_pt=max_pt, min_pt=min_pt, color=INK, **options)


def _common_size(
    canvas: Canvas, texts: list[tuple[str, Box]], *, style: str, max_pt: float, min_pt: float
) -> float:
    """The largest size (pt) at which every one of `texts` fits its box: rows read as one table."""
    size = max_pt
    for text, box in texts:
        fit = fit_text(text, box, style=style, max_px=canvas.pt(max_pt), min_px=canvas.pt(min_pt))
        size = min(size, fit.size_px * 72.0 / canvas.dpi)
    return max(min_pt, size)


def d6_table(canvas: Canvas, rows: list[dict], box: Box) -> None:
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
        mood = sentiment(row)
        fill = LOSS_ROW if mood < 0 else GAIN_ROW if mood > 0 else NEUTRAL_ROW
        rect = Box(box.x, y, box.w, row_h)
        rounded_frame(
            canvas, rect, radius_mm=1.0, fill=fill, outline=shade(fill, -60), width_mm=0.25
        )
        dy = y + (row_h - die) // 2
        dx = box.x + canvas.px(1.2)
        for value in rolls:
            icons.die(canvas, Box(dx, dy, die, die), value)
            dx += die + die_gap
        canvas.draw.line(
            (sep, y + canvas.px(0.8), sep, y + row_h - canvas.px(0.8)),
            fill=shade(fill, -50),
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
