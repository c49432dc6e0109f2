"""Table hints where a game has a solver (Arcane Guardian): the greedy bot's move, the verdict.

Only the seated player may ask, only on their move. The bot decides from the
player's own view, so its suggestion tells nothing the table does not show.
The solver sees the whole deal (face-down cards too), so only its verdict is
given — winnable, lost or unknown — never its line, which would reveal the
order of cards still face down.

A solver search costs up to about a second of a core, so one person may run
at most settings.LIMITS["SOLVER_PARALLEL_PER_USER"] at once. The runs are
counted in the database (`SolverRun`), which every web process shares —
the Django cache may be one per process.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ApplicationError, NotFound
from core.games import GAMES
from play.models import MatchStatus, SolverRun
from play.selectors import match_for, match_state
from play.services import MatchRefused

SOLVER_BUDGET = 20_000  # actions applied: mean 0.08 s, p95 0.6 s a deal (bench/arcane.py)
# A run row older than this belongs to a process that died mid-search (a search
# within SOLVER_BUDGET ends in a few seconds at most); its slot is free again.
SOLVER_RUN_STALE = timedelta(seconds=60)


class SolverBusy(ApplicationError):
    status_code = 429


def match_hint(*, match_id, user, solve: bool = False) -> dict:
    from play.bots import decide, get_bot

    match, seat = match_for(match_id=match_id, user=user)
    game = GAMES.get(match.game.slug)
    # a hint needs the game's solver; the registry names it (Arcane Guardian's only)
    if seat is None or game is None or game.solver is None:
        raise NotFound("not_found", _("No such match."))
    if match.status != MatchStatus.RUNNING:
        raise MatchRefused("not_running", _("This match is not running."))
    state = match_state(match)
    if state.active_player != seat.position:
        raise MatchRefused("not_your_move", _("A hint is for your own move."))
    rng = random.Random(f"hint:{match.seed}:{match.version}")
    hint = {
        "version": match.version,
        "action": decide(state, seat.position, get_bot("greedy", 0, game=game.id), rng),
    }
    if solve:
        with solver_slot(user):
            solution = game.solver_module().solve_state(state, budget=SOLVER_BUDGET)
        hint["solver"] = {"verdict": solution.verdict}
    return hint


@contextmanager
def solver_slot(user):
    """Hold one of `user`'s solver slots while the block runs; SolverBusy (429) if none is free."""
    limit = settings.LIMITS["SOLVER_PARALLEL_PER_USER"]
    SolverRun.objects.filter(user=user, started_at__lt=timezone.now() - SOLVER_RUN_STALE).delete()
    run = None
    for slot in range(limit):
        try:
            # The unique (user, slot) decides between two processes taking the
            # same slot at once: one insert wins, the other tries the next slot.
            with transaction.atomic():
                run = SolverRun.objects.create(user=user, slot=slot)
            break
        except IntegrityError:
            continue
    if run is None:
        raise SolverBusy(
            "solver_busy",
            _("The solver is still working on your last question; ask again when it answers."),
        )
    try:
        yield
    finally:
        SolverRun.objects.filter(pk=run.pk).delete()
