"""The Redis channel layer the web processes share (core.channel_layer), against real Redis.

Two layer objects stand for two web processes: what one sends, the other's
sockets receive, each group only its own message.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from redis import asyncio as aioredis

from core.channel_layer import FanOutChannelLayer

pytestmark = pytest.mark.integration


def two_processes(redis_url):
    return (FanOutChannelLayer(hosts=[{"address": redis_url}]) for _ in range(2))


def test_a_moves_frames_reach_each_seat_in_another_process_and_no_one_else(redis_url):
    writer, reader = two_processes(redis_url)

    async def scenario():
        seat0, seat1, watcher = [await reader.new_channel() for _ in range(3)]
        await reader.group_add("match-x-0", seat0)
        await reader.group_add("match-x-1", seat1)
        await reader.group_add("match-x-watch", watcher)
        await writer.group_send_many(
            {"match-x-0": {"type": "match.frame", "text": "zero"},
             "match-x-1": {"type": "match.frame", "text": "one"}}
        )  # fmt: skip
        got = [await asyncio.wait_for(reader.receive(c), timeout=5) for c in (seat0, seat1)]
        nothing = asyncio.ensure_future(reader.receive(watcher))
        await asyncio.sleep(0.3)
        assert not nothing.done()  # a group nobody sent to hears nothing
        nothing.cancel()
        await reader.group_discard("match-x-1", seat1)
        await writer.group_send("match-x-1", {"type": "match.frame", "text": "gone"})
        late = asyncio.ensure_future(reader.receive(seat1))
        await asyncio.sleep(0.3)
        assert not late.done()  # a socket that left its group is sent nothing more
        late.cancel()
        await reader.flush()
        await writer.flush()
        return [m["text"] for m in got]

    assert async_to_sync(scenario)() == ["zero", "one"]


def test_the_health_round_trip_leaves_no_subscription_behind(redis_url):
    layer, _other = two_processes(redis_url)

    async def scenario():
        # Only this round trip's own channel: Redis's pub/sub is server-wide, and
        # another test process's health checks may be listening at this moment.
        loop_layer, names = layer._get_layer(), []
        new_channel = loop_layer.new_channel

        async def recorded(prefix="specific."):
            names.append(await new_channel(prefix))
            return names[-1]

        loop_layer.new_channel = recorded
        answer = await layer.round_trip({"type": "healthz.ping"})
        client = aioredis.Redis.from_url(redis_url)
        try:
            assert len(names) == 1 and names[0].startswith("asgihealthz.")
            channels = await client.pubsub_channels(names[0])
        finally:
            await client.aclose()
        await layer.flush()
        return answer, channels

    answer, channels = async_to_sync(scenario)()
    assert answer == {"type": "healthz.ping"} and channels == []


def test_group_sends_from_many_tables_at_once_do_not_wait_in_one_line(redis_url):
    """A hundred moves' frames sent together all arrive (each on a pooled connection)."""
    writer, reader = two_processes(redis_url)

    async def scenario():
        channels = [await reader.new_channel() for _ in range(100)]
        for n, channel in enumerate(channels):
            await reader.group_add(f"match-{n}-0", channel)
        await asyncio.gather(
            *(
                writer.group_send_many({f"match-{n}-0": {"type": "match.frame", "text": str(n)}})
                for n in range(100)
            )
        )
        got = [await asyncio.wait_for(reader.receive(c), timeout=5) for c in channels]
        await reader.flush()
        await writer.flush()
        return [m["text"] for m in got]

    assert async_to_sync(scenario)() == [str(n) for n in range(100)]
