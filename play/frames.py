"""What each seat of a table is sent, and the sending.

A frame is one reader's table: its own view of the state (never the state),
what it may do, who sits where and the printed facts of the cards it shows.
Live tables, replays and the HTTP API all answer with this one shape
(`frame`). The writer of a change builds every seat's frame once, as JSON
text, and sends each to the channel group of the person sitting there when
it is built (`reader_groups`) — one group per person at the match and one
for spectators — so a message on the channel layer never carries a view to
anyone but its reader. A group is a person's, never a position's: positions
move (a player leaving a waiting match moves the later seats up one), and a
socket listening to a position would go on hearing whoever sits there next.
The table's chat goes to the same groups.
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
from play.selectors import (
    ABANDON_AFTER,
    called_off,
    match_state,
    public_cards,
    seat_at,
    seats_of,
)

SPECTATORS = "watch"


def player_group(match_id, user_id: int) -> str:
    """The channel group of one person's sockets at a match: the frames of the seat they hold.

    A person holds at most one seat of a match (the one-seat-per-user
    constraint) and keeps it while its position moves, so whatever reaches this
    group is theirs: their own seat's view, or nothing once they hold none.
    """
    return f"match-{match_id}-user-{user_id}"


def spectator_group(match_id) -> str:
    """The channel group of a public match's spectators: the view that hides every hand."""
    return f"match-{match_id}-{SPECTATORS}"


def reader_groups(match: Match, seats: list[Seat]) -> dict[int | None, str]:
    """Where each seat's frame goes: the group of the person in it, as `seats` says (read
    with the frames, never remembered), and for a public match the spectators' (key None).

    A bot's own seat has nobody to send to; a person's seat a bot plays for them
    still goes to that person (they watch it, `bot_seat`).
    """
    groups: dict[int | None, str] = {
        s.position: player_group(match.pk, s.user_id) for s in seats if s.user_id is not None
    }
    if match.public:  # nobody may watch a private match
        groups[None] = spectator_group(match.pk)
    return groups


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
    if match.status == MatchStatus.WAITING or called_off(match):
        # nothing dealt yet, or ever: a match called off may lack players for a deal
        return frame(
            version=match.version, seat=position, status=match.status, view=None, legal=[],
            result=match.result, players=players,
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
        # the person left the table (match_resign at a table of three or more): the bot plays
        # their seat to the end and, unlike a seat taken while they were away, never gives it
        # back (match_take_seat_back refuses it)
        "seat_left": bool(bot_seat and seat.left),
    }


def frame_text(payload: dict) -> str:
    """A frame as the JSON text a socket sends (orjson: a tenth of the json module's time)."""
    return orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS).decode()


def seat_frames(match: Match, seats: list[Seat], state) -> dict[int | None, str]:
    """The frame of each seat a person holds and, for a public match, the spectators' (key
    None), as JSON text: one for every reader `reader_groups` sends to."""
    texts = {}
    for position in reader_groups(match, seats):
        payload = match_payload(match, seat_at(seats, position), state=state, seats=seats)
        texts[position] = frame_text(payload)
    return texts


def frame_events(
    match: Match, seats: list[Seat], version: int, status: str, texts: dict[int | None, str]
) -> dict[str, dict]:
    """The channel-layer event for each reader's group: its own frame.

    `seats` are those the frames were built from: each goes to the person
    sitting in its seat then, whatever position that person's socket connected at.
    """
    event = {"type": "match.frame", "version": version, "status": status}
    if stage_times.enabled():  # the consumer times the channel layer's part
        event["sent_at"] = time.time()
    groups = reader_groups(match, seats)
    return {
        groups[position]: {**event, "text": text}
        for position, text in texts.items()
        if position in groups
    }


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
    """One chat message to every person seated at the match (as the seats are now: not to one
    who left) and, when it is public, its spectators."""
    people = match.seats.exclude(user=None).values_list("user_id", flat=True)
    groups = [player_group(match.pk, user_id) for user_id in people]
    if match.public:
        groups.append(spectator_group(match.pk))
    event = {"type": "match.chat", "message": message}
    send_events_now(dict.fromkeys(groups, event))


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


def send_rematch(match_id, user_ids: list[int], url: str) -> None:
    """Tell the players `user_ids` of a finished match that one of them opened a new match
    from it (at `url`): their tables link to it at once, not only on a reload.

    Only to those people's groups: a spectator has no seat to take in it.
    """
    event = {"type": "match.rematch", "text": frame_text({"type": "rematch", "url": url})}
    send_events_now({player_group(match_id, user_id): event for user_id in user_ids})


def send_seat_changed(match_id, user_id: int) -> None:
    """Tell a person's sockets at a match that they took a seat there or gave theirs up:
    each listens again as what the person is now (a player, a spectator, or nobody)."""
    send_events_now({player_group(match_id, user_id): {"type": "match.seat_changed"}})


def notify(match_id) -> None:
    """Send every seat and spectator of a match its current view (after a change outside a move)."""
    match = Match.objects.select_related("game").get(pk=match_id)
    seats = seats_of(match)
    dealt = match.status != MatchStatus.WAITING and not called_off(match)
    state = match_state(match) if dealt else None
    texts = seat_frames(match, seats, state)
    send_events_now(frame_events(match, seats, match.version, match.status, texts))
