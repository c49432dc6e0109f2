"""A live table's socket hears its own person, whichever position their seat has now.

Leaving a waiting match moves the later seats up one. A socket that listened
to the position it connected at would then hear whoever sits there next: the
leaver's socket got the next player's hand and the private match's chat, and a
player moved up got the view of the one who took their old place. Frames go to
the person sitting in a seat when they are built (play.frames.reader_groups),
so none of that can happen; and a person who takes or gives up a seat has their
sockets listen again as what they are now (a player, a spectator, or nobody).
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from django.core.management import call_command

from catalog.models import Card
from play import chat, frames, selectors, services
from play.consumers import database_sync_to_async
from play.models import Match
from tests.factories import make_user
from tests.play.test_matches import connect
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "csak nekünk"


@pytest.fixture
def people():
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    return {name: make_user(name) for name in ("zsofi", "mallory", "anna", "bob", "carol")}


def private_seats(view: dict | None) -> set[int]:
    """The seats whose private cards `view` shows: a hand, or the cards a seat was dealt."""
    if not view:
        return set()
    seats = {p["seat"] for p in view["players"] if "hand" in p}
    seats |= {e["player"] for e in view.get("events", []) if "cards" in e and "player" in e}
    return seats


async def opened(match, user):
    """A socket of `user` at `match`, past its first state frame (returned) and chat."""
    communicator, connected = await connect(match, user)
    assert connected
    first = await communicator.receive_json_from(timeout=5)
    assert first["type"] == "state"
    assert (await communicator.receive_json_from(timeout=5))["type"] == "chat"
    return communicator, first


async def everything(communicator, quiet: float = 0.5) -> tuple[list[dict], int | None]:
    """Every frame the socket is sent until it stays quiet for `quiet` seconds, and the close
    code if it was closed."""
    got, closed = [], None
    while True:
        if await communicator.receive_nothing(timeout=quiet):
            break  # (a receive that times out would cancel the consumer)
        message = await communicator.receive_output(timeout=1)
        if message["type"] == "websocket.close":
            closed = message.get("code")
            break
        got.append(json.loads(message["text"]))
    return got, closed


def seat_of(match_id, user) -> int | None:
    seat = Match.objects.get(pk=match_id).seats.filter(user=user).first()
    return seat.position if seat else None


def own_hand(match_id, position: int) -> list[str]:
    state = selectors.match_state(Match.objects.get(pk=match_id))
    return sorted(c["id"] for c in state.view(position)["players"][position]["hand"])


def run(function, **kwargs):
    return database_sync_to_async(function)(**kwargs)


@pytest.fixture
def unannounced(monkeypatch):
    """Sockets are not told their person took or left a seat: what they hear then depends
    on the groups frames are sent to alone."""
    monkeypatch.setattr(frames, "send_seat_changed", lambda match_id, user_id: None)


def leaver_then_two_join(people, public: bool = False):
    """Zsófi's ONIROO match for three: Mallory takes seat 1, opens a socket and leaves; Anna
    (seat 1 now) and Carol join, which starts it; Zsófi writes in the chat. What Mallory's
    socket heard after leaving, and its close code if it was closed."""
    zsofi, mallory, anna, carol = (people[n] for n in ("zsofi", "mallory", "anna", "carol"))
    match = oniroo_match(zsofi, "invite", players=3, public=public)
    services.match_join(match_id=match.pk, user=mallory, deck=None)

    async def scenario():
        socket, first = await opened(match, mallory)
        assert first["seat"] == 1
        await run(services.match_leave, match_id=match.pk, user=mallory)
        await run(services.match_join, match_id=match.pk, user=anna, deck=None)  # seat 1 now
        await run(services.match_join, match_id=match.pk, user=carol, deck=None)  # starts it
        await run(chat.chat_post, match_id=match.pk, user=zsofi, text=SECRET)
        heard, closed = await everything(socket)
        await socket.disconnect()
        return heard, closed

    return match, async_to_sync(scenario)()


def assert_nothing_private(heard: list[dict], *, public: bool = False) -> None:
    """No seat's frame and no hidden card; and no chat unless the match is public (its
    spectators read it)."""
    for frame in heard:
        if frame["type"] == "state":
            assert frame["seat"] is None, frame  # no seat's frame: the leaver has none
            assert private_seats(frame["view"]) == set()
        if frame["type"] == "chat" and not public:
            assert all(m["text"] != SECRET for m in frame["messages"])


def test_a_leavers_socket_hears_no_hand_and_no_chat_of_the_private_match(people, unannounced):
    match, (heard, closed) = leaver_then_two_join(people)
    assert Match.objects.get(pk=match.pk).status == "running"
    assert seat_of(match.pk, people["anna"]) == 1  # the leaver's old position
    assert closed is None  # not told: it only goes quiet
    assert heard == []
    assert_nothing_private(heard)


def test_a_leaver_of_a_private_match_is_told_and_its_socket_closes(people):
    match, (heard, closed) = leaver_then_two_join(people)
    assert closed == 4404  # as connecting would be refused now
    assert_nothing_private(heard)


def test_a_leaver_of_a_public_match_watches_it_as_a_spectator(people):
    match, (heard, closed) = leaver_then_two_join(people, public=True)
    assert closed is None
    states = [f for f in heard if f["type"] == "state"]
    assert states and states[0]["seat"] is None  # the spectators' table, at once
    assert any(f["status"] == "running" and f["view"] for f in states)  # and then the game
    assert_nothing_private(heard, public=True)


def test_a_player_moved_up_hears_their_own_new_seat_never_the_newcomers(people):
    zsofi, anna, bob, carol = (people[n] for n in ("zsofi", "anna", "bob", "carol"))
    match = oniroo_match(zsofi, "invite", players=4)
    services.match_join(match_id=match.pk, user=anna, deck=None)  # seat 1
    services.match_join(match_id=match.pk, user=bob, deck=None)  # seat 2

    async def scenario():
        socket, first = await opened(match, bob)
        assert first["seat"] == 2
        await run(services.match_leave, match_id=match.pk, user=anna)  # Bob moves to seat 1
        await run(services.match_join, match_id=match.pk, user=carol, deck=None)  # seat 2
        await run(services.match_start_with_bots, match_id=match.pk, user=zsofi)
        heard, closed = await everything(socket)
        assert closed is None
        again, reconnected = await opened(match, bob)  # a reconnect gets the whole table
        await again.disconnect()
        await socket.disconnect()
        return heard, reconnected

    heard, reconnected = async_to_sync(scenario)()
    assert seat_of(match.pk, bob) == 1 and seat_of(match.pk, carol) == 2
    states = [f for f in heard if f["type"] == "state"]
    running = [f for f in states if f["status"] == "running"]
    assert running, heard
    for frame in states:
        assert frame["seat"] == 1 or frame["status"] == "waiting"
        assert private_seats(frame["view"]) <= {1}
    assert sorted(c["id"] for c in running[-1]["view"]["players"][1]["hand"]) == own_hand(
        match.pk, 1
    )
    assert reconnected["seat"] == 1 and reconnected["view"]["you"] == 1
    assert private_seats(reconnected["view"]) == {1}


def test_a_spectator_who_joins_hears_their_own_seat_and_no_longer_the_spectators(people):
    zsofi, anna, carol = (people[n] for n in ("zsofi", "anna", "carol"))
    match = oniroo_match(zsofi, "open", players=3, public=True)
    services.match_join(match_id=match.pk, user=anna, deck=None)

    async def scenario():
        socket, first = await opened(match, carol)
        assert first["seat"] is None
        await run(services.match_join, match_id=match.pk, user=carol, deck=None)  # starts it
        heard, closed = await everything(socket)
        assert closed is None
        await socket.disconnect()
        return heard

    heard = async_to_sync(scenario)()
    states = [f for f in heard if f["type"] == "state"]
    assert states[-1]["seat"] == 2 and states[-1]["status"] == "running"
    assert private_seats(states[-1]["view"]) == {2}
    assert sorted(c["id"] for c in states[-1]["view"]["players"][2]["hand"]) == own_hand(
        match.pk, 2
    )
    # after the spectators' first running frame, if any, only its own seat's frames come
    last_spectator = max((i for i, f in enumerate(states) if f["seat"] is None), default=-1)
    assert all(f["seat"] == 2 for f in states[last_spectator + 1 :])


def test_a_rematch_is_announced_to_the_other_players_wherever_they_sat(people):
    """frames.send_rematch goes to people too: a finished match's players, not positions."""
    zsofi, anna = people["zsofi"], people["anna"]
    match = oniroo_match(zsofi, "invite", players=2)
    services.match_join(match_id=match.pk, user=anna, deck=None)
    services.match_resign(match_id=match.pk, user=anna)

    async def scenario():
        socket, _first = await opened(match, anna)
        again = await run(services.match_rematch, match_id=match.pk, user=zsofi)
        heard, closed = await everything(socket)
        assert closed is None
        await socket.disconnect()
        return again, heard

    again, heard = async_to_sync(scenario)()
    assert heard == [{"type": "rematch", "url": f"/play/{again.pk}/"}]
