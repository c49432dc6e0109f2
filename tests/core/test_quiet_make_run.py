"""An idle `make run` is quiet, and costs next to nothing.

Every minute two periodic tasks printed six INFO lines (sent, received,
succeeded) and left a result file each; every sign-in printed four lines of
Axes; each start printed kombu's "No hostname was supplied"; and the web
process polled the channel layer's file every 50 ms for half an hour after the
last table closed. Run with the real settings (tests/core/test_settings.py's
`manage`), as `make run` has them.
"""

from __future__ import annotations

from importlib import import_module

import pytest

from tests.core.test_settings import manage

# The lines celery logs about a task (celery.beat, celery.worker.strategy, celery.app.trace),
# for one task that beat sends every minute and one a person asks for.
LOG_TASK_LINES = """
import logging
from celery.app.trace import LOG_RECEIVED, LOG_SUCCESS, LOG_FAILURE
for task in ("play.wake_stalled_bots", "printing.sweep_stuck_jobs", "printing.make_sheets"):
    logging.getLogger("celery.beat").info("Scheduler: Sending due task %s (%s)", "entry", task)
    line = {"name": task, "id": "0", "runtime": 0.1, "return_value": 0}
    logging.getLogger("celery.worker.strategy").info(LOG_RECEIVED, line)
    logging.getLogger("celery.app.trace").info(LOG_SUCCESS, line)
    failed = {**line, "exc": "OperationalError", "description": "raised unexpected"}
    logging.getLogger("celery.app.trace").error(LOG_FAILURE, failed)
logging.getLogger("axes.handlers.database").info("AXES: Successful login by zsofi.")
logging.getLogger("axes.handlers.database").warning("AXES: Locking out zsofi.")
"""


@pytest.fixture(scope="module")
def logged() -> str:
    """What the lines above print at make run's LOG_LEVEL."""
    return manage("shell", "--no-imports", "-c", LOG_TASK_LINES, LOG_LEVEL="INFO").stderr


def test_the_minute_tasks_routine_is_not_logged_but_their_failures_are(logged):
    for task in ("play.wake_stalled_bots", "printing.sweep_stuck_jobs"):
        assert f"({task})" not in logged
        assert f"{task}[0] received" not in logged and f"{task}[0] succeeded" not in logged
        assert f"Task {task}[0] raised unexpected: OperationalError" in logged


def test_the_lines_of_a_task_someone_asked_for_are_logged(logged):
    assert "(printing.make_sheets)" in logged
    assert "printing.make_sheets[0] received" in logged
    assert "printing.make_sheets[0] succeeded" in logged


def test_a_sign_in_is_not_logged_but_a_lockout_is(logged):
    assert "Successful login" not in logged and "AXES: Locking out zsofi." in logged


def test_log_level_debug_shows_the_minute_tasks_too():
    logged = manage("shell", "--no-imports", "-c", LOG_TASK_LINES, LOG_LEVEL="DEBUG").stderr
    assert "play.wake_stalled_bots[0] succeeded" in logged


@pytest.mark.parametrize("task", ["play.wake_stalled_bots", "printing.sweep_stuck_jobs"])
def test_the_minute_tasks_leave_no_result_files(task):
    from config.celery import app

    entry = next(entry for entry in app.conf.beat_schedule.values() if entry["task"] == task)
    assert entry["schedule"] == 60
    import_module(task.split(".")[0] + ".tasks")
    assert app.tasks[task].ignore_result is True


def in_make_runs_settings(code: str) -> str:
    result = manage("shell", "--no-imports", "-c", code, REDIS_URL="")
    assert result.returncode == 0, result.stderr
    return result.stdout + result.stderr


def test_the_embedded_broker_names_a_host_so_kombu_does_not_warn():
    output = in_make_runs_settings(
        "from config.celery import app; print(app.connection_for_write().as_uri())"
    )
    assert "://:**@localhost//" in output  # the files transport, as the worker names it
    assert "No hostname was supplied" not in output


def test_the_web_process_stops_polling_the_layer_a_minute_after_its_last_table_closed():
    output = in_make_runs_settings(
        "from channels.layers import get_channel_layer;"
        "print(get_channel_layer().polling_idle_timeout)"
    )
    assert output.split() == ["60"]
