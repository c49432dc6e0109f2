"""Two web processes (daphne) on one PostgreSQL and Redis must give the same answers.

Each web process keeps matches' seats and states in memory; the chat's rate
limit counts rows. Both must hold when requests of one table reach different
processes, as they do behind a load balancer; and a whole match against a bot, whose
moves the Celery worker makes, reaches a socket on the other process through Redis.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from datetime import timedelta
from functools import partial

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.utils import timezone
from rest_framework.authtoken.models import Token

from catalog.models import Game
from decks import services as deck_services
from play import chat, selectors, services
from play.models import ChatMessage, Match, MatchAction, Seat
from tests.concurrency import run_together
from tests.conftest import require
from tests.factories import make_user
from tests.integration.live_site import SITE_SECRET_KEY, start_site
from tests.play.test_absent_players import oniroo_table_of
from tests.play_rows import demo_deck_entries, oniroo_match
from tests.table_policies import alomfogo_choice

pytestmark = pytest.mark.integration


class Web:
    """One web process, spoken to over HTTP with API tokens."""

    tokens: dict[int, str] = {}  # user id -> key, made before any thread calls

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"

    def call(self, method: str, path: str, user, body: dict | None = None) -> tuple[int, dict]:
        if user.pk not in self.tokens:
            self.tokens[user.pk] = Token.objects.get_or_create(user=user)[0].key
        request = urllib.request.Request(  # noqa: S310 - our own http://127.0.0.1 server
            self.base + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={
                "Authorization": f"Token {self.tokens[user.pk]}",
                "Content-Type": "application/json",
                "Accept-Language": "en",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read() or b"{}")


@pytest.fixture
def two_web_processes(redis_url, transactional_db, tmp_path):
    """Two web processes as production runs them (live_site), on one database and Redis."""
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")
    sites = []
    try:
        for name in ("a", "b"):
            folder = tmp_path / name
            folder.mkdir()
            sites.append(start_site(folder, REDIS_URL=redis_url, LOG_LEVEL="WARNING"))
        Web.tokens.clear()  # the tokens of an earlier test were emptied with its database
        yield [Web(site.port) for site in sites]
    finally:
        for site in sites:
            site.stop()  # before the test database is emptied


def _wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"waited {seconds} s: {what}")


def _turn(match_id):
    match = Match.objects.get(pk=match_id)
    state = selectors.match_state(match)
    return match, state.active_player, state


def test_a_seat_given_to_a_bot_through_one_process_holds_in_the_other(
    two_web_processes, celery_worker
):
    started = time.monotonic()
    a, b = two_web_processes
    call_command("load_cards", verbosity=0)
    users = [make_user("zsofi"), make_user("gergo"), make_user("anna")]
    match = oniroo_table_of(users)

    # B serves the first move, so B keeps this match's seats in memory.
    match, mover, state = _turn(match.pk)
    status, _body = b.call(
        "POST",
        f"/api/matches/{match.pk}/actions/",
        users[mover],
        {"action": state.legal_actions(mover)[-1], "version": match.version},
    )
    assert status == 200
    match, late, _state = _turn(match.pk)

    # Through A, a bot takes the seat of the player who keeps the table waiting;
    # the worker plays that seat's move at once.
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - timedelta(minutes=6))
    status, body = a.call("POST", f"/api/matches/{match.pk}/seat-to-bot/", users[(late + 1) % 3])
    assert status == 200, body
    assert Seat.objects.get(match=match, position=late).bot == "greedy"
    by_bot = lambda: MatchAction.objects.filter(match=match, seat=late).count()  # noqa: E731
    _wait_for(lambda: by_bot() >= 1, 20, "the worker to play the bot's seat")
    _wait_for(lambda: _turn(match.pk)[1] != late, 20, "the bot to finish its turn")
    moved = by_bot()

    # B learns of the change from the row: the late player's own move is refused.
    match, _now, _state = _turn(match.pk)
    status, body = b.call(
        "POST",
        f"/api/matches/{match.pk}/actions/",
        users[late],
        {"action": {"type": "end_turn"}, "version": match.version},
    )
    assert status == 400 and body["error"]["code"] == "bot_plays_your_seat", body
    assert Match.objects.get(pk=match.pk).version == match.version

    # The others play on through B; when B hands the turn to the bot's seat, it
    # queues the bot, the worker moves, and the match goes on.
    for _ in range(60):
        if by_bot() > moved:
            break
        match, mover, state = _turn(match.pk)
        if mover == late:  # the bot's turn: B must have woken it
            _wait_for(lambda: by_bot() > moved, 20, "the bot to move after B handed it the turn")
            break
        status, body = b.call(
            "POST",
            f"/api/matches/{match.pk}/actions/",
            users[mover],
            {"action": state.legal_actions(mover)[-1], "version": match.version},
        )
        assert status == 200, body
    assert by_bot() > moved
    final = Match.objects.get(pk=match.pk)
    if final.status == "running":
        _wait_for(lambda: _turn(match.pk)[1] != late, 20, "the bot to hand the turn on")
    else:  # the seed is random: now and then the bot's move ends the game by the rules
        assert final.status == "finished" and final.result, final.status
    print(f"\nseat change across processes: {time.monotonic() - started:.1f} s")


def test_the_chat_limit_holds_for_posts_split_across_two_processes(two_web_processes):
    a, b = two_web_processes
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    # A waiting table is enough: its seated creator may chat already.
    call_command("load_cards", verbosity=0)
    match = oniroo_match(zsofi, "invite", players=2, level=5)
    url = f"/api/matches/{match.pk}/chat/"
    for web in (a, b):  # warm both processes up, so the posts below really race
        assert web.call("GET", url, zsofi)[0] == 200
    assert a.call("GET", url, gergo)[0] == 404  # not seated: the chat is not theirs

    def post(n: int) -> int:
        status, _body = (a, b)[n % 2].call("POST", url, zsofi, {"chat": f"üzenet {n}"})
        return status

    started = time.monotonic()
    statuses = run_together(*(partial(post, n) for n in range(20)))
    elapsed = time.monotonic() - started
    assert sorted(statuses) == [201] * chat.RATE_MAX + [429] * (20 - chat.RATE_MAX), statuses
    assert ChatMessage.objects.filter(match=match).count() == chat.RATE_MAX
    print(f"\n20 chat posts through two processes: {elapsed:.2f} s")


def _session_cookie(user) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    # Signed (the session data and the password hash in it) with the sites' key.
    with override_settings(SECRET_KEY=SITE_SECRET_KEY):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def test_a_web_process_gives_back_the_connections_its_websockets_used(two_web_processes):
    """More sockets, one after another, than a process has pooled connections: all answer.

    Each socket reads the user and the table from the database in worker
    threads; a connection not given back after such a read would stay out of
    the pool (DB_POOL_MAX_SIZE, 8), and the process would stop answering.
    The real server also refuses a socket opened by another origin.
    """
    from websockets.sync.client import connect

    a, _b = two_web_processes
    zsofi = make_user("zsofi")
    call_command("load_cards", verbosity=0)
    match = services.match_create(
        user=zsofi, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
    )
    cookie = _session_cookie(zsofi)
    address = a.base.replace("http://", "ws://") + f"/ws/matches/{match.pk}/"
    started = time.monotonic()
    for _ in range(settings.DATABASES["default"]["OPTIONS"]["pool"]["max_size"] + 4):
        with connect(
            address, origin=a.base, additional_headers={"Cookie": cookie}, open_timeout=10
        ) as socket_:
            frame = json.loads(socket_.recv(timeout=10))
            assert frame["type"] == "state" and frame["seat"] == 0  # signed in, in their seat
            assert json.loads(socket_.recv(timeout=10))["type"] == "chat"
    status, body = a.call("GET", f"/api/matches/{match.pk}/", zsofi)
    assert status == 200 and body["version"] == 0
    elapsed = time.monotonic() - started
    assert elapsed < 20, f"{elapsed:.1f} s: the process waited for its pool"
    with pytest.raises(Exception) as foreign:  # and a page of another origin is refused
        with connect(address, origin="http://127.0.0.1:1", additional_headers={"Cookie": cookie}):
            pass
    assert "403" in str(foreign.value)
    print(f"\n12 websockets and a request on one process: {elapsed:.2f} s")


def test_a_whole_match_against_the_bot_crosses_two_processes_and_the_worker(
    two_web_processes, celery_worker
):
    """A match against the normal bot as production plays it: started through process A's
    API, watched over a socket on process B, the person's moves sent now through that
    socket, now through A's API, the bot's moves made by the Celery worker. Every move
    reaches B's socket through Redis, in order and none skipped; the socket shows the
    person's own hand only; A answers the same end."""
    from websockets.sync.client import connect

    a, b = two_web_processes
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi")
    deck = deck_services.deck_create(
        owner=zsofi, game=Game.objects.get(slug="alomfogo"), name="Éjpakli",
        entries=demo_deck_entries(),
    )  # fmt: skip
    status, body = a.call(
        "POST",
        "/api/matches/",
        zsofi,
        {"game": "alomfogo", "deck": deck.pk, "opponent": "bot:greedy",
         "options": {"starting_glory": 10}},
    )  # fmt: skip
    assert status == 201, body
    match_id = body["id"]
    address = b.base.replace("http://", "ws://") + f"/ws/matches/{match_id}/"
    frames, through_api = [], 0
    with connect(
        address, origin=b.base, additional_headers={"Cookie": _session_cookie(zsofi)}
    ) as socket_:
        for _ in range(2_000):
            message = json.loads(socket_.recv(timeout=30))
            if message["type"] != "state" or (frames and message["version"] <= frames[-1]):
                continue  # the chat's history; a move of ours answered by both doors
            frames.append(message["version"])
            if message["status"] != "running":
                break
            for player in message["view"]["players"]:
                assert ("hand" in player) == (player["seat"] == message["seat"])
            if not message["legal"]:
                continue  # the bot's turn: the worker moves, and its frames come to B
            move = {"action": alomfogo_choice(message["legal"]), "version": message["version"]}
            if len(frames) % 2:
                socket_.send(json.dumps(move))
            else:
                status, body = a.call("POST", f"/api/matches/{match_id}/actions/", zsofi, move)
                assert status == 200, body
                through_api += 1
    assert message["status"] == "finished", frames[-1]
    assert frames == list(range(frames[0], frames[-1] + 1))
    assert through_api > 5 and MatchAction.objects.filter(match_id=match_id, seat=1).count() > 5
    status, body = a.call("GET", f"/api/matches/{match_id}/", zsofi)
    assert (body["version"], body["result"]) == (frames[-1], message["result"])
