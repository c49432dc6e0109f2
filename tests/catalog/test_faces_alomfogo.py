"""The Álomfogó face and back: every shipped card renders, fits, and shows its parts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageOps, ImageStat

from catalog import render
from catalog.faces import alomfogo

DATA = Path(__file__).resolve().parents[2] / "catalog" / "data" / "alomfogo"


def _records() -> list[dict]:
    records = []
    for path in sorted(DATA.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data["cards"]:
            records.append({"game": "alomfogo", "set": data["set"]["code"], "image": None, **card})
    return records


RECORDS = _records()
BY_CODE = {record["code"]: record for record in RECORDS}
ALWAYS = {"frame", "cost", "name", "art", "type_line", "rarity", "text", "footer"}
REVULO = {"attack", "defense"}


def test_the_data_covers_every_type():
    assert {r["type"] for r in RECORDS} == {
        "revulo",
        "alomleny",
        "esemeny",
        "azonnali",
        "altalanos",
    }


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["code"])
def test_face_renders_fits_and_shows_its_parts(record):
    canvas = render.render_face_canvas(record)
    assert canvas.image.size == (744, 1039)
    assert [fit.text for fit in canvas.text_boxes if fit.overflow] == []

    parts = set(canvas.parts)
    expected = set(ALWAYS)
    if record["type"] == "revulo":
        expected |= REVULO
    if record["type"] == "revulo" and record["glory_bonus"]:
        expected.add("glory")
    if record["helper_mark"]:
        expected.add("mark")
    if record["flavor"]:
        expected.add("flavor")
    assert expected <= parts
    if record["type"] != "revulo":
        assert not parts & (REVULO | {"glory"})
    if not record["helper_mark"]:
        assert "mark" not in parts
    if not record["flavor"]:
        assert "flavor" not in parts


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["code"])
def test_face_keeps_text_and_marks_in_the_safe_zone(record):
    canvas = render.render_face_canvas(record)
    safe = canvas.px(3.0)
    trim = canvas.trim
    boxes = [fit.box for fit in canvas.text_boxes]
    boxes += [box for name, box in canvas.parts.items() if name != "frame"]
    for box in boxes:
        assert box.x >= trim.x + safe and box.right <= trim.right - safe, (record["code"], box)
        assert box.y >= trim.y + safe and box.bottom <= trim.bottom - safe, (record["code"], box)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["code"])
def test_face_with_bleed_is_larger_on_every_side(record):
    image = render.render_face(record, bleed_mm=3)
    assert image.size == (744 + 2 * 35, 1039 + 2 * 35)


def test_bleed_is_painted_in_the_frame_colour_family():
    image = render.render_face(BY_CODE["AF1-001"], bleed_mm=3)
    corner = image.getpixel((2, 2))
    assert corner != (255, 255, 255)


def test_rendering_is_deterministic():
    for record in RECORDS:
        first = render.render_face(record)
        second = render.render_face(record)
        assert first.tobytes() == second.tobytes(), record["code"]


def test_frame_colour_tells_the_type():
    seen = {}
    for record in RECORDS:
        image = render.render_face(record)
        # the frame between the cut's dark rim and the gold rule, left edge, mid height
        seen.setdefault(record["type"], set()).add(image.getpixel((15, 520)))
    assert all(len(colours) == 1 for colours in seen.values())
    assert len({colours.pop() for colours in seen.values()}) == 5


def test_helper_mark_replaces_its_token():
    record = BY_CODE["AF1-002"]  # "Segítő (P): +1 erő."
    canvas = render.render_face_canvas(record)
    mark = canvas.parts["mark"]
    text = canvas.parts["text"]
    assert text.x <= mark.x and mark.bottom <= text.bottom
    # the icon is drawn in the rest colour (beside its white letter), not as "(P)" glyphs
    inside = (mark.x + mark.w * 12 // 100, mark.center[1])
    assert canvas.image.getpixel(inside) == alomfogo.MARK_COLORS["P"]


def test_mark_without_token_in_the_text_still_shows_its_icon():
    record = {**BY_CODE["AF1-001"], "helper_mark": "S", "text": ""}
    canvas = render.render_face_canvas(record)
    assert "mark" in canvas.parts


def test_missing_cost_draws_an_empty_disc():
    record = {**BY_CODE["AF1-005"], "cost": None}
    canvas = render.render_face_canvas(record)
    assert "cost" in canvas.parts


def test_type_line_names_type_and_subtypes_in_hungarian():
    record = {**BY_CODE["AFD-001"], "subtypes": ["vajakosok", "buvforras"]}
    assert alomfogo.type_label(record) == "révülő — Vajákosok Jurtája, bűvforrás"
    assert alomfogo.type_label(BY_CODE["AF1-005"]) == "azonnali varázslat"


def test_uploaded_art_is_used(tmp_path):
    path = tmp_path / "art.png"
    Image.new("RGB", (300, 200), (0, 255, 0)).save(path)
    canvas = render.render_face_canvas({**BY_CODE["AF1-001"], "image": str(path)})
    assert canvas.image.getpixel(canvas.parts["art"].center) == (0, 255, 0)


def test_back_renders_symmetric_motif():
    image = render.render_back("alomfogo")
    assert image.size == (744, 1039)
    assert render.render_back("alomfogo", bleed_mm=3).size == (744 + 70, 1039 + 70)
    assert render.render_back("alomfogo").tobytes() == image.tobytes()
    # below the word, the dream-catcher is mirrored left to right (up to rounding)
    motif = image.crop((0, 200, 744, 1039))
    mirrored = ImageOps.mirror(motif)
    difference = ImageStat.Stat(ImageChops.difference(motif, mirrored).convert("L")).mean[0]
    assert difference < 2.0
