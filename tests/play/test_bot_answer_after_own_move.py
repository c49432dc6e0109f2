"""With a real worker, the bot's answer may come before the mover's own frame is sent.

A move made over the socket has its frames held until the consumer's handler returns
(they go out from its event loop). The bot's task used to be sent first whenever Celery
was not eager, so a quick worker's frame (version v+1) reached the table before the
mover's own (v), which the table then dropped as older: the move never showed. Here the
worker takes the task the moment it is sent, as a quick worker on `make run`'s stack can.
"""

from __future__ import annotations

import random

import pytest
from asgiref.sync import async_to_sync
from django.core.management import call_command

from catalog.models import Card
from config.celery import app as celery_app
from play import services
from play.tasks import bot_move
from tests.factories import make_user
from tests.play.test_matches import connect, legal_deck

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def quick_worker(monkeypatch):
    """Celery not eager, as with a worker, and the worker runs the task as it is sent."""
    monkeypatch.setattr(bot_move, "delay", lambda *a, **k: bot_move.apply(args=a, kwargs=k))
    eager = celery_app.conf.task_always_eager  # Celery's settings object: set and put back
    celery_app.conf.task_always_eager = False
    yield
    celery_app.conf.task_always_eager = eager


def test_each_of_my_moves_reaches_my_table_before_the_bots_answer(quick_worker):
    if not Card.objects.exists():  # transactional tests empty the database: each loads them
        call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi")
    deck = legal_deck(zsofi)
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")

    async def play_until_the_bots_turn() -> list[tuple[int, list[int]]]:
        socket, connected = await connect(match, zsofi)
        assert connected
        frame = await socket.receive_json_from(timeout=5)
        assert (await socket.receive_json_from(timeout=5))["type"] == "chat"
        rng, moves = random.Random(3), []
        while frame["status"] == "running":
            version = frame["version"]
            await socket.send_json_to({"action": rng.choice(frame["legal"]), "version": version})
            seen = [await socket.receive_json_from(timeout=5)]
            while seen[-1]["status"] == "running" and not seen[-1]["legal"]:
                seen.append(await socket.receive_json_from(timeout=5))
            moves.append((version, [f["version"] for f in seen]))
            if len(seen) > 1:  # the bot has answered: the case this test is about
                break
            frame = seen[-1]
        await socket.disconnect()
        return moves

    moves = async_to_sync(play_until_the_bots_turn)()
    assert any(len(seen) > 1 for _version, seen in moves), "the bot never got a turn"
    for version, seen in moves:
        assert seen[0] == version + 1, f"my move to v{version + 1} never showed: got {seen}"
        assert seen == sorted(seen)
