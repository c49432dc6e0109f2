"""Print pages: the options form with a preview, the job with its progress bar, the download."""

from __future__ import annotations

import io
from urllib.parse import urlencode

from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from catalog import render as card_faces
from catalog.models import Card
from core.errors import ApplicationError
from core.sessions import ensure_session_key
from printing import alignment, services
from printing.forms import PrintOptionsForm
from printing.layout import sheet_layout
from printing.preview import sheet_preview


def _source(params) -> dict:
    """deck=ID, set=CODE or cards=CODE:N,CODE:N from a query string or form."""
    if params.get("deck"):
        return {"deck": params["deck"]}
    if params.get("set"):
        return {"set": params["set"]}
    if params.get("cards"):
        cards = []
        for part in params["cards"].split(","):
            code, _sep, count = part.strip().partition(":")
            if code:
                cards.append({"code": code, "count": int(count) if count.isdigit() else 1})
        return {"cards": cards}
    return {}


def _initial(request: HttpRequest) -> dict:
    user = request.user
    offset = (user.back_offset_x_mm, user.back_offset_y_mm) if user.is_authenticated else (0, 0)
    return {
        "page_size": "a4",
        "card_size": "poker",
        "quantity": 1,
        "gap_mm": 0,
        "margin_mm": 5,
        "bleed_mm": 0,
        "crop_marks": True,
        "backs": True,
        "flip": "long",
        "back_offset_x": offset[0],
        "back_offset_y": offset[1],
    }


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    jobs = services.jobs_of(user=request.user, session_key=request.session.session_key or "")[:50]
    return render(request, "printing/index.html", {"jobs": jobs})


@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    source = _source(request.POST if request.method == "POST" else request.GET)
    form = PrintOptionsForm(request.POST or None, initial=_initial(request))
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            job = services.print_job_create(
                user=request.user,
                session_key=ensure_session_key(request),
                source=source,
                options=form.to_options(),
            )
        except ApplicationError as problem:
            error = problem.message
        else:
            return redirect(job)
    context = {
        "form": form,
        "source": source,
        "preview_query": _preview_query(request.POST or None, source, _initial(request)),
        "error": error,
    }
    status = 400 if error or (request.method == "POST" and form.errors) else 200
    return render(request, "printing/new.html", context, status=status)


def _preview_query(data, source: dict, initial: dict) -> str:
    """The preview image's query string: the form's current values and the source."""
    values = (
        dict(data.items()) if data else {k: v for k, v in initial.items() if v not in (False, None)}
    )
    values.pop("csrfmiddlewaretoken", None)
    for key, value in source.items():
        if key == "cards":
            values["cards"] = ",".join(f"{c['code']}:{c['count']}" for c in value)
        else:
            values[key] = value
    return urlencode(values)


@require_GET
def preview_frame(request: HttpRequest) -> HttpResponse:
    """The <img> of the preview for the form's current values (htmx swaps it in)."""
    return render(
        request,
        "printing/_preview.html",
        {"preview_query": _preview_query(request.GET, _source(request.GET), {})},
    )


@require_GET
def preview(request: HttpRequest) -> HttpResponse:
    """The first sheet as a PNG, for the options the form currently shows."""
    form = PrintOptionsForm(request.GET)
    if not form.is_valid():
        raise Http404
    try:
        options = services.print_options_clean(form.to_options())
        _title, cards, _links = services._source_cards(_source(request.GET), request.user)
    except ApplicationError:
        raise Http404 from None
    layout = sheet_layout(services.sheet_options(options))
    codes = [c["code"] for c in cards for _ in range(c["count"])][: layout.per_page]
    found = {
        c.code: c for c in Card.objects.filter(code__in=codes).select_related("game", "card_set")
    }
    faces = [card_faces.face_file(found[code], fmt="webp")[0] for code in codes if code in found]
    image = sheet_preview(
        layout, faces, crop_marks=options["crop_marks"], cut_lines=options["cut_lines"]
    )
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False)
    return HttpResponse(buffer.getvalue(), content_type="image/png")


@require_GET
def job(request: HttpRequest, job_id) -> HttpResponse:
    print_job = services.print_job_for(
        job_id=job_id, user=request.user, session_key=request.session.session_key or ""
    )
    template = "printing/_job_status.html" if request.htmx else "printing/job.html"
    return render(request, template, {"job": print_job})


@require_GET
def download(request: HttpRequest, job_id) -> HttpResponse:
    print_job = services.print_job_for(
        job_id=job_id, user=request.user, session_key=request.session.session_key or ""
    )
    if print_job.status != "done" or not print_job.file:
        raise Http404
    filename = f"kartyavar-{print_job.title[:40]}.pdf".replace("/", "-")
    return FileResponse(
        print_job.file.open("rb"),
        as_attachment=True,
        filename=filename,
        content_type="application/pdf",
    )


@require_GET
def alignment_sheet(request: HttpRequest) -> HttpResponse:
    form = PrintOptionsForm(request.GET or None, initial=_initial(request))
    options = services.print_options_clean(
        form.to_options() if form.is_valid() else {}, user=request.user
    )
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
