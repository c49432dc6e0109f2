"""Print reads: a visitor's jobs, one job for the visitor who asked for it, and what a job
waiting in the queue or a downloaded file is called."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotFound
from printing.models import PrintJob, Status


def jobs_of(*, user, session_key: str):
    """The jobs of an account, or of an anonymous visitor's session (none without one)."""
    if user.is_authenticated:
        return PrintJob.objects.filter(user=user)
    return (
        PrintJob.objects.filter(user=None, session_key=session_key)
        if session_key
        else PrintJob.objects.none()
    )


def print_job_get(*, job_id, user, session_key: str) -> PrintJob:
    """A job for the one who asked for it (user or anonymous session); 404 for anyone else."""
    job = PrintJob.objects.filter(pk=job_id).first()
    if job is not None:
        if job.user_id is not None:
            allowed = user.is_authenticated and job.user_id == user.pk
        else:
            allowed = bool(session_key) and job.session_key == session_key
        if allowed:
            return job
    # One answer for "none" and "not yours": a stranger learns nothing from it.
    raise NotFound("not_found", _("There is nothing here, or it is not yours to see."))


def queued_stalled_after() -> timedelta:
    """How long a job may wait in the queue before its page says no worker seems to be running."""
    return timedelta(seconds=getattr(settings, "PRINT_QUEUED_STALLED_AFTER_SECONDS", 600))


def stuck_after() -> timedelta:
    """How long a running job's heartbeat may stop before its worker counts as lost."""
    return timedelta(seconds=getattr(settings, "PRINT_STUCK_AFTER_SECONDS", 120))


def given_up_after() -> timedelta:
    """How long a job may show no sign of life (made, queued again, a heartbeat) before it is
    given up: long past the page's "no worker seems to be running", which invites deleting it."""
    return timedelta(seconds=getattr(settings, "PRINT_GIVEN_UP_AFTER_SECONDS", 3600))


def _alive(now: datetime) -> Q:
    """Queued and not yet given up, or running with a heartbeat: being made, or about to be."""
    return Q(status=Status.QUEUED, seen__gt=now - given_up_after()) | Q(
        status=Status.RUNNING, seen__gt=now - stuck_after()
    )


def _with_last_sign(jobs):
    # A job queued again after its worker was lost was last seen at that worker's heartbeat.
    return jobs.alias(seen=Coalesce("heartbeat_at", "started_at", "created_at"))


def print_jobs_active(jobs, *, now: datetime | None = None):
    """The jobs among ``jobs`` that hold a place in the caps: being made, or about to be.

    A job whose worker was lost, or which no worker took up in time, holds
    none: nobody is making it, and only the sweep (``services.print_jobs_sweep``)
    or its owner's next look settles it.
    """
    return _with_last_sign(jobs).filter(_alive(now or timezone.now()))


def print_jobs_stale(*, now: datetime | None = None):
    """Jobs queued or running that nothing is making: running ones whose heartbeat stopped,
    queued ones given up. Every queued or running job is either this or active."""
    jobs = PrintJob.objects.filter(status__in=[Status.QUEUED, Status.RUNNING])
    return _with_last_sign(jobs).exclude(_alive(now or timezone.now()))


def print_job_stalled_since(job: PrintJob, *, now: datetime | None = None) -> datetime | None:
    """Since when a queued job has waited, once it has waited past ``queued_stalled_after``.

    None for a job that is not queued, or not for long. A job queued again
    after its worker was lost has waited since that worker's last heartbeat,
    not since it was first made.
    """
    if job.status != Status.QUEUED:
        return None
    since = job.heartbeat_at or job.created_at
    if (now or timezone.now()) - since < queued_stalled_after():
        return None
    return since


def print_job_file_name(job: PrintJob) -> str:
    """The downloaded file's name: what is printed, at which card size, with backs or not,
    so that two variants of one deck are two files (``kartyavar-Name (poker, with backs).pdf``)."""
    options = job.options or {}
    backs = _("with backs") if options.get("backs") else _("without backs")
    size = str(options.get("card_size") or "")
    details = f"{size}, {backs}" if size else backs
    name = job.title[:40].replace("/", "-").replace("\\", "-").strip()
    return f"kartyavar-{name} ({details}).pdf"
