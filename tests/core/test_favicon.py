"""The site's icon: the SVG every page links, and /favicon.ico, which browsers, feed
readers and bookmarks ask for on their own (it was a 404 in every server log)."""

from __future__ import annotations

import importlib
import re

import pytest
from django.urls import clear_url_caches

pytestmark = pytest.mark.django_db


@pytest.fixture
def address_conf(debug, settings):
    """The address conf as a server (DEBUG off) and `make run` (DEBUG on, which adds the
    media route) build it."""
    import config.urls

    importlib.reload(config.urls)
    clear_url_caches()
    yield
    settings.DEBUG = False
    importlib.reload(config.urls)
    clear_url_caches()


def test_favicon_ico_gives_the_sites_icon(client, address_conf):
    answer = client.get("/favicon.ico", follow=True)

    assert answer.status_code == 200
    assert answer.redirect_chain and answer.redirect_chain[-1][0].endswith(".ico")
    icon = b"".join(answer.streaming_content)
    assert icon.startswith(b"\x00\x00\x01\x00")  # an ICO file's header: reserved 0, type 1


def test_every_page_links_the_svg_icon_and_it_loads(client):
    home = client.get("/").content.decode()
    link = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', home)
    assert link, "the page links no SVG icon"

    icon = client.get(link.group(1))

    assert icon.status_code == 200 and icon["Content-Type"].startswith("image/svg+xml")
    assert b"<svg" in b"".join(icon.streaming_content)
