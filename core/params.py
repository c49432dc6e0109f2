"""Reading numbers and ids that a visitor typed, with bounds, in one place.

Query strings, form fields and JSON bodies all carry numbers as text. Python's
``str.isdigit()`` accepts "²" and other digits that ``int()`` refuses, and
``int()`` refuses more than 4,300 digits, so checking with one and converting
with the other answers 500. Every integer a request carries goes through
``int_param``: ASCII digits only, a bounded length, a bounded value, and a
``BadParameter`` (400, in the reader's language) that names the limit. A JSON
value, which has a type of its own, goes through ``json_int``: only a number is
a number there.
"""

from __future__ import annotations

import re

from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from core.hungarian import percent_filled

# Enough for any id or count the site uses; longer text is refused before int().
_INTEGER = re.compile(r"-?[0-9]{1,19}")


class BadParameter(ApplicationError):
    """A request parameter that is missing, not a number, or out of bounds."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__("bad_parameter", message, extra={"parameter": name})
        self.name = name


def int_param(
    raw: object,
    *,
    name: str,
    minimum: int,
    maximum: int,
    default: int | None = None,
) -> int:
    """``raw`` as an integer in [minimum, maximum].

    An absent or empty value gives ``default``, or a BadParameter when there
    is none. ``raw`` may be a string (query strings, forms) or an int (JSON);
    booleans are refused, since JSON's ``true`` is not the number 1.
    """
    if raw is None or raw == "":
        if default is None:
            raise BadParameter(name, _("“%(name)s” is missing.") % {"name": name})
        return default
    if isinstance(raw, bool):
        raise BadParameter(name, _("“%(name)s” must be a whole number.") % {"name": name})
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and _INTEGER.fullmatch(raw.strip()):
        value = int(raw.strip())
    else:
        raise BadParameter(name, _("“%(name)s” must be a whole number.") % {"name": name})
    if not minimum <= value <= maximum:
        raise BadParameter(
            name,
            _("“%(name)s” must be between %(minimum)s and %(maximum)s.")
            % {"name": name, "minimum": minimum, "maximum": maximum},
        )
    return value


def json_int(raw: object, *, name: str, minimum: int, maximum: int) -> int:
    """A JSON value that must be a number, as an integer in [minimum, maximum].

    Unlike ``int_param`` (text from a query string or a form), text is no number
    here: a JSON client that writes ``"7"``, ``" 7\n"`` or ``"007"`` sent a string,
    and reading it as 7 would hide its bug. ``true`` is refused too (in Python
    ``bool`` is a kind of ``int``), as is ``1.0``; ``null`` counts as missing.
    """
    if raw is None:
        raise BadParameter(name, _("“%(name)s” is missing.") % {"name": name})
    if type(raw) is not int:
        raise BadParameter(name, _("“%(name)s” must be a whole number.") % {"name": name})
    return int_param(raw, name=name, minimum=minimum, maximum=maximum)


def flag_param(raw: object, *, name: str) -> bool:
    """A yes/no query parameter: ``1``/``true``/``yes`` or ``0``/``false``/``no``; absent is no.

    Anything else (``on``, ``TRUE``, ``2``) is a BadParameter: read as "no" it
    silently did something other than what the visitor asked for.
    """
    if raw is None or raw == "":
        return False
    if raw in _YES:
        return True
    if raw in _NO:
        return False
    params = {"name": name}
    raise BadParameter(
        name,
        percent_filled(_("“%(name)s” is 1 or 0 (or true or false)."), params),
    )


_YES = frozenset({"1", "true", "yes"})
_NO = frozenset({"0", "false", "no"})


def id_param(raw: object, *, name: str) -> int:
    """A database id a visitor sent (``deck=12``): a positive integer, or BadParameter."""
    return int_param(raw, name=name, minimum=1, maximum=2**63 - 1)


def next_or(request, fallback: str) -> str:
    """The `next` address a form or link carries, if it is a path on this site; else `fallback`.

    `next` comes from the visitor. Another site's address would make us an open
    redirect (lending our name to a phishing page), and text that is not a path
    ("-1") would be taken by `redirect()` for the name of a view: a server error.
    """
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback
