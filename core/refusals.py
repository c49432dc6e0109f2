"""One shape for "no" outside DRF: the same JSON body as core.api for API paths,
a page (or, for htmx, a fragment) with the message for everything else.

`refusals` is the one mapping for HTML views: a view wrapped in it lets every
ApplicationError rise, and the mapping answers it — a 4xx page, or, for a form
whose refusal the user should read where they were (`redirect_to`), a message
and a redirect there.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string

from core.errors import ApplicationError, NotFound
from core.params import BadParameter


def refusal(
    request: HttpRequest, *, status: int, code: str, message: str, retry_after: int | None = None
) -> HttpResponse:
    """A 4xx answer that says why, in the active language; with `retry_after` (seconds), a
    Retry-After header saying when to ask again (a limit's 429)."""
    if request.path.startswith("/api/"):
        answer = JsonResponse({"error": {"code": code, "message": str(message)}}, status=status)
    elif request.headers.get("HX-Request") == "true":
        html = render_to_string("partials/refusal.html", {"message": message}, request=request)
        answer = HttpResponse(html, status=status)
    else:
        context = {"message": message, "status": status}
        html = render_to_string("refusal.html", context, request=request)
        answer = HttpResponse(html, status=status)
    if retry_after is not None:
        answer["Retry-After"] = str(retry_after)
    return answer


def refused_page(request: HttpRequest, refused: ApplicationError) -> HttpResponse:
    """`refused` as a 4xx page (or JSON body) with its own status and every problem it lists."""
    return refusal(
        request,
        status=refused.status_code,
        code=refused.code,
        message=explained(refused),
        retry_after=refused.retry_after,
    )


def explained(refused: ApplicationError) -> str:
    """The refusal's message followed by each problem it lists (a deck's, say)."""
    problems = refused.extra.get("problems", [])
    return " ".join([str(refused.message), *[str(p["message"]) for p in problems]])


def refusals(view=None, *, redirect_to: str | None = None):
    """Answer the ApplicationErrors a view lets rise: `@refusals`, `@refusals(redirect_to=name)`.

    Without `redirect_to`: a 4xx page. With it (a URL name, reversed with the
    view's own URL arguments): the message, then a redirect there — except a
    malformed parameter (BadParameter), which no form of ours sends and which
    gets its 400 page either way, and a NotFound: the page to go back to is
    the very thing that is not there (or not the visitor's), so its 404 page
    says so at once instead of a redirect to another 404 with the message left
    over for a later page.
    """

    def decorate(view):
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            try:
                return view(request, *args, **kwargs)
            except ApplicationError as refused:
                if redirect_to is None or isinstance(refused, BadParameter | NotFound):
                    return refused_page(request, refused)
                messages.error(request, explained(refused))
                return redirect(redirect_to, *args, **kwargs)

        return wrapped

    return decorate if view is None else decorate(view)
