"""Celery tasks of printing: thin, they take an id and call the service."""

from __future__ import annotations

from celery import shared_task
from django.utils.translation import gettext as _

from printing import services


@shared_task(
    name="printing.make_sheets",
    bind=True,
    acks_late=True,  # a job whose worker dies is delivered again
    reject_on_worker_lost=True,
    autoretry_for=(OSError,),  # disk or storage hiccups; retried with backoff
    retry_backoff=True,
    max_retries=3,
)
def make_sheets(self, job_id: str) -> str:
    try:
        job = services.print_job_run(job_id)
    except OSError:
        if self.request.retries >= self.max_retries:
            services.print_job_fail(job_id, _("The file could not be written; please try again."))
        raise
    except Exception as error:
        # A bug, not the user's doing: the job says so instead of spinning for ever.
        services.print_job_fail(job_id, _("Making the sheets failed: %(error)s") % {"error": error})
        raise
    return job.status if job else "missing"


@shared_task(name="printing.delete_expired_files", ignore_result=True)
def delete_expired_files() -> dict:
    """Run by celery beat (config/celery.py): expire old print files and delete them."""
    return services.print_files_expire()
