"""Someone who has a private match's link but no seat in it is told so, not "No such match".

The link is how they came (an invitation, a friend's replay), so "No such match" was
untrue: most of all to an invited player whose press came just after the last seat was
taken. The answer stays a 404 that shows nothing of the match; a match that is not
there, or a tournament's pairing, still reads "No such match".
"""

from __future__ import annotations

import uuid

import pytest

from play import services
from play.models import Match
from tests.factories import make_user
from tests.play.test_matches import legal_deck, players, started_duel  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

SAID = {
    "join": {
        "hu": "A meccs minden helyét elfoglalták, mielőtt csatlakoztál.",
        "en": "Every seat of this match was taken before you joined.",
    },
    "private": {
        "hu": "Ez a meccs privát, és nincs benne helyed",
        "en": "This match is private and you have no seat in it",
    },
    "none": {"hu": "Nincs ilyen meccs.", "en": "No such match."},
}


@pytest.fixture
def late(client, players):  # noqa: F811
    """A running private duel, and Kata, who had its link, signed in with a legal deck."""
    match, *_ = started_duel(players)
    kata = make_user("kata")
    deck = legal_deck(kata)
    client.force_login(kata)
    return Match.objects.get(pk=match.pk), kata, deck


def said(response, status: int) -> str:
    assert response.status_code == status, response.content[:300]
    return response.content.decode()


@pytest.mark.parametrize("language", ["hu", "en"])
def test_joining_after_the_last_seat_was_taken_says_so_and_seats_nobody(client, late, language):
    match, _kata, deck = late
    client.cookies["django_language"] = language
    page = said(client.post(f"/play/{match.pk}/join/", {"deck": deck.pk}), 404)
    assert SAID["join"][language] in page
    assert SAID["none"][language] not in page
    assert match.seats.count() == 2 and Match.objects.get(pk=match.pk).version == match.version
    answer = client.post(f"/api/matches/{match.pk}/join/", {"deck": deck.pk}, format="json")
    assert answer.status_code == 404
    assert answer.json()["error"]["message"].startswith(SAID["join"][language])


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_page_of_a_private_match_under_way_says_it_is_private(client, late, language):
    match, *_ = late
    client.cookies["django_language"] = language
    page = said(client.get(f"/play/{match.pk}/"), 404)
    assert SAID["private"][language] in page
    # nothing of the match: not its players' names, not its table
    assert "zsofi" not in page and "gergo" not in page and 'id="table' not in page
    body = client.get(f"/api/matches/{match.pk}/").json()
    assert body["error"]["message"].startswith(SAID["private"][language])
    assert "seats" not in body


def test_a_finished_private_matchs_replay_says_it_is_private(client, late, players):  # noqa: F811
    match, *_ = late
    zsofi, *_ = players
    services.match_resign(match_id=match.pk, user=zsofi)
    client.cookies["django_language"] = "en"
    assert SAID["private"]["en"] in said(client.get(f"/play/{match.pk}/replay/"), 404)
    assert SAID["private"]["en"] in said(client.get(f"/api/matches/{match.pk}/replay/"), 404)


def test_a_match_that_is_not_there_is_still_no_such_match(client, late):
    client.cookies["django_language"] = "hu"
    for url in (f"/play/{uuid.uuid4()}/", f"/play/{uuid.uuid4()}/replay/"):
        assert SAID["none"]["hu"] in said(client.get(url), 404)
    page = said(client.post(f"/play/{uuid.uuid4()}/join/"), 404)
    assert SAID["none"]["hu"] in page and SAID["join"]["hu"] not in page
