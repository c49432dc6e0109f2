"""In-match chat: short messages between the players of one match.

Who may read: the seated players, and anyone for a public match (its
spectators). Who may write: only the seated players — an invitation link
shows a waiting match to whoever has it, and that is not a seat at the table.
A message is plain text of at most settings.LIMITS["CHAT_MAX_CHARS"]
characters without NUL, control characters or direction overrides (core.text),
with a character one can see — the table shows it as text, never as HTML — and one
person may send at most `RATE_MAX` messages in `RATE_WINDOW` at one table.
A finished match's chat stays open for `AFTER_THE_END` (a "gg", a word on the
game), then closes; and a match keeps at most `KEPT_MAX` messages, so nobody
fills the database through one table at the pace the rate allows. Every door
(the socket, the API, the page's form) posts through `chat_post`, which checks both.
Anyone who may read may mute another person at that table; muted messages are
not sent to them.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ApplicationError, NotFound
from core.params import id_param
from core.text import plain_text, trimmed
from play import frames
from play.models import ChatMessage, ChatMute, Match, MatchStatus, Seat

RATE_WINDOW = timedelta(seconds=10)
RATE_MAX = 5
HISTORY = 50
# How long after a match ends its players may still write: long enough for a "gg" and a
# word on the game, as card and chess sites allow, not a place to talk for ever.
AFTER_THE_END = timedelta(minutes=10)
# Messages one match keeps at most: far more than a game's talk (the table shows the last
# HISTORY), while the rate alone let two players add 60 rows a minute for as long as it ran.
KEPT_MAX = 500


class ChatRefused(ApplicationError):
    pass


class ChatPlayersOnly(ApplicationError):
    status_code = 403


class ChatTooFast(ApplicationError):
    status_code = 429
    retry_after = int(RATE_WINDOW.total_seconds())


def max_chars() -> int:
    return settings.LIMITS["CHAT_MAX_CHARS"]


def message_dict(message: ChatMessage) -> dict:
    return {
        "id": message.pk,
        "author": message.author.username,
        "author_id": message.author_id,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def clean_text(text) -> str:
    """The message as it will be stored: whitespace runs made single, ends trimmed.

    Refuses (ChatRefused) what is not text, text with NUL (PostgreSQL cannot
    store it) and text longer than the limit; and (core.text.TextRefused,
    `invisible_control`) text with a control character or a direction
    override, which would change how the message shows to the others.
    "" when nothing in it can be seen (`trimmed` says so): a message of
    zero-width spaces, a lone combining mark or a Hangul filler is as empty to
    its readers as one of spaces, and `chat_post` refuses it the same way.
    """
    limit = max_chars()
    if not isinstance(text, str):
        raise ChatRefused("chat_not_text", _("A message is text."))
    # Measured before tidying too, so a huge text is refused without splitting it.
    if len(text) > 4 * limit:
        raise _too_long(limit)
    if "\x00" in text:
        raise ChatRefused("nul_character", _("A message may not contain the NUL character."))
    # Line breaks, tabs and the other white space controls are folded to a space first.
    # A direction control is refused at an end too (plain_text before trimming), as in a name.
    text = trimmed(plain_text(" ".join(text.split())))
    if len(text) > limit:
        raise _too_long(limit)
    return text


def _too_long(limit: int) -> ChatRefused:
    return ChatRefused("chat_too_long", _("A message is at most %(n)s characters.") % {"n": limit})


def _reader(match_id, user, *, lock: bool = False) -> tuple[Match, Seat | None]:
    """The match and `user`'s seat, if `user` may read its chat; NotFound for anyone else.

    `lock` takes the match row's lock until the transaction ends.
    """
    found = Match.objects.select_related("game").filter(pk=match_id)
    if lock:
        found = found.select_for_update(of=("self",)).defer("snapshot")
    match = found.first()
    seat = None
    if match is not None and user.is_authenticated:
        seat = match.seats.filter(user=user).first()
    if match is None or (seat is None and not match.public):
        raise NotFound("not_found", _("No such match."))
    return match, seat


def chat_post(*, match_id, user, text) -> ChatMessage:
    """One message from a seated player, unless they sent too many just now, the match ended
    more than AFTER_THE_END ago or its chat holds KEPT_MAX messages."""
    with transaction.atomic():
        # The match row's lock makes counting and inserting one step for every
        # process: two posts of the same person wait for each other, so the
        # second counts the first (PostgreSQL; SQLite takes its write lock at
        # the start of the transaction, which orders them the same way).
        match, seat = _reader(match_id, user, lock=True)
        if not user.is_authenticated:
            raise ChatRefused("login_required", _("Log in to chat."))
        if seat is None:
            raise ChatPlayersOnly(
                "players_only", _("Only the players of this match can write in its chat.")
            )
        _check_open(match)
        text = clean_text(text)
        if not text:
            raise ChatRefused("chat_empty", _("Write something first."))
        since = timezone.now() - RATE_WINDOW
        recent = ChatMessage.objects.filter(match=match, author=user, created_at__gte=since)
        if recent.count() >= RATE_MAX:
            raise ChatTooFast("chat_too_fast", _("Slow down: wait a few seconds."))
        if match.chat.count() >= KEPT_MAX:  # counted under the row's lock, as the rate is
            raise ChatRefused(
                "chat_full",
                _("This match's chat is full (%(n)s messages): nothing more can be added.")
                % {"n": KEPT_MAX},
            )
        message = ChatMessage.objects.create(match=match, author=user, text=text)
        payload = message_dict(message)
        transaction.on_commit(lambda: frames.send_chat(match, payload))
    return message


def _check_open(match: Match) -> None:
    """ChatRefused (`chat_closed`) once the match ended more than AFTER_THE_END ago.

    A waiting or running match is open. An ended one without an end time (no service
    leaves one so) counts as long over.
    """
    if match.status not in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
        return
    ended = match.finished_at
    if ended is None or timezone.now() - ended > AFTER_THE_END:
        minutes = int(AFTER_THE_END.total_seconds() // 60)
        raise ChatRefused(
            "chat_closed",
            _(
                "This match's chat closed %(n)s minutes after the match ended: "
                "nothing more can be written here."
            )
            % {"n": minutes},
        )


def muted_ids(match_id, user) -> set[int]:
    if not user.is_authenticated:
        return set()
    return set(
        ChatMute.objects.filter(match_id=match_id, user=user).values_list("muted", flat=True)
    )


def chat_history(*, match_id, user) -> list[dict]:
    """The last messages `user` may see (not those of people they muted), oldest first."""
    match, _seat = _reader(match_id, user)
    rows = match.chat.select_related("author").exclude(author_id__in=muted_ids(match.pk, user))
    latest = list(rows.order_by("-created_at", "-pk")[:HISTORY])
    return [message_dict(m) for m in reversed(latest)]


def chat_mute(*, match_id, user, muted_id, on=True) -> set[int]:
    """Mute (or unmute) one person at this table; returns who `user` now mutes."""
    match, _seat = _reader(match_id, user)
    if not user.is_authenticated:
        raise ChatRefused("login_required", _("Log in to chat."))
    muted_id = id_param(muted_id, name="mute")  # an id the database can hold, not a bool
    if not isinstance(on, bool):
        raise ChatRefused("bad_mute", _("“on” is true or false."))
    if muted_id == user.pk:
        raise ChatRefused("bad_mute", _("Choose someone else at this table to mute."))
    at_table = (
        match.seats.filter(user_id=muted_id).exists()
        or match.chat.filter(author_id=muted_id).exists()
    )
    if not at_table:
        raise ChatRefused("bad_mute", _("Choose someone else at this table to mute."))
    if on:
        ChatMute.objects.get_or_create(match=match, user=user, muted_id=muted_id)
    else:
        ChatMute.objects.filter(match=match, user=user, muted_id=muted_id).delete()
    return muted_ids(match.pk, user)
