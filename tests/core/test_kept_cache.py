"""What is bulky and made again on demand has a cache of its own (core/kept.py).

Without Redis both are file caches, and a file cache past MAX_ENTRIES drops a third
of its files: replays and events filling the one shared cache would have dropped the
counts the limits read with them, and a person past the writes limit could write again.
"""

from __future__ import annotations

import json

import pytest

from core.kept import kept_cache
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def file_caches(settings, tmp_path):
    """`make run`'s caches (settings.py without REDIS_URL), small."""
    settings.CACHES = {
        alias: {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / alias),
            "OPTIONS": {"MAX_ENTRIES": 10},
        }
        for alias in ("default", "kept")
    }


def test_filling_the_kept_cache_leaves_the_writes_count(
    client, cards, file_caches, rates_counted, settings
):
    settings.LIMITS = {**settings.LIMITS, "WRITES_PER_MINUTE": 2}
    client.force_login(make_user("iro"))

    def new_deck(name: str) -> int:
        body = json.dumps({"game": "alomfogo", "name": name})
        return client.post("/api/decks/", body, content_type="application/json").status_code

    assert [new_deck("A"), new_deck("B"), new_deck("C")] == [201, 201, 429]
    for n in range(30):  # three times what the kept cache holds: it drops its own files
        kept_cache.set(f"replay-state:{n}", {"n": n, "state": "x" * 1000}, 600)
    assert kept_cache.get("replay-state:29") is not None
    assert new_deck("D") == 429  # still counted
