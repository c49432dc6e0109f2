"""Two simultaneous moves against PostgreSQL: exactly one applies, the other is a conflict."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from core.errors import Conflict
from play import selectors, services
from play.models import MatchAction
from tests.concurrency import run_together
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

    def submit() -> str:
        try:
            services.match_submit_action(
                match_id=match.pk, user=mover, action=action, expected_version=match.version
            )
        except Conflict:
            return "conflict"
        return "applied"

    outcomes = run_together(submit, submit, timeout=30)
    assert sorted(outcomes) == ["applied", "conflict"]
    assert MatchAction.objects.filter(match=match).count() == 1
