"""Periodic upkeep of the card catalog's files."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from catalog import render

# Longer than a day: the access time that marks a face as used is refreshed
# at most daily (relatime), so anything read in the last hour stays.
KEEP_SECONDS = 25 * 3600


@shared_task(name="catalog.prune_face_cache")
def prune_face_cache() -> dict:
    """Hold MEDIA_ROOT/faces to LIMITS["FACE_CACHE_MAX_MB"], unused faces first."""
    folder = render.default_cache_dir()
    if not folder.exists():
        return {"files": 0, "bytes": 0, "deleted": 0, "freed": 0}
    return render.prune_face_cache(
        folder,
        max_bytes=settings.LIMITS["FACE_CACHE_MAX_MB"] * 1024 * 1024,
        keep_seconds=KEEP_SECONDS,
    )
