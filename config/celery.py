"""The Celery application; tasks are discovered in each app's tasks.py."""

import os

from celery import Celery
from django.core.exceptions import ImproperlyConfigured

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("kartyavar")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Periodic work, sent by exactly one beat: `manage.py serve` runs it inside its
# worker (-B), production runs `celery -A config beat` once (docs/deploy.md).
# A sweep that waited longer than its interval is dropped, not piled up behind
# a worker that was down: the next one does the same work.
# PRINT_SWEEP_SECONDS shortens it to watch a sweep happen; anything but a whole number
# of seconds from 1 stops start-up, naming the variable.
_sweep = os.environ.get("PRINT_SWEEP_SECONDS", str(15 * 60)).strip()
if not (_sweep.isascii() and _sweep.isdigit() and len(_sweep) <= 7 and int(_sweep) >= 1):
    raise ImproperlyConfigured("PRINT_SWEEP_SECONDS must be a whole number of seconds from 1.")
SWEEP_SECONDS = int(_sweep)
app.conf.beat_schedule = {
    "printing-delete-expired-files": {
        "task": "printing.delete_expired_files",
        "schedule": SWEEP_SECONDS,
        "options": {"expires": max(SWEEP_SECONDS - 60, SWEEP_SECONDS // 2)},
    },
    # Print jobs nothing is making (a worker lost, a task lost) are queued again or failed
    # soon after their heartbeat stops, whether or not anyone looks at them: each holds a
    # place in the caps until it is settled. A sweep is two indexed queries.
    "printing-sweep-stuck-jobs": {
        "task": "printing.sweep_stuck_jobs",
        "schedule": 60,
        "options": {"expires": 50},
    },
    # A bot whose task was lost (the broker was down when it was to move) at a table
    # whose socket stays open: nothing reads the match again, so this looks.
    "play-wake-stalled-bots": {
        "task": "play.wake_stalled_bots",
        "schedule": 60,
        "options": {"expires": 50},
    },
    # A match waiting for players that nobody joined or left for a day holds a place of its
    # players' open-match limit and sits in the lobby: it is called off.
    "play-call-off-stale-waiting-matches": {
        "task": "play.call_off_stale_waiting_matches",
        "schedule": 60 * 60,
        "options": {"expires": 50 * 60},
    },
    # Sessions past their expiry (a visitor's print jobs are filed under theirs): Django
    # never deletes them by itself.
    "core-clear-expired-sessions": {
        "task": "core.clear_expired_sessions",
        "schedule": 24 * 3600,
        "options": {"expires": 12 * 3600},
    },
    "catalog-prune-face-cache": {
        "task": "catalog.prune_face_cache",
        "schedule": 3600,
        "options": {"expires": 1800},
    },
}
