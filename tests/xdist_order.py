"""How `pytest -n` shares the suite between its workers without breaking Django's test order.

pytest-django orders a run as Django does: tests inside a rolled-back
transaction first, then transactional ones (live servers, websockets, real
workers), which empty every table when they end, then tests without a
database. The catalog (and the games a migration writes) is loaded once per
test database, so a test that reads it must never run after an emptying one
in the same worker.

xdist's module scheduler (`--dist loadfile`) sends a whole module at the place
of its first test, so a module with both kinds would run its transactional
tests early. Here a unit of work is one module's unbroken run in that order:
pytest-django's sort is stable, so a module with tests of two kinds appears
as two runs, each sent where it stands. Every worker still receives its units
in the suite's order, and a module's module-wide fixtures (its browser, its
servers) are set up once per run. This scheduler replaces any `--dist`
given; if a worker dies, xdist sends its unfinished unit to another worker at
the end of the queue, where that order no longer holds.
"""

from __future__ import annotations

from xdist.scheduler import LoadScopeScheduling


def module_runs(nodeids: list[str]) -> dict[str, str]:
    """Each test id's unit of work: its module and which of the module's runs it is in."""
    runs: dict[str, int] = {}
    scopes: dict[str, str] = {}
    previous = None
    for nodeid in nodeids:
        module = nodeid.split("::", 1)[0]
        if module != previous:
            runs[module] = runs.get(module, -1) + 1
            previous = module
        scopes[nodeid] = f"{module}#{runs[module]}"
    return scopes


class ModuleRunScheduling(LoadScopeScheduling):
    """xdist's scope scheduling, with `module_runs` as the scope."""

    _scopes: dict[str, str] | None = None

    def schedule(self) -> None:
        # xdist would otherwise send the units largest first, out of order.
        self.config.option.loadscopereorder = False
        if self._scopes is None and self.registered_collections:
            # Every worker collected the same tests in the same order (the
            # base class checks); any one of them gives the order.
            self._scopes = module_runs(list(next(iter(self.registered_collections.values()))))
        super().schedule()

    def _split_scope(self, nodeid: str) -> str:
        return self._scopes[nodeid]
