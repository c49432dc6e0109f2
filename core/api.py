"""One place where errors become API answers: {"error": {"code", "message", ...}}."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ApplicationError


def exception_handler(exc, context):
    if isinstance(exc, ApplicationError):
        body = {"code": exc.code, "message": str(exc.message), **exc.extra}
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return Response({"error": body}, status=exc.status_code, headers=headers)

    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a bug: let Django answer 500 and log it
    if isinstance(exc, exceptions.ValidationError):
        body = {
            "code": "invalid",
            "message": str(_first_message(exc.detail)),
            "fields": exc.detail,
        }
    elif isinstance(exc, exceptions.PermissionDenied) and str(exc.detail).startswith("CSRF Failed"):
        # DRF's session check says it in English only, naming Django's reason
        body = {
            "code": "csrf_failed",
            "message": _(
                "This request from a signed-in browser lacks its CSRF token: send the "
                "csrftoken cookie's value in an X-CSRFToken header, or sign API requests "
                "with your token instead."
            ),
        }
    elif isinstance(exc, exceptions.ParseError) and exc.get_codes() == "parse_error":
        # DRF's own parsers say why in English, quoting Django's ("Multipart form parse
        # error - Request max total header size exceeded."); the code stays.
        body = {"code": "parse_error", "message": _body_unreadable(context)}
    else:
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
        body = {
            "code": codes if isinstance(codes, str) else "error",
            "message": str(exc.detail) if hasattr(exc, "detail") else str(exc),
        }
    response.data = {"error": body}
    if response.status_code == status.HTTP_401_UNAUTHORIZED:
        response.data["error"]["code"] = "not_authenticated"
    return response


def _body_unreadable(context) -> str:
    """Why DRF could not parse a body, in the active language (core.jsonlimits says its own
    for JSON, with codes of its own)."""
    from core.views import form_unreadable

    request = context.get("request")
    if (getattr(request, "content_type", "") or "").lower().startswith("multipart/"):
        return form_unreadable()
    return _(
        "The request body could not be read as its Content-Type says (check its type and charset)."
    )


def _first_message(detail) -> str:
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    if isinstance(detail, dict) and detail:
        key, value = next(iter(detail.items()))
        inner = _first_message(value)
        return inner if key == "non_field_errors" else f"{key}: {inner}"
    return str(detail)


class IgnoreAccept(DefaultContentNegotiation):
    """For a view that answers a file of its own type: that file, whatever Accept names.

    The API's renderers offer JSON only, so `Accept: text/csv` (the very type a CSV
    export answers) was a 406; a refusal is still JSON, as everywhere.
    """

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type
