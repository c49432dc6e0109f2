"""Factory functions for model rows used across the tests."""

from __future__ import annotations

from accounts.models import User

PASSWORD = "kartya-var-2026!"


def make_user(username: str = "player", *, language: str = "hu", **fields) -> User:
    user = User(username=username, language=language, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user
