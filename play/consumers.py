"""The live table: one websocket per seat (or spectator), each sent only its own view.

The consumer is asynchronous and does no work per update: the writer of a
move builds every seat's frame once and, after commit, it goes to the channel
group of the person in that seat (`frames.player_group`; spectators of a public
match share `frames.spectator_group`); the consumer forwards the text. A socket
listens to its person, never to a seat's position, so seats moving up when
someone leaves a waiting match can never hand it another player's view. Only
connecting, acting and a refused move reach the database, in a worker thread.
A move made on this socket is stored in that thread and its frames are sent
from the event loop once the thread is done (`frames.HeldFrames`), where the
channel layer lives: the thread does not wait on the loop.

The same socket carries the table's chat: `{"chat": text}` sends a message,
`{"mute": user_id, "on": bool}` hides someone's messages from this person. A
mute and a message are writes like those over HTTP and count against the same
writes a minute (`_write_counted`), a message also against the chat's own limits
(play.chat); a move is paced by the match.

Only the seated players and, at a public match, spectators may connect: an
invitation link to a waiting match opens its page to join, not its socket.
A refused request becomes an answer in one place (`_refused`): an error frame
to this socket only, naming the kind of message it refuses (`kind`: "action",
"chat" or "mute") once that is known, so the table says it where the person
acted. A chat line this socket sent is confirmed to it (`"sent": true` on the
line's chat frame): until then the table keeps the typed text.

A socket sends at most LIMIT_SOCKET_FRAMES_PER_SECOND frames a second on average
(core.socket_limits.FrameAllowance): past it, an error frame (`too_fast`) and the
socket closes (4429: the table keeps up over HTTP and comes back later), and the
frames queued behind are dropped unread. An answer on its way to a reader who has
hung up is dropped too (autobahn's Disconnected), not logged as the site's error.

Every frame a client sends is text of at most `FRAME_MAX_CHARS`, read by
core.jsonlimits (bounded nesting, no NUL, no key twice) and then by
play.table_input, as the HTTP API reads the same messages: one kind a frame,
no other keys, and every number a JSON number (`"version": true` or `"1"` is
not version 1).
"""

from __future__ import annotations

import functools
import time

from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.utils import translation
from django.utils.translation import gettext as _

from core import stage_times
from core.errors import ApplicationError, Conflict, NotFound
from core.jsonlimits import loads_bounded
from core.middleware import socket_language, write_counted
from core.socket_limits import OPEN_SOCKETS, FrameAllowance, visitor_key
from play import chat, frames, selectors, services, table_input

# A move echoes one of the legal actions and a chat message is 300 characters
# (at most 6 escaped bytes each): 16 KiB leaves room for both and keeps a
# client from making the server parse megabytes per frame.
FRAME_MAX_CHARS = 16 * 1024
# The close code for a visitor over LIMIT_SOCKETS_PER_VISITOR, or a socket sending too fast:
# the table polls over HTTP and tries the socket again later (static/js/live.js); 4404 and
# the other 4xxx codes are final.
CLOSE_TOO_MANY = 4429


def database_sync_to_async(func, *, thread_sensitive: bool = True):
    """`func` in a worker thread, its database connections given back when it returns.

    Channels' own `database_sync_to_async` closes connections around the
    worker thread's handler, but asgiref (3.13) runs the function inside
    that handler in the caller's context, where Django keeps its
    connections. Where that context outlives the call — under channels'
    WebsocketCommunicator in the tests — the cleanup saw no connection and
    each consumer kept one checked out of the pool: a test run on
    PostgreSQL ran the pool dry (PoolTimeout) after about eight websocket
    tests. Closing inside the function returns them in every case.
    """

    @functools.wraps(func)
    def closing(*args, **kwargs):
        close_old_connections()
        try:
            return func(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(closing, thread_sensitive=thread_sensitive)


def unless_hung_up(send):
    """The server's `send`, dropping what goes to a reader who has hung up meanwhile: there
    is no one to tell (under daphne, autobahn raises Disconnected into the application, and
    the server logged it as the site's error)."""

    async def send_unless_hung_up(message):
        try:
            await send(message)
        except Disconnected:
            pass

    return send_unless_hung_up


class MatchConsumer(AsyncJsonWebsocketConsumer):
    listening: frozenset[str] = frozenset()  # the channel groups this socket is in
    visitor: str | None = None  # whom this socket is counted against (core.socket_limits)
    language: str | None = None  # chosen on the first message, as for a page
    sent = (-1, "")  # (version, status) of the last frame this socket got
    muted: set[int] = frozenset()
    allowance: FrameAllowance | None = None  # the frames it may still send (connect)
    flooded = False  # closed for sending too fast: what it queued after is dropped

    async def __call__(self, scope, receive, send):
        """The consumer's whole life: its place among the visitor's sockets goes back however
        it ends — a disconnect, a handler's error, or the server cancelling it (daphne does when
        an app outlives a closed connection by `application_close_timeout`)."""
        try:
            await super().__call__(scope, receive, unless_hung_up(send))
        finally:
            self._give_back_place()

    async def dispatch(self, message):
        """Hand a message to its handler, without channels' database cleanup around it.

        Channels (4.2 and later) closes old database connections before every
        message by a hop to its one synchronous thread and back: for each frame
        a table is sent, and under load that thread is a queue every socket of
        the process waits in. This consumer never uses a connection on the
        event loop: every database call goes through `database_sync_to_async`
        above, which gives its connections back inside its own thread.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        # Every answer this socket gives (a refusal, a chat notice) speaks the player's
        # language, as the page does; the worker threads it calls inherit it.
        if self.language is None:
            self.language = socket_language(self.scope)
        with translation.override(self.language):
            await handler(message)

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.allowance = FrameAllowance(settings.LIMITS["SOCKET_FRAMES_PER_SECOND"])
        visitor = visitor_key(self.scope)
        if not OPEN_SOCKETS.take(visitor, settings.LIMITS["SOCKETS_PER_VISITOR"]):
            await self._too_many_sockets()
            return
        self.visitor = visitor  # given back in disconnect
        try:
            await self._open_table()
        except BaseException:
            # refused (4404) or failed before a disconnect was due: the place goes back now
            self._give_back_place()
            raise

    async def _open_table(self) -> None:
        try:
            seated = await database_sync_to_async(self._seated, thread_sensitive=False)()
        except ApplicationError:
            self._give_back_place()  # a refused handshake need not be followed by a disconnect
            await self.close(code=4404)
            return
        # Join before reading the state: a move made meanwhile arrives as a frame after it.
        await self._listen(seated)
        await self.accept()
        await self._send_current()
        history, muted = await database_sync_to_async(self._chat_history, thread_sensitive=False)()
        self.muted = muted
        await self.send_json({"type": "chat", "messages": history, "muted": sorted(muted)})

    async def disconnect(self, code):
        self._give_back_place()
        await self._listen_to(frozenset())

    async def _listen(self, seated: bool) -> None:
        """Listen as what the reader is now: a signed-in person always to their own group
        (their seat's frames, and word of their taking or leaving one), and to the
        spectators' group while they hold no seat (`_seated` let them watch)."""
        user = self.scope["user"]
        groups = set()
        if user.is_authenticated:
            groups.add(frames.player_group(self.match_id, user.pk))
        if not seated:
            groups.add(frames.spectator_group(self.match_id))
        await self._listen_to(frozenset(groups))

    async def _listen_to(self, groups: frozenset[str]) -> None:
        for group in groups - self.listening:
            await self.channel_layer.group_add(group, self.channel_name)
        for group in self.listening - groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.listening = groups

    def _give_back_place(self) -> None:
        """This socket no longer counts against its visitor (once, whichever way it ends)."""
        if self.visitor is not None:
            OPEN_SOCKETS.give_back(self.visitor)
            self.visitor = None

    async def _too_many_sockets(self) -> None:
        """Say why on the table (the page falls back to asking over HTTP), then close."""
        await self.accept()
        message = _(
            "You have too many live tables open (at most %(n)s): close one, and this one "
            "keeps up by asking the server every few seconds meanwhile."
        ) % {"n": settings.LIMITS["SOCKETS_PER_VISITOR"]}
        await self.send_json({"type": "error", "code": "too_many_sockets", "message": message})
        await self.close(code=CLOSE_TOO_MANY)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        """Parse a client's frame with the site's bounds (the base class would use json.loads)."""
        if self.flooded:
            return  # queued before the close: dropped unread
        if not self.allowance.take():
            await self._too_fast()
            return
        clock = stage_times.start()
        try:
            if text_data is None:
                raise ApplicationError("bad_message", _("Send text frames of JSON."))
            if len(text_data) > FRAME_MAX_CHARS:
                raise ApplicationError(
                    "frame_too_long",
                    _("A message is at most %(n)s characters of JSON.") % {"n": FRAME_MAX_CHARS},
                )
            # a key named twice says two things; the last would win without a word
            content = loads_bounded(text_data, unique_keys=True)  # BadJson: an ApplicationError
        except ApplicationError as bad:
            await self._refused(bad)
            return
        stage_times.lap("parse")
        await self.receive_json(content, **kwargs)
        stage_times.finish(clock)

    async def _too_fast(self) -> None:
        """Say why, then close: more frames than a person sends, each a database read."""
        self.flooded = True
        message = _(
            "This table sent more than %(n)s messages a second, more than a person sends: "
            "it keeps up by asking the server every few seconds, and comes back live soon."
        ) % {"n": settings.LIMITS["SOCKET_FRAMES_PER_SECOND"]}
        await self.send_json({"type": "error", "code": "too_fast", "message": message})
        await self.close(code=CLOSE_TOO_MANY)

    async def receive_json(self, content, **kwargs):
        try:
            kind, fields = table_input.read_message(content)
        except ApplicationError as refused:
            await self._refused(refused)
            return
        if kind == "chat":
            await self._chat(fields["chat"])
            return
        if kind == "mute":
            await self._mute(fields["mute"], fields["on"])
            return
        try:
            held = frames.HeldFrames()
            # Not thread-sensitive: moves of different matches wait for the
            # database side by side; the match row's lock orders each match's.
            await database_sync_to_async(services.match_submit_action, thread_sensitive=False)(
                match_id=self.match_id,
                user=self.scope["user"],
                action=fields["action"],
                expected_version=fields["version"],
                held=held,
            )
        except ApplicationError as refused:
            await self._refused(refused, kind)
            return
        stage_times.lap("back to the event loop")
        await held.send()
        stage_times.lap("channel layer")
        # The new frame reaches this consumer through match_frame, like everyone's.

    async def _refused(self, refused: ApplicationError, kind: str | None = None) -> None:
        """A refusal, answered only to this socket: the others' tables did not change.

        `kind` names what was refused (a table_input kind), None for a frame that was not
        read as any. A stale move (Conflict) is followed by the table as it is now; a match
        this reader may no longer see (NotFound) closes the socket as connecting would.
        """
        body = {"code": refused.code, "message": str(refused.message), **refused.extra}
        if kind is not None:
            body["kind"] = kind
        await self.send_json({"type": "error", **body})
        if isinstance(refused, Conflict):
            await self._send_current()
        elif isinstance(refused, NotFound):
            await self.close(code=4404)

    async def match_frame(self, event):
        """A frame built for this seat by the writer of a move (already JSON text)."""
        if "sent_at" in event:  # the live benchmark's timers are on
            stage_times.record("channel layer to consumer", time.time() - event["sent_at"])
        version, status = event["version"], event["status"]
        seen_version, seen_status = self.sent
        # Skip what this socket already shows: an older version, or the same
        # version and status again (its connect frame may have shown it first).
        if version < seen_version or (version == seen_version and status == seen_status):
            return
        self.sent = (version, status)
        started = time.perf_counter()
        await self.send(text_data=event["text"])
        stage_times.record("consumer to socket", time.perf_counter() - started)

    async def match_seat_changed(self, event):
        """This person took a seat at the match or gave theirs up (`services.match_join`,
        `match_leave`): the socket listens as what they are now and shows that table — or
        closes as connecting would when they may no longer watch (a private match)."""
        try:
            seated = await database_sync_to_async(self._seated, thread_sensitive=False)()
        except ApplicationError:
            await self._listen_to(frozenset())
            await self.close(code=4404)
            return
        await self._listen(seated)
        await self._send_current()

    async def match_rematch(self, event):
        """A player of this finished match opened a new one from it: where (already JSON text)."""
        await self.send(text_data=event["text"])

    async def match_chat(self, event):
        message = event["message"]
        if message["author_id"] not in self.muted:
            await self.send_json({"type": "chat", "messages": [message]})

    async def _chat(self, text):
        try:
            line = await database_sync_to_async(self._chat_post, thread_sensitive=False)(text)
        except ApplicationError as refused:
            await self._refused(refused, "chat")
            return
        # the line reaches everyone (this socket too) through match_chat; this says to its
        # writer that it was taken, whichever comes first (the table shows each line once)
        await self.send_json({"type": "chat", "messages": [line], "sent": True})

    def _chat_post(self, text) -> dict:
        """A message sent on this socket, counted as a write (`_write_counted`) first, as the
        API's and the page form's are by core.middleware.WriteRateMiddleware; the line sent."""
        self._write_counted()
        message = chat.chat_post(match_id=self.match_id, user=self.scope["user"], text=text)
        return chat.message_dict(message)

    async def _mute(self, muted_id, on):
        try:
            self.muted = await database_sync_to_async(self._muted, thread_sensitive=False)(
                muted_id, on
            )
        except ApplicationError as refused:
            await self._refused(refused, "mute")
            return
        history, _muted = await database_sync_to_async(self._chat_history)()
        await self.send_json(
            {"type": "chat", "messages": history, "muted": sorted(self.muted), "replace": True}
        )

    def _muted(self, muted_id, on) -> set[int]:
        """A mute asked for on this socket, counted as a write (`_write_counted`) first."""
        self._write_counted()
        return chat.chat_mute(
            match_id=self.match_id, user=self.scope["user"], muted_id=muted_id, on=on
        )

    def _write_counted(self) -> None:
        """Count a write of this socket's person against their writes a minute, or refuse it
        past the limit with the HTTP answer's code and words (too_many_writes).

        The same count as core.middleware.WriteRateMiddleware's (`visitor_key` gives the
        "user:<pk>" or "address:<ip>" its `_writer` does), in the cache every process
        shares, so a socket is no way round it: each mute writes a row and is answered
        with the chat's history, each message writes a row and goes to every seat.
        """
        refused = write_counted(visitor_key(self.scope))
        if refused:
            raise ApplicationError("too_many_writes", refused)

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
        await self.send(text_data=frames.frame_text(payload))

    def _seated(self) -> bool:
        """Whether the reader holds a seat (else a spectator); NotFound for anyone who may not
        watch.

        `match_for` also opens a waiting match to whoever has its link, so that
        they can join it; its socket (the table's frames and chat) is only for
        the seated players and, when the match is public, spectators.
        """
        match, seat = selectors.match_for(match_id=self.match_id, user=self.scope["user"])
        if seat is None and not match.public:
            raise NotFound("not_found", _("No such match."))
        services.bot_wake_if_stalled(match)  # connecting is a table's first read
        return seat is not None

    def _payload(self) -> dict:
        match, seat = selectors.match_for(match_id=self.match_id, user=self.scope["user"])
        return frames.match_payload(match, seat)
