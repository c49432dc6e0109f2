"""What django-axes is told about our limits, and what a locked-out client is told.

Axes counts failed logins on every path that calls authenticate() with the
request: the login form, the admin's login and the token API. Its settings
(config/settings.py, Auth) point here, so the numbers come from
settings.LIMITS when they are read, not when settings are imported.

The form and the admin are answered by AxesMiddleware through
lockout_response(). The token API is not: DRF hands authenticate() its own
Request wrapper, so the flag Axes sets never reaches the middleware; the
user_locked_out receiver raises an API error instead, as the Axes
documentation recommends for DRF.
"""

from __future__ import annotations

from datetime import timedelta

from axes.signals import user_locked_out
from django.conf import settings
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.request import Request

from core.refusals import refusal


def failure_limit(request: HttpRequest, credentials: dict | None = None) -> int:
    """AXES_FAILURE_LIMIT: failed logins before a username or an address is locked out."""
    return settings.LIMITS["LOGIN_FAILURES"]


def cool_off(request: HttpRequest | None = None) -> timedelta:
    """AXES_COOLOFF_TIME: how long a lockout lasts."""
    return timedelta(minutes=settings.LIMITS["LOGIN_COOLOFF_MINUTES"])


def lockout_message() -> str:
    # Every refused attempt restarts the wait (AXES_RESET_COOL_OFF_ON_FAILURE_
    # DURING_LOCKOUT), so the whole cool-off is exactly what is left.
    now = timezone.now()
    return _("Too many failed login attempts. Try again in %(wait)s.") % {
        "wait": timeuntil(now + cool_off(), now)
    }


def lockout_response(request: HttpRequest, *args, **kwargs) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the 429 for the login form and the admin.

    Axes passes the original response and the credentials, in an order that
    differs between its sync and async middleware; neither is needed here.
    """
    response = refusal(
        request,
        status=status.HTTP_429_TOO_MANY_REQUESTS,
        code="locked_out",
        message=lockout_message(),
    )
    response["Retry-After"] = str(int(cool_off().total_seconds()))
    return response


class LockedOut(exceptions.APIException):
    """The token API's 429, shaped by core.api like every other API error."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"

    def __init__(self) -> None:
        super().__init__(lockout_message())
        self.wait = cool_off().total_seconds()  # DRF sends it as Retry-After


@receiver(user_locked_out, dispatch_uid="accounts.lockout.refuse_api_login")
def refuse_api_login(sender, request=None, **kwargs) -> None:
    # Only a DRF request: raising here in the form's flow would be a 500,
    # and the middleware answers the form already.
    if isinstance(request, Request):
        raise LockedOut()
