"""JSON from visitors, parsed with bounds: nesting depth, size, no NUL.

``json.loads`` recurses once per level of nesting, so a body nested 50,000
levels deep raises RecursionError (a 500) before any view sees it, and one a
few hundred levels deep survives parsing only to exhaust the recursion of
whatever walks it next. Every JSON document that crosses the trust boundary
(the API's bodies, websocket frames, card files) is read by ``loads_bounded``:
the nesting is measured on the raw text first, iteratively, and a NUL
character in any string is refused (PostgreSQL cannot store one).
"""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core.errors import ApplicationError

# Strings (with their escapes) and the brackets between them; everything else
# in JSON is flat.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


class BadJson(ApplicationError):
    def __init__(self, message: str) -> None:
        super().__init__("bad_json", message)


def max_depth() -> int:
    return settings.LIMITS["JSON_MAX_DEPTH"]


def nesting_depth(text: str, *, stop_above: int | None = None) -> int:
    """The deepest nesting of arrays and objects in ``text``, without recursion.

    Counting stops as soon as it passes ``stop_above``.
    """
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        char = token.group()[0]
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and deepest > stop_above:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def loads_bounded(text: str | bytes, *, limit: int | None = None):
    """``json.loads`` for untrusted text; raises BadJson with a message for the reader."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson(_("The request body is not UTF-8 text.")) from None
    limit = max_depth() if limit is None else limit
    if nesting_depth(text, stop_above=limit) > limit:
        raise BadJson(
            _("JSON may be nested at most %(limit)s levels deep.") % {"limit": limit}
        )
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as problem:
        raise BadJson(_("Malformed JSON: %(problem)s") % {"problem": problem}) from None
    if "\x00" in text and _has_nul(value):
        raise BadJson(_("Text may not contain the NUL character (\\u0000)."))
    return value


def _has_nul(value) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser with the site's depth, NUL and encoding bounds."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read() if stream is not None else b""
        try:
            return loads_bounded(raw)
        except BadJson as problem:
            raise ParseError(problem.message) from None
