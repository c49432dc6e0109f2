"""What a seat is called at the table, in its result and in its replay.

A person's seat shows their username. A bot's seat shows its level, the word
the lobby chose it by ("Easy bot", "Normal bot", "Hard bot": the random, greedy
and search bots), and a number when the table has more than one bot of that
kind ("Normal bot 1", "Normal bot 2"), so no two seats read the same. The word
is "bot" in both languages, in every form, table, result and replay.

One frame of a seat goes to each of its readers whatever their language (and
a bot's move is sent from a worker), so a payload names a bot seat by its
kind and number as well: the page words it in its own language
(static/js/live.js `playerName`), and `name` is the server's wording for API
readers.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from play.models import Seat


def _bot_name(kind: str, number: int | None) -> str:
    if kind == "greedy":
        return _("Normal bot %(n)s") % {"n": number} if number else _("Normal bot")
    if kind == "random":
        return _("Easy bot %(n)s") % {"n": number} if number else _("Easy bot")
    if kind == "search":
        return _("Hard bot %(n)s") % {"n": number} if number else _("Hard bot")
    return _("Bot %(n)s") % {"n": number} if number else _("Bot")


def bot_numbers(seats: Iterable[Seat]) -> dict[int, int | None]:
    """The bots' own seats by position: each one's number among the bots of its kind.

    None for a bot that is the only one of its kind at the table. A person's
    seat that a bot plays while they are away keeps the person's name.
    """
    by_kind: dict[str, list[int]] = {}
    for seat in sorted(seats, key=lambda s: s.position):
        if seat.bot and not seat.user_id:
            by_kind.setdefault(seat.bot, []).append(seat.position)
    numbers: dict[int, int | None] = {}
    for positions in by_kind.values():
        for number, position in enumerate(positions, start=1):
            numbers[position] = number if len(positions) > 1 else None
    return numbers


def seat_names(seats: Iterable[Seat]) -> dict[int, str]:
    """Every seat's name by position, in the active language."""
    seats = list(seats)
    numbers = bot_numbers(seats)
    names = {}
    for seat in seats:
        if seat.position in numbers:
            names[seat.position] = _bot_name(seat.bot, numbers[seat.position])
        elif seat.bot:  # the person was away: a bot plays their seat
            names[seat.position] = _("%(name)s (bot)") % {"name": seat.user.username}
        else:
            names[seat.position] = seat.user.username if seat.user_id else ""
    return names


def players(seats: Iterable[Seat]) -> list[dict]:
    """The `players` of a table's payload: seat, name, whether a bot plays it, and
    for a bot's own seat its kind and number (see the module's docstring)."""
    seats = sorted(seats, key=lambda s: s.position)
    numbers = bot_numbers(seats)
    names = seat_names(seats)
    return [
        {
            "seat": s.position,
            "name": names[s.position],
            "bot": bool(s.bot),
            "bot_kind": s.bot if s.position in numbers else None,
            "bot_number": numbers.get(s.position),
        }
        for s in seats
    ]
