"""The site as production runs it: `daphne config.asgi:application` in its own
process, DEBUG off, static files collected, on the test database.

Integration tests that need the real server (its edge, its connection pool,
several processes side by side) start it through `start_site`.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from tests.make_run_site import ROOT, environment_without, free_port, start_in_root

# One key for every site a test run starts: a test that signs something the
# server must read (a session) signs it with this key (override_settings).
SITE_SECRET_KEY = secrets.token_urlsafe(64)


def database_url_of_tests() -> str:
    """The URL of the database the test process uses (the test database, not DATABASE_URL)."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("postgresql"):
        return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return f"sqlite:///{db['NAME']}"


def production_env(**extra: str) -> dict[str, str]:
    env = environment_without("DJANGO_SETTINGS_MODULE")
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": SITE_SECRET_KEY,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            # Plain HTTP on loopback; TLS is the proxy's job in production.
            "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url_of_tests(),
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(extra)
    return env


_collected: list[Path] = []  # the one STATIC_ROOT collected in this test session


def collect_static(env: dict[str, str]) -> None:
    """The site's static files: collected once a session, then linked into each site's folder.

    Collecting (and compressing) takes seconds, and every site of a session
    collects the same files from the same checkout; only where they live
    differs (settings: STATIC_ROOT is VAR_DIR/static).
    """
    static_root = Path(env["VAR_DIR"]) / "static"
    if _collected and _collected[0].is_dir():
        static_root.parent.mkdir(parents=True, exist_ok=True)
        if not static_root.exists():
            static_root.symlink_to(_collected[0], target_is_directory=True)
        return
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    _collected[:] = [static_root]


class Site:
    def __init__(self, process: subprocess.Popen, port: int, log: Path) -> None:
        self.process = process
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = log

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()


def start_site(tmp_path: Path, *, port: int | None = None, **extra_env: str) -> Site:
    """Start one web process and wait until /healthz answers."""
    port = port or free_port()
    env = production_env(VAR_DIR=str(tmp_path / "var"), **extra_env)
    collect_static(env)
    log = tmp_path / f"daphne-{port}.log"
    process = start_in_root(
        [
            os.path.join(os.path.dirname(sys.executable), "daphne"),
            "-b", "127.0.0.1", "-p", str(port), "config.asgi:application",
        ],
        env,
        log.open("w"),
    )  # fmt: skip
    site = Site(process, port, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the web process exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{site.url}/healthz", timeout=2):  # noqa: S310
                return site
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    site.stop()
    pytest.fail(f"the web process did not answer in 60 s:\n{log.read_text()}")
