"""Print jobs: create (checking who asks and what), run (the Celery task's body), watch."""

from __future__ import annotations

import hashlib
import io
import json
import logging
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from django.core.files import File
from django.db import connection, transaction
from django.utils import formats, timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from catalog import render
from catalog.models import Card
from core import task_queue
from core.errors import ApplicationError, Conflict, NotFound
from core.hungarian import percent_filled
from core.params import BadParameter, int_param
from decks.models import DeckVersion
from decks.services import deck_locked_for_use
from printing import limits, selectors, sources
from printing import options as print_options
from printing.layout import LayoutError, SheetOptions, sheet_layout
from printing.models import Failure, PrintJob, SourceKind, Status
from printing.preview import sheet_preview

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 3  # runs of one job, however they came: retried, requeued, delivered again
# A finished file is reused only while it has at least this long to live, so
# the expiry task never deletes a file that a job is being pointed at.
REUSE_MARGIN = timedelta(hours=1)
# Part of every file's reuse key: raise it when what the PDF writer puts in a file
# changes, so that no file made before is handed out again.
SHEETS_VERSION = 3  # 3: the file's author, subject and a title always set


class PrintOptionsError(ApplicationError):
    pass


class PrintQueueDown(ApplicationError):
    """The broker cannot take the job now: nothing was made, and asking again soon may work."""

    status_code = 503


def _number(raw, option: print_options.Option) -> float:
    """A length within its limits, to at most ``option.places`` decimals, as the form takes it."""
    name, low, high, places = option.name, option.low, option.high, option.places
    try:
        value = float(raw)
    except (TypeError, ValueError):
        params = {"name": name}
        raise PrintOptionsError(
            "bad_option", percent_filled(_("“%(name)s” must be a number."), params)
        ) from None
    if not low <= value <= high:
        params = {"name": name, "low": low, "high": high}
        message = _("“%(name)s” must be between %(low)s and %(high)s.")
        raise PrintOptionsError("bad_option", percent_filled(message, params))
    rounded = round(value, places)
    # Within a float's error of the rounded value: 0.1 + 0.2 is 0.3.
    if abs(value - rounded) > 1e-9:
        params = {"name": name, "n": places}
        message = ngettext(
            "“%(name)s” may have at most %(n)s decimal place.",
            "“%(name)s” may have at most %(n)s decimal places.",
            places,
        )
        raise PrintOptionsError("bad_option", percent_filled(message, params))
    return rounded


def _flag(raw) -> bool:
    if isinstance(raw, bool):
        return raw
    return str(raw).lower() in {"1", "true", "on", "yes"}


def _clean_option(option: print_options.Option, raw):
    """One option's value in its one canonical form ("a4", 2.5), checked against its limits
    in the options table: what is stored, and what the reuse key is made of."""
    if option.kind == "flag":
        return _flag(raw)
    if option.kind == "mm":
        return _number(raw, option)
    if option.kind == "offset":
        if not isinstance(raw, list | tuple) or len(raw) != 2:
            raise PrintOptionsError("bad_option", _("The back offset is two numbers: dx and dy."))
        return [_number(v, option) for v in raw]
    if option.kind == "count":
        try:
            return int_param(
                raw, name=option.name, minimum=option.low, maximum=option.high,
                default=option.default,
            )  # fmt: skip
        except BadParameter as problem:
            raise PrintOptionsError("bad_option", problem.message) from None
    raw = option.key(raw)
    if not option.checked_by_layout and raw not in option.values:
        raise PrintOptionsError("bad_option", _(option.refusal))
    return raw  # a size that is none of the keys: the layout refuses it, naming them


def print_options_clean(raw: dict, *, user=None) -> dict:
    """Checked, complete options; an impossible sheet is refused with the layout's reason."""
    options = print_options.defaults()
    if user is not None and user.is_authenticated:
        # The profile's offset is a default, never a refusal the person did not ask for: one
        # saved before the profile form knew the option's bounds is brought within them.
        offset = print_options.OPTION["back_offset_mm"]
        options["back_offset_mm"] = [
            min(max(float(value), offset.low), offset.high)
            for value in (user.back_offset_x_mm, user.back_offset_y_mm)
        ]
    options.update({k: v for k, v in raw.items() if k in options and v is not None})
    for option in print_options.OPTIONS:
        options[option.name] = _clean_option(option, options[option.name])
    try:
        sheet_layout(sheet_options(options))
    except LayoutError as problem:
        message = problem.message_en if get_language() == "en" else problem.message_hu
        raise PrintOptionsError(problem.code, message) from None
    return options


def sheet_options(options: dict) -> SheetOptions:
    return SheetOptions(
        page=str(options["page_size"]),
        landscape=options["landscape"],
        card=str(options["card_size"]),
        gap_mm=options["gap_mm"],
        bleed_mm=options["bleed_mm"],
        margin_mm=options["margin_mm"],
    )


def print_preview_check(*, options: dict, source: dict, user) -> tuple[dict, list[dict]]:
    """The options and cards of a preview, checked as for a real job.

    Raises ApplicationError with the reason; nothing is looked up beyond the
    codes' existence (one query) and nothing is drawn.
    """
    options = print_options_clean(options)
    _title, cards, _links = sources.source_cards(source, user)
    limits.check_total(cards, options["quantity"])
    sources.check_known(cards)
    return options, cards


def print_preview(*, options: dict, source: dict, user) -> bytes:
    """The first sheet as a PNG, checked as a job would be.

    Only the first sheet's cards are ever looked up and drawn, whatever the
    length of the list.
    """
    options, cards = print_preview_check(options=options, source=source, user=user)
    layout = sheet_layout(sheet_options(options))
    codes = list(sources.first_codes(cards, layout.per_page))
    found = {
        c.code: c
        for c in Card.objects.filter(code__in=set(codes)).select_related("game", "card_set")
    }
    # The faces the PDF places: with the sheet's bleed, at its card size (small copies).
    bleed, size = float(options["bleed_mm"]), (layout.card_w, layout.card_h)
    faces = [
        render.face_file(found[code], fmt="webp", bleed_mm=bleed, card_mm=size)[0]
        for code in codes
        if code in found
    ]
    image = sheet_preview(
        layout, faces, crop_marks=options["crop_marks"], cut_lines=options["cut_lines"]
    )
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False)
    return buffer.getvalue()


VISITORS_LOCK = 0x6B56_5052  # the advisory lock of all visitors' print jobs ("kVPR")


def _visitor_lock(user, session_key: str) -> None:
    """Serialise one visitor's job creation, so two requests at once cannot both pass the caps.

    The row locked is the visitor's own (the account, or the session), which
    exists already and which nothing else locks for long.
    """
    if user.is_authenticated:
        from django.contrib.auth import get_user_model

        # NO KEY UPDATE: rows of other writers that refer to this user (a collection
        # row, a deck) check that key at commit, which FOR UPDATE would block.
        get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()
    elif session_key:
        from django.contrib.sessions.models import Session

        Session.objects.select_for_update().filter(pk=session_key).first()
    if not user.is_authenticated and connection.vendor == "postgresql":
        # All visitors share limits too (limits.check_visitors_together), and sessions cost
        # nothing: their jobs are counted and made one at a time. (SQLite's transactions
        # take the write lock up front, IMMEDIATE, which serialises them already.)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [VISITORS_LOCK])


def _requeue_stuck(user, session_key: str) -> None:
    """A visitor is not kept waiting by a job that lost its worker: its stopped heartbeat
    requeues or fails it now, as the job page would. Done before the caps are counted,
    and outside their transaction, so that a refusal does not undo it."""
    for job in selectors.jobs_of(user=user, session_key=session_key).filter(status=Status.RUNNING):
        print_job_check_stuck(job)


def print_job_create(*, user, session_key: str, source: dict, options: dict) -> PrintJob:
    """A new job for a deck, a set or a card list, within the job's and the visitor's limits.

    Everything is checked before the row is written: options, the list's
    bounds and total (cards × copies), unknown codes, then the visitor's jobs
    being made and files kept. The same cards with the same options and the
    same title (it is printed in the file) reuse a finished file that is not
    about to expire.
    """
    options = print_options_clean(options, user=user)
    title, cards, links = sources.source_cards(source, user)
    return _create(user=user, session_key=session_key, title=title, cards=cards,
                   links=links, options=options, deck_asked=True)  # fmt: skip


def print_job_again(*, job_id, user, session_key: str) -> PrintJob:
    """A new job with an earlier job's cards and options (its file expired, or it failed)."""
    job = print_job_for(job_id=job_id, user=user, session_key=session_key)
    links = {"source_kind": job.source_kind}
    if job.source_kind == SourceKind.DECK:
        # Looked up, not job.deck_version: a delete of the deck since the job was read took
        # the version (and cleared the link), which then raised DoesNotExist here.
        versions = DeckVersion.objects.filter(pk=job.deck_version_id)
        links["deck_version"] = versions.first() if job.deck_version_id else None
    elif job.source_kind == SourceKind.SET:
        links["card_set"] = job.card_set
    options = print_options_clean(job.options)
    cards = sources.cards_from_list(job.cards)
    return _create(user=user, session_key=session_key, title=job.title, cards=cards,
                   links=links, options=options)  # fmt: skip


def _deck_version_kept(version, deck_asked: bool):
    """The deck version a new job keeps (a link only: the job holds its own list), with the
    deck's row locked until the job is committed; None when it is gone.

    The version was read before this transaction: a delete of the deck meanwhile
    took it (or the deck, soft-deleted, is gone for everyone). A job asked for
    from the deck is then refused, as for a deck deleted before; a job made
    again from an earlier one keeps its cards without the link. Locked, a delete
    that comes after the job finds it, so it keeps or clears its link itself
    (decks.services.deck_locked_for_use).
    """
    deck = deck_locked_for_use(deck_id=version.deck_id)
    if deck is None and deck_asked:
        raise NotFound("not_found", _("No such deck."))
    if deck is None or not deck.versions.filter(pk=version.pk).exists():
        return None
    return version


def _create(
    *,
    user,
    session_key: str,
    title: str,
    cards: list,
    links: dict,
    options: dict,
    deck_asked: bool = False,
):
    limits.check_total(cards, options["quantity"])
    known = {
        c.code: c
        for c in Card.objects.filter(code__in={c["code"] for c in cards}).select_related(
            "game", "card_set"
        )
    }
    unknown = [c["code"] for c in cards if c["code"] not in known]
    if unknown:
        raise sources.unknown_cards(unknown)
    versions = {code: render.face_version(card) for code, card in known.items()}
    title = title[:200]
    # Everything the file holds is in the key: another visitor's file is reused only
    # when it is this one, title (metadata and every sheet's label) included.
    content = [cards, options, versions, render.LAYOUT_VERSION, SHEETS_VERSION, title]
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()
    signed_in = user.is_authenticated
    _requeue_stuck(user, session_key)
    with transaction.atomic():
        _visitor_lock(user, session_key)
        if links.get("deck_version") is not None:
            links = {**links, "deck_version": _deck_version_kept(links["deck_version"], deck_asked)}
        jobs = selectors.jobs_of(user=user, session_key=session_key)
        limits.check_visitor(jobs, signed_in=signed_in)
        job = PrintJob(
            user=user if signed_in else None,
            session_key="" if signed_in else session_key,
            title=title,
            cards=cards,
            options=options,
            content_hash=digest,
            **links,
        )
        now = timezone.now()
        # Locked, so that a delete of that job waits until this one, pointing at the same
        # file, is committed, and then leaves the file to it (_delete_unused_file); a
        # delete that came first is seen, and another file or a new one is made. Without
        # it the delete found no other job using the file and removed it under this one.
        finished = (
            PrintJob.objects.filter(
                content_hash=digest, status=Status.DONE, expires_at__gt=now + REUSE_MARGIN
            )
            .exclude(file="")
            .order_by("-expires_at")
            .select_for_update(no_key=True)
            .first()
        )
        if finished and finished.file.storage.exists(finished.file.name):
            # Same cards, options, faces and title: the finished file is reused.
            job.status, job.progress, job.file, job.pages = (
                Status.DONE,
                100,
                finished.file.name,
                finished.pages,
            )
            job.file_size = finished.file_size
            job.finished_at = now
            job.expires_at = limits.expires_at(signed_in=signed_in, start=now)
            job.save()
            return job
        job.save()
    transaction.on_commit(lambda: _send_new(job))
    return job


def _send(job: PrintJob) -> bool:
    """Hand the job to the workers: False, the reason logged, when the broker cannot take it.

    Every sending of ``make_sheets`` goes through here, once the job's row is
    committed (``transaction.on_commit``): a job left queued with no task
    behind it would wait for ever and hold a place in the caps.
    """
    from printing.tasks import make_sheets

    return task_queue.send(make_sheets, str(job.pk))


def _send_new(job: PrintJob) -> None:
    """A new job the broker cannot take is not kept (nothing was made): 503, ask again."""
    if not _send(job):
        job.delete()
        raise PrintQueueDown("queue_down", str(Failure.QUEUE_DOWN.label))


def print_job_for(*, job_id, user, session_key: str) -> PrintJob:
    """The visitor's job (404 for anyone else), requeued or failed first if its worker was lost."""
    job = selectors.print_job_get(job_id=job_id, user=user, session_key=session_key)
    return print_job_check_stuck(job)


def _last_sign(job: PrintJob):
    return job.heartbeat_at or job.started_at or job.created_at


def print_job_check_stuck(job: PrintJob, *, now=None) -> PrintJob:
    """A running job whose heartbeat stopped lost its worker: queue it again, or give up —
    after MAX_ATTEMPTS runs, or when it was lost longer ago than a job is waited for."""
    now = now or timezone.now()
    if job.status != Status.RUNNING or now - _last_sign(job) < selectors.stuck_after():
        return job
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().get(pk=job.pk)
        if job.status != Status.RUNNING or now - _last_sign(job) < selectors.stuck_after():
            return job
        if job.attempts >= MAX_ATTEMPTS:
            return _fail(job, Failure.TOO_MANY_ATTEMPTS)
        if now - _last_sign(job) >= selectors.given_up_after():
            return _fail(job, Failure.WORKER_LOST)
        job.status, job.progress = Status.QUEUED, 0
        job.save()
    transaction.on_commit(lambda: _send_again(job))
    return job


def _send_again(job: PrintJob) -> None:
    """A job queued again that the broker cannot take fails, saying to try again soon."""
    if not _send(job):
        print_job_fail(job.pk, Failure.QUEUE_DOWN)
        job.refresh_from_db()


def _fail(job: PrintJob, failure: Failure) -> PrintJob:
    """Fail a job whose row the caller holds locked."""
    job.status, job.error_code, job.error = Status.FAILED, failure, ""
    job.finished_at = timezone.now()
    job.save()
    return job


def print_jobs_sweep(*, now=None) -> dict:
    """Settle every job nothing is making, whoever it belongs to.

    The periodic task ``printing.tasks.sweep_stuck_jobs`` calls this (its
    owner's look settles one sooner). A running job whose heartbeat stopped
    is queued again or failed, as ``print_job_check_stuck`` decides; a queued
    job that showed no sign of life for ``selectors.given_up_after`` (its task
    was lost, or no worker ran) fails: its page has long said to delete it.
    """
    now = now or timezone.now()
    stale = selectors.print_jobs_stale(now=now)
    # One statement: a worker that starts the job meanwhile has locked and changed the row,
    # which the update then passes over.
    failed = stale.filter(status=Status.QUEUED).update(
        status=Status.FAILED, error_code=Failure.NEVER_STARTED, error="", finished_at=now
    )
    requeued = 0
    for job in stale.filter(status=Status.RUNNING):
        job = print_job_check_stuck(job, now=now)
        requeued += job.status == Status.QUEUED
        failed += job.status == Status.FAILED
    return {"requeued": requeued, "failed": failed}


class _Progress:
    """Writes progress to the job row, at most once per whole percent or half second."""

    def __init__(self, job: PrintJob) -> None:
        self.job = job
        self.last_write = 0.0

    def __call__(self, percent: float) -> None:
        value = max(0, min(99, int(percent)))
        now = time.monotonic()
        if value == self.job.progress and now - self.last_write < 0.5:
            return
        self.job.progress = value
        self.last_write = now
        PrintJob.objects.filter(pk=self.job.pk).update(progress=value, heartbeat_at=timezone.now())


def print_job_run(job_id: str) -> PrintJob:
    """Render the missing faces, write the PDF, store it. The Celery task calls this."""
    from printing import pdf

    with transaction.atomic():
        job = PrintJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status in (Status.DONE, Status.FAILED, Status.EXPIRED):
            return job
        if job.attempts >= MAX_ATTEMPTS:
            # Delivered again after its worker died (acks_late, reject_on_worker_lost): a
            # job that kills its worker would otherwise be run for ever.
            return _fail(job, Failure.TOO_MANY_ATTEMPTS)
        job.status, job.progress, job.error, job.error_code = Status.RUNNING, 0, "", ""
        job.attempts += 1
        job.started_at = job.heartbeat_at = timezone.now()
        job.save()
    progress = _Progress(job)
    options = job.options
    bleed = float(options["bleed_mm"])
    layout = sheet_layout(sheet_options(options))
    size = (layout.card_w, layout.card_h)  # faces are drawn for it, in their own proportions
    cards = {
        c.code: c
        for c in Card.objects.filter(code__in=[e["code"] for e in job.cards]).select_related(
            "game", "card_set"
        )
    }
    backs: dict[str, Path] = {}  # each game's back: a list may mix games

    def back_of(game: str) -> Path:
        if game not in backs:
            back, _key = render.back_file(game, fmt="png", bleed_mm=bleed, card_mm=size)
            backs[game] = pdf.as_jpeg(back)
        return backs[game]

    items = []
    for index, entry in enumerate(job.cards):
        card = cards[entry["code"]]
        face, key = render.face_file(card, fmt="png", bleed_mm=bleed, card_mm=size)
        back = back_of(card.game.slug) if options["backs"] else None
        items.append(
            pdf.PrintItem(key=key, image_path=pdf.as_jpeg(face), count=entry["count"], back=back)
        )
        progress(60 * (index + 1) / len(job.cards))
    print_options = pdf.PrintOptions(
        sheet=sheet_options(options),
        crop_marks=options["crop_marks"],
        cut_lines=options["cut_lines"],
        flip=options["flip"],
        back_offset_mm=tuple(options["back_offset_mm"]),
        quantity=options["quantity"],
        title=job.title,
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheets.pdf"
        summary = pdf.write_pdf(
            items,
            print_options,
            path,
            progress=lambda done, total: progress(60 + 39 * done / total),
        )
        job.file_size = path.stat().st_size
        with path.open("rb") as handle:
            job.file.save(f"{job.content_hash[:16]}-{job.pk}.pdf", File(handle), save=False)
    job.status, job.progress, job.pages = Status.DONE, 100, summary.pages
    job.finished_at = timezone.now()
    job.expires_at = limits.expires_at(signed_in=job.user_id is not None, start=job.finished_at)
    # Only the run that started the job finishes it, and only the fields this run made: while
    # it ran, the sweep may have failed the job, or queued it again for another worker
    # (whose run counts one more attempt), and the job may have been deleted (its account
    # went). A whole-row save put back a job failed meanwhile, or inserted a deleted one
    # again. Queued again but not yet started, it is this file's: that run will find it done.
    fields = ["status", "progress", "pages", "file", "file_size", "finished_at", "expires_at"]
    finished = PrintJob.objects.filter(
        pk=job.pk, attempts=job.attempts, status__in=[Status.RUNNING, Status.QUEUED]
    ).update(**{field: getattr(job, field) for field in fields})
    if not finished:
        _delete_unused_file(job.file.name)
        return PrintJob.objects.filter(pk=job.pk).first()
    return job


def print_job_fail(job_id, failure: Failure) -> None:
    """Fail a job still queued or running; why is kept as a code, said in the reader's language."""
    PrintJob.objects.filter(pk=job_id, status__in=[Status.QUEUED, Status.RUNNING]).update(
        status=Status.FAILED, error_code=failure, error="", finished_at=timezone.now()
    )


def print_job_delete(*, job_id, user, session_key: str) -> None:
    """Delete one of the visitor's jobs and, unless another job still uses it, its file.

    A job being made right now is refused: its worker would write it back.
    """
    job = print_job_for(job_id=job_id, user=user, session_key=session_key)
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().filter(pk=job.pk).first()
        if job is None:
            return
        if job.status == Status.RUNNING:
            raise Conflict(
                "job_running",
                _("This print job is being made right now; delete it once it is finished."),
            )
        name = job.file.name if job.file else ""
        job.delete()
    if name:
        transaction.on_commit(lambda: _delete_unused_file(name))


def _delete_unused_file(name: str) -> bool:
    """Delete a print file that no job refers to any more (reused files are shared)."""
    if PrintJob.objects.filter(file=name).exists():
        return False
    storage = PrintJob._meta.get_field("file").storage
    try:
        storage.delete(name)
    except OSError:
        return False  # already gone, or the disk is unwell: the next sweep tries again
    return True


ORPHAN_AGE = timedelta(hours=1)  # a file younger than this may belong to a job being saved


def print_files_expire(*, now=None) -> dict:
    """Expire finished jobs past their time and delete the files nobody uses any more.

    The periodic task ``printing.tasks.delete_expired_files`` calls this. Jobs
    are marked expired first (in one short transaction per batch), files are
    deleted afterwards, and only when no job still points at them. A file in
    ``prints/`` that no job names (its job was deleted with its account, or a
    worker died between writing it and saving the row) goes too, once it is
    an hour old.
    """
    now = now or timezone.now()
    expired = deleted = 0
    names: set[str] = set()
    while True:
        with transaction.atomic():
            batch = list(
                PrintJob.objects.select_for_update()
                .filter(status=Status.DONE, expires_at__lte=now)
                .values_list("pk", "file")[:500]
            )
            if not batch:
                break
            PrintJob.objects.filter(pk__in=[pk for pk, _file in batch]).update(
                status=Status.EXPIRED, file="", file_size=0
            )
        expired += len(batch)
        names.update(name for _pk, name in batch if name)
    for name in sorted(names):
        deleted += _delete_unused_file(name)
    deleted += _delete_orphans(now=now)
    return {"expired": expired, "deleted_files": deleted}


def _delete_orphans(*, now) -> int:
    field = PrintJob._meta.get_field("file")
    storage, folder = field.storage, str(field.upload_to).rstrip("/")
    try:
        _dirs, files = storage.listdir(folder)
    except (FileNotFoundError, NotImplementedError):
        # No folder yet, or a storage that cannot list (Django's base Storage
        # raises NotImplementedError): nothing to sweep.
        return 0
    deleted = 0
    for start in range(0, len(files), 500):
        names = [f"{folder}/{filename}" for filename in files[start : start + 500]]
        used = set(PrintJob.objects.filter(file__in=names).values_list("file", flat=True))
        for name in names:
            if name in used:
                continue
            try:
                if now - storage.get_modified_time(name) < ORPHAN_AGE:
                    continue
            except (OSError, NotImplementedError):  # gone meanwhile, or no mtimes
                continue
            deleted += _delete_unused_file(name)
    return deleted


def expired_message(print_job) -> str:
    """What an expired job says, on its page, its download and in the API."""
    when = print_job.expires_at
    if when is None:
        return _("This print file has been deleted. Make it again from the job's page.")
    return _(
        "This print file expired on %(when)s and was deleted. Make it again from the job's page."
    ) % {"when": formats.date_format(timezone.localtime(when), "SHORT_DATETIME_FORMAT")}
