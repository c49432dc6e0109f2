"""The face cache is held to its bound, faces unused longest first, recent ones kept."""

from __future__ import annotations

import os
import time

from django.conf import settings
from django.test import override_settings

from catalog import render
from catalog.tasks import KEEP_SECONDS, prune_face_cache


def _face(folder, name: str, size: int, used_hours_ago: float):
    path = folder / name[:2] / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    when = time.time() - used_hours_ago * 3600
    os.utime(path, (when, when))
    return path


def test_the_oldest_faces_go_first_until_the_cache_fits(tmp_path):
    old = _face(tmp_path, "aa-old", 400, used_hours_ago=100)
    older = _face(tmp_path, "bb-older", 400, used_hours_ago=200)
    middle = _face(tmp_path, "cc-middle", 400, used_hours_ago=50)
    fresh = _face(tmp_path, "dd-fresh", 400, used_hours_ago=0.5)
    result = render.prune_face_cache(tmp_path, max_bytes=900, keep_seconds=KEEP_SECONDS)
    assert result["deleted"] == 2 and result["freed"] == 800
    assert not older.exists() and not old.exists()
    assert middle.exists() and fresh.exists()


def test_faces_used_recently_stay_even_over_the_bound(tmp_path):
    recent = [_face(tmp_path, f"r{i}", 1000, used_hours_ago=1) for i in range(3)]
    result = render.prune_face_cache(tmp_path, max_bytes=100, keep_seconds=KEEP_SECONDS)
    assert result["deleted"] == 0
    assert all(path.exists() for path in recent)


def test_the_periodic_task_reads_the_limit_from_settings(tmp_path):
    folder = tmp_path / "faces"
    kept = _face(folder, "keep", 600 * 1024, used_hours_ago=30)
    dropped = _face(folder, "drop", 600 * 1024, used_hours_ago=60)
    limits = {**settings.LIMITS, "FACE_CACHE_MAX_MB": 1}
    with override_settings(MEDIA_ROOT=tmp_path, LIMITS=limits):
        result = prune_face_cache.delay().get()
    assert result["deleted"] == 1
    assert kept.exists() and not dropped.exists()
