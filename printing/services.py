"""Print jobs: create (checking who asks and what), run (the Celery task's body), watch."""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.files import File
from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog import render
from catalog.models import Card, CardSet
from core.errors import ApplicationError
from decks.selectors import deck_for_viewer
from printing.layout import LayoutError, SheetOptions, sheet_layout
from printing.models import PrintJob, SourceKind, Status

OPTION_DEFAULTS = {
    "page_size": "a4",
    "landscape": False,
    "card_size": "poker",
    "bleed_mm": 0.0,
    "gap_mm": 0.0,
    "margin_mm": 5.0,
    "crop_marks": True,
    "cut_lines": False,
    "backs": True,
    "flip": "long",
    "back_offset_mm": [0.0, 0.0],
    "quantity": 1,
}
MAX_QUANTITY = 10
MAX_CARDS = 2000
MAX_ATTEMPTS = 3


class PrintOptionsError(ApplicationError):
    pass


def _number(raw, name: str, *, low: float, high: float) -> float:
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise PrintOptionsError(
            "bad_option", _("“%(name)s” must be a number.") % {"name": name}
        ) from None
    if not low <= value <= high:
        raise PrintOptionsError(
            "bad_option",
            _("“%(name)s” must be between %(low)s and %(high)s.")
            % {"name": name, "low": low, "high": high},
        )
    return value


def _flag(raw) -> bool:
    if isinstance(raw, bool):
        return raw
    return str(raw).lower() in {"1", "true", "on", "yes"}


def print_options_clean(raw: dict, *, user=None) -> dict:
    """Checked, complete options; an impossible sheet is refused with the layout's reason."""
    options = dict(OPTION_DEFAULTS)
    if user is not None and user.is_authenticated:
        options["back_offset_mm"] = [float(user.back_offset_x_mm), float(user.back_offset_y_mm)]
    options.update({k: v for k, v in raw.items() if k in OPTION_DEFAULTS and v is not None})
    options["landscape"] = _flag(options["landscape"])
    options["crop_marks"] = _flag(options["crop_marks"])
    options["cut_lines"] = _flag(options["cut_lines"])
    options["backs"] = _flag(options["backs"])
    for name, high in (("bleed_mm", 5), ("gap_mm", 20), ("margin_mm", 30)):
        options[name] = _number(options[name], name, low=0, high=high)
    offset = options["back_offset_mm"]
    if not isinstance(offset, list | tuple) or len(offset) != 2:
        raise PrintOptionsError("bad_option", _("The back offset is two numbers: dx and dy."))
    options["back_offset_mm"] = [_number(v, "back_offset_mm", low=-20, high=20) for v in offset]
    options["quantity"] = int(_number(options["quantity"], "quantity", low=1, high=MAX_QUANTITY))
    if options["flip"] not in ("long", "short"):
        raise PrintOptionsError("bad_option", _("Flip on the long or the short edge."))
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


def _source_cards(source: dict, user) -> tuple[str, list[dict], dict]:
    """(title, [{"code", "count"}], row links) for a deck, a set or a card list."""
    if source.get("deck"):
        deck = deck_for_viewer(deck_id=int(source["deck"]), user=user)
        version = deck.versions.order_by("-number").first()
        cards = [
            {"code": e["code"], "count": e["count"]}
            for e in version.entries
            if e["board"] == "main"
        ]
        return deck.name, cards, {"source_kind": SourceKind.DECK, "deck_version": version}
    if source.get("set"):
        card_set = CardSet.objects.filter(code=str(source["set"]).upper()).first()
        if card_set is None:
            raise Http404
        codes = card_set.cards.order_by("number").values_list("code", flat=True)
        return (
            card_set.name,
            [{"code": c, "count": 1} for c in codes],
            {
                "source_kind": SourceKind.SET,
                "card_set": card_set,
            },
        )
    if source.get("cards"):
        cards = [
            {"code": str(c["code"]).upper(), "count": int(c.get("count", 1))}
            for c in source["cards"]
        ]
        return source.get("title") or _("Card list"), cards, {"source_kind": SourceKind.CARDS}
    raise ApplicationError("missing_source", _("Say what to print: a deck, a set or a card list."))


def print_job_create(*, user, session_key: str, source: dict, options: dict) -> PrintJob:
    title, cards, links = _source_cards(source, user)
    options = print_options_clean(options, user=user)
    if not cards:
        raise ApplicationError("nothing_to_print", _("There are no cards to print."))
    if any(not 1 <= c["count"] <= 99 for c in cards) or sum(c["count"] for c in cards) > MAX_CARDS:
        raise ApplicationError(
            "too_many", _("At most %(n)s cards in one print job.") % {"n": MAX_CARDS}
        )
    known = {
        c.code: c
        for c in Card.objects.filter(code__in=[c["code"] for c in cards]).select_related(
            "game", "card_set"
        )
    }
    unknown = [c["code"] for c in cards if c["code"] not in known]
    if unknown:
        raise ApplicationError(
            "unknown_card", _("No card has the code %(codes)s.") % {"codes": ", ".join(unknown)}
        )
    versions = {code: render.face_version(card) for code, card in known.items()}
    digest = hashlib.sha256(
        json.dumps([cards, options, versions, render.LAYOUT_VERSION], sort_keys=True).encode()
    ).hexdigest()
    job = PrintJob(
        user=user if user.is_authenticated else None,
        session_key="" if user.is_authenticated else session_key,
        title=title[:200],
        cards=cards,
        options=options,
        content_hash=digest,
        **links,
    )
    finished = (
        PrintJob.objects.filter(content_hash=digest, status=Status.DONE).exclude(file="").first()
    )
    if finished and finished.file.storage.exists(finished.file.name):
        # Same cards, same options, same faces: the finished file is reused.
        job.status, job.progress, job.file, job.pages = (
            Status.DONE,
            100,
            finished.file.name,
            finished.pages,
        )
        job.finished_at = timezone.now()
        job.save()
        return job
    job.save()
    from printing.tasks import make_sheets

    transaction.on_commit(lambda: make_sheets.delay(str(job.pk)))
    return job


def print_job_for(*, job_id, user, session_key: str) -> PrintJob:
    """A job for the one who asked for it (user or anonymous session); 404 for anyone else."""
    job = PrintJob.objects.filter(pk=job_id).first()
    if job is None:
        raise Http404
    if job.user_id is not None:
        allowed = user.is_authenticated and job.user_id == user.pk
    else:
        allowed = bool(session_key) and job.session_key == session_key
    if not allowed:
        raise Http404
    return print_job_check_stuck(job)


def stuck_after() -> timedelta:
    return timedelta(seconds=getattr(settings, "PRINT_STUCK_AFTER_SECONDS", 120))


def print_job_check_stuck(job: PrintJob) -> PrintJob:
    """A running job whose heartbeat stopped lost its worker: queue it again, or give up."""
    if job.status != Status.RUNNING or job.heartbeat_at is None:
        return job
    if timezone.now() - job.heartbeat_at < stuck_after():
        return job
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().get(pk=job.pk)
        if job.status != Status.RUNNING or timezone.now() - job.heartbeat_at < stuck_after():
            return job
        if job.attempts >= MAX_ATTEMPTS:
            job.status = Status.FAILED
            job.error = _(
                "The print worker stopped %(n)s times on this job; please try again later."
            ) % {"n": job.attempts}
            job.finished_at = timezone.now()
            job.save()
            return job
        job.status, job.progress = Status.QUEUED, 0
        job.save()
    from printing.tasks import make_sheets

    transaction.on_commit(lambda: make_sheets.delay(str(job.pk)))
    return job


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
        if job is None or job.status in (Status.DONE, Status.FAILED):
            return job
        job.status, job.progress, job.error = Status.RUNNING, 0, ""
        job.attempts += 1
        job.started_at = job.heartbeat_at = timezone.now()
        job.save()
    progress = _Progress(job)
    options = job.options
    bleed = float(options["bleed_mm"])
    cards = {
        c.code: c
        for c in Card.objects.filter(code__in=[e["code"] for e in job.cards]).select_related(
            "game", "card_set"
        )
    }
    items = []
    for index, entry in enumerate(job.cards):
        card = cards[entry["code"]]
        face, key = render.face_file(card, fmt="png", bleed_mm=bleed)
        items.append(pdf.PrintItem(key=key, image_path=pdf.as_jpeg(face), count=entry["count"]))
        progress(60 * (index + 1) / len(job.cards))
    backs = None
    if options["backs"]:
        game = next(iter(cards.values())).game.slug
        back, _key = render.back_file(game, fmt="png", bleed_mm=bleed)
        backs = pdf.as_jpeg(back)
    print_options = pdf.PrintOptions(
        sheet=sheet_options(options),
        crop_marks=options["crop_marks"],
        cut_lines=options["cut_lines"],
        backs=backs,
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
        with path.open("rb") as handle:
            job.file.save(f"{job.content_hash[:16]}-{job.pk}.pdf", File(handle), save=False)
    job.status, job.progress, job.pages = Status.DONE, 100, summary.pages
    job.finished_at = timezone.now()
    job.save()
    return job


def print_job_fail(job_id: str, message: str) -> None:
    PrintJob.objects.filter(pk=job_id).exclude(status=Status.DONE).update(
        status=Status.FAILED, error=message, finished_at=timezone.now()
    )


def jobs_of(*, user, session_key: str):
    if user.is_authenticated:
        return PrintJob.objects.filter(user=user)
    return (
        PrintJob.objects.filter(user=None, session_key=session_key)
        if session_key
        else PrintJob.objects.none()
    )
