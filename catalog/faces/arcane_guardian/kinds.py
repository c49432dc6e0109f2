"""What the parchment body holds, one layout per card kind.

The mage's level and life track, a spell's mana badge and effect, an enemy's
options and the spell that defeats it alone, the d6 tables of traps and
chests, a chest's level; any other kind shows its text.
"""

from __future__ import annotations

import re

from catalog.faces.arcane_guardian import icons
from catalog.faces.arcane_guardian.effect_text import (
    bundle_text,
    card_names,
    d6_table,
    lead,
    rules_text,
    sentences,
)
from catalog.faces.arcane_guardian.style import (
    BANNER,
    GAIN_ROW,
    GOLD,
    GOLD_DARK,
    INK,
    LIFE_RED,
    LOSS_ROW,
    MUTED,
    PARCHMENT_EDGE,
    SPELL_ICONS,
)
from catalog.faces.common import RGB, Box, Canvas, draw_centered_text, rounded_frame


def _split_y(box: Box, fraction: float, gap: int = 0) -> tuple[Box, Box]:
    top_h = round(box.h * fraction)
    return Box(box.x, box.y, box.w, top_h), Box(
        box.x, box.y + top_h + gap, box.w, box.h - top_h - gap
    )


def _note(canvas: Canvas, text: str, box: Box, *, max_pt: float) -> None:
    """A muted italic aside, centred: a caption, "vagy" between options, a rule's reminder."""
    draw_centered_text(canvas, text, box, style="italic", max_pt=max_pt, min_pt=5, color=MUTED)


def _ring_badge(canvas: Canvas, badge: Box, *, fill: RGB, outline: RGB, ring: RGB) -> None:
    """A round badge with a thin ring inside its edge (a spell's mana, a chest's level)."""
    canvas.draw.ellipse(badge.xyxy(), fill=fill, outline=outline, width=max(1, canvas.px(0.5)))
    inner = badge.inset(canvas.px(0.9)).xyxy()
    canvas.draw.ellipse(inner, outline=ring, width=max(1, canvas.px(0.25)))


def mage(canvas: Canvas, card: dict, content: Box, art_box: Box) -> None:
    effects = card.get("effects") or {}
    lives = list(effects.get("max_life") or [])[:4]
    start = effects.get("start_level") or 1
    track_h = canvas.px(16.5)
    track = Box(content.x, content.y, content.w, track_h)
    canvas.part("life_track", track)
    label = Box(track.x, track.y, track.w, canvas.px(3.2))
    _note(canvas, "Szint és maximális élet", label, max_pt=7)
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
        level = f"{i + 1}. szint"
        draw_centered_text(canvas, level, head, style="bold", max_pt=7.5, min_pt=5, color=INK)
        size = min(cell.w - canvas.px(3.5), cell.bottom - head.bottom - canvas.px(1.6))
        die = Box(cell.x + (cell.w - size) // 2, head.bottom + canvas.px(0.6), size, size)
        icons.die(canvas, die, int(life), pip=LIFE_RED)
    text_box = Box(
        content.x,
        track.bottom + canvas.px(1.6),
        content.w,
        content.bottom - track.bottom - canvas.px(1.6),
    )
    rules_text(canvas, card.get("text") or "", text_box, max_pt=8.5, min_pt=5)


def spell(canvas: Canvas, card: dict, content: Box, art_box: Box) -> None:
    # the mana badge over the art's top-left corner: a spell is one mana
    r = canvas.px(5.0)
    cx, cy = art_box.x + canvas.px(6.2), art_box.y + canvas.px(6.2)
    badge = Box(cx - r, cy - r, 2 * r, 2 * r)
    _ring_badge(canvas, badge, fill=(230, 238, 255), outline=(20, 40, 90), ring=(120, 160, 230))
    icons.gem(canvas.draw, cx, cy, r * 0.68)
    canvas.part("mana", badge)
    text = card.get("text") or ""
    cut = text.find("Egymagában")
    main, rest = (text[:cut].strip(), text[cut:].strip()) if cut > 0 else (text.strip(), "")
    effect = {"max_pt": 10.5, "min_pt": 6, "style": "bold", "align": "center", "valign": "middle"}
    if rest:
        top, bottom = _split_y(content, 0.58, canvas.px(1.0))
        rules_text(canvas, main, top, **effect)
        y = bottom.y
        canvas.draw.line(
            (content.x + canvas.px(6), y, content.right - canvas.px(6), y),
            fill=PARCHMENT_EDGE,
            width=max(1, canvas.px(0.25)),
        )
        note = Box(bottom.x, y + canvas.px(1.0), bottom.w, bottom.h - canvas.px(1.0))
        _note(canvas, rest, note, max_pt=7.5)
    else:
        rules_text(canvas, main, content, **effect)


def _marks_for(bundle: dict) -> list[str]:
    """A heart per life and a gem per mana the option costs, five at most."""
    marks = ["heart"] * int(bundle.get("lose_life") or 0)
    marks += ["gem"] * int(bundle.get("lose_mana") or 0)
    return marks[:5]


def _enemy_option(canvas: Canvas, option: dict, rect: Box) -> None:
    """One way to get past the enemy: what it costs, as hearts and gems and in words."""
    rounded_frame(canvas, rect, radius_mm=1.2, fill=LOSS_ROW, outline=(150, 70, 60), width_mm=0.3)
    marks = _marks_for(option)
    ir = min(rect.h * 0.3, canvas.px(1.9))
    ix = rect.x + canvas.px(1.2) + ir
    for mark in marks:
        if mark == "heart":
            icons.heart(canvas.draw, ix, rect.y + rect.h / 2, ir, LIFE_RED)
        else:
            icons.gem(canvas.draw, ix, rect.y + rect.h / 2, ir * 1.1)
        ix += ir * 2.3
    # icons on the left; the phrase centred in what is left (balanced if it fits)
    icons_w = round(ir * 2.3 * max(3, len(marks))) if marks else 0
    left = rect.x + canvas.px(1.2) + icons_w
    tbox = Box(left, rect.y + canvas.px(0.3), rect.w - 2 * (left - rect.x), rect.h - canvas.px(0.6))
    if tbox.w < rect.w // 2:
        tbox = Box(left, tbox.y, rect.right - canvas.px(1.2) - left, tbox.h)
    draw_centered_text(
        canvas,
        bundle_text(option),
        tbox,
        style="bold",
        max_pt=9.5,
        min_pt=5,
        color=(120, 20, 24),
        spacing=1.05,
    )


def _defeated_by(canvas: Canvas, card: dict, defeat: Box) -> None:
    """The spell that defeats the enemy alone, on a spell-blue bar with its element."""
    canvas.part("defeated_by", defeat)
    spell_code = (card.get("effects") or {}).get("defeated_by")
    match = re.search(r"Egyetlen (.+?) is legyőzi", card.get("text") or "")
    name = match.group(1) if match else card_names().get(spell_code or "", spell_code or "")
    rounded_frame(
        canvas, defeat, radius_mm=1.2, fill=BANNER["spell"], outline=(16, 40, 90), width_mm=0.3
    )
    r = defeat.h * 0.34
    cx, cy = defeat.x + canvas.px(1.4) + r, defeat.y + defeat.h / 2
    canvas.draw.ellipse(
        (cx - r * 1.18, cy - r * 1.18, cx + r * 1.18, cy + r * 1.18), fill=(16, 40, 90)
    )
    icon = SPELL_ICONS.get(spell_code or "", "star")
    icons.spell_icon(canvas.draw, icon, cx, cy, r, (240, 246, 255), (16, 40, 90))
    tbox = Box(
        round(cx + r * 1.6),
        defeat.y + canvas.px(0.4),
        defeat.right - round(cx + r * 1.6) - canvas.px(1.0),
        defeat.h - canvas.px(0.8),
    )
    line = f"Egyetlen {name} is legyőzi" if name else "Két Varázslat legyőzi"
    draw_centered_text(
        canvas, line, tbox, style="bold", max_pt=8, min_pt=5, color=(255, 255, 255), spacing=1.05
    )


def enemy(canvas: Canvas, card: dict, content: Box, art_box: Box) -> None:
    effects = card.get("effects") or {}
    options = list(effects.get("options") or [])
    text = card.get("text") or ""
    said = sentences(text)
    # the lead ("Harc. Válassz egyet:") stays text; the rest is drawn as boxes
    opening = text.strip()
    if said and said[0].startswith("Harc"):
        opening = said[0]
        if len(options) > 1 and "Válassz egyet:" in text:
            opening += " Válassz egyet:"
    # the reward in the short form of the table rows; the card's sentence if no effects
    reward_text = next((s for s in said if s.startswith("Jutalom")), "")
    reward = effects.get("reward") or {}
    if reward:
        reward_text = f"Jutalom (bárhogy győzöd le): {bundle_text(reward)}"
    y = content.y
    lead_box = Box(content.x, y, content.w, canvas.px(4.2))
    rules_text(
        canvas,
        opening,
        lead_box,
        max_pt=8,
        min_pt=5,
        style="bold",
        align="center",
        valign="middle",
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
        _enemy_option(
            canvas, option, Box(content.x + canvas.px(2), oy, content.w - canvas.px(4), row_h)
        )
        oy += row_h
        if i < len(options) - 1:
            _note(canvas, "vagy", Box(content.x, oy, content.w, vagy_h), max_pt=7)
            oy += vagy_h
    y = options_box.bottom + canvas.px(0.8)
    if reward_h:
        rect = Box(content.x, y, content.w, reward_h)
        rounded_frame(
            canvas, rect, radius_mm=1.0, fill=GAIN_ROW, outline=(90, 130, 70), width_mm=0.25
        )
        draw_centered_text(
            canvas,
            reward_text,
            rect.inset(canvas.px(0.6)),
            style="bold",
            max_pt=7.5,
            min_pt=5,
            color=(26, 86, 32),
            spacing=1.05,
        )
    _defeated_by(canvas, card, Box(content.x, content.bottom - defeat_h, content.w, defeat_h))


def trap(canvas: Canvas, card: dict, content: Box, art_box: Box) -> None:
    text = card.get("text") or ""
    rows = list((card.get("effects") or {}).get("d6") or [])
    lead_box = Box(content.x, content.y, content.w, canvas.px(4.4) if rows else content.h)
    rules_text(
        canvas,
        lead(text) if rows else text,
        lead_box,
        max_pt=8.5,
        min_pt=5,
        style="bold",
        align="center",
        valign="middle",
    )
    if rows:
        table = Box(
            content.x,
            lead_box.bottom + canvas.px(0.8),
            content.w,
            content.bottom - lead_box.bottom - canvas.px(0.8),
        )
        d6_table(canvas, rows, table)


def chest(canvas: Canvas, card: dict, content: Box, art_box: Box) -> None:
    effects = card.get("effects") or {}
    text = card.get("text") or ""
    rows = list(effects.get("d6") or [])
    head_h = canvas.px(12.5)
    size = canvas.px(12.0)
    badge = Box(content.x, content.y + (head_h - size) // 2, size, size)
    canvas.part("chest_level", badge)
    _ring_badge(canvas, badge, fill=GOLD, outline=GOLD_DARK, ring=(250, 226, 150))
    level = effects.get("level")
    number = Box(badge.x, badge.y + canvas.px(1.6), badge.w, canvas.px(5.6))
    brown = {"color": (60, 36, 6), "spacing": 1.0}
    draw_centered_text(
        canvas, f"{level}." if level else "–", number, style="title", max_pt=15, min_pt=8, **brown
    )
    word = Box(
        badge.x + canvas.px(1.4),
        number.bottom + canvas.px(0.2),
        badge.w - canvas.px(2.8),
        canvas.px(2.4),
    )
    draw_centered_text(canvas, "szinttől", word, style="bold", max_pt=5.5, min_pt=4, **brown)
    lead_box = Box(
        badge.right + canvas.px(1.6),
        content.y,
        content.right - badge.right - canvas.px(1.6),
        head_h,
    )
    rules_text(canvas, lead(text) if rows else text, lead_box, max_pt=8, min_pt=5, valign="middle")
    table = Box(
        content.x,
        content.y + head_h + canvas.px(1.0),
        content.w,
        content.bottom - content.y - head_h - canvas.px(1.0),
    )
    d6_table(canvas, rows, table)


def plain(canvas: Canvas, card: dict, content: Box, art_box: Box) -> None:
    rules_text(canvas, card.get("text") or "", content, max_pt=10.5, min_pt=5, valign="middle")


# every layout is given the art box too: a spell's mana badge sits on its corner
LAYOUTS = {"mage": mage, "spell": spell, "enemy": enemy, "trap": trap, "chest": chest}
