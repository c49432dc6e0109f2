"""Strict reading of the environment.

django-environ parses URLs well but accepts any odd boolean ("maybe" is
False). Settings must fail loudly on a malformed value, so every value that
the operator types goes through one of these functions, which raise
ImproperlyConfigured naming the variable and what was expected.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class StrictEnv:
    """Reads typed values from a mapping (os.environ by default)."""

    def __init__(self, source: Mapping[str, str] | None = None) -> None:
        self.source = os.environ if source is None else source

    def _raw(self, name: str) -> str | None:
        value = self.source.get(name)
        if value is None or value.strip() == "":
            return None
        return value.strip()

    def is_set(self, name: str) -> bool:
        return self._raw(name) is not None

    def str(self, name: str, default: str | None = None) -> str:
        value = self._raw(name)
        if value is None:
            if default is None:
                raise ImproperlyConfigured(f"{name} must be set.")
            return default
        return value

    def bool(self, name: str, default: bool) -> bool:
        value = self._raw(name)
        if value is None:
            return default
        lowered = value.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a boolean; use one of 1/0, true/false, yes/no, on/off."
        )

    def int(self, name: str, default: int) -> int:
        value = self._raw(name)
        if value is None:
            return default
        try:
            return int(value)
        except ValueError:
            raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None

    def float(self, name: str, default: float) -> float:
        value = self._raw(name)
        if value is None:
            return default
        try:
            return float(value)
        except ValueError:
            raise ImproperlyConfigured(f"{name}={value!r} is not a number (e.g. 0.5).") from None

    def list(self, name: str, default: list[str]) -> list[str]:
        value = self._raw(name)
        if value is None:
            return list(default)
        return [item.strip() for item in value.split(",") if item.strip()]

    def path(self, name: str, default: Path) -> Path:
        value = self._raw(name)
        return Path(value).expanduser().resolve() if value else default

    def database(self, name: str, default: str) -> dict:
        url = self._raw(name) or default
        if "://" not in url:
            raise ImproperlyConfigured(
                f"{name}={url!r} is not a database URL (e.g. postgres://user@host:5432/db)."
            )
        scheme = url.split("://", 1)[0]
        if scheme not in {"sqlite", "postgres", "postgresql", "pgsql", "psql"}:
            raise ImproperlyConfigured(
                f"{name} uses {scheme!r}; Kártyavár supports sqlite:// and postgres:// URLs."
            )
        return environ.Env.db_url_config(url)

    def redis_url(self, name: str) -> str | None:
        url = self._raw(name)
        if url is None:
            return None
        if not url.startswith(("redis://", "rediss://", "unix://")):
            raise ImproperlyConfigured(
                f"{name}={url!r} is not a Redis URL (e.g. redis://127.0.0.1:6379/0)."
            )
        return url

    def email_url(self, name: str) -> dict | None:
        """An SMTP server as one URL, e.g. smtp+tls://user:password@host:587.

        Only SMTP: the other schemes django-environ knows (console, file,
        memory) are for development, where the embedded default already
        writes mails to files.
        """
        url = self._raw(name)
        if url is None:
            return None
        scheme = url.split("://", 1)[0] if "://" in url else ""
        if scheme not in {"smtp", "smtps", "smtp+tls", "smtp+ssl"}:
            raise ImproperlyConfigured(
                f"{name} is not an SMTP URL (e.g. smtp+tls://user:password@host:587)."
            )
        config = environ.Env.email_url_config(url)
        if not config.get("EMAIL_HOST"):
            raise ImproperlyConfigured(f"{name} names no host (e.g. smtp+tls://user@host:587).")
        return config
