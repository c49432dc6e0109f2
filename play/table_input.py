"""What a person at the live table sends, read strictly in one place.

The table's websocket frames (play.consumers) and the HTTP bodies that stand
in for them (play.api's ActionApi and ChatApi) are the same messages, so they
are read by the same function and refused with the same codes. A message is
one JSON object of exactly one kind:

- ``{"action": {...}, "version": n}``: a move, made at match version n;
- ``{"chat": text}``: a chat line;
- ``{"mute": user_id, "on": bool}``: hide (or show again) someone's messages;
  ``on`` may be left out and means true.

Any other key is refused (`bad_message`, naming it): a misspelt ``"on"`` or a
chat line sent beside a mute would otherwise be dropped without a word. Numbers
are JSON numbers (`core.params.json_int`): ``"7"`` and ``true`` are not 7 and 1.

Each door takes some of the kinds (`SOCKET` all three, `MOVES` a move at
/api/matches/<id>/actions/, `CHAT` a chat line or a mute at its chat/), and
its refusals name only what it takes: a key of a kind another door takes is
one this door does not know.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import ApplicationError
from core.params import json_int

# The fields each kind of message may carry, its kind's own key first.
FIELDS = {
    "action": ("action", "version"),
    "chat": ("chat",),
    "mute": ("mute", "on"),
}
VERSION_MAX = 2**31 - 1  # Match.version is an integer column
USER_ID_MAX = 2**63 - 1  # a user id (bigint)
_NAMED_MOST = 5  # unknown keys named in one refusal
_KEY_CHARS = 40  # of each


# The doors and the kinds each takes.
SOCKET = ("action", "chat", "mute")  # the live table's websocket
MOVES = ("action",)  # POST /api/matches/<id>/actions/
CHAT = ("chat", "mute")  # POST /api/matches/<id>/chat/


class BadMessage(ApplicationError):
    def __init__(self, message: str) -> None:
        super().__init__("bad_message", message)


def _wanted(door: tuple[str, ...], *, an_object: bool) -> str:
    """What `door` takes, said to a sender who sent something else (`an_object`: no JSON
    object at all; else an object of no kind this door takes)."""
    if door == MOVES:
        if an_object:
            return _("Send a JSON object: {action, version}.")
        return _("Send {action, version} to move.")
    if door == CHAT:
        if an_object:
            return _("Send a JSON object: {chat} or {mute, on}.")
        return _("Send {chat} to talk or {mute, on} to mute.")
    if an_object:
        return _("Send a JSON object: {action, version}, {chat} or {mute, on}.")
    return _("Send {action, version} to move, {chat} to talk or {mute, on} to mute.")


def read_message(content: object, door: tuple[str, ...] = SOCKET) -> tuple[str, dict]:
    """``(kind, fields)`` of a table message sent to `door` (the kinds it takes), or an
    ApplicationError saying what is wrong in the words of that door.

    `fields` holds every field of the kind, checked: ``action`` a dict and
    ``version`` a whole number; ``chat`` a string (its length and content are
    play.chat's to judge); ``mute`` a user id and ``on`` a bool.
    """
    if type(content) is not dict:  # a form's QueryDict is no table message either
        raise BadMessage(_wanted(door, an_object=True))
    kinds = [kind for kind in door if kind in content]
    if len(kinds) > 1:  # which one was meant? doing one and dropping the other says nothing
        if "action" in kinds:
            raise BadMessage(_("Send one thing a message: a move, a chat line or a mute."))
        raise BadMessage(_("Send one thing a message: a chat line or a mute."))
    if not kinds:
        if door == CHAT and "action" in content:  # a move sent to the chat
            raise BadMessage(
                _("Send a move to /api/matches/<id>/actions/; here {chat} or {mute, on}.")
            )
        raise BadMessage(_wanted(door, an_object=False))
    kind = kinds[0]
    unknown = [str(key)[:_KEY_CHARS] for key in content if key not in FIELDS[kind]]
    if unknown:
        raise BadMessage(
            _("A message may not carry “%(keys)s”; {%(fields)s} is all.")
            % {"keys": "”, “".join(unknown[:_NAMED_MOST]), "fields": ", ".join(FIELDS[kind])}
        )
    return kind, _READERS[kind](content)


def _action(content: dict) -> dict:
    if type(content["action"]) is not dict:
        raise BadMessage(_("“action” is an object: one of the legal actions, as offered."))
    version = json_int(content.get("version"), name="version", minimum=0, maximum=VERSION_MAX)
    return {"action": content["action"], "version": version}


def _chat(content: dict) -> dict:
    if type(content["chat"]) is not str:
        # the code and words play.chat gives the same refusal
        raise ApplicationError("chat_not_text", _("A message is text."))
    return {"chat": content["chat"]}


def _mute(content: dict) -> dict:
    muted_id = json_int(content["mute"], name="mute", minimum=1, maximum=USER_ID_MAX)
    on = content.get("on", True)
    if type(on) is not bool:
        raise ApplicationError("bad_mute", _("“on” is true or false."))  # as play.chat says it
    return {"mute": muted_id, "on": on}


_READERS = {"action": _action, "chat": _chat, "mute": _mute}
