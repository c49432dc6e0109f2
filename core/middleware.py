"""The site's own middleware: what no view should have to think about.

The request's edge (a host we do not serve, an address too long, a NUL, a form body that
is not what it says), a request Django will not read (too many fields, too large), the
visitor's language (Hungarian unless they chose English), the write rate, the way
back through the sign-in for a button pressed after a session ended, Vary on
HX-Request for the pages and fragments that share addresses, no cache keeping a
person's own pages, and a 405 that says why.
"""

import logging
import re
from urllib.parse import parse_qs, unquote_to_bytes, urlsplit

from django.conf import settings
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import (
    BadRequest,
    DisallowedHost,
    RequestDataTooBig,
    SuspiciousMultipartForm,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import QueryDict
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import resolve_url
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.log import log_response
from django_htmx.http import HttpResponseClientRedirect
from django_ratelimit import ALL

SUPPORTED = {code for code, _name in settings.LANGUAGES}


def chosen_language(request) -> str:
    """The language of this request.

    Django's LocaleMiddleware would follow the browser's Accept-Language, so
    an English-language browser would never see the Hungarian site. Here the
    site speaks Hungarian until the visitor picks a language (the cookie the
    language switch sets, or the choice saved on their account). API clients
    ask explicitly, so for them Accept-Language is honoured too.
    """
    chosen = _chosen(request.COOKIES, getattr(request, "user", None))
    if chosen:
        return chosen
    if request.path.startswith("/api/"):
        header = translation.get_language_from_request(request, check_path=False)
        if header in SUPPORTED:
            return header
    return settings.LANGUAGE_CODE


def socket_language(scope: dict) -> str:
    """The language of a websocket (the live table): chosen as for a page of the site."""
    return _chosen(scope.get("cookies") or {}, scope.get("user")) or settings.LANGUAGE_CODE


def _chosen(cookies, user) -> str | None:
    """The language the visitor picked: a signed-in person's account once they chose one
    there or with the switch (so every device follows it), else the switch's cookie, else
    the account's language."""
    signed_in = user is not None and user.is_authenticated
    if signed_in and getattr(user, "language_chosen", False) and user.language in SUPPORTED:
        return user.language
    cookie = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    if cookie in SUPPORTED:
        return cookie
    if signed_in and user.language in SUPPORTED:
        return user.language
    return None


class ChosenLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = chosen_language(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        response.headers.setdefault("Content-Language", language)
        return response


class RequestEdgeMiddleware:
    """Refuses, before any view runs, what no view should have to think about.

    - A Host header that ALLOWED_HOSTS does not name: 400 (core.views.bad_request's,
      saying this server does not serve that site). Django would raise DisallowedHost
      in the first request.get_host() (CommonMiddleware's), which with DEBUG on is its
      debug page and either way an ERROR with a traceback: see `refused_unreadable`.
    - A URL longer than LIMITS["URL_MAX_LENGTH"]: 414.
    - A NUL character in the path, the query string or a url-encoded form
      body: 400. PostgreSQL cannot store or even compare a string with NUL
      (DataError, a 500), and no legitimate visitor sends one; refusing it
      once here keeps every view and query free of the check. JSON bodies
      are checked by core.jsonlimits, which decodes their escapes.
    - A form body that is not what it says it is: 400. Django reads a
      multipart body without its closing boundary (cut off in transit), or
      framed by another boundary than its header names, as if it were whole,
      and an unreadable one as an empty form, so a view would act on part of
      a form or on its defaults; and it reads bytes that are not UTF-8 in a
      url-encoded form as other characters, which a view would store.

    It runs before the session, the user and anything that reads the body, so the
    answer is in the site's default language unless the visitor's language cookie
    says otherwise (Vary and Content-Language say so, as ChosenLanguageMiddleware's
    do). The middleware that add the security headers run before it, so that its
    refusals carry them too.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        refused = self._refusal(request)
        if refused is None:
            return self.get_response(request)
        patch_vary_headers(refused, ("Cookie", "Accept-Language"))
        refused.headers.setdefault("Content-Language", chosen_language(request))
        return refused

    @staticmethod
    def _refusal(request):
        from core.refusals import refusal

        limit = settings.LIMITS["URL_MAX_LENGTH"]
        query = request.META.get("QUERY_STRING", "")
        try:
            request.get_host()
        except DisallowedHost as exception:
            return refused_unreadable(request, exception)
        with translation.override(chosen_language(request)):
            if len(request.path) + len(query) > limit:
                message = translation.gettext(
                    "The address is too long (at most %(n)s characters)."
                ) % {"n": limit}
                return refusal(request, status=414, code="uri_too_long", message=message)
            # The path is decoded already; the query string is still encoded.
            nul_in_url = "\x00" in request.path or "%00" in query or "\x00" in query
            if nul_in_url or _form_has_nul(request):
                message = translation.gettext(
                    "The request contains a NUL character, which is not allowed."
                )
                return refusal(request, status=400, code="nul_character", message=message)
            malformed = _malformed_form(request)
            if malformed is not None:
                return refusal(request, status=400, code="malformed_body", message=malformed)
        return None


WRITES = {"POST", "PUT", "PATCH", "DELETE"}

# What Django refuses to read in a request: a query string or form of more than
# DATA_UPLOAD_MAX_NUMBER_FIELDS fields, a body over DATA_UPLOAD_MAX_MEMORY_SIZE, more
# than DATA_UPLOAD_MAX_NUMBER_FILES files, a multipart body its parser cannot read, a
# Host header ALLOWED_HOSTS does not name; and Django's BadRequest, which its debug page
# answers by reading the request again (raising once more, out of Django: the ASGI
# server's own 500). Each is the visitor's mistake (or a probe's).
UNREADABLE = (
    BadRequest,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
    SuspiciousMultipartForm,
    MultiPartParserError,
    DisallowedHost,
)


def refused_unreadable(request, exception: Exception):
    """core.views.bad_request's 400 for a request Django will not read, logged as one line.

    Left to Django (django.core.handlers.exception), the same exception is, with DEBUG
    on, its English debug page, which reads the request again: for a query string of
    too many fields it raises inside the handler, a 500. And it is an ERROR in
    django.security with the whole chained traceback, kilobytes of log for a visitor's
    mistake. Here: the same 400 with DEBUG on or off, and a WARNING line in the same
    logger naming the reason and the path (which also stands for django.request's).
    """
    from core.views import bad_request

    _forget_unreadable(request)
    response = bad_request(request, exception)
    log_response(
        "Bad request (%s: %s): %s",
        type(exception).__name__,
        str(exception),
        request.path,
        response=response,
        request=request,
        logger=logging.getLogger(f"django.security.{type(exception).__name__}"),
        level="warning",
    )
    return response


def _forget_unreadable(request) -> None:
    """What raised once stays empty from now on, so nothing that reads it later (a template,
    a middleware on the way out) raises again, as Django does for the form it could not
    read (django.core.handlers.exception)."""
    try:
        request.GET  # noqa: B018 - parsed on first reading
    except UNREADABLE:
        request.GET = QueryDict()
    if hasattr(request, "_mark_post_parse_error"):
        request._mark_post_parse_error()


class UnreadableRequestMiddleware:
    """A request Django will not read (UNREADABLE) is core.views.bad_request's 400, with
    DEBUG on or off, and one WARNING line in the log (`refused_unreadable`).

    Django raises where the query string or the form is first read. A view (DRF's
    too: it re-raises what its handler does not answer) reaches `process_exception`.
    Two first readers do not: CsrfViewMiddleware reads a POST's form in its
    process_view, where no middleware sees what it raises, and DRF reads the query
    string to choose a renderer, and with DEBUG on then fails for want of one (an
    AttributeError, a 500). So `process_view` reads the query string and, for a POST
    to a view the CSRF check reads, the form first: place this before
    CsrfViewMiddleware. DRF's views (csrf_exempt) read their body with their own
    parsers, in the view.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, args, kwargs):
        try:
            request.GET  # noqa: B018 - parsed on first reading
            if request.method == "POST" and not getattr(view, "csrf_exempt", False):
                request.POST  # noqa: B018
        except UNREADABLE as exception:
            return refused_unreadable(request, exception)
        return None

    def process_exception(self, request, exception):
        if isinstance(exception, UNREADABLE):
            return refused_unreadable(request, exception)
        return None


def _malformed_form(request) -> str | None:
    """Why a form body cannot be read as sent (in the active language), or None."""
    if request.method not in WRITES:
        return None
    kind = request.content_type
    if kind not in ("multipart/form-data", "application/x-www-form-urlencoded"):
        return None
    # Django decodes a form's fields by the charset its Content-Type names: only UTF-8 for a
    # url-encoded form (any other is its BadRequest), and for multipart any codec Python
    # knows, "rot13" or "idna" too, which raise while the form is read (a 500). Browsers
    # send forms as UTF-8 with no charset; a client that names one names UTF-8.
    charset = request.content_params.get("charset")
    if charset is not None and charset.strip().lower() != "utf-8":
        return translation.gettext(
            "A form is read as UTF-8 text only: send it without a charset, or with charset=utf-8."
        )
    try:
        body = request.body  # bounded by DATA_UPLOAD_MAX_MEMORY_SIZE
    except Exception:  # noqa: BLE001 - RequestDataTooBig etc. are answered by Django later
        return None
    if kind == "multipart/form-data":
        boundary = request.content_params.get("boundary", "").encode("latin-1", "replace")
        if not _whole_multipart(body, boundary):
            return translation.gettext(
                "The form did not arrive whole (its multipart data is cut off or malformed). "
                "Send it again."
            )
        return None
    try:
        unquote_to_bytes(body.replace(b"+", b" ")).decode("utf-8")
    except UnicodeDecodeError:
        return translation.gettext("The form's data is not UTF-8 text.")
    return None


def _whole_multipart(body: bytes, boundary: bytes) -> bool:
    """The body is framed by the boundary its header names, up to its closing delimiter.

    RFC 2046: a delimiter opens the body or follows a line break (a preamble may come
    first), and the close delimiter `--boundary--` ends the last part (an epilogue may
    follow). The boundary never occurs inside the content, so finding them is enough.
    An empty body is no form at all, not part of one: the view says what it lacks.
    """
    if not body:
        return True
    if not boundary or len(boundary) > 200:  # RFC 2046: at most 70 characters
        return False
    delimiter = b"--" + boundary
    opens = body.startswith(delimiter) or b"\r\n" + delimiter in body
    closes = body.startswith(delimiter + b"--") or b"\r\n" + delimiter + b"--" in body
    return opens and closes


def _form_has_nul(request) -> bool:
    if request.method not in WRITES:
        return False
    if not request.content_type == "application/x-www-form-urlencoded":
        return False
    try:
        body = request.body  # bounded by DATA_UPLOAD_MAX_MEMORY_SIZE
    except Exception:  # noqa: BLE001 - RequestDataTooBig etc. are answered by Django later
        return False
    return b"%00" in body or b"\x00" in body


class WriteRateMiddleware:
    """At most LIMITS["WRITES_PER_MINUTE"] writes (POST, PUT, PATCH, DELETE) a minute per
    person (signed in, or signing each request with their API token), or per address for
    visitors not signed in: 429 in the visitor's language, before
    any view runs, so a script cannot fill the database or the worker queue at wire speed.

    A person's fastest hand (the builder's + and −) stays far below it. A move at a table
    is not counted here: its row lock and version already pace it, one move at a time.
    Counted with django-ratelimit in the cache every web process shares.
    """

    EXEMPT = re.compile(r"^/api/matches/[0-9a-f-]+/actions/$")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in WRITES and not self.EXEMPT.match(request.path):
            from core.refusals import refusal

            refused = write_counted(_writer(None, request))
            if refused:
                return refusal(
                    request, status=429, code="too_many_writes", message=refused, retry_after=60
                )
        return self.get_response(request)


def write_counted(writer: str) -> str:
    """Count one write of `writer` ("user:<pk>", or "address:<ip>" for a visitor not signed
    in) against LIMITS["WRITES_PER_MINUTE"]: "" while within it, else the refusal's words
    (code too_many_writes). Every door that writes for a person counts here — the HTTP
    middleware above and the live table's socket — so no door is a way round the others."""
    from django_ratelimit.core import is_ratelimited

    limit = settings.LIMITS["WRITES_PER_MINUTE"]
    if not is_ratelimited(
        None,  # no request needed: the key is given, and every method counts (ALL)
        group="core.writes",
        key=lambda _group, _request: writer,
        rate=f"{limit}/m",
        method=ALL,
        increment=True,
    ):
        return ""
    return translation.gettext(
        "Too many changes in a minute (at most %(n)s): wait a moment, then try again."
    ) % {"n": limit}


def _writer(group, request) -> str:
    from accounts.client_address import client_ip

    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    token_user = _token_user_id(request)
    if token_user is not None:  # an API client: its person's own count, wherever it runs
        return f"user:{token_user}"
    return f"address:{client_ip(request)}"


def _token_user_id(request) -> int | None:
    """The person whose API token signs this request (DRF's "Token <key>"), if it is one.

    Only a real token counts as a person: a made-up one stays with its address, so
    changing the header never buys a fresh allowance.
    """
    words = request.headers.get("Authorization", "").split()
    if len(words) != 2 or words[0].lower() != "token" or len(words[1]) > 64:
        return None
    from rest_framework.authtoken.models import Token

    return Token.objects.filter(key=words[1]).values_list("user_id", flat=True).first()


class SignInAgainMiddleware:
    """Sends a visitor whose session ended back through the sign-in to the page, not the button.

    `login_required` redirects to the sign-in with `next` = the address asked
    for. For a button (a POST-only address) that is wrong twice over: htmx
    would swap the whole sign-in page into the small region the button
    updates, and after signing in the visitor would land on an address that
    answers only POST (405). So a redirect to the sign-in answering a POST or
    an htmx request goes, with `next` = the page the visitor was on (htmx's
    HX-Current-URL, else a same-site Referer, else the home page): for htmx
    as an HX-Redirect (the whole window goes), for a plain form as a redirect.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 302 or not (request.method == "POST" or request.htmx):
            return response
        login = resolve_url(settings.LOGIN_URL)
        location = urlsplit(response.get("Location", ""))
        # login_required's own redirect: to the sign-in, back to this very address
        asked = parse_qs(location.query).get(REDIRECT_FIELD_NAME)
        if location.path != login or asked != [request.get_full_path()]:
            return response
        again = redirect_to_login(page_asked_from(request), login)
        if request.htmx:
            return HttpResponseClientRedirect(again["Location"])
        return again


def page_asked_from(request) -> str:
    """The same-site page (path and query) a request was made from, or the home page.

    Read from htmx's HX-Current-URL or the Referer, both whatever the client sent: only a
    URL of this site counts (url_has_allowed_host_and_scheme, which also turns down what
    cannot be parsed, such as "http://[::1", before urlsplit could raise on it).
    """
    for candidate in (
        request.htmx.current_url if request.htmx else None,
        request.headers.get("Referer"),
    ):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            parts = urlsplit(candidate)
            page = parts.path + (f"?{parts.query}" if parts.query else "")
            # a path starting "//" or "/\\" would read as another host to a browser
            return page if not page.startswith(("//", "/\\")) else "/"
    return "/"


class FragmentVaryMiddleware:
    """Every answer varies on HX-Request: a view may answer htmx with a fragment and a
    browser with the whole page at the same address (the search pages, a print job's
    status), so a cache (the browser's, on Back) must not hand one for the other."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        patch_vary_headers(response, ("HX-Request",))
        return response


class PrivateNoStoreMiddleware:
    """Every answer to a signed-in person, or to a visitor with a session (their print jobs
    are the session's), is `Cache-Control: private, no-store`.

    Such pages show the person's own things (their collection, decks, trades, print
    jobs, the name in the menu), and a browser keeps pages that say nothing: after
    signing out on a shared computer, Back would show the next person the last one's
    collection. An answer a view chose to let caches keep (public, or a max-age: a
    card's face, the card list, the API schema, the same for everyone) keeps its
    choice, and a stricter one (never_cache's) stays as strict.

    After authentication, and it reads who asked once the view has answered: a view may
    have signed the person in, made the visitor's session (their first print job), or
    (DRF) read an API token.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if _personal(request) and not _kept_by_choice(response):
            patch_cache_control(response, private=True, no_store=True)
        return response


def _personal(request) -> bool:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return True
    session = getattr(request, "session", None)
    return session is not None and session.session_key is not None


def _kept_by_choice(response) -> bool:
    """The view let caches keep this answer: public, or for a while (a max-age above 0), or
    the browser alone, asking again each time (`private, no-cache` with an ETag: a polled
    fragment, such as a tournament's live standings, answered 304 while nothing changed;
    no-store would make the browser forget it and ask for the whole of it every time)."""
    directives = [part.strip().lower() for part in response.get("Cache-Control", "").split(",")]
    revalidated = (
        "private" in directives
        and "no-cache" in directives
        and "no-store" not in directives
        and response.has_header("ETag")
    )
    return (
        revalidated
        or "public" in directives
        or any(d.startswith("max-age=") and d != "max-age=0" for d in directives)
    )


class MethodNotAllowedPageMiddleware:
    """A 405 says why, in the visitor's language, as every other refusal of the site does.

    Django's require_POST and its kin, and a class-based view's http_method_not_allowed,
    answer a wrong method with an empty body: a blank page for someone who opened a
    button's address (the sign-out, the language switch). Such an answer becomes the
    refusal page (the API's JSON error body under /api/, code "method_not_allowed", as
    DRF's own 405s have it), keeping its Allow header. After ChosenLanguageMiddleware,
    which has chosen the language.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 405 or response.streaming or response.content:
            return response
        from core.refusals import refusal

        allowed = response.get("Allow", "")
        if request.method in ("GET", "HEAD") and not request.path.startswith("/api/"):
            message = translation.gettext(
                "This address is not a page to open: a button or form of the site sends to "
                "it. Go back to the page and use that."
            )
        else:
            message = translation.gettext(
                "This address does not take %(method)s requests, only %(allowed)s."
            ) % {"method": request.method, "allowed": allowed}
        refused = refusal(request, status=405, code="method_not_allowed", message=message)
        if allowed:
            refused["Allow"] = allowed
        return refused
