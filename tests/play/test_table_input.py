"""play.table_input: the one reading of what the live table's socket and its HTTP bodies carry."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from core.errors import ApplicationError
from play.table_input import read_message

ACTION = {"type": "pass"}


@pytest.mark.parametrize(
    ("content", "kind", "fields"),
    [
        ({"action": ACTION, "version": 0}, "action", {"action": ACTION, "version": 0}),
        ({"version": 2**31 - 1, "action": {}}, "action", {"action": {}, "version": 2**31 - 1}),
        ({"chat": "szia"}, "chat", {"chat": "szia"}),
        ({"chat": ""}, "chat", {"chat": ""}),  # empty is play.chat's to refuse, in its words
        ({"mute": 5}, "mute", {"mute": 5, "on": True}),
        ({"mute": 5, "on": False}, "mute", {"mute": 5, "on": False}),
    ],
)
def test_a_message_of_one_kind_is_read(content, kind, fields):
    assert read_message(content) == (kind, fields)


@pytest.mark.parametrize(
    ("content", "code", "named"),
    [
        ([1, 2], "bad_message", None),
        ("chat", "bad_message", None),
        (None, "bad_message", None),
        (QueryDict("chat=szia"), "bad_message", None),  # a form is no table message
        ({}, "bad_message", None),
        ({"version": 1}, "bad_message", None),
        ({"text": "szia"}, "bad_message", None),  # the chat API's old undocumented alias
        ({"chat": "szia", "mute": 5}, "bad_message", None),
        ({"action": ACTION, "version": 1, "chat": "x"}, "bad_message", None),
        ({"action": ACTION, "version": 1, "foo": 1}, "bad_message", "foo"),
        ({"chat": "hi", "version": 3}, "bad_message", "version"),
        ({"mute": 5, "x": 1}, "bad_message", "x"),
        ({"mute": 5, "text": "hi"}, "bad_message", "text"),
        ({"action": "pass", "version": 1}, "bad_message", "action"),
        ({"action": [ACTION], "version": 1}, "bad_message", "action"),
        ({"action": ACTION}, "bad_parameter", "version"),
        ({"action": ACTION, "version": None}, "bad_parameter", "version"),
        ({"action": ACTION, "version": "0"}, "bad_parameter", "version"),
        ({"action": ACTION, "version": " 7\n"}, "bad_parameter", "version"),
        ({"action": ACTION, "version": "007"}, "bad_parameter", "version"),
        ({"action": ACTION, "version": "\u00a03"}, "bad_parameter", "version"),
        ({"action": ACTION, "version": True}, "bad_parameter", "version"),
        ({"action": ACTION, "version": False}, "bad_parameter", "version"),
        ({"action": ACTION, "version": 1.0}, "bad_parameter", "version"),
        ({"action": ACTION, "version": -1}, "bad_parameter", "version"),
        ({"action": ACTION, "version": 2**31}, "bad_parameter", "version"),
        ({"mute": "5"}, "bad_parameter", "mute"),
        ({"mute": True}, "bad_parameter", "mute"),
        ({"mute": 0}, "bad_parameter", "mute"),
        ({"mute": 2**63}, "bad_parameter", "mute"),
        ({"mute": None}, "bad_parameter", "mute"),
        ({"mute": 5, "on": 1}, "bad_mute", "on"),
        ({"mute": 5, "on": "true"}, "bad_mute", "on"),
        ({"mute": 5, "on": None}, "bad_mute", "on"),
        ({"chat": 123}, "chat_not_text", None),
        ({"chat": ["szia"]}, "chat_not_text", None),
        ({"chat": None}, "chat_not_text", None),
    ],
)
def test_anything_else_is_refused_with_a_code_and_message(content, code, named):
    with pytest.raises(ApplicationError) as refusal:
        read_message(content)
    assert refusal.value.code == code
    assert refusal.value.message
    if named is not None:
        assert named in refusal.value.message


def test_a_long_unknown_key_is_named_shortened():
    with pytest.raises(ApplicationError) as refusal:
        read_message({"chat": "hi", "k" * 10_000: 1, "a": 1, "b": 2})
    assert refusal.value.code == "bad_message"
    assert len(refusal.value.message) < 300 and "“a”" in refusal.value.message
