"""The card page on an English page says the face is the Hungarian printing, and names it.

The games are printed in Hungarian, so the faces are too: an English reader saw
"Kajtár Nightstepper" above a face reading "Éjlépő Kajtár" with no word about why, and
the image's text alternative gave only the English name. Also here: a page's trail of
links names a game's only set once when the set bears the game's name, and the set
page's links do not begin a line with a separator dot on a phone.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

NOTE = "The card face shows the Hungarian printing."


def page(client, path: str, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def face_alt(html: str) -> str:
    figure = re.search(r'<figure class="card-large">(.*?)</figure>', html, re.S).group(1)
    return html_lib.unescape(re.search(r'<img [^>]*alt="([^"]*)"', figure).group(1))


def test_an_english_card_page_says_the_face_is_hungarian(client, cards):
    html = page(client, "/cards/AF1-001/", "en")
    caption = re.search(r"<figcaption[^>]*>(.*?)</figcaption>", html, re.S).group(1)
    assert NOTE in caption
    assert face_alt(html).startswith("Kajtár Nightstepper, printed as “Éjlépő Kajtár” — ")


def test_a_hungarian_card_page_needs_no_such_note(client, cards):
    html = page(client, "/cards/AF1-001/", "hu")
    assert NOTE not in html and "magyar kiadás" not in html
    assert face_alt(html).startswith("Éjlépő Kajtár — ")


def crumbs(html: str) -> list[str]:
    nav = re.search(r'<nav class="breadcrumbs"[^>]*>(.*?)</nav>', html, re.S).group(1)
    return [html_lib.unescape(t).strip() for t in re.findall(r"<a [^>]*>([^<]*)</a>", nav)]


@pytest.mark.parametrize("language", ["hu", "en"])
def test_a_set_named_as_its_game_is_one_crumb(client, cards, language):
    trail = crumbs(page(client, "/cards/ONI-S001/", language))
    assert len(trail) == len(set(trail)), trail
    assert trail[-1] == "ONIROO"


def test_a_set_with_its_own_name_keeps_its_crumb(client, cards):
    trail = crumbs(page(client, "/cards/AF1-001/", "hu"))
    assert len(trail) == 3 and trail[1] == "Álomfogó" and trail[2] != "Álomfogó"


@pytest.mark.parametrize("code", ["AF1", "ONI"])
def test_the_set_pages_links_have_no_separator_to_strand(client, cards, code):
    html = page(client, f"/cards/sets/{code}/", "hu")
    links = re.search(r"<p[^>]*>\s*<a [^>]*>Keresés ebben a készletben</a>(.*?)</p>", html, re.S)
    assert links, "the set page's search link"
    assert "·" not in re.sub(r"<[^>]*>[^<]*</a>", "", links.group(1))
