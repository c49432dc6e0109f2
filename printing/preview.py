"""A picture of the first sheet, drawn at screen resolution for the options form.

It places what the PDF places: each face (rendered with the sheet's bleed)
on ``layout.picture_rect``, clipped to ``layout.clip_rects`` so that no face
paints over a neighbour, and cut lines from printer margin to printer margin.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from printing.layout import SheetLayout, clip_rects, cut_line_segments, picture_rect

PREVIEW_DPI = 40


def sheet_preview(
    layout: SheetLayout, faces: list[Path], *, crop_marks: bool, cut_lines: bool
) -> Image.Image:
    """The first page: each slot with its card's face, the bleed and the marks, as printed."""

    def px(mm: float) -> int:
        return round(mm * PREVIEW_DPI / 25.4)

    page = Image.new("RGB", (px(layout.page_w), px(layout.page_h)), (255, 255, 255))
    draw = ImageDraw.Draw(page)
    bleed = layout.options.bleed_mm
    for index, (slot, clip) in enumerate(zip(layout.slots, clip_rects(layout), strict=True)):
        if index >= len(faces):
            draw.rectangle(
                (px(slot.x), px(slot.y), px(slot.x + slot.w), px(slot.y + slot.h)),
                outline=(200, 200, 200),
            )
            continue
        with Image.open(faces[index]) as face:
            where = picture_rect(slot, bleed, face.size)
            left, top = px(where.x), px(where.y)
            picture = face.convert("RGB").resize(
                (px(where.x + where.w) - left, px(where.y + where.h) - top),
                Image.Resampling.BILINEAR,
            )
        # The part of the picture inside the clip box, at the clip box's place.
        box = (
            max(px(clip.x), left),
            max(px(clip.y), top),
            min(px(clip.x + clip.w), left + picture.width),
            min(px(clip.y + clip.h), top + picture.height),
        )
        shown = picture.crop((box[0] - left, box[1] - top, box[2] - left, box[3] - top))
        page.paste(shown, box[:2])
    if cut_lines:
        for line in cut_line_segments(layout):
            draw.line((px(line.x1), px(line.y1), px(line.x2), px(line.y2)), fill=(170, 170, 170))
    if crop_marks:
        for mark in layout.crop_marks:
            draw.line((px(mark.x1), px(mark.y1), px(mark.x2), px(mark.y2)), fill=(0, 0, 0), width=1)
    return page
