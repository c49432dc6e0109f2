"""Reads of tournaments: the event, its players, rounds, standings and records. No writes.

Standings are computed, never stored: every decided Swiss pairing of the event
is read in one query and handed to the pure `tournaments.standings`, so a
correction of an old result moves the table at once. Queries stay bounded by
the event, not by its players (no query per player or per round).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, fields, replace

from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from catalog.models import Card
from core.errors import NotFound
from core.kept import kept_cache, kept_or_build
from decks import formats, validation
from decks.history import nearest_page
from decks.selectors import deck_entries, decks_of, with_entries
from play.models import Match
from play.selectors import LOBBY_DECKS, LobbyDeck
from tournaments import standings as table
from tournaments.models import (
    Outcome,
    Pairing,
    PairingGame,
    Player,
    ResultChange,
    Round,
    Stage,
    Tournament,
    TournamentStatus,
)

LIST_LIMIT = 200  # the most rows a list of events returns
CHANGES_PAGE = 50  # result changes on one page of the event's log
KEPT_STANDINGS_SECONDS = 60 * 60  # a version's standings, kept (kept_standings)
# a decided pairing's outcome from each side's point of view
SIDE_A = {Outcome.A: "win", Outcome.B: "loss", Outcome.DRAW: "draw"}
SIDE_B = {Outcome.A: "loss", Outcome.B: "win", Outcome.DRAW: "draw"}
# a pairing not played (yet), in a player's record (player_record)
_UNPLAYED = {Outcome.PENDING: "pending", Outcome.BYE: "bye"}


@dataclass(frozen=True)
class Standing(table.StandingRow):
    """A standings row with its registration (`player_row`, its `user` loaded) and name.

    `place` is the final place after a top cut (final_places), else the Swiss rank.
    """

    player_row: Player
    username: str
    place: int = 0


def _uuid(tournament_id) -> uuid.UUID:
    try:
        return (
            tournament_id if isinstance(tournament_id, uuid.UUID) else uuid.UUID(str(tournament_id))
        )
    except (ValueError, TypeError, AttributeError):
        raise NotFound("not_found", _("No such tournament.")) from None


def tournament_for(tournament_id) -> Tournament:
    """The event by its id: anyone with the id (the link) may see it, listed or not."""
    found = (
        Tournament.objects.select_related("game", "organiser")
        .filter(pk=_uuid(tournament_id))
        .first()
    )
    if found is None:
        raise NotFound("not_found", _("No such tournament."))
    return found


def listed_tournaments(status: str, limit: int = 50) -> list[Tournament]:
    """Listed events in one state, newest first, each with `player_count`."""
    limit = max(1, min(int(limit), LIST_LIMIT))
    return list(
        Tournament.objects.filter(listed=True, status=status)
        .select_related("game", "organiser")
        .annotate(player_count=Count("players"))
        .order_by("-created_at")[:limit]
    )


def my_tournaments(user) -> dict:
    """{"playing": [Player with its tournament], "organising": [Tournament]}, newest first."""
    if user is None or not user.is_authenticated:
        return {"playing": [], "organising": []}
    playing = (
        Player.objects.filter(user=user)
        .select_related("tournament__game", "tournament__organiser", "deck_version")
        .order_by("-tournament__created_at")[:LIST_LIMIT]
    )
    organising = (
        Tournament.objects.filter(organiser=user)
        .select_related("game")
        .annotate(player_count=Count("players"))
        .order_by("-created_at")[:LIST_LIMIT]
    )
    return {"playing": list(playing), "organising": list(organising)}


def entry_of(tournament: Tournament, user) -> Player | None:
    if user is None or not user.is_authenticated:
        return None
    return (
        Player.objects.filter(tournament=tournament, user=user)
        .select_related("deck_version__deck", "user")
        .first()
    )


# --- standings ----------------------------------------------------------------------------
def games_to_win(tournament: Tournament) -> int:
    """Games a player needs to win the match: 1 in best of 1, 2 in best of 3 (a bye counts so)."""
    return tournament.best_of // 2 + 1


def _all_pairings(tournament: Tournament) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__tournament=tournament)
        .select_related("round")
        .order_by("round__number", "table")
    )


def swiss_records(
    tournament: Tournament, pairings: list[Pairing] | None = None
) -> dict[int, list[table.MatchRecord]]:
    """Each player's records of the decided Swiss pairings (the top cut does not count)."""
    if pairings is None:
        pairings = _all_pairings(tournament)
    records: dict[int, list[table.MatchRecord]] = {}
    for p in pairings:
        if p.round.stage != Stage.SWISS or not p.decided:
            continue
        a, b = p.player_a_id, p.player_b_id
        if p.outcome == Outcome.BYE or b is None:
            records.setdefault(a, []).append(table.MatchRecord(None, "win", p.wins_a, 0, 0))
            continue
        # a double loss is a loss for both
        result_a, result_b = SIDE_A.get(p.outcome, "loss"), SIDE_B.get(p.outcome, "loss")
        records.setdefault(a, []).append(
            table.MatchRecord(b, result_a, p.wins_a, p.wins_b, p.draws)
        )
        records.setdefault(b, []).append(
            table.MatchRecord(a, result_b, p.wins_b, p.wins_a, p.draws)
        )
    return records


def swiss_rows(
    tournament: Tournament, players: list[Player], pairings: list[Pairing] | None = None
) -> list[table.StandingRow]:
    """The pure standings of the Swiss rounds for these registrations."""
    records = swiss_records(tournament, pairings)
    for player in players:
        records.setdefault(player.pk, [])
    return table.swiss_standings(
        records,
        {p.pk: p.draw for p in players},
        {p.pk for p in players if p.dropped},
    )


def _kept_key(tournament: Tournament, final: bool) -> str:
    return f"tournament-standings:{tournament.pk}:{tournament.version}:{tournament.status}:{final}"


def _without_registrations(rows: list[Standing]) -> list[Standing]:
    # kept without the registrations: their users (password hash, email) stay out of the cache
    return [replace(row, player_row=None) for row in rows]


def _keep(key: str, rows: list[Standing]) -> None:
    kept_cache.set(key, _without_registrations(rows), KEPT_STANDINGS_SECONDS)


def kept_standings(tournament: Tournament, *, final: bool = False) -> list[Standing]:
    """`standings` (or, `final`, `final_places`) as of the event's version, kept in the cache:
    every write that could move them bumps the version, and a big event's table costs a
    third of a second, which every open event page asked for every 5 s. After a bump one
    request works the table out while the others asking meanwhile wait for it (kept_or_build)."""
    built: list[list[Standing]] = []

    def build() -> list[Standing]:
        rows = final_places(tournament) if final else standings(tournament)
        built.append(rows)
        return _without_registrations(rows)

    kept = kept_or_build(_kept_key(tournament, final), build, timeout=KEPT_STANDINGS_SECONDS)
    if built:  # this request worked them out: its rows have their registrations already
        return built[0]
    players = {p.pk: p for p in _players(tournament)}
    return [replace(row, player_row=players[row.player]) for row in kept]


MINE_PAGE = 20  # events a page of "My tournaments" lists, in each of its two lists


def my_entries_page(user, page: object = 1) -> Page:
    """One page (MINE_PAGE) of the user's registrations, newest event first, each with its
    event; `page` as the visitor asked for it (not a number: the first, past the end: the last)."""
    entries = (
        Player.objects.filter(user=user)
        .select_related("tournament__game", "tournament__organiser", "deck_version")
        .order_by("-tournament__created_at", "-pk")
    )
    paginator = Paginator(entries, MINE_PAGE)
    return paginator.page(nearest_page(page, paginator.num_pages))


def my_events_page(user, page: object = 1) -> Page:
    """One page (MINE_PAGE) of the events the user organises, newest first, with `player_count`."""
    events = (
        Tournament.objects.filter(organiser=user)
        .select_related("game")
        .annotate(player_count=Count("players"))
        .order_by("-created_at", "-pk")
    )
    paginator = Paginator(events, MINE_PAGE)
    return paginator.page(nearest_page(page, paginator.num_pages))


def standings_of_entries(entries: list[Player]) -> list[dict]:
    """Each registration with its event and its row of the standings (None before the start).

    The rows are the event page's own (kept_standings' cache: the final places once the
    event is over), so a page of entries costs no standings work while the events do not
    change; the events whose rows are not kept are worked out from their players and
    pairings, read in two queries however many they are, and kept for the event page."""
    waiting = TournamentStatus.REGISTRATION
    started = {e.tournament_id: e.tournament for e in entries if e.tournament.status != waiting}
    keys = {pk: _kept_key(t, t.status == TournamentStatus.FINISHED) for pk, t in started.items()}
    kept = kept_cache.get_many(list(keys.values())) if keys else {}
    rows_of = {pk: kept[key] for pk, key in keys.items() if key in kept}
    missing = [pk for pk in started if pk not in rows_of]
    if missing:
        players: dict = {pk: [] for pk in missing}
        for player in Player.objects.filter(tournament_id__in=missing).select_related("user"):
            players[player.tournament_id].append(player)
        pairings: dict = {pk: [] for pk in missing}
        for pairing in (
            Pairing.objects.filter(round__tournament_id__in=missing)
            .select_related("round")
            .order_by("round__number", "table")
        ):
            pairings[pairing.round.tournament_id].append(pairing)
        for pk in missing:
            rows = final_places(started[pk], players[pk], pairings[pk])
            _keep(keys[pk], rows)
            rows_of[pk] = rows
    found = []
    for entry in entries:
        rows = rows_of.get(entry.tournament_id, [])
        standing = next((row for row in rows if row.player == entry.pk), None)
        found.append({"entry": entry, "tournament": entry.tournament, "standing": standing})
    return found


def _players(tournament: Tournament) -> list[Player]:
    return list(Player.objects.filter(tournament=tournament).select_related("user"))


def _standing(row: table.StandingRow, player: Player, place: int) -> Standing:
    values = {f.name: getattr(row, f.name) for f in fields(table.StandingRow)}
    return Standing(**values, player_row=player, username=player.user.username, place=place)


def standings(
    tournament: Tournament,
    players: list[Player] | None = None,
    pairings: list[Pairing] | None = None,
) -> list[Standing]:
    """The Swiss standings, best first (points, OMW, GW, OGW, then the seeded draw).

    `players` and `pairings` are the event's, when the caller has read them already."""
    players = _players(tournament) if players is None else players
    by_id = {p.pk: p for p in players}
    rows = swiss_rows(tournament, players, pairings)
    return [_standing(row, by_id[row.player], row.rank) for row in rows]


def elimination_results(
    pairings: list[Pairing], dropped_after: dict[int, int]
) -> list[list[tuple[int | None, int | None]]]:
    """Per decided elimination round, its (winner, loser) pairs in bracket (table) order.

    A bye's loser is None; a pairing nobody goes on from (both players dropped)
    gives two pairs, (None, each player): both lost that round.
    """
    by_round: dict[int, list[tuple[int | None, int | None]]] = {}
    for p in pairings:
        if p.round.stage != Stage.ELIMINATION or not p.decided:
            continue
        winner = advancer(p, dropped_after)
        losers = [pid for pid in (p.player_a_id, p.player_b_id) if pid not in (None, winner)]
        by_round.setdefault(p.round.number, []).extend(
            [(winner, loser) for loser in losers] or [(winner, None)]
        )
    return [by_round[n] for n in sorted(by_round)]


def advancer(
    pairing: Pairing, dropped_after: dict[int, int] | None = None, number: int | None = None
) -> int | None:
    """Who goes on from a decided elimination pairing; None: nobody.

    The winner; a draw, or a pairing neither player came to (a double loss),
    sends the higher seed on, who is always player_a (services pairs each
    elimination pair by Swiss rank). A bye sends its player on. A winner who
    dropped out during this round (`dropped_after`: player id → the round
    they dropped after) gives the place to the other player; when the other
    dropped too (or there is none, a bye), nobody goes on from this pairing:
    a dropped player is never paired again. `number`: the round's, when the caller
    has it (else read from `pairing.round`).
    """
    a, b = pairing.player_a_id, pairing.player_b_id
    winner, other = (b, a) if pairing.outcome == Outcome.B else (a, b)
    number = pairing.round.number if number is None else number

    def gone(pid) -> bool:
        after = (dropped_after or {}).get(pid)
        return after is not None and after <= number

    if not gone(winner):
        return winner
    return other if other is not None and not gone(other) else None


def elimination_advancers(
    tournament: Tournament, current: Round, dropped_after: dict[int, int]
) -> list[int | None]:
    """Who goes on from each bracket position of the elimination round `current`, in order.

    A round has a position for each pairing the full bracket would have (the
    cut halved once a round; the table is the position). None: nobody goes on
    from there (both players dropped, or the position was empty already). The
    next round pairs the positions two by two: a player whose opposite
    position is empty goes on unopposed (a bye in the bracket).
    """
    played = Round.objects.filter(
        tournament=tournament, stage=Stage.ELIMINATION, number__lte=current.number
    ).count()
    positions: list[int | None] = [None] * max(1, tournament.top_cut >> played)
    for p in current.pairings.select_related("round"):
        positions[p.table - 1] = advancer(p, dropped_after)
    return positions


# What the organiser's "next round" does (NextStep.action).
PAIR_SWISS = "pair"  # the next Swiss round
START_CUT = "cut"  # the top cut's first round
PAIR_CUT = "next_cut"  # the top cut's next round
FINISH = "finish"  # the end: the final places are in
# Why it finishes early (NextStep.reason).
TOO_FEW_LEFT = "too_few_left"  # fewer than 2 players have not dropped: no Swiss round to pair
TOO_FEW_FOR_CUT = "too_few_for_cut"  # fewer players have not dropped than the cut takes


@dataclass(frozen=True)
class NextStep:
    action: str
    reason: str = ""


def next_step(
    tournament: Tournament, current: Round | None = None, players: list[Player] | None = None
) -> NextStep:
    """What the organiser's "next round" does now that `current` (the latest round) is over.

    The one place the rule lives: services.tournament_next_round does what
    this says, and the page's button is labelled by it. After the last Swiss
    round: the top cut when enough players have not dropped, else the end;
    with fewer than two players left the Swiss rounds end early. In the top
    cut: the next round while two or more players go on, else the end.
    `players` are the event's registrations, when the caller has read them.
    """
    if current is None:
        current = current_round(tournament)
    if current is None:
        return NextStep(PAIR_SWISS)
    players = list(Player.objects.filter(tournament=tournament)) if players is None else players
    if current.stage == Stage.ELIMINATION:
        dropped_after = {p.pk: p.dropped_after_round for p in players if p.dropped}
        going_on = elimination_advancers(tournament, current, dropped_after)
        return NextStep(PAIR_CUT if sum(p is not None for p in going_on) >= 2 else FINISH)
    # a drop takes effect after the round it was made in, the latest at most: not dropped = paired
    left = sum(1 for p in players if not p.dropped)
    swiss_to_go = current.number < (tournament.swiss_rounds or 0)
    if swiss_to_go and left >= 2:
        return NextStep(PAIR_SWISS)
    if tournament.top_cut:
        if left >= tournament.top_cut:
            return NextStep(START_CUT)
        return NextStep(FINISH, TOO_FEW_FOR_CUT)
    return NextStep(FINISH, TOO_FEW_LEFT if swiss_to_go else "")


def final_places(
    tournament: Tournament,
    players: list[Player] | None = None,
    pairings: list[Pairing] | None = None,
) -> list[Standing]:
    """The final order once the event is over: the top cut's places first; else standings()."""
    if tournament.status != TournamentStatus.FINISHED:
        return standings(tournament, players, pairings)
    players = _players(tournament) if players is None else players
    by_id = {p.pk: p for p in players}
    pairings = _all_pairings(tournament) if pairings is None else pairings
    rows = swiss_rows(tournament, players, pairings)
    row_of = {row.player: row for row in rows}
    dropped_after = {p.pk: p.dropped_after_round for p in players if p.dropped}
    order = table.final_order(rows, elimination_results(pairings, dropped_after))
    return [_standing(row_of[pid], by_id[pid], place) for place, pid in enumerate(order, 1)]


# --- rounds and pairings ------------------------------------------------------------------
def _pairings_query():
    return Pairing.objects.select_related("player_a__user", "player_b__user").prefetch_related(
        Prefetch(
            "games",
            # the match's snapshot (the whole game state) is not needed to list a round
            queryset=PairingGame.objects.select_related("match")
            .defer("match__snapshot")
            .order_by("number"),
        )
    )


def rounds(tournament: Tournament) -> list[Round]:
    """Every round, its pairings prefetched (players with users, games with their matches)."""
    return list(
        Round.objects.filter(tournament=tournament)
        .order_by("number")
        .prefetch_related(Prefetch("pairings", queryset=_pairings_query().order_by("table")))
    )


def current_round(tournament: Tournament) -> Round | None:
    """The latest round (None before the start)."""
    return Round.objects.filter(tournament=tournament).order_by("-number").first()


def round_pairings(round: Round) -> list[Pairing]:
    """The round's pairings by table, prefetched as rounds() has them (the live part)."""
    return list(_pairings_query().filter(round=round).order_by("table"))


def games_by_status(tournament: Tournament, round: Round | None = None) -> dict[str, int]:
    """How many of the event's games (or only `round`'s) are in each match status.

    Together with the event's version this says whether anything the pages show of the
    games moved: a new game raises the version, and a match's status is the one thing of
    a game that changes without it. A status only ever moves on (waiting → running →
    finished, or → abandoned), so any number of moves between two reads changes the counts.
    """
    games = PairingGame.objects.filter(pairing__round__tournament=tournament)
    if round is not None:
        games = games.filter(pairing__round=round)
    return dict(games.order_by().values_list("match__status").annotate(n=Count("pk")))


def current_match(pairing: Pairing) -> Match | None:
    """The pairing's latest game's match (None for a bye)."""
    games = list(pairing.games.all())
    return games[-1].match if games else None


def my_pairing(tournament: Tournament, user, current: Round | None = None) -> Pairing | None:
    """The user's pairing in the current round (`current`, when the caller has read it),
    with `.current_match` (Match or None)."""
    if user is None or not user.is_authenticated:
        return None
    now = current_round(tournament) if current is None else current
    if now is None:
        return None
    pairing = (
        _pairings_query()
        .filter(round=now)
        .filter(Q(player_a__user=user) | Q(player_b__user=user))
        .first()
    )
    if pairing is not None:
        pairing.current_match = current_match(pairing)
    return pairing


def open_pairings(round: Round) -> int:
    """How many of the round's tables have no result yet (the next round waits for them)."""
    return Pairing.objects.filter(round=round, outcome=Outcome.PENDING).count()


# --- every round: the event's page and a round's own page -----------------------------------
ROUND_PREVIEW = 32  # tables of an earlier round the event's page shows (all: the round's page)
ROUND_PAGE = 100  # tables on one page of a round's own page
# the tables a top-cut round's full bracket has → its name
CUT_STAGES = {4: "quarterfinals", 2: "semifinals", 1: "final"}


def cut_stage(tournament: Tournament, rnd: Round) -> str:
    """A top-cut round's place in the bracket: "quarterfinals", "semifinals" or "final"
    ("" for a Swiss round). The cut begins after the last Swiss round (next_step pairs it
    from there only), and its full bracket halves every round."""
    if rnd.stage != Stage.ELIMINATION:
        return ""
    into = rnd.number - (tournament.swiss_rounds or 0) - 1
    return CUT_STAGES.get(max(1, tournament.top_cut >> (into + 1)), "")


@dataclass(frozen=True)
class Through:
    """Who goes on from a decided top-cut table, and why (the rule: `advancer`)."""

    player: Player | None  # None: nobody
    # "won"; "drawn" or "neither_came": the higher seed (player_a) goes on; "other_dropped":
    # the one who would have gone on dropped; "both_dropped": nobody goes on
    reason: str

    @property
    def higher_seed(self) -> bool:
        return self.reason in ("drawn", "neither_came")


def through(pairing: Pairing, number: int) -> Through | None:
    """Who goes on from `pairing`, a table of top-cut round `number` (selectors.advancer,
    from the pairing's own players); None while undecided, and for a bye."""
    if not pairing.decided or pairing.player_b_id is None:
        return None
    seated = {p.pk: p for p in (pairing.player_a, pairing.player_b)}
    dropped_after = {pk: p.dropped_after_round for pk, p in seated.items() if p.dropped}
    goes = advancer(pairing, dropped_after, number)
    first = pairing.player_b_id if pairing.outcome == Outcome.B else pairing.player_a_id
    if goes is None:
        reason = "both_dropped"
    elif goes != first:
        reason = "other_dropped"
    elif pairing.outcome == Outcome.DRAW:
        reason = "drawn"
    elif pairing.outcome == Outcome.DOUBLE_LOSS:
        reason = "neither_came"
    else:
        reason = "won"
    return Through(seated.get(goes), reason)


@dataclass(frozen=True)
class TableLine:
    """A table of a round as the pages list it: the pairing (players with their users), who
    goes on from it (a top-cut table), and whether the viewer plays at it."""

    pairing: Pairing
    through: Through | None
    mine: bool


def _lines(rnd: Round, pairings, user) -> list[TableLine]:
    user_id = user.pk if user is not None and user.is_authenticated else None
    elimination = rnd.stage == Stage.ELIMINATION
    return [
        TableLine(
            p,
            through(p, rnd.number) if elimination else None,
            user_id is not None
            and user_id in (p.player_a.user_id, p.player_b.user_id if p.player_b else None),
        )
        for p in pairings
    ]


@dataclass(frozen=True)
class RoundShown:
    """An earlier round on the event's page: its number of tables, its name in the top cut
    and its first ROUND_PREVIEW tables (`complete`: that is all of them)."""

    round: Round
    tables: int
    cut_stage: str
    lines: list[TableLine]

    @property
    def complete(self) -> bool:
        return self.tables <= len(self.lines)


def _lined_pairings():
    return Pairing.objects.select_related("player_a__user", "player_b__user").order_by("table")


def earlier_rounds(tournament: Tournament, latest: Round | None, user=None) -> list[RoundShown]:
    """Every round before `latest` (the live part shows that one), newest first, each with
    its first ROUND_PREVIEW tables: two queries, however many rounds and tables (a 512-player
    event: 9 Swiss rounds of 256 tables, each of them on its own page, `round_page`)."""
    if latest is None:
        return []
    rounds = list(
        Round.objects.filter(tournament=tournament, number__lt=latest.number)
        .annotate(tables=Count("pairings"))
        .order_by("-number")
    )
    if not rounds:
        return []
    shown: dict[int, list[Pairing]] = {r.pk: [] for r in rounds}
    for p in _lined_pairings().filter(round__in=list(shown), table__lte=ROUND_PREVIEW):
        shown[p.round_id].append(p)
    return [
        RoundShown(r, r.tables, cut_stage(tournament, r), _lines(r, shown[r.pk], user))
        for r in rounds
    ]


def round_numbered(tournament: Tournament, number: int) -> Round:
    """The event's round `number`; NotFound when it has none such (yet)."""
    found = Round.objects.filter(tournament=tournament, number=number).first()
    if found is None:
        raise NotFound("no_round", _("This tournament has no such round."))
    return found


def round_page(rnd: Round, page: object = 1, user=None) -> tuple[Page, list[TableLine]]:
    """One page (ROUND_PAGE tables, by table) of a round, and its tables as lines; `page`
    as the visitor asked for it (not a number: the first, past the end: the last)."""
    paginator = Paginator(_lined_pairings().filter(round=rnd), ROUND_PAGE)
    found = paginator.page(nearest_page(page, paginator.num_pages))
    return found, _lines(rnd, list(found.object_list), user)


@dataclass(frozen=True)
class SideResult:
    """A decided table's result from one of its players' side."""

    outcome: str  # "won", "lost", "draw" or "both_lost" (neither came)
    won: int  # games
    lost: int
    draws: int
    # a top-cut table whose result alone does not say who goes on: "you" or "opponent" go on,
    # or "nobody"; `why` is Through.reason ("" otherwise)
    through: str = ""
    why: str = ""


def side_result(pairing: Pairing, user, rnd: Round) -> SideResult | None:
    """`pairing`'s result as `user`, one of its two players, reads it; None while undecided
    and for a bye (and for anyone who does not play at it)."""
    if not pairing.decided or pairing.player_b is None:
        return None
    if user.pk not in (pairing.player_a.user_id, pairing.player_b.user_id):
        return None
    mine_a = pairing.player_a.user_id == user.pk
    won, lost = (pairing.wins_a, pairing.wins_b) if mine_a else (pairing.wins_b, pairing.wins_a)
    if pairing.outcome == Outcome.DOUBLE_LOSS:
        outcome = "both_lost"
    elif pairing.outcome == Outcome.DRAW:
        outcome = "draw"
    else:
        outcome = "won" if (pairing.outcome == Outcome.A) == mine_a else "lost"
    going = through(pairing, rnd.number) if rnd.stage == Stage.ELIMINATION else None
    if going is None or going.reason == "won":
        return SideResult(outcome, won, lost, pairing.draws)
    if going.player is None:
        side = "nobody"
    else:
        side = "you" if going.player.user_id == user.pk else "opponent"
    return SideResult(outcome, won, lost, pairing.draws, side, going.reason)


def seconds_left(round: Round) -> int:
    """Seconds until the round's clock runs out, never below 0."""
    return max(0, int((round.ends_at - timezone.now()).total_seconds()))


def player_record(tournament: Tournament, player: Player) -> list[dict]:
    """Per round: number, stage, opponent's name, outcome from their side, games "W-L-D"."""
    pairings = (
        Pairing.objects.filter(round__tournament=tournament)
        .filter(Q(player_a=player) | Q(player_b=player))
        .select_related("round", "player_a__user", "player_b__user")
        .order_by("round__number")
    )
    out = []
    for p in pairings:
        mine_a = p.player_a_id == player.pk
        opponent = p.player_b if mine_a else p.player_a
        won, lost = (p.wins_a, p.wins_b) if mine_a else (p.wins_b, p.wins_a)
        # a played table as the standings count it (a double loss is a loss for both)
        outcome = _UNPLAYED.get(p.outcome) or (SIDE_A if mine_a else SIDE_B).get(p.outcome, "loss")
        out.append(
            {
                "round": p.round.number,
                "stage": p.round.stage,
                "opponent": opponent.user.username if opponent is not None else None,
                "outcome": outcome,
                "games": f"{won}-{lost}-{p.draws}",
            }
        )
    return out


# --- decklists ----------------------------------------------------------------------------
def can_see_decklist(tournament: Tournament, player: Player, user) -> bool:
    """Whether `user` may read `player`'s registered decklist.

    The player always; everyone once the event is over, if the organiser chose
    so. The organiser from the start on, but not while registration is open
    (they could read every list, then register themselves), and, when they play
    in the event themselves, not until it is over: until then they see what
    every other player sees, their own list only. Over, the organiser sees them all.
    """
    finished = tournament.status == TournamentStatus.FINISHED
    if finished and tournament.decklists_public:
        return True
    if user is None or not user.is_authenticated:
        return False
    if user.pk == player.user_id:
        return True
    if user.pk != tournament.organiser_id:
        return False
    if finished:
        return True
    if tournament.status == TournamentStatus.REGISTRATION:
        return False
    return not organiser_plays(tournament)


def organiser_plays(tournament: Tournament) -> bool:
    """The organiser registered in their own event (and so is one of its players)."""
    return tournament.players.filter(user_id=tournament.organiser_id).exists()


def decklist(tournament: Tournament, player: Player, user) -> list[dict]:
    """The registered (locked) version's cards: [{"code", "name", "name_en", "count", "board"}]."""
    if player.tournament_id != tournament.pk or not can_see_decklist(tournament, player, user):
        raise NotFound("not_found", _("This decklist is not shown."))
    rows = player.deck_version.entries
    codes = [r["code"] for r in rows]
    cards = {
        c["code"]: c for c in Card.objects.filter(code__in=codes).values("code", "name", "name_en")
    }
    gone = {"name_en": ""}  # a card gone from the catalog is named by its code
    return [
        {
            **cards.get(r["code"], {**gone, "code": r["code"], "name": r["code"]}),
            "count": r["count"],
            "board": r["board"],
        }
        for r in rows
    ]


def result_changes(tournament: Tournament, page: object = 1) -> Page:
    """One page of every change to a result (CHANGES_PAGE a page), newest first, with who
    made it (None: the site). `page` is what the visitor asked for: not a number is the
    first page, past the end the last one."""
    changes = (
        ResultChange.objects.filter(pairing__round__tournament=tournament)
        .select_related(
            "changed_by", "pairing__round", "pairing__player_a__user", "pairing__player_b__user"
        )
        .order_by("-created_at", "-pk")
    )
    paginator = Paginator(changes, CHANGES_PAGE)
    return paginator.page(nearest_page(page, paginator.num_pages))


def decks_to_enter(tournament: Tournament, user) -> list:
    """The user's decks of the event's game the entry form offers: the LOBBY_DECKS most
    recently edited, each judged against the event's format (as `tournament_register`
    judges it), the legal ones first, so the form starts on one the event takes and says
    of the others that it would refuse them."""
    slug = tournament.game.slug
    fmt = formats.get_format(slug, tournament.format)
    recent = decks_of(user=user).filter(game=tournament.game)[:LOBBY_DECKS]
    rows = [
        LobbyDeck(deck, deck.card_count, not validation.validate(deck_entries(deck), slug, fmt))
        for deck in with_entries(recent)
    ]
    return sorted(rows, key=lambda row: not row.legal)  # stable: recent first in each
