"""Small display helpers for the tournament pages."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from django import template
from django.utils import formats
from django.utils.translation import get_language, gettext

from core.hungarian import percent_filled
from decks.formats import get_format
from tournaments import standings

register = template.Library()


@register.filter
def percent(value) -> str:
    """A tiebreaker's exact Fraction as the page's language writes it: "66,67" in Hungarian,
    "66.67" in English (the API keeps the point: `standings.percent`)."""
    return percent_writer()(value)


def percent_writer() -> Callable[[Fraction], str]:
    """`percent` for a whole table: the language's decimal separator looked up once, not
    for every value (which made a big event's standings slow to write)."""
    separator = formats.get_format("DECIMAL_SEPARATOR")
    return lambda value: standings.percent(value).replace(".", separator)


@register.filter
def format_name(tournament) -> str:
    """The event's deck format in the reader's language (its id if the format is gone)."""
    found = get_format(tournament.game.slug, tournament.format)
    return found.name(get_language()) if found else tournament.format


@register.filter
def games(result) -> str:
    """A result logged as {"wins_a", "wins_b", "draws"} as "2-1-0"."""
    if not result:
        return "–"
    return f"{result.get('wins_a', 0)}-{result.get('wins_b', 0)}-{result.get('draws', 0)}"


# Sentences with a round's number: the Hungarian article goes by how the number is read
# ("az 1. forduló", "a 2. forduló", "az 5. forduló"). The catalogue writes "a(z)" before the
# number and percent_filled settles it (core.hungarian); English reads every number alike.
@register.simple_tag
def you_dropped_after(number: int) -> str:
    """ "You dropped after round N." with the article N takes."""
    return percent_filled(gettext("You dropped after round %(n)s."), {"n": number})


@register.simple_tag
def after_round(number: int) -> str:
    """ "after round N" with the article N takes."""
    return percent_filled(gettext("after round %(n)s"), {"n": number})
