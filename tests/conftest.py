"""Shared fixtures: personas and the rule that CI never skips a service test."""

from __future__ import annotations

import os

import pytest

from tests.factories import make_user


def require(condition: bool, reason: str) -> None:
    """Skip a test whose service is missing, except on CI, where it fails.

    CI promises real PostgreSQL, Redis and Chromium, so a missing one there
    is a broken build, not a reason to skip.
    """
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture
def owner(db):
    return make_user("owner")


@pytest.fixture
def stranger(db):
    return make_user("stranger")
