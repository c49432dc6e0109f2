"""The options form's preview draws the first sheet as the PDF does.

With a bleed each face is the bleed face, placed on its bleed rect and clipped
like the PDF's (``layout.clip_rects``), so no face paints over its neighbour;
cut lines stop at the printer margin.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from catalog.models import Card
from printing import services
from printing.layout import SheetOptions, sheet_layout
from printing.preview import PREVIEW_DPI, sheet_preview

BAND = [(0, 0, 120), (0, 120, 0), (120, 0, 0), (0, 120, 120)]  # each card's bleed band
TRIM = [(80, 80, 255), (80, 255, 80), (255, 80, 80), (80, 255, 255)]  # and its trim


def px(mm: float) -> int:
    return round(mm * PREVIEW_DPI / 25.4)


def bled_face(folder: Path, index: int, bleed: float) -> Path:
    """A face rendered with the bleed at 10 px a mm: its band one colour, its trim another."""
    picture = Image.new("RGB", (round((63 + 2 * bleed) * 10), round((88 + 2 * bleed) * 10)))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((0, 0, picture.width, picture.height), fill=BAND[index % 4])
    inset = round(bleed * 10)
    draw.rectangle(
        (inset, inset, picture.width - inset - 1, picture.height - inset - 1), fill=TRIM[index % 4]
    )
    path = folder / f"face{index}.png"
    picture.save(path)
    return path


def test_a_bled_face_never_covers_its_neighbour(tmp_path):
    layout = sheet_layout(SheetOptions(bleed_mm=3))
    faces = [bled_face(tmp_path, i, 3) for i in range(layout.per_page)]
    page = sheet_preview(layout, faces, crop_marks=False, cut_lines=False)
    first, below, right = layout.slots[0], layout.slots[3], layout.slots[1]
    middle_x = px(first.x + first.w / 2)
    # 1.5 mm above the cut between rows 1 and 2: still the top card (its stat circles)
    assert page.getpixel((middle_x, px(first.y + first.h - 1.5))) == TRIM[0]
    assert page.getpixel((middle_x, px(below.y + 1.5))) == TRIM[3]
    # and 1.5 mm left of the cut between columns 1 and 2
    assert page.getpixel((px(first.x + first.w - 1.5), px(first.y + 40))) == TRIM[0]
    assert page.getpixel((px(right.x + 1.5), px(first.y + 40))) == TRIM[1]
    # on the grid's outer sides the bleed band runs out past the cut
    assert page.getpixel((px(first.x - 1.5), px(first.y + 40))) == BAND[0]
    assert page.getpixel((middle_x, px(first.y - 1.5))) == BAND[0]
    assert page.getpixel((px(first.x - 4), px(first.y + 40))) == (255, 255, 255)


def test_cut_lines_stop_at_the_printer_margin(tmp_path):
    layout = sheet_layout(SheetOptions(margin_mm=8))
    page = sheet_preview(layout, [], crop_marks=False, cut_lines=True)
    x, y = px(layout.cut_x[0]), px(layout.cut_y[0])
    grey = (170, 170, 170)
    assert page.getpixel((x, px(4))) == page.getpixel((x, page.height - px(4))) == (255,) * 3
    assert page.getpixel((x, px(9))) == page.getpixel((x, page.height - px(9))) == grey
    assert page.getpixel((px(4), y)) == page.getpixel((page.width - px(4), y)) == (255,) * 3
    assert page.getpixel((px(9), y)) == page.getpixel((page.width - px(9), y)) == grey


@pytest.mark.django_db
def test_the_preview_draws_the_faces_with_their_bleed(cards, owner):
    codes = Card.objects.filter(game__slug="alomfogo").order_by("sort_key")[:3]
    source = {"cards": [{"code": card.code, "count": 1} for card in codes]}
    png = services.print_preview(options={"bleed_mm": 3}, source=source, user=owner)
    page = Image.open(io.BytesIO(png)).convert("RGB")
    first = sheet_layout(SheetOptions(bleed_mm=3)).slots[0]
    # The face's own bleed (its frame colour) shows beyond the cut on the grid's outer sides.
    for x, y in ((first.x - 1.5, first.y + 40), (first.x + 30, first.y - 1.5)):
        assert page.getpixel((px(x), px(y))) != (255, 255, 255)
