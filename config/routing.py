"""Websocket routes of the whole site, and the check that a socket was opened by its own pages.

Each app contributes its own list of routes; the last route takes every address none of
them matched and refuses it (`NoSuchSocket`).
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlsplit

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.urls import re_path
from django.utils.http import is_same_domain

from play.routing import websocket_urlpatterns as play_websockets

# The close code for an address with no socket behind it: the one the live table uses for a
# match that is not there or not the visitor's to see (play.consumers), which
# static/js/live.js treats as final.
CLOSE_NOT_FOUND = 4404


class NoSuchSocket(AsyncWebsocketConsumer):
    """Refuses the handshake of an address no route matched, as the table refuses an unknown match.

    Without it channels' URLRouter raises ValueError ("No route found for path"): daphne
    answered `/ws/matches/not-a-uuid/` with a 500 and logged a traceback for every try.
    """

    async def connect(self):
        await self.close(code=CLOSE_NOT_FOUND)


websocket_urlpatterns = [
    *play_websockets,
    re_path(r"", NoSuchSocket.as_asgi()),  # last: whatever is left
]


class SameOriginValidator:
    """Let a websocket through only when its Origin is this site, as Django's CSRF check decides.

    A browser sends its session cookie with a websocket opened by any page, so
    the Origin header is what tells our table from another site's script
    (cross-site websocket hijacking). Channels' AllowedHostsOriginValidator
    compares only the host name with ALLOWED_HOSTS: `https://127.0.0.1:9999`
    passed for a site at http://127.0.0.1:8000. Here, as in
    django.middleware.csrf, the Origin must equal the request's own scheme
    (ws → http, wss → https, or SECURE_PROXY_SSL_HEADER behind a TLS proxy),
    host and port — the Host header, itself in ALLOWED_HOSTS — or be one of
    CSRF_TRUSTED_ORIGINS (a `*.` entry covers the subdomains, default port
    only). No Origin, `null` or an unreadable one is refused: every browser
    sends one with a websocket.
    """

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            raise ValueError("SameOriginValidator guards websocket connections only")
        if self.allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)

    @staticmethod
    def allowed(scope) -> bool:
        headers = _headers(scope)
        origin = headers.get("origin")
        if not origin or origin == "null":
            return False
        origin = origin.lower()
        good = _own_origin(scope, headers)
        if good is not None and origin == good:
            return True
        exact, subdomains = _trusted_origins()
        if origin in exact:
            return True
        try:
            parsed = urlsplit(origin)
        except ValueError:
            return False
        return any(is_same_domain(parsed.netloc, host) for host in subdomains[parsed.scheme])


def _headers(scope) -> dict[str, str]:
    found = {}
    for name, value in scope.get("headers", []):
        try:
            found[name.decode("latin1").lower()] = value.decode("latin1")
        except (AttributeError, UnicodeDecodeError):
            continue
    return found


def _own_origin(scope, headers: dict[str, str]) -> str | None:
    """`scheme://host[:port]` of the request itself, or None when its host is not ours."""
    host = headers.get("host", "")
    if settings.USE_X_FORWARDED_HOST and headers.get("x-forwarded-host"):
        host = headers["x-forwarded-host"].split(",")[-1].strip()
    domain, _port = split_domain_port(host)
    allowed_hosts = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed_hosts:
        allowed_hosts = [".localhost", "127.0.0.1", "[::1]"]  # as Django's get_host()
    if not domain or not validate_host(domain, allowed_hosts):
        return None
    return f"{_scheme(scope, headers)}://{host.lower()}"


def _scheme(scope, headers: dict[str, str]) -> str:
    """http or https, as HttpRequest.is_secure() would say for this connection."""
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        name, secure_value = proxy
        header = name.removeprefix("HTTP_").replace("_", "-").lower()
        value = headers.get(header)
        if value is not None:
            return "https" if value.split(",", 1)[0].strip() == secure_value else "http"
    return "https" if scope.get("scheme") in ("wss", "https") else "http"


def _trusted_origins() -> tuple[set[str], dict[str, list[str]]]:
    """CSRF_TRUSTED_ORIGINS as Django's CSRF middleware reads them: exact ones, and `*.` ones."""
    exact = {o.lower() for o in settings.CSRF_TRUSTED_ORIGINS if "*" not in o}
    subdomains: dict[str, list[str]] = defaultdict(list)
    for origin in settings.CSRF_TRUSTED_ORIGINS:
        if "*" in origin:
            parsed = urlsplit(origin.lower())
            subdomains[parsed.scheme].append(parsed.netloc.lstrip("*"))
    return exact, subdomains
