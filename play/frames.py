"""What each seat of a table is sent, and the sending.

A frame is one reader's table: its own view of the state (never the state),
what it may do, who sits where and the printed facts of the cards it shows.
Live tables, replays and the HTTP API all answer with this one shape
(`frame`). The writer of a change builds every seat's frame once, as JSON
text, and sends each to that seat's channel group — one group per seat and
one for spectators, so a message on the channel layer never carries a view to
anyone but its reader. The table's chat goes to the same groups.
"""

from __future__ import annotations

import asyncio
import time

import orjson
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import timezone

from core import stage_times
from play import names
from play.models import Match, MatchStatus, Seat
from play.selectors import ABANDON_AFTER, match_state, public_cards, seat_at, seats_of

SPECTATORS = "watch"


def group_name(match_id, position: int | None) -> str:
    """The channel group of one seat of a match, or of its spectators (position None)."""
    return f"match-{match_id}-{SPECTATORS if position is None else position}"


def frame(
    *, version: int, seat: int | None, status: str, view, legal: list, result, players
) -> dict:
    """The shape every table reader gets, live or replayed (`view` None: nothing dealt yet)."""
    return {
        "type": "state",
        "version": version,
        "seat": seat,
        "status": status,
        "view": view,
        "legal": legal,
        "result": result,
        "players": players,
        "cards": {} if view is None else public_cards(view),
    }


def match_payload(
    match: Match, seat: Seat | None, *, state=None, seats: list[Seat] | None = None
) -> dict:
    """What one seat (or a spectator) receives: its own view, never the state.

    `state` and `seats` spare the queries when the caller has them already.
    """
    position = seat.position if seat else None
    if seats is None:
        seats = seats_of(match)
    players = names.players(seats)
    if match.status == MatchStatus.WAITING:
        return frame(
            version=match.version, seat=position, status=match.status, view=None, legal=[],
            result=None, players=players,
        )  # fmt: skip
    if state is None:
        state = match_state(match)
    bot_seat = bool(seat and seat.bot)  # a bot plays this person's seat: they only watch
    legal = (
        state.legal_actions(position)
        if position is not None
        and not bot_seat
        and match.status == MatchStatus.RUNNING
        and state.active_player == position
        else []
    )
    return {
        **frame(
            version=match.version,
            seat=position,
            status=match.status,
            view=state.view(position),
            legal=legal,
            result=match.result,
            players=players,
        ),  # fmt: skip
        "seed_sha256": match.seed_sha256,
        # as text: a browser reads a 63-bit JSON number as a rounded float
        "seed": None if match.seed_revealed is None else str(match.seed_revealed),
        "last_action_at": match.last_action_at.isoformat() if match.last_action_at else None,
        "rated": match.rated,
        "rating_changes": match.rating_changes,
        "server_time": timezone.now().isoformat(),
        "claim_after": int(ABANDON_AFTER.total_seconds()),
        "bot_seat": bot_seat,
    }


def frame_text(payload: dict) -> str:
    """A frame as the JSON text a socket sends (orjson: a tenth of the json module's time)."""
    return orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS).decode()


def seat_frames(match: Match, seats: list[Seat], state) -> dict[int | None, str]:
    """Each seat's frame and, for a public match, the spectators' (key None), as JSON text."""
    texts = {}
    watchers = [None] if match.public else []  # nobody may watch a private match
    for position in [s.position for s in seats] + watchers:
        payload = match_payload(match, seat_at(seats, position), state=state, seats=seats)
        texts[position] = frame_text(payload)
    return texts


def frame_events(
    match_id, version: int, status: str, texts: dict[int | None, str]
) -> dict[str, dict]:
    """The channel-layer event for each seat's group (and the spectators'): its own frame."""
    event = {"type": "match.frame", "version": version, "status": status}
    if stage_times.enabled():  # the consumer times the channel layer's part
        event["sent_at"] = time.time()
    return {
        group_name(match_id, position): {**event, "text": text} for position, text in texts.items()
    }


def send_frames(match_id, version: int, status: str, texts: dict[int | None, str]) -> None:
    """Send each seat (and the spectators) the frame built for it."""
    send_events_now(frame_events(match_id, version, status, texts))


class HeldFrames:
    """Frames a move's writer leaves to its caller to send, while the caller waits for it.

    The live table's consumer runs the move in a worker thread and then sends
    the frames from its own event loop, where the channel layer lives: sending
    from the thread would hand each send back to that loop and wait for it.
    Once the caller stops waiting (`closed`), frames of a commit still to come
    (an outer transaction) are sent by their writer as usual.
    """

    def __init__(self) -> None:
        self.events: dict[str, dict] = {}
        self.closed = False

    def hold_or_send(self, events: dict[str, dict]) -> None:
        if self.closed:
            send_events_now(events)
        else:
            self.events.update(events)

    async def send(self) -> None:
        self.closed = True
        events, self.events = self.events, {}
        await send_events(events)


def send_chat(match: Match, message: dict) -> None:
    """One chat message to every seat of the match and, when it is public, its spectators."""
    positions: list[int | None] = list(match.seats.values_list("position", flat=True))
    if match.public:
        positions.append(None)
    event = {"type": "match.chat", "message": message}
    send_events_now({group_name(match.pk, position): event for position in positions})


async def send_events(events: dict[str, dict]) -> None:
    """One event to each group (by name), all at once, through the channel layer."""
    layer = get_channel_layer()
    if layer is None or not events:
        return
    if hasattr(layer, "group_send_many"):  # core.channel_layer: one round trip for all
        await layer.group_send_many(events)
    else:
        await asyncio.gather(*(layer.group_send(group, event) for group, event in events.items()))


def send_events_now(events: dict[str, dict]) -> None:
    """`send_events` from synchronous code (a view, a Celery task, a worker thread)."""
    async_to_sync(send_events)(events)


def notify(match_id) -> None:
    """Send every seat and spectator of a match its current view (after a change outside a move)."""
    match = Match.objects.select_related("game").get(pk=match_id)
    seats = seats_of(match)
    state = match_state(match) if match.status != MatchStatus.WAITING else None
    send_frames(match.pk, match.version, match.status, seat_frames(match, seats, state))
