"""Run the whole site in one terminal: the ASGI server and a Celery worker.

`make run` ends here. Both run as child processes; Ctrl-C (or SIGTERM) stops
both, and if either one dies the other is stopped too, so the terminal never
shows a half-running site.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from django.conf import settings
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
            ],
        }
        database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
        broker = settings.CELERY_BROKER_URL.split("://", 1)[0]
        self.stdout.write(
            f"Kártyavár on http://{host}:{port}/ (database: {database}, broker: {broker}). "
            "Ctrl-C stops the server and the worker."
        )
        # The commands are fixed lists built above, never user input.
        children = {name: subprocess.Popen(cmd, env=env) for name, cmd in commands.items()}  # noqa: S603

        stopping = False

        def stop(signum=None, frame=None):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)

        exit_code = 0
        while not stopping:
            for name, child in children.items():
                if child.poll() is not None:
                    self.stderr.write(
                        f"The {name} process exited with code {child.returncode}; stopping."
                    )
                    exit_code = child.returncode or 1
                    stopping = True
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
        if exit_code:
            sys.exit(exit_code)
