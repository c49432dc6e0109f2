"""Card faces on the site: served with cache headers, cached on disk, shown on the pages."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from PIL import Image

from catalog import render

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def picture(response) -> Image.Image:
    return Image.open(io.BytesIO(b"".join(response.streaming_content)))


def test_face_png_at_print_resolution(client, cards):
    response = client.get("/cards/AF1-001/face.png")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = picture(response)
    assert image.size == (744, 1039)
    assert response["ETag"]


def test_thumbnail_is_small_webp(client, cards):
    response = client.get("/cards/ONI-S023/thumb.webp")
    assert response["Content-Type"] == "image/webp"
    image = picture(response)
    assert (image.format, image.width) == ("WEBP", render.THUMB_WIDTH)


def test_etag_revalidation_answers_304(client, cards):
    first = client.get("/cards/AG-001/face.png")
    again = client.get("/cards/AG-001/face.png", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]


def test_versioned_url_is_cached_for_a_year(client, cards):
    card = cards.get(code="AF1-002")
    versioned = client.get(f"/cards/AF1-002/face.png?v={render.face_version(card)}")
    assert "max-age=31536000" in versioned["Cache-Control"]
    assert "immutable" in versioned["Cache-Control"]
    plain = client.get("/cards/AF1-002/face.png")
    assert "max-age=3600" in plain["Cache-Control"]


def test_unknown_card_face_is_404(client, cards):
    assert client.get("/cards/ZZ-999/face.png").status_code == 404


def test_the_close_up_is_a_webp_twice_the_thumbnail_and_a_fraction_of_the_png(client, cards):
    close_up = client.get("/cards/AF1-001/large.webp")
    assert close_up["Content-Type"] == "image/webp"
    image = picture(close_up)
    assert (image.format, image.width) == ("WEBP", render.LARGE_WIDTH)
    assert render.LARGE_WIDTH == 2 * render.THUMB_WIDTH
    thumb = client.get("/cards/AF1-001/thumb.webp")
    assert close_up["ETag"] != thumb["ETag"]  # another file, not the thumbnail again


@pytest.mark.parametrize("slug", ["alomfogo", "oniroo", "arcane-guardian"])
def test_each_game_serves_its_card_back_for_face_down_cards(client, cards, slug):
    url = f"/cards/backs/{slug}.webp"
    plain = client.get(url)
    assert plain["Content-Type"] == "image/webp"
    assert picture(plain).width == render.THUMB_WIDTH
    assert "max-age=3600" in plain["Cache-Control"]
    versioned = client.get(f"{url}?v={render.back_version(slug)}")
    assert "immutable" in versioned["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=plain["ETag"])
    assert again.status_code == 304


@pytest.mark.parametrize("url", ["/cards/backs/chess.webp", "/cards/backs/ALOMFOGO.webp"])
def test_the_back_of_a_game_that_does_not_exist_is_404(client, cards, url):
    assert client.get(url).status_code == 404


def test_backs_differ_between_games(client, cards):
    tags = {render.back_version(slug) for slug in ("alomfogo", "oniroo", "arcane-guardian")}
    assert len(tags) == 3


def test_cache_is_reused_and_follows_changes(cards, monkeypatch, media):
    card = cards.get(code="AF1-003")
    path, key = render.face_file(card)
    assert path.exists() and path.is_relative_to(media)

    def must_not_render(*args, **kwargs):
        raise AssertionError("a cached face was drawn again")

    monkeypatch.setattr(render, "render_face", must_not_render)
    assert render.face_file(card) == (path, key)  # also after a restart: the file is the cache
    monkeypatch.undo()

    card.name = "Széki Hunorka, a Bátor"
    card.save()
    changed_path, changed_key = render.face_file(card)
    assert changed_key != key and changed_path != path
    assert render.face_version(card) != key[:12]


def test_card_page_shows_the_face_with_alt_text(client, cards):
    html = client.get("/cards/AF1-001/").content.decode()
    assert "/cards/AF1-001/face.png?v=" in html
    assert 'alt="Éjlépő Kajtár — révülő, 1 VP, 0/3' in html


def test_search_grid_shows_thumbnails(client, cards):
    html = client.get("/cards/", {"q": "ejlepo"}).content.decode()
    assert "/cards/AF1-001/thumb.webp?v=" in html
    assert 'loading="lazy"' in html


def test_render_cards_writes_a_contact_sheet(cards, tmp_path):
    call_command(
        "render_cards", "--game", "arcane-guardian", "--out", str(tmp_path), "--workers", "1"
    )
    sheet = Image.open(tmp_path / "arcane-guardian-sheet.png")
    assert sheet.width > 1000 and sheet.height > 1000


def test_render_cards_warms_the_cache(cards, media):
    call_command("render_cards", "--game", "arcane-guardian", "--warm", "--workers", "2")
    assert (
        len(list((media / "faces").rglob("*.png")))
        == cards.filter(game__slug="arcane-guardian").count()
    )


def test_every_card_of_every_game_renders(cards):
    for card in cards.select_related("game", "card_set"):
        canvas = render.render_face_canvas(card)
        assert canvas.image.size == (744, 1039), card.code
        assert not [fit.text for fit in canvas.text_boxes if fit.overflow], card.code
