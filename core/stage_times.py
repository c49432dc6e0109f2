"""Where a live move's time goes: per-stage timers a server process keeps when asked to.

Off unless the setting STAGE_TIMES_DIR names a folder (bench/live.py sets it
for the servers it starts); off, each timer point costs one attribute read.
On, a move carries a `MoveClock` from the moment the consumer reads its text
to the moment its frames are on the channel layer: each stage (`lap`) adds
the time since the one before, in this process's own clock, so the stages of
a move add up to its whole time on the server. The clock travels in a
context variable, which asgiref copies into the worker thread a move's
database work runs in, so the thread's laps land on the consumer's clock.
Delivering a frame (channel layer to this socket) is timed per frame.

Each process writes its samples, as JSON, to `<STAGE_TIMES_DIR>/<pid>.json`
every few seconds and when it exits; the benchmark merges the files.
"""

from __future__ import annotations

import atexit
import contextvars
import json
import os
import threading
import time
from pathlib import Path

# Seconds between two writes of a process's file while moves come in (a
# write costs a few milliseconds per 100,000 samples; the last is at exit).
WRITE_EVERY = 30.0
# A long run keeps at most this many samples per stage (the first ones).
SAMPLES_MAX = 200_000

_folder: Path | None = None
_samples: dict[str, list[float]] = {}
_lock = threading.Lock()
_written = 0.0
_clock: contextvars.ContextVar[MoveClock | None] = contextvars.ContextVar(
    "move_clock", default=None
)


class MoveClock:
    """One move's stages, in order: (stage name, seconds)."""

    __slots__ = ("last", "laps")

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.laps: list[tuple[str, float]] = []

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.laps.append((stage, now - self.last))
        self.last = now


def enabled() -> bool:
    return _folder is not None


def enable(folder: str | os.PathLike) -> None:
    """Keep timers in this process and write them to `folder` (made if missing)."""
    global _folder
    _folder = Path(folder)
    _folder.mkdir(parents=True, exist_ok=True)
    atexit.register(write)


def start() -> MoveClock | None:
    """A clock for the move this context handles now (None when timers are off)."""
    if _folder is None:
        return None
    clock = MoveClock()
    _clock.set(clock)
    return clock


def lap(stage: str) -> None:
    """The time since the previous lap of this context's move belongs to `stage`."""
    if _folder is None:
        return
    clock = _clock.get()
    if clock is not None:
        clock.lap(stage)


def finish(clock: MoveClock | None) -> None:
    """The move is done: keep its laps (and its total, as stage "move")."""
    if clock is None:
        return
    _clock.set(None)
    laps = clock.laps
    if not laps:
        return  # refused before it reached the database: not a move
    _add([*laps, ("move", sum(seconds for _stage, seconds in laps))])


def record(stage: str, seconds: float) -> None:
    """One sample of a stage that is not part of a move's clock (a frame's delivery)."""
    if _folder is not None:
        _add([(stage, seconds)])


def _add(samples: list[tuple[str, float]]) -> None:
    with _lock:
        for stage, seconds in samples:
            kept = _samples.setdefault(stage, [])
            if len(kept) < SAMPLES_MAX:
                kept.append(seconds)
    if time.monotonic() - _written > WRITE_EVERY:
        write()


def write() -> None:
    """Write this process's samples to its file (whole, replacing the last write)."""
    global _written
    if _folder is None:
        return
    with _lock:
        _written = time.monotonic()
        text = json.dumps({stage: list(values) for stage, values in _samples.items()})
    path = _folder / f"{os.getpid()}.json"
    partial = path.with_suffix(".part")
    partial.write_text(text)
    partial.replace(path)


def read(folder: str | os.PathLike) -> dict[str, list[float]]:
    """Every process's samples in `folder`, merged by stage (for the benchmark)."""
    merged: dict[str, list[float]] = {}
    for path in sorted(Path(folder).glob("*.json")):
        for stage, values in json.loads(path.read_text()).items():
            merged.setdefault(stage, []).extend(values)
    return merged
