"""Site-wide pages: home, health, language choice."""

from django.conf import settings
from django.core.exceptions import (
    DisallowedHost,
    RequestDataTooBig,
    SuspiciousMultipartForm,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST, require_safe
from django.views.i18n import set_language as django_set_language
from django.views.static import serve

from core import health
from core.games import all_games
from core.middleware import chosen_language
from core.refusals import refusal


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html", {"games": all_games()})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    checks = health.run_checks(include_worker=request.GET.get("worker") == "1")
    healthy = all(check.ok for check in checks)
    body = {
        "status": "ok" if healthy else "unavailable",
        "checks": {check.name: check.as_dict() for check in checks},
    }
    return JsonResponse(body, status=200 if healthy else 503)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language switch (cookie), plus the choice saved on the account; a language
    the site does not speak is refused in words (Django's switch redirected without one)."""
    if request.method == "POST" and request.POST.get("language") not in dict(settings.LANGUAGES):
        return refusal(
            request,
            status=400,
            code="bad_language",
            message=gettext("No such language: choose Hungarian (hu) or English (en)."),
        )
    response = django_set_language(request)
    if request.user.is_authenticated:  # the profile and every device follow the choice
        from accounts.services import user_language_choose

        user_language_choose(user=request.user, language=request.POST.get("language", ""))
    return response


# Django's error handlers, with the API's body for /api/ paths: an API client
# that follows a wrong link gets {"error": ...} JSON, not an HTML page.
def _api_or_page(default_view, status: int, code: str, message):
    def handler(request, exception=None, **kwargs):
        # an htmx request gets the fragment that says why, shown where the user acted,
        # never a whole page swapped into a small region
        if request.path.startswith("/api/") or request.headers.get("HX-Request") == "true":
            return refusal(request, status=status, code=code, message=str(message))
        if exception is None:
            return default_view(request)
        return default_view(request, exception)

    return handler


def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    """400 for what Django refuses to read in a request, saying which bound it passed.

    Django's own page is one English line ("Bad Request (400)"); every door of
    ours (a page, an htmx fragment, the API's JSON) says why in the visitor's
    language. Django calls this (handler400) outside the middleware that chose
    the language when the request failed there, so it chooses the language itself;
    core.middleware calls it for the same refusals with DEBUG on or off.
    """
    with translation.override(chosen_language(request)):
        code, message = _why_bad(exception)
        return refusal(request, status=400, code=code, message=message)


def _why_bad(exception) -> tuple[str, str]:
    """The code and message (in the active language) of a 400 for `exception`."""
    if isinstance(exception, RequestDataTooBig):
        megabytes = round(settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024), 1)
        return (
            "too_large",
            gettext("The request is too large (at most %(n)s MB).")
            % {"n": number_format(megabytes, decimal_pos=0 if megabytes.is_integer() else 1)},
        )
    if isinstance(exception, TooManyFieldsSent):
        return (
            "too_many_fields",
            gettext("A form may have at most %(n)s fields.")
            % {"n": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS},
        )
    if isinstance(exception, TooManyFilesSent):
        return (
            "too_many_files",
            gettext("A form may send at most %(n)s files.")
            % {"n": settings.DATA_UPLOAD_MAX_NUMBER_FILES},
        )
    if isinstance(exception, DisallowedHost):
        # The Host header names a site this server does not serve (ALLOWED_HOSTS): a
        # link or a DNS name pointing here by mistake, or a scan.
        return "bad_request", gettext("This server does not serve a site by that host name.")
    if isinstance(exception, MultiPartParserError | SuspiciousMultipartForm):
        return "bad_request", form_unreadable()
    return "bad_request", gettext("Malformed request.")


def form_unreadable() -> str:
    """Why a multipart form could not be read (Django's parser refused it), in the active
    language: the API's parse_error (core.api) and a page's 400 say the same."""
    return gettext(
        "The form could not be read: its multipart data is malformed, or a part's headers "
        "(a file's name, say) are too long."
    )


permission_denied = _api_or_page(
    defaults.permission_denied, 403, "permission_denied", _("You may not do this.")
)
page_not_found = _api_or_page(
    defaults.page_not_found,
    404,
    "not_found",
    _("There is nothing here, or it is not yours to see."),
)
server_error = _api_or_page(
    defaults.server_error, 500, "server_error", _("Something went wrong; the error was logged.")
)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form or button sent without a valid CSRF token (CSRF_FAILURE_VIEW).

    It happens to real visitors: a page left open across a sign-in or
    sign-out in another tab carries an old token, and a browser that keeps no
    cookies for the site sends none. They read what to do in their language
    (for htmx, where they acted), not Django's page meant for developers.
    """
    message = _(
        "This page is out of date (you signed in or out in another tab, or it stayed open a "
        "long time), or your browser keeps no cookies for this site: reload the page and try "
        "again."
    )
    return refusal(request, status=403, code="csrf_failed", message=str(message))


def media_file(request: HttpRequest, path: str) -> HttpResponse:
    """A file under MEDIA_ROOT, served by Django only with DEBUG on (`make run`): its own
    `serve`, with a name the file system cannot even look up (longer than a file name may
    be: its OSError was a 500) a 404 like any file that is not there."""
    try:
        return serve(request, path, document_root=settings.MEDIA_ROOT)
    except OSError as error:
        raise Http404(path[:80]) from error


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever a page links (base.html links the SVG): the
    site's icon, served as every static file is (its hashed name, cached for long)."""
    return HttpResponseRedirect(static("img/favicon.ico"))
