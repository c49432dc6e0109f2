"""Site-wide Celery tasks."""

import socket
from importlib import import_module

from celery import shared_task
from django.conf import settings
from django.db import connection


@shared_task(name="core.probe")
def probe() -> dict:
    """Proves a worker is alive and can reach the database (/healthz?worker=1)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"worker": socket.gethostname(), "database": connection.vendor}


@shared_task(name="core.clear_expired_sessions")
def clear_expired_sessions() -> None:
    """Deletes the sessions past their expiry (what `manage.py clearsessions` does).

    Django never deletes an expired session by itself, and every visitor who prints
    has one: without this the session table only grows.
    """
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
