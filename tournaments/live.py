"""The live part of an event's page: the clock, my pairing, the round's pairings, the standings.

Every open event page asks for it every 5 s. Its tables (every pairing of the round, every
player's standing) are the same for every viewer: their rows are rendered once per state
of the event and language, and kept; a viewer's own rows are marked afterwards. Its ETag
lets a browser whose copy is current get a 304 (tournaments.views.live).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from core.kept import kept_or_build
from play.models import MatchStatus
from tournaments import selectors
from tournaments.models import (
    Outcome,
    Pairing,
    Player,
    Round,
    Stage,
    Tournament,
    TournamentStatus,
)
from tournaments.templatetags.tournament_tags import percent_writer

KEPT_SECONDS = 60 * 60
PAIRING_ROWS = "tournaments/_live_pairing_rows.html"
STANDING_ROWS = "tournaments/_live_standing_rows.html"
_SOME_ID = 1234567890123  # stands in for a player's id in a path, see _path_with
_SOME_UUID = uuid.UUID(int=0x5EED)  # and for a match's


def fingerprint(*parts) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


@lru_cache(maxsize=1)
def rows_drawn_by() -> str:
    """The row templates' own text, fingerprinted once a process: part of the kept rows'
    keys, so rows kept before a deploy that changed how rows are drawn are drawn anew
    after it (for their hour, phones were shown the old rows, unlabelled)."""
    texts = [
        Path(get_template(name).origin.name).read_text(encoding="utf-8")
        for name in (PAIRING_ROWS, STANDING_ROWS)
    ]
    return fingerprint(*texts)


def _path_with(name: str, *args, stand_in) -> Callable[[object], str]:
    """reverse(name, args=[*args, value]) for many values at the cost of one reverse()."""
    head, tail = reverse(name, args=[*args, stand_in]).rsplit(str(stand_in), 1)
    return lambda value: f"{head}{value}{tail}"


@dataclass(frozen=True)
class LiveState:
    """What the live part shows besides the viewer's own things, read once a request: the
    event, its latest round (None before the start), that round's games by status and the
    seconds left on its clock."""

    tournament: Tournament
    round: Round | None
    games: dict
    seconds_left: int

    @classmethod
    def of(cls, tournament: Tournament) -> LiveState:
        started = tournament.status != TournamentStatus.REGISTRATION
        current = selectors.current_round(tournament) if started else None
        if current is None:
            return cls(tournament, None, {}, 0)
        games = selectors.games_by_status(tournament, current)
        return cls(tournament, current, games, selectors.seconds_left(current))

    @property
    def standings_key(self) -> str:
        """The kept standings rows' key: every write that moves them raises the event's
        version (tournaments.services), and the percentages are written in the language."""
        t = self.tournament
        parts = (t.pk, t.version, t.status, get_language(), rows_drawn_by())
        return f"tournament-live-standings:{fingerprint(*parts)}"

    @property
    def pairings_key(self) -> str:
        """The kept pairing rows' key: the round's games' statuses too (a match that begins
        turns "waiting" into "playing" without a new version)."""
        t = self.tournament
        round_id = self.round.pk if self.round is not None else None
        games = sorted(self.games.items())
        parts = (t.pk, t.version, t.status, round_id, games, get_language(), rows_drawn_by())
        return f"tournament-live-pairings:{fingerprint(*parts)}"


def _pairing_row(pairing: Pairing, rnd: Round, player_url, match_url) -> dict:
    def seat(player: Player | None) -> dict | None:
        if player is None:
            return None
        return {"name": player.user.username, "url": player_url(player.pk)}

    games = list(pairing.games.all())
    # a top-cut table: who goes on (a drawn match sends the higher seed), said on its row
    going = selectors.through(pairing, rnd.number) if rnd.stage == Stage.ELIMINATION else None
    return {
        "pk": pairing.pk,
        "table": pairing.table,
        "a": seat(pairing.player_a),
        "b": seat(pairing.player_b),
        "decided": pairing.decided,
        "wins_a": pairing.wins_a,
        "wins_b": pairing.wins_b,
        "draws": pairing.draws,
        "double_loss": pairing.outcome == Outcome.DOUBLE_LOSS,
        # said only when the result alone does not say it: a draw, a drop
        "through": going.reason if going is not None and going.reason != "won" else "",
        "through_name": going.player.user.username if going and going.player else "",
        # undecided: "waiting" until its latest game's match begins, then "playing"
        "waiting": not games or games[-1].match.status == MatchStatus.WAITING,
        "games": [
            {
                "pk": g.pk,
                "number": g.number,
                "url": match_url(g.match_id),
                "public": g.match.public,
            }
            for g in games
        ],
    }


def _standing_row(row: selectors.Standing, player_url, percent) -> dict:
    return {
        "player": row.player,
        "url": player_url(row.player),
        "username": row.username,
        "dropped": row.dropped,
        "place": row.place,
        "points": row.points,
        "wins": row.wins,
        "losses": row.losses,
        "draws": row.draws,
        "omw": percent(row.omw),
        "gwp": percent(row.gwp),
        "ogw": percent(row.ogw),
    }


def _urls(tournament: Tournament) -> tuple[Callable, Callable]:
    """The paths of a player of the event and of a match."""
    return (
        _path_with("tournaments:player", tournament.pk, stand_in=_SOME_ID),
        _path_with("play:match", stand_in=_SOME_UUID),
    )


def _pairing_rows_for_everyone(state: LiveState) -> str:
    """The round's pairing rows (HTML) as a viewer who plays at none of them sees them."""
    if state.round is None:
        return ""
    player_url, match_url = _urls(state.tournament)
    rows = [
        _pairing_row(p, state.round, player_url, match_url)
        for p in selectors.round_pairings(state.round)
    ]
    return render_to_string(PAIRING_ROWS, {"pairings": rows}) if rows else ""


def _standing_rows_for_everyone(tournament: Tournament) -> dict:
    """The standings rows (HTML) as a viewer with no row sees them, each row's values by
    user (to mark one's own), and, while registration is open, the players' names. Plain
    values only: what is kept holds no registration nor user (password hash, email)."""
    if tournament.status == TournamentStatus.REGISTRATION:
        names = [p.user.username for p in tournament.players.select_related("user")]
        return {"html": "", "of_user": {}, "entrants": names}
    finished = tournament.status == TournamentStatus.FINISHED
    player_url, _match_url = _urls(tournament)
    percent = percent_writer()
    rows = {
        row.player_row.user_id: _standing_row(row, player_url, percent)
        for row in selectors.kept_standings(tournament, final=finished)
    }
    html = render_to_string(STANDING_ROWS, {"standings": list(rows.values())}) if rows else ""
    return {"html": html, "of_user": rows, "entrants": []}


def _with_mine(rows: str, template: str, name: str, row: dict | None) -> str:
    """The shared rows with the viewer's own `row` as they see it: marked (and, a pairing,
    with its private games' links). Rows carry ids, so the row's shared form is found once."""
    if rows and row is not None:
        theirs = render_to_string(template, {name: [row]}).strip()
        mine = render_to_string(template, {name: [row], "mine": True}).strip()
        rows = rows.replace(theirs, mine, 1)
    # HTML our row templates rendered (and escaped); kept as text, so marked safe again
    return mark_safe(rows)  # noqa: S308


def minutes_left(seconds: int) -> int:
    """The round's time left as the part writes it: whole minutes, rounded up, so it reads
    "1 minute" to the last second and the part says the time is up only when it is. The
    seconds are counted by the page's script (static/js/tournament_live.js) from the
    deadline the part carries: rendered, they changed the part, and its ETag, every
    second, and every poll of every open page was a full answer."""
    return -(-seconds // 60)


def _counting(state: LiveState) -> bool:
    """Whether the round's clock runs: the part shows the time left (else no clock, or
    "every result is in", or "time is up")."""
    current = state.round
    return (
        current is not None
        and state.tournament.status == TournamentStatus.RUNNING
        and current.finished_at is None
        and state.seconds_left > 0
    )


def live_context(request: HttpRequest, state: LiveState) -> dict:
    """What the live fragment shows: the clock, my pairing, the round's pairings, the standings."""
    tournament, current = state.tournament, state.round
    user = request.user if request.user.is_authenticated else None
    finished = tournament.status == TournamentStatus.FINISHED
    # every open page polls this part: after a result one of them renders the new rows,
    # the others asking meanwhile wait for them (kept_or_build); each answer's rows are of
    # the key its ETag names (live_etag), so no poll is told old rows are the new ones
    pairings = kept_or_build(
        state.pairings_key, lambda: _pairing_rows_for_everyone(state), timeout=KEPT_SECONDS
    )
    standings = kept_or_build(
        state.standings_key, lambda: _standing_rows_for_everyone(tournament), timeout=KEPT_SECONDS
    )
    mine = selectors.my_pairing(tournament, user, current) if user and current else None
    my_row = (
        _pairing_row(mine, current, *_urls(tournament)) if mine is not None and pairings else None
    )
    return {
        "tournament": tournament,
        "finished": finished,
        "polling": not finished,
        "round": current,
        # a top-cut round's place in the bracket ("semifinals"), named with the round
        "cut_stage": selectors.cut_stage(tournament, current) if current is not None else "",
        "seconds_left": state.seconds_left,
        "minutes_left": minutes_left(state.seconds_left),
        # the page (not the polled part) loads the script that counts the seconds
        "page_scripts": not request.htmx,
        "my_pairing": mine,
        # its result as the viewer reads it: won, lost or drawn, and in the top cut who goes on
        "my_result": selectors.side_result(mine, user, current) if mine is not None else None,
        "pairing_rows": _with_mine(pairings, PAIRING_ROWS, "pairings", my_row),
        "standing_rows": _with_mine(
            standings["html"],
            STANDING_ROWS,
            "standings",
            standings["of_user"].get(user.pk) if user else None,
        ),
        "entrants": standings["entrants"],
        "is_organiser": user is not None and user.pk == tournament.organiser_id,
    }


def live_etag(request: HttpRequest, state: LiveState) -> str:
    """The live part's ETag: the kept pairing rows' key (the event's version, status and
    language, the round and its games), who asks (their pairing, their rows, the organiser's
    view), whether the page's script comes with it (a request not from htmx), and while the
    clock runs its deadline and the minutes left: the part changes once a minute, not
    every second (`minutes_left`)."""
    clock = ""
    if _counting(state):
        clock = f"{state.round.ends_at.isoformat()} {minutes_left(state.seconds_left)}"
    user_id = request.user.pk if request.user.is_authenticated else None
    return quote_etag(fingerprint(state.pairings_key, user_id, bool(request.htmx), clock))


def answer_unless_current(request, tag: str, answer: Callable[[], HttpResponse]) -> HttpResponse:
    """304 and no body when the browser's copy (If-None-Match) is `tag` (Django's
    conditional GET, what @condition does), else `answer()`; either way kept by the
    browser and asked again every time (the live part, the rounds API)."""
    response = get_conditional_response(request, etag=tag) or answer()
    response.headers.setdefault("ETag", tag)
    patch_cache_control(response, private=True, no_cache=True)
    return response
