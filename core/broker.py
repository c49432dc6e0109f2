"""The filesystem broker of `make run`'s stack, each message written whole before it is seen.

kombu's filesystem transport creates a message's file and then writes into it, while
the worker lists the folder, moves each file away and reads it: a file caught between
the two is empty, and the worker stopped on a JSONDecodeError ("Unrecoverable error";
kombu issue #1551, open), taking `manage.py serve`'s whole stack down with it. It
happened in an end-to-end test of three ONIROO bots moving at once. Here a message is
written under a name the worker passes over (it reads only `<…>.<queue>.msg`) and
renamed into place when whole: a rename within one folder is atomic. The same race
hit an exchange's table of bound queues, created empty and then written: two processes
declaring a queue at once (the web server and the worker starting) read it empty. Here
it is created without truncating, under its lock, and an empty table is read as empty.

Settings name it as the broker's transport (CELERY_BROKER_TRANSPORT) with the
`filesystem://` URL; with Redis this module is not used.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.transport.filesystem import LOCK_EX, LOCK_SH, exchange_queue_t, lock, unlock
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        """Put `payload` onto `queue`: written aside, then renamed to the name it is read by."""
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = os.path.join(self.data_folder_out, f".{name}.part")  # not `<…>.<queue>.msg`
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc

    def queue_bind(self, queue, exchange=None, routing_key="", arguments=None, **kwargs):
        """Bind, and see the binding written to this folder's table whatever the state says.

        kombu's binding state is one per process for this transport (`global_state`): a
        second connection (to another folder, or a thread declaring the same queue a
        moment later) found the binding known and skipped writing the table, and what it
        published before the first declarer wrote it was routed nowhere and dropped. The
        write is idempotent, under the table's lock.
        """
        super().queue_bind(queue, exchange, routing_key, arguments, **kwargs)
        exchange = exchange or "amq.direct"
        meta = self.typeof(exchange).prepare_bind(queue, exchange, routing_key, arguments)
        self._queue_bind(exchange, *meta)

    def get_table(self, exchange):
        """The queues bound to `exchange`; a table still being created is an empty one."""
        file = self._exchange_file(exchange)
        try:
            with file.open("rb") as f:
                lock(f, LOCK_SH)
                try:
                    text = f.read()
                finally:
                    unlock(f)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise ChannelError(f"Cannot open {file}") from exc
        return _table(text)

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        """Add a binding to the exchange's table, creating it (never truncating) under its lock."""
        file = self._exchange_file(exchange)
        self.control_folder.mkdir(exist_ok=True)
        binding = exchange_queue_t(routing_key or "", pattern or "", queue or "")
        try:
            with os.fdopen(os.open(file, os.O_RDWR | os.O_CREAT, 0o644), "rb+", buffering=0) as f:
                lock(f, LOCK_EX)
                try:
                    queues = _table(f.read())
                    if binding not in queues:
                        queues.insert(0, binding)
                        f.seek(0)
                        f.truncate()
                        f.write(str_to_bytes(dumps(queues)))
                finally:
                    unlock(f)
        except OSError as exc:
            raise ChannelError(f"Cannot open {file}") from exc


def _table(text: bytes) -> list:
    return [exchange_queue_t(*q) for q in loads(bytes_to_str(text))] if text.strip() else []


class FilesystemTransport(filesystem.Transport):
    Channel = Channel
