"""A move's two statements on PostgreSQL (play.match_rows): the locked read, then log and row."""

from __future__ import annotations

import random

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from play import selectors, services
from play.models import Match, MatchAction
from tests.play.test_matches import players, started_duel  # noqa: F401 - players: the fixture

pytestmark = pytest.mark.integration


@pytest.fixture
def running(postgres, players):  # noqa: F811
    match, _mover, _action = started_duel(players)
    return match.pk, players[:2]


def move(match_id, users, rng):
    match = Match.objects.get(pk=match_id)
    state = selectors.match_state(match)
    seat = state.active_player
    return services.match_submit_action(
        match_id=match_id,
        user=users[seat],
        action=rng.choice(state.legal_actions(seat)),
        expected_version=match.version,
    )


def test_a_move_reads_the_locked_row_then_writes_log_and_row_in_one_statement(running):
    match_id, users = running
    rng = random.Random(3)
    move(match_id, users, rng)  # the state is now in this process's memory
    before = Match.objects.get(pk=match_id).version
    with CaptureQueriesContext(connection) as queries:
        moved = move(match_id, users, rng)
    sql = [q["sql"] for q in queries.captured_queries]
    locked = [s for s in sql if "FOR UPDATE" in s]
    logged = [s for s in sql if s.startswith("WITH logged AS (INSERT INTO")]
    assert len(locked) == 1 and '"snapshot"' not in locked[0]
    assert len(logged) == 1 and "UPDATE" in logged[0]
    row = Match.objects.get(pk=match_id)
    assert moved.version == row.version == before + 1
    entry = MatchAction.objects.get(match_id=match_id, seq=row.version)
    assert entry.action["player"] == entry.seat and row.last_action_at is not None


def test_a_move_rolled_back_leaves_neither_log_entry_nor_new_version(running):
    match_id, users = running
    before = Match.objects.get(pk=match_id).version
    with pytest.raises(RuntimeError), transaction.atomic():
        move(match_id, users, random.Random(4))
        raise RuntimeError("the caller's transaction fails after the move")
    assert Match.objects.get(pk=match_id).version == before
    assert not MatchAction.objects.filter(match_id=match_id, seq__gt=before).exists()
    move(match_id, users, random.Random(4))  # and the match plays on from where it was
    assert Match.objects.get(pk=match_id).version == before + 1


def test_snapshots_written_with_the_log_rebuild_the_very_state_that_was_played(running):
    match_id, users = running
    rng = random.Random(5)
    for _ in range(services.SNAPSHOT_EVERY + 3):
        move(match_id, users, rng)
    row = Match.objects.get(pk=match_id)
    assert row.snapshot["_version"] == services.SNAPSHOT_EVERY
    services.states.clear()  # rebuild from the snapshot and the log alone
    rebuilt = selectors.match_state(row)
    from_the_log_alone = Match.objects.get(pk=match_id)
    from_the_log_alone.snapshot = None  # read, not saved: the whole log is replayed
    replayed = selectors.match_state(from_the_log_alone)
    assert rebuilt.to_dict() == replayed.to_dict()
