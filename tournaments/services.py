"""Tournaments: every write. Create, register, start, pair, record results, finish.

Rules kept here (the docs repeat them):
- Every write runs in a transaction holding the Tournament row's lock
  (`select_for_update`), so one event's writers take turns, and raises the
  event's `version` (an F expression) so the live page sends itself again.
  Instances are saved with `update_fields` that never name `version`.
- Lock order is match rows first, then the tournament row: a match's last
  move holds its match row when `match_ended` reaches `on_match_ended`, so
  writers that touch matches of a pairing (expiry, an organiser's result)
  lock those matches before the tournament, and nobody waits in a circle.
  The one exception is safe: a WAITING match may be locked after the
  tournament row (a game created meanwhile), since nothing that holds a
  waiting match's row (`match_ready`) waits for a tournament's.
- A pairing's games are the site's matches (PairingGame). Its result while
  undecided is the tally of its ended matches, recomputed on every ended
  match, which makes counting a match twice impossible. Matches that ended
  unplayed (result reason "absent") are not games; expiry decides those.
- Best of 1: one game decides (a drawn game is a drawn match). Best of 3:
  two game wins decide, or three games (more wins wins; equal is a draw);
  seats alternate game by game (player_a has seat 0 in games 1 and 3).
- A bye is a match win with the games needed to win (1, or 2 in best of 3).
- The round clock: a game nobody started by `ends_at` goes to the player
  who was ready (the whole match, like a no-show: games-needed to 0); if
  neither was, game 1 is a double loss and a later game leaves the match to
  the games already played. A game in progress is played out.
- Top cut: the top `top_cut` players of the Swiss standings who have not
  dropped; a draw or a double loss in the elimination sends the higher seed
  (player_a) on; a winner who dropped during the round gives the place up.
  When both players of a pairing dropped, nobody goes on from it: the
  winner from the other side of the bracket has a bye, or, when no one else
  is left, is the champion (selectors.advancer, selectors.next_step).
- An event that has not started can be cancelled by its organiser: it is
  deleted with its registrations (nothing has been played), so it no longer
  counts toward the organiser's open events.
- Corrections (the organiser, while the event runs) may change results of
  any round; pairings already made from the old result stay as they are.
- An organiser who plays in their own event enters or corrects no result of
  a pairing they play in (their matches and the clock decide it), and sees
  the other players' decklists only once the event is over
  (selectors.can_see_decklist), as every player does.
"""

from __future__ import annotations

import random
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from catalog.models import Game
from core.errors import ApplicationError, NotFound
from core.games import table_game
from core.text import line_feeds, plain_text, trimmed
from decks import formats, validation
from decks.models import Deck
from decks.selectors import version_entries
from decks.services import deck_locked_for_use
from play import services as play_services
from play.models import Match, MatchStatus, Seat
from tournaments import pairing as pairer
from tournaments import selectors
from tournaments.models import (
    ChangeReason,
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

NAME_MAX = 80
ROUNDS_MAX = 15
BEST_OF = (1, 3)
TOP_CUTS = (0, 4, 8)
ROUND_MINUTES = (5, 240)
CLOCK_SLACK = 2  # seconds the clock task waits past ends_at (clocks of two machines differ)


class TournamentRefused(ApplicationError):
    """Bad input or a step the event's state does not allow (400)."""


class NotOrganiser(ApplicationError):
    status_code = 403

    def __init__(self, code: str = "not_organiser", message: str | None = None, **kwargs):
        super().__init__(code, message or _("Only the organiser can do this."), **kwargs)


# --- small helpers ------------------------------------------------------------------------
def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise TournamentRefused("sign_in", _("Sign in first."))


def _locked(tournament_id) -> Tournament:
    """The event's row, locked until the transaction ends; NotFound for an unknown id."""
    key = selectors._uuid(tournament_id)
    found = Tournament.objects.select_for_update().filter(pk=key).first()
    if found is None:
        raise NotFound("not_found", _("No such tournament."))
    return found


def _bump(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)


def _organiser_only(tournament: Tournament, user) -> None:
    if user is None or not user.is_authenticated or user.pk != tournament.organiser_id:
        raise NotOrganiser()


def _running(tournament: Tournament) -> None:
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentRefused("not_running", _("The tournament is not running."))


def _int(value, low: int, high: int, code: str, message: str) -> int:
    # strict: True is no number, even though True == 1
    if type(value) is not int or not low <= value <= high:
        raise TournamentRefused(code, message)
    return value


def _snapshot(pairing: Pairing) -> dict:
    return {
        "wins_a": pairing.wins_a,
        "wins_b": pairing.wins_b,
        "draws": pairing.draws,
        "outcome": pairing.outcome,
    }


def _outcome_of(wins_a: int, wins_b: int) -> str:
    if wins_a > wins_b:
        return Outcome.A
    if wins_b > wins_a:
        return Outcome.B
    return Outcome.DRAW


# --- create -------------------------------------------------------------------------------
def _match_options(spec, fmt: formats.Format) -> dict:
    """The game's lobby defaults, with the format's deck rules where the lobby offers them.

    Registration already checked each deck against the format; a game whose
    lobby has a "min_deck_size" or a "banned_types" choice also gets the
    format's minimum and ban there (when they are among the values offered), so
    the table agrees: a "no events" event's tables refuse events too.
    """
    from_format = {"min_deck_size": fmt.min_cards, "banned_types": tuple(sorted(fmt.banned_types))}
    wanted = {
        choice.name: from_format[choice.name]
        for choice in spec.choices
        if choice.name in from_format and from_format[choice.name] in choice.values
    }
    if isinstance(wanted.get("banned_types"), tuple):
        wanted["banned_types"] = list(wanted["banned_types"])  # as the API sends it
    options, _bad = spec.options_from(wanted)
    return options


@transaction.atomic
def tournament_create(
    *,
    organiser,
    game: Game,
    name: str,
    description: str = "",
    format_id: str = "tournament",
    best_of: int = 1,
    swiss_rounds: int | None = None,
    top_cut: int = 0,
    round_minutes: int = 50,
    registration_closes_at=None,
    listed: bool = True,
    decklists_public: bool = False,
) -> Tournament:
    """A new event, open for registration. The organiser may play in it too."""
    _signed_in(organiser)
    typed = name if isinstance(name, str) else ""
    name = trimmed(typed)
    if not 1 <= len(name) <= NAME_MAX:
        raise TournamentRefused(
            "bad_name", _("Give the tournament a name of 1 to %(n)s characters.") % {"n": NAME_MAX}
        )
    # The name as typed, as decks check theirs: a direction control at an end is refused
    # like one inside it (trimming first dropped "\u202e" from "\u202eCup" without a word).
    plain_text(typed, field="name")
    name = plain_text(name, field="name")
    # a line break counts once, as the box counted it ("\r\n" is one)
    description = line_feeds(description or "").strip() if isinstance(description, str) else ""
    most = settings.LIMITS["TOURNAMENT_DESCRIPTION_MAX_CHARS"]
    if len(description) > most:
        raise TournamentRefused(
            "bad_description",
            _("The description can be at most %(n)s characters long.") % {"n": most},
        )
    description = plain_text(
        description,
        multiline=True,
        max_lines=settings.LIMITS["TOURNAMENT_DESCRIPTION_MAX_LINES"],
        field="description",
    )
    spec = table_game(game.slug) if isinstance(game, Game) else None
    if spec is None or not spec.uses_decks or spec.seats(spec.options_from({})[0]) != 2:
        raise TournamentRefused(
            "bad_game",
            _("Tournaments are for games played online by two players with their own decks."),
        )
    fmt = formats.get_format(game.slug, format_id) if isinstance(format_id, str) else None
    if fmt is None:
        raise TournamentRefused("bad_format", _("Choose one of the game's deck formats."))
    if type(best_of) is not int or best_of not in BEST_OF:
        raise TournamentRefused("bad_best_of", _("A match is best of 1 or best of 3 games."))
    if swiss_rounds is not None:
        _int(
            swiss_rounds,
            1,
            ROUNDS_MAX,
            "bad_rounds",
            _("The number of Swiss rounds is 1 to %(n)s (or leave it empty).") % {"n": ROUNDS_MAX},
        )
    if type(top_cut) is not int or top_cut not in TOP_CUTS:
        raise TournamentRefused("bad_top_cut", _("The top cut is none, 4 or 8 players."))
    _int(
        round_minutes,
        *ROUND_MINUTES,
        "bad_round_minutes",
        _("A round lasts %(low)s to %(high)s minutes.")
        % {"low": ROUND_MINUTES[0], "high": ROUND_MINUTES[1]},
    )
    if registration_closes_at is not None and registration_closes_at <= timezone.now():
        raise TournamentRefused(
            "bad_deadline", _("The registration deadline must be in the future.")
        )
    # The organiser's row serialises their own creations, so the cap holds under a race.
    get_user_model().objects.select_for_update().filter(pk=organiser.pk).first()
    open_most = settings.LIMITS["TOURNAMENTS_OPEN_PER_ORGANISER"]
    open_now = (
        Tournament.objects.filter(organiser=organiser)
        .exclude(status=TournamentStatus.FINISHED)
        .count()
    )
    if open_now >= open_most:
        raise TournamentRefused(
            "too_many_open",
            _("You already organise %(n)s tournaments that are not over; finish one first.")
            % {"n": open_most},
        )
    return Tournament.objects.create(
        name=name,
        description=description,
        game=game,
        format=fmt.id,
        best_of=best_of,
        swiss_rounds=swiss_rounds,
        top_cut=top_cut,
        round_minutes=round_minutes,
        registration_closes_at=registration_closes_at,
        listed=bool(listed),
        decklists_public=bool(decklists_public),
        match_options=_match_options(spec, fmt),
        organiser=organiser,
    )


# --- registration -------------------------------------------------------------------------
def _open_for_registration(tournament: Tournament) -> None:
    if tournament.status != TournamentStatus.REGISTRATION:
        raise TournamentRefused(
            "registration_closed", _("The tournament has started; registration is closed.")
        )
    closes = tournament.registration_closes_at
    if closes is not None and timezone.now() >= closes:
        raise TournamentRefused("registration_closed", _("Registration has closed."))


@transaction.atomic
def tournament_register(*, tournament_id, user, deck: Deck | None) -> Player:
    """Register with one of the user's decks, or swap the deck before the start.

    What is stored and later played is the deck's newest version, checked
    against the event's format; the row pins it (later edits of the deck
    make new versions), which is the lock the rules ask for.
    """
    _signed_in(user)
    tournament = _locked(tournament_id)
    _open_for_registration(tournament)
    # The deck's row is locked before its version is read: an edit or a delete of the
    # deck at the same moment waits for the registration (and a delete then keeps the
    # deck for it), or comes first and is seen (decks.services.deck_locked_for_use).
    mine = isinstance(deck, Deck) and (deck.owner_id, deck.game_id) == (user.pk, tournament.game_id)
    own = deck_locked_for_use(deck_id=deck.pk) if mine else None
    if own is None:
        raise TournamentRefused("no_deck", _("Choose one of your own decks for this game."))
    version = own.versions.order_by("-number").first()
    if version is None:
        raise TournamentRefused("no_deck", _("Choose one of your own decks for this game."))
    fmt = formats.get_format(tournament.game.slug, tournament.format)
    problems = validation.validate(version_entries(version.entries), tournament.game.slug, fmt)
    if problems:
        language = get_language()
        raise TournamentRefused(
            "deck_not_legal",
            _("This deck is not legal in the tournament's format: %(format)s.")
            % {"format": fmt.name(language)},
            extra={"problems": [p.as_dict(language) for p in problems]},
        )
    player = Player.objects.filter(tournament=tournament, user=user).first()
    if player is None:
        most = settings.LIMITS["TOURNAMENT_MAX_PLAYERS"]
        if Player.objects.filter(tournament=tournament).count() >= most:
            raise TournamentRefused(
                "full", _("The tournament is full (%(n)s players).") % {"n": most}
            )
        player = Player.objects.create(tournament=tournament, user=user, deck_version=version)
    else:
        player.deck_version = version
        player.save(update_fields=["deck_version", "registered_at"])
    _bump(tournament)
    return player


@transaction.atomic
def tournament_withdraw(*, tournament_id, user) -> None:
    """Take back one's registration before the start (after it, a player drops instead)."""
    _signed_in(user)
    tournament = _locked(tournament_id)
    if tournament.status != TournamentStatus.REGISTRATION:
        raise TournamentRefused("started", _("The tournament has started: drop out of it instead."))
    deleted, _rows = Player.objects.filter(tournament=tournament, user=user).delete()
    if not deleted:
        raise TournamentRefused("not_registered", _("You are not registered for this tournament."))
    _bump(tournament)


@transaction.atomic
def tournament_cancel(*, tournament_id, user) -> None:
    """The organiser calls off an event that has not started: it goes, with its registrations.

    Nothing has been played before the start, so nothing is kept: the players
    no longer find it among their tournaments and its link answers 404. It no
    longer counts toward the organiser's open events (one that cannot start,
    a top cut larger than the field, would otherwise count for good).
    """
    tournament = _locked(tournament_id)
    _organiser_only(tournament, user)
    if tournament.status != TournamentStatus.REGISTRATION:
        raise TournamentRefused(
            "started", _("The tournament has started: it can no longer be cancelled.")
        )
    tournament.delete()


# --- start and pairing --------------------------------------------------------------------
@transaction.atomic
def tournament_start(*, tournament_id, user) -> Tournament:
    """The organiser starts the event: the field is locked, seeded, and round 1 is paired."""
    tournament = _locked(tournament_id)
    _organiser_only(tournament, user)
    if tournament.status != TournamentStatus.REGISTRATION:
        raise TournamentRefused("started", _("The tournament has already started."))
    players = list(Player.objects.filter(tournament=tournament).order_by("pk"))
    if len(players) < 2:
        raise TournamentRefused("too_few", _("A tournament needs at least 2 players."))
    if tournament.top_cut and len(players) < tournament.top_cut:
        raise TournamentRefused(
            "too_few_for_cut",
            _("A top cut of %(cut)s needs at least %(cut)s players.") % {"cut": tournament.top_cut},
        )
    # The seeded draw: the last tiebreak, reproducible from the event's seed.
    random.Random(tournament.seed).shuffle(players)
    for place, player in enumerate(players, start=1):
        player.draw = place
    Player.objects.bulk_update(players, ["draw"])
    tournament.swiss_rounds = tournament.swiss_rounds or pairer.swiss_rounds_for(len(players))
    tournament.status = TournamentStatus.RUNNING
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["swiss_rounds", "status", "started_at"])
    _pair_swiss(tournament, 1)
    _bump(tournament)
    tournament.refresh_from_db()
    return tournament


def _new_round(tournament: Tournament, number: int, stage: str) -> Round:
    now = timezone.now()
    rnd = Round.objects.create(
        tournament=tournament,
        number=number,
        stage=stage,
        started_at=now,
        ends_at=now + timedelta(minutes=tournament.round_minutes),
    )
    countdown = tournament.round_minutes * 60 + CLOCK_SLACK

    def schedule() -> None:
        from core import task_queue
        from tournaments.tasks import round_clock

        # A clock the broker refused is logged and left to the event's pages, which
        # run the same check on every view (expire_overdue): the round starts anyway.
        task_queue.apply_async(round_clock, (rnd.pk,), countdown=countdown)

    transaction.on_commit(schedule)
    return rnd


def _game_seats(pairing: Pairing, number: int) -> tuple[int, list]:
    """(player_a's seat, the seats [(user, deck version)] in order) of game `number` of a
    pairing: player_a sits at seat 0 in odd games."""
    a_seat = (number - 1) % 2
    a, b = pairing.player_a, pairing.player_b
    seats = [(a.user, a.deck_version), (b.user, b.deck_version)]
    if a_seat == 1:
        seats.reverse()
    return a_seat, seats


def _waiting_matches(tournament: Tournament, tables: list[list]) -> list[Match]:
    """A waiting match a table of `tables` (the seats of each, in order), made by play."""
    return play_services.match_create_paired_many(
        game=tournament.game,
        options=tournament.match_options,
        tables=tables,
        created_by=tournament.organiser,
        event_url=tournament.get_absolute_url(),
        # a listed event's games may be watched by anyone (the spectator's view hides hands)
        public=tournament.listed,
    )


def _new_game(tournament: Tournament, pairing: Pairing, number: int) -> PairingGame:
    """Game `number` of a pairing as a waiting match (a later game: one table)."""
    a_seat, seats = _game_seats(pairing, number)
    (match,) = _waiting_matches(tournament, [seats])
    return PairingGame.objects.create(pairing=pairing, match=match, number=number, a_seat=a_seat)


def _first_games(tournament: Tournament, pairings: list[Pairing]) -> None:
    """Game 1 of each of a new round's pairings: the matches and then the rows each made
    together (a round of a big event has hundreds of tables, made while the event's row is
    locked)."""
    if not pairings:
        return  # a round of byes only: no table to make
    seated = [_game_seats(p, 1) for p in pairings]
    matches = _waiting_matches(tournament, [seats for _a_seat, seats in seated])
    PairingGame.objects.bulk_create(
        PairingGame(pairing=p, match=match, number=1, a_seat=a_seat)
        for p, (a_seat, _table), match in zip(pairings, seated, matches, strict=True)
    )


def _make_pairings(
    tournament: Tournament,
    rnd: Round,
    pairs: list[tuple[int, int]],
    bye: int | None,
    players: dict[int, Player],
) -> None:
    now = timezone.now()
    made = [
        Pairing(round=rnd, table=table, player_a=players[a], player_b=players[b])
        for table, (a, b) in enumerate(pairs, start=1)
    ]
    rows = list(made)
    if bye is not None:
        rows.append(_bye(tournament, rnd, len(pairs) + 1, players[bye], now))
    # one insert for the round's tables; their ids come back (the games point at them)
    Pairing.objects.bulk_create(rows)
    _first_games(tournament, made)


def _bye(tournament: Tournament, rnd, table: int, player: Player, now) -> Pairing:
    """A table with one player: the bye, decided as it is made (unsaved; the round's rows
    are inserted together)."""
    return Pairing(
        round=rnd,
        table=table,
        player_a=player,
        player_b=None,
        wins_a=selectors.games_to_win(tournament),
        outcome=Outcome.BYE,
        decided_at=now,
    )


def _all_players(tournament: Tournament) -> dict[int, Player]:
    return {
        p.pk: p
        for p in Player.objects.filter(tournament=tournament).select_related("user", "deck_version")
    }


def _active(players: dict[int, Player], number: int) -> list[Player]:
    """Players still paired in round `number` (dropped after round N: not in rounds after N)."""
    return [
        p
        for p in players.values()
        if p.dropped_after_round is None or p.dropped_after_round >= number
    ]


def _pair_swiss(tournament: Tournament, number: int) -> Round:
    """Swiss round `number`: current standings in, pairing.pair_swiss, matches out."""
    players = _all_players(tournament)
    pairings = list(Pairing.objects.filter(round__tournament=tournament).select_related("round"))
    rows = selectors.swiss_rows(tournament, list(players.values()), pairings)
    rank = {row.player: i for i, row in enumerate(rows)}
    points = {row.player: row.points for row in rows}
    opponents: dict[int, set[int]] = {pid: set() for pid in players}
    had_bye: set[int] = set()
    for p in pairings:
        if p.round.stage != Stage.SWISS:
            continue
        if p.player_b_id is None:
            had_bye.add(p.player_a_id)
        else:
            opponents[p.player_a_id].add(p.player_b_id)
            opponents[p.player_b_id].add(p.player_a_id)
    entrants = [
        pairer.Entrant(
            id=p.pk,
            points=points[p.pk],
            rank=rank[p.pk],
            opponents=frozenset(opponents[p.pk]),
            had_bye=p.pk in had_bye,
        )
        for p in _active(players, number)
    ]
    result = pairer.pair_swiss(entrants, seed=tournament.seed + number)
    rnd = _new_round(tournament, number, Stage.SWISS)
    _make_pairings(tournament, rnd, result.pairs, result.bye, players)
    return rnd


# --- games and results --------------------------------------------------------------------
def _tally(pairing: Pairing) -> tuple[int, int, int, list[PairingGame]]:
    """(wins_a, wins_b, draws, games) from the pairing's ended, played matches."""
    games = list(pairing.games.select_related("match").defer("match__snapshot").order_by("number"))
    wins_a = wins_b = draws = 0
    for game in games:
        match = game.match
        if match.status not in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
            continue
        result = match.result or {}
        if result.get("reason") == "absent":
            continue  # never played: expiry decides such a game, it is no game won
        winners = set(result.get("winners") or [])
        if len(winners) == 1:
            if game.a_seat in winners:
                wins_a += 1
            else:
                wins_b += 1
        else:
            draws += 1  # nobody or both: a drawn game
    return wins_a, wins_b, draws, games


def _decision(best_of: int, wins_a: int, wins_b: int, draws: int) -> str:
    """The outcome these games decide, or PENDING while another game is due."""
    need = best_of // 2 + 1
    if wins_a >= need:
        return Outcome.A
    if wins_b >= need:
        return Outcome.B
    if wins_a + wins_b + draws >= best_of:
        return _outcome_of(wins_a, wins_b)
    return Outcome.PENDING


def _write_result(
    pairing: Pairing,
    *,
    wins_a: int,
    wins_b: int,
    draws: int,
    outcome: str,
    reason: str,
    changed_by=None,
) -> bool:
    """Set the pairing's result and log the change; False (and no log) when nothing changed."""
    before = _snapshot(pairing)
    pairing.wins_a, pairing.wins_b, pairing.draws, pairing.outcome = wins_a, wins_b, draws, outcome
    after = _snapshot(pairing)
    if after == before:
        return False
    if outcome != Outcome.PENDING and pairing.decided_at is None:
        pairing.decided_at = timezone.now()
    pairing.save(update_fields=["wins_a", "wins_b", "draws", "outcome", "decided_at"])
    ResultChange.objects.create(
        pairing=pairing, changed_by=changed_by, reason=reason, before=before, after=after
    )
    return True


def on_match_ended(sender, match, **kwargs) -> None:
    """A match ended (inside its transaction): count the game for its pairing, if it has one.

    The pairing's result is the tally of all its ended matches, so hearing
    the same match twice changes nothing. A claimed win (the opponent left)
    arrives with its winner and counts as a won game. When the games do not
    decide the match yet, the next game starts waiting with the seats swapped.
    """
    link = PairingGame.objects.filter(match_id=match.pk).select_related("pairing__round").first()
    if link is None:
        return
    tournament = _locked(link.pairing.round.tournament_id)
    pairing = (
        # of=self: PostgreSQL locks no row of an outer join (player_b is None for a bye)
        Pairing.objects.select_for_update(of=("self",))
        .select_related("player_a__user", "player_a__deck_version")
        .select_related("player_b__user", "player_b__deck_version")
        .get(pk=link.pairing_id)
    )
    if pairing.decided or tournament.status != TournamentStatus.RUNNING:
        return  # the organiser entered the result meanwhile, or the event is over
    wins_a, wins_b, draws, games = _tally(pairing)
    outcome = _decision(tournament.best_of, wins_a, wins_b, draws)
    last = games[-1].match if games else None
    last_ended = last is not None and last.status in (MatchStatus.FINISHED, MatchStatus.ABANDONED)
    if outcome == Outcome.PENDING and last_ended and timezone.now() >= link.pairing.round.ends_at:
        # The round's time is up: no game begins after it (a waiting one would go at once
        # to whoever pressed "ready" first); the games played decide, as the docs say.
        outcome = _outcome_of(wins_a, wins_b)
    changed = _write_result(
        pairing,
        wins_a=wins_a,
        wins_b=wins_b,
        draws=draws,
        outcome=outcome,
        reason=ChangeReason.MATCH,
    )
    if outcome == Outcome.PENDING and last_ended:
        _new_game(tournament, pairing, len(games) + 1)
        changed = True
    if changed:
        _bump(tournament)


def _lock_matches(match_ids) -> None:
    """Lock match rows before the tournament's (the lock order, see the module docstring)."""
    list(
        Match.objects.select_for_update().filter(pk__in=list(match_ids)).order_by("pk").values("pk")
    )


@transaction.atomic
def expire_round(*, round_id) -> int:
    """Decide the round's pairings whose game nobody started by the round's end.

    Idempotent: a pairing is decided once, and a match that started or ended
    meanwhile is left to be played out. Returns how many pairings it decided.
    """
    rnd = Round.objects.filter(pk=round_id).first()
    if rnd is None or timezone.now() < rnd.ends_at:
        return 0
    match_ids = list(
        PairingGame.objects.filter(
            pairing__round=rnd,
            pairing__outcome=Outcome.PENDING,
            match__status=MatchStatus.WAITING,
        ).values_list("match_id", flat=True)
    )
    if not match_ids:
        return 0
    _lock_matches(match_ids)
    tournament = _locked(rnd.tournament_id)
    if tournament.status != TournamentStatus.RUNNING:
        return 0
    need = selectors.games_to_win(tournament)
    # The matches locked above, and no other: one read each for the games, their
    # pairings (locked) and who was ready, whatever the size of the round.
    games = list(
        PairingGame.objects.filter(match_id__in=match_ids).order_by("pairing__table", "number")
    )
    pairings = Pairing.objects.select_for_update().in_bulk([g.pairing_id for g in games])
    ready_at: dict = {}
    for match_id, position in Seat.objects.filter(
        match_id__in=match_ids, ready_at__isnull=False
    ).values_list("match_id", "position"):
        ready_at.setdefault(match_id, set()).add(position)
    decided = 0
    for game in games:
        pairing = pairings[game.pairing_id]
        if pairing.decided:
            continue
        ready = ready_at.get(game.match_id, set())
        if (
            play_services.match_abandon_unstarted(match_id=game.match_id, winners=sorted(ready))
            is None
        ):
            continue  # it started after all: played out
        a_ready, b_ready = game.a_seat in ready, (1 - game.a_seat) in ready
        if a_ready != b_ready:  # one came: that one wins the match, as against a no-show
            result = (need, 0, 0, Outcome.A) if a_ready else (0, need, 0, Outcome.B)
        else:
            wins_a, wins_b, draws, _games = _tally(pairing)
            if wins_a + wins_b + draws == 0:
                result = (0, 0, 0, Outcome.DOUBLE_LOSS)  # neither came to game 1
            else:
                result = (wins_a, wins_b, draws, _outcome_of(wins_a, wins_b))
        wins_a, wins_b, draws, outcome = result
        _write_result(
            pairing,
            wins_a=wins_a,
            wins_b=wins_b,
            draws=draws,
            outcome=outcome,
            reason=ChangeReason.ABSENCE,
        )
        decided += 1
    if decided:
        _bump(tournament)
    return decided


def expire_overdue(*, tournament_id) -> None:
    """Run the clock of the current round if it ran out with games still waiting (pages call it).

    One query when nothing is overdue, so the pages can call it on every view.
    """
    overdue = (
        Round.objects.filter(
            tournament_id=tournament_id,
            tournament__status=TournamentStatus.RUNNING,
            finished_at__isnull=True,
            ends_at__lte=timezone.now(),
            pairings__outcome=Outcome.PENDING,
            pairings__games__match__status=MatchStatus.WAITING,
        )
        .values_list("pk", flat=True)
        .first()
    )
    if overdue is not None:
        expire_round(round_id=overdue)


# --- next round, drop, results ------------------------------------------------------------
@transaction.atomic
def tournament_next_round(*, tournament_id, user) -> Tournament:
    """The organiser closes the decided round and pairs the next one, or finishes the event.

    After the Swiss rounds: the top cut's first round (the best `top_cut`
    players who have not dropped, in standings order), then each next
    elimination round from the winners, then the end. With fewer than two
    players left in the Swiss, or too few for the cut, the event ends early.
    selectors.next_step decides which (the page's button says it from there).
    """
    tournament = _locked(tournament_id)
    _organiser_only(tournament, user)
    _running(tournament)
    current = Round.objects.filter(tournament=tournament).order_by("-number").first()
    open_pairings = selectors.open_pairings(current)
    if open_pairings:
        raise TournamentRefused(
            "round_not_over",
            ngettext(
                "%(n)s pairing of this round is not decided yet.",
                "%(n)s pairings of this round are not decided yet.",
                open_pairings,
            )
            % {"n": open_pairings},
        )
    now = timezone.now()
    if current.finished_at is None:
        current.finished_at = now
        current.save(update_fields=["finished_at"])
    players = _all_players(tournament)
    number = current.number + 1
    step = selectors.next_step(tournament, current, list(players.values()))
    if step.action == selectors.PAIR_SWISS:
        _pair_swiss(tournament, number)
    elif step.action == selectors.START_CUT:
        rows = selectors.swiss_rows(tournament, list(players.values()))
        seeds = [r.player for r in rows if not players[r.player].dropped][: tournament.top_cut]
        rnd = _new_round(tournament, number, Stage.ELIMINATION)
        _make_pairings(tournament, rnd, pairer.elimination_pairs(seeds), None, players)
    elif step.action == selectors.PAIR_CUT:
        dropped_after = {p.pk: p.dropped_after_round for p in players.values() if p.dropped}
        going_on = selectors.elimination_advancers(tournament, current, dropped_after)
        rows = selectors.swiss_rows(tournament, list(players.values()))
        seed_of = {r.player: r.rank for r in rows}
        rnd = _new_round(tournament, number, Stage.ELIMINATION)
        _pair_elimination(
            tournament, rnd, pairer.next_elimination_pairs(going_on), seed_of, players
        )
    else:
        _finish(tournament)
    _bump(tournament)
    tournament.refresh_from_db()
    return tournament


def _pair_elimination(
    tournament: Tournament,
    rnd: Round,
    positions: list[tuple[int | None, int | None]],
    seed_of: dict[int, int],
    players: dict[int, Player],
) -> None:
    """A later elimination round: one table a bracket position (its number, gaps included).

    Two players: a match, the higher seed as player_a (a drawn elimination match
    sends them on). One (the other side's players both dropped): a bye, and
    they go on. Nobody: no table, and the position stays empty.
    """
    now = timezone.now()
    rows, made = [], []
    for table, pair in enumerate(positions, start=1):
        present = sorted((pid for pid in pair if pid is not None), key=seed_of.__getitem__)
        if len(present) == 2:
            a, b = present
            made.append(Pairing(round=rnd, table=table, player_a=players[a], player_b=players[b]))
            rows.append(made[-1])
        elif present:
            rows.append(_bye(tournament, rnd, table, players[present[0]], now))
    Pairing.objects.bulk_create(rows)
    _first_games(tournament, made)


def _finish(tournament: Tournament) -> None:
    tournament.status = TournamentStatus.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])


@transaction.atomic
def tournament_drop(*, tournament_id, user, player_id: int | None = None) -> Player:
    """A player leaves the event (their own entry; the organiser may drop anyone).

    Before the start this is a withdrawal (the registration goes). While it
    runs, the player is not paired after the current round; their current
    pairing is still played out or expires as usual.
    """
    _signed_in(user)
    tournament = _locked(tournament_id)
    players = Player.objects.filter(tournament=tournament)
    if player_id is None:
        player = players.filter(user=user).first()
        if player is None:
            raise TournamentRefused(
                "not_registered", _("You are not registered for this tournament.")
            )
    else:
        if type(player_id) is not int:
            raise NotFound("no_player", _("No such player in this tournament."))
        player = players.filter(pk=player_id).first()
        if player is None:
            raise NotFound("no_player", _("No such player in this tournament."))
        if player.user_id != user.pk and user.pk != tournament.organiser_id:
            raise NotOrganiser(
                "not_yours", _("Only the player or the organiser can drop a player.")
            )
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentRefused("finished", _("The tournament is over."))
    if player.dropped:
        raise TournamentRefused("already_dropped", _("This player has already dropped out."))
    if tournament.status == TournamentStatus.REGISTRATION:
        player.delete()
    else:
        current = Round.objects.filter(tournament=tournament).order_by("-number").first()
        player.dropped_after_round = current.number if current else 0
        player.save(update_fields=["dropped_after_round"])
    _bump(tournament)
    return player


@transaction.atomic
def pairing_record_result(
    *, tournament_id, pairing_id, user, wins_a: int, wins_b: int, draws: int
) -> Pairing:
    """The organiser enters a pairing's games (played at a physical table) or corrects a result.

    Games: whole numbers 0–3 each; best of 1 is exactly one game; best of 3
    is one to three games with at most 2 wins each. More wins wins; equal
    is a draw. A waiting match of an undecided pairing is ended unplayed (a
    running one is left alone, its end no longer counts). A bye stays a bye.
    Corrections are allowed for any round while the event runs, even one
    whose next round was paired already: the standings change, the pairings
    already made stay. Every change is logged with who made it. Never the
    result of a pairing the organiser plays in (403 own_pairing).
    """
    key = selectors._uuid(tournament_id)
    if type(pairing_id) is not int:
        raise NotFound("no_pairing", _("No such pairing in this tournament."))
    _organiser_only(selectors.tournament_for(key), user)  # before any lock is taken

    def waiting_games() -> list:
        return list(
            PairingGame.objects.filter(
                pairing_id=pairing_id,
                pairing__round__tournament_id=key,
                match__status=MatchStatus.WAITING,
            ).values_list("match_id", flat=True)
        )

    _lock_matches(waiting_games())
    tournament = _locked(key)
    _organiser_only(tournament, user)
    pairing = (
        Pairing.objects.select_for_update()
        .filter(pk=pairing_id, round__tournament=tournament)
        .first()
    )
    if pairing is None:
        raise NotFound("no_pairing", _("No such pairing in this tournament."))
    _running(tournament)

    def at_table(message: str) -> str:
        # the organiser enters the results of every table on one page: say which one
        return _("Table %(table)s: %(why)s") % {"table": pairing.table, "why": message}

    # Players do not report results: their matches do, and the organiser enters
    # or corrects the rest. An organiser who plays would be the judge of their own
    # table, so its result is left to its matches and the round clock.
    seated = [pairing.player_a_id, pairing.player_b_id]
    if Player.objects.filter(pk__in=seated, user_id=user.pk).exists():
        raise NotOrganiser(
            "own_pairing",
            at_table(_("You play at this table, so you cannot enter or correct its result.")),
        )
    if pairing.outcome == Outcome.BYE:
        raise TournamentRefused("bye", at_table(_("A bye cannot be changed.")))
    bad = at_table(_("Enter the games each player won and the drawn games, 0 to 3 each."))
    wins_a, wins_b, draws = (_int(v, 0, 3, "bad_result", bad) for v in (wins_a, wins_b, draws))
    games = wins_a + wins_b + draws
    if tournament.best_of == 1 and games != 1:
        raise TournamentRefused(
            "bad_result",
            at_table(
                _(
                    "A best-of-1 match is a single game: enter 1-0 or 0-1 for its winner, "
                    "or 0-0 and 1 draw if it was drawn."
                )
            ),
        )
    if tournament.best_of == 3 and not (1 <= games <= 3 and max(wins_a, wins_b) <= 2):
        raise TournamentRefused(
            "bad_result",
            at_table(_("A best-of-3 match is 1 to 3 games, with at most 2 wins each.")),
        )
    reason = ChangeReason.CORRECTION if pairing.decided else ChangeReason.ORGANISER
    if not pairing.decided:
        # listed again under the tournament's lock: a game that began waiting meanwhile
        # (a best-of-3's next one) ends unplayed too (see the lock order above)
        for match_id in waiting_games():
            play_services.match_abandon_unstarted(match_id=match_id, winners=[])
    if _write_result(
        pairing,
        wins_a=wins_a,
        wins_b=wins_b,
        draws=draws,
        outcome=_outcome_of(wins_a, wins_b),
        reason=reason,
        changed_by=user,
    ):
        _bump(tournament)
    return pairing
