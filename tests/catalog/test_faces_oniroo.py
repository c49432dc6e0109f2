"""ONIROO card faces: every shipped card renders, fits, repeats and shows its parts.

Pure tests: the records come straight from the JSON, no database.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from catalog import render
from catalog.faces import oniroo

DATA = Path(__file__).resolve().parents[2] / "catalog" / "data" / "oniroo" / "oniroo.json"
TRIM = (744, 1039)
BLEED_PX = 35  # 3 mm at 300 DPI

EXPECTED_PARTS = {
    "symbol": {"art", "name", "number", "letter", "shape", "digit", "group", "next_group"},
    "free": {"art", "name", "number", "codes_u", "group", "next_group", "text"},
    "wake_up": {"art", "name", "clock", "text"},
    "bad_night": {"art", "name", "question", "text"},
    "moon_head": {"art", "name", "question", "text"},
    "dream_fairy": {"art", "name", "at", "text"},
    "magic_code": {"art", "name", "code", "text"},
}


def _records() -> list[dict]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return [
        {"game": "oniroo", "set": data["set"]["code"], "image": None, **c} for c in data["cards"]
    ]


RECORDS = _records()


@pytest.fixture(scope="module")
def canvases() -> dict:
    return {r["code"]: render.render_face_canvas(r) for r in RECORDS}


def test_every_type_in_the_data_has_expected_parts():
    assert {r["type"] for r in RECORDS} == set(EXPECTED_PARTS)
    assert len(RECORDS) == 173


def test_every_card_renders_at_trim_size(canvases):
    for code, canvas in canvases.items():
        assert canvas.image.size == TRIM, code


def test_every_card_renders_with_bleed():
    for record in RECORDS:
        image = render.render_face(record, bleed_mm=3)
        assert image.size == (TRIM[0] + 2 * BLEED_PX, TRIM[1] + 2 * BLEED_PX), record["code"]
        # the night-blue border runs out into the bleed
        assert image.getpixel((0, 0)) == oniroo.NIGHT
        assert image.getpixel((image.width - 1, image.height - 1)) == oniroo.NIGHT


def test_rendering_is_deterministic(canvases):
    for record in RECORDS:
        again = render.render_face(record)
        assert again.tobytes() == canvases[record["code"]].image.tobytes(), record["code"]


def test_no_text_overflows(canvases):
    for code, canvas in canvases.items():
        assert canvas.text_boxes, code
        for fit in canvas.text_boxes:
            assert not fit.overflow, (code, fit.text)


@pytest.mark.parametrize("kind", sorted(EXPECTED_PARTS))
def test_parts_per_type(canvases, kind):
    records = [r for r in RECORDS if r["type"] == kind]
    assert records
    for record in records:
        parts = set(canvases[record["code"]].parts)
        missing = EXPECTED_PARTS[kind] - parts
        assert not missing, (record["code"], missing)


def test_parts_and_text_stay_in_the_safe_zone(canvases):
    margin = round(3 * 300 / 25.4)
    left, top = margin, margin
    right, bottom = TRIM[0] - margin, TRIM[1] - margin
    for code, canvas in canvases.items():
        boxes = list(canvas.parts.items()) + [
            (f"text:{f.text[:20]}", f.box) for f in canvas.text_boxes
        ]
        for name, box in boxes:
            assert box.x >= left and box.y >= top, (code, name, box)
            assert box.right <= right and box.bottom <= bottom, (code, name, box)


def test_symbol_codes_are_in_their_colours(canvases):
    record = next(r for r in RECORDS if r["code"] == "ONI-S023")  # A, cross, 5 (rulebook)
    canvas = canvases["ONI-S023"]
    for part, colour in (("letter", oniroo.RED), ("shape", oniroo.GREEN), ("digit", oniroo.BLUE)):
        box = canvas.parts[part]
        colours = {c for _, c in canvas.image.crop(box.xyxy()).getcolors(box.w * box.h)}
        assert colour in colours, (part, record[part])


def test_uploaded_art_fills_the_art_box(tmp_path):
    path = tmp_path / "art.png"
    Image.new("RGB", (300, 400), (0, 200, 0)).save(path)
    record = {**next(r for r in RECORDS if r["type"] == "symbol"), "image": str(path)}
    canvas = render.render_face_canvas(record)
    box = canvas.parts["art"]
    assert canvas.image.getpixel((box.x + box.w // 4, box.y + box.h // 8)) == (0, 200, 0)


def test_generated_art_is_never_empty(canvases):
    for code, canvas in canvases.items():
        box = canvas.parts["art"]
        stat = ImageStat.Stat(canvas.image.crop(box.inset(4).xyxy()))
        assert max(stat.stddev) > 3, code  # not a flat colour


def test_back_renders_and_is_symmetric():
    for bleed, size in ((0, TRIM), (3, (TRIM[0] + 2 * BLEED_PX, TRIM[1] + 2 * BLEED_PX))):
        back = render.render_back("oniroo", bleed_mm=bleed)
        assert back.size == size
        turned = back.transpose(Image.Transpose.ROTATE_180)
        assert max(ImageStat.Stat(ImageChops.difference(back, turned)).mean) < 2
    first = render.render_back("oniroo")
    assert first.tobytes() == render.render_back("oniroo").tobytes()
