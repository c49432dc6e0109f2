"""Fixtures for the tests of the login lockout and the sign-up limit."""

from __future__ import annotations

import pytest
from axes.utils import reset
from django.core.cache import cache


@pytest.fixture
def limits_on(settings, db):
    """Axes and django-ratelimit switched on (config/settings_test.py has them
    off), with no attempt or count left from an earlier test, and none left
    behind for a later one."""
    settings.AXES_ENABLED = True
    settings.RATELIMIT_ENABLE = True
    cache.clear()
    reset()
    yield settings
    cache.clear()
    reset()
