"""After a result, the browsers polling an event's live part meanwhile get the new standings
worked out once (tournaments.live, core.kept.kept_or_build).

Every open event page polls the part every 5 s; before, every poll that came between a
result and the first poll to keep the new rows worked them out itself. Requests run in
threads of their own here, so the event is committed (a transactional test). No timed
assertions: the one build is held open until the other requests are seen waiting for it.
"""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.test import Client

from catalog.models import Card, Game
from core import kept
from core.kept import build_lock_key, kept_cache
from tests.concurrency import run_together
from tests.core.test_kept_or_build import later_clock
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tests.tournaments.conftest import pairings_of, record_result, started_event
from tests.tournaments.test_live_panel_cost import live_url, standings_of
from tournaments import live, selectors

pytestmark = pytest.mark.django_db(transaction=True)

# Each poll holds a database connection while it builds or waits, and the test's own
# thread holds one: with PostgreSQL a process's pool lends 8 (DB_POOL_MAX_SIZE), and a CI
# run saw six polls outlast it (a poll that got no connection in 20 s failed). Four leave
# room; the build is held at most HOLD_SECONDS, well within the pool's 20-s wait.
POLLERS = 4
HOLD_SECONDS = 10


@pytest.fixture
def cup():
    """A running event of four players, round 1 paired, its live part polled once (the
    rows of its version kept), and its organiser."""
    # transactional tests empty the database afterwards, so each loads the cards itself
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    organiser = make_user("szervezo", language="en")
    people = []
    for n in range(1, 5):
        user = make_user(f"p{n}", language="en")
        user.deck = first_cards_deck(user, f"Deck {n}", 15)
        people.append(user)
    event = started_event(organiser, Game.objects.get(slug="alomfogo"), people)
    assert Client().get(live_url(event)).status_code == 200
    return event, organiser


@pytest.fixture
def builds(monkeypatch, kept_waits):
    """The standings worked out (selectors.standings) and the live rows rendered, counted;
    with `hold` set, the standings held until the other requests wait for the live rows."""
    counted = {"standings": 0, "standing_rows": 0, "pairing_rows": 0}
    hold = threading.Event()

    def others_waiting() -> bool:
        waiting = {t for t, lock in kept_waits if lock.startswith("tournament-live-standings:")}
        return len(waiting) >= POLLERS - 1

    def counting(name, real):
        def call(*args, **kwargs):
            counted[name] += 1
            for _ in range(HOLD_SECONDS * 100 if hold.is_set() and name == "standings" else 0):
                if others_waiting():
                    break
                threading.Event().wait(0.01)
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(selectors, "standings", counting("standings", selectors.standings))
    for name, function in (
        ("standing_rows", "_standing_rows_for_everyone"),
        ("pairing_rows", "_pairing_rows_for_everyone"),
    ):
        monkeypatch.setattr(live, function, counting(name, getattr(live, function)))
    return SimpleNamespace(counted=counted, hold=hold)


def test_polls_arriving_after_a_result_work_the_standings_out_once(cup, builds, kept_waits):
    event, organiser = cup
    before = Client().get(live_url(event))
    first = pairings_of(event, 1)[0]
    record_result(event, first, organiser, 1, 0, 0)  # raises the event's version
    winner = first.player_a.user.username
    builds.hold.set()

    answers = run_together(*[lambda: Client().get(live_url(event))] * POLLERS)

    assert builds.counted == {"standings": 1, "standing_rows": 1, "pairing_rows": 1}
    assert [a.status_code for a in answers] == [200] * POLLERS  # every poller got an answer
    for answer in answers:
        assert (winner, "1-0-0") in standings_of(answer.content.decode())
    # all of the new version, labelled so: the ETag moved on from the one before the result
    assert len({a["ETag"] for a in answers}) == 1 and answers[0]["ETag"] != before["ETag"]
    assert kept_waits  # some did wait for the one build


def test_a_build_lock_left_by_a_dead_poller_expires_and_the_next_poll_builds(
    cup, builds, kept_waits, monkeypatch
):
    event, organiser = cup
    first = pairings_of(event, 1)[0]
    record_result(event, first, organiser, 1, 0, 0)
    event.refresh_from_db()
    # a poller took the new rows' locks and its process died mid-build
    state = live.LiveState.of(event)
    for key in (
        state.standings_key,
        state.pairings_key,
        selectors._kept_key(event, final=False),
    ):
        assert kept_cache.add(build_lock_key(key), "dead poller", kept.LOCK_SECONDS)
    later_clock(monkeypatch, kept.LOCK_SECONDS + 1)

    answer = Client().get(live_url(event))

    assert answer.status_code == 200
    assert (first.player_a.user.username, "1-0-0") in standings_of(answer.content.decode())
    assert builds.counted["standings"] == 1 and kept_waits == []  # built at once, nobody waited
