"""One shape for "no" outside DRF: the same JSON body as core.api for API paths,
a page (or, for htmx, a fragment) with the message for everything else."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string


def refusal(request: HttpRequest, *, status: int, code: str, message: str) -> HttpResponse:
    """A 4xx answer that says why, in the active language."""
    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"code": code, "message": str(message)}}, status=status)
    if request.headers.get("HX-Request") == "true":
        html = render_to_string("partials/refusal.html", {"message": message}, request=request)
        return HttpResponse(html, status=status)
    html = render_to_string("refusal.html", {"message": message, "status": status}, request=request)
    return HttpResponse(html, status=status)
