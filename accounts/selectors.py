"""Reads on accounts."""

from __future__ import annotations

from accounts.models import User
from accounts.names import name_key


def username_taken(*, username: str, exclude_pk: int | None = None) -> bool:
    """Whether another player holds this name in any spelling a reader would take for it."""
    held = User.objects.filter(name_key=name_key(username))
    if exclude_pk is not None:
        held = held.exclude(pk=exclude_pk)
    return held.exists()


def username_taken_message() -> str:
    """The words Django's sign-up form uses for a taken name, in the active language."""
    return User._meta.get_field("username").error_messages["unique"]
