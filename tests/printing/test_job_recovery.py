"""Print jobs that cannot be made, or nothing is making: each ends, says why, and frees its place.

Personas: a visitor, the owner (signed in, reading in English), and the
worker, which has no reader and the site's language. The broker goes down,
a worker dies mid-job, a task is lost; the periodic sweep settles what
nobody looks at.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from amqp.exceptions import ChannelError
from celery.exceptions import Retry
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import timezone, translation
from kombu.exceptions import OperationalError

from catalog.models import Card
from printing import services
from printing.models import Failure, PrintJob, Status
from printing.tasks import make_sheets
from tests.factories import make_user
from tests.printing.requests import FORM, ONE_CARD, api_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_worker(monkeypatch):
    """Tasks go to a broker no worker reads: jobs stay queued."""
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: None)


def broker_down(monkeypatch, error: Exception) -> None:
    def refuse(job_id):
        raise error

    monkeypatch.setattr("printing.tasks.make_sheets.delay", refuse)


def in_language(language: str, text) -> str:
    with translation.override(language):
        return str(text)


def error_in(language: str, job: PrintJob) -> str:
    with translation.override(language):
        return job.error_message


def alert(html: str) -> str:
    found = re.search(r'(?s)role="alert">(.*?)</', html)
    assert found, html[:2000]
    return " ".join(found.group(1).split())


# ---------------------------------------------------------------- 1. the broker cannot take a job

# What sending raises: Redis refusing the connection (kombu wraps it), the filesystem
# transport's folder gone (the same), a channel error, a bare socket error.
BROKER_ERRORS = [
    OperationalError("Error 111 connecting to redis:6379. Connection refused."),
    ChannelError("Cannot add file to directory"),
    ConnectionRefusedError(111, "Connection refused"),
]


@pytest.mark.parametrize("error", BROKER_ERRORS, ids=lambda e: type(e).__name__)
def test_a_new_job_the_broker_cannot_take_is_refused_with_503_and_not_kept(
    owner, cards, monkeypatch, django_capture_on_commit_callbacks, error
):
    broker_down(monkeypatch, error)
    with pytest.raises(services.PrintQueueDown) as refused:
        with django_capture_on_commit_callbacks(execute=True):
            services.print_job_create(user=owner, session_key="", source={"set": "AF1"}, options={})
    assert refused.value.status_code == 503 and refused.value.code == "queue_down"
    assert not PrintJob.objects.exists()


def test_a_job_queued_again_when_the_broker_is_down_fails_saying_try_again(
    owner, cards, monkeypatch, settings, django_capture_on_commit_callbacks, no_worker
):
    settings.PRINT_STUCK_AFTER_SECONDS = 60
    job = services.print_job_create(user=owner, session_key="", source={"set": "AF1"}, options={})
    lost = timezone.now() - timedelta(minutes=5)
    PrintJob.objects.filter(pk=job.pk).update(status=Status.RUNNING, heartbeat_at=lost, attempts=1)
    broker_down(monkeypatch, OperationalError("Connection refused."))
    with django_capture_on_commit_callbacks(execute=True):
        services.print_job_for(job_id=job.pk, user=owner, session_key="")
    job.refresh_from_db()
    assert job.status == Status.FAILED and job.error_code == Failure.QUEUE_DOWN


@pytest.fixture
def catalog(transactional_db):
    """The catalog for a test whose requests commit (an earlier one of them emptied it)."""
    if not Card.objects.filter(code="AF1-001").exists():
        call_command("load_cards", verbosity=0)


@pytest.mark.django_db(transaction=True)
def test_every_door_answers_503_while_the_broker_is_down_and_nothing_holds_a_place(
    catalog, monkeypatch
):
    """Requests commit here, so the job is sent as on the site: at once, after its row."""
    broker_down(monkeypatch, OperationalError("Error 111 connecting to redis:6379."))
    visitor = Client(raise_request_exception=False)
    visitor.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    message = in_language("en", Failure.QUEUE_DOWN.label)

    api = api_post(visitor, set="AF1")
    assert api.status_code == 503
    assert api.json() == {"error": {"code": "queue_down", "message": message}}

    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        form = visitor.post("/print/new/", {**FORM, "set": "AF1"}, **headers)
        assert form.status_code == 503
        html = form.content.decode()
        assert alert(html) == message and 'id="print-form"' in html  # the form, kept
    assert not PrintJob.objects.exists()

    # The broker is back: a short outage left nothing behind to hold the visitors' places.
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: None)
    for _ in range(settings.LIMITS["PRINT_ACTIVE_JOBS_ALL_VISITORS"]):
        assert api_post(Client(), **ONE_CARD).status_code == 201


# ---------------------------------------------------------------- 2. jobs nothing is making


def dead_visitor_jobs(count: int, *, lost_for: timedelta) -> list[str]:
    """Visitors' jobs whose workers died `lost_for` ago; the visitors closed their tabs."""
    ids = [api_post(Client(), **ONE_CARD).json()["id"] for _ in range(count)]
    lost = timezone.now() - lost_for
    PrintJob.objects.filter(pk__in=ids).update(
        status=Status.RUNNING, heartbeat_at=lost, started_at=lost, attempts=1
    )
    return ids


def test_dead_jobs_nobody_reads_do_not_hold_the_visitors_places(cards, no_worker):
    together = settings.LIMITS["PRINT_ACTIVE_JOBS_ALL_VISITORS"]
    dead_visitor_jobs(together, lost_for=timedelta(days=1))
    assert api_post(Client(), **ONE_CARD).status_code == 201


def test_queued_jobs_given_up_do_not_hold_a_visitors_own_places(client, cards, no_worker):
    mine = [api_post(client, **ONE_CARD).json()["id"] for _ in range(2)]
    assert api_post(client, **ONE_CARD).status_code == 429
    long_ago = timezone.now() - timedelta(hours=2)
    PrintJob.objects.filter(pk__in=mine).update(created_at=long_ago)
    assert api_post(client, **ONE_CARD).status_code == 201


def test_the_sweep_queues_again_the_recently_lost_and_fails_the_long_lost(
    owner, cards, no_worker, settings
):
    settings.PRINT_STUCK_AFTER_SECONDS = 60
    recent = dead_visitor_jobs(1, lost_for=timedelta(minutes=5))[0]
    long_lost = dead_visitor_jobs(1, lost_for=timedelta(days=1))[0]
    tried_out = dead_visitor_jobs(1, lost_for=timedelta(minutes=5))[0]
    PrintJob.objects.filter(pk=tried_out).update(attempts=services.MAX_ATTEMPTS)
    alive = dead_visitor_jobs(1, lost_for=timedelta(seconds=5))[0]
    never_taken = api_post(Client(), **ONE_CARD).json()["id"]
    PrintJob.objects.filter(pk=never_taken).update(created_at=timezone.now() - timedelta(hours=2))
    waiting = api_post(Client(), **ONE_CARD).json()["id"]

    assert services.print_jobs_sweep() == {"requeued": 1, "failed": 3}
    jobs = {str(job.pk): job for job in PrintJob.objects.all()}
    assert jobs[recent].status == Status.QUEUED
    assert (jobs[long_lost].status, jobs[long_lost].error_code) == ("failed", "worker_lost")
    assert (jobs[tried_out].status, jobs[tried_out].error_code) == ("failed", "too_many_attempts")
    assert (jobs[never_taken].status, jobs[never_taken].error_code) == ("failed", "never_started")
    assert jobs[alive].status == Status.RUNNING and jobs[waiting].status == Status.QUEUED
    assert services.print_jobs_sweep() == {"requeued": 0, "failed": 0}


def test_beat_sweeps_stuck_jobs_every_minute():
    from config.celery import app

    entry = app.conf.beat_schedule["printing-sweep-stuck-jobs"]
    assert entry["task"] == "printing.sweep_stuck_jobs" and entry["schedule"] == 60
    assert entry["options"]["expires"] < entry["schedule"]
    assert "printing.sweep_stuck_jobs" in app.tasks


# ---------------------------------------------------------------- 3. a job that kills its worker


class WorkerKilled(BaseException):
    """The worker's process dies (out of memory): no except clause of ours runs."""


def test_a_job_delivered_again_after_killing_its_worker_stops_at_max_attempts(owner, cards):
    job = services.print_job_create(user=owner, session_key="", source={"set": "AF1"}, options={})
    with mock.patch("printing.pdf.write_pdf", side_effect=WorkerKilled):
        for _ in range(services.MAX_ATTEMPTS):  # delivered again each time (acks_late)
            with pytest.raises(WorkerKilled):
                services.print_job_run(str(job.pk))
        job = services.print_job_run(str(job.pk))
    assert job.status == Status.FAILED and job.error_code == Failure.TOO_MANY_ATTEMPTS
    assert job.attempts == services.MAX_ATTEMPTS
    with translation.override("en"):
        assert str(services.MAX_ATTEMPTS) in job.error_message


def test_a_write_error_is_retried_within_the_jobs_attempts_then_said(owner, cards):
    job = services.print_job_create(user=owner, session_key="", source={"set": "AF1"}, options={})
    with mock.patch("printing.pdf.write_pdf", side_effect=OSError("/srv/var/media is full")):
        for retries in range(services.MAX_ATTEMPTS):  # each retry, as a worker runs it
            with pytest.raises((Retry, OSError)):
                make_sheets.apply(args=[str(job.pk)], retries=retries)
    job.refresh_from_db()
    assert job.attempts == services.MAX_ATTEMPTS
    assert job.error_code == Failure.WRITE_FAILED


# ---------------------------------------------------------------- 4. why, in the reader's language


def fail_in_the_worker(job_id: str, error: BaseException) -> None:
    """The task fails in the worker, which has no request: the site's language is active."""
    translation.activate(settings.LANGUAGE_CODE)
    with mock.patch("printing.services.print_job_run", side_effect=error):
        with pytest.raises(type(error)):
            make_sheets.apply(args=[job_id], retries=make_sheets.max_retries)


@pytest.mark.parametrize(
    ("error", "failure"),
    [
        (KeyError("AF1-007"), Failure.SHEETS_FAILED),
        (OSError("[Errno 28] No space left on device: '/srv/var/media/prints'"), "write_failed"),
    ],
)
def test_a_failure_is_said_in_the_readers_language_and_gives_nothing_away(
    cards, no_worker, error, failure
):
    reader = Client()
    reader.force_login(make_user("reader", language="en"))
    job_id = api_post(reader, set="AF1").json()["id"]
    fail_in_the_worker(job_id, error)

    english = in_language("en", Failure(failure).label)
    body = reader.get(f"/api/print-jobs/{job_id}/").json()
    assert (body["status"], body["error"], body["error_code"]) == ("failed", english, failure)
    assert alert(reader.get(f"/print/jobs/{job_id}/").content.decode()) == english
    assert "AF1-007" not in english and "/srv" not in english
    assert PrintJob.objects.get(pk=job_id).error == ""  # no words kept in the worker's language


def test_the_same_failure_reads_in_each_readers_language(owner, cards, no_worker):
    job = services.print_job_create(user=owner, session_key="", source={"set": "AF1"}, options={})
    services.print_job_fail(job.pk, Failure.WRITE_FAILED)
    job.refresh_from_db()
    english, hungarian = error_in("en", job), error_in("hu", job)
    assert english == "The file could not be written; please try again."
    assert hungarian != english and hungarian == in_language("hu", Failure.WRITE_FAILED.label)


def test_a_job_failed_before_the_codes_still_shows_its_words(client, owner, cards, no_worker):
    job = services.print_job_create(user=owner, session_key="", source={"set": "AF1"}, options={})
    PrintJob.objects.filter(pk=job.pk).update(status=Status.FAILED, error="Régi hibaüzenet")
    client.force_login(owner)
    assert client.get(f"/api/print-jobs/{job.pk}/").json()["error"] == "Régi hibaüzenet"
    assert alert(client.get(f"/print/jobs/{job.pk}/").content.decode()) == "Régi hibaüzenet"


# ---------------------------------------------------------------- 5. when a file expired


def test_the_expiry_in_a_message_is_the_sites_local_time_as_on_the_page(
    client, owner, cards, django_capture_on_commit_callbacks
):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    with django_capture_on_commit_callbacks(execute=True):
        job_id = api_post(client, **ONE_CARD).json()["id"]
    # 22:30 UTC is 23:30 in Budapest in winter: another hour, and another day at midnight.
    PrintJob.objects.filter(pk=job_id).update(expires_at=datetime(2026, 1, 5, 22, 30, tzinfo=UTC))
    page = client.get(f"/print/jobs/{job_id}/").content.decode()
    api = client.get(f"/api/print-jobs/{job_id}/").json()["message"]
    download = client.get(f"/print/jobs/{job_id}/download/")
    assert download.status_code == 410
    local = re.search(r"expired on (.*?) and was deleted", " ".join(page.split())).group(1)
    assert "11:30" in local or "23:30" in local, local
    for message in (api, download.content.decode()):
        assert f"expired on {local} and" in " ".join(message.split())
