"""Print jobs: who asked, what, with which options, and how far the worker got."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Status(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")
    # Done once, its file since deleted (it expired, or nobody kept it): it can be made again.
    EXPIRED = "expired", _("expired")


class Failure(models.TextChoices):
    """Why a job failed, kept as its code and said in the reader's language (``error_message``):
    the worker that writes it has no reader, and an exception's own words are for the log."""

    QUEUE_DOWN = (
        "queue_down",
        _("The print queue cannot take jobs right now; try again in a moment."),
    )
    NEVER_STARTED = (
        "never_started",
        _("No print worker started this job in time; please make it again."),
    )
    WORKER_LOST = (
        "worker_lost",
        _("The print worker stopped while making this job; please make it again."),
    )
    TOO_MANY_ATTEMPTS = (
        "too_many_attempts",
        _("The print worker stopped %(n)s times on this job; please try again later."),
    )
    WRITE_FAILED = "write_failed", _("The file could not be written; please try again.")
    SHEETS_FAILED = (
        "sheets_failed",
        _("Making the sheets failed on our side; please try again later."),
    )


class SourceKind(models.TextChoices):
    DECK = "deck", _("deck")
    SET = "set", _("set")
    CARDS = "cards", _("card list")


class PrintJob(models.Model):
    # A random id: a job's address reveals nothing about anyone else's.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="print_jobs",
    )
    session_key = models.CharField(max_length=64, blank=True, db_index=True)
    source_kind = models.CharField(max_length=8, choices=SourceKind.choices)
    deck_version = models.ForeignKey(
        "decks.DeckVersion",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="print_jobs",
    )
    card_set = models.ForeignKey(
        "catalog.CardSet",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="print_jobs",
    )
    # The exact list printed, resolved when the job was made: [{"code", "count"}, ...]
    cards = models.JSONField()
    title = models.CharField(max_length=200)
    options = models.JSONField()
    content_hash = models.CharField(max_length=64, db_index=True)
    status = models.CharField(
        max_length=8, choices=Status.choices, default=Status.QUEUED, db_index=True
    )
    progress = models.PositiveSmallIntegerField(default=0)
    # Why it failed: a Failure code. ``error`` holds the words of jobs that failed before
    # the codes (said in the worker's language then); new failures leave it empty.
    error_code = models.CharField(max_length=32, choices=Failure.choices, blank=True)
    error = models.TextField(blank=True)
    file = models.FileField(upload_to="prints/", blank=True)
    # Bytes of the file, kept so a visitor's storage is one SUM, not a stat per file.
    file_size = models.PositiveBigIntegerField(default=0)
    pages = models.PositiveIntegerField(default=0)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Touched on every progress step: a running job whose heartbeat stops has lost its worker.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    # Set when the file is made (or reused): after it the file is deleted and
    # the download answers 410; anonymous visitors' files expire sooner.
    expires_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("print job")
        verbose_name_plural = _("print jobs")

    def __str__(self) -> str:
        return f"{self.title} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("printing:job", args=[self.pk])

    @property
    def finished(self) -> bool:
        return self.status in (Status.DONE, Status.FAILED, Status.EXPIRED)

    @property
    def expired(self) -> bool:
        """Past its expiry, whether or not the periodic task has deleted the file yet."""
        if self.status == Status.EXPIRED:
            return True
        return (
            self.status == Status.DONE
            and self.expires_at is not None
            and self.expires_at <= timezone.now()
        )

    @property
    def shown_status(self) -> str:
        """The status a visitor sees: a done job past its expiry is expired already."""
        return Status.EXPIRED if self.expired else self.status

    def get_shown_status_display(self) -> str:
        return Status(self.shown_status).label

    @property
    def error_message(self) -> str:
        """Why the job failed, in the active language ("" when it did not)."""
        if self.error_code not in Failure.values:
            return self.error
        message = str(Failure(self.error_code).label)
        if self.error_code == Failure.TOO_MANY_ATTEMPTS:
            message %= {"n": self.attempts}
        return message
