"""The first checks each engine makes on what `new_game` is given: card codes and the options.

Plain Python like the engines: a bad card or option raises SetupError naming it.
"""

from __future__ import annotations

from typing import NoReturn

from play.engines.base import SetupError


def fail(code: str, message: str) -> NoReturn:
    """Refuse the card `code`: SetupError("card <code>: <message>")."""
    raise SetupError(f"card {code}: {message}")


def code_and_type(card, types: tuple[str, ...], *, type_name: str = "card type") -> tuple[str, str]:
    """The card's code and its type, one of `types`; SetupError when the card is not an object,
    has no code, or has a type the game does not have ("unknown <type_name> 'x'")."""
    if not isinstance(card, dict):
        raise SetupError(
            f"a card is an object (a card dict of the catalog), not {type(card).__name__}."
        )
    code = card.get("code")
    if not isinstance(code, str) or not code:
        raise SetupError("every card needs a code.")
    kind = card.get("type")
    if kind not in types:
        fail(code, f"unknown {type_name} {kind!r}")
    return code, kind


def with_defaults(options, defaults: dict) -> dict:
    """The given options over the defaults; SetupError when they are not an object or name one
    the game does not have."""
    if options is not None and not isinstance(options, dict):
        raise SetupError("options is an object.")
    unknown = set(options or {}) - set(defaults)
    if unknown:
        raise SetupError(f"unknown options: {sorted(unknown)}; known: {sorted(defaults)}.")
    return {**defaults, **(options or {})}
