"""Print files and jobs changed at the same moment, against PostgreSQL.

A finished file is shared: a new job with the same content reuses it, and a
deleted job takes its file along only when no other job points at it.
Before, the delete could look for other jobs while the new one, pointing at
the file, was not committed yet, and remove the file under it: a job "done"
whose download was gone. And a worker finishing a job wrote the whole row
back, over what happened to the job meanwhile.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from unittest import mock

import pytest
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.utils import timezone

from catalog.models import Card
from printing import limits
from printing import services as print_services
from printing.models import Failure, PrintJob, Status
from tests.concurrency import named, services_at_once
from tests.factories import make_user

pytestmark = pytest.mark.integration

ROUNDS = 15  # a race lost once may be won by chance; each round is a fresh chance to lose it


@pytest.fixture
def card_code(postgres, transactional_db):
    call_command("load_cards", verbosity=0)
    return Card.objects.filter(game__slug="alomfogo").order_by("code").first().code


def storage():
    return PrintJob._meta.get_field("file").storage


def finished_job(user, source: dict) -> PrintJob:
    """A job of `user`'s made from `source`, finished: its file is in the storage."""
    job = print_services.print_job_create(user=user, session_key="", source=source, options={})
    job.file.save(f"{job.content_hash[:16]}-{job.pk}.pdf", ContentFile(b"%PDF-1.4\n"), save=False)
    now = timezone.now()
    PrintJob.objects.filter(pk=job.pk).update(
        status=Status.DONE,
        progress=100,
        pages=1,
        file=job.file.name,
        file_size=9,
        finished_at=now,
        expires_at=limits.expires_at(signed_in=True, start=now),
    )
    return PrintJob.objects.get(pk=job.pk)


@mock.patch("printing.services._send", return_value=True)  # no worker: files are made above
def test_a_file_deleted_with_its_job_while_another_job_reuses_it(_send, card_code, media):
    for round_no in range(ROUNDS):
        source = {"cards": [{"code": card_code, "count": 1}], "title": f"Lista {round_no}"}
        alice, bob = make_user(f"alice{round_no}"), make_user(f"bob{round_no}")
        first = finished_job(alice, source)
        delete = partial(
            print_services.print_job_delete, job_id=first.pk, user=alice, session_key=""
        )
        reuse = partial(
            print_services.print_job_create, user=bob, session_key="", source=source, options={}
        )
        outcome = services_at_once(named(delete, "delete"), named(reuse, "reuse"))
        assert outcome == ["delete: applied", "reuse: applied"]
        bobs = PrintJob.objects.get(user=bob)
        if bobs.status == Status.DONE:  # reused alice's file, which must outlive her job
            assert bobs.file.name == first.file.name
            assert storage().exists(bobs.file.name), f"round {round_no}: the download is gone"
        else:  # the delete came first: a file of bob's own is made
            assert bobs.status == Status.QUEUED
            assert not storage().exists(first.file.name)


def run_while(job: PrintJob, meanwhile) -> PrintJob | None:
    """Run the job as the worker does, `meanwhile` happening as its PDF is being written."""
    from printing import pdf

    write_pdf = pdf.write_pdf

    def writing(*args, **kwargs):
        summary = write_pdf(*args, **kwargs)
        meanwhile()
        return summary

    with mock.patch("printing.pdf.write_pdf", side_effect=writing):
        return print_services.print_job_run(str(job.pk))


def files(media) -> list[str]:
    return sorted(p.name for p in media.rglob("*.pdf"))


@mock.patch("printing.services._send", return_value=True)
def test_a_job_deleted_while_it_is_made_stays_deleted(_send, card_code, media):
    owner = make_user("zsofi")
    source = {"cards": [{"code": card_code, "count": 1}]}
    job = print_services.print_job_create(user=owner, session_key="", source=source, options={})
    # its account is deleted meanwhile: the job goes with it
    assert run_while(job, lambda: owner.delete()) is None
    assert not PrintJob.objects.filter(pk=job.pk).exists()
    assert files(media) == []  # the file made for it is not left behind


@mock.patch("printing.services._send", return_value=True)
def test_a_job_failed_by_the_sweep_while_it_is_made_stays_failed(_send, card_code, media):
    owner = make_user("zsofi")
    source = {"cards": [{"code": card_code, "count": 1}]}
    job = print_services.print_job_create(user=owner, session_key="", source=source, options={})
    later = timezone.now() + timedelta(days=1)  # its heartbeat long stopped: given up

    def sweep():
        assert print_services.print_jobs_sweep(now=later) == {"requeued": 0, "failed": 1}

    job = run_while(job, sweep)
    assert (job.status, job.error_code) == (Status.FAILED, Failure.WORKER_LOST)
    job.refresh_from_db()
    assert (job.status, job.error_code, job.file.name) == (Status.FAILED, Failure.WORKER_LOST, "")
    assert files(media) == []


@mock.patch("printing.services._send", return_value=True)
def test_a_job_queued_again_while_it_is_made_is_finished_by_this_run(_send, card_code, media):
    owner = make_user("zsofi")
    source = {"cards": [{"code": card_code, "count": 1}]}
    job = print_services.print_job_create(user=owner, session_key="", source=source, options={})
    stuck = timezone.now() + timedelta(minutes=10)  # its heartbeat stopped: queued again

    def sweep():
        assert print_services.print_jobs_sweep(now=stuck) == {"requeued": 1, "failed": 0}

    job = run_while(job, sweep)
    job.refresh_from_db()
    assert job.status == Status.DONE and storage().exists(job.file.name)
    # the run it was queued again for finds it made, and leaves it as it is
    assert print_services.print_job_run(str(job.pk)).file.name == job.file.name
    assert PrintJob.objects.get(pk=job.pk).attempts == 1
