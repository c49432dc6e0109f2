"""A tournament's two writers at the same moment, on PostgreSQL's real row locks.

A match's last move writes its pairing's result inside the move's own
transaction (match row first, then the tournament's); the organiser entering
that pairing's result takes the tournament's row. Whoever comes first, both
finish (no deadlock, no 500), and the organiser's word is the result: either
it came last as a correction, or it came first and the match's end was no
longer counted.
"""

from __future__ import annotations

from functools import partial

import pytest
from django.core.management import call_command

from catalog.models import Game
from play import selectors as play_selectors
from play import services as play_services
from play.models import Match
from tests.concurrency import run_together
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tests.table_policies import alomfogo_choice
from tests.tournaments.conftest import current_match, new_event, pairings_of, record_result
from tournaments import services
from tournaments.models import ChangeReason, Outcome, Pairing, ResultChange

pytestmark = pytest.mark.integration


def _to_the_last_move(match: Match, users: dict) -> tuple[object, dict, int]:
    """Play until the next move ends the game; that move, its mover and the version."""
    for user in users.values():
        play_services.match_ready(match_id=match.pk, user=user)
    while True:
        match = Match.objects.get(pk=match.pk)
        state = play_selectors.match_state(match)
        seat = state.active_player
        action = alomfogo_choice(state.legal_actions(seat))
        after = state.clone()
        after.apply(action)
        if after.is_over:
            return users[seat], action, match.version
        play_services.match_submit_action(
            match_id=match.pk, user=users[seat], action=action, expected_version=match.version
        )


def test_the_last_move_and_the_organisers_result_at_once(postgres, transactional_db):
    call_command("load_cards", verbosity=0)  # a transactional test empties the tables after it
    organiser = make_user("szervezo")
    event = new_event(organiser, Game.objects.get(slug="alomfogo"), best_of=1)
    for name in ("zsofi", "gergo"):
        user = make_user(name)
        deck = first_cards_deck(user, f"{name} deck", 15)
        services.tournament_register(tournament_id=event.pk, user=user, deck=deck)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    (pairing,) = pairings_of(event, 1)
    match = current_match(pairing)
    users = {s.position: s.user for s in match.seats.select_related("user")}
    mover, action, version = _to_the_last_move(match, users)
    outcomes = run_together(
        partial(
            play_services.match_submit_action,
            match_id=match.pk,
            user=mover,
            action=action,
            expected_version=version,
        ),
        partial(record_result, event, pairing, organiser, wins_a=0, wins_b=0, draws=1),
    )
    assert len(outcomes) == 2, "a writer is still waiting: a deadlock"
    assert [o for o in outcomes if isinstance(o, BaseException)] == []
    assert Match.objects.get(pk=match.pk).status == "finished"
    pairing = Pairing.objects.get(pk=pairing.pk)
    assert (pairing.wins_a, pairing.wins_b, pairing.draws, pairing.outcome) == (
        0,
        0,
        1,
        Outcome.DRAW,
    )
    reasons = list(ResultChange.objects.filter(pairing=pairing).values_list("reason", flat=True))
    # the match first, then the organiser's correction; or the organiser alone
    assert reasons in (
        [ChangeReason.MATCH, ChangeReason.CORRECTION],
        [ChangeReason.ORGANISER],
    )
