"""The client's network address, as the login lockout and the sign-up limit see it.

Both count per address, so both must agree on what the address is and must
not believe what a client can forge. By default that is the connection's own
address (REMOTE_ADDR). Behind reverse proxies, settings.TRUSTED_PROXY_COUNT
says how many of them append to X-Forwarded-For; the client is the entry that
the outermost of them appended, counted from the right. Entries further left
came from the client itself and are never trusted (docs/deploy.md).

An IPv4 client reached over a dual-stack socket shows as "::ffff:192.0.2.1";
it counts as the IPv4 address it is. The login lockout counts an IPv6 client
by its /64 (lockout_address), as django-ratelimit does for every limit.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The address to count this request's logins and sign-ups against."""
    remote = request.META.get("REMOTE_ADDR") or ""
    return _counted_address(remote, request.META.get("HTTP_X_FORWARDED_FOR", ""))


def lockout_address(request: HttpRequest) -> str:
    """AXES_CLIENT_IP_CALLABLE: client_ip, but an IPv6 address as its /64 network.

    One household or one rented server is handed a whole /64: counted address
    by address, it could try a username's password from 2**64 of them, and
    the lockout no longer counts the username alone (config/settings.py, Auth).
    The prefix is django-ratelimit's (RATELIMIT_IPV6_MASK), so both agree.
    """
    address = client_ip(request)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address  # no address at all (a Unix socket): nothing to widen
    if parsed.version == 4:
        return address
    prefix = getattr(settings, "RATELIMIT_IPV6_MASK", 64)
    return str(ipaddress.ip_network(f"{parsed}/{prefix}", strict=False).network_address)


def scope_client_ip(scope: dict) -> str:
    """The same address for an ASGI connection (a websocket: its open sockets are counted)."""
    client = scope.get("client") or ("",)
    # repeated headers joined with commas, as Django's ASGI request joins them into META
    forwarded = b",".join(v for name, v in scope.get("headers") or () if name == b"x-forwarded-for")
    return _counted_address(str(client[0] or ""), forwarded.decode("latin-1"))


def _counted_address(remote: str, header: str) -> str:
    """The client among `remote` and the proxies' X-Forwarded-For `header` (module docstring)."""
    remote = _unmapped(remote)
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    entries = [entry.strip() for entry in header.split(",") if entry.strip()]
    if not entries:
        return remote  # reached us without passing the proxies: its own address is all we have
    # Fewer entries than proxies: the request skipped an outer proxy, and the
    # leftmost entry is the furthest any proxy of ours saw.
    candidate = entries[-min(proxies, len(entries))]
    try:
        return _unmapped(str(ipaddress.ip_address(candidate)))
    except ValueError:
        # A proxy that writes something else ("unknown", a port) is
        # misconfigured; counting against the proxy is safer than a crash.
        return remote


def _unmapped(address: str) -> str:
    """An IPv4-mapped IPv6 address as the IPv4 address it is, anything else unchanged.

    Left mapped, every IPv4 client would fall in the one IPv6 /64 "::", which
    django-ratelimit and the lockout count as a single address.
    """
    try:
        mapped = ipaddress.ip_address(address).ipv4_mapped
    except (ValueError, AttributeError):  # not an address, or an IPv4 one (no ipv4_mapped)
        return address
    return str(mapped) if mapped else address
