"""JSON from visitors, parsed with bounds: nesting depth, size, no NUL.

``json.loads`` recurses once per level of nesting, so a body nested 50,000
levels deep raises RecursionError (a 500) before any view sees it, and one a
few hundred levels deep survives parsing only to exhaust the recursion of
whatever walks it next. Every JSON document that crosses the trust boundary
(the API's bodies, websocket frames, card files) is read by ``loads_bounded``:
the nesting is measured on the raw text first, iteratively, and a NUL
character in any string is refused (PostgreSQL cannot store one), as is a
lone surrogate written as an escape (\ud800): no character, it cannot be
stored or sent back as UTF-8. NaN, Infinity and a number too large for a float
(1e309) are refused: JSON has no such numbers.
"""

from __future__ import annotations

import gc
import json
import math
import re

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core.errors import ApplicationError
from core.hungarian import percent_filled

# The nesting is measured with a few passes of C-speed regular expressions
# rather than a Python loop per bracket (a 2.5 MB body holds 1.7 million).
# Escapes go first, so a string is then simply "..." with no quote inside;
# the patterns repeat single character classes, which the regex engine runs
# without saving a backtracking state per character (the obvious
# '"(?:[^"\\]|\\.)*"' keeps one per character: 150 MB for a 1 MB string).
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# Containers with nothing left inside them: one pass removes one level.
_INNERMOST = re.compile(r"[\[{][\]}]")
# An escape of a UTF-16 surrogate (\ud800-\udfff): a pair makes one character,
# a lone one reaches the value as a string that cannot be encoded.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class BadJson(ApplicationError):
    def __init__(self, message: str) -> None:
        super().__init__("bad_json", message)


def max_depth() -> int:
    return settings.LIMITS["JSON_MAX_DEPTH"]


def nesting_depth(text: str, *, stop_above: int | None = None) -> int:
    """The deepest nesting of arrays and objects in ``text``, without recursion.

    Each pass removes every container that has no container left inside, so
    the number of passes is the depth. Counting stops as soon as it passes
    ``stop_above``. Unbalanced brackets end the count early; json.loads then
    reports the text as malformed.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    depth = 0
    while brackets:
        reduced = _INNERMOST.sub("", brackets)
        if len(reduced) == len(brackets):
            break
        brackets = reduced
        depth += 1
        if stop_above is not None and depth > stop_above:
            break
    return depth


def _one_of_each(pairs: list[tuple[str, object]]) -> dict:
    """An object whose every key is named once: ``{"name": "A", "name": "B"}`` says two
    things, and json.loads would keep the last without a word."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _value in pairs if key in seen or seen.add(key))
        raise BadJson(_("“%(key)s” appears twice in one object.") % {"key": twice[:40]})
    return found


def _no_constant(word: str):
    """Python's json reads NaN, Infinity and -Infinity, which JSON does not have; passed on,
    they compare unequal to themselves, and the answer that echoes them is no JSON either."""
    params = {"word": word}
    raise BadJson(percent_filled(_("“%(word)s” is not a JSON number."), params))


def _finite_float(digits: str) -> float:
    """A JSON number with a fraction or exponent; 1e309 would be read as infinity."""
    number = float(digits)
    if not math.isfinite(number):
        params = {"number": digits[:40]}
        raise BadJson(percent_filled(_("The number %(number)s is too large."), params))
    return number


def loads_bounded(text: str | bytes, *, limit: int | None = None, unique_keys: bool = False):
    """``json.loads`` for untrusted text; raises BadJson with a message for the reader.

    `unique_keys`: refuse an object that names a key twice (a request body or a socket
    frame, where the sender meant one of them); card files skip the check's cost.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson(_("The request body is not UTF-8 text.")) from None
    limit = max_depth() if limit is None else limit
    if nesting_depth(text, stop_above=limit) > limit:
        raise BadJson(_("JSON may be nested at most %(limit)s levels deep.") % {"limit": limit})
    # A body of a million small containers makes the cyclic garbage collector
    # scan the whole (large) heap of a web process again and again while they
    # are built: 0.9 s of CPU for 2.5 MB of "[],". Nothing json.loads builds
    # can be a cycle, so the collector waits until it is done (0.1 s).
    collecting = gc.isenabled()
    gc.disable()
    try:
        value = json.loads(
            text,
            object_pairs_hook=_one_of_each if unique_keys else None,
            parse_constant=_no_constant,
            parse_float=_finite_float,
        )
    except json.JSONDecodeError as problem:
        params = {"line": problem.lineno, "column": problem.colno}
        message = _("Malformed JSON at line %(line)s, column %(column)s.")
        raise BadJson(percent_filled(message, params)) from None
    except (ValueError, RecursionError):  # a number of over 4,300 digits, say
        raise BadJson(_("Malformed JSON.")) from None
    finally:
        if collecting:
            gc.enable()
    # json.loads refuses a raw NUL; one written as the escape \u0000 reaches
    # the value, so the walk runs whenever the text holds that escape.
    if "\\u0000" in text and has_nul(value):
        raise BadJson(_("Text may not contain the NUL character (\\u0000)."))
    if _SURROGATE_ESCAPE.search(text) and _any_string(value, _not_utf8):
        raise BadJson(
            _("Text may not contain a lone surrogate (\\ud800–\\udfff): it is no character.")
        )
    return value


def has_nul(value: object) -> bool:
    """A NUL character in a string anywhere in ``value`` (dict keys included); no recursion."""
    return _any_string(value, lambda text: "\x00" in text)


def _not_utf8(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _any_string(value: object, test) -> bool:
    """Whether ``test`` holds for a string anywhere in ``value`` (dict keys included)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if test(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser with the site's depth, NUL and encoding bounds.

    A body that is no JSON, or JSON past the bounds, is refused as the live
    table's socket refuses such a frame: `bad_json`, with the reason (DRF's own
    code, `parse_error`, gave the same text two codes at the two doors). Every
    body the API reads is an object of named fields: `null`, a list or a bare
    value is `bad_message`, again the socket's code (play.table_input), in the
    reader's language (DRF would answer "No data provided" or "Expected a
    dictionary", in English). Both stay DRF ParseErrors, 400s that DRF knows
    may come up while it authenticates (a session's CSRF check reads the body).

    An empty body never reaches a parser: DRF reads it as no body at all, `{}`,
    which a write that reads none takes and a table message refuses as
    `bad_message` (it names no kind). It is not `bad_json` as an empty socket
    frame is: a request may carry no body, a frame always carries text.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read() if stream is not None else b""
        try:
            value = loads_bounded(raw, unique_keys=True)
        except BadJson as problem:
            raise ParseError(problem.message, code=problem.code) from None
        if not isinstance(value, dict):
            raise ParseError(_("The request body must be a JSON object."), code="bad_message")
        return value
