"""Matches: lobby rules, moves through the service and the API, bots, the websocket table."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.core.management import call_command

from catalog.models import Card, Game
from decks import services as deck_services
from play import selectors, services
from play.consumers import database_sync_to_async  # gives its connections back (see there)
from play.models import Match, MatchAction
from play.routing import websocket_urlpatterns
from tests.concurrency import HANDSHAKE_SECONDS
from tests.factories import PASSWORD, make_user
from tests.play.test_alomfogo_properties import hidden_from
from tests.play.test_table_faces import assert_faces_only_of_cards_the_view_shows
from tests.play_rows import demo_deck_entries

pytestmark = pytest.mark.django_db(transaction=True)


def legal_deck(user, name="Pakli"):
    game = Game.objects.get(slug="alomfogo")
    return deck_services.deck_create(owner=user, game=game, name=name, entries=demo_deck_entries())


@pytest.fixture
def players():
    # Transactional tests empty the database afterwards, so each loads the cards itself.
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    return zsofi, gergo, legal_deck(zsofi), legal_deck(gergo)


def started_duel(players):
    """A running Álomfogó match of Zsófi (seat 0) and Gergő (seat 1): match, mover, a legal move."""
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    match = Match.objects.get(pk=match.pk)
    state = selectors.match_state(match)
    mover = (zsofi, gergo)[state.active_player]
    return match, mover, state.legal_actions(state.active_player)[0]


def hidden_ids(match, viewer_position):
    """Card instance ids the viewer must never receive: others' hands and every deck."""
    return hidden_from(selectors.match_state(match), viewer_position)


def submit_random_move(match, users, rng, expected_version):
    """The deciding seat's player sends one random legal action through the service."""
    state = selectors.match_state(match)
    seat = state.active_player
    services.match_submit_action(
        match_id=match.pk,
        user=users[seat],
        action=rng.choice(state.legal_actions(seat)),
        expected_version=expected_version,
    )


def test_a_match_against_a_bot_starts_and_the_bot_moves(players, client):
    zsofi, _gergo, deck, _ = players
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy", options={"starting_glory": 15}
    )
    match.refresh_from_db()
    assert match.status == "running" and match.seed_sha256
    client.login(username="zsofi", password=PASSWORD)
    body = client.get(f"/api/matches/{match.pk}/").json()
    assert body["seat"] == 0 and body["view"]["you"] == 0
    assert body["seed"] is None  # revealed only at the end


def test_an_illegal_deck_never_starts_a_match(players):
    zsofi, _gergo, deck, _ = players
    kajtar = Card.objects.get(code="AF1-001")
    deck_services.deck_change_card(deck=deck, user=zsofi, card=kajtar, delta=4)
    with pytest.raises(services.MatchRefused) as refused:
        services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:random")
    assert refused.value.code == "deck_not_legal"
    assert any(p["code"] == "too_many_copies" for p in refused.value.extra["problems"])
    assert not Match.objects.exists()


def test_api_moves_illegal_stale_and_strangers(players, client):
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    client.login(username="gergo", password=PASSWORD)
    assert (
        client.post(
            f"/api/matches/{match.pk}/join/", {"deck": deck2.pk}, content_type="application/json"
        ).status_code
        == 200
    )
    again = client.post(
        f"/api/matches/{match.pk}/join/", {"deck": deck2.pk}, content_type="application/json"
    )
    assert again.status_code == 400 and again.json()["error"]["code"] == "already_seated"
    match.refresh_from_db()
    state = selectors.match_state(match)
    mover = "zsofi" if state.active_player == 0 else "gergo"
    other = "gergo" if mover == "zsofi" else "zsofi"
    client.logout()
    client.login(username=mover, password=PASSWORD)
    bad = client.post(
        f"/api/matches/{match.pk}/actions/",
        {"action": {"type": "declare_attack", "card": "nope"}, "version": match.version},
        content_type="application/json",
    )
    assert bad.status_code == 400 and bad.json()["error"]["code"] and bad.json()["error"]["message"]
    assert MatchAction.objects.count() == 0
    stale = client.post(
        f"/api/matches/{match.pk}/actions/",
        {"action": state.legal_actions(state.active_player)[0], "version": match.version + 5},
        content_type="application/json",
    )
    assert stale.status_code == 409
    good = client.post(
        f"/api/matches/{match.pk}/actions/",
        {"action": state.legal_actions(state.active_player)[0], "version": match.version},
        content_type="application/json",
    )
    assert good.status_code == 200 and good.json()["version"] == match.version + 1
    stranger = make_user("bamba")
    client.logout()
    client.login(username="bamba", password=PASSWORD)
    forbidden = client.post(
        f"/api/matches/{match.pk}/actions/",
        {"action": {"type": "pass"}, "version": 1},
        content_type="application/json",
    )
    assert forbidden.status_code in (403, 404)
    assert client.get(f"/api/matches/{match.pk}/").status_code == 404  # not public
    assert stranger and other


def test_a_whole_match_against_the_bot_over_http_never_leaks(players, client):
    zsofi, _gergo, deck, _ = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:random")
    client.login(username="zsofi", password=PASSWORD)
    rng = random.Random(5)
    for _ in range(2000):
        body = client.get(f"/api/matches/{match.pk}/").json()
        match.refresh_from_db()
        assert not set(json.dumps(body["view"]).split('"')) & hidden_ids(match, 0)
        assert_faces_only_of_cards_the_view_shows(body)
        if body["status"] != "running":
            break
        assert body["legal"], "the bot moved; it is the player's turn"
        response = client.post(
            f"/api/matches/{match.pk}/actions/",
            {"action": rng.choice(body["legal"]), "version": body["version"]},
            content_type="application/json",
        )
        assert response.status_code == 200
    match.refresh_from_db()
    assert match.status == "finished" and match.result["winners"]
    # text, so a browser reads all 63 bits of it
    assert client.get(f"/api/matches/{match.pk}/").json()["seed"] == str(match.seed)


async def connect(match, user):
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/"
    )
    communicator.scope["user"] = user
    connected, _ = await communicator.connect(timeout=HANDSHAKE_SECONDS)
    return communicator, connected


@database_sync_to_async
def next_move(match_id, rng):
    """(mover, action, version) of a running match, or None when it is over."""
    match = Match.objects.get(pk=match_id)
    if match.status != "running":
        return None
    state = selectors.match_state(match)
    mover = state.active_player
    return mover, rng.choice(state.legal_actions(mover)), match.version


@database_sync_to_async
def hidden_now(match_id, position):
    match = Match.objects.get(pk=match_id)
    return match.version, hidden_ids(match, position)


def test_websocket_two_players_each_get_only_their_own_view(players):
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)

    async def scenario():
        sockets = {}
        for position, user in ((0, zsofi), (1, gergo)):
            communicator, connected = await connect(match, user)
            assert connected
            first = await communicator.receive_json_from(timeout=5)
            assert first["seat"] == position and first["view"]["you"] == position
            history = await communicator.receive_json_from(timeout=5)
            assert history == {"type": "chat", "messages": [], "muted": []}
            sockets[position] = communicator
        rng = random.Random(11)
        frames = 0
        for _ in range(4000):
            move = await next_move(match.pk, rng)
            if move is None:
                break
            mover, action, version = move
            await sockets[mover].send_json_to({"action": action, "version": version})
            for position, communicator in sockets.items():
                frame = await communicator.receive_json_from(timeout=5)
                frames += 1
                current, hidden = await hidden_now(match.pk, position)
                assert frame["type"] == "state" and frame["version"] == current
                assert not set(json.dumps(frame).split('"')) & hidden
        for communicator in sockets.values():
            await communicator.disconnect()
        return frames

    frames = async_to_sync(scenario)()
    match.refresh_from_db()
    assert match.status == "finished" and frames > 50


def invited_and_joined(players):
    """zsofi's match with gergo seated: (match, zsofi, gergo)."""
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    return match, zsofi, gergo


async def seated(match, *users) -> list:
    """A socket for each user, past the state and chat frames a table opens with."""
    sockets = []
    for user in users:
        communicator, _ = await connect(match, user)
        assert (await communicator.receive_json_from(timeout=5))["type"] == "state"
        assert (await communicator.receive_json_from(timeout=5))["type"] == "chat"
        sockets.append(communicator)
    return sockets


def test_websocket_errors_go_only_to_the_sender(players):
    match, zsofi, gergo = invited_and_joined(players)
    stranger = make_user("kivancsi")

    async def scenario():
        a, b = await seated(match, zsofi, gergo)
        await a.send_json_to({"action": {"type": "fly"}, "version": 0})
        error = await a.receive_json_from(timeout=5)
        assert error["type"] == "error" and error["message"]
        assert await b.receive_nothing(timeout=0.3)
        c, connected = await connect(match, stranger)
        assert not connected  # a private match is nobody else's business
        for communicator in (a, b):
            await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_frame_asking_two_things_is_refused_and_does_neither(players):
    """A move and a chat line in one frame: which was meant? Neither happens, and it says so."""
    match, zsofi, gergo = invited_and_joined(players)

    async def scenario():
        a, b = await seated(match, zsofi, gergo)
        move = await next_move(match.pk, random.Random(1))
        mover, action, version = move
        sender = a if mover == 0 else b
        for frame in (
            {"chat": "szia", "action": action, "version": version},
            {"mute": 1, "chat": "szia"},
        ):
            await sender.send_json_to(frame)
            error = await sender.receive_json_from(timeout=5)
            assert error["type"] == "error" and "egy" in error["message"]
        assert await a.receive_nothing(timeout=0.3) and await b.receive_nothing(timeout=0.3)
        for communicator in (a, b):
            await communicator.disconnect()
        return version

    version = async_to_sync(scenario)()
    match.refresh_from_db()
    assert match.version == version and not match.chat.exists()


def test_the_action_api_answers_with_the_frame_the_movers_seat_was_sent(players, client):
    """One frame per seat and move: the HTTP answer is that frame, not one built again."""
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    match.refresh_from_db()
    state = selectors.match_state(match)
    mover = (zsofi, gergo)[state.active_player]
    client.force_login(mover)

    async def scenario():
        socket, connected = await connect(match, mover)
        assert connected
        for kind in ("state", "chat"):
            assert (await socket.receive_json_from(timeout=5))["type"] == kind
        body = {"action": state.legal_actions(state.active_player)[0], "version": 0}
        answer = await database_sync_to_async(client.post)(
            f"/api/matches/{match.pk}/actions/", body, content_type="application/json"
        )
        sent = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return answer, sent

    answer, sent = async_to_sync(scenario)()
    assert answer.status_code == 200
    # the same text: even the server's clock reading in it is the one the socket got
    assert answer.json() == {"id": str(match.pk), **sent} and sent["version"] == 1
    assert sent["seat"] == state.active_player and sent["view"]["you"] == state.active_player


def test_public_match_spectator_sees_no_hand(players):
    zsofi, _gergo, deck, _ = players
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="bot:random", public=True
    )
    watcher = make_user("nezo")

    async def scenario():
        communicator, connected = await connect(match, watcher)
        assert connected
        frame = await communicator.receive_json_from(timeout=5)
        _version, hidden = await hidden_now(match.pk, None)
        assert frame["seat"] is None and frame["legal"] == []
        assert not set(json.dumps(frame).split('"')) & hidden
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_lobby_and_table_pages(players, client):
    zsofi, gergo, deck, deck2 = players
    client.login(username="zsofi", password=PASSWORD)
    html = client.get("/play/").content.decode()
    assert deck.name in html
    response = client.post(
        "/play/new/", {"deck": deck.pk, "opponent": "open", "starting_glory": 15}
    )
    match = Match.objects.get()
    assert response["Location"] == f"/play/{match.pk}/"
    assert "/play/" in client.get(f"/play/{match.pk}/").content.decode()
    client.logout()
    client.login(username="gergo", password=PASSWORD)
    assert str(match.pk) in client.get("/play/").content.decode()  # listed as open
    client.post(f"/play/{match.pk}/join/", {"deck": deck2.pk})
    page = client.get(f"/play/{match.pk}/")
    assert page.status_code == 200 and "match-initial" in page.content.decode()


def test_the_lobby_offers_a_legal_deck_first_and_says_which_one_the_table_refuses(players, client):
    zsofi, _gergo, deck, _ = players
    game = deck.game
    small = deck_services.deck_create(
        owner=zsofi, game=game, name="Félkész", entries=demo_deck_entries()[:2]
    )  # edited last, yet offered after the legal deck
    client.force_login(zsofi)
    html = client.get("/play/").content.decode()
    picker = html[
        html.index('<select id="m-deck"') : html.index("</select>", html.index('id="m-deck"'))
    ]
    options = picker.split("<option")[1:]
    assert f'value="{deck.pk}"' in options[0] and "nem szabályos" not in options[0]
    assert f'value="{small.pk}"' in options[1] and ">Nem szabályos · Félkész ·" in options[1]
    assert f"{sum(e.count for e in demo_deck_entries())} lap" in options[0]


def test_the_join_page_judges_decks_by_the_matchs_own_options(players, client):
    """At a 45-card table a 39-card deck is the one the table would refuse, said on the page."""
    zsofi, gergo, deck, deck2 = players
    entries, small, n = demo_deck_entries(), [], 0
    for entry in entries:
        if n + entry.count > 40:
            break
        small.append(entry)
        n += entry.count
    casual = deck_services.deck_create(owner=gergo, game=deck.game, name="Kicsi", entries=small)
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="invite", options={"min_deck_size": 45}
    )
    client.force_login(gergo)
    html = client.get(f"/play/{match.pk}/").content.decode()
    picker = html.split('id="j-deck"')[1].split("</select>")[0]
    options = picker.split("<option")[1:]
    assert f'value="{deck2.pk}"' in options[0] and "nem szabályos" not in options[0]
    assert f'value="{casual.pk}"' in options[1] and ">Nem szabályos · Kicsi ·" in options[1]
    with pytest.raises(services.MatchRefused):
        services.match_join(match_id=match.pk, user=gergo, deck=casual)


def test_the_log_rebuilds_exactly_the_state_the_players_moved(players):
    """Most moves store only the action; the snapshot plus the log give back the same game."""
    from play.state_cache import states

    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    users = {0: zsofi, 1: gergo}
    rng = random.Random(7)
    for version in range(45):
        match = Match.objects.get(pk=match.pk)
        if match.status != "running":
            break
        submit_random_move(match, users, rng, expected_version=version)
    match = Match.objects.get(pk=match.pk)
    assert match.actions.count() == match.version == 45
    assert match.snapshot["_version"] == 40  # written every 20 moves, not on each
    live = states.take(match.pk, match.version)
    assert live is not None  # the in-process state the moves were applied to
    states.clear()
    assert selectors.match_state(match).to_dict() == live.to_dict()


def test_a_spectator_watches_moves_live_without_any_hand(players):
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="invite", public=True
    )
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    watcher = make_user("nezo")
    users = {0: zsofi, 1: gergo}

    async def scenario():
        w, connected = await connect(match, watcher)
        assert connected
        assert (await w.receive_json_from(timeout=5))["version"] == 0
        assert (await w.receive_json_from(timeout=5))["type"] == "chat"
        rng = random.Random(5)
        for version in range(1, 31):
            mover, action, _v = await next_move(match.pk, rng)
            await database_sync_to_async(services.match_submit_action)(
                match_id=match.pk, user=users[mover], action=action, expected_version=version - 1
            )
            frame = await w.receive_json_from(timeout=5)
            _current, hidden = await hidden_now(match.pk, None)
            assert frame["version"] == version and frame["seat"] is None
            assert frame["legal"] == [] and not set(json.dumps(frame).split('"')) & hidden
        await w.disconnect()

    async_to_sync(scenario)()
