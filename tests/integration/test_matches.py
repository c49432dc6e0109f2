"""Two simultaneous moves against PostgreSQL: exactly one applies, the other is a conflict."""

from __future__ import annotations

import threading

import pytest
from django.core.management import call_command
from django.db import connections

from core.errors import Conflict
from play import selectors, services
from play.models import MatchAction
from tests.factories import make_user
from tests.play.test_matches import legal_deck

pytestmark = pytest.mark.integration


def test_two_threads_same_version_one_wins_one_gets_409(postgres, transactional_db):
    call_command("load_cards", verbosity=0)
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    match = services.match_create(
        user=zsofi, game=legal_deck(zsofi).game, deck=legal_deck(zsofi, "A"), opponent="invite"
    )
    services.match_join(match_id=match.pk, user=gergo, deck=legal_deck(gergo))
    match.refresh_from_db()
    state = selectors.match_state(match)
    mover = zsofi if state.active_player == 0 else gergo
    action = state.legal_actions(state.active_player)[0]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def submit():
        try:
            barrier.wait()
            services.match_submit_action(
                match_id=match.pk, user=mover, action=action, expected_version=match.version
            )
            outcomes.append("applied")
        except Conflict:
            outcomes.append("conflict")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["applied", "conflict"]
    assert MatchAction.objects.filter(match=match).count() == 1
