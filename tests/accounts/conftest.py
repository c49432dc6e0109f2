"""Fixtures for the tests of the login lockout and the sign-up limit."""

from __future__ import annotations

import pytest
from axes.utils import reset


@pytest.fixture
def limits_on(settings, db, rates_counted):
    """Axes and django-ratelimit switched on (config/settings_test.py has them
    off, tests/conftest.py `rates_counted` holds django-ratelimit's clock), with
    no attempt or count left from an earlier test, and none left behind for a
    later one."""
    settings.AXES_ENABLED = True
    reset()
    yield settings
    reset()
