"""`make run`'s own stack, started as `make run` starts it, for tests and benchmarks.

`MakeRunSite(var_dir)` runs `manage.py migrate`, `manage.py load_cards` and
`manage.py serve` (daphne and its own Celery worker) with the real settings
on the embedded defaults — no DATABASE_URL, no REDIS_URL — in a var/ folder
of its own, and stops them as Ctrl-C does. Nothing here imports Django: the
site runs in its own processes, and a player is made inside them.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment_without(*names: str) -> dict[str, str]:
    """This process's environment less `names`: what a child must not inherit from the tests."""
    return {k: v for k, v in os.environ.items() if k not in names}


def start_in_root(argv: list[str], env: dict[str, str], stdout=subprocess.PIPE) -> subprocess.Popen:
    """A process started from the repository, its errors in its output.

    In a session of its own, so a signal to its group reaches the children it
    starts (the server's worker) and never the test run.
    """
    return subprocess.Popen(
        argv, cwd=ROOT, env=env, text=True, start_new_session=True,
        stdout=stdout, stderr=subprocess.STDOUT,
    )  # fmt: skip


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 (loopback)
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


# Played inside the served site's own Python (its database, its settings):
# a person with an English interface, signed in by a session cookie, and for
# Álomfogó the demo attacking deck the bots also play.
SETUP = """
import json
from accounts.models import User
from catalog.models import Game
from decks import services
from tests.play_rows import demo_deck_entries, session_key

user = User(username="{username}", language="en")
user.set_password("kartya-var-2026!")
user.save()
deck = services.deck_create(
    owner=user,
    game=Game.objects.get(slug="alomfogo"),
    name="Támadó",
    entries=demo_deck_entries(),
)
print(json.dumps({{"session": session_key(user), "deck": deck.pk}}))
"""


class MakeRunSite:
    """`make run`'s processes in a folder of their own, stopped as Ctrl-C stops them."""

    def __init__(self, var_dir: Path):
        self.env = environment_without(
            "DATABASE_URL",
            "REDIS_URL",
            "DJANGO_SETTINGS_MODULE",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
            "CELERY_TASK_ALWAYS_EAGER",
            "DEBUG",
        )
        self.env["VAR_DIR"] = str(var_dir)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen | None = None
        self.log = var_dir / "serve.log"

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def start(self) -> None:
        # What `make run` runs after installing: migrate, load the cards, serve.
        self.manage("migrate", "--noinput", "-v0")
        self.manage("load_cards")
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("w") as log:
            self.server = start_in_root(
                [sys.executable, "manage.py", "serve", "--port", str(self.port)], self.env, log
            )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                status, _body = fetch(f"{self.url}/healthz?worker=1")
                if status == 200:
                    return
            except OSError:
                pass
            assert self.server.poll() is None, self.log.read_text()
            time.sleep(0.5)
        raise AssertionError(f"`serve` did not come up:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.server is None or self.server.poll() is not None:
            return
        self.server.send_signal(signal.SIGINT)  # Ctrl-C
        try:
            self.server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.server.pid, signal.SIGKILL)
            self.server.wait(timeout=10)

    @contextmanager
    def second_web_process(self) -> Iterator[str]:
        """A web process started beside `serve` as docs/deploy.md says (daphne alone, the
        same checkout and environment: the same SQLite database and channel layer file, and
        `serve`'s worker for the background work); its address while the block runs."""
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        log = self.log.with_name(f"web-{port}.log")
        daphne = [str(Path(sys.executable).with_name("daphne")), "-p", str(port)]
        with log.open("w") as out:
            process = start_in_root([*daphne, "config.asgi:application"], self.env, out)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if fetch(f"{url}/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)

    def new_player(self, username: str) -> dict:
        """A signed-in person: their session key and a legal Álomfogó deck's id."""
        return json.loads(
            self.manage("shell", "--no-imports", "-c", SETUP.format(username=username))
        )

    def python(self, code: str) -> str:
        """Run `code` inside the site's own Django (its database and settings); its output."""
        return self.manage("shell", "--no-imports", "-c", code)
