"""The API schema is built once per process and language: nothing a visitor sends (a made-up
query string, a cookie, an Accept header) makes a new build or a new cache entry, which
pushed the rate limits' counters out of the shared cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache

pytestmark = pytest.mark.django_db


def cache_size() -> int:
    return len(cache._cache)  # LocMemCache in the test settings


def test_made_up_addresses_and_cookies_add_nothing_to_the_cache(client):
    cache.clear()
    first = client.get("/api/schema/", {"format": "json"})
    assert first.status_code == 200
    before = cache_size()
    for n in range(5):
        again = client.get(
            "/api/schema/",
            {"format": "json", "junk": n},
            HTTP_COOKIE=f"made_up={n}",
            HTTP_ACCEPT=f"application/vnd.oai.openapi+json; q=0.{n + 1}",
        )
        assert again.status_code == 200 and again.json() == first.json()
    assert cache_size() == before


def test_the_schema_speaks_the_language_asked_for_and_only_ours(client):
    english = client.get("/api/schema/", {"format": "json", "lang": "en"}).json()
    made_up = client.get("/api/schema/", {"format": "json", "lang": "xx"}).json()
    hungarian = client.get("/api/schema/", {"format": "json", "lang": "hu"}).json()
    assert english != hungarian  # the labels of choices, worded in each language
    assert made_up == client.get("/api/schema/", {"format": "json"}).json()
    from core.schema import SchemaApi

    assert set(SchemaApi._built) <= {"hu", "en"}
