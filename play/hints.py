"""Hints at the Arcane Guardian table: the greedy bot's choice, and the solver's verdict.

Only the seated player may ask, only on their move. The bot decides from the
player's own view, so its suggestion tells nothing the table does not show.
The solver sees the whole deal (face-down cards too), so only its verdict is
given — winnable, lost or unknown — never its line, which would reveal the
order of cards still face down.
"""

from __future__ import annotations

import random

from django.http import Http404
from django.utils.translation import gettext as _

from play import services
from play.models import MatchStatus

GAME = "arcane-guardian"
SOLVER_BUDGET = 20_000  # actions applied: mean 0.08 s, p95 0.6 s a deal (bench/arcane.py)


def match_hint(*, match_id, user, solve: bool = False) -> dict:
    from play.bots import decide
    from play.bots.arcane_greedy import ArcaneGreedyBot
    from play.bots.arcane_solver import solve_state

    match, seat = services.match_for(match_id=match_id, user=user)
    if seat is None or match.game.slug != GAME:
        raise Http404
    if match.status != MatchStatus.RUNNING:
        raise services.MatchRefused("not_running", _("This match is not running."))
    state = services.match_state(match)
    if state.active_player != seat.position:
        raise services.MatchRefused("not_your_move", _("A hint is for your own move."))
    rng = random.Random(f"hint:{match.seed}:{match.version}")
    hint = {
        "version": match.version,
        "action": decide(state, seat.position, ArcaneGreedyBot(0), rng),
    }
    if solve:
        solution = solve_state(state, budget=SOLVER_BUDGET)
        hint["solver"] = {"verdict": solution.verdict}
    return hint
