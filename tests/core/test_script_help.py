"""The benchmark and screenshot scripts: `--help` prints usage and starts nothing.

Each script runs as a person runs it, from the repository with this
interpreter, in an environment of its own: a fresh TMPDIR (every scratch
folder the scripts make is made there) and a marker variable that any process
they started would inherit. Neither may be left behind. And bench/tables.py,
stopped with SIGTERM as `timeout` stops it, stops the site it started and
removes its scratch folder, as Ctrl-C does.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60
QUICK = 20  # seconds: usage needs no Django, no database and no server

SCRIPTS = {
    "bench/limits.py": ["bench/limits.py"],
    "python -m printing.measure": ["-m", "printing.measure"],
    "docs/screenshots.py": ["docs/screenshots.py"],
    "bench/tables.py": ["bench/tables.py"],
}


def processes_with(marker: str) -> list[int]:
    """The processes whose environment holds `marker` (those this user may read)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:  # gone meanwhile, or not ours
            continue
        if marker.encode() in environ:
            found.append(int(entry.name))
    return found


def isolated_env(tmp_path: Path) -> tuple[dict[str, str], str, Path]:
    marker = f"kartyavar-help-{uuid.uuid4().hex}"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "KARTYAVAR_TEST_MARKER": marker}
    return env, marker, scratch


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_prints_usage_and_starts_nothing(script, tmp_path):
    env, marker, scratch = isolated_env(tmp_path)
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, *SCRIPTS[script], "--help"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    took = time.monotonic() - started

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:"), done.stdout + done.stderr
    assert took < QUICK, f"{script} --help took {took:.1f} s"
    assert processes_with(marker) == []
    assert list(scratch.iterdir()) == []


STOPPED_SITE = """
import sys, time
from pathlib import Path
import bench.tables as tables

class Site:  # MakeRunSite's part that site_with_player uses, without a server
    def __init__(self, var_dir):
        self.var_dir = var_dir
    def start(self):
        self.var_dir.mkdir(parents=True)
        print(self.var_dir.parent, flush=True)
    def new_player(self, username):
        return {"session": "s", "deck": 1}
    def python(self, code):
        return ""
    def stop(self):
        print("stopped", flush=True)

tables.MakeRunSite = Site
tables.stop_on_sigterm()
with tables.site_with_player("bench") as (site, player):
    print("ready", flush=True)
    time.sleep(60)
print("not stopped", flush=True)
"""


def test_sigterm_stops_the_site_and_removes_the_scratch_folder(tmp_path):
    env, _marker, _scratch = isolated_env(tmp_path)
    child = subprocess.Popen(
        [sys.executable, "-c", STOPPED_SITE],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        scratch = Path(child.stdout.readline().strip())
        assert child.stdout.readline() == "ready\n", child.stderr.read()
        assert scratch.is_dir()
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=TIMEOUT)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 128 + signal.SIGTERM, err
    assert out == "stopped\n"
    assert not scratch.exists()
