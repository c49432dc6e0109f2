"""Health checks of the services the site depends on.

Each check returns a Check instead of raising, so /healthz can report every
service at once and answer 503 when any of them is down.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
import uuid
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connections

from config.celery import app as celery_app

TIMEOUT_SECONDS = 2.0


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    backend: str
    detail: str
    milliseconds: float

    def as_dict(self) -> dict:
        return {
            "status": "up" if self.ok else "down",
            "backend": self.backend,
            "detail": self.detail,
            "ms": round(self.milliseconds, 1),
        }


def _timed(name: str, backend: str, probe) -> Check:
    started = time.perf_counter()
    try:
        detail = probe() or "ok"
        ok = True
    except Exception as exc:  # any failure of a dependency is a "down", never a 500
        detail = f"{type(exc).__name__}: {exc}"
        ok = False
    return Check(name, ok, backend, detail, (time.perf_counter() - started) * 1000)


def check_database(alias: str = "default") -> Check:
    connection = connections[alias]

    def probe() -> None:
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()

    return _timed("database", connection.vendor, probe)


def check_broker(app=celery_app) -> Check:
    url = app.conf.broker_url or ""
    backend = url.split("://", 1)[0] or "unknown"

    def probe() -> None:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=TIMEOUT_SECONDS)
        if backend == "filesystem":
            # The filesystem transport "connects" to anything; what can fail
            # is the folder the messages are written to.
            folder = app.conf.broker_transport_options["data_folder_out"]
            os.makedirs(folder, exist_ok=True)
            if not os.access(folder, os.W_OK):
                raise PermissionError(f"{folder} is not writable")

    return _timed("broker", backend, probe)


def check_channel_layer(layer=None) -> Check:
    layer = layer or get_channel_layer()
    backend = type(layer).__name__ if layer is not None else "none"

    async def roundtrip() -> None:
        if hasattr(layer, "round_trip"):  # pub/sub (core.channel_layer): listen, then send
            message = await layer.round_trip({"type": "healthz.ping"})
        else:
            # A plain channel name, not a process-local one (new_channel): the
            # SQLite layer receives on process-local channels through a poller
            # that lives on, and one started inside this short-lived event loop
            # would keep polling from a dead executor.
            channel = f"healthz.{uuid.uuid4().hex}"
            await layer.send(channel, {"type": "healthz.ping"})
            message = await layer.receive(channel)
        if message.get("type") != "healthz.ping":
            raise RuntimeError(f"unexpected message {message!r}")

    async def roundtrip_in_time() -> None:
        await asyncio.wait_for(roundtrip(), TIMEOUT_SECONDS)

    def probe() -> None:
        if layer is None:
            raise RuntimeError("CHANNEL_LAYERS is not configured")
        async_to_sync(roundtrip_in_time)()

    return _timed("channel_layer", backend, probe)


def check_worker(app=celery_app) -> Check:
    """Round trip through a worker: only on request, as it waits for one."""
    from core.tasks import probe as probe_task

    def probe() -> str:
        result = probe_task.apply_async()
        # A result backend without push (make run's files) is read every `interval`
        # seconds; Celery's half second was most of the "ms" this check reported.
        answer = result.get(timeout=TIMEOUT_SECONDS * 2, interval=0.05)
        return f"answered by {answer['worker']}"

    return _timed("worker", "celery", probe)


# The worker's verdict, kept a while by each web process. `?worker=1` is public (load
# balancers ask it), and each probe queues a task and holds a thread for up to 4 s: fifty
# at once queued behind each other and reported a healthy worker down. One probe runs at a
# time; the requests that come meanwhile wait for it and share its verdict.
WORKER_UP_SECONDS = 10.0  # a worker that answered is trusted this long
WORKER_DOWN_SECONDS = 2.0  # one that did not is asked again soon (a site starting up)
_worker_lock = threading.Lock()
_worker_verdict: tuple[float, Check] | None = None
_now = time.monotonic  # the verdict's clock (a test moves it)


def worker_verdict(probe=check_worker) -> Check:
    """The worker's round trip, at most one at a time, its verdict kept (see above)."""
    global _worker_verdict
    with _worker_lock:
        if _worker_verdict is not None:
            taken, check = _worker_verdict
            if _now() - taken < (WORKER_UP_SECONDS if check.ok else WORKER_DOWN_SECONDS):
                return check
        check = probe()
        _worker_verdict = (_now(), check)
        return check


def run_checks(*, include_worker: bool = False) -> list[Check]:
    checks = [check_database(), check_broker(), check_channel_layer()]
    if include_worker:
        checks.append(worker_verdict())
    return checks
