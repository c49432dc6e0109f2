"""`make run`'s filesystem broker: a message is never read before it is whole.

kombu's own transport created a message's file, then wrote it; a worker reading the
folder meanwhile found it empty and stopped on a JSONDecodeError, and `manage.py serve`
with it (kombu #1551). core/broker.py writes aside and renames.
"""

from __future__ import annotations

import threading

from kombu import Connection

from core.broker import FilesystemTransport
from tests.core.test_settings import manage


def connection(folder) -> Connection:
    return Connection(
        "filesystem://",
        transport=FilesystemTransport,
        transport_options={
            "data_folder_in": str(folder),
            "data_folder_out": str(folder),
            "control_folder": str(folder / "control"),
        },
    )


def test_the_settings_use_it_without_redis(settings):
    if settings.CELERY_BROKER_URL.startswith("filesystem://"):
        assert settings.CELERY_BROKER_TRANSPORT == "core.broker:FilesystemTransport"


def test_make_runs_worker_looks_for_a_bot_move_many_times_a_second(tmp_path):
    """kombu's filesystem transport sleeps a second between two looks at an empty queue
    unless told otherwise: each bot move on `make run`'s stack waited half of that. The
    settings' option must reach the transport the worker uses (a misspelt one is ignored)."""
    looked = manage(
        "shell",
        "-c",
        "from config.celery import app; "
        "print(app.connection_for_read().default_channel.connection.polling_interval)",
        VAR_DIR=str(tmp_path / "var"),
        REDIS_URL="",
        DATABASE_URL="",
    )
    assert looked.returncode == 0, looked.stderr
    assert float(looked.stdout.split()[-1]) <= 0.1


def test_a_reader_racing_a_writer_gets_every_message_whole(tmp_path):
    """Large messages written while a reader polls the folder as fast as it can: each one
    arrives whole, in order, and nothing half-written is left behind."""
    body = "x" * 400_000  # long enough to be caught mid-write, as the test of kombu's was
    count = 60
    got: list = []
    failed: list = []

    def read() -> None:
        with connection(tmp_path) as conn:
            queue = conn.SimpleQueue("work")
            try:
                while len(got) < count:
                    message = queue.get(timeout=10)
                    got.append(message.payload["n"])
                    message.ack()
            except Exception as error:  # noqa: BLE001 - the test reports what stopped it
                failed.append(error)

    reader = threading.Thread(target=read)
    reader.start()
    with connection(tmp_path) as conn:
        queue = conn.SimpleQueue("work")
        for n in range(count):
            queue.put({"n": n, "body": body})
    reader.join(timeout=60)
    assert failed == [] and got == list(range(count))
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob("*.msg"))


def test_queues_declared_at_once_all_stay_bound(tmp_path):
    """Processes starting together declare their queues at once: the exchange's table was
    created empty, then written, and a second declarer read it empty and failed."""
    from kombu import Exchange, Queue

    from tests.concurrency import run_together

    shared = Exchange("shared", type="direct")

    def declare(n: int):
        def job():
            with connection(tmp_path) as conn:
                Queue(f"q{n}", shared, routing_key=f"q{n}")(conn.default_channel).declare()
                return n

        return job

    outcomes = run_together(*(declare(n) for n in range(8)), timeout=30)
    assert sorted(outcomes) == list(range(8)), outcomes
    with connection(tmp_path) as conn:
        bound = {q.queue for q in conn.default_channel.get_table("shared")}
    assert bound == {f"q{n}" for n in range(8)}


def test_a_second_connection_in_one_process_routes_its_messages(tmp_path):
    """kombu keeps this transport's bindings once per process: a connection to a second
    folder found "work" bound already, wrote no table there, and every message it sent
    went nowhere (a reader and a writer declaring at once lost them the same way)."""
    for folder in (tmp_path / "one", tmp_path / "two"):
        folder.mkdir()
        with connection(folder) as conn:
            queue = conn.SimpleQueue("work")
            queue.put({"n": folder.name})
            message = queue.get(timeout=5)
            message.ack()
            assert message.payload == {"n": folder.name}
