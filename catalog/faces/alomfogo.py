"""Álomfogó card faces and back.

The face follows the rulebook's anatomy (szabálykönyv, "Egy lap felépítése"):
the VP cost in a gold disc in the top left corner, the name beside it, the
picture, the type line under the picture with the set symbol coloured by
rarity (a leaf: bronze, silver, gold, green) and, on the glorious révülők
only (as the rulebook shows them), the gold glory star with its bonus; the ability
text with its (P) (S) (Á) helper icons, italic flavour text, and on révülők
the attack power in the bottom left and the defense power in the bottom right
circle. The frame colour tells the type.

Parts recorded for tests: frame, cost, name, art, type_line, rarity, text,
mark (when the card has a helper mark), flavor (when it has flavour text),
attack, defense (révülők), glory (révülők with a bonus) and footer.
"""

from __future__ import annotations

import math
import re

from catalog import vocab
from catalog.faces.common import (
    RGB,
    Box,
    Canvas,
    draw_centered,
    draw_name,
    draw_star_badge,
    draw_text,
    fit_text,
    font,
    generated_art,
    paste_art,
    rounded_frame,
)

# --- colours ----------------------------------------------------------------------
# One hue per type, all at a similar depth so the five frames sit together:
# terracotta, forest green, amber, lapis blue, plum.
FRAMES: dict[str, RGB] = {
    "revulo": (164, 64, 48),
    "alomleny": (46, 116, 76),
    "esemeny": (190, 132, 34),
    "azonnali": (40, 86, 160),
    "altalanos": (110, 60, 138),
}
DEFAULT_FRAME: RGB = (110, 100, 90)
PARCHMENT: RGB = (246, 238, 218)
INK: RGB = (34, 24, 20)
GOLD: RGB = (226, 184, 78)
GOLD_DARK: RGB = (120, 84, 24)
NIGHT: RGB = (26, 26, 62)

LEAVES: dict[str, RGB] = {
    "common": (184, 114, 62),  # bronz
    "uncommon": (196, 200, 210),  # ezüst
    "rare": (232, 186, 48),  # arany
    "unique": (64, 160, 78),  # zöld
}
MARK_COLORS: dict[str, RGB] = {
    "P": (42, 96, 170),  # pihentetés: rest
    "S": (178, 38, 36),  # sebzés: damage
    "Á": (58, 32, 72),  # áldozat: sacrifice
}
MARK_TOKEN = re.compile(r"\((P|S|Á)\)")


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved towards `b` by t (0 = a, 1 = b)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def _disc(canvas: Canvas, center: tuple[float, float], r: float, **kwargs) -> Box:
    cx, cy = center
    canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), **kwargs)
    return Box(round(cx - r), round(cy - r), round(2 * r), round(2 * r))


# --- face -------------------------------------------------------------------------
def draw_face(canvas: Canvas, card: dict, art) -> None:
    kind = card.get("type")
    frame = FRAMES.get(kind, DEFAULT_FRAME)
    dark = _mix(frame, (0, 0, 0), 0.45)
    light = _mix(PARCHMENT, frame, 0.22)
    paper = _mix(PARCHMENT, frame, 0.06)
    is_revulo = kind == "revulo"

    # frame: the type colour runs into the bleed; a darker rim and a gold rule inside
    canvas.fill_bleed(frame)
    trim = canvas.trim
    # a darker rim from the bleed edge to 1 mm inside the cut: an uneven cut stays invisible
    canvas.draw.rectangle(canvas.full.xyxy(), outline=dark, width=canvas.bleed + canvas.px(1.0))
    rounded_frame(
        canvas,
        canvas.box(1.7, 1.7, 59.6, 84.6),
        radius_mm=2.2,
        fill=None,
        outline=GOLD,
        width_mm=0.3,
    )
    canvas.part("frame", trim)

    _title(canvas, card, light, dark)
    _art(canvas, card, art, frame, dark)
    _type_line(canvas, card, light, dark, is_revulo)
    text_bottom = 76.2 if is_revulo else 80.4
    _text_box(canvas, card, paper, dark, frame, text_bottom)
    if is_revulo:
        _power(canvas, card)
    _footer(canvas, card, is_revulo)


def _title(canvas: Canvas, card: dict, light: RGB, dark: RGB) -> None:
    bar = canvas.box(5.2, 3.4, 54.6, 7.6)
    rounded_frame(canvas, bar, radius_mm=1.6, fill=light, outline=dark, width_mm=0.35)
    cost = card.get("cost")
    center = canvas.box(7.5, 7.2, 0, 0)
    cx, cy = center.x, center.y
    r = canvas.px(4.0)
    _disc(canvas, (cx, cy + canvas.px(0.25)), r, fill=_mix(dark, (0, 0, 0), 0.3))  # shadow
    box = _disc(canvas, (cx, cy), r, fill=GOLD, outline=GOLD_DARK, width=max(2, canvas.px(0.35)))
    inner = r - canvas.px(0.7)
    canvas.draw.ellipse(
        (cx - inner, cy - inner, cx + inner, cy + inner),
        outline=_mix(GOLD, (255, 255, 255), 0.45),
        width=max(1, canvas.px(0.15)),
    )
    label = "–" if cost is None else str(cost)
    size = canvas.pt(15 if len(label) == 1 else 12)
    draw_centered(canvas, label, (cx, cy), style="title", size_px=size, color=INK)
    canvas.part("cost", box)

    name_box = canvas.box(12.6, 4.0, 46.0, 6.4)
    draw_name(canvas, card, name_box, max_pt=11.5, min_pt=7, align="left", color=INK, spacing=1.08)


def _art(canvas: Canvas, card: dict, art, frame: RGB, dark: RGB) -> None:
    outer = canvas.box(3.9, 11.8, 55.2, 35.2)
    canvas.draw.rectangle(outer.xyxy(), fill=dark)
    box = outer.inset(canvas.px(0.5))
    if art is not None:
        paste_art(canvas, art, box)
    else:
        palette = [
            _mix(NIGHT, frame, 0.25),
            _mix(frame, (250, 226, 190), 0.35),
            GOLD,
            (120, 196, 200),
            (226, 150, 170),
            _mix(frame, (255, 255, 255), 0.4),
        ]
        motif = "peaks" if card.get("type") in ("revulo", "alomleny") else "rays"
        generated_art(
            canvas,
            box,
            code=card.get("code") or card.get("name") or "",
            palette=palette,
            motif=motif,
        )
    canvas.draw.rectangle(box.xyxy(), outline=GOLD, width=max(1, canvas.px(0.2)))
    canvas.part("art", box)


def type_label(card: dict) -> str:
    """The type and subtypes in Hungarian, e.g. "révülő — Vajákosok Jurtája, bűvforrás"."""
    label = vocab.TYPES.label(card.get("type"), "hu")
    subtypes = [vocab.SUBTYPES.label(s, "hu") for s in card.get("subtypes") or []]
    return f"{label} — {', '.join(subtypes)}" if subtypes else label


def _type_line(canvas: Canvas, card: dict, light: RGB, dark: RGB, is_revulo: bool) -> None:
    bar = canvas.box(3.2, 47.6, 56.6, 5.8)
    rounded_frame(canvas, bar, radius_mm=1.4, fill=light, outline=dark, width_mm=0.35)
    # The rulebook's star sits in the middle row of the strong révülők only
    # ("Dicsőség ikon"): a card without a bonus has no star, and its type line
    # takes the room.
    glorious = is_revulo and bool(card.get("glory_bonus"))
    right = 45.0 if glorious else 53.2
    box = canvas.box(5.0, 48.3, right - 5.0, 4.4)
    draw_text(
        canvas,
        type_label(card),
        box,
        style="bold",
        max_pt=8,
        min_pt=5.5,
        valign="middle",
        color=INK,
    )
    canvas.part("type_line", box)

    leaf_box = canvas.box(54.0, 48.0, 5.0, 5.0)
    _leaf(canvas, leaf_box, LEAVES.get(card.get("rarity"), (150, 140, 130)))
    canvas.part("rarity", leaf_box)

    if glorious:
        _glory(canvas, card["glory_bonus"], canvas.box(49.2, 50.5, 0, 0))


def _leaf(canvas: Canvas, box: Box, fill: RGB) -> None:
    """A leaf (the base set's tree, in the rarity's colour), tilted, with stem and midrib."""
    cx, cy = box.center
    length = min(box.w, box.h) * 1.1
    half_width = length * 0.27
    angle = math.radians(-45)  # tip to the upper right
    ux, uy = math.cos(angle), math.sin(angle)
    vx, vy = -uy, ux
    base = (cx - ux * length * 0.42, cy - uy * length * 0.42)

    def at(t: float, w: float) -> tuple[float, float]:
        return (base[0] + ux * length * t + vx * w, base[1] + uy * length * t + vy * w)

    steps = 14
    side_a = [
        at(i / steps, half_width * math.sin(math.pi * i / steps) ** 0.9) for i in range(steps + 1)
    ]
    side_b = [
        at(i / steps, -half_width * math.sin(math.pi * i / steps) ** 0.9)
        for i in range(steps, -1, -1)
    ]
    outline = _mix(fill, (0, 0, 0), 0.55)
    stem_start = at(-0.16, 0)
    canvas.draw.line([stem_start, at(0.1, 0)], fill=outline, width=max(2, canvas.px(0.35)))
    canvas.draw.polygon(side_a + side_b, fill=fill, outline=outline, width=max(1, canvas.px(0.2)))
    canvas.draw.line([at(0.06, 0), at(0.86, 0)], fill=outline, width=max(1, canvas.px(0.15)))
    highlight = _mix(fill, (255, 255, 255), 0.45)
    for t in (0.3, 0.5, 0.68):
        canvas.draw.line(
            [at(t, 0), at(t + 0.13, half_width * 0.6)],
            fill=highlight,
            width=max(1, canvas.px(0.12)),
        )


def _glory(canvas: Canvas, bonus: int, center: Box) -> None:
    """The gold star with the bonus in it (a glorious révülő's)."""
    radius = canvas.px(3.6)
    cx, cy = center.x, center.y
    draw_star_badge(
        canvas, (cx, cy + canvas.px(0.2)), radius, fill=(60, 40, 20), outline=(60, 40, 20)
    )
    draw_star_badge(canvas, (cx, cy), radius, fill=GOLD, outline=GOLD_DARK)
    label = f"+{bonus}" if bonus > 0 else str(bonus)
    size = canvas.pt(7.5 if len(label) <= 2 else 6)
    draw_centered(canvas, label, (cx, cy + canvas.px(0.35)), style="bold", size_px=size, color=INK)
    canvas.part("glory", Box(cx - radius, cy - radius, 2 * radius, 2 * radius))


def rules_text(card: dict) -> str:
    """The ability text; a helper mark the text does not mention is shown first."""
    text = (card.get("text") or "").strip()
    mark = card.get("helper_mark")
    if mark and f"({mark})" not in text:
        text = f"({mark}) {text}".strip()
    return text


def _text_box(
    canvas: Canvas, card: dict, paper: RGB, dark: RGB, frame: RGB, bottom_mm: float
) -> None:
    outer = canvas.box(3.9, 54.0, 55.2, bottom_mm - 54.0)
    rounded_frame(canvas, outer, radius_mm=1.2, fill=paper, outline=dark, width_mm=0.35)
    canvas.part("text", outer)
    area = canvas.box(5.6, 55.3, 51.8, bottom_mm - 54.0 - 2.6)

    text = rules_text(card)
    flavor = (card.get("flavor") or "").strip()
    gap = canvas.px(2.2)
    rules_max, rules_min = 10.5, 6.0
    flavor_max, flavor_min = (8.0 if text else 9.0), 5.5

    if not text and not flavor:
        _emblem(canvas, area, _mix(paper, frame, 0.16))
        return

    # Plan the heights: rules text first (it may take most of the box), the
    # flavour below it, the whole block centred vertically in the box.
    rules_fit = flavor_fit = None
    if text:
        share = area.h if not flavor else round(area.h * 0.66)
        rules_fit = fit_text(
            text,
            Box(area.x, area.y, area.w, share),
            style="regular",
            max_px=canvas.pt(rules_max),
            min_px=canvas.pt(rules_min),
        )
    if flavor:
        used = rules_fit.height + gap if rules_fit else 0
        flavor_fit = fit_text(
            flavor,
            Box(area.x, area.y, area.w, area.h - used),
            style="italic",
            max_px=canvas.pt(flavor_max),
            min_px=canvas.pt(flavor_min),
        )
    total = (rules_fit.height if rules_fit else 0) + (flavor_fit.height if flavor_fit else 0)
    if rules_fit and flavor_fit:
        total += gap
    y = area.y + max(0, (area.h - total) // 2)

    if rules_fit:
        box = Box(area.x, y, area.w, rules_fit.height)
        fit = draw_text(
            canvas, text, box, style="regular", max_pt=rules_max, min_pt=rules_min, color=INK
        )
        marks = _mark_icons(canvas, fit, box, paper)
        if card.get("helper_mark") and marks:
            canvas.part("mark", marks[0])
        y += rules_fit.height
        if flavor_fit:
            rule_y = y + gap // 2
            canvas.draw.line(
                (area.x + area.w // 5, rule_y, area.right - area.w // 5, rule_y),
                fill=_mix(paper, frame, 0.5),
                width=max(1, canvas.px(0.18)),
            )
            y += gap
    if flavor_fit:
        box = Box(area.x, y, area.w, flavor_fit.height)
        draw_text(
            canvas,
            flavor,
            box,
            style="italic",
            max_pt=flavor_max,
            min_pt=flavor_min,
            color=(70, 54, 44),
        )
        canvas.part("flavor", box)


def _mark_icons(canvas: Canvas, fit, box: Box, paper: RGB) -> list[Box]:
    """Replace every "(P)", "(S)", "(Á)" drawn in the text with a round icon bearing its letter.

    The token stays in the text while fitting, so the icon gets exactly the
    room the token had and the overflow check still covers it.
    """
    face = font("regular", fit.size_px)
    letter_face_px = max(1, round(fit.size_px * 0.72))
    cap_top, cap_bottom = face.getbbox("P", anchor="la")[1::2]
    drawn: list[Box] = []
    for index, line in enumerate(fit.lines):
        y = box.y + index * fit.line_height
        for match in MARK_TOKEN.finditer(line):
            x = box.x + face.getlength(line[: match.start()])
            width = face.getlength(match.group())
            left, top, right, bottom = face.getbbox(match.group(), anchor="la")
            canvas.draw.rectangle(
                (x + left - 1, y + top - 1, x + right + 1, y + bottom + 1), fill=paper
            )
            cx = x + width / 2
            cy = y + (cap_top + cap_bottom) / 2
            r = min(width / 2, fit.size_px * 0.52)
            color = MARK_COLORS[match.group(1)]
            canvas.draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r),
                fill=color,
                outline=_mix(color, (0, 0, 0), 0.4),
                width=max(1, round(r / 9)),
            )
            draw_centered(
                canvas,
                match.group(1),
                (round(cx), round(cy)),
                style="bold",
                size_px=letter_face_px,
                color=(255, 255, 255),
            )
            drawn.append(Box(round(cx - r), round(cy - r), round(2 * r), round(2 * r)))
    return drawn


def _power(canvas: Canvas, card: dict) -> None:
    for name, x_mm, value, fill in (
        ("attack", 8.4, card.get("attack"), (150, 36, 32)),
        ("defense", 54.6, card.get("defense"), (36, 70, 140)),
    ):
        center = canvas.box(x_mm, 80.5, 0, 0)
        cx, cy = center.x, center.y
        r = canvas.px(4.1)
        _disc(canvas, (cx, cy + canvas.px(0.3)), r, fill=(30, 20, 16))
        box = _disc(
            canvas, (cx, cy), r, fill=GOLD, outline=GOLD_DARK, width=max(1, canvas.px(0.25))
        )
        inner = r - canvas.px(0.65)
        canvas.draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=fill)
        label = "–" if value is None else str(value)
        size = canvas.pt(15 if len(label) == 1 else 12)
        draw_centered(canvas, label, (cx, cy), style="title", size_px=size, color=(255, 250, 236))
        canvas.part(name, box)


def _footer(canvas: Canvas, card: dict, is_revulo: bool) -> None:
    number = card.get("number")
    label = (
        f"{card.get('set') or ''} · {number:03d}"
        if isinstance(number, int)
        else card.get("set") or ""
    )
    box = canvas.box(14.0, 81.3, 35.0, 3.4) if is_revulo else canvas.box(6.0, 81.3, 51.0, 3.4)
    draw_text(
        canvas,
        label,
        box,
        style="regular",
        max_pt=6.5,
        min_pt=5,
        align="center",
        valign="middle",
        color=(252, 244, 226),
    )
    canvas.part("footer", box)


def _emblem(canvas: Canvas, area: Box, color: RGB) -> None:
    """A faint small dream-catcher in an empty text box, so it does not look unfinished."""
    cx, cy = area.center
    r = min(area.w, area.h) * 0.3
    _web(canvas, (cx, cy), r, color, max(1, canvas.px(0.25)), levels=3)


# --- back -------------------------------------------------------------------------
def _web(
    canvas: Canvas,
    center: tuple[float, float],
    r: float,
    color: RGB,
    width: int,
    *,
    levels: int = 5,
) -> None:
    """A dream-catcher hoop with its web, symmetric about the vertical axis."""
    cx, cy = center
    spokes = 12
    step = math.tau / spokes

    def ring(level: int) -> list[tuple[float, float]]:
        radius = r * (1 - 0.17 * level)
        offset = -math.pi / 2 + level * step / 2
        return [
            (cx + radius * math.cos(offset + k * step), cy + radius * math.sin(offset + k * step))
            for k in range(spokes)
        ]

    rings = [ring(level) for level in range(levels + 1)]
    for level in range(levels):
        outer, inner = rings[level], rings[level + 1]
        path = []
        for k in range(spokes):
            path += [outer[k], inner[k]]
        path.append(outer[0])
        canvas.draw.line(path, fill=color, width=width, joint="curve")
    canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=color, width=width * 2)


def _feather(canvas: Canvas, top: tuple[float, float], length: float, fill: RGB, dark: RGB) -> None:
    x, y = top
    w = length * 0.17
    steps = 10
    right = [
        (x + w * math.sin(math.pi * (0.15 + 0.85 * i / steps)) ** 0.7, y + length * i / steps)
        for i in range(steps + 1)
    ]
    left = [(2 * x - px_, py) for px_, py in reversed(right)]
    canvas.draw.polygon([(x, y)] + right + [(x, y + length * 1.04)] + left, fill=fill, outline=dark)
    # barbs and quill
    for i in range(2, steps, 2):
        yy = y + length * i / steps
        canvas.draw.line([(x, yy), (x + w * 0.8, yy + length * 0.05)], fill=dark, width=2)
        canvas.draw.line([(x, yy), (x - w * 0.8, yy + length * 0.05)], fill=dark, width=2)
    canvas.draw.line([(x, y - length * 0.05), (x, y + length * 1.02)], fill=dark, width=3)


def draw_back(canvas: Canvas) -> None:
    top, bottom = (20, 18, 52), (64, 30, 78)
    canvas.fill_bleed(bottom)
    full = canvas.full
    bands = 32
    for i in range(bands):
        color = _mix(top, bottom, i / (bands - 1))
        y0 = full.h * i // bands
        y1 = full.h * (i + 1) // bands
        canvas.draw.rectangle((0, y0, full.w - 1, y1), fill=color)

    rounded_frame(
        canvas, canvas.box(2.2, 2.2, 58.6, 83.6), radius_mm=3, fill=None, outline=GOLD, width_mm=0.5
    )
    rounded_frame(
        canvas,
        canvas.box(3.4, 3.4, 56.2, 81.2),
        radius_mm=2.4,
        fill=None,
        outline=_mix(GOLD, top, 0.5),
        width_mm=0.25,
    )

    # the vertical middle line: everything is drawn in mirrored pairs around it
    cx = canvas.bleed + canvas.trim_w // 2
    # stars, mirrored left and right
    for x_mm, y_mm, r_mm in (
        (9, 21, 0.5),
        (13, 30, 0.35),
        (7, 44, 0.4),
        (11, 62, 0.3),
        (8, 74, 0.45),
    ):
        c = canvas.box(x_mm, y_mm, 0, 0)
        for sx in (c.x, 2 * cx - c.x):
            star = (236, 220, 160)
            draw_star_badge(canvas, (sx, c.y), canvas.px(r_mm) * 2, fill=star, outline=star)

    cy = canvas.box(0, 40.5, 0, 0).y
    r = canvas.px(17.5)
    thread = (226, 206, 160)
    # hanging loop above the hoop
    canvas.draw.line(
        [(cx, cy - r), (cx, cy - r - canvas.px(4.5))], fill=thread, width=canvas.px(0.35)
    )
    canvas.draw.ellipse(
        (
            cx - canvas.px(1.2),
            cy - r - canvas.px(6.8),
            cx + canvas.px(1.2),
            cy - r - canvas.px(4.4),
        ),
        outline=thread,
        width=canvas.px(0.35),
    )
    # the hoop: a wrapped wooden rim with a gold edge, the web, beads
    rim = r + canvas.px(0.9)
    hoop = (cx - rim, cy - rim, cx + rim, cy + rim)
    canvas.draw.ellipse(hoop, outline=(150, 98, 52), width=canvas.px(1.8))
    _web(canvas, (cx, cy), r - canvas.px(0.2), thread, max(1, canvas.px(0.22)))
    canvas.draw.ellipse(hoop, outline=GOLD, width=max(1, canvas.px(0.3)))
    for k in range(12):  # wrapping marks on the rim
        a = -math.pi / 2 + k * math.tau / 12 + math.tau / 24
        x0, y0 = cx + (r - canvas.px(0.1)) * math.cos(a), cy + (r - canvas.px(0.1)) * math.sin(a)
        x1, y1 = cx + (r + canvas.px(1.7)) * math.cos(a), cy + (r + canvas.px(1.7)) * math.sin(a)
        canvas.draw.line([(x0, y0), (x1, y1)], fill=(110, 68, 34), width=max(1, canvas.px(0.3)))
    bead = canvas.px(1.3)
    canvas.draw.ellipse(
        (cx - bead, cy - bead, cx + bead, cy + bead), fill=(90, 170, 190), outline=GOLD, width=2
    )
    small = canvas.px(0.7)
    for degrees in (-75, -45, 165):  # beads in the web, mirrored left and right
        a = math.radians(degrees)
        bx, by = cx + r * 0.66 * math.cos(a), cy + r * 0.66 * math.sin(a)
        for sx in (bx, 2 * cx - bx):
            canvas.draw.ellipse(
                (sx - small, by - small, sx + small, by + small), fill=(214, 112, 120)
            )

    # three strings with beads and feathers
    feather_fill, feather_dark = (238, 230, 214), (110, 84, 70)
    for offset_deg, length_mm in ((0, 17.0), (38, 13.5)):
        for side in (1, -1) if offset_deg else (1,):
            a = math.pi / 2 + side * math.radians(offset_deg)
            sx, sy = cx + rim * math.cos(a), cy + rim * math.sin(a)
            drop = canvas.px(4.0 if offset_deg == 0 else 5.5)
            canvas.draw.line([(sx, sy), (sx, sy + drop)], fill=thread, width=max(1, canvas.px(0.3)))
            b = canvas.px(0.9)
            canvas.draw.ellipse(
                (sx - b, sy + drop * 0.55 - b, sx + b, sy + drop * 0.55 + b), fill=(90, 170, 190)
            )
            length = canvas.px(length_mm)
            _feather(canvas, (sx, sy + drop), length, feather_fill, feather_dark)
            # the dyed tip
            tip_top, half = sy + drop + length * 0.7, canvas.px(1.4)
            canvas.draw.polygon(
                [
                    (sx, tip_top),
                    (sx - half, tip_top + length * 0.19),
                    (sx, sy + drop + length * 1.02),
                    (sx + half, tip_top + length * 0.19),
                ],
                fill=(150, 70, 60),
            )

    title = canvas.box(31.5, 11.3, 0, 0)
    for dy, color in ((canvas.px(0.3), (20, 12, 30)), (0, GOLD)):  # shadow, then the word
        draw_centered(
            canvas,
            "Álomfogó",
            (title.x, title.y + dy),
            style="title",
            size_px=canvas.pt(20),
            color=color,
        )
