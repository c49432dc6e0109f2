"""In-match chat: short messages for the players and spectators of one match.

Who may read is who may open the match (its players; anyone, for a public
match). Writing needs an account. A message is plain text of at most
300 characters — the table shows it as text, never as HTML — and one person
may send at most `RATE_MAX` messages in `RATE_WINDOW` at one table. Anyone may
mute another person at that table; muted messages are not sent to them.
"""

from __future__ import annotations

from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from play import services
from play.models import ChatMessage, ChatMute

RATE_WINDOW = timedelta(seconds=10)
RATE_MAX = 5
HISTORY = 50


class ChatRefused(ApplicationError):
    pass


class ChatTooFast(ApplicationError):
    status_code = 429


def message_dict(message: ChatMessage) -> dict:
    return {
        "id": message.pk,
        "author": message.author.username,
        "author_id": message.author_id,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def clean_text(text) -> str:
    """The message as it will be stored: whitespace runs made single, ends trimmed."""
    if not isinstance(text, str):
        return ""
    return " ".join(text.split())


def chat_post(*, match_id, user, text) -> ChatMessage:
    match, _seat = services.match_for(match_id=match_id, user=user)  # 404 for outsiders
    if not user.is_authenticated:
        raise ChatRefused("login_required", _("Log in to chat."))
    text = clean_text(text)
    if not text:
        raise ChatRefused("chat_empty", _("Write something first."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ChatRefused(
            "chat_too_long",
            _("A message is at most %(n)s characters.") % {"n": ChatMessage.MAX_LENGTH},
        )
    with transaction.atomic():
        since = timezone.now() - RATE_WINDOW
        recent = ChatMessage.objects.filter(match=match, author=user, created_at__gte=since)
        if recent.count() >= RATE_MAX:
            raise ChatTooFast("chat_too_fast", _("Slow down: wait a few seconds."))
        message = ChatMessage.objects.create(match=match, author=user, text=text)
        payload = message_dict(message)
        positions = list(match.seats.values_list("position", flat=True))
        groups = [services.group_name(match.pk, p) for p in positions]
        if match.public:
            groups.append(services.group_name(match.pk, None))
        transaction.on_commit(lambda: _send(groups, payload))
    return message


def _send(groups: list[str], payload: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return

    async def send_all() -> None:
        for group in groups:
            await layer.group_send(group, {"type": "match.chat", "message": payload})

    async_to_sync(send_all)()


def muted_ids(match_id, user) -> set[int]:
    if not user.is_authenticated:
        return set()
    return set(
        ChatMute.objects.filter(match_id=match_id, user=user).values_list("muted", flat=True)
    )


def chat_history(*, match_id, user) -> list[dict]:
    """The last messages `user` may see (not those of people they muted), oldest first."""
    match, _seat = services.match_for(match_id=match_id, user=user)
    rows = match.chat.select_related("author").exclude(author_id__in=muted_ids(match.pk, user))
    latest = list(rows.order_by("-created_at", "-pk")[:HISTORY])
    return [message_dict(m) for m in reversed(latest)]


def chat_mute(*, match_id, user, muted_id, on: bool = True) -> set[int]:
    """Mute (or unmute) one person at this table; returns who `user` now mutes."""
    match, _seat = services.match_for(match_id=match_id, user=user)
    if not user.is_authenticated:
        raise ChatRefused("login_required", _("Log in to chat."))
    if not isinstance(muted_id, int) or isinstance(muted_id, bool) or muted_id == user.pk:
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
