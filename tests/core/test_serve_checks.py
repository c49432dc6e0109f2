"""What `make run` (`manage.py serve`) refuses before it starts anything, and what it starts.

A refusal comes before the migrations, the card data and the children, with what
to do instead: an address other machines reach that ALLOWED_HOSTS does not name
(each would get a 400 and, under DEBUG, Django's debug page), a port in use, a
second `make run` on the same var/ folder (a second beat). The children here are
stand-ins that exit at once; tests/core/test_serve_ctrl_c.py runs the real ones.
"""

from __future__ import annotations

import fcntl
import io
import socket

import pytest
from django.core.management import call_command

from core.management.commands import serve
from tests.make_run_site import free_port

LOOPBACK = ["127.0.0.1", "localhost", "[::1]"]  # DEBUG's default ALLOWED_HOSTS
LAN = "192.168.1.20"  # this machine's address on its network, for these tests
EVERYWHERE = "0.0.0.0"  # noqa: S104 - the address README's LAN line listens on


@pytest.fixture
def started(monkeypatch, settings, tmp_path):
    """The command lines serve starts (children that exit at once), and what it prepared."""
    commands: list[list[str]] = []
    prepared: list[str] = []

    class Exited:
        returncode = 0

        def __init__(self, command, **kwargs):
            commands.append(command)

        def poll(self):
            return 0

        def wait(self, timeout=None):
            return 0

    monkeypatch.setattr(serve.subprocess, "Popen", Exited)
    monkeypatch.setattr(serve, "call_command", lambda name, **kw: prepared.append(name))
    monkeypatch.setattr(serve.Command, "_prepare_channel_layer", lambda self: None)
    monkeypatch.setattr(serve, "machine_addresses", lambda host: [LAN], raising=False)
    settings.VAR_DIR = tmp_path
    settings.DEBUG = True
    settings.ALLOWED_HOSTS = LOOPBACK
    settings.LOG_LEVEL = "INFO"
    return commands, prepared


def run_serve(*args: str) -> tuple[str, str]:
    """serve's output and errors; it always ends with exit code 1 here (a child "exited")."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as end:
        call_command("serve", *args, stdout=out, stderr=err)
    assert end.value.code == 1
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("host", "allowed_hosts", "refused"),
    [
        ("127.0.0.1", LOOPBACK, False),  # make run as it comes
        ("localhost", LOOPBACK, False),
        ("::1", LOOPBACK, False),
        (EVERYWHERE, LOOPBACK, True),  # README's LAN line, ALLOWED_HOSTS left alone
        ("::", LOOPBACK, True),
        (LAN, LOOPBACK, True),
        (EVERYWHERE, [], True),
        (EVERYWHERE, [LAN, "127.0.0.1", "localhost"], False),
        (EVERYWHERE, ["kartyavar.lan"], False),  # a name in DNS: cannot be checked here
        (EVERYWHERE, ["*"], False),
        (EVERYWHERE, [".example.org"], False),
    ],
)
def test_serve_refuses_an_address_others_reach_only_when_no_host_names_the_site(
    host, allowed_hosts, refused
):
    assert serve.answers_only_loopback(host, allowed_hosts) is refused


def test_the_readme_lan_line_alone_says_what_to_set_and_starts_nothing(started):
    commands, prepared = started
    port = free_port()
    out, err = run_serve("--host", EVERYWHERE, "--port", str(port), "--prepare")
    assert commands == [] and prepared == []
    assert "would get 400 Bad Request. Nothing was started." in err
    # the whole line that works, with this machine's address and the names it had
    line = f"DEBUG=1 ALLOWED_HOSTS='{LAN},127.0.0.1,localhost,[::1]' HOST=0.0.0.0 PORT={port}"
    assert f"    {line} make run" in err
    assert "debug pages" in err and "a network you trust" in err
    assert "http://0.0.0.0" not in out + err


def test_the_lan_line_with_the_address_named_starts_and_the_banner_gives_it(started, settings):
    commands, _prepared = started
    settings.ALLOWED_HOSTS = [LAN, "127.0.0.1", "localhost"]
    port = free_port()
    out, _err = run_serve("--host", EVERYWHERE, "--port", str(port))
    web = next(command for command in commands if "config.asgi:application" in command)
    assert web[web.index("-b") + 1] == EVERYWHERE
    assert f"Kártyavár on http://{LAN}:{port}/, http://127.0.0.1:{port}/" in out
    assert EVERYWHERE not in out


@pytest.mark.parametrize(
    ("log_level", "verbosity"),
    [("DEBUG", "1"), ("INFO", "1"), ("WARNING", "0"), ("ERROR", "0")],
)
def test_the_worker_and_the_access_log_follow_log_level(started, settings, log_level, verbosity):
    commands, _prepared = started
    settings.LOG_LEVEL = log_level
    run_serve("--port", str(free_port()))
    web, worker = commands
    assert worker[worker.index("--loglevel") + 1] == log_level
    # daphne's access log (a line a request) only at INFO and DEBUG
    assert web[web.index("--verbosity") + 1] == verbosity


def test_a_port_in_use_is_refused_before_anything_is_prepared_or_started(started):
    commands, prepared = started
    with socket.socket() as other:  # another make run's server
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        _out, err = run_serve("--port", str(port), "--prepare")
    assert commands == [] and prepared == []
    assert f"port {port} is in use (another make run?): stop it or use PORT=" in err


def test_a_port_a_server_just_let_go_of_is_free(started):
    """A server stopped a moment ago leaves connections in TIME_WAIT: no reason to refuse."""
    commands, _prepared = started
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as daphne's Twisted does
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port)):
            server.accept()[0].close()  # the server's side closes first: its TIME_WAIT
    run_serve("--port", str(port))
    assert len(commands) == 2


def test_a_second_serve_on_the_same_var_folder_is_refused_with_the_way_to_a_second_web_process(
    started, tmp_path
):
    commands, prepared = started
    with (tmp_path / "serve.lock").open("a+") as first:  # the first make run holds it
        fcntl.flock(first, fcntl.LOCK_EX | fcntl.LOCK_NB)
        first.write("4242\n")
        first.flush()
        _out, err = run_serve("--port", str(free_port()), "--prepare")
    assert commands == [] and prepared == []
    assert f"another make run (process 4242) serves from {tmp_path}" in err
    assert ".venv/bin/daphne -p 8001 config.asgi:application (docs/deploy.md)" in err


def test_serve_lets_go_of_its_var_folder_when_it_ends(started, tmp_path):
    commands, _prepared = started
    run_serve("--port", str(free_port()))
    assert len(commands) == 2
    with (tmp_path / "serve.lock").open("a+") as next_run:
        fcntl.flock(next_run, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises if still held


def test_make_runs_prepare_migrates_and_loads_the_cards_after_the_checks(started):
    commands, prepared = started
    run_serve("--port", str(free_port()), "--prepare")
    assert prepared == ["migrate", "load_cards"]
    assert len(commands) == 2
