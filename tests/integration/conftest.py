"""Integration tests talk to real PostgreSQL, Redis and Celery workers.

They run when DATABASE_URL points at PostgreSQL and Redis answers at
REDIS_URL (as .ci/run sets up); elsewhere they skip, and on CI they fail.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
import redis
from django.conf import settings
from django.db import connection

from config.celery import app as celery_app
from tests.conftest import require
from tests.integration.live_site import database_url_of_tests
from tests.make_run_site import start_in_root


def _redis_answers(url: str | None) -> bool:
    if not url:
        return False
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture
def media(settings, tmp_path):
    """Print files of the test in a folder of its own."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def postgres(db):
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")
    return connection


@pytest.fixture
def redis_url():
    require(_redis_answers(settings.REDIS_URL), f"Redis does not answer at {settings.REDIS_URL!r}")
    return settings.REDIS_URL


def _start_worker(redis_url: str, extra_env: dict) -> subprocess.Popen:
    db = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "REDIS_URL": redis_url,
        "PYTHONUNBUFFERED": "1",
        **extra_env,
    }
    if db["ENGINE"].endswith("postgresql"):
        # The worker must see the test database, not the one in DATABASE_URL.
        env["DATABASE_URL"] = database_url_of_tests()
    worker = start_in_root(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--pool", "solo", "--loglevel", "INFO",
            "--without-mingle", "--without-gossip",
            "--hostname", f"test-{os.getpid()}-{time.monotonic_ns()}@%h",
        ],
        env,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = worker.stdout.readline()
        if "ready." in line:
            return worker
        if worker.poll() is not None:
            pytest.fail(f"the Celery worker exited early:\n{worker.stdout.read()}")
    pytest.fail("the Celery worker did not become ready in 60 s")


def _stop(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()


@pytest.fixture
def start_worker(redis_url, transactional_db):
    """Start real `celery worker` processes on Redis; the Celery app sends to them."""
    workers: list[subprocess.Popen] = []
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False

    def start(**extra_env: str) -> subprocess.Popen:
        worker = _start_worker(redis_url, extra_env)
        workers.append(worker)
        return worker

    yield start
    celery_app.conf.task_always_eager = previous
    for worker in workers:
        _stop(worker)


@pytest.fixture
def celery_worker(start_worker):
    return start_worker()
