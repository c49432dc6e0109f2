"""Site-wide Celery tasks."""

import socket

from celery import shared_task
from django.db import connection


@shared_task(name="core.probe")
def probe() -> dict:
    """Proves a worker is alive and can reach the database (/healthz?worker=1)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"worker": socket.gethostname(), "database": connection.vendor}
