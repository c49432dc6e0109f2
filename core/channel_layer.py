"""The channel layer on Redis: channels-redis's pub/sub layer, with group sends that do not queue.

The live table sends a frame to a seat's group and nothing else travels the
layer, so a message needs no queue in Redis: a subscriber that is gone would
read the whole current view when it reconnects anyway. channels-redis's
pub/sub layer fits that (one PUBLISH per group; Redis pushes each message to
the processes holding the group's sockets), where its core layer pays several
round trips per group send and reads each process's messages one blocking
pop at a time. Measured with bench/live.py on two server processes (100
matches at full speed), the core layer held frames about half a second on
their way to the sockets.

One thing is changed. The pub/sub layer sends every message of a process
through one connection under one lock, so under load the sends of all tables
wait in one line, each for its own round trip. Here group sends go out on a
pool of connections, and `group_send_many` sends a move's frames for every
seat in one round trip (a pipeline). Subscribing, receiving and cleaning up
are the library's.

A subscription is sent before the consumer reads the match (it joins, then
reads): a frame published before Redis took the subscription belongs to a
move committed before that read, so the consumer's read shows it.
"""

from __future__ import annotations

import asyncio

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer
from channels_redis.utils import _close_redis, _wrap_close, create_pool
from redis import asyncio as aioredis


class FanOutChannelLayer(RedisPubSubChannelLayer):
    """channels-redis's pub/sub layer; group sends on pooled connections, many in one trip."""

    async def group_send_many(self, events: dict[str, dict]) -> None:
        """Each group (by name) its own message, in one round trip per Redis shard."""
        await self._get_layer().group_send_many(events)

    async def round_trip(self, message: dict) -> dict:
        """Send `message` to a channel of this process's and receive it (the health check).

        A pub/sub channel drops what nobody listens to, so the channel is
        subscribed before the send and unsubscribed after, as the library
        does when a consumer's receive is cancelled.
        """
        layer = self._get_layer()
        channel = await layer.new_channel("healthz.")
        try:
            await layer.send(channel, message)
            return await layer.receive(channel)
        finally:
            layer.channels.pop(channel, None)
            await layer._get_shard(channel).unsubscribe(channel)

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        try:
            return self._layers[loop]
        except KeyError:
            layer = _FanOutLoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)  # the library flushes a loop's layer when the loop closes
            return layer


class _FanOutLoopLayer(RedisPubSubLoopLayer):
    """One event loop's layer: the library's, plus a publishing client per shard."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._publishers: dict[int, aioredis.Redis] = {}

    def _publisher(self, shard_index: int) -> aioredis.Redis:
        client = self._publishers.get(shard_index)
        if client is None:
            pool = create_pool(self._shards[shard_index].host)
            client = self._publishers[shard_index] = aioredis.Redis(connection_pool=pool)
        return client

    async def group_send(self, group, message):
        await self.group_send_many({group: message})

    async def group_send_many(self, events: dict[str, dict]) -> None:
        """Each group its message: one pipelined round trip per Redis shard involved."""
        by_shard: dict[int, list[tuple[str, bytes]]] = {}
        for group, message in events.items():
            channel = self._get_group_channel_name(group)
            shard_index = self._shards.index(self._get_shard(channel))
            by_shard.setdefault(shard_index, []).append(
                (channel, self.channel_layer.serialize(message))
            )
        await asyncio.gather(
            *(self._publish(index, messages) for index, messages in by_shard.items())
        )

    async def _publish(self, shard_index: int, messages: list[tuple[str, bytes]]) -> None:
        async with self._publisher(shard_index).pipeline(transaction=False) as pipe:
            for channel, data in messages:
                pipe.publish(channel, data)
            await pipe.execute()

    async def flush(self):
        publishers, self._publishers = self._publishers, {}
        for client in publishers.values():
            await _close_redis(client)
        await super().flush()
