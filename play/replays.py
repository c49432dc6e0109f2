"""Replays: a finished match rebuilt from its action log, one step at a time.

Step k is the table after the first k logged actions, seen from one seat (or
as a spectator). Only finished or abandoned matches replay — during a game
the log would reveal what the seats may not see yet — and then any seat's
perspective may be chosen: hidden cards are no secret once the game is over.
Players may always replay their matches; a public match's replay may be
shared with anyone by its link.
"""

from __future__ import annotations

import hashlib
import itertools

from django.core.cache import cache
from django.utils.translation import gettext as _

from core.errors import NotFound
from play import frames, names
from play.models import Match, MatchStatus
from play.selectors import seats_of, states_from_deal

OVER = (MatchStatus.FINISHED, MatchStatus.ABANDONED)


def replayable(match_id, user) -> Match:
    """The match if `user` may replay it, else NotFound (also while it is still being played)."""
    match = Match.objects.select_related("game").filter(pk=match_id).first()
    seated = match is not None and user.is_authenticated and match.seats.filter(user=user).exists()
    if match is None or match.status not in OVER or not (seated or match.public):
        raise NotFound("not_found", _("No such match."))
    return match


def turn_starts(match: Match) -> list[dict]:
    """[{"turn", "step", "player"}] — where each turn begins, for "jump to a turn".

    A finished match never changes, so the list is computed once and cached.
    """
    key = f"replay-turns:{match.pk}:{match.version}"
    found = cache.get(key)
    if found is not None:
        return found
    starts: list[dict] = []
    previous = None
    for step, state in enumerate(states_from_deal(match)):
        view = state.view(None)
        # Games that number their turns say so in the view; otherwise a new
        # turn is a change of the player the game waits for.
        marker = view.get("turn", state.active_player)
        if marker != previous and not state.is_over:
            starts.append({"turn": len(starts) + 1, "step": step, "player": state.active_player})
            previous = marker
    cache.set(key, starts, timeout=24 * 3600)
    return starts


def replay_frame(match: Match, position: int | None, step: int) -> dict:
    """The table at `step` from seat `position` (None: as a spectator), like a live frame."""
    seats = seats_of(match)
    if position is not None and position not in [s.position for s in seats]:
        raise NotFound("not_found", _("No such match."))
    step = max(0, min(step, match.version))
    state = next(itertools.islice(states_from_deal(match), step, None))
    at_end = step == match.version
    return {
        **frames.frame(
            version=step,
            seat=position,
            status=match.status if at_end else MatchStatus.RUNNING,
            view=state.view(position),
            legal=[],
            result=match.result if at_end else None,
            players=names.players(seats),
        ),
        "replay": {"step": step, "steps": match.version},
    }


def seed_check(match: Match) -> dict:
    """The published hash, the revealed seed and whether they agree."""
    digest = hashlib.sha256(str(match.seed).encode()).hexdigest()
    return {"seed": str(match.seed), "sha256": match.seed_sha256, "ok": digest == match.seed_sha256}
