"""A picture of the first sheet, drawn at screen resolution for the options form."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from printing.layout import SheetLayout

PREVIEW_DPI = 40


def sheet_preview(
    layout: SheetLayout, faces: list[Path], *, crop_marks: bool, cut_lines: bool
) -> Image.Image:
    """The first page: each slot with its card's face, the bleed and the marks, as printed."""

    def px(mm: float) -> int:
        return round(mm * PREVIEW_DPI / 25.4)

    page = Image.new("RGB", (px(layout.page_w), px(layout.page_h)), (255, 255, 255))
    draw = ImageDraw.Draw(page)
    for index, (slot, bleed) in enumerate(zip(layout.slots, layout.bleed_rects, strict=True)):
        if index >= len(faces):
            draw.rectangle(
                (px(slot.x), px(slot.y), px(slot.x + slot.w), px(slot.y + slot.h)),
                outline=(200, 200, 200),
            )
            continue
        with Image.open(faces[index]) as face:
            picture = face.convert("RGB").resize(
                (px(bleed.w), px(bleed.h)), Image.Resampling.BILINEAR
            )
        page.paste(picture, (px(bleed.x), px(bleed.y)))
    if cut_lines:
        for x in layout.cut_x:
            draw.line((px(x), 0, px(x), page.height), fill=(170, 170, 170))
        for y in layout.cut_y:
            draw.line((0, px(y), page.width, px(y)), fill=(170, 170, 170))
    if crop_marks:
        for mark in layout.crop_marks:
            draw.line((px(mark.x1), px(mark.y1), px(mark.x2), px(mark.y2)), fill=(0, 0, 0), width=1)
    return page
