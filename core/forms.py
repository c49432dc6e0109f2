"""What a form on a page is bound to."""

from __future__ import annotations

from django.http import HttpRequest, QueryDict
from django.utils.datastructures import MultiValueDict


def posted(request: HttpRequest) -> QueryDict | None:
    """The fields a POST sent, even none at all; None for a GET (the form unbound).

    `request.POST or None` took an empty POST for a GET: the form stayed unbound,
    had no errors to show, and the page answered 400 without a reason.
    """
    return request.POST if request.method == "POST" else None


def posted_files(request: HttpRequest) -> MultiValueDict | None:
    """The files a POST sent (perhaps none); None for a GET."""
    return request.FILES if request.method == "POST" else None
