"""A card in the search grid is one link named once: by its picture's text (name, type, cost,
figures). The name written under the picture is for the eye only; read as well, every card
of a grid said its name twice."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_name_under_the_picture_is_not_read_again(client, cards):
    html = client.get("/cards/", {"q": "set:AF1"}).content.decode()
    links = re.findall(r'<a class="card-thumb"[^>]*>(.*?)</a>', html, re.S)
    assert links
    for link in links:
        alt = re.search(r'alt="([^"]*)"', link).group(1)
        name = re.search(r'<span class="thumb-name"([^>]*)>(.*?)</span>', link, re.S)
        assert 'aria-hidden="true"' in name.group(1)
        assert alt.startswith(name.group(2).strip())  # the picture's text still names the card
