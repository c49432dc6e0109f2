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


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


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
