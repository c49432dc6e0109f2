"""Run the whole site in one terminal: the ASGI server and a Celery worker.

`make run` ends here. Both run as child processes; Ctrl-C (or SIGTERM) stops
both, and if either one dies the other is stopped too, so the terminal never
shows a half-running site. The worker embeds celery beat (-B), which sends
the periodic tasks of config/celery.py (deleting expired print files): one
machine, one worker, so exactly one beat.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Start the ASGI web server (HTTP and websockets) and a Celery worker together."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")

    def handle(self, *args, host: str, port: int, concurrency: int, **options):
        bin_dir = os.path.dirname(sys.executable)
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        commands = {
            "web": [
                os.path.join(bin_dir, "daphne"),
                "-b",
                host,
                "-p",
                str(port),
                "config.asgi:application",
            ],
            "worker": [
                os.path.join(bin_dir, "celery"),
                "-A",
                "config",
                "worker",
                "--loglevel",
                "INFO",
                "--concurrency",
                str(concurrency),
                # The filesystem broker has no remote control; Redis has, but
                # nothing here uses it, and without it the worker starts faster.
                "--without-mingle",
                "--without-gossip",
                # Beat inside the worker; it remembers the last runs in var/, so a
                # restart does not send every periodic task again at once.
                "-B",
                "--schedule",
                str(Path(settings.VAR_DIR) / "celerybeat-schedule"),
            ],
        }
        self._prepare_channel_layer()
        database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
        broker = settings.CELERY_BROKER_URL.split("://", 1)[0]
        # Files under var/mail/ unless SMTP is configured: a newcomer reads their reset link there.
        mail = getattr(settings, "EMAIL_FILE_PATH", None) or f"smtp://{settings.EMAIL_HOST}"
        self.stdout.write(
            f"Kártyavár on http://{host}:{port}/ (database: {database}, broker: {broker}). "
            f"Mails (password resets) go to {mail}. "
            "Ctrl-C stops the server and the worker."
        )
        # The commands are fixed lists built above, never user input.
        children = {name: subprocess.Popen(cmd, env=env) for name, cmd in commands.items()}  # noqa: S603

        stopping = False

        def stop(signum=None, frame=None):
            nonlocal stopping
            stopping = True

        # Put back what was there when this returns: a caller that runs the
        # command in its own process (call_command in a test) must not be left
        # ignoring SIGTERM, nor pass that on to every process it forks.
        previous = {
            signum: signal.signal(signum, stop) for signum in (signal.SIGINT, signal.SIGTERM)
        }
        try:
            exit_code = self._supervise(children, lambda: stopping)
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        if exit_code:
            sys.exit(exit_code)

    def _prepare_channel_layer(self) -> None:
        """Create the channel layer's own SQLite file, when there is no Redis to carry frames.

        `make run` migrates the site's database; the layer's file (settings.py
        says why it exists) is migrated here, so that the worker's frames
        reach the web server from the first move, whoever started `serve`.
        """
        if settings.CHANNEL_LAYER_DATABASE in settings.DATABASES:
            call_command(
                "migrate", database=settings.CHANNEL_LAYER_DATABASE, interactive=False, verbosity=0
            )

    def _supervise(self, children: dict, stopping) -> int:
        """Wait until a child exits or a signal asks to stop; then stop every child."""
        exit_code = 0
        while not stopping():
            exited = next((n for n, child in children.items() if child.poll() is not None), None)
            if exited is not None:
                code = children[exited].returncode
                self.stderr.write(f"The {exited} process exited with code {code}; stopping.")
                exit_code = code or 1
                break
            time.sleep(0.2)

        for child in children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for child in children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
        return exit_code
