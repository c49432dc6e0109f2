"""A match called off before anything was dealt has no replay, whichever door asks.

`replays.replayable` is the one check every replay door (the page, the API)
makes: a replay deals the match again, and a match whose seats were never all
taken cannot be dealt. A public one is no exception.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from core.errors import NotFound
from play import replays, selectors, services
from play.models import Match, MatchStatus
from tests.play.test_matches import players  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def test_replayable_refuses_a_match_that_was_never_dealt(players):  # noqa: F811
    zsofi, _gergo, deck, _deck2 = players
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="invite", public=True
    )
    later = timezone.now() + selectors.WAITING_MATCH_STALE_AFTER * 2
    assert services.matches_call_off_stale(now=later) == 1
    match = Match.objects.get(pk=match.pk)
    assert match.status == MatchStatus.ABANDONED and match.started_at is None

    with pytest.raises(NotFound):
        replays.replayable(match.pk, zsofi)  # its own player
    with pytest.raises(NotFound):
        replays.replayable(match.pk, AnonymousUser())  # anyone, by its public link
