"""Arcane Guardian faces: every shipped card renders, fits, and shows its type's parts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from catalog import vocab
from catalog.faces import arcane_guardian
from catalog.faces.common import Canvas
from catalog.render import render_back, render_face, render_face_canvas

DATA = Path(__file__).resolve().parents[2] / "catalog" / "data" / "arcane-guardian" / "ag.json"
TRIM = (744, 1039)
BLEED_PX = 35  # 3 mm at 300 DPI


def _records() -> list[dict]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return [
        {"game": data["game"], "set": data["set"]["code"], "image": None, **card}
        for card in data["cards"]
    ]


RECORDS = _records()
BY_CODE = {r["code"]: r for r in RECORDS}

COMMON_PARTS = {"name", "type_line", "art"}
PARTS_BY_TYPE = {
    "mage": {"life_track"},
    "spell": {"mana", "text"},
    "enemy": {"options", "defeated_by"},
    "trap": {"d6_table"},
    "chest": {"chest_level", "d6_table"},
    "collectible": set(),
    "useable": set(),
    "curse": set(),
    "level_up": set(),
    "level_down": set(),
    "ending": {"ending_frame"},
}


def _ids(records):
    return [r["code"] for r in records]


@pytest.fixture(scope="module")
def canvases() -> dict[str, Canvas]:
    return {r["code"]: render_face_canvas(r) for r in RECORDS}


def test_every_type_is_shipped():
    assert {r["type"] for r in RECORDS} == set(PARTS_BY_TYPE)


def test_faces_are_poker_size_at_300_dpi(canvases):
    for code, canvas in canvases.items():
        assert canvas.image.size == TRIM, code


@pytest.mark.parametrize("record", RECORDS[::6], ids=_ids(RECORDS[::6]))
def test_bleed_widens_the_background(record):
    image = render_face(record, bleed_mm=3)
    assert image.size == (TRIM[0] + 2 * BLEED_PX, TRIM[1] + 2 * BLEED_PX)
    # the stone runs past the cut line: no untouched white canvas in the bleed
    for xy in [(0, 0), (image.width - 1, image.height - 1), (5, image.height // 2)]:
        assert image.getpixel(xy) != (255, 255, 255)


def test_rendering_is_deterministic():
    for record in RECORDS:
        first = render_face(record).tobytes()
        assert render_face(dict(record)).tobytes() == first, record["code"]


def test_no_text_overflows(canvases):
    overflowing = [
        (code, fit.text) for code, c in canvases.items() for fit in c.text_boxes if fit.overflow
    ]
    assert overflowing == []


def test_text_stays_in_the_safe_zone(canvases):
    for code, canvas in canvases.items():
        safe = canvas.px(3)
        for fit in canvas.text_boxes:
            box = fit.box
            assert box.x >= safe and box.y >= safe, (code, fit.text)
            assert box.right <= canvas.trim_w - safe, (code, fit.text)
            assert box.bottom <= canvas.trim_h - safe, (code, fit.text)


def test_parts_per_type(canvases):
    for record in RECORDS:
        parts = set(canvases[record["code"]].parts)
        expected = COMMON_PARTS | PARTS_BY_TYPE[record["type"]]
        if record["text"]:
            expected |= {"text"}
        assert expected <= parts, (record["code"], expected - parts)
        if record["type"] != "ending":
            assert "ending_frame" not in parts, record["code"]


def test_parts_lie_inside_the_card(canvases):
    for code, canvas in canvases.items():
        for name, box in canvas.parts.items():
            assert box.x >= 0 and box.y >= 0, (code, name)
            assert box.right <= canvas.trim_w and box.bottom <= canvas.trim_h, (code, name)


def test_name_and_type_are_printed(canvases):
    for record in RECORDS:
        texts = [fit.text for fit in canvases[record["code"]].text_boxes]
        assert record["name"] in texts
        label = vocab.TYPES.label(record["type"], "hu").upper()
        assert any(t.startswith(label) for t in texts), record["code"]
        for subtype in record["subtypes"]:
            assert any(vocab.SUBTYPES.label(subtype, "hu").upper() in t for t in texts)


def test_mage_life_track_shows_four_levels(canvases):
    texts = [fit.text for fit in canvases["AG-001"].text_boxes]
    for level in range(1, 5):
        assert f"{level}. szint" in texts


def test_enemy_rows_come_from_effects(canvases):
    texts = [fit.text for fit in canvases["AG-006"].text_boxes]
    assert "\u22123 élet" in texts and "\u22122 mana" in texts
    assert "Egyetlen Frostball is legyőzi" in texts
    mimic = [fit.text for fit in canvases["AG-022"].text_boxes]
    assert "dobj el egy tárgyat" in mimic
    assert any("+1 mana" in t for t in mimic)


def test_trap_and_chest_tables(canvases):
    pit = [fit.text for fit in canvases["AG-023"].text_boxes]
    assert "Dobj egy kockával." in pit
    assert {"\u22122 élet", "\u22121 élet", "nem történik semmi"} <= set(pit)
    chest = [fit.text for fit in canvases["AG-046"].text_boxes]
    assert "3." in chest and "szintlépés" in chest


def test_bundle_text_is_short_hungarian():
    text = arcane_guardian.bundle_text
    assert text({}) == "nem történik semmi"
    assert text({"lose_life": 1, "lose_mana": 1}) == "\u22121 élet, \u22121 mana"
    assert text({"discard": {"kind": "torch", "count": 1}}) == "dobj el egy fáklyát"
    assert text({"lose_level": 1}) == "\u22121 szint"
    assert text({"gain_life": 3, "gain_mana": 4}) == "+3 élet, +4 mana"


def test_uploaded_art_is_used(tmp_path):
    picture = tmp_path / "art.png"
    Image.new("RGB", (40, 30), (255, 0, 255)).save(picture)
    record = {**BY_CODE["AG-010"], "image": str(picture)}
    canvas = render_face_canvas(record)
    art = canvas.parts["art"]
    assert canvas.image.getpixel(art.center) == (255, 0, 255)


def test_back_renders_and_reads_either_way_up():
    back = render_back("arcane-guardian")
    assert back.size == TRIM
    turned = back.transpose(Image.Transpose.ROTATE_180)
    assert back.tobytes() == turned.tobytes()
    with_bleed = render_back("arcane-guardian", bleed_mm=3)
    assert with_bleed.size == (TRIM[0] + 2 * BLEED_PX, TRIM[1] + 2 * BLEED_PX)
    assert render_back("arcane-guardian").tobytes() == back.tobytes()
