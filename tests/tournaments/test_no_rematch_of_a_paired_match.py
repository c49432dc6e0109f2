"""A tournament's match, once over, leads back to the tournament, not to a rematch.

A finished paired match's table offered "Play again" (a new match outside the event, with
the same opponent) beside "Back to the tournament"; the tournament pairs the next game. The
table offers only the way back, and the match service refuses a rematch of a paired match
with a message (a page kept open from before, a form sent by hand), creating nothing.
"""

from __future__ import annotations

import pytest

from core.errors import Conflict
from play import services as play_services
from play.models import Match

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def finished_pairing(paired):
    """A two-player event's one match, started and given up by seat 1: (match, users by seat)."""
    _event, match, users = paired
    for user in users.values():
        play_services.match_ready(match_id=match.pk, user=user)
    play_services.match_resign(match_id=match.pk, user=users[1])
    match = Match.objects.get(pk=match.pk)
    assert match.status == "finished" and match.event_url
    return match, users


def test_a_finished_tournament_match_offers_the_way_back_and_no_rematch(finished_pairing, client):
    match, users = finished_pairing
    client.force_login(users[0])
    html = client.get(f"/play/{match.pk}/").content.decode()
    assert "Back to the tournament" in html
    assert 'id="table-rematch"' not in html and "Play again" not in html
    assert f"/play/{match.pk}/rematch/" not in html


def test_the_match_service_refuses_a_rematch_of_a_paired_match(finished_pairing, client):
    match, users = finished_pairing
    before = Match.objects.count()
    with pytest.raises(Conflict) as refused:
        play_services.match_rematch(match_id=match.pk, user=users[0])
    assert refused.value.code == "tournament_match"
    # the form sent by hand: a page that says why, and no new match
    client.force_login(users[1])
    answer = client.post(f"/play/{match.pk}/rematch/")
    assert answer.status_code == 409
    assert "the tournament pairs your next one" in answer.content.decode()
    assert Match.objects.count() == before
