"""`make run` serves MEDIA_ROOT's files itself (DEBUG on): a name too long for the file
system is a 404 like any missing file, not Django's `serve` raising OSError (a 500)."""

from __future__ import annotations

import importlib

import pytest
from django.http import Http404
from django.test import RequestFactory
from django.urls import clear_url_caches

from core.views import media_file


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    (tmp_path / "faces").mkdir()
    (tmp_path / "faces" / "a.webp").write_bytes(b"RIFF")
    return tmp_path


@pytest.mark.parametrize("name", ["x" * 3000, "faces/" + "y" * 300, "a/" * 2000 + "b"])
def test_a_name_no_file_can_have_is_not_found(media, name):
    with pytest.raises(Http404):
        media_file(RequestFactory().get("/media/" + name), name)


def test_a_file_there_is_served_and_one_not_there_is_not_found(media):
    found = media_file(RequestFactory().get("/media/faces/a.webp"), "faces/a.webp")
    assert found.status_code == 200 and b"".join(found.streaming_content) == b"RIFF"
    with pytest.raises(Http404):
        media_file(RequestFactory().get("/media/faces/b.webp"), "faces/b.webp")


def test_make_runs_site_serves_media_through_it(settings, client, media):
    """The address conf's media route (added only with DEBUG on) is this view."""
    import config.urls

    settings.DEBUG = True
    try:
        importlib.reload(config.urls)
        clear_url_caches()
        assert client.get("/media/" + "x" * 3000).status_code == 404
        assert client.get("/media/faces/a.webp").status_code == 200
    finally:
        settings.DEBUG = False
        importlib.reload(config.urls)
        clear_url_caches()
