"""Server-rendered SVG charts of a deck's breakdown.

Each chart is one self-contained `<svg>`: a viewBox so it scales to its box,
inline presentation attributes only (no CSS or script to load), text in
`currentColor` so it follows the page's colour, and `role="img"` with a
title and an `aria-label` that says in words what the bars show.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from catalog import vocab
from decks.stats import Breakdown

# The five Álomfogó card types, in the colours of their card frames.
TYPE_COLOURS = {
    "revulo": "#b5502e",
    "alomleny": "#2f6b3a",
    "esemeny": "#c98a1b",
    "azonnali": "#2d5c9e",
    "altalanos": "#6e3f86",
}
FALLBACK_COLOURS = ("#5b6770", "#8a7a5c", "#4f7f86", "#9a5b6b", "#6b7f3a")
SVG_NS = "http://www.w3.org/2000/svg"

# Cost curve geometry, in viewBox units. The chart is drawn narrow with the
# legend below the bars: its box on the page is about 290-540 px wide, and a
# 13-unit label must stay at least 11 px tall there (a 560-unit-wide drawing
# shrank its labels to 6 px in the builder's side column).
CURVE_WIDTH = 320
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 34, 312, 18, 160
LEGEND_TOP, LEGEND_ROW, LEGEND_COLUMNS = 206, 20, (8, 166)  # LEGEND_TOP: first row
FONT_SIZE = "13"


def type_colour(type_id: str, index: int = 0) -> str:
    """The colour of a type: the Álomfogó frame colour, else a neutral one by position."""
    return TYPE_COLOURS.get(type_id) or FALLBACK_COLOURS[index % len(FALLBACK_COLOURS)]


def cost_curve_svg(breakdown: Breakdown, language: str = "hu") -> str:
    """The cost curve as bars for costs 0–6 and 7+, each stacked by card type."""
    en = language == "en"
    buckets = breakdown.curve
    types = breakdown.curve_types()
    colours = {t: type_colour(t, i) for i, t in enumerate(types)}
    top, step = _scale(max((b.count for b in buckets), default=0))
    plot_h = PLOT_BOTTOM - PLOT_TOP
    slot = (PLOT_RIGHT - PLOT_LEFT) / max(len(buckets), 1)
    bar_w = slot * 0.64

    title = "Cost curve" if en else "Költséggörbe"
    legend_rows = -(-len(types) // len(LEGEND_COLUMNS))
    height = LEGEND_TOP + legend_rows * LEGEND_ROW if types else LEGEND_TOP - 4
    out = [_svg_open(CURVE_WIDTH, height, _curve_words(breakdown, en)), _el("title", title)]

    # grid and y ticks
    out.append('<g stroke="currentColor" stroke-opacity="0.15">')
    for value in range(0, top + 1, step):
        y = PLOT_BOTTOM - value * plot_h / top
        out.append(f'<line x1="{PLOT_LEFT}" x2="{PLOT_RIGHT}" y1="{_n(y)}" y2="{_n(y)}"/>')
    out.append("</g>")
    out.append(f'<g text-anchor="end" font-size="{FONT_SIZE}" fill="currentColor">')
    for value in range(0, top + 1, step):
        y = PLOT_BOTTOM - value * plot_h / top
        out.append(_el("text", str(value), x=PLOT_LEFT - 5, y=_n(y + 4)))
    out.append("</g>")

    # bars, one group per cost bucket, one rect per type segment
    out.append('<g class="bars">')
    for i, bucket in enumerate(buckets):
        x = PLOT_LEFT + i * slot + (slot - bar_w) / 2
        out.append(f'<g data-cost="{bucket.label}" data-count="{bucket.count}">')
        y = PLOT_BOTTOM
        for type_id, count in bucket.by_type.items():
            h = count * plot_h / top
            y -= h
            tip = f"{vocab.TYPES.label(type_id, language)}: {count}"
            out.append(
                f'<rect data-type="{escape(type_id)}" data-count="{count}" x="{_n(x)}" '
                f'y="{_n(y)}" width="{_n(bar_w)}" height="{_n(h)}" '
                f'fill="{colours[type_id]}">{_el("title", tip)}</rect>'
            )
        if bucket.count:
            out.append(
                _el(
                    "text",
                    str(bucket.count),
                    x=_n(x + bar_w / 2),
                    y=_n(y - 4),
                    **{"text-anchor": "middle", "font-size": FONT_SIZE, "font-weight": "bold"},
                    fill="currentColor",
                )
            )
        out.append("</g>")
    out.append("</g>")

    # axes and their labels
    out.append(
        f'<line x1="{PLOT_LEFT}" x2="{PLOT_RIGHT}" y1="{PLOT_BOTTOM}" y2="{PLOT_BOTTOM}" '
        'stroke="currentColor"/>'
    )
    out.append(f'<g text-anchor="middle" font-size="{FONT_SIZE}" fill="currentColor">')
    for i, bucket in enumerate(buckets):
        out.append(
            _el("text", bucket.label, x=_n(PLOT_LEFT + (i + 0.5) * slot), y=PLOT_BOTTOM + 17)
        )
    cost_x = _n((PLOT_LEFT + PLOT_RIGHT) / 2)
    out.append(_el("text", "Cost" if en else "Költség", x=cost_x, y=PLOT_BOTTOM + 36))
    mid_y = _n((PLOT_TOP + PLOT_BOTTOM) / 2)
    out.append(
        _el("text", "Cards" if en else "Lapok", x=11, y=mid_y, transform=f"rotate(-90 11 {mid_y})")
    )
    out.append("</g>")

    # legend below the bars, two types a row: the types that appear on the curve
    if types:
        out.append(f'<g class="legend" font-size="{FONT_SIZE}" fill="currentColor">')
        for i, type_id in enumerate(types):
            x = LEGEND_COLUMNS[i % len(LEGEND_COLUMNS)]
            y = LEGEND_TOP + (i // len(LEGEND_COLUMNS)) * LEGEND_ROW
            out.append(f'<rect x="{x}" y="{y}" width="13" height="13" fill="{colours[type_id]}"/>')
            out.append(_el("text", vocab.TYPES.label(type_id, language), x=x + 18, y=y + 11))
        out.append("</g>")

    out.append("</svg>")
    return "".join(out)


def type_bars_svg(breakdown: Breakdown, language: str = "hu") -> str:
    """The main board by type as a compact list of horizontal bars."""
    en = language == "en"
    rows = breakdown.by_type
    row_h, label_w, bar_max, width = 22, 150, 250, 440
    height = max(len(rows), 1) * row_h + 8
    most = max((r.count for r in rows), default=0) or 1
    if rows:
        listed = ", ".join(f"{vocab.TYPES.label(r.id, language)}: {r.count}" for r in rows)
        words = f"{'Cards by type' if en else 'Lapok típus szerint'}: {listed}."
    else:
        words = "No cards yet." if en else "Még nincs lap a pakliban."
    out = [
        _svg_open(width, height, words),
        _el("title", "Cards by type" if en else "Lapok típus szerint"),
        '<g font-size="12" fill="currentColor">',
    ]
    for i, row in enumerate(rows):
        y = 4 + i * row_h
        w = row.count * bar_max / most
        label = vocab.TYPES.label(row.id, language)
        out.append(_el("text", label, x=label_w - 8, y=y + 14, **{"text-anchor": "end"}))
        out.append(
            f'<rect data-type="{escape(row.id)}" data-count="{row.count}" x="{label_w}" '
            f'y="{y + 2}" width="{_n(w)}" height="{row_h - 6}" fill="{type_colour(row.id, i)}"/>'
        )
        out.append(_el("text", str(row.count), x=_n(label_w + w + 6), y=y + 14))
    out.append("</g></svg>")
    return "".join(out)


def _curve_words(breakdown: Breakdown, en: bool) -> str:
    """The curve in one sentence, for screen readers."""
    costed = sum(b.count for b in breakdown.curve)
    if not costed:
        return (
            "Cost curve: no cards with a cost yet."
            if en
            else "Költséggörbe: a pakliban még nincs költséggel bíró lap."
        )
    parts = []
    for i, b in enumerate(breakdown.curve):
        if en:
            at = "at cost 7 or more" if b.cost == "7+" else f"at cost {b.cost}"
            noun = (" card" if b.count == 1 else " cards") if i == 0 else ""
            parts.append(f"{b.count}{noun} {at}")
        else:
            cost = "7 vagy több" if b.cost == "7+" else str(b.cost)
            parts.append(f"{cost} költségű: {b.count} lap")
    sentence = ("Cost curve: " if en else "Költséggörbe: ") + ", ".join(parts) + "."
    if breakdown.uncosted:
        n = breakdown.uncosted
        sentence += (
            f" {n} {'card has' if n == 1 else 'cards have'} no cost."
            if en
            else f" {n} lapnak nincs költsége."
        )
    return sentence


def _scale(most: int) -> tuple[int, int]:
    """The y axis top and tick step: at most five steps of 1, 2, 5, 10, 20, 50, ..."""
    if most <= 0:
        return 1, 1
    step = 1
    while most / step > 5:
        for factor in (2, 2.5, 2):  # 1 -> 2 -> 5 -> 10 -> 20 -> 50 ...
            step = int(step * factor)
            if most / step <= 5:
                break
    top = -(-most // step) * step
    return top, step


def _svg_open(width: int, height: int, words: str) -> str:
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label={quoteattr(words)} font-family="sans-serif">'
    )


def _el(tag: str, text: str, **attrs: object) -> str:
    attributes = "".join(f" {k}={quoteattr(str(v))}" for k, v in attrs.items())
    return f"<{tag}{attributes}>{escape(text)}</{tag}>"


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
