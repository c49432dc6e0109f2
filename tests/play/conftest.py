"""Fixtures shared by the play tests."""

from __future__ import annotations

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    """The site's default language around every test.

    The language middleware activates the requester's language in the
    thread that serves a request; under the test client that is the test's
    own thread, so one English-speaking user's request would leave later
    tests' messages in English. Before the test too: a test of another app
    run just before may have left its language active.
    """
    translation.deactivate()
    yield
    translation.deactivate()
