"""Table hints where a game has a solver (Arcane Guardian): the greedy bot's move, the verdict.

Only the seated player may ask, only on their move. The bot decides from the
player's own view, so its suggestion tells nothing the table does not show.
Nor may the verdict: the solver would read the real deal, face-down cards and
dice key included, and its answer on that deal told players what they had
not seen (ask at the first move, see "lost", start over). So it is never run
on the real deal: `judge_seen` searches SOLVER_DEALS deals drawn to fit what
the player has seen (every event shown since the deal says where the endings
turned up), from a generator seeded by the view alone, and the answer is how
many of them can be won — the same for two tables that look the same, and
for the same question asked twice. No line is given either.

The deals share the old single search's node budget (SOLVER_DEALS *
SOLVER_BUDGET = 20,000 actions applied): about 0.4 s of a core on average,
1.1 s at the 95th percentile and never more than about 1.5 s, against 0.13,
0.64 and 2.7 s for the one search on the real deal (117 positions of the
greedy bot's games, moves 0, 10 and 25 of seeds 0–39, on a busy machine).
So one person may run at most settings.LIMITS["SOLVER_PARALLEL_PER_USER"]
questions at once. The runs are counted in the database (`SolverRun`), which
every web process shares — the Django cache may be one per process.
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
from play.selectors import match_for, match_state, moves_from_deal
from play.services import MatchRefused

SOLVER_DEALS = 8  # deals that fit the player's view, searched for one question
SOLVER_BUDGET = 2_500  # actions applied in each deal's search (~10 % of deals stay undecided)
# A run row older than this belongs to a process that died mid-search (the
# SOLVER_DEALS searches of one question end in a few seconds at most); its slot is free again.
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
            state, events = replayed(match, seat.position)
            judged = game.solver_module().judge_seen(
                state, events=events, deals=SOLVER_DEALS, budget=SOLVER_BUDGET
            )
        # `verdict` sums the counts up: winnable (every deal tried), lost (none) or unknown
        hint["solver"] = {
            "verdict": judged.verdict,
            "deals": judged.deals,
            "winnable": judged.winnable,
            "lost": judged.lost,
            "unknown": judged.unknown,
        }
    return hint


def replayed(match, position: int):
    """(the state at match.version, every event `position` was shown since the deal).

    The state keeps only the last few events, which a view lists; the player
    saw them all as they came, so the log of actions is played again to have them.
    """
    events = []
    for step, (state, step_events) in enumerate(moves_from_deal(match, upto=match.version)):
        # the deal's own events (the tops turned up) are in its view
        events += state.view(position)["events"] if step == 0 else step_events
    return state, events


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
