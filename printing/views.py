"""Print pages: the options form with a preview, the job with its progress bar, the download."""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Callable
from urllib.parse import quote, urlencode, urlsplit

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit import ALL
from django_ratelimit.core import get_usage

from catalog.models import Card
from core.errors import ApplicationError, NotFound
from core.forms import posted
from core.params import BadParameter
from core.refusals import refusal, refusals
from core.sessions import ensure_session_key
from printing import alignment, handoff, limits, selectors, services, sources
from printing.forms import PrintOptionsForm
from printing.models import PrintJob, Status


def _initial(request: HttpRequest) -> dict:
    """The form's first values: every option's default, the back offset the account keeps."""
    initial = {name: field.initial for name, field in PrintOptionsForm().fields.items()}
    if request.user.is_authenticated:
        initial["back_offset_x"] = request.user.back_offset_x_mm
        initial["back_offset_y"] = request.user.back_offset_y_mm
    return initial


def _session_key(request: HttpRequest) -> str:
    """The key a visitor's jobs are filed under, remembered so that logging in keeps them."""
    handoff.remember_visitor(request)
    return request.session.session_key or ""


def job_made_for(request: HttpRequest, make: Callable[..., PrintJob], **arguments) -> PrintJob:
    """The job `make` (print_job_create, print_job_again) makes for the visitor, filed under
    their session, which is made here for a visitor who has none and kept only if the job is.

    A refused request (an unknown job to make again, a list over the limits) leaves no
    session behind: every visitor's refused request would otherwise leave a row in the
    session table until it expired.
    """
    session = request.session
    # Reading the session loads it: the key of a session that has expired is dropped here,
    # so a job is never filed under it.
    session.get(handoff.VISITOR_KEY)
    made_here = not request.user.is_authenticated and session.session_key is None
    key = ensure_session_key(request)
    try:
        job = make(user=request.user, session_key=key, **arguments)
    except BaseException:
        if made_here:
            session.flush()  # the row goes, and no cookie is sent for it
        raise
    handoff.remember_visitor(request)
    return job


def _form_message(form: PrintOptionsForm) -> str:
    """The first problem of an invalid options form, named by its field's label."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        return f"{label}: {errors[0]}" if label else str(errors[0])
    return _("The print options are not valid.")


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    jobs = selectors.jobs_of(user=request.user, session_key=_session_key(request))
    signed_in = request.user.is_authenticated
    context = {
        "jobs": jobs[:50],
        "stored_mb": limits.megabytes(limits.stored_bytes(jobs)),
        "allowed_mb": limits.megabytes(limits.bytes_allowed(signed_in=signed_in)),
        "kept": limits.expiry_words(signed_in=signed_in),
    }
    return render(request, "printing/index.html", context)


@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    params = request.POST if request.method == "POST" else request.GET
    form = PrintOptionsForm(posted(request), initial=_initial(request))
    source: dict = {}
    try:
        source = sources.source_from_params(params)
        printed = _what_is_printed(source, request.user)
    except ApplicationError as problem:
        # No option could make this list printable: the options would be a dead end,
        # so the page says why and links back to where the list came from.
        context = {"source_refused": problem.message, "back": _way_back(request, source, problem)}
        return render(request, "printing/new.html", context, status=problem.status_code)
    error, status = None, 200
    # Without JavaScript the preview follows the options only when they are sent: the
    # form's "Show the preview" button posts them to see the sheet, making no job.
    previewing = request.method == "POST" and "preview" in request.POST
    if request.method == "POST" and not previewing and form.is_valid():
        try:
            job = job_made_for(
                request, services.print_job_create, source=source, options=form.to_options()
            )
            return redirect(job)
        except ApplicationError as problem:
            error, status = problem.message, problem.status_code
    if request.method == "POST" and not form.is_valid():
        status = 400
    # No preview of a job that was refused, nor of values the form refuses: it would only
    # show a broken image (the page says instead to fix the marked fields).
    preview_query = (
        _preview_query(posted(request), source, _initial(request))
        if source and not error and not form.errors
        else ""
    )
    context = {
        "form": form,
        "source": source,
        "printed": printed,
        "preview_query": preview_query,
        # Nor past the client's previews a minute: why not, where the picture would be.
        "preview_refused": (
            _too_many_previews_message() if preview_query and _previews_used_up(request) else ""
        ),
        "error": error,
    }
    return render(request, "printing/new.html", context, status=status)


def _what_is_printed(source: dict, user) -> dict | None:
    """The title and card count the page names, once the source's list passed every check
    that holds whatever the options (copies are checked with the job)."""
    if not source:
        return None
    title, cards, _links = sources.source_cards(source, user)
    limits.check_total(cards, 1)
    sources.check_known(cards)
    return {"title": title, "cards": sum(c["count"] for c in cards)}


def _way_back(request: HttpRequest, source: dict, problem: ApplicationError) -> dict:
    """Where the page of a refused list links to: the page of ours the visitor came from,
    else the list's own page (a deck, a set, a card), else the list of those."""
    came_from = request.headers.get("Referer", "")
    if (
        came_from
        and url_has_allowed_host_and_scheme(
            came_from, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
        and not urlsplit(came_from).path.startswith(reverse("printing:new"))
    ):
        return {"url": came_from, "label": _("Back to the previous page")}
    # A missing deck or set, or an id that is not one, has no page of its own to go to.
    there = not isinstance(problem, NotFound | BadParameter)
    asked = request.POST if request.method == "POST" else request.GET
    if asked.get("deck"):
        if there:
            return {
                "url": reverse("decks:detail", args=[source["deck"]]),
                "label": _("Back to the deck"),
            }
        return {"url": reverse("decks:index"), "label": _("Back to the decks")}
    if source.get("set") and there:
        return {
            "url": reverse("catalog:set", args=[source["set"].upper()]),
            "label": _("Back to the set"),
        }
    codes = {entry["code"] for entry in source.get("cards", [])}
    if len(codes) == 1 and Card.objects.filter(code__in=codes).exists():
        return {"url": reverse("catalog:card", args=list(codes)), "label": _("Back to the card")}
    return {"url": reverse("catalog:index"), "label": _("Back to the cards")}


def _preview_query(data, source: dict, initial: dict) -> str:
    """The preview image's query string: the form's current values and the source.

    From the initial values, an unticked box is left out (as a browser leaves
    it out), but a number that is 0 stays: the form requires it, and
    ``0 in (False, None)`` is true, so a membership test would drop it.
    """
    values = (
        dict(data.items())
        if data
        else {k: v for k, v in initial.items() if v is not False and v is not None}
    )
    values.pop("csrfmiddlewaretoken", None)
    values.pop("preview", None)  # the no-JS form's button, not an option
    for key, value in source.items():
        if key == "cards":
            values["cards"] = ",".join(f"{c['code']}:{c['count']}" for c in value)
        else:
            values[key] = value
    return urlencode(values)


def _preview_request(
    request: HttpRequest, form: PrintOptionsForm | None = None
) -> tuple[dict, dict]:
    """The options and the source a preview request asks for, as the form reads them.

    Raises ApplicationError when the form refuses them; the service checks the rest.
    """
    form = PrintOptionsForm(request.GET) if form is None else form
    if not form.is_valid():
        raise services.PrintOptionsError("bad_option", _form_message(form))
    return form.to_options(), sources.source_from_params(request.GET)


def _refused(request: HttpRequest, problem: ApplicationError) -> HttpResponse:
    return refusal(request, status=problem.status_code, code=problem.code, message=problem.message)


def preview_rate(group: str, request: HttpRequest) -> str:
    """Previews one client may have drawn a minute (read per request, so tests can change it)."""
    return f"{settings.LIMITS['PREVIEWS_PER_MINUTE']}/m"


# Each picture drawn counts: a person signed in by their account, anyone else by the
# client address (RATELIMIT_IP_META_KEY, as the login limits count it). The method is
# part of django-ratelimit's cache key, so the look without counting must name the same.
_PREVIEWS = {"group": "printing.preview", "key": "user_or_ip", "rate": preview_rate, "method": ALL}


def _previews_used_up(request: HttpRequest, *, drawing: bool = False) -> bool:
    """Whether this client may have no (further) preview drawn this minute.

    `drawing` counts this request as one drawn. Without it the count is only
    read, by the form and its htmx part, which draw nothing themselves but
    would otherwise show an <img> the next request refuses: a broken picture.
    """
    usage = get_usage(request, increment=drawing, **_PREVIEWS)
    if usage is None:  # RATELIMIT_ENABLE is off
        return False
    return usage["should_limit"] or (not drawing and usage["count"] >= usage["limit"])


def _too_many_previews_message() -> str:
    return _(
        "Too many previews in a minute (at most %(n)s): wait a moment, then change an option "
        "to see the sheet again."
    ) % {"n": settings.LIMITS["PREVIEWS_PER_MINUTE"]}


def _too_many_previews(request: HttpRequest) -> HttpResponse:
    message = _too_many_previews_message()
    return refusal(request, status=429, code="too_many_previews", message=message, retry_after=60)


@require_GET
def preview_frame(request: HttpRequest) -> HttpResponse:
    """The <img> of the preview for the form's current values (htmx swaps it in), or why not.

    With the client's previews used up for the minute, the why-not (429) takes the
    picture's place, since the picture itself could only show as broken.

    Values the form refuses are answered as the submitted form shows them: each field's
    message, which the page's script (print_options.js) puts by its field and marks the
    field with, where the person typed (on a phone the picture is below the fold), and
    in the picture's place what to do (400, swapped in all the same: htmx-config).
    """
    form = PrintOptionsForm(request.GET)
    if not form.is_valid():
        return render(request, "printing/_preview_fields.html", {"form": form}, status=400)
    try:
        options, source = _preview_request(request, form)
        services.print_preview_check(options=options, source=source, user=request.user)
    except ApplicationError as problem:
        return _refused(request, problem)
    if _previews_used_up(request):
        return _too_many_previews(request)
    return render(
        request,
        "printing/_preview.html",
        {"preview_query": _preview_query(request.GET, source, {})},
    )


@require_GET
def preview(request: HttpRequest) -> HttpResponse:
    """The first sheet as a PNG, for the options the form currently shows.

    Every request counts against the client's previews a minute, a refused one
    too, before anything is read or drawn: drawing the faces is the cost.
    """
    if _previews_used_up(request, drawing=True):
        return _too_many_previews(request)
    try:
        options, source = _preview_request(request)
        image = services.print_preview(options=options, source=source, user=request.user)
    except ApplicationError as problem:
        return _refused(request, problem)
    return HttpResponse(image, content_type="image/png")


@require_GET
@refusals
def job(request: HttpRequest, job_id) -> HttpResponse:
    print_job = services.print_job_for(
        job_id=job_id, user=request.user, session_key=_session_key(request)
    )
    template = "printing/_job_status.html" if request.htmx else "printing/job.html"
    return render(request, template, _job_context(print_job))


def _job_context(print_job, **extra) -> dict:
    """The job page's context: the job, and since when it waits for a worker that seems gone."""
    return {
        "job": print_job,
        "stalled_since": selectors.print_job_stalled_since(print_job),
        **extra,
    }


_UNSAFE_IN_NAME = re.compile(r'[\x00-\x1f\x7f"\\/]')


def content_disposition(filename: str) -> str:
    """An attachment header with a plain ASCII ``filename`` for every client and, when the
    name is not ASCII, the exact name as ``filename*`` (RFC 6266) for those that read it."""
    name = _UNSAFE_IN_NAME.sub("-", filename)
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    ascii_name = " ".join(folded.split()) or "download.pdf"
    header = f'attachment; filename="{ascii_name}"'
    if ascii_name != name:
        header += f"; filename*=UTF-8''{quote(name, safe='')}"
    return header


def download_response(request: HttpRequest, print_job, *, filename: str) -> HttpResponse:
    """The PDF; 410 with a message once it expired (or its file is gone), 404 while not done."""
    if print_job.expired:
        return refusal(
            request, status=410, code="expired", message=services.expired_message(print_job)
        )
    if print_job.status != Status.DONE or not print_job.file:
        raise Http404
    try:
        handle = print_job.file.open("rb")
    except FileNotFoundError:
        return refusal(
            request, status=410, code="expired", message=services.expired_message(print_job)
        )
    response = FileResponse(handle, as_attachment=True, content_type="application/pdf")
    # Django's own header gives a non-ASCII name only as filename*, which some clients ignore.
    response["Content-Disposition"] = content_disposition(filename)
    return response


@never_cache  # a person's own file: kept by no cache on the way
@require_GET
@refusals
def download(request: HttpRequest, job_id) -> HttpResponse:
    print_job = services.print_job_for(
        job_id=job_id, user=request.user, session_key=_session_key(request)
    )
    return download_response(request, print_job, filename=selectors.print_job_file_name(print_job))


@require_POST
@refusals  # the job itself not found (in the refusal's branch too): 404
def again(request: HttpRequest, job_id) -> HttpResponse:
    """Make an expired (or failed) job again: a new job with the same cards and options."""
    try:
        new_job = services.print_job_again(
            job_id=job_id, user=request.user, session_key=_session_key(request)
        )
    except ApplicationError as problem:
        print_job = services.print_job_for(
            job_id=job_id, user=request.user, session_key=_session_key(request)
        )
        context = _job_context(print_job, error=problem.message)
        return render(request, "printing/job.html", context, status=problem.status_code)
    return redirect(new_job)


@require_POST
def delete(request: HttpRequest, job_id) -> HttpResponse:
    """Delete one of my jobs and its file (the space counts against what I may keep)."""
    try:
        services.print_job_delete(
            job_id=job_id, user=request.user, session_key=_session_key(request)
        )
    except ApplicationError as problem:
        return _refused(request, problem)
    return redirect("printing:index")


@require_GET
def alignment_sheet(request: HttpRequest) -> HttpResponse:
    form = PrintOptionsForm(request.GET or None, initial=_initial(request))
    try:
        if form.is_bound and not form.is_valid():  # said, as the preview says it
            raise services.PrintOptionsError("bad_option", _form_message(form))
        options = services.print_options_clean(
            form.to_options() if form.is_bound else {}, user=request.user
        )
    except ApplicationError as problem:
        return _refused(request, problem)
    buffer = io.BytesIO()
    alignment.write_alignment_sheet(
        buffer,
        services.sheet_options(options),
        flip=options["flip"],
        offset_mm=tuple(options["back_offset_mm"]),
    )
    return HttpResponse(
        buffer.getvalue(),
        content_type="application/pdf",
        headers={"Content-Disposition": 'attachment; filename="kartyavar-alignment.pdf"'},
    )
