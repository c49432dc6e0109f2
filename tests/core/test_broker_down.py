"""The broker cannot take a task: every sender answers as it should, and nothing stays stuck.

Personas: Zsófi, playing a bot; an organiser whose event's players never come
to their tables; a visitor asking for a password reset, for an address of an
account and for one of none. The broker refuses as Redis does (kombu's
OperationalError) or as the filesystem transport of `make run` can (an
OSError). Requests commit here, so each task is sent as on the site: after
its rows, from `transaction.on_commit`.
"""

from __future__ import annotations

import logging
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from kombu.exceptions import OperationalError

from accounts import tasks as account_tasks
from catalog.models import Card, Game
from core import task_queue
from decks import services as deck_services
from play import selectors as play_selectors
from play import services as play_services
from play import tasks as play_tasks
from play.models import Match
from tests.factories import PASSWORD, make_user
from tests.play_rows import demo_deck_entries, first_cards_deck
from tournaments import services as tournament_services
from tournaments import tasks as tournament_tasks
from tournaments.models import Outcome, Pairing, Round

pytestmark = pytest.mark.django_db(transaction=True)

# Redis refusing the connection (kombu wraps it); the filesystem transport's own OSError.
REFUSALS = [
    OperationalError("Error 111 connecting to redis:6379. Connection refused."),
    ConnectionRefusedError(111, "Connection refused"),
]
refusals = pytest.mark.parametrize("error", REFUSALS, ids=lambda e: type(e).__name__)


class Broker:
    """A task's sending, down (each try counted) or back up (each one counted, then sent)."""

    def __init__(self, monkeypatch, task, method: str = "delay") -> None:
        self.monkeypatch, self.task, self.method = monkeypatch, task, method
        self.real = getattr(task, method)
        self.refused, self.sent = [], []

    def down(self, error: Exception) -> None:
        def refuse(*args, **kwargs):
            self.refused.append((args, kwargs))
            raise error

        self.monkeypatch.setattr(self.task, self.method, refuse)

    def up(self) -> None:
        def deliver(*args, **kwargs):
            self.sent.append((args, kwargs))
            return self.real(*args, **kwargs)

        self.monkeypatch.setattr(self.task, self.method, deliver)


@pytest.fixture
def catalog():
    """The catalog for a test whose requests commit (an earlier one of them emptied it)."""
    if not Card.objects.filter(code="AF1-001").exists():
        call_command("load_cards", verbosity=0)


def signed_in(user) -> Client:
    client = Client(raise_request_exception=False)
    assert client.login(username=user.username, password=PASSWORD)
    return client


# ---------------------------------------------------------------- the shared guard
@refusals
def test_a_task_the_broker_refuses_is_reported_not_raised(monkeypatch, caplog, error):
    broker = Broker(monkeypatch, play_tasks.bot_move)
    broker.down(error)
    with caplog.at_level(logging.ERROR, logger="core.task_queue"):
        assert task_queue.send(play_tasks.bot_move, "m", 3) is False
    assert broker.refused == [(("m", 3), {})]
    assert "play.bot_move" in caplog.text and caplog.records[-1].levelno == logging.ERROR


def test_any_other_error_of_a_sender_is_a_bug_and_is_raised(monkeypatch):
    def broken(*args, **kwargs):
        raise TypeError("bot_move() got an unexpected keyword argument")

    monkeypatch.setattr(tournament_tasks.round_clock, "apply_async", broken)
    with pytest.raises(TypeError):
        task_queue.apply_async(tournament_tasks.round_clock, (1,), countdown=5)


# ---------------------------------------------------------------- a move against a bot
def bots_turn(match: Match) -> bool:
    state = play_selectors.match_state(match)
    return not state.is_over and state.active_player == 1


def a_bot_left_waiting(monkeypatch, error) -> tuple[Match, Broker, Client, str]:
    """Zsófi's match against a bot, moved by her until the turn is the bot's, each move
    answered as made, while the broker refuses the bot's task."""
    zsofi = make_user("zsofi")
    game = Game.objects.get(slug="alomfogo")
    deck = deck_services.deck_create(
        owner=zsofi, game=game, name="Pakli", entries=demo_deck_entries()
    )
    match = play_services.match_create(user=zsofi, game=game, deck=deck, opponent="bot:random")
    broker = Broker(monkeypatch, play_tasks.bot_move)
    broker.down(error)
    client = signed_in(zsofi)
    api = f"/api/matches/{match.pk}/"
    for _ in range(50):
        body = client.get(api).json()
        assert body["legal"], body
        moved = client.post(
            f"{api}actions/",
            {"action": body["legal"][0], "version": body["version"]},
            content_type="application/json",
        )
        assert moved.status_code == 200, moved.content
        assert moved.json()["version"] == body["version"] + 1
        match.refresh_from_db()
        if bots_turn(match):
            break
    assert bots_turn(match)
    return match, broker, client, api


@refusals
def test_a_move_the_bot_is_not_woken_for_is_made_and_a_later_read_wakes_the_bot(
    catalog, monkeypatch, error
):
    match, broker, client, api = a_bot_left_waiting(monkeypatch, error)
    assert len(broker.refused) == 1  # woken once, refused
    waiting_at = match.version

    # A table read soon after leaves the bot be: it may be thinking still.
    assert client.get(match.get_absolute_url()).status_code == 200
    assert len(broker.refused) == 1

    # The bot has kept the table waiting: a read wakes it, once however often she reloads.
    past = timezone.now() - play_services.BOT_STALLED_AFTER - timedelta(seconds=1)
    Match.objects.filter(pk=match.pk).update(last_action_at=past)
    for _ in range(3):
        assert client.get(match.get_absolute_url()).status_code == 200
        assert client.get(api).status_code == 200
    assert len(broker.refused) == 2  # the broker was still down: refused again, and logged
    match.refresh_from_db()
    assert match.version == waiting_at

    # The broker is back; a while later her table (here its API state) asks again: the bot moves.
    broker.up()
    cache.clear()  # BOT_STALLED_AFTER passed since the last look
    assert client.get(api).status_code == 200
    assert broker.sent == [((str(match.pk), waiting_at), {})]
    match.refresh_from_db()
    assert match.version > waiting_at and not bots_turn(match)
    body = client.get(api).json()
    assert body["version"] == match.version
    assert body["legal"] or body["status"] != "running"  # her move again, or the game is over


def test_a_bot_stalled_at_a_table_that_stays_open_is_woken_by_the_periodic_look(
    catalog, monkeypatch
):
    """Nobody reloads: the table's socket stays open and reads nothing more."""
    match, broker, _client, _api = a_bot_left_waiting(monkeypatch, OperationalError("down"))
    waiting_at = match.version
    broker.up()
    # Lately moved: the bot may be thinking, the sweep leaves it be.
    assert play_tasks.wake_stalled_bots() == 0 and broker.sent == []
    # Stalled for longer than a bot thinks, within the sweep's window: woken, once.
    past = timezone.now() - play_services.BOT_STALLED_AFTER - timedelta(seconds=1)
    Match.objects.filter(pk=match.pk).update(last_action_at=past)
    assert play_tasks.wake_stalled_bots() == 1
    assert broker.sent == [((str(match.pk), waiting_at), {})]
    match.refresh_from_db()
    assert match.version > waiting_at and not bots_turn(match)
    # Past the window the sweep no longer looks (a read still would).
    long_ago = timezone.now() - play_services.BOT_SWEEP_WINDOW - timedelta(seconds=1)
    Match.objects.filter(pk=match.pk).update(last_action_at=long_ago)
    cache.clear()
    assert play_tasks.wake_stalled_bots() == 0


def test_the_periodic_look_is_scheduled():
    from config.celery import app

    entry = app.conf.beat_schedule["play-wake-stalled-bots"]
    assert entry["task"] == play_tasks.wake_stalled_bots.name


# ---------------------------------------------------------------- the round clock
def test_a_round_started_without_its_clock_is_still_settled_when_its_time_is_up(
    catalog, monkeypatch
):
    game = Game.objects.get(slug="alomfogo")
    organiser = make_user("szervezo", language="en")
    event = tournament_services.tournament_create(organiser=organiser, game=game, name="Kupa")
    for n in range(1, 5):
        player = make_user(f"p{n}", language="en")
        deck = first_cards_deck(player, f"Deck {n}", 15)
        tournament_services.tournament_register(tournament_id=event.pk, user=player, deck=deck)
    broker = Broker(monkeypatch, tournament_tasks.round_clock, "apply_async")
    client = signed_in(organiser)

    steps = zip(("start", "next-round"), REFUSALS, strict=True)
    for number, (step, error) in enumerate(steps, start=1):
        broker.down(error)
        answer = client.post(f"/tournaments/{event.pk}/{step}/")
        assert answer.status_code == 302 and answer["Location"] == f"/tournaments/{event.pk}/"
        assert len(broker.refused) == number  # the clock was refused
        rnd = Round.objects.get(tournament=event, number=number)
        pending = Pairing.objects.filter(round=rnd, outcome=Outcome.PENDING)
        assert pending.count() == 2  # nobody came to the tables

        # The round's time runs out; the event's page (every view of it, and its live part
        # every 5 s) runs the clock the broker could not hold.
        Round.objects.filter(pk=rnd.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
        page = f"/tournaments/{event.pk}/" if number == 1 else f"/tournaments/{event.pk}/live/"
        assert Client().get(page).status_code == 200
        assert not pending.exists()
        assert set(Pairing.objects.filter(round=rnd).values_list("outcome", flat=True)) == {
            Outcome.DOUBLE_LOSS
        }


# ---------------------------------------------------------------- a password reset
CSRF_TOKEN = re.compile(r'(?<=X-CSRFToken": ")[^"]+|(?<=name="csrfmiddlewaretoken" value=")[^"]+')


@refusals
def test_a_reset_the_broker_refuses_answers_as_for_an_address_nobody_uses(
    monkeypatch, caplog, error
):
    make_user("anna", email="anna@example.com", language="en")
    broker = Broker(monkeypatch, account_tasks.send_password_reset_mail)
    broker.down(error)

    def ask(email: str):
        visitor = Client(raise_request_exception=False)
        answer = visitor.post("/accounts/password/reset/", {"email": email})
        page = visitor.get(answer["Location"]).content.decode()
        return answer.status_code, answer.get("Location"), CSRF_TOKEN.sub("", page)

    with caplog.at_level(logging.ERROR, logger="core.task_queue"):
        registered = ask("anna@example.com")
    assert registered == ask("nobody@example.com")
    assert registered[:2] == (302, "/accounts/password/reset/sent/")
    assert len(broker.refused) == 1 and not mail.outbox
    # the site's keepers hear of it; the record names the account's id, never the address
    [record] = [r for r in caplog.records if r.name == "core.task_queue"]
    assert record.levelno == logging.ERROR and "anna@example.com" not in caplog.text
