"""Issue #19: the glory star is printed only on the révülők that have a glory bonus."""

from __future__ import annotations

from PIL import ImageStat

from catalog import render
from catalog.faces import alomfogo
from tests.catalog.test_faces_alomfogo import BY_CODE, RECORDS

# Where the star stands (its centre, mm from the trim's top left: alomfogo._type_line).
STAR_MM = (49.2, 50.5)


def _gold_share(record: dict) -> float:
    """The share of the star's spot painted in the star's gold."""
    canvas = render.render_face_canvas(record)
    x, y = (canvas.trim.x + canvas.px(STAR_MM[0]), canvas.trim.y + canvas.px(STAR_MM[1]))
    r = canvas.px(2.5)
    spot = canvas.image.convert("RGB").crop((x - r, y - r, x + r, y + r))
    gold = sum(1 for pixel in spot.get_flattened_data() if pixel == alomfogo.GOLD)
    return gold / (spot.width * spot.height)


def test_the_shipped_data_has_revulok_with_and_without_a_bonus():
    bonuses = {r["glory_bonus"] for r in RECORDS if r["type"] == "revulo"}
    assert 0 in bonuses and {1, 2} <= bonuses


def test_a_revulo_without_a_bonus_has_no_star():
    record = BY_CODE["AF1-001"]
    assert record["type"] == "revulo" and record["glory_bonus"] == 0
    canvas = render.render_face_canvas(record)
    assert "glory" not in canvas.parts
    assert _gold_share(record) < 0.05
    # the type line uses the room the star would take
    assert canvas.parts["type_line"].right > canvas.trim.x + canvas.px(STAR_MM[0])


def test_a_glorious_revulo_shows_its_gold_star():
    for code, bonus in (("AFD-003", 1), ("AFD-016", 2)):
        record = BY_CODE[code]
        assert record["glory_bonus"] == bonus
        canvas = render.render_face_canvas(record)
        assert "glory" in canvas.parts, code
        assert _gold_share(record) > 0.3, code


def test_the_star_is_drawn_where_the_bonus_is_and_the_face_changes_with_it():
    plain = render.render_face({**BY_CODE["AF1-001"], "glory_bonus": 0})
    glorious = render.render_face({**BY_CODE["AF1-001"], "glory_bonus": 1})
    assert ImageStat.Stat(plain).mean != ImageStat.Stat(glorious).mean
    assert _gold_share({**BY_CODE["AF1-001"], "glory_bonus": 1}) > 0.3
