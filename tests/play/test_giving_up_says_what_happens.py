"""The table's "give up" box says what giving up does there, and the waiting page counts
the seats still open.

At a table of three with only bots beside you, the box said a bot would play your
seat while the others played on, and then the match ended (the match service ends a
table nobody else plays at). Both now read one fact, `giving_up_leaves_the_seat`.
A three-seat invitation waited "for an opponent" and asked to send the link to "the
player you invite", with two seats open.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from play import services
from play.models import MatchStatus
from tests.factories import make_user
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db


def resign_box(client, user, match, language="en") -> str:
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(f"/play/{match.pk}/").content.decode()
    box = re.search(r'<details id="table-resign".*?</details>', html, re.S).group(0)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box)).strip()


def test_a_table_of_bots_says_the_match_ends_and_it_does(client, cards):
    zsofi = make_user("zsofi")
    match = oniroo_match(zsofi, "bot:greedy", players=3, level=1)
    box = resign_box(client, zsofi, match)
    assert "Give up…" in box and "The match ends and the bots win it." in box
    assert "A bot plays your seat" not in box and "leave the table" not in box
    assert "A meccsnek vége, és a botok nyerik." in resign_box(client, zsofi, match, "hu")
    services.match_resign(match_id=match.pk, user=zsofi)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.result["winners"] == [1, 2]


def test_beside_another_person_a_bot_takes_the_seat_and_the_game_goes_on(client, cards):
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    match = oniroo_match(zsofi, "invite", players=3, level=1)
    services.match_join(match_id=match.pk, user=gergo, deck=None)
    services.match_start_with_bots(match_id=match.pk, user=zsofi)
    box = resign_box(client, gergo, match)
    assert "Leave the table…" in box and "A bot plays your seat to the end" in box
    services.match_resign(match_id=match.pk, user=gergo)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    assert match.seats.get(user=gergo).left


@pytest.mark.parametrize(
    ("language", "heading", "send"),
    [
        ("en", "Waiting for 2 more players", "Send this link to the players you invite"),
        ("hu", "Még 2 játékosra vársz", "Küldd el ezt a linket a meghívott játékosoknak"),
    ],
)
def test_a_three_seat_invitation_counts_the_open_seats(client, cards, language, heading, send):
    zsofi = make_user("zsofi")
    match = oniroo_match(zsofi, "invite", players=3, level=1)
    client.force_login(zsofi)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(f"/play/{match.pk}/").content.decode()
    assert f"<h1>{heading}</h1>" in html and send in html
    services.match_join(match_id=match.pk, user=make_user("gergo"), deck=None)
    html = client.get(f"/play/{match.pk}/").content.decode()
    assert "Waiting for 1 more player<" in html or "Még 1 játékosra vársz" in html
