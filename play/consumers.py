"""The live table: one websocket per seat (or spectator), each sent only its own view.

The consumer is asynchronous and does no work per update: the writer of a
move builds every seat's frame once, after commit, and sends it to that seat's
channel group (`services.group_name`); the consumer forwards the text. Only
connecting, acting and a refused move reach the database, in a worker thread.

The same socket carries the table's chat: `{"chat": text}` sends a message,
`{"mute": user_id, "on": bool}` hides someone's messages from this person.
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.http import Http404

from core.errors import ApplicationError, Conflict
from play import chat, services


class MatchConsumer(AsyncJsonWebsocketConsumer):
    group = None
    sent = (-1, "")  # (version, status) of the last frame this socket got
    muted: set[int] = frozenset()

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        try:
            position = await database_sync_to_async(self._position, thread_sensitive=False)()
        except Http404:
            await self.close(code=4404)
            return
        # Join before reading the state: a move made meanwhile arrives as a frame after it.
        self.group = services.group_name(self.match_id, position)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send_current()
        history, muted = await database_sync_to_async(self._chat_history, thread_sensitive=False)()
        self.muted = muted
        await self.send_json({"type": "chat", "messages": history, "muted": sorted(muted)})

    async def disconnect(self, code):
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and "chat" in content:
            await self._chat(content["chat"])
            return
        if isinstance(content, dict) and "mute" in content:
            await self._mute(content["mute"], content.get("on", True) is not False)
            return
        if not isinstance(content, dict) or not isinstance(content.get("version"), int):
            await self.send_json(
                {"type": "error", "code": "bad_message", "message": "Send {action, version}."}
            )
            return
        try:
            # Not thread-sensitive: moves of different matches wait for the
            # database side by side; the match row's lock orders each match's.
            await database_sync_to_async(services.match_submit_action, thread_sensitive=False)(
                match_id=self.match_id,
                user=self.scope["user"],
                action=content.get("action"),
                expected_version=content["version"],
            )
        except ApplicationError as refused:
            # Only the sender hears why; the others' tables did not change.
            await self.send_json(
                {"type": "error", "code": refused.code, "message": str(refused.message)}
            )
            if isinstance(refused, Conflict):
                await self._send_current()
        except Http404:
            await self.close(code=4404)
        # On success the new frame reaches this consumer through match_frame, like everyone's.

    async def match_frame(self, event):
        """A frame built for this seat by the writer of a move (already JSON text)."""
        version, status = event["version"], event["status"]
        seen_version, seen_status = self.sent
        # Skip what this socket already shows: an older version, or the same
        # version and status again (its connect frame may have shown it first).
        if version < seen_version or (version == seen_version and status == seen_status):
            return
        self.sent = (version, status)
        await self.send(text_data=event["text"])

    async def match_chat(self, event):
        message = event["message"]
        if message["author_id"] not in self.muted:
            await self.send_json({"type": "chat", "messages": [message]})

    async def _chat(self, text):
        try:
            await database_sync_to_async(chat.chat_post, thread_sensitive=False)(
                match_id=self.match_id, user=self.scope["user"], text=text
            )
        except ApplicationError as refused:
            await self.send_json(
                {"type": "error", "code": refused.code, "message": str(refused.message)}
            )

    async def _mute(self, muted_id, on: bool):
        try:
            self.muted = await database_sync_to_async(chat.chat_mute, thread_sensitive=False)(
                match_id=self.match_id, user=self.scope["user"], muted_id=muted_id, on=on
            )
        except ApplicationError as refused:
            await self.send_json(
                {"type": "error", "code": refused.code, "message": str(refused.message)}
            )
            return
        history, _muted = await database_sync_to_async(self._chat_history)()
        await self.send_json(
            {"type": "chat", "messages": history, "muted": sorted(self.muted), "replace": True}
        )

    def _chat_history(self) -> tuple[list[dict], set[int]]:
        user = self.scope["user"]
        return (
            chat.chat_history(match_id=self.match_id, user=user),
            chat.muted_ids(self.match_id, user),
        )

    async def _send_current(self):
        payload = await database_sync_to_async(self._payload, thread_sensitive=False)()
        if payload["version"] >= self.sent[0]:
            self.sent = (payload["version"], payload["status"])
        await self.send(text_data=json.dumps(payload, separators=(",", ":")))

    def _position(self) -> int | None:
        _match, seat = services.match_for(match_id=self.match_id, user=self.scope["user"])
        return seat.position if seat else None

    def _payload(self) -> dict:
        match, seat = services.match_for(match_id=self.match_id, user=self.scope["user"])
        return services.match_payload(match, seat)
