"""The application's error family.

Services raise ApplicationError (or a subclass) for anything a user can cause,
never Django's Http404. Each door turns it into a 4xx answer in the user's
language in one place: the DRF exception handler (core.api), the live table's
consumer (play.consumers `MatchConsumer._refused`) and, for HTML views, the
`refusals` decorator (core.refusals: a 4xx page, or a message and a redirect).
"""

from __future__ import annotations


class ApplicationError(Exception):
    status_code = 400
    # A refusal for doing something too often (429) says when asking again may succeed: its
    # seconds go out as the answer's Retry-After, on the pages and the API alike.
    retry_after: int | None = None

    def __init__(
        self, code: str, message: str, *, extra: dict | None = None, retry_after: int | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra or {}
        if retry_after is not None:
            self.retry_after = retry_after


class NotFound(ApplicationError):
    status_code = 404


class Conflict(ApplicationError):
    status_code = 409
