"""Each game's deck builder gives examples of its own game, and they work as written.

The builder of an ONIROO or an Arcane Guardian deck offered Álomfogó's examples: quick add
“3 Kajtár Nightstepper” (answered "There is no card called “Kajtár Nightstepper”") and the
search “t:dreamwalker cost<=2”, which finds none of that game's cards.
Persona: the owner of a deck of each game, reading the site in either language.
"""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings

from catalog.models import Card, Game
from core.games import all_games
from decks import services

pytestmark = pytest.mark.django_db

GAMES = [spec.id for spec in all_games()]
# the label's example, between the quotes of either language: “3 Sárkány” or „3 Sárkány”
QUICK_ADD_EXAMPLE = re.compile(r'<label for="quick-line">[^<]*?[“„]([^”<]+)”[^<]*</label>')
SEARCH_EXAMPLE = re.compile(r'id="builder-q"[^>]*placeholder="([^"]*)"')
RESULT = re.compile(r'<ul class="builder-results">(.*?)</ul>', re.S)


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_builders_examples_are_its_games_and_work(client, cards, owner, game, language):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    deck = services.deck_create(owner=owner, game=Game.objects.get(slug=game), name="Új")
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    line = html.unescape(QUICK_ADD_EXAMPLE.search(page).group(1))
    search = html.unescape(SEARCH_EXAMPLE.search(page).group(1))

    count, name = line.split(" ", 1)
    names = Card.objects.filter(game__slug=game).values_list(
        "name_en" if language == "en" else "name", flat=True
    )
    assert name in names, line  # one of this game's cards, by its name in the page's language
    added = client.post(f"/decks/{deck.pk}/add/", {"line": line})
    assert added.status_code == 302, added.content.decode()
    assert deck.entries.filter(card__game__slug=game).count() == 1
    assert deck.entries.get().count == int(count)

    found = client.get(f"/decks/{deck.pk}/search/", {"q": search})
    assert found.status_code == 200, search
    assert "<li>" in RESULT.search(found.content.decode()).group(1), search
