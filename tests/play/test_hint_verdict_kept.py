"""The solver's verdict is kept, and a person's searches a minute are bounded.

A verdict depends only on the position (the match at its version, as the seat saw it), yet
every `?solve=1` searched again: up to a second and more of a core for an answer already
given (the cost audit's /tmp/costaudit/hint.py). Now the same question is answered from
the kept verdict, a move makes a new question, and past hints.SOLVER_RUNS_PER_MINUTE
searches a minute the solver is refused in words while the bot's hint still answers.
"""

from __future__ import annotations

import pytest

from core.kept import kept_cache
from play import hints, selectors, services
from play.bots import arcane_guardian_solver
from play.models import Match
from tests.play.test_hints import dungeon  # noqa: F401 (a fixture: a solo match, English)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def searches(monkeypatch):
    """Every search the solver makes for a hint: the positions' versions, in order."""
    kept_cache.clear()
    made: list[int] = []
    real = arcane_guardian_solver.judge_seen

    def counted(state, **kwargs):
        made.append(state.version)
        return real(state, **kwargs)

    monkeypatch.setattr(arcane_guardian_solver, "judge_seen", counted)
    yield made
    kept_cache.clear()


def move(match: Match, user) -> None:
    """The player's first legal move: the match at its next version."""
    match.refresh_from_db()
    state = selectors.match_state(match)
    services.match_submit_action(
        match_id=match.pk,
        user=user,
        action=state.legal_actions(state.active_player)[0],
        expected_version=match.version,
    )


def solve(client, match):
    return client.get(f"/api/matches/{match.pk}/hint/?solve=1")


@pytest.fixture
def solved_then_moved(client, dungeon, searches, rates_counted, monkeypatch):  # noqa: F811
    """`solved_then_moved(runs)`: the solver allows `runs` searches a minute (rates counted,
    searches recorded); the mage asks it (answered: one search), then moves: the match at
    version 1, and the mage."""

    def at(runs_a_minute: int) -> tuple[Match, object]:
        monkeypatch.setattr(hints, "SOLVER_RUNS_PER_MINUTE", runs_a_minute)
        match, mage = dungeon
        client.force_login(mage)
        assert solve(client, match).status_code == 200
        move(match, mage)
        return match, mage

    return at


def rivals_dungeon(client) -> Match:
    """Another person's solo dungeon (English), with the client signed in as them."""
    from catalog.models import Game
    from tests.factories import make_user

    rival = make_user("rivalis", language="en")
    theirs = services.match_create(
        user=rival, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
    )
    client.force_login(rival)
    return theirs


def test_the_same_question_is_answered_without_a_second_search(dungeon, client, searches):  # noqa: F811
    match, mage = dungeon
    client.force_login(mage)
    first = solve(client, match)
    assert first.status_code == 200 and searches == [0]
    again = solve(client, match)
    assert again.status_code == 200
    assert again.json() == first.json()  # the same verdict, the same counts
    assert searches == [0]  # and no search for it
    assert client.get(f"/api/matches/{match.pk}/hint/").json()["version"] == 0  # plain: fine

    move(match, mage)
    moved = solve(client, match)
    assert moved.status_code == 200 and moved.json()["version"] == 1
    assert searches == [0, 1]  # a new position is a new question
    assert solve(client, match).json() == moved.json() and searches == [0, 1]


def test_a_kept_verdict_is_for_its_own_match_version_and_seat(dungeon, client, searches):  # noqa: F811
    """Another person's dungeon at the same version is another deal: searched for itself."""
    match, mage = dungeon
    client.force_login(mage)
    assert solve(client, match).status_code == 200
    theirs = rivals_dungeon(client)
    assert solve(client, theirs).status_code == 200
    assert searches == [0, 0]
    keys = {hints.verdict_key(m, 0) for m in (match, theirs)}
    assert len(keys) == 2 and all(kept_cache.get(k) for k in keys)


def test_past_the_searches_a_minute_the_solver_is_refused_and_the_hint_answers(
    client, searches, rates_counted, solved_then_moved
):
    match, mage = solved_then_moved(2)
    assert solve(client, match).status_code == 200
    assert solve(client, match).status_code == 200  # kept: not a search, not counted
    assert searches == [0, 1]

    move(match, mage)
    refused = solve(client, match)
    assert refused.status_code == 429
    assert refused.json()["error"] == {
        "code": "solver_too_often",
        "message": "You may ask the solver at most 2 times a minute: wait a moment, then ask "
        "again. The bot's hint answers meanwhile.",
    }
    assert searches == [0, 1]  # refused before any search
    plain = client.get(f"/api/matches/{match.pk}/hint/")
    assert plain.status_code == 200 and plain.json()["version"] == 2 and plain.json()["action"]

    rates_counted.now += 61  # a minute on: the solver answers again
    assert solve(client, match).status_code == 200 and searches == [0, 1, 2]


def test_the_searches_a_minute_are_each_persons_own(client, solved_then_moved):
    match, _mage = solved_then_moved(1)
    assert solve(client, match).status_code == 429
    theirs = rivals_dungeon(client)
    assert solve(client, theirs).status_code == 200


def test_past_the_sites_searches_a_minute_everyone_is_refused_and_the_hint_answers(
    client, searches, rates_counted, solved_then_moved, settings
):
    """Each person within their own limit, the site's together are bounded too: many
    accounts asking at once cannot keep a web process searching (the fuzz audit's ten
    accounts slowed every page of it to seconds)."""
    settings.LIMITS = {**settings.LIMITS, "SOLVER_RUNS_PER_MINUTE_SITE": 2}
    match, mage = solved_then_moved(10)  # one of the site's two
    theirs = rivals_dungeon(client)
    assert solve(client, theirs).status_code == 200  # the second
    refused_rival = solve(client, rivals_dungeon_moved(theirs))
    assert refused_rival.status_code == 429 and refused_rival["Retry-After"] == "60"
    assert refused_rival.json()["error"] == {
        "code": "solver_site_busy",
        "message": "Many players are asking the solver right now: ask again in a minute. The "
        "bot's hint answers meanwhile.",
    }
    client.force_login(mage)
    assert solve(client, match).json()["error"]["code"] == "solver_site_busy"
    assert searches == [0, 0]  # refused before any search
    assert client.get(f"/api/matches/{match.pk}/hint/").status_code == 200  # the bot's hint

    rates_counted.now += 61  # a minute on: the solver answers again
    assert solve(client, match).status_code == 200 and searches == [0, 0, 1]


def rivals_dungeon_moved(theirs: Match) -> Match:
    """The rival's dungeon one move on: a new question (a kept verdict answers the old)."""
    move(theirs, theirs.created_by)
    theirs.refresh_from_db()
    return theirs
