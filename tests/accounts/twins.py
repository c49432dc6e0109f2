"""Players whose names became twins under a new name key, and what a key migration does.

A migration that changes accounts.names.name_key fills the keys again: the oldest of
twins keeps the key, the later ones are left keyless and keep their names.
"""

from __future__ import annotations

import importlib

from django.apps import apps
from django.contrib.auth import get_user_model


def name_keys_after(migration: str, fill: str) -> dict:
    """Each player's key, by id, once `fill` of accounts.migrations.`migration` has run over
    the table as it stands."""
    module = importlib.import_module(f"accounts.migrations.{migration}")
    getattr(module, fill)(apps, None)
    return dict(get_user_model().objects.values_list("pk", "name_key"))


def profile_saved(user, *, email: str):
    """The player's profile saved with a new email, as a later twin saves it: read back."""
    user.refresh_from_db()
    user.email = email
    user.save()
    user.refresh_from_db()
    return user
