"""A visitor's print jobs become their account's when they log in or sign up.

A visitor's job is filed under their session's key. Logging in gives the
session a new key (``django.contrib.auth.login`` cycles it against session
fixation) but keeps the session's data, so the key the jobs are filed under
is remembered in that data when a visitor's job is made or read, and the
``user_logged_in`` receiver hands exactly those jobs to the account.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from printing.models import PrintJob

VISITOR_KEY = "printing.visitor_session_key"


def remember_visitor(request: HttpRequest) -> None:
    """Note in an anonymous visitor's session data the key their jobs are filed under.

    Written once per session key, so a page read does not save the session every time.
    """
    session = request.session
    key = session.session_key
    if request.user.is_authenticated or not key or session.get(VISITOR_KEY) == key:
        return
    session[VISITOR_KEY] = key


def print_jobs_claim(*, user, visitor_key: str) -> int:
    """The anonymous jobs filed under ``visitor_key`` become ``user``'s; how many did.

    Only jobs that no account owns yet are moved, so someone else's are never taken.
    """
    if not visitor_key or not user.is_authenticated:
        return 0
    return PrintJob.objects.filter(user=None, session_key=visitor_key).update(
        user=user, session_key=""
    )


@receiver(user_logged_in, dispatch_uid="printing.claim_visitor_jobs")
def claim_visitor_jobs(sender, request=None, user=None, **kwargs) -> None:
    session = getattr(request, "session", None)
    if session is None or user is None:
        return
    # The old key lives on only in this data: once used it is dropped, and a
    # logout flushes the session (data and all), so nothing is claimed twice.
    print_jobs_claim(user=user, visitor_key=session.pop(VISITOR_KEY, ""))
