"""The ratings page offers only games whose matches can be rated, the default game first.

Arcane Guardian is played alone: no match of it is ever rated, so a leaderboard
of it could only ever say that none was. Which games those are is the rating
rule's to say (play.ratings.rating_rule, from the registry's seats), not a
list of game ids.
"""

from __future__ import annotations

import re

import pytest

from catalog.models import Game
from core.games import DEFAULT_GAME, all_games
from play.models import Rating
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def tabs(html: str) -> list[str]:
    """The game names the page's game picker offers, in order."""
    nav = re.search(r'<ul class="tabs">(.*?)</ul>', html, re.S)
    assert nav, "the page offers a choice of games"
    return [re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li>(.*?)</li>", nav[1])]


def test_the_ratings_page_lists_the_rated_games_the_default_first(cards, client):
    page = client.get("/play/ratings/")
    assert page.status_code == 200
    offered = tabs(page.content.decode())
    names = {g.id: g.name for g in all_games()}
    assert offered[0] == names[DEFAULT_GAME] == "Álomfogó"
    assert offered == ["Álomfogó", "ONIROO"]
    assert "/play/ratings/arcane-guardian/" not in page.content.decode()
    # the same order from another game's page
    assert tabs(client.get("/play/ratings/oniroo/").content.decode()) == offered


def test_a_game_that_is_never_rated_has_no_ratings_page(cards, client):
    assert client.get("/play/ratings/arcane-guardian/").status_code == 404
    assert client.get("/play/ratings/no-such-game/").status_code == 404


@pytest.mark.parametrize(
    ("language", "matches", "sentence"),
    [
        ("en", 1, "Your rating: 1516 after 1 rated match."),
        ("en", 2, "Your rating: 1516 after 2 rated matches."),
        ("hu", 1, "Az értékszámod: 1516, 1 értékelt meccs után."),
    ],
)
def test_my_rating_is_said_with_the_count_of_my_matches(cards, client, language, matches, sentence):
    zsofi = make_user("zsofi", language=language)
    Rating.objects.create(
        user=zsofi, game=Game.objects.get(slug=DEFAULT_GAME), rating=1516, matches=matches, wins=1
    )
    client.force_login(zsofi)
    page = client.get("/play/ratings/").content.decode()
    assert sentence in page
