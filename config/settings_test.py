"""Settings for the test suite: the real settings with fast, isolated defaults.

DATABASE_URL and REDIS_URL still come from the environment, so the same suite
runs on SQLite locally and on PostgreSQL and Redis in CI.
"""

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

# `pytest -n` runs the suite in several worker processes (pytest-xdist names
# them gw0, gw1, …). Each gets its own var/ folder (media, rendered faces,
# mail) and its own Redis database, so one worker's Celery queues, counts and
# channel messages stay its own. Set in the environment, so the servers and
# Celery workers a test starts inherit them. The controller process loaded
# these settings first and its VAR_DIR is inherited, hence the suffix rather
# than a default.
_default_var = str(Path(__file__).resolve().parent.parent / "var" / "test")
_xdist_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _xdist_worker:
    _var = os.environ.get("VAR_DIR") or _default_var
    if not _var.endswith(f"-{_xdist_worker}"):
        os.environ["VAR_DIR"] = f"{_var}-{_xdist_worker}"
    _redis = urlsplit(os.environ.get("REDIS_URL", ""))
    if _redis.scheme in {"redis", "rediss"}:  # a unix:// socket keeps its path
        # Databases 1–4 (--maxprocesses 4); tests name 3 and 11 only to parse or in one module.
        _index = int(_xdist_worker.removeprefix("gw"))
        os.environ["REDIS_URL"] = urlunsplit(_redis._replace(path=f"/{1 + _index}"))
os.environ.setdefault("VAR_DIR", _default_var)
os.environ.setdefault("DEBUG", "1")
# The browser tests press a table's buttons at machine speed, faster than the frames a
# second a person's socket may send (core/socket_limits.FrameAllowance; its own tests set
# the limit they test). In the environment, so the make-run stacks the tests start have it.
os.environ.setdefault("LIMIT_SOCKET_FRAMES_PER_SECOND", "10000")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Unit tests run tasks in-process; integration tests switch this off on the
# Celery app to go through a real broker and worker.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

# Each test run counts in its own memory, never in var/ or a shared Redis.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "kept": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "kept"},
}
# Django's test client logs in without a request, which Axes refuses, and a
# count left by one test must not refuse the next. The tests of the login
# lockout and the sign-up limit (tests/accounts) switch both on, with fresh
# counts each time.
AXES_ENABLED = False
RATELIMIT_ENABLE = False

# On SQLite the test database is a file, not memory: the end-to-end tests run
# the ASGI server (websockets) in a forked process that must see the same data.
# One file per test run, so two runs side by side do not share it.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    _test_db = VAR_DIR / f"test-db-{os.getpid()}.sqlite3"  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(_test_db)}  # noqa: F405

# Without Redis, the site's processes share a channel layer kept in a SQLite
# file of its own (config/settings.py). The unit tests' websockets run in one
# process (channels' communicator, and the forked e2e server with eager
# tasks), where the in-memory layer does the same job without a second test
# database. The file-backed layer between a web server and a worker is
# tested on `make run`'s own stack (tests/e2e/test_make_run_stack.py).
if not REDIS_URL:  # noqa: F405
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    DATABASES.pop(CHANNEL_LAYER_DATABASE)  # noqa: F405
    DATABASE_ROUTERS = []
    INSTALLED_APPS = [app for app in INSTALLED_APPS if app != "channels_lite"]  # noqa: F405
