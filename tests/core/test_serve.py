"""`make run`'s server: web and worker come up on embedded defaults; Ctrl-C stops both."""

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
from pathlib import Path

from tests.make_run_site import ROOT, environment_without, fetch, free_port, start_in_root


def test_serve_starts_web_and_worker_and_ctrl_c_stops_both(tmp_path):
    # A fresh machine: no DATABASE_URL, no REDIS_URL, an empty var/ folder.
    env = environment_without("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "CI")
    env["VAR_DIR"] = str(tmp_path / "var")
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=120)

    port = free_port()
    server = start_in_root([*manage, "serve", "--port", str(port), "--concurrency", "1"], env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        health = None
        while time.monotonic() < deadline:
            try:
                status, body = fetch(f"{base}/healthz?worker=1")
                health = json.loads(body)
                if status == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            time.sleep(0.5)
        assert health is not None and health["status"] == "ok", health
        assert health["checks"]["database"]["backend"] == "sqlite"
        assert health["checks"]["broker"]["backend"] == "filesystem"
        assert health["checks"]["worker"]["status"] == "up"

        status, html = fetch(f"{base}/")
        assert status == 200 and "Kártyavár" in html

        # a gigabyte announced: refused before a byte of it is read (core/server_limits.py)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as upload:
            upload.sendall(
                b"POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1073741824\r\n\r\n"
            )
            assert upload.recv(200).startswith(b"HTTP/1.1 413 ")

        children = [p for p in _children(server.pid)]
        assert len(children) >= 2  # daphne and the celery worker

        server.send_signal(signal.SIGINT)  # what Ctrl-C sends
        server.wait(timeout=30)
        time.sleep(0.5)
        assert all(not _alive(pid) for pid in children)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
        output = server.stdout.read()
    assert "Ctrl-C stops the server and the worker" in output


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.split(")")[-1].split()[0] != "Z"  # a zombie is already dead
