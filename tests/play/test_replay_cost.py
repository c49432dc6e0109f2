"""A long match's replay costs the same at its last step as at its first.

A finished match's log never changes, so the replay keeps the engine state
every `replays.SNAPSHOT_EVERY` steps and plays a step again from the kept state
below it, never from the deal. These tests count the engine moves a request
replays (not the time it takes), check that a step looks exactly as a replay
from the deal shows it, that no kept state shows anyone a seat they may not
see, and that a match of thousands of turns does not list each in the page.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from play import replays, selectors, services
from play.engines.base import GameState
from play.models import Match, MatchAction, MatchStatus, Seat
from tests.factories import make_user
from tests.play.test_matches import players  # noqa: F401 (a fixture: two people, two decks)
from tests.play_rows import oniroo_match

ONIROO_SEED = 20261207
EVERY = 10  # the kept states' spacing in these tests: a short match spans many of them


@pytest.fixture(autouse=True)
def kept_every_ten_steps(monkeypatch):
    from core.kept import kept_cache

    kept_cache.clear()  # nothing kept from another test's match
    monkeypatch.setattr(replays, "SNAPSHOT_EVERY", EVERY)


def _play_to_the_end(match: Match, rng: random.Random, cap: int = 3000) -> Match:
    """Random legal moves straight through the engine, logged as the service logs them."""
    state = selectors.match_state(match)
    log = []
    while not state.is_over and len(log) < cap:
        seat = state.active_player
        action = rng.choice(state.legal_actions(seat))
        state.apply(action)
        log.append(MatchAction(match=match, seq=len(log) + 1, seat=seat, action=action))
    assert state.is_over
    MatchAction.objects.bulk_create(log)
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.FINISHED,
        version=len(log),
        result=state.result,
        finished_at=timezone.now(),
    )
    return Match.objects.select_related("game").get(pk=match.pk)


# No module-wide django_db mark: it would open each test's transaction before `catalog_data`
# loads the cards once for the session, and roll the cards back with the first test.
@pytest.fixture
def duel(catalog_data, db, players):  # noqa: F811
    """An Álomfogó match of Zsófi (seat 0, private deck) and Gergő (seat 1), played out."""
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    match = _play_to_the_end(Match.objects.get(pk=match.pk), random.Random(5))
    assert match.version > 4 * EVERY
    return match, zsofi, gergo


@pytest.fixture
def oniroo(cards):
    """A public ONIROO match of a person and two bots, dealt from the game's one pool."""
    user = make_user("replayer")
    match = oniroo_match(user, "invite", players=3, public=True)
    for position in (1, 2):
        Seat.objects.create(match=match, position=position, bot="random")
    # a fixed deal: the match's own random seed gave a game of only 40 moves once in CI
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.RUNNING,
        started_at=timezone.now(),
        seed=ONIROO_SEED,
        seed_sha256=hashlib.sha256(str(ONIROO_SEED).encode()).hexdigest(),
    )
    match = _play_to_the_end(Match.objects.get(pk=match.pk), random.Random(7))
    assert match.version > 4 * EVERY
    return match, user


def _from_the_deal(match: Match, position: int | None, step: int) -> dict:
    """The frame of `step` as the replay built it before states were kept: from the state
    the whole log played again from the deal gives."""
    state = next(itertools.islice(selectors.states_from_deal(match), step, None))
    return replays.step_frame(match, state, position, step, selectors.seats_of(match))


def _steps(match: Match) -> list[int]:
    """Steps on, beside and between kept states, forwards then back, the deal and the end."""
    n = match.version
    middle = n // 2 - n // 2 % EVERY
    return [0, 1, EVERY - 1, EVERY, EVERY + 1, middle, middle + 3, n - 1, n, middle - 1, 2, n]


@pytest.fixture
def moves_replayed(monkeypatch):
    """How many engine moves have been played since the fixture began (any game, any state)."""
    count = [0]
    apply = GameState.apply

    def counted(state, action):
        count[0] += 1
        return apply(state, action)

    monkeypatch.setattr(GameState, "apply", counted)
    return count


@pytest.mark.parametrize("which", ["duel", "oniroo"])
def test_each_step_shows_what_a_replay_from_the_deal_shows(which, request, catalog_data, db):
    # Both named here: pytest-django orders tests by the fixtures they name, and one that
    # asked for its match by name only would run with the tests without a database, after
    # the transactional ones have emptied it; `catalog_data` (session-wide, set up first)
    # loads the cards before `db` opens this test's transaction, which would roll them back.
    match = request.getfixturevalue(which)[0]
    seats = [s.position for s in selectors.seats_of(match)] + [None]
    for step in _steps(match):  # the first pass keeps the states, the later ones use them
        for position in seats:
            expected = _from_the_deal(match, position, step)
            assert replays.replay_frame(match, position, step) == expected, (step, position)


def test_a_step_late_in_a_long_match_replays_as_few_moves_as_an_early_one(
    duel, client, moves_replayed
):
    match, zsofi, _gergo = duel
    client.force_login(zsofi)
    api = f"/api/matches/{match.pk}/replay/?seat=0&step="
    assert client.get(f"{api}{match.version}").status_code == 200  # the first visit keeps states
    first = moves_replayed[0]
    assert first == match.version  # it played the log once, to the end

    cost = {}
    for step in [1, 2, 3, match.version // 2, match.version // 2 + 1, match.version - 1]:
        client.get(f"{api}{step}")  # the cards a frame prints are read once per process
        before = moves_replayed[0]
        with CaptureQueriesContext(connection) as queries:
            answer = client.get(f"{api}{step}")
        assert answer.status_code == 200 and answer.json()["replay"]["step"] == step
        cost[step] = (moves_replayed[0] - before, len(queries))
    assert all(moves <= EVERY for moves, _queries in cost.values()), cost
    # a step on a kept state reads no moves; no later step reads more than the first
    assert all(queries <= cost[1][1] for _moves, queries in cost.values()), cost


def test_stepping_forward_one_step_at_a_time_never_starts_from_the_deal(
    oniroo, client, moves_replayed
):
    match, user = oniroo
    client.force_login(user)
    api = f"/api/matches/{match.pk}/replay/?seat=0&step="
    start = match.version - 3 * EVERY
    for step in range(start, match.version + 1):
        before = moves_replayed[0]
        assert client.get(f"{api}{step}").status_code == 200
        if step >= start + EVERY:  # by then the first of them kept the states before it
            assert moves_replayed[0] - before <= EVERY, step


def test_a_kept_state_shows_nobody_a_seat_they_may_not_see(duel, client):
    """Zsófi's deck is private: after she replayed her own seat, Gergő still gets 404 for
    it, and his own seat and a spectator's show what a replay from the deal shows them."""
    match, zsofi, gergo = duel
    steps = [EVERY, EVERY + 2, match.version // 2, match.version]
    client.force_login(zsofi)
    for step in steps:
        own = client.get(f"/api/matches/{match.pk}/replay/?seat=0&step={step}")
        assert own.status_code == 200
        assert own.json()["view"] == _from_the_deal(match, 0, step)["view"]
    client.force_login(gergo)
    for step in steps:
        refused = client.get(f"/api/matches/{match.pk}/replay/?seat=0&step={step}")
        assert refused.status_code == 404 and refused.json()["error"]["code"] == "hidden_seat"
        assert client.get(f"/play/{match.pk}/replay/?seat=0&step={step}").status_code == 404
        for seat in ("1", "watch"):
            seen = client.get(f"/api/matches/{match.pk}/replay/?seat={seat}&step={step}").json()
            position = 1 if seat == "1" else None
            assert seen["view"] == _from_the_deal(match, position, step)["view"], (seat, step)
            assert seen["view"] != _from_the_deal(match, 0, step)["view"]


def _controls(turns: list[dict], step: int, steps: int, seat: int | None = 0) -> str:
    return render_to_string(
        "play/_replay_controls.html",
        {
            "request": RequestFactory().get(f"/play/x/replay/?step={step}"),
            **replays.replay_jumps(turns, step, steps),
            "step": step,
            "steps": steps,
            "seat": seat,
            "seat_names": {0: "Zsófi", 1: "Gergő"},
            "perspectives": {0, None},
            "seed": {"seed": "1", "sha256": "x", "ok": True},
        },
    )


def _options(page: str) -> list[int]:
    menu = re.search(r'<select id="replay-turn" name="step">(.*?)</select>', page, re.S)
    return [int(value) for value in re.findall(r'<option value="(\d+)"', menu.group(1))]


def test_a_long_match_lists_about_a_hundred_turns_and_takes_any_step():
    turns = [{"turn": n + 1, "step": 3 * n, "player": n % 6} for n in range(2500)]
    page = _controls(turns, step=3001, steps=7500)
    listed = _options(page)
    assert 50 <= len(listed) <= 130  # not 2,500
    assert listed[0] == 0 and set(listed) <= {t["step"] for t in turns}
    assert listed == sorted(listed)
    assert "1. kör (0. lépés)" in page  # Hungarian by default, as before
    # any step is one form away, without JavaScript
    form = re.search(r'<form id="replay-step-form".*?</form>', page, re.S).group(0)
    assert 'name="seat" value="0"' in form
    assert re.search(r'<input id="replay-goto" type="number" name="step" min="0" max="7500"', form)


def test_a_short_match_still_lists_every_turn():
    turns = [{"turn": n + 1, "step": 3 * n, "player": n % 2} for n in range(150)]
    page = _controls(turns, step=31, steps=450, seat=None)
    assert _options(page) == [t["step"] for t in turns]
    assert '<option value="30" selected>' in page
    assert "replay-step-form" not in page


def test_without_javascript_the_menu_selects_the_listed_turn_before_the_step(
    duel, client, monkeypatch
):
    """A long match's menu leaves turns out; on a step inside one of those, the turn
    selected is the listed one before it (not the first), so "Go" stays where one is."""
    match, zsofi, _gergo = duel
    monkeypatch.setattr(replays, "MENU_TURNS", 3)
    monkeypatch.setattr(replays, "MENU_LISTED", 3)
    turns = replays.turn_starts(match)
    listed = [t["step"] for t in replays.turn_menu(turns)]
    left_out = [t["step"] for t in turns if t["step"] not in listed and t["step"] > listed[1]]
    assert left_out, "the menu lists every turn"
    step = left_out[0]
    client.force_login(zsofi)
    page = client.get(f"/play/{match.pk}/replay/?seat=0&step={step}").content.decode()
    assert _options(page) == listed
    selected = re.search(r'<option value="(\d+)" selected>', page)
    assert selected and int(selected.group(1)) == max(s for s in listed if s <= step)
