"""Where django-axes keeps failed logins (AXES_HANDLER): its database handler, keeping counts only.

Axes' own handler appends each failure's query string and form fields (up to
a KiB each) to the attempt's row, so a guesser with big fields grows one row
without end: two hundred failures made a row of 400,000 characters. The
lockout needs none of it, only who failed, from where, how often and when,
so this handler blanks both fields in the transaction that wrote them. It
stays a database handler because every process (the web server, the worker,
a management command) shares the database, and the cache, in files without
Redis, drops entries when it fills up.
"""

from __future__ import annotations

from datetime import datetime

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from django.http import HttpRequest


class CountsOnlyDatabaseHandler(AxesDatabaseHandler):
    def post_save_access_attempt(self, instance: AccessAttempt, **kwargs) -> None:
        # Axes saves the row inside its own transaction (select_for_update), so
        # the request's data is never committed, not even for the first failure.
        AccessAttempt.objects.filter(pk=instance.pk).update(get_data="", post_data="")

    def lockout_ends(self, request: HttpRequest, credentials: dict | None) -> datetime:
        """When the lockout this request ran into lifts, for the longest-locked of its counts.

        A count (the username at this address, or the address) is locked while
        its rows within the cool-off add up to the limit; each row leaves the
        count a cool-off after its last failure, newest last. So the lockout
        lifts a cool-off after the newest row that is still needed to reach the
        limit. Refused attempts are not recorded
        (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT), so this does not move.
        """
        limit = get_failure_limit(request, credentials)
        cool_off = get_cool_off(request)
        ends = []
        for attempts in self.get_user_attempts(request, credentials):
            counted = 0
            rows = attempts.order_by("-attempt_time").values_list(
                "attempt_time", "failures_since_start"
            )
            for attempt_time, failures in rows:
                counted += failures
                if counted >= limit:
                    ends.append(attempt_time + cool_off)
                    break
        # Nothing is locked any more (a row expired a moment ago): a whole cool-off
        # is the answer that never sends anyone back too soon.
        return max(ends, default=request.axes_attempt_time + cool_off)
