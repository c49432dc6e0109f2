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
questions at once, and the whole site LIMITS["SOLVER_RUNS_PER_MINUTE_SITE"]
searches a minute (`site_solver_counted`). The runs are counted in the database (`SolverRun`), which
every web process shares — the Django cache may be one per process.

The verdict depends on nothing but the position (the match at its version, as
the player in their seat has seen it) and the search's size, so it is kept
(core.kept) under those: the same question asked again, from a reload or a
second tab, is answered without a search. And one after another, a person
may have at most SOLVER_RUNS_PER_MINUTE searches run a minute (counted with
django-ratelimit in the shared cache): the one-at-a-time limit alone let a
script keep a core busy for as long as it liked. A kept answer runs nothing
and is not counted; nor is the bot's hint, which costs a few milliseconds.
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
from core.kept import kept_cache
from core.rates import over_the_limit
from play.models import MatchStatus, SolverRun
from play.selectors import match_for, match_state, moves_from_deal
from play.services import MatchRefused

SOLVER_DEALS = 8  # deals that fit the player's view, searched for one question
SOLVER_BUDGET = 2_500  # actions applied in each deal's search (~10 % of deals stay undecided)
# A run row older than this belongs to a process that died mid-search (the
# SOLVER_DEALS searches of one question end in a few seconds at most); its slot is free again.
SOLVER_RUN_STALE = timedelta(seconds=60)
# Searches one person may have run a minute, one after another: about 0.4 s of a core
# each on average and 1.5 s at most, so at most a quarter of a core a minute per person,
# while a player asking at every move of a dungeon stays well within it.
SOLVER_RUNS_PER_MINUTE = 10
# How long a verdict is kept: a position a player has moved on from is not asked again,
# and one still thought over for an hour costs a search again at worst.
VERDICT_KEPT_SECONDS = 60 * 60


class SolverBusy(ApplicationError):
    status_code = 429
    retry_after = 2  # the question before is answered in a second or two


class SolverTooOften(ApplicationError):
    status_code = 429
    retry_after = 60  # the minute's searches


def match_hint(*, match_id, user, solve: bool = False) -> dict:
    from play.bots import decide, get_bot

    match, seat = match_for(match_id=match_id, user=user)
    game = GAMES.get(match.game.slug)
    if seat is None:  # a table one may watch: its hints are its player's
        raise NotFound("not_found", _("No such match."))
    # a hint needs the game's solver; the registry names it (Arcane Guardian's only)
    if game is None or game.solver is None:
        raise MatchRefused(
            "no_hints", _("%(game)s has no hints at the table.") % {"game": match.game.display_name}
        )
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
        hint["solver"] = solver_verdict(match, seat.position, game, user)
    return hint


def verdict_key(match, position: int) -> str:
    """Where the verdict for `position` at the match's current version is kept.

    The position is the match at its version (the log replays to it) as that seat saw it;
    the deals searched and each one's budget are part of the answer too, so a change of
    either is never answered from before it.
    """
    return f"hint-verdict:{match.pk}:{match.version}:{position}:{SOLVER_DEALS}:{SOLVER_BUDGET}"


def solver_verdict(match, position: int, game, user) -> dict:
    """The solver's counts for `position` (`user`'s seat) now: kept from an earlier ask, else
    searched.

    A search takes one of the person's solver slots (`solver_slot`, SolverBusy) and one of
    their searches this minute (`solver_counted`, SolverTooOften), in that order, so a
    question refused as busy does not use up the minute's allowance.
    """
    key = verdict_key(match, position)
    kept = kept_cache.get(key)
    if kept is not None:
        return kept
    with solver_slot(user):
        solver_counted(user)
        site_solver_counted()
        state, events = replayed(match, position)
        judged = game.solver_module().judge_seen(
            state, events=events, deals=SOLVER_DEALS, budget=SOLVER_BUDGET
        )
    # `verdict` sums the counts up: winnable (every deal tried), lost (none) or unknown
    verdict = {
        "verdict": judged.verdict,
        "deals": judged.deals,
        "winnable": judged.winnable,
        "lost": judged.lost,
        "unknown": judged.unknown,
    }
    kept_cache.set(key, verdict, VERDICT_KEPT_SECONDS)
    return verdict


def solver_counted(user) -> None:
    """Count one search of `user`'s this minute; SolverTooOften (429) past SOLVER_RUNS_PER_MINUTE
    (core.rates: a count every web process shares)."""
    limit = SOLVER_RUNS_PER_MINUTE
    if over_the_limit("play.solver", f"user:{user.pk}", limit):
        raise SolverTooOften(
            "solver_too_often",
            _(
                "You may ask the solver at most %(n)s times a minute: wait a moment, then ask "
                "again. The bot's hint answers meanwhile."
            )
            % {"n": limit},
        )


def site_solver_counted() -> None:
    """Count one search of the whole site's this minute; SolverTooOften (429) past
    LIMITS["SOLVER_RUNS_PER_MINUTE_SITE"].

    The per-person limits leave the site open to many people at once: ten accounts
    asking at every move kept the web process's one thread for sync views busy with
    searches, and every page and table of that process waited behind them. This caps
    the searches of all together, so the solver takes at most a known share of a core
    (LIMITS' comment) whoever asks.
    """
    limit = settings.LIMITS["SOLVER_RUNS_PER_MINUTE_SITE"]
    if over_the_limit("play.solver", "site", limit):
        raise SolverTooOften(
            "solver_site_busy",
            _(
                "Many players are asking the solver right now: ask again in a minute. The "
                "bot's hint answers meanwhile."
            ),
        )


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
