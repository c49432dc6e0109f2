"""How much one print job, and one visitor, may ask of the workers and the disk.

The numbers an operator tunes live in ``settings.LIMITS`` (env-driven) and are
read on every call, so a changed setting (or a test's override) applies at
once. A card's count is bounded by a constant here; the copies of the whole
list are a print option (``printing.options``).

Per job, checked while the request is read, before anything is built:

- each card's count is 1..MAX_COUNT;
- a list has at most PRINT_MAX_ENTRIES entries;
- cards × copies is at most PRINT_MAX_CARDS.

Per visitor (an account, or an anonymous visitor's session), checked when a
job is asked for:

- at most PRINT_ACTIVE_JOBS_PER_VISITOR jobs queued or running at once
  (429: wait for one to finish); a job nothing is making (its worker lost,
  or queued past ``selectors.given_up_after``) is not counted;
- finished files kept add up to less than PRINT_BYTES_PER_USER /
  PRINT_BYTES_PER_ANONYMOUS (409: delete older files or wait until they
  expire). The check is made before the job runs, so one job may take a
  visitor past the limit; the next one is refused.

Finished files are kept PRINT_EXPIRY_HOURS_USER / _ANONYMOUS hours, then
``printing.tasks.delete_expired_files`` deletes them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Sum
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import ApplicationError

MAX_COUNT = 99  # copies of one card in a list (a playset is 3; 99 covers any token pile)


class PrintLimitError(ApplicationError):
    """A print request larger than one job may be (400)."""


class TooManyActiveJobs(ApplicationError):
    status_code = 429


class StorageFull(ApplicationError):
    status_code = 409


def max_cards() -> int:
    return settings.LIMITS["PRINT_MAX_CARDS"]


def max_entries() -> int:
    return settings.LIMITS["PRINT_MAX_ENTRIES"]


def check_entry_count(count: int) -> None:
    if count > max_entries():
        raise too_many_entries(count)


def too_many_entries(count: int) -> PrintLimitError:
    return PrintLimitError(
        "too_many_entries",
        _("A print job lists at most %(n)s different cards; this one lists %(count)s.")
        % {"n": max_entries(), "count": count},
    )


def check_total(cards: list[dict], quantity: int) -> None:
    """cards × copies within PRINT_MAX_CARDS (counts are already bounded one by one)."""
    total = sum(c["count"] for c in cards) * quantity
    if total > max_cards():
        raise PrintLimitError(
            "too_many_cards",
            _(
                "At most %(n)s cards in one print job (cards × copies); this one has %(total)s. "
                "Print fewer copies or split the list."
            )
            % {"n": max_cards(), "total": total},
        )


def expiry_hours(*, signed_in: bool) -> int:
    key = "PRINT_EXPIRY_HOURS_USER" if signed_in else "PRINT_EXPIRY_HOURS_ANONYMOUS"
    return settings.LIMITS[key]


def expiry_words(*, signed_in: bool) -> str:
    """How long a file is kept, as a person says it: "7 days", "24 hours"."""
    hours = expiry_hours(signed_in=signed_in)
    if hours % 24 == 0 and hours > 24:
        return ngettext("%(n)s day", "%(n)s days", hours // 24) % {"n": hours // 24}
    return ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours}


def expires_at(*, signed_in: bool, start: datetime | None = None) -> datetime:
    return (start or timezone.now()) + timedelta(hours=expiry_hours(signed_in=signed_in))


def bytes_allowed(*, signed_in: bool) -> int:
    key = "PRINT_BYTES_PER_USER" if signed_in else "PRINT_BYTES_PER_ANONYMOUS"
    return settings.LIMITS[key]


def stored_bytes(jobs) -> int:
    """Bytes of the finished, unexpired files among ``jobs`` (a visitor's queryset)."""
    from printing.models import Status

    kept = jobs.filter(status=Status.DONE, expires_at__gt=timezone.now()).exclude(file="")
    return kept.aggregate(total=Sum("file_size"))["total"] or 0


def megabytes(count: int) -> str:
    return formats.number_format(count / 2**20, decimal_pos=1)


def check_visitor(jobs, *, signed_in: bool) -> None:
    """Refuse a new job when the visitor has too many being made or too much kept."""
    from printing.selectors import print_jobs_active

    active_limit = settings.LIMITS["PRINT_ACTIVE_JOBS_PER_VISITOR"]
    active = print_jobs_active(jobs).count()
    if active >= active_limit:
        raise TooManyActiveJobs(
            "too_many_active_jobs",
            _(
                "You already have as many print jobs being made as you may at once (%(n)s). "
                "Wait until one of them is finished, then try again."
            )
            % {"n": active_limit},
            extra={"limit": active_limit},
        )
    allowed = bytes_allowed(signed_in=signed_in)
    used = stored_bytes(jobs)
    if used >= allowed:
        message = _(
            "Your print files take %(used)s MB of the %(allowed)s MB you may keep. Delete "
            "older print files on the “My print jobs” page, or wait until they expire "
            "(after %(kept)s)."
        ) % {
            "used": megabytes(used),
            "allowed": megabytes(allowed),
            "kept": expiry_words(signed_in=signed_in),
        }
        if not signed_in:
            message += " " + _("Signed-in players may keep more, for longer.")
        raise StorageFull("storage_full", message, extra={"limit_bytes": allowed})
    if not signed_in:
        check_visitors_together()


def check_visitors_together() -> None:
    """Refuse a visitor's job while all visitors together have as many being made, or as much
    kept, as the site gives them: a visitor's own limits count by session, and a new session
    costs nothing, so these bound the queue and the disk whatever the number of sessions."""
    from printing.models import PrintJob
    from printing.selectors import print_jobs_active

    visitors = PrintJob.objects.filter(user=None)
    active_limit = settings.LIMITS["PRINT_ACTIVE_JOBS_ALL_VISITORS"]
    if print_jobs_active(visitors).count() >= active_limit:
        raise TooManyActiveJobs(
            "visitors_busy",
            _(
                "Many visitors are printing right now. Try again in a few minutes, or sign in: "
                "players who are signed in have print jobs of their own."
            ),
            extra={"limit": active_limit},
        )
    allowed = settings.LIMITS["PRINT_BYTES_ALL_VISITORS"]
    if stored_bytes(visitors) >= allowed:
        raise StorageFull(
            "visitors_storage_full",
            _(
                "The space for visitors' print files is full until some of them expire. "
                "Sign in to print now: players who are signed in have space of their own."
            ),
            extra={"limit_bytes": allowed},
        )
