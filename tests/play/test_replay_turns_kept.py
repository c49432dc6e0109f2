"""The replay page's turn list is kept with the replay's states.

A finished match's first replay page works the turn list out by playing the log from the
deal; that same pass keeps the engine states, so the page's frame does not play the log a
second time. Whatever is kept (nothing, the states, the list, both), the page shows the
same turn menu, step and table; a match still being played has no replay to keep a list
for, and a list kept at another version of a match is never shown for it.
"""

from __future__ import annotations

import random
import re

from django.utils import timezone

from core.kept import kept_cache
from play import replays, selectors, services
from play.models import Match, MatchAction, MatchStatus
from tests.play.test_matches import players  # noqa: F401 (a fixture: two people, two decks)
from tests.play.test_replay_cost import (  # noqa: F401 (fixtures)
    EVERY,
    duel,
    kept_every_ten_steps,
    moves_replayed,
)


def _turns_by_hand(match: Match) -> list[dict]:
    """The turn starts as the page listed them before anything was kept: the log played
    from the deal, a new turn wherever the spectator's view changes its turn (or, in a game
    that numbers none, the player it waits for)."""
    starts, previous = [], None
    for step, state in enumerate(selectors.states_from_deal(match)):
        marker = state.view(None).get("turn", state.active_player)
        if marker != previous and not state.is_over:
            starts.append({"turn": len(starts) + 1, "step": step, "player": state.active_player})
            previous = marker
    return starts


def _shown(page: str) -> dict:
    """What a replay page shows of its place in the match: the navigation (step, turn menu
    with its selected turn, step form) and the table's frame."""
    nav = re.search(r'<nav id="replay-nav".*?</nav>', page, re.S).group(0)
    frame = re.search(r'<script id="match-initial" type="application/json">(.*?)</script>', page)
    return {"nav": nav, "frame": frame.group(1)}


def _options(page: str) -> list[int]:
    menu = re.search(r'<select id="replay-turn" name="step">(.*?)</select>', page, re.S)
    return [int(value) for value in re.findall(r'<option value="(\d+)"', menu.group(1))]


def _forget_states(match: Match) -> None:
    """As if the kept states were evicted and the turn list was not."""
    kept_cache.delete(f"replay-states:{match.pk}:{match.version}")
    for step in range(0, match.version + 1, EVERY):
        kept_cache.delete(f"replay-state:{match.pk}:{match.version}:{step}")


def test_the_page_shows_the_same_turns_and_step_whatever_is_kept(duel, client):  # noqa: F811
    match, zsofi, _gergo = duel
    client.force_login(zsofi)
    turns = _turns_by_hand(match)
    assert len(turns) > 3
    for step in (match.version, match.version // 2 + 3, 0):
        url = f"/play/{match.pk}/replay/?seat=0&step={step}"
        kept_cache.clear()
        first = client.get(url)  # nothing kept
        assert first.status_code == 200
        shown = _shown(first.content.decode())
        assert f"{step}. lépés / {match.version}" in shown["nav"]  # Hungarian by default
        assert _options(first.content.decode()) == [t["step"] for t in replays.turn_menu(turns)]
        assert _shown(client.get(url).content.decode()) == shown  # both kept
        kept_cache.clear()  # the two requests compared: one with, one without kept entries
        assert _shown(client.get(url).content.decode()) == shown
        _forget_states(match)  # the list kept, the states not
        assert _shown(client.get(url).content.decode()) == shown
        kept_cache.clear()  # the states kept (by the replay API), the list not
        api = client.get(f"/api/matches/{match.pk}/replay/?seat=0&step={match.version}")
        assert api.status_code == 200
        assert _shown(client.get(url).content.decode()) == shown
    assert replays.turn_starts(match) == turns


def test_the_first_page_load_plays_the_log_once(duel, client, moves_replayed):  # noqa: F811
    """The turn list and the step's table come from one pass over the log: the page's
    first load costs about what the replay API's first visit to the last step costs."""
    match, zsofi, _gergo = duel
    client.force_login(zsofi)
    for step in (match.version, match.version // 2 + 3):
        kept_cache.clear()
        before = moves_replayed[0]
        api = client.get(f"/api/matches/{match.pk}/replay/?seat=0&step={match.version}")
        assert api.status_code == 200
        api_moves = moves_replayed[0] - before
        assert api_moves == match.version
        kept_cache.clear()
        before = moves_replayed[0]
        page = client.get(f"/play/{match.pk}/replay/?seat=0&step={step}")
        assert page.status_code == 200
        assert moves_replayed[0] - before <= api_moves + EVERY, step  # not the log twice
        before = moves_replayed[0]
        assert client.get(f"/play/{match.pk}/replay/?seat=0&step={step}").status_code == 200
        assert moves_replayed[0] - before <= EVERY  # later loads: from a kept state


def test_a_stranger_refused_a_seat_starts_no_replay(duel, client, moves_replayed):  # noqa: F811
    """Gergő may not see Zsófi's private deck: the page says so before any replaying."""
    match, _zsofi, gergo = duel
    client.force_login(gergo)
    kept_cache.clear()
    before = moves_replayed[0]
    assert client.get(f"/play/{match.pk}/replay/?seat=0").status_code == 404
    assert client.get(f"/play/{match.pk}/replay/?seat=7").status_code == 404
    assert moves_replayed[0] == before
    assert kept_cache.get(f"replay-turns:{match.pk}:{match.version}") is None


def test_a_running_match_has_no_replay_and_no_stale_turn_list(
    catalog_data,
    db,
    players,  # noqa: F811
    client,
):
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    users, rng = {0: zsofi, 1: gergo}, random.Random(11)
    for _ in range(6):  # a few moves through the service: the match is still running
        match = Match.objects.get(pk=match.pk)
        state = selectors.match_state(match)
        services.match_submit_action(
            match_id=match.pk,
            user=users[state.active_player],
            action=rng.choice(state.legal_actions(state.active_player)),
            expected_version=match.version,
        )
    match = Match.objects.select_related("game").get(pk=match.pk)
    assert match.status == MatchStatus.RUNNING
    client.force_login(zsofi)
    kept_cache.clear()
    assert client.get(f"/play/{match.pk}/replay/?seat=0").status_code == 404
    assert kept_cache.get(f"replay-turns:{match.pk}:{match.version}") is None
    early = replays.turn_starts(match)  # a list kept while it ran (nothing asks for one now)

    state = selectors.match_state(match)  # played on to the end, logged as the service logs
    log = []
    while not state.is_over:
        seat = state.active_player
        action = rng.choice(state.legal_actions(seat))
        state.apply(action)
        seq = match.version + len(log) + 1
        log.append(MatchAction(match=match, seq=seq, seat=seat, action=action))
    MatchAction.objects.bulk_create(log)
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.FINISHED,
        version=match.version + len(log),
        result=state.result,
        finished_at=timezone.now(),
    )
    finished = Match.objects.select_related("game").get(pk=match.pk)
    page = client.get(f"/play/{match.pk}/replay/?seat=0").content.decode()
    turns = _turns_by_hand(finished)
    assert len(turns) > len(early)
    assert _options(page) == [t["step"] for t in replays.turn_menu(turns)]
    assert f"{finished.version}. lépés / {finished.version}" in page
