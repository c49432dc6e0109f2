"""Celery tasks of printing: thin, they take an id and call the service."""

from __future__ import annotations

from celery import shared_task

from printing import services
from printing.models import Failure


@shared_task(
    name="printing.make_sheets",
    bind=True,
    acks_late=True,  # a job whose worker dies is delivered again
    reject_on_worker_lost=True,
    autoretry_for=(OSError,),  # disk or storage hiccups; retried with backoff
    retry_backoff=True,
    # Each run is one of the job's attempts, and print_job_run refuses one past the last.
    max_retries=services.MAX_ATTEMPTS - 1,
)
def make_sheets(self, job_id: str) -> str:
    try:
        job = services.print_job_run(job_id)
    except OSError:
        if self.request.retries >= self.max_retries:
            services.print_job_fail(job_id, Failure.WRITE_FAILED)
        raise
    except Exception:
        # A bug, not the user's doing: the job says so instead of spinning for ever, in
        # words that give nothing of the server away. Raised again, the exception goes to
        # the worker's log with its traceback.
        services.print_job_fail(job_id, Failure.SHEETS_FAILED)
        raise
    return job.status if job else "missing"


@shared_task(name="printing.sweep_stuck_jobs", ignore_result=True)
def sweep_stuck_jobs() -> dict:
    """Run by celery beat (config/celery.py): queue again or fail the jobs nothing is making."""
    return services.print_jobs_sweep()


@shared_task(name="printing.delete_expired_files", ignore_result=True)
def delete_expired_files() -> dict:
    """Run by celery beat (config/celery.py): expire old print files and delete them."""
    return services.print_files_expire()
