"""Print jobs through Redis and real worker processes, including one that dies mid-job."""

from __future__ import annotations

import io
import os
import signal
import time

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from printing import services
from printing.models import PrintJob

pytestmark = pytest.mark.integration


def wait_for(job_id, predicate, *, seconds: float, user=None, session_key: str = "") -> PrintJob:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job = PrintJob.objects.get(pk=job_id)
        if user is not None or session_key:
            # what the job page does on every poll: notice a worker that died
            job = services.print_job_for(job_id=job_id, user=user, session_key=session_key)
        if predicate(job):
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} stuck at {job.status} {job.progress}%")


def test_post_to_download_through_redis_and_a_worker(postgres, start_worker, media, client):
    call_command("load_cards", verbosity=0)
    start_worker(MEDIA_ROOT=str(media))
    response = client.post(
        "/api/print-jobs/", {"set": "AF1", "backs": True}, content_type="application/json"
    )
    assert response.status_code == 201
    job_id = response.json()["id"]
    wait_for(job_id, lambda j: j.status == "done", seconds=90)
    body = client.get(f"/api/print-jobs/{job_id}/").json()
    pdf = client.get(body["download_url"])
    reader = PdfReader(io.BytesIO(b"".join(pdf.streaming_content)))
    assert len(reader.pages) == 4  # 13 cards: 2 fronts and their 2 backs


def test_a_worker_killed_mid_job_leaves_no_job_running_for_ever(
    postgres, start_worker, media, client, settings
):
    settings.PRINT_STUCK_AFTER_SECONDS = 3
    call_command("load_cards", verbosity=0)
    worker = start_worker(MEDIA_ROOT=str(media))
    response = client.post("/api/print-jobs/", {"set": "ONI"}, content_type="application/json")
    job_id = response.json()["id"]
    session_key = client.session.session_key
    wait_for(job_id, lambda j: j.status == "running" and j.progress >= 5, seconds=60)

    os.killpg(worker.pid, signal.SIGKILL)  # the whole worker, as a crash or OOM would
    worker.wait(timeout=10)
    start_worker(MEDIA_ROOT=str(media))

    job = wait_for(
        job_id,
        lambda j: j.status in ("done", "failed"),
        seconds=120,
        user=None,
        session_key=session_key,
    )
    assert job.attempts >= 2
    assert job.status == "done", job.error


def test_the_sweep_sent_through_redis_deletes_an_expired_file(
    postgres, start_worker, media, client
):
    from datetime import timedelta
    from pathlib import Path

    from django.utils import timezone

    from printing.tasks import delete_expired_files

    call_command("load_cards", verbosity=0)
    start_worker(MEDIA_ROOT=str(media))
    job_id = client.post(
        "/api/print-jobs/", {"set": "AF1"}, content_type="application/json"
    ).json()["id"]
    job = wait_for(job_id, lambda j: j.status == "done", seconds=90)
    path = Path(media) / job.file.name
    assert path.exists() and job.expires_at > timezone.now()
    PrintJob.objects.filter(pk=job_id).update(expires_at=timezone.now() - timedelta(seconds=1))

    # what beat sends every quarter hour, through the broker to the worker
    result = delete_expired_files.apply_async(ignore_result=False)
    assert result.get(timeout=60) == {"expired": 1, "deleted_files": 1}
    assert not path.exists()
    assert client.get(f"/api/print-jobs/{job_id}/download/").status_code == 410


def test_simultaneous_requests_cannot_pass_the_cap_on_jobs_being_made(
    postgres, transactional_db, monkeypatch, settings
):
    """Four requests at once from one player: the row lock lets exactly two through."""
    from functools import partial

    from django.test import Client

    from tests.concurrency import run_together
    from tests.factories import PASSWORD, make_user

    call_command("load_cards", verbosity=0)
    make_user("egyszerre")
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: None)
    clients = []
    for _ in range(4):
        one = Client()
        one.login(username="egyszerre", password=PASSWORD)
        clients.append(one)

    def post(one: Client) -> int:
        response = one.post("/api/print-jobs/", {"set": "AF1"}, content_type="application/json")
        return response.status_code

    statuses = run_together(*(partial(post, one) for one in clients))
    assert sorted(statuses) == [201, 201, 429, 429]
    assert PrintJob.objects.filter(status="queued").count() == 2
