"""`make run` in a terminal: Ctrl-C stops the site once, and a second one on its var/ is refused.

A terminal's Ctrl-C sends SIGINT to every process of its foreground group. The
worker was in it, so it got the terminal's SIGINT and then serve's SIGTERM, and
announced its warm shutdown twice. Its children now run in groups of their own
and serve alone passes the stop on, once.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.make_run_site import ROOT, environment_without, fetch, free_port, start_in_root

MANAGE = [sys.executable, "manage.py"]


def test_ctrl_c_stops_the_worker_once_and_a_second_make_run_on_its_var_is_refused(tmp_path):
    env = environment_without(
        "DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "CI", "ALLOWED_HOSTS", "LOG_LEVEL"
    )
    env["VAR_DIR"] = str(tmp_path / "var")
    subprocess.run([*MANAGE, "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=180)

    port = free_port()
    # In a session of its own, as a terminal's job: the signal below reaches its group only.
    server = start_in_root([*MANAGE, "serve", "--port", str(port), "--concurrency", "1"], env)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                if fetch(f"http://127.0.0.1:{port}/healthz?worker=1")[0] == 200:
                    break
            except OSError:
                pass
            assert server.poll() is None, server.stdout.read()
            time.sleep(0.5)
        else:
            raise AssertionError("serve did not come up")

        # One worker, so one beat, per var/ folder: the second stops before starting anything.
        second = start_in_root([*MANAGE, "serve", "--port", str(free_port())], env)
        try:
            refusal = second.communicate(timeout=120)[0]
        finally:
            if second.poll() is None:
                os.killpg(second.pid, signal.SIGKILL)
                second.wait()
        assert second.returncode == 1, refusal
        assert "another make run" in refusal and "Nothing was started." in refusal
        assert "Kártyavár on" not in refusal

        os.killpg(server.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group
        server.wait(timeout=40)  # serve gives its children 10 s, then kills them
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
        output = server.stdout.read()
    assert output.count("Warm shutdown") == 1, output[-2000:]
    time.sleep(1)
    assert _running_in_session(server.pid) == [], "a process of make run outlived it"


def _running_in_session(sid: int) -> list[str]:
    """The processes of session `sid` still running (a zombie has already stopped)."""
    running = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if int(fields[3]) == sid and fields[0] != "Z":  # state, ppid, pgrp, session
            running.append(stat.parent.name)
    return running
