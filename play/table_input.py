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


class BadMessage(ApplicationError):
    def __init__(self, message: str) -> None:
        super().__init__("bad_message", message)


def read_message(content: object) -> tuple[str, dict]:
    """``(kind, fields)`` of a table message, or an ApplicationError saying what is wrong.

    `fields` holds every field of the kind, checked: ``action`` a dict and
    ``version`` a whole number; ``chat`` a string (its length and content are
    play.chat's to judge); ``mute`` a user id and ``on`` a bool.
    """
    if type(content) is not dict:  # a form's QueryDict is no table message either
        raise BadMessage(_("Send a JSON object: {action, version}, {chat} or {mute, on}."))
    kinds = [kind for kind in FIELDS if kind in content]
    if len(kinds) > 1:  # which one was meant? doing one and dropping the other says nothing
        raise BadMessage(_("Send one thing a message: a move, a chat line or a mute."))
    if not kinds:
        raise BadMessage(_("Send {action, version} to move, {chat} to talk or {mute, on} to mute."))
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
