"""The lobby's "My matches": whom each was against, the tournament, and how it went for you.

The list said only "Álomfogó · the opponent a tournament paired · finished": no names,
no winner. A match nobody plays any more stays running (only a waiting one is called
off, docs/architecture.md), so the list says how long it has been still and offers the
table, where it is played on or given up.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from catalog.models import Game
from play import services
from play.models import Match
from tests.play.test_matches import players, started_duel  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def rows(client, user, language: str = "en") -> list[str]:
    """The text of each row of the list, as the person reads it."""
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get("/play/").content.decode()
    body = html[html.index('id="my-matches-heading"') :]
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
        found.append(" | ".join(re.sub(r"\s+", " ", c).strip() for c in cells))
    return found


def test_an_ended_duel_names_the_opponent_and_the_outcome_from_each_side(players, client):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    match, _mover, _move = started_duel(players)
    services.match_resign(match_id=match.pk, user=gergo)
    [won] = rows(client, zsofi)
    assert won.startswith("Álomfogó | gergo | You won · gergo gave up · Replay")
    [lost] = rows(client, gergo)
    assert lost.startswith("Álomfogó | zsofi | You lost · you gave up")
    # the reason in the table's words, in the reader's language
    assert "feladtad" in rows(client, gergo, "hu")[0]
    assert "gergo feladta" in rows(client, zsofi, "hu")[0]


def test_bots_are_named_by_level_and_a_tournament_game_links_to_its_event(players, client):  # noqa: F811
    zsofi, _gergo, deck, _deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
    Match.objects.filter(pk=match.pk).update(event_url="/tournaments/x/")
    [row] = rows(client, zsofi)
    assert row.startswith("Álomfogó · Tournament | Normal bot | running")
    assert '<a href="/tournaments/x/">Tournament</a>' in client.get("/play/").content.decode()
    assert "Közepes bot" in rows(client, zsofi, "hu")[0]


def test_a_dungeon_left_alone_says_how_long_and_offers_the_table(players, client):  # noqa: F811
    zsofi = players[0]
    game = Game.objects.get(slug="arcane-guardian")
    match = services.match_create(user=zsofi, game=game, deck=None, opponent="solo")
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - timedelta(days=3))
    [row] = rows(client, zsofi)
    assert "running · last move 3 days ago · Continue or give up" in row
    html = client.get("/play/").content.decode()
    assert f'<a href="/play/{match.pk}/#table-resign">' in html
    # given up, it ends as lost, said from the player's side
    services.match_resign(match_id=match.pk, user=zsofi)
    [row] = rows(client, zsofi)
    assert "You lost · you gave up" in row and "last move" not in row
