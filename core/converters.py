"""Path converters for the site's addresses.

`<id:…>` is a database id: digits that a bigint can hold. Django's `<int:…>`
takes any run of digits, so `/decks/999…9/` reached the view and the database
refused the number (SQLite's OverflowError, PostgreSQL's "out of range"): a
server error. Past the largest id no row can match, so such an address is
simply not one of ours: the resolver answers 404 before any view runs.
"""

from __future__ import annotations

from django.urls import register_converter
from django.urls.converters import get_converters

from core.serializer_fields import ID_MAX


class DatabaseIdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > ID_MAX:
            raise ValueError("past the largest id")  # no match: 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)


def register() -> None:
    """Once a process (CoreConfig.ready), before any URLconf is read."""
    if "id" not in get_converters():
        register_converter(DatabaseIdConverter, "id")
