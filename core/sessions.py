"""Visitors without an account own things (print jobs) through their session."""

from django.http import HttpRequest


def ensure_session_key(request: HttpRequest) -> str:
    """The visitor's session key, creating the session if it does not exist yet."""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key
