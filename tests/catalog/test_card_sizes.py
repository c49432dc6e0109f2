"""Faces at the other card sizes (mini, bridge, tarot): the poker card, evenly scaled.

A layout draws a 63 x 88 mm card; at another size it is drawn at one scale,
s = min(W / 63, H / 88), centred, and the band left over on two sides is the
card's background, like a wider bleed. Poker faces stay exactly as they were.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import ImageChops

from catalog.faces.common import card_scale, px
from catalog.render import back_hash, face_hash, render_back, render_face, render_face_canvas

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"mini": (44.0, 63.0), "bridge": (57.0, 89.0), "tarot": (70.0, 120.0)}
DPI = 150  # half the print resolution: the same drawing, four times fewer pixels


def first_card(game: str) -> dict:
    path = sorted((ROOT / "catalog" / "data" / game).glob("*.json"))[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    return {"game": data["game"], "set": data["set"]["code"], "image": None, **data["cards"][0]}


GAMES = ["alomfogo", "oniroo", "arcane-guardian"]


@pytest.mark.parametrize("bleed", [0, 3])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_a_face_is_the_poker_face_evenly_scaled_in_a_picture_of_the_card_size(game, size, bleed):
    record = first_card(game)
    width, height = SIZES[size]
    s = card_scale((width, height))
    poker = render_face_canvas(record, dpi=DPI, bleed_mm=bleed)
    canvas = render_face_canvas(record, dpi=DPI, bleed_mm=bleed, card_mm=(width, height))

    # The picture is the card (with its bleed) at the asked resolution, nothing stretched.
    picture = canvas.result()
    assert picture.size == (px(width + 2 * bleed, DPI), px(height + 2 * bleed, DPI))
    # The card's frame is the poker one, s times as large on both axes.
    assert canvas.trim.w / canvas.trim.h == pytest.approx(63 / 88, rel=0.005)
    assert canvas.trim.w == pytest.approx(s * poker.trim.w, abs=1)
    assert poker.parts and set(canvas.parts) == set(poker.parts)
    for name, box in poker.parts.items():
        scaled = canvas.parts[name]
        assert scaled.x - canvas.trim.x == pytest.approx(s * (box.x - poker.trim.x), abs=2), name
        assert scaled.y - canvas.trim.y == pytest.approx(s * (box.y - poker.trim.y), abs=2), name
        assert (scaled.w, scaled.h) == pytest.approx((s * box.w, s * box.h), abs=2), name
    # The card is centred: the band on either side differs by a pixel at most.
    left = (canvas.image.width - picture.width) / 2
    top = (canvas.image.height - picture.height) / 2
    assert any(
        ImageChops.difference(picture, canvas.image.crop((x, y, x + picture.width,
                                                          y + picture.height))).getbbox() is None
        for x in {int(left), round(left + 0.5)}
        for y in {int(top), round(top + 0.5)}
    )  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_a_back_keeps_its_proportions_too(game):
    back = render_back(game, dpi=DPI, bleed_mm=2, card_mm=SIZES["tarot"])
    assert back.size == (px(74, DPI), px(124, DPI))


def test_poker_faces_and_their_cache_keys_are_unchanged():
    record = first_card("oniroo")
    assert render_face(record, dpi=DPI, card_mm=(63, 88)).tobytes() == (
        render_face(record, dpi=DPI).tobytes()
    )
    key = {"dpi": 300, "bleed_mm": 0.0, "variant": "full"}
    assert face_hash(record, **key, card_mm=(63.0, 88.0)) == face_hash(record, **key)
    assert face_hash(record, **key, card_mm=SIZES["tarot"]) != face_hash(record, **key)
    assert back_hash("oniroo", **key, card_mm=(63, 88)) == back_hash("oniroo", **key)
    assert back_hash("oniroo", **key, card_mm=SIZES["mini"]) != back_hash("oniroo", **key)
