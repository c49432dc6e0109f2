"""Run the whole site in one terminal: the ASGI server and a Celery worker.

`make run` ends here. Both run as child processes; Ctrl-C (or SIGTERM, or the
terminal closing) stops both, and if either one dies the other is stopped too,
so the terminal never shows a half-running site. The worker embeds celery beat
(-B), which sends the periodic tasks of config/celery.py (deleting expired
print files): one var/ folder, one worker, so exactly one beat — a lock file
in VAR_DIR refuses a second `serve` there.

Before anything starts, `serve` refuses what would only fail later: a
second `serve` on the same VAR_DIR, a port it cannot listen on, and an
address other machines reach while ALLOWED_HOSTS names only this machine's
own loopback names (each of them would get a 400). `--prepare` then migrates
and loads the card data, as `make run` asks.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import ipaddress
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

# The addresses that listen on every interface of the machine.
WILDCARD_HOSTS = {"0.0.0.0", "::", ""}  # noqa: S104 - names, compared with --host
# Signals that stop the site. The children run in a process group of their own, so a
# terminal's Ctrl-C (SIGINT), Ctrl-\ (SIGQUIT) or hang-up reaches this process alone,
# which stops each child once, with SIGTERM: the worker announced its warm shutdown
# twice when it got the terminal's SIGINT and our SIGTERM both.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
STOP_SECONDS = 10  # a child still running this long after SIGTERM is killed


def is_loopback(host: str) -> bool:
    """Whether `host` (a name, or an address, IPv6 maybe in brackets) reaches this machine only."""
    name = host.strip().strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def answers_only_loopback(host: str, allowed_hosts: list[str]) -> bool:
    """Whether a server listening on `host` would answer every other machine 400.

    Django refuses a request whose Host header ALLOWED_HOSTS does not name. On
    a loopback address only this machine connects, so loopback names are
    enough. Listening wider, some entry must name the site otherwise: an
    address, a DNS name or a wildcard. Any such entry counts, even one that is
    not an address of this machine: a name in DNS, or a public address a
    router forwards, is right and cannot be checked from here.
    """
    if is_loopback(host):
        return False
    return all(is_loopback(name) for name in allowed_hosts)


def as_allowed_host(address: str) -> str:
    """An address as ALLOWED_HOSTS and URLs spell it: IPv6 in brackets."""
    return f"[{address}]" if ":" in address else address


def machine_addresses(host: str) -> list[str]:
    """The addresses other machines may reach this one by, as far as can be found.

    The address the machine would send from towards a public network (a UDP
    socket's connect sends nothing), then what its host name resolves to.
    Loopback and link-local addresses are left out: nobody else uses them.
    """
    if host not in WILDCARD_HOSTS:
        return [as_allowed_host(host.strip("[]"))]
    families = [(socket.AF_INET, "192.0.2.1")]  # TEST-NET-1: routed like any other address
    if host == "::":
        families.append((socket.AF_INET6, "2001:db8::1"))  # the documentation prefix
    found: list[str] = []
    for family, probe in families:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                found.append(udp.getsockname()[0])
        except OSError:  # no route: an offline machine
            pass
        try:
            found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, family)]
        except OSError:
            pass
    addresses = []
    for address in found:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
            addresses.append(as_allowed_host(str(ip)))
    return list(dict.fromkeys(addresses))


def lan_advice(
    *, host: str, port: int, allowed_hosts: list[str], addresses: list[str], debug: bool
) -> str:
    """What to set so that other machines get the site instead of a 400, and what it costs."""
    names = list(dict.fromkeys([*addresses, *allowed_hosts])) or ["<this machine's address>"]
    variables = ["DEBUG=1"] if debug else []
    variables.append(f"ALLOWED_HOSTS={shlex.quote(','.join(names))}")
    variables.append(f"HOST={shlex.quote(host)}")
    if port != 8000:
        variables.append(f"PORT={port}")
    found = ", ".join(addresses) if addresses else "none found; use the one the others reach"
    lines = [
        f"Listening on {host} lets other machines connect, but ALLOWED_HOSTS names only "
        f"this machine's own names ({', '.join(allowed_hosts) or 'none'}): each of them "
        "would get 400 Bad Request. Nothing was started.",
        "Name the addresses they will use (this machine's: " + found + "):",
        "",
        "    " + " ".join([*variables, "make run"]),
        "",
    ]
    if debug:
        lines.append(
            "DEBUG=1 keeps this a development server: everyone on the network who opens "
            "the site sees Django's debug pages (tracebacks, settings) on an error. Do it "
            "only on a network you trust."
        )
    return "\n".join(lines)


def site_urls(*, host: str, port: int, allowed_hosts: list[str], addresses: list[str]) -> list[str]:
    """The addresses to open the site at, for the banner: never http://0.0.0.0/.

    Listening on every address, the names ALLOWED_HOSTS gives (others' first),
    or this machine's addresses when it gives only wildcards.
    """
    if host not in WILDCARD_HOSTS:
        names = [host if host.startswith("[") else as_allowed_host(host)]
    else:
        names = [name for name in allowed_hosts if name != "*" and not name.startswith(".")]
        names = names or [*addresses, "127.0.0.1"]
        if host == "0.0.0.0":  # noqa: S104 - IPv4 only: no IPv6 address reaches it
            names = [name for name in names if not name.startswith("[")]
        names.sort(key=is_loopback)  # stable: the order given, others' names first
    return [f"http://{name}:{port}/" for name in names]


def listen_problem(host: str, port: int) -> str | None:
    """Why daphne could not listen on host:port, or None: tried here, before anything starts.

    SO_REUSEADDR as Twisted sets it, so a server stopped a moment ago (its
    connections in TIME_WAIT) does not count as one still listening.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host.strip("[]"), port))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return (
                f"port {port} is in use (another make run?): stop it or use PORT=… "
                f"(e.g. PORT={port + 1} make run). Nothing was started."
            )
        return f"cannot listen on {host}:{port}: {error.strerror}. Nothing was started."
    return None


def take_lock(var_dir: Path):
    """An exclusive lock on VAR_DIR/serve.lock, held while the file returned is open; None if taken.

    The kernel lets go of it when this process ends, however it ends, so a
    crash leaves no stale lock behind.
    """
    var_dir.mkdir(parents=True, exist_ok=True)
    lock = (var_dir / "serve.lock").open("a+")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        return None
    lock.truncate(0)
    lock.write(f"{os.getpid()}\n")
    lock.flush()
    return lock


def child_commands(
    *, bin_dir: str, host: str, port: int, concurrency: int, log_level: str, var_dir: Path
) -> dict[str, list[str]]:
    """The web server's and the worker's command lines, at the site's LOG_LEVEL."""
    return {
        "web": [
            os.path.join(bin_dir, "daphne"),
            "-b",
            host,
            "-p",
            str(port),
            # The access log (a line per request) is INFO's: at WARNING and above, none.
            "--verbosity",
            "1" if log_level in ("DEBUG", "INFO") else "0",
            "config.asgi:application",
        ],
        "worker": [
            os.path.join(bin_dir, "celery"),
            "-A",
            "config",
            "worker",
            "--loglevel",
            log_level,
            "--concurrency",
            str(concurrency),
            # The filesystem broker has no remote control; Redis has, but
            # nothing here uses it, and without it the worker starts faster.
            "--without-mingle",
            "--without-gossip",
            # Beat inside the worker; it remembers the last runs in var/, so a
            # restart does not send every periodic task again at once.
            "-B",
            "--schedule",
            str(var_dir / "celerybeat-schedule"),
        ],
    }


def _start_child() -> None:
    """Run in each child between fork and exec (Linux): SIGTERM when `serve` dies.

    `serve` stops its children itself on every signal it can catch; this
    covers the one it cannot (SIGKILL), so no worker outlives it unseen.
    """
    if _prctl is not None:
        _prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None


class Command(BaseCommand):
    help = "Start the ASGI web server (HTTP and websockets) and a Celery worker together."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")
        parser.add_argument(
            "--prepare",
            action="store_true",
            help="after the checks, migrate and load the shipped card data (what make run does)",
        )

    def handle(self, *args, host: str, port: int, concurrency: int, prepare: bool, **options):
        var_dir = Path(settings.VAR_DIR)
        if answers_only_loopback(host, settings.ALLOWED_HOSTS):
            self._refuse(
                lan_advice(
                    host=host,
                    port=port,
                    allowed_hosts=settings.ALLOWED_HOSTS,
                    addresses=machine_addresses(host),
                    debug=settings.DEBUG,
                )
            )
        lock = take_lock(var_dir)
        if lock is None:
            holder = (var_dir / "serve.lock").read_text().strip() or "?"
            self._refuse(
                f"another make run (process {holder}) serves from {var_dir}: one worker, and "
                "so one beat, per var/ folder. Stop it first, or add a second web process "
                "only: .venv/bin/daphne -p 8001 config.asgi:application (docs/deploy.md). "
                "Nothing was started."
            )
        problem = listen_problem(host, port)
        if problem:
            self._refuse(problem)

        if prepare:
            call_command("migrate", interactive=False)
            call_command("load_cards")
        self._prepare_channel_layer()

        commands = child_commands(
            bin_dir=os.path.dirname(sys.executable),
            host=host,
            port=port,
            concurrency=concurrency,
            log_level=settings.LOG_LEVEL,
            var_dir=var_dir,
        )
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
        broker = settings.CELERY_BROKER_URL.split("://", 1)[0]
        # Files under var/mail/ unless SMTP is configured: a newcomer reads their reset link there.
        mail = getattr(settings, "EMAIL_FILE_PATH", None) or f"smtp://{settings.EMAIL_HOST}"
        urls = site_urls(
            host=host,
            port=port,
            allowed_hosts=settings.ALLOWED_HOSTS,
            addresses=machine_addresses(host) if host in WILDCARD_HOSTS else [],
        )
        self.stdout.write(
            f"Kártyavár on {', '.join(urls)} (database: {database}, broker: {broker}). "
            f"Mails (password resets) go to {mail}. "
            "Ctrl-C stops the server and the worker."
        )

        stopping = False

        def stop(signum=None, frame=None):
            nonlocal stopping
            stopping = True

        # Before the first child starts: a signal between two starts must stop
        # both, not end this process and leave the first running. Put back what
        # was there when this returns: a caller that runs the command in its own
        # process (call_command in a test) must not be left ignoring SIGTERM.
        previous = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
        children: dict[str, subprocess.Popen] = {}
        try:
            for name, command in commands.items():
                # The commands are fixed lists built above, never user input.
                children[name] = subprocess.Popen(  # noqa: S603
                    command,
                    env=env,
                    # a background group that reads the terminal is stopped (SIGTTIN)
                    stdin=subprocess.DEVNULL,
                    process_group=0,
                    preexec_fn=_start_child,  # one thread here: nothing to deadlock after fork
                )
            exit_code = self._supervise(children, lambda: stopping)
        finally:
            self._stop(children)
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            lock.close()
        if exit_code:
            sys.exit(exit_code)

    def _refuse(self, message: str) -> None:
        self.stderr.write(message)
        sys.exit(1)

    def _prepare_channel_layer(self) -> None:
        """Create the channel layer's own SQLite file, when there is no Redis to carry frames.

        `make run` migrates the site's database; the layer's file (settings.py
        says why it exists) is migrated here, so that the worker's frames
        reach the web server from the first move, whoever started `serve`.
        """
        if settings.CHANNEL_LAYER_DATABASE in settings.DATABASES:
            call_command(
                "migrate", database=settings.CHANNEL_LAYER_DATABASE, interactive=False, verbosity=0
            )

    def _supervise(self, children: dict, stopping) -> int:
        """Wait until a child exits or a signal asks to stop."""
        while not stopping():
            exited = next((n for n, child in children.items() if child.poll() is not None), None)
            if exited is not None:
                code = children[exited].returncode
                self.stderr.write(f"The {exited} process exited with code {code}; stopping.")
                return code or 1
            time.sleep(0.2)
        return 0

    def _stop(self, children: dict) -> None:
        """SIGTERM to each child once; a child still running after STOP_SECONDS is killed.

        Killed with its whole process group: it holds what the child started
        (the worker's pool processes and beat), which would otherwise outlive
        it. A child that stops by itself has stopped those first.
        """
        for child in children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for name, child in children.items():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self.stderr.write(f"The {name} process did not stop in {STOP_SECONDS} s: killed.")
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
