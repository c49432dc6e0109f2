"""The builder's examples on an English page are English, and they work as written.

The quick add's label said “3 Éjlépő Kajtár” and the search box “t:révülő cost<=2” on
English pages too (the search box's example was not even translatable).
Persona: the owner of a deck, reading the site in English.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.conf import settings

from catalog.models import Card
from decks import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def english_owner(client, owner):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return owner


def test_the_builders_examples_are_in_english(client, english_owner, deck):
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    label = re.search(r'<label for="quick-line">([^<]*)</label>', page).group(1)
    placeholder = re.search(r'id="builder-q"[^>]*placeholder="([^"]*)"', page).group(1)
    assert "Éjlépő" not in label and "Kajtár Nightstepper" in label
    assert html_lib.unescape(placeholder) == "t:dreamwalker cost<=2"


def test_the_english_examples_find_cards(client, english_owner, alomfogo):
    deck = services.deck_create(owner=english_owner, game=alomfogo, name="Empty")
    found = client.get(f"/decks/{deck.pk}/search/", {"q": "t:dreamwalker cost<=2"})
    assert found.status_code == 200
    assert "Kajtár Nightstepper" in found.content.decode()
    added = client.post(f"/decks/{deck.pk}/add/", {"line": "3 Kajtár Nightstepper"})
    assert added.status_code == 302
    assert deck.entries.get(card=Card.objects.get(code="AF1-001")).count == 3
