"""SIGTERM stops a benchmark script as Ctrl-C does, so that its cleanup runs."""

from __future__ import annotations

import signal


def _exit_on_sigterm(_signum, _frame) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # one is enough: let the cleanup finish
    raise SystemExit(128 + signal.SIGTERM)


def stop_on_sigterm() -> None:
    """SIGTERM (`timeout`, `kill`) raises SystemExit, as Ctrl-C raises KeyboardInterrupt: the
    `finally` blocks and context managers of the script clean up (a scratch folder removed, a
    server stopped) rather than leaving things behind. For a script's main(), never at import."""
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
