"""Replays: a finished match steps back through exactly what its players saw."""

from __future__ import annotations

import random

import pytest

from play import frames, replays, services
from play.models import Match
from tests.play.test_matches import (  # noqa: F401 (players: a fixture)
    legal_deck,
    players,
    started_duel,
    submit_random_move,
)

pytestmark = pytest.mark.django_db(transaction=True)


def play_out(match, users, seed=3, record=None):
    """Random legal moves through the service to the end; `record[k][seat]` = live view."""
    rng = random.Random(seed)
    while True:
        match = Match.objects.get(pk=match.pk)
        if record is not None:
            record.append(
                {s.position: frames.match_payload(match, s)["view"] for s in match.seats.all()}
            )
        if match.status != "running":
            return match
        submit_random_move(match, users, rng, expected_version=match.version)


@pytest.fixture
def finished(players):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="invite", options={"starting_glory": 10}
    )
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    live: list[dict] = []
    match = play_out(match, {0: zsofi, 1: gergo}, record=live)
    return match, live, zsofi, gergo


def test_every_replay_step_equals_the_view_the_player_had_live(finished):
    match, live, *_ = finished
    assert match.status == "finished" and len(live) == match.version + 1
    for step, views in enumerate(live):
        for seat, view in views.items():
            frame = replays.replay_frame(match, seat, step)
            assert frame["view"] == view, f"seat {seat} differs at step {step}"
            assert frame["legal"] == []
    last = replays.replay_frame(match, 0, match.version)
    assert last["result"] == match.result and last["status"] == "finished"


def test_after_the_end_any_seat_may_be_watched_but_not_during_the_game(finished, client):
    """Any seat whose deck is no secret: a private deck's seat stays hidden (see
    test_replay_private_decks.py), so Gergő's deck is public here."""
    from decks.models import Deck, Visibility

    match, _live, zsofi, gergo = finished
    Deck.objects.filter(pk=match.seats.get(position=1).deck_version.deck_id).update(
        visibility=Visibility.PUBLIC
    )
    client.force_login(zsofi)
    theirs = client.get(f"/api/matches/{match.pk}/replay/?seat=1&step=0").json()
    hand = theirs["view"]["players"][1]["hand"]
    assert len(hand) == 5 and all(isinstance(card, dict) for card in hand)  # no longer a secret
    assert client.get(f"/api/matches/{match.pk}/replay/?seat=x").status_code == 400
    assert client.get(f"/api/matches/{match.pk}/replay/?seat=7").status_code == 404


def test_who_may_replay(players, client):  # noqa: F811
    from tests.factories import make_user

    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    client.force_login(zsofi)
    url = f"/play/{match.pk}/replay/"
    assert client.get(url).status_code == 404  # still being played: the log would tell too much
    play_out(match, {0: zsofi, 1: gergo})
    assert client.get(url).status_code == 200
    client.force_login(make_user("idegen"))
    assert client.get(url).status_code == 404  # a private match
    Match.objects.filter(pk=match.pk).update(public=True)
    assert client.get(url).status_code == 200  # a public one may be shared by its link
    client.logout()
    assert client.get(f"/api/matches/{match.pk}/replay/?seat=watch&step=3").status_code == 200


def test_the_replay_page_steps_and_checks_the_seed(finished, client):
    match, _live, zsofi, _gergo = finished
    client.force_login(zsofi)
    page = client.get(f"/play/{match.pk}/replay/?seat=0&step=4").content.decode()
    assert "A mag egyezik a közzétett lenyomattal." in page  # Hungarian by default
    assert f"4. lépés / {match.version}" in page
    assert 'href="?seat=0&amp;step=5"' in page and 'href="?seat=0&amp;step=3"' in page
    turns = replays.turn_starts(match)
    assert turns[0] == {"turn": 1, "step": 0, "player": turns[0]["player"]}
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1))
    assert all(a["step"] < b["step"] for a, b in zip(turns, turns[1:], strict=False))
    Match.objects.filter(pk=match.pk).update(seed_sha256="0" * 64)  # a hash that was not the seed's
    page = client.get(f"/play/{match.pk}/replay/").content.decode()
    assert "A mag NEM egyezik a közzétett lenyomattal!" in page


def test_outsiders_replay_a_public_match_as_a_spectator_saw_it(finished, client):
    """A player's deck may be private: others see no hand the live spectators did not see."""
    from tests.factories import make_user

    match, live, *_ = finished
    Match.objects.filter(pk=match.pk).update(public=True)
    api = f"/api/matches/{match.pk}/replay/"
    for viewer in (make_user("idegen"), None):
        client.logout()
        if viewer:
            client.force_login(viewer)
        watched = client.get(f"{api}?step=0").json()  # by default, a spectator's view
        assert (
            watched["seat"] is None
            and watched["view"] == replays.replay_frame(match, None, 0)["view"]
        )
        for seat in (0, 1):
            refused = client.get(f"{api}?seat={seat}&step=0")
            assert refused.status_code == 404
            assert refused.json()["error"]["code"] == "hidden_seat"
            assert (
                "spectator" in refused.json()["error"]["message"]
                or "néző" in (refused.json()["error"]["message"])
            )
        page = client.get(f"/play/{match.pk}/replay/?step=0").content.decode()
        assert '<strong aria-current="true">egy néző</strong>' in page
        assert "?seat=0&amp;" not in page and "?seat=1&amp;" not in page
        assert client.get(f"/play/{match.pk}/replay/?seat=1").status_code == 404


def test_a_tournament_match_replays_from_your_own_seat_only(finished, client):
    """Best of three: game 1's replay must not show an opponent's unplayed cards before game 2."""
    match, _live, zsofi, gergo = finished
    Match.objects.filter(pk=match.pk).update(opponent="paired", public=True)
    api = f"/api/matches/{match.pk}/replay/"
    for user, own, other in ((zsofi, 0, 1), (gergo, 1, 0)):
        client.force_login(user)
        assert client.get(api).json()["seat"] == own  # by default, your own seat
        assert client.get(f"{api}?seat={own}&step=0").status_code == 200
        assert client.get(f"{api}?seat=watch&step=0").status_code == 200
        assert client.get(f"{api}?seat={other}&step=0").status_code == 404


def test_a_stranger_learns_nothing_of_a_private_match_by_moving_in_it(players, client):  # noqa: F811
    from tests.factories import make_user

    match, _mover, action = started_duel(players)  # between zsofi and gergo, unlisted
    client.force_login(make_user("idegen"))
    move = {"action": action, "version": 0}
    url = f"/api/matches/{match.pk}/actions/"
    answer = client.post(url, move, content_type="application/json")
    unknown = client.post(
        "/api/matches/00000000-0000-0000-0000-000000000000/actions/",
        move,
        content_type="application/json",
    )
    assert answer.status_code == unknown.status_code == 404
    assert answer.json() == unknown.json()  # the same answer as for no match at all
    Match.objects.filter(pk=match.pk).update(public=True)  # one others may watch
    answer = client.post(url, move, content_type="application/json")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_seated"
    assert Match.objects.get(pk=match.pk).version == 0


def test_what_a_seat_sees_is_kept_by_no_cache_on_the_way(players, client):  # noqa: F811
    """The table page, its state, chat and replay differ by who asks: every answer says
    no cache between the server and the person may keep it, while the match runs and after."""
    zsofi = players[0]
    match, _mover, _move = started_duel(players)
    client.force_login(zsofi)
    running = (f"/play/{match.pk}/", f"/api/matches/{match.pk}/", f"/api/matches/{match.pk}/chat/")
    over = (f"/play/{match.pk}/replay/", f"/api/matches/{match.pk}/replay/?step=1")
    for url in running + ("resign", *over):
        if url == "resign":
            services.match_resign(match_id=match.pk, user=zsofi)
            continue
        response = client.get(url)
        assert response.status_code == 200, url
        cache = response.get("Cache-Control", "")
        assert "no-store" in cache and "private" in cache, (url, cache)


@pytest.mark.parametrize("language", ["hu", "en"])
def test_a_record_the_rules_no_longer_accept_is_said_so_not_a_server_error(
    finished, client, language
):
    """A rule changed since a match was played (ONIROO's reveal can no longer be taken
    back) leaves its logged moves unreadable: the replay, the turn list, the API and the
    match page without its snapshot say so with a 409 and change nothing."""
    match, _live, zsofi, _gergo = finished
    row = match.actions.get(seq=3)
    row.action = {**row.action, "type": "cancel_reveal"}  # a move these rules do not have
    row.save(update_fields=["action"])
    client.force_login(zsofi)
    client.cookies["django_language"] = language
    words = {"hu": "változtak", "en": "rules that have changed"}[language]
    page = client.get(f"/play/{match.pk}/replay/?seat=0&step=5")
    assert page.status_code == 409 and words in page.content.decode()
    api = client.get(f"/api/matches/{match.pk}/replay/?seat=0&step=5")
    assert api.status_code == 409
    assert api.json()["error"]["code"] == "record_unreadable"
    Match.objects.filter(pk=match.pk).update(snapshot=None)
    page = client.get(f"/play/{match.pk}/")
    assert page.status_code == 409 and words in page.content.decode()
    state = client.get(f"/api/matches/{match.pk}/")
    assert state.status_code == 409
    assert Match.objects.get(pk=match.pk).version == match.version
