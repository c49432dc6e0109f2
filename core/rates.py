"""Counting what one person does a minute, without a request at hand.

django-ratelimit's count lives in the default cache, which every web process shares
(Redis, or the database cache under make run), so a limit holds across processes and
doors alike: the HTTP views, the live table's socket, a service called from either.
"""

from __future__ import annotations


def over_the_limit(group: str, key: str, per_minute: int) -> bool:
    """Count one more under (`group`, `key`) this minute; True past `per_minute` of them.

    `key` names whose count it is ("user:<pk>", "address:<ip>"); `group` what is
    counted ("play.solver", ...), so one person's counts of different things stay apart.
    False whenever RATELIMIT_ENABLE is off.
    """
    from django_ratelimit import ALL
    from django_ratelimit.core import is_ratelimited

    return is_ratelimited(
        None,  # no request needed: the key is given, and every method counts (ALL)
        group=group,
        key=lambda _group, _request: key,
        rate=f"{per_minute}/m",
        method=ALL,
        increment=True,
    )
