"""A move made from the live table: its frames go out once stored, whoever ends up sending them.

The consumer runs the move in a worker thread and sends the seats' frames
from its own event loop (`frames.HeldFrames`). The frames must never go out
before the move is committed, and must not be lost when the move commits
only after the consumer stopped waiting (a caller's outer transaction).
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from play import frames, services
from tests.play.test_matches import players, started_duel  # noqa: F401 - players: the fixture

pytestmark = pytest.mark.django_db(transaction=True)


def seated_groups(match) -> dict[int, str]:
    """Each seat's position and the channel group of the person in it (play.frames)."""
    return {s.position: frames.player_group(match.pk, s.user_id) for s in match.seats.all()}


async def listen(match, groups: dict[int, str]) -> tuple[object, dict[int, str]]:
    """A channel in each seated person's group, as their consumers would have."""
    layer = get_channel_layer()
    channels = {}
    for position, group in groups.items():
        channels[position] = await layer.new_channel()
        await layer.group_add(group, channels[position])
    return layer, channels


async def versions_received(layer, channels) -> dict[int, int]:
    got = {}
    for position, channel in channels.items():
        message = await asyncio.wait_for(layer.receive(channel), timeout=5)
        got[position] = message["version"]
    return got


def test_held_frames_wait_for_the_consumer_and_reach_every_seat(players):  # noqa: F811
    match, mover, action = started_duel(players)
    groups = seated_groups(match)

    async def scenario():
        layer, channels = await listen(match, groups)
        held = frames.HeldFrames()
        await asyncio.get_running_loop().run_in_executor(
            None,
            lambda: services.match_submit_action(
                match_id=match.pk, user=mover, action=action, expected_version=match.version,
                held=held,
            ),
        )  # fmt: skip
        # stored, built, and not yet sent: the consumer sends them
        assert set(held.events) == set(groups.values())
        await held.send()
        return await versions_received(layer, channels)

    assert async_to_sync(scenario)() == {0: match.version + 1, 1: match.version + 1}


def test_a_move_committed_after_the_consumer_stopped_waiting_is_still_sent(players):  # noqa: F811
    match, mover, action = started_duel(players)
    groups = seated_groups(match)

    async def scenario():
        layer, channels = await listen(match, groups)
        held = frames.HeldFrames()

        def move_in_an_outer_transaction():
            with transaction.atomic():  # the move commits only when this block ends
                services.match_submit_action(
                    match_id=match.pk, user=mover, action=action,
                    expected_version=match.version, held=held,
                )  # fmt: skip
                assert held.events == {}  # nothing is held, or sent, before the commit
                async_to_sync(held.send)()  # the consumer is done waiting

        await asyncio.get_running_loop().run_in_executor(None, move_in_an_outer_transaction)
        return await versions_received(layer, channels)

    assert async_to_sync(scenario)() == {0: match.version + 1, 1: match.version + 1}
