"""An unknown search key is answered with the key names of the page's language.

A Hungarian page listed the English names ("name, type, subtype, rarity…") while the
Hungarian syntax page teaches "név, típus, ház, ritkaság…".
"""

from __future__ import annotations

import pytest
from django.conf import settings

from catalog import search_keys

pytestmark = pytest.mark.django_db


def test_every_key_has_a_hungarian_name_that_finds_it():
    hungarian = search_keys.HUNGARIAN_NAMES
    assert {k.name for k in search_keys.KEYS} == set(hungarian)
    for key in search_keys.KEYS:
        assert search_keys.find_key(hungarian[key.name]) is key, key.name


def unknown_key_answer(client, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get("/cards/", {"q": "qqqq:1"}).content.decode()


def test_a_hungarian_page_lists_the_hungarian_key_names(client, cards):
    html = unknown_key_answer(client, "hu")
    assert "qqqq" in html
    assert "név, típus, ház, ritkaság, költség, erő, védelem" in html
    assert "name, type, subtype" not in html


def test_an_english_page_lists_the_english_key_names(client, cards):
    html = unknown_key_answer(client, "en")
    assert "name, type, subtype, rarity, cost, attack, defense" in html
    assert "név, típus" not in html
