"""Print reads: a visitor's jobs, and one job for the visitor who asked for it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import NotFound
from printing.models import PrintJob


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
