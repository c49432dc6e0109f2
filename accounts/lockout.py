"""What django-axes is told about our limits, and what a locked-out client is told.

Axes counts failed logins on every path that calls authenticate() with the
request: the login form, the admin's login and the token API. The password
change counts a wrong current password the same way (count_wrong_password).
Its settings (config/settings.py, Auth) point here, so the numbers come from
settings.LIMITS when they are read, not when settings are imported.

The form and the admin are answered by AxesMiddleware through
lockout_response(). The token API is not: DRF hands authenticate() its own
Request wrapper, so the flag Axes sets never reaches the middleware; the
user_locked_out receiver raises an API error instead, as the Axes
documentation recommends for DRF.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import timedelta

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_credentials
from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.request import Request

from core.refusals import refusal


def failure_limit(request: HttpRequest, credentials: dict | None = None) -> int:
    """AXES_FAILURE_LIMIT: failures before a name at an address, or an address, is locked out."""
    return settings.LIMITS["LOGIN_FAILURES"]


def cool_off(request: HttpRequest | None = None) -> timedelta:
    """AXES_COOLOFF_TIME: how long a lockout lasts after the failure that started it."""
    return timedelta(minutes=settings.LIMITS["LOGIN_COOLOFF_MINUTES"])


def counted_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """AXES_USERNAME_CALLABLE: the name a failure is counted against, no longer than a name can be.

    The token API passes on whatever name it is sent; stored whole, a name of
    megabytes would be a row of megabytes (and refused by PostgreSQL's column).
    """
    field = get_user_model().USERNAME_FIELD
    if credentials:
        name = credentials.get(field)
    else:  # Axes' own fallback: the posted form (or a DRF request's parsed body)
        data = getattr(request, "data", request.POST)
        name = data.get(field) if isinstance(data, Mapping) else None
    if name is None:
        return None
    return str(name)[: get_user_model()._meta.get_field(field).max_length]


def _wait_left(request: HttpRequest, credentials: dict | None) -> int:
    """Whole seconds until the lockout this request ran into lifts (at least one)."""
    AxesProxyHandler.update_request(request)  # the attempt's time, if Axes has not stamped it
    ends = AxesProxyHandler.get_implementation().lockout_ends(request, credentials)
    return max(math.ceil((ends - timezone.now()).total_seconds()), 1)


def lockout_message(seconds: int, *, password_check: bool = False) -> str:
    # Rounded up to the minute: "14 minutes" for 14 min 59 s would be a wait too short.
    now = timezone.now()
    wait = timeuntil(now + timedelta(minutes=math.ceil(seconds / 60)), now)
    if password_check:
        return _("Too many wrong passwords. Try again in %(wait)s.") % {"wait": wait}
    return _("Too many failed login attempts. Try again in %(wait)s.") % {"wait": wait}


def lockout_refusal(request: HttpRequest, credentials: dict | None) -> HttpResponse:
    """The 429 page for a locked-out login, or a locked-out check of a signed-in person's password.

    A signed-in visitor meets a lockout only where their password is asked
    again (the password change), so the message speaks of passwords there.
    """
    seconds = _wait_left(request, credentials)
    response = refusal(
        request,
        status=status.HTTP_429_TOO_MANY_REQUESTS,
        code="locked_out",
        message=lockout_message(seconds, password_check=request.user.is_authenticated),
    )
    response["Retry-After"] = str(seconds)
    return response


def lockout_response(request: HttpRequest, *args, **kwargs) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the 429 for the login form, the admin and the password change.

    Axes passes the original response and the credentials, in an order that
    differs between its sync and async middleware; the credentials are also
    on the request, where the handler put them when it locked.
    """
    return lockout_refusal(request, getattr(request, "axes_credentials", None))


def password_check_refusal(request: HttpRequest, user) -> HttpResponse | None:
    """The 429 if `user` is locked out at this request's address, else None: ask before checking."""
    if not settings.AXES_ENABLED:
        return None
    credentials = get_credentials(user.get_username())
    if AxesProxyHandler.is_allowed(request, credentials):
        return None
    return lockout_refusal(request, credentials)


def count_wrong_password(request: HttpRequest, user) -> None:
    """A wrong current password (the password change) counts as a failed login by `user` here.

    Sent as Django's own signal for a failed login, so Axes counts it and, at
    the limit, flags the request for its middleware to answer with
    lockout_response().
    """
    user_login_failed.send(
        sender=__name__, credentials=get_credentials(user.get_username()), request=request
    )


class LockedOut(exceptions.APIException):
    """The token API's 429, shaped by core.api like every other API error."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"

    def __init__(self, request: Request, credentials: dict) -> None:
        seconds = _wait_left(request, credentials)
        super().__init__(lockout_message(seconds))
        self.wait = seconds  # DRF sends it as Retry-After


@receiver(user_locked_out, dispatch_uid="accounts.lockout.refuse_api_login")
def refuse_api_login(sender, request=None, username=None, **kwargs) -> None:
    # Only a DRF request: raising here in the form's flow would be a 500,
    # and the middleware answers the form already.
    if isinstance(request, Request):
        raise LockedOut(request, get_credentials(username))
