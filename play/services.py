"""Matches: create, join, act, let bots act. Every write is here.

The action log (MatchAction) is the source of truth; the snapshot on the
Match row is a cache, written every few moves and completed from the log. An
action takes the match row's lock, checks the seat and the version the client
saw, lets the engine apply it (an illegal move changes nothing), appends it to
the log and, after commit, sends every seat its own new view (play.frames).
Reads are in play.selectors.
"""

from __future__ import annotations

import copy
import hashlib
import logging
import random
import threading
import traceback
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from catalog.models import Game
from core import stage_times, task_queue
from core.errors import ApplicationError, Conflict, NotFound
from core.games import get_game, table_game
from core.hungarian import percent_filled
from decks import validation
from decks.models import Deck
from decks.selectors import deck_entries
from decks.services import deck_locked_for_use
from play import frames, match_rows, move_refusals, ratings
from play.engines import IllegalAction, get_engine
from play.models import Match, MatchStatus, Opponent, Seat
from play.selectors import (
    ABANDON_AFTER,
    CALLED_OFF_INACTIVE,
    OPPONENTS_TO_CHOOSE,
    WAITING_MATCH_STALE_AFTER,
    engine_decks,
    game_pool,
    giving_up_leaves_the_seat,
    match_state,
    private_match,
    rematch_of,
    seat_at,
    stale_waiting_matches,
    states_from_deal,
)
from play.signals import match_ended
from play.state_cache import states

# The bot seats an opponent choice fills: easy, normal and hard (play.bots.LEVELS).
BOT_KINDS = {
    Opponent.BOT_RANDOM: "random",
    Opponent.BOT_GREEDY: "greedy",
    Opponent.BOT_SEARCH: "search",
}
# A snapshot every this many moves (and at the end): rebuilding a state then
# replays at most this many logged actions, while most moves write only a
# small row instead of the whole state.
SNAPSHOT_EVERY = 20
log = logging.getLogger(__name__)


class NotSeated(ApplicationError):
    status_code = 403


class MatchRefused(ApplicationError):
    """A deck the rules refuse, or a match that cannot take this step."""


# --- decks ------------------------------------------------------------------------------
def _table_game(game: Game):
    spec = table_game(game.slug)
    if spec is None:
        raise MatchRefused("no_engine", _("This game cannot be played online yet."))
    return spec


def _check_deck(deck: Deck, user, game: Game, options: dict):
    """The newest version of the user's deck for a seat, once the deck is checked legal.

    Inside the seat's transaction: the deck's row is locked first (see
    decks.services.deck_locked_for_use), so a delete of the deck at the same
    moment either waits and then keeps the deck for the match, or wins and
    this refuses the deck as gone.
    """
    own = deck is not None and deck.owner_id == user.pk and deck.game_id == game.pk
    deck = deck_locked_for_use(deck_id=deck.pk) if own else None
    if deck is None:
        raise MatchRefused("no_deck", _("Choose one of your own decks for this game."))
    # its own format with the table's options on top (a ban, a larger smallest deck)
    fmt = get_game(game.slug).table_format(options, deck.format)
    problems = validation.validate(deck_entries(deck), game.slug, fmt)
    if problems:
        language = get_language()
        raise MatchRefused(
            "deck_not_legal",
            _("This deck is not legal, so the match cannot start."),
            extra={"problems": [p.as_dict(language) for p in problems]},
        )
    version = deck.versions.order_by("-number").first()
    return version


# --- state --------------------------------------------------------------------------------
def _snapshot(state, version: int) -> dict:
    return {**state.to_dict(), "_version": version}


# --- create and join --------------------------------------------------------------------
@transaction.atomic
def match_create(
    *,
    user,
    game: Game,
    deck: Deck | None,
    opponent: str,
    options: dict | None = None,
    public: bool = False,
) -> Match:
    """A new match: seat 0 is `user`; bots take the other seats at once, or people join.

    A one-seat game (Arcane Guardian, ONIROO solitaire) and a match against
    bots start straight away; the others wait until every seat is taken or
    the creator starts early with bots in the empty seats.
    """
    spec = _table_game(game)
    if opponent not in (*OPPONENTS_TO_CHOOSE, Opponent.SOLO):
        # a paired match is made only by a tournament (match_create_paired); the lobby offers
        # what is left (selectors.opponents_to_choose), solo where only one plays
        raise MatchRefused("bad_opponent", _("Choose a bot, a friend or an open match."))
    if BOT_KINDS.get(opponent) == "search" and not spec.searchable:
        raise MatchRefused("bad_opponent", _("The hard bot does not play this game yet."))
    unknown = sorted(set(options or {}) - {choice.name for choice in spec.choices})
    if unknown:  # a misspelt option would otherwise be dropped and the default played
        params = {"game": game.name, "names": ", ".join(name[:40] for name in unknown[:5])}
        raise MatchRefused(
            "bad_option",
            percent_filled(_("%(game)s has no option called: %(names)s."), params),
        )
    options, bad = spec.options_from(options or {})
    if bad:
        raise MatchRefused(
            "bad_option",
            _("Choose one of the offered values for: %(names)s.") % {"names": ", ".join(bad)},
        )
    _check_options(game, spec, options)
    seat_count = spec.seats(options)
    if seat_count == 1:
        opponent = Opponent.SOLO  # a game for one: nobody else sits down, whoever was asked for
    elif opponent == Opponent.SOLO:
        # nobody could ever join, and the waiting match would hold one of the person's places
        raise MatchRefused(
            "bad_opponent",
            _("Only a game for one is played alone: choose a bot, a friend or an open match."),
        )
    _check_open_matches(user)
    if BOT_KINDS.get(opponent) == "search":
        _check_hard_bots(user, adding=seat_count - 1)  # every other seat is a hard bot's
    version = _check_deck(deck, user, game, options) if spec.uses_decks else None
    seed = Match._meta.get_field("seed").default()
    match = Match.objects.create(
        game=game,
        options=options,
        opponent=opponent,
        public=public,
        seed=seed,
        seed_sha256=hashlib.sha256(str(seed).encode()).hexdigest(),
        created_by=user,
        seat_count=seat_count,
        fill_bot=BOT_KINDS.get(opponent, "greedy"),
    )
    Seat.objects.create(match=match, position=0, user=user, deck_version=version)
    if match.seat_count == 1 or opponent in BOT_KINDS:
        _fill_with_bots(match)
        _start(match)
    return match


def _check_options(game: Game, spec, options: dict) -> None:
    """Let the engine refuse a combination of options before anyone sits down."""
    from play.engines import SetupError

    refusal = spec.refusal(options)
    if refusal is not None:
        raise MatchRefused("bad_option", str(refusal))
    if spec.uses_decks:
        return  # the deck check follows; the few options were checked against their lists
    try:
        get_engine(game.slug).new_game([game_pool(game.slug)], options, 0)
    except SetupError as refused:
        raise MatchRefused(
            "bad_option", _("These options do not go together: %(why)s") % {"why": refused}
        ) from None


def _open_seats(user):
    """The person's own seats (not handed to a bot) in matches waiting or running, a
    tournament's pairings aside: what the match limits count."""
    return (
        Seat.objects.filter(user=user, bot="")
        .filter(match__status__in=(MatchStatus.WAITING, MatchStatus.RUNNING))
        .exclude(match__opponent=Opponent.PAIRED)
    )


def _check_open_matches(user) -> None:
    """At most LIMITS["OPEN_MATCHES_PER_USER"] matches a person plays at once (waiting or
    running, their seat not handed to a bot; a tournament's pairings do not count): each
    running table of bots keeps a worker busy, and each waiting one sits in the lobby.

    Takes the person's row until the caller's transaction ends (inside it): every write
    that gives them a seat counts after the one before it committed, so requests at once
    cannot all take the last place. Callers lock a match row before this one, never after.
    """
    # FOR NO KEY UPDATE, as decks.services.deck_create: rows that only point at the user
    # (a session, a seat) are not held up by it
    list(get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).values("pk"))
    limit = settings.LIMITS["OPEN_MATCHES_PER_USER"]
    if _open_seats(user).count() >= limit:
        raise MatchRefused(
            "too_many_matches",
            ngettext(
                "You are in %(n)s unfinished match: finish it or give it up first.",
                "You are in %(n)s unfinished matches: finish one or give it up first.",
                limit,
            )
            % {"n": limit},
        )


HARD_BOT = "search"  # the hard bot's kind (play.bots.LEVELS), as a seat and a match name it


def _hard_bots_at_tables_of(user) -> int:
    """The hard bots at the tables a person plays at (waiting or running, their seat their
    own, a tournament's pairings aside: the matches `_open_seats` counts)."""
    tables = _open_seats(user).values("match_id")
    return Seat.objects.filter(match_id__in=tables, bot=HARD_BOT).count()


def _check_hard_bots(user, *, adding: int) -> None:
    """At most LIMITS["HARD_BOTS_PER_USER"] hard bots at a person's tables at once,
    with the `adding` a new table (or a seat taken back) would bring.

    Each of the hard bot's decisions is a second or more of a worker's CPU, and every bot
    at a table moves after each of the person's moves: an ONIROO table of six with five
    hard bots spent 7 to 11 s of a worker per move (the cost audit), one of two 1 to 2 s.
    So the bots are counted, not the matches. After `_check_open_matches`, whose lock of
    the person's row it counts under.
    """
    limit = settings.LIMITS["HARD_BOTS_PER_USER"]
    if adding > limit:
        raise MatchRefused(
            "too_many_hard_bot_matches",
            ngettext(
                "At most %(n)s hard bot may play at your tables at once, and this table would "
                "have %(k)s: choose fewer players or an easier bot.",
                "At most %(n)s hard bots may play at your tables at once, and this table would "
                "have %(k)s: choose fewer players or an easier bot.",
                limit,
            )
            % {"n": limit, "k": adding},
        )
    playing = _hard_bots_at_tables_of(user)
    if playing + adding <= limit:
        return
    if adding == 1:
        message = ngettext(
            "At most %(n)s hard bot may play at your tables at once, and you have %(m)s "
            "already: finish a match or give it up first, or choose an easier bot.",
            "At most %(n)s hard bots may play at your tables at once, and you have %(m)s "
            "already: finish a match or give it up first, or choose an easier bot.",
            limit,
        )
    else:
        message = ngettext(
            "At most %(n)s hard bot may play at your tables at once: you have %(m)s already, "
            "and this table would add %(k)s. Finish a match or give it up first, or choose "
            "fewer players or an easier bot.",
            "At most %(n)s hard bots may play at your tables at once: you have %(m)s already, "
            "and this table would add %(k)s. Finish a match or give it up first, or choose "
            "fewer players or an easier bot.",
            limit,
        )
    raise MatchRefused(
        "too_many_hard_bot_matches", message % {"n": limit, "m": playing, "k": adding}
    )


def _fill_with_bots(match: Match) -> None:
    taken = set(match.seats.values_list("position", flat=True))
    for position in range(match.seat_count):
        if position not in taken:
            Seat.objects.create(match=match, position=position, bot=match.fill_bot)
    _seats_moved(match)


def _seats_moved(match: Match) -> None:
    """Record that the match's seats changed (the caller holds the row, or just made it).

    Every process keys the seats it keeps in memory on this number and reads
    it from the row, so none goes on with seats another process changed.
    """
    match.seats_version += 1
    Match.objects.filter(pk=match.pk).update(seats_version=match.seats_version)


def match_create_paired(
    *,
    game: Game,
    options: dict,
    players: list,
    created_by,
    event_url: str = "",
    public: bool = False,
) -> Match:
    """A match between the people a tournament paired: `players` is [(user, DeckVersion)].

    One table of `match_create_paired_many`, which says the rest.
    """
    (match,) = match_create_paired_many(
        game=game,
        options=options,
        tables=[players],
        created_by=created_by,
        event_url=event_url,
        public=public,
    )
    return match


@transaction.atomic
def match_create_paired_many(
    *,
    game: Game,
    options: dict,
    tables: list[list],
    created_by,
    event_url: str = "",
    public: bool = False,
) -> list[Match]:
    """The matches between the people a tournament paired, one a table, in `tables`' order:
    each table is [(user, DeckVersion)], seat 0 first.

    Their decks were checked against the event's format when they registered,
    so none is checked again here. A match waits until every player says
    they are ready (`match_ready`); the tournament gives a game nobody started
    in time to whoever was there. `public`: anyone may watch (a listed event's).

    A round's tables are made together, since the organiser's request holds the
    event's row meanwhile: the Match rows in one insert and the seats in another,
    however many tables (SQLite takes 999 parameters a statement, so Django splits
    the matches' insert every 43 tables there). Options the game refuses refuse
    every table, and none is made.
    """
    spec = _table_game(game)
    options, bad = spec.options_from(options)
    if bad:
        raise MatchRefused(
            "bad_option",
            _("Choose one of the offered values for: %(names)s.") % {"names": ", ".join(bad)},
        )
    new_seed = Match._meta.get_field("seed").default
    matches = []
    for players in tables:
        seed = new_seed()
        matches.append(
            Match(
                game=game,
                options=copy.deepcopy(options),  # a row each: changing one changes no other
                opponent=Opponent.PAIRED,
                seed=seed,
                seed_sha256=hashlib.sha256(str(seed).encode()).hexdigest(),
                created_by=created_by,
                seat_count=len(players),
                event_url=event_url,
                public=public,
                # Inserted with its seats: the version `_seats_moved` gives a match's first
                # seats, without its update. Nobody has seen the match yet, so nobody keeps
                # older seats to be told of.
                seats_version=1,
            )
        )
    # the ids are uuid4s made here (Match.id's default), so the seats need nothing back
    Match.objects.bulk_create(matches)
    Seat.objects.bulk_create(
        Seat(match=match, position=position, user=user, deck_version=version)
        for match, players in zip(matches, tables, strict=True)
        for position, (user, version) in enumerate(players)
    )
    return matches


@transaction.atomic
def match_ready(*, match_id, user) -> Match:
    """A paired player is at the table; the match starts once every player is."""
    match = _locked(match_id)
    seat = match.seats.filter(user=user).first() if match and user.is_authenticated else None
    if seat is None:
        raise NotFound("not_found", _("No such match."))
    if match.opponent != Opponent.PAIRED:
        raise MatchRefused(
            "not_paired",
            _(
                "Only a tournament's match waits for its players to say they are ready: "
                "this one starts when its seats are taken."
            ),
        )
    if match.status != MatchStatus.WAITING:
        raise MatchRefused("not_waiting", _("This match is not waiting for players."))
    if seat.ready_at is None:
        seat.ready_at = timezone.now()
        seat.save(update_fields=["ready_at"])
    if not match.seats.filter(ready_at__isnull=True).exists():
        _start(match)
    return match


def match_abandon_unstarted(
    *, match_id, winners: list[int], reason: str = "absent"
) -> Match | None:
    """A match nobody started in time ends unplayed: `winners` are the seats that came.

    A tournament's pairing when its round's time is up (reason "absent"), or
    any waiting match left unchanged too long (`matches_call_off_stale`,
    reason CALLED_OFF_INACTIVE, no winners). Inside the caller's transaction.
    Not rated (it never started); None when the match is no longer waiting
    (it started meanwhile, so it is played out).
    """
    match = _locked(match_id)
    if match is None or match.status != MatchStatus.WAITING:
        return None
    match.status = MatchStatus.ABANDONED
    match.result = {"winners": sorted(winners), "reason": reason}
    match.finished_at = timezone.now()
    match.save(update_fields=["status", "result", "finished_at"])
    transaction.on_commit(lambda: frames.notify(match.pk))
    return match


@transaction.atomic
def match_join(*, match_id, user, deck: Deck | None) -> Match:
    match = _locked(match_id)
    if match is None or match.opponent not in (Opponent.INVITE, Opponent.OPEN):
        raise NotFound("not_found", _("No such match."))
    seated = match.seats.filter(user=user).exists()
    if match.status != MatchStatus.WAITING and not seated and not match.public:
        # a private match that began is its players' business; the joiner had its link
        raise private_match(joining=True)
    if seated:
        raise MatchRefused("already_seated", _("You already have a seat in this match."))
    if match.status != MatchStatus.WAITING:
        raise MatchRefused("not_waiting", _("This match is not waiting for players."))
    _check_open_matches(user)
    spec = _table_game(match.game)
    version = _check_deck(deck, user, match.game, match.options) if spec.uses_decks else None
    taken = match.seats.count()
    Seat.objects.create(match=match, position=taken, user=user, deck_version=version)
    _seats_moved(match)
    _waiting_match_changed(match)
    _seat_changed_hands(match, user)
    if taken + 1 >= match.seat_count:
        _start(match)
    return match


@transaction.atomic
def match_leave(*, match_id, user) -> Match:
    """A player who joined a match nobody has started gives their seat up.

    Its creator calls it off instead (`match_call_off`), and a tournament's
    pairing is the tournament's to settle (404 for both, as for a stranger).
    The seats after the leaver's move up one, so positions stay 0, 1, ... in
    the order people came (a join takes the position after the last); the
    seats version goes up, so no process keeps the old seats, and the others'
    waiting pages, which reload every few seconds, show the free seat.
    """
    match = _locked(match_id)
    seat = match.seats.filter(user=user).first() if match and user.is_authenticated else None
    if seat is None or match.opponent == Opponent.PAIRED:
        raise NotFound("not_found", _("No such match."))
    if match.status != MatchStatus.WAITING:
        raise MatchRefused("not_waiting", _("This match is not waiting for players."))
    if match.created_by_id == user.pk:
        raise MatchRefused(
            "creator", _("You made this match, so it is yours to call off or to start.")
        )
    seat.delete()
    # one row at a time from the front: each moves into the position just freed, so the
    # one-seat-per-position constraint holds after every statement
    for later in match.seats.filter(position__gt=seat.position).order_by("position"):
        Seat.objects.filter(pk=later.pk).update(position=later.position - 1)
    _seats_moved(match)
    _waiting_match_changed(match)
    _seat_changed_hands(match, user)
    return match


def _seat_changed_hands(match: Match, user) -> None:
    """`user` took a seat of `match` or gave theirs up: once stored, their open sockets at it
    listen again as what they are now (a player, a spectator of a public match, or nobody).

    Not for safety: frames go to the person sitting in a seat (play.frames.reader_groups),
    so a socket never hears a seat that is not its person's. Without this, a socket opened
    before would only go quiet (a leaver's) or keep the spectators' view (a joiner's).
    """
    match_id, user_id = match.pk, user.pk
    transaction.on_commit(lambda: frames.send_seat_changed(match_id, user_id))


def _waiting_match_changed(match: Match) -> None:
    """A person joined or left a waiting match (the caller holds the row): it is not stale.

    `last_action_at` is the time of a waiting match's last change, from which
    the stale sweep counts (`matches_call_off_stale`); it becomes the clock of
    the first move when the match starts (`_start`).
    """
    match.last_action_at = timezone.now()
    Match.objects.filter(pk=match.pk).update(last_action_at=match.last_action_at)


@transaction.atomic
def match_start_with_bots(*, match_id, user) -> Match:
    """The creator stops waiting: bots take the seats nobody joined, and the game begins."""
    match = _locked(match_id)
    # a paired match waits for its two players (match_ready), never for bots
    if match is None or match.created_by_id != user.pk or match.opponent == Opponent.PAIRED:
        raise NotFound("not_found", _("No such match."))
    if match.status != MatchStatus.WAITING:
        raise MatchRefused("not_waiting", _("This match is not waiting for players."))
    _fill_with_bots(match)
    _start(match)
    return match


def _start(match: Match) -> None:
    match.rated = ratings.is_rated(match, list(match.seats.select_related("deck_version")))
    match.status = MatchStatus.RUNNING
    match.started_at = match.last_action_at = timezone.now()
    state = match_state(match)
    match.snapshot = _snapshot(state, match.version)
    match.save()
    _after_commit(match, state)


def _locked(match_id) -> Match | None:
    """The match row, locked until the transaction ends (only this row, not its game's)."""
    return match_rows.locked(match_id)


@transaction.atomic
def match_rematch(*, match_id, user) -> Match:
    """A new match like a finished one, asked for by one of its players (404 for anyone else).

    One new match per match, however many presses: the old match's row is
    locked, and while a rematch of it waits or runs, a player of the old one
    is given that one back (or joins it, a seat being free) instead of a new
    one. So two presses of "Play again" open one table, and the other player's
    press brings them to the table the first one opened.
    """
    old = _locked(match_id)  # serialises the presses: the second sees the first's rematch
    seat = (
        old.seats.filter(user=user).select_related("deck_version__deck").first()
        if old is not None and user.is_authenticated
        else None
    )
    if seat is None:
        raise NotFound("not_found", _("No finished match of yours to play again."))
    if old.status not in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
        raise Conflict(
            "not_over", _("This match is not over yet: play it to the end before a new one.")
        )
    if old.opponent == Opponent.PAIRED:
        # a tournament's game: the event pairs the next one, and a match outside it with
        # the same opponent would be neither the event's nor one the lobby could make
        raise Conflict(
            "tournament_match",
            _("A tournament's match is not played again: the tournament pairs your next one."),
        )
    deck = seat.deck_version.deck if seat.deck_version else None  # games with decks
    if deck is not None and deck.deleted_at is not None:
        # The match keeps the version it was played with; a new one needs a live deck.
        raise Conflict(
            "deck_deleted", _("Your deck of this match was deleted: start a new match instead.")
        )
    again = rematch_of(old)
    if again is not None:
        if again.seats.filter(user=user).exists():
            return again
        if again.status == MatchStatus.WAITING:
            return match_join(match_id=again.pk, user=user, deck=deck)
        raise Conflict(
            "rematch_started",
            _("The others started the new match without you: start a new match instead."),
        )
    match = match_create(
        user=user,
        game=old.game,
        deck=deck,
        opponent=old.opponent if old.opponent in (*BOT_KINDS, Opponent.SOLO) else Opponent.INVITE,
        options=old.options,
        public=old.public,
    )
    match.rematch_of = old
    match.save(update_fields=["rematch_of"])
    # the other players' tables of the old match link to the new one at once
    others = list(old.seats.exclude(user=None).exclude(user=user).values_list("user_id", flat=True))
    if others:
        old_id, url = old.pk, match.get_absolute_url()
        transaction.on_commit(lambda: frames.send_rematch(old_id, others, url))
    return match


# --- acting -----------------------------------------------------------------------------------
def match_submit_action(
    *,
    match_id,
    user,
    action: dict,
    expected_version: int,
    held: frames.HeldFrames | None = None,
) -> Match:
    """One player's move: locked, version-checked, applied by the engine, logged, broadcast.

    The match comes back with `frame`: the mover's own new frame (JSON text),
    the one their seat is sent, so an answer over HTTP need not build it again.
    With `held`, the seats' frames are left there for the caller to send.
    """
    stage_times.lap("to a worker thread")
    with transaction.atomic():
        match = _locked(match_id)
        if match is None:
            raise NotFound("not_found", _("No such match."))
        seat = _seat_of(_seats(match), user)
        if seat is None and not match.public:  # a private match is no one else's to know of
            raise NotFound("not_found", _("No such match."))
        if seat is None:
            raise NotSeated("not_seated", _("Only the players of this match can act in it."))
        if match.status != MatchStatus.RUNNING:
            raise MatchRefused("not_running", _("This match is not running."))
        if seat.bot:
            raise MatchRefused(
                "bot_plays_your_seat",
                _("A bot plays your seat since you were away. Take your seat back to play on."),
            )
        if type(expected_version) is not int:  # True is no version, even if True == 1
            raise MatchRefused("bad_version", _("A version is a whole number."))
        if expected_version != match.version:
            # said alike at both doors: the socket sends the table as it is now after it (a
            # frame of its own), an HTTP answer holds none (GET the match for it)
            raise Conflict(
                "stale",
                _(
                    "Someone moved first, so your move was not made: "
                    "choose again from the table as it is now."
                ),
            )
        stage_times.lap("lock and checks")
        _apply(match, seat.position, action, as_offered=True, held=held)
    built = getattr(match, "frames", None)
    if built is not None:
        match.frame = built[seat.position]
    else:  # inside a caller's transaction the frames wait for its commit
        match.frame = frames.frame_text(frames.match_payload(match, seat))
    return match


def _apply(
    match: Match,
    position: int,
    action: dict,
    *,
    as_offered: bool = False,
    held: frames.HeldFrames | None = None,
) -> None:
    """Apply `action` for the seat at `position` inside the caller's transaction and lock.

    `as_offered`: the action came from a person, so it must be one of the
    legal actions with every value of the same JSON type (`_offered`).
    """
    if not isinstance(action, dict):
        raise MatchRefused("bad_action", _("An action is an object with a type."))
    # Nobody acts for another seat. A person may leave "player" out; one who names
    # another seat (or `true`, "0") is refused rather than quietly moved to their own.
    if as_offered and "player" in action and not _same_json(action["player"], position):
        raise MatchRefused(
            "bad_player",
            _("“player” is your own seat, %(seat)s, or left out.") % {"seat": position},
        )
    action = {**action, "player": position}
    state = states.take(match.pk, match.version) or match_state(match)
    try:
        # the engine's own copy of a person's move is what is applied and logged
        action = _offered(state, action) if as_offered else action
        state.apply(action)
    except (IllegalAction, MatchRefused) as refused:
        # An illegal action changed nothing: the state goes back as it was.
        _keep(match, state, _seats(match))
        if isinstance(refused, MatchRefused):
            raise
        # The engine's English sentence stays for API clients; the player reads their own
        # words. It may quote the move it refused, which is the sender's to make long.
        extra = {"detail": _capped(refused.message)}
        raise MatchRefused(refused.code, move_refusals.worded(refused), extra=extra) from None
    stage_times.lap("engine")
    match.version += 1
    match.last_action_at = timezone.now()
    fields = ["version", "last_action_at"]
    if state.is_over or match.version % SNAPSHOT_EVERY == 0:
        match.snapshot = _snapshot(state, match.version)
        fields.append("snapshot")
    if state.is_over:
        match.status = MatchStatus.FINISHED
        match.result = state.result
        match.finished_at = timezone.now()
        fields += ["status", "result", "finished_at"]
    match_rows.log_move(match, position, action, fields)
    if state.is_over:
        _ended(match)
    stage_times.lap("log")
    _after_commit(match, state, held)


def _ended(match: Match) -> None:
    """A match just ended (inside its transaction): ratings move, and whoever listens hears it."""
    ratings.record_result(match)
    match_ended.send(sender=Match, match=match)


def _offered(state, action: dict) -> dict:
    """The engine's own copy of `action` if it is legal exactly as offered; else a refusal.

    Engines compare actions with ==, for which JSON's `true` equals 1 and 1.0
    equals 1: `{"card": true}` would pass as card 1 and be logged as `true`.
    A person's move must carry each value with the type the engine offered,
    so the legal actions equal to it are compared again with types, and the
    first of the same types is the move (a list may offer 1.0 before 1). An action that
    is not legal at all goes to the engine for its own reason, unless it has a
    list or an object where no offered move of its type has one (a list where a
    card id belongs): that is refused here, as not well formed, without asking
    the engine, which may not expect it. Should the engine still fail to say
    why (an exception other than IllegalAction), the move is refused all the
    same, and the log says in a line what failed where, never the whole move.
    """
    legal = state.legal_actions(action["player"])
    equal, start = False, 0
    while True:
        # list.index reads the engine's dicts without copying them; legal[i] copies one
        try:
            found = legal.index(action, start)
        except ValueError:
            break
        if _same_json(legal[found], action):
            return legal[found]
        equal, start = True, found + 1
    if equal:  # legal only by ==: `true` where 1 was offered, 1.0 for 1
        raise MatchRefused(
            "bad_action",
            _("Send the move as it was offered: numbers as numbers, true/false as true/false."),
        )
    offered = [a for a in legal if a["type"] == action.get("type")]
    if offered and not _fits(action, offered):
        raise IllegalAction("bad_action", "A list or an object where the offered moves have none.")
    try:
        state.apply(action)  # not legal, so the engine refuses it and says why
    except IllegalAction:
        raise
    except Exception as failed:  # noqa: BLE001 - a shape the engine's explanation did not expect
        # One line a refusal, however long the move a client sent: what failed, and where
        # (the engine's own bug to fix), without the traceback or the whole move.
        where = traceback.extract_tb(failed.__traceback__)[-1]
        log.warning(
            "the engine could not explain refusing %s: %s: %s (%s:%s)",
            _capped(repr(action)),
            type(failed).__name__,
            _capped(str(failed)),
            where.filename,
            where.lineno,
        )
        raise MatchRefused("illegal_action", _("This move is not allowed now.")) from None
    # The engine applied what it had not listed: a bug. The state taken from
    # the cache is dropped (never kept), and nothing was written.
    raise RuntimeError(f"the engine applied an action it did not offer: {_capped(repr(action))}")


def _fits(value, offered: list) -> bool:
    """`value` has a list or an object only where one of the `offered` values (those at the
    same place in the offered moves) has one of the same kind, at every level.

    Engines hold card ids and the like as strings and numbers, and may look them up
    in a set or a dict (a list there is unhashable): such a move is malformed, not
    illegal. Scalars of any kind are the engine's to judge.
    """
    kind = type(value)
    if kind is not list and kind is not dict:
        return True
    alike = [o for o in offered if type(o) is kind]
    if not alike:
        return False
    if kind is list:
        items = [item for o in alike for item in o]
        return all(_fits(item, items) for item in value)
    return all(_fits(v, [o[k] for o in alike if k in o]) for k, v in value.items())


DETAIL_MAX_CHARS = 200


def _capped(detail: str) -> str:
    """An engine's refusal as sent back to the client: at most DETAIL_MAX_CHARS characters."""
    if len(detail) <= DETAIL_MAX_CHARS:
        return detail
    return detail[: DETAIL_MAX_CHARS - 1] + "…"


def _same_json(a, b) -> bool:
    """Equal, and of the same JSON type at every level (unlike ==, for which True == 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _keep(match: Match, state, seats: list[Seat]) -> None:
    """Give the state (and the seats) back to this process's cache, keyed on the row's numbers."""
    states.put(match.pk, match.version, state, seats, match.seats_version)


def _after_commit(match: Match, state, held: frames.HeldFrames | None = None) -> None:
    """Once the move is stored: send the new views, keep the state, wake a bot if it is its turn.

    The frames are built after the commit, so the row's lock is held for the
    move alone, and before the state goes back to the cache, where another
    writer may take it. Django runs on-commit work in the committing thread
    before the service returns, so `match.frames` is there for the caller.
    """
    seats = _seats(match)
    version, status = match.version, match.status

    def publish() -> None:
        stage_times.lap("commit")
        built = match.frames = frames.seat_frames(match, seats, state)
        _keep(match, state, seats)
        stage_times.lap("frames")
        events = frames.frame_events(match, seats, version, status, built)
        if held is None:
            frames.send_events_now(events)
            stage_times.lap("channel layer")
        else:  # the consumer sends them from its event loop
            held.hold_or_send(events)

    transaction.on_commit(publish)
    if match.status == MatchStatus.RUNNING and not state.is_over:
        bot_seat = next((s for s in seats if s.position == state.active_player and s.bot), None)
        if bot_seat is not None and not getattr(_bot_loop, "active", False):
            from play.tasks import bot_move

            match_id, version = match.pk, match.version

            def wake_the_bot() -> None:
                if held is not None:
                    # What the caller holds goes out before the bot is woken: an eager bot
                    # moves right here, and a worker may answer before the caller sends,
                    # so the table would see the bot's frame first and drop this move's
                    # as older (it did on `make run`'s stack).
                    events, held.events, held.closed = held.events, {}, True
                    frames.send_events_now(events)
                # The move is stored whatever the broker says: when it refuses the task,
                # the mover still hears the move was made, and a read of the table a
                # while later wakes the bot (bot_wake_if_stalled).
                task_queue.send(bot_move, str(match_id), version)

            transaction.on_commit(wake_the_bot)


def _seats(match: Match) -> list[Seat]:
    """The seats with their users, in order, as they are at the row `match` was read from.

    The copy kept in memory is used only when its seats version is the row's:
    another process may have given a seat to a bot since it was made.
    """
    seats = states.seats(match.pk, match.seats_version)
    if seats is None:
        seats = list(match.seats.select_related("user").order_by("position"))
    return seats


def _seat_of(seats: list[Seat], user) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


_bot_loop = threading.local()
BOT_MOVES_PER_TASK = 500  # far more than any turn; a runaway game still yields the worker
# A bot to move that has not moved this long after the last move is taken to have no
# task behind it (the broker refused it, or a worker lost it). Far longer than a bot
# thinks (the hard bot, a second or so) or a task waits in a busy queue: a second task
# for the same move is harmless (it finds the move made), only a worker's time.
BOT_STALLED_AFTER = timedelta(seconds=30)


def bot_wake_if_stalled(match: Match, *, now=None) -> bool:
    """Wake the bot a running match has waited on for BOT_STALLED_AFTER; True if a task went.

    A bot is woken once, after the move before its own is committed
    (`_after_commit`); when that task could not be sent, nothing else would
    wake it. The table's doors call this (its page, its socket connecting, the
    API's state that a table without a socket polls), and the periodic
    `play.wake_stalled_bots` for a table that stays open. Reloads cannot queue
    a task each: per match and version, one read every BOT_STALLED_AFTER gets
    to look, whoever reads, as the shared cache counts it. Most reads cost
    nothing: a recent move, or no bot at the table.
    """
    now = now or timezone.now()
    if (
        match.status != MatchStatus.RUNNING
        or match.last_action_at is None
        or now - match.last_action_at < BOT_STALLED_AFTER
    ):
        return False
    bots = set(match.seats.exclude(bot="").values_list("position", flat=True))
    if not bots:
        return False
    key = f"play:bot-woken:{match.pk}:{match.version}"
    try:
        first = cache.add(key, True, timeout=int(BOT_STALLED_AFTER.total_seconds()))
    except Exception:  # noqa: BLE001 - a cache that is down (Redis) must not fail the read
        log.warning("no check for a stalled bot in match %s", match.pk, exc_info=True)
        return False
    if not first:
        return False  # another read looked at this move lately
    state = match_state(match)
    if state.is_over or state.active_player not in bots:
        return False
    from play.tasks import bot_move

    log.warning("waking the bot of match %s, stalled at move %s", match.pk, match.version)
    match_id, version = str(match.pk), match.version
    transaction.on_commit(lambda: task_queue.send(bot_move, match_id, version))
    return True


# How far back the periodic look goes: a table left longer is woken by its next read.
BOT_SWEEP_WINDOW = timedelta(minutes=10)
BOT_SWEEP_MOST = 200


def bots_wake_stalled(*, now=None) -> int:
    """Wake the bots of running matches that stalled lately; how many were woken.

    The periodic task `play.wake_stalled_bots` calls this: a table whose socket
    stays open reads nothing more, so a bot whose task was lost (the broker was
    down) would wait there until a reload. At most BOT_SWEEP_MOST matches a
    run, those whose last move is BOT_STALLED_AFTER to BOT_SWEEP_WINDOW old.
    """
    now = now or timezone.now()
    stalled = (
        Match.objects.filter(
            status=MatchStatus.RUNNING,
            last_action_at__lte=now - BOT_STALLED_AFTER,
            last_action_at__gte=now - BOT_SWEEP_WINDOW,
            seats__bot__gt="",
        )
        .distinct()
        .order_by("last_action_at")[:BOT_SWEEP_MOST]
    )
    return sum(bot_wake_if_stalled(match, now=now) for match in stalled)


def bot_move(*, match_id, version: int) -> bool:
    """The bots' moves from `version` on, while bots are to act (the Celery task's body).

    One task plays every bot move in a row, each in its own transaction and
    broadcast like a person's, instead of queueing a task per move: with
    several bots at a table (ONIROO) that would nest when tasks run eagerly.
    """
    _bot_loop.active = True
    try:
        moved = 0
        while moved < BOT_MOVES_PER_TASK and _one_bot_move(match_id, version):
            moved += 1
            version += 1
    finally:
        _bot_loop.active = False
    return moved > 0


def _one_bot_move(match_id, version: int) -> bool:
    """The move of the bot to act at `version`; False when there is none to make.

    The bot decides between two holds of the match row: what its seat sees is
    read under the lock, the bot thinks without it (the hard bot takes a
    second of CPU, and the row need not wait on it), and the move is applied
    under the lock only if the match is still at `version` with that bot in
    the seat. The bot reads its view and legal actions, never the state.
    """
    with transaction.atomic():
        match = _locked(match_id)
        if match is None or match.status != MatchStatus.RUNNING or match.version != version:
            return False  # someone moved already, or it is over: nothing to do
        seats = _seats(match)
        state = states.take(match.pk, match.version) or match_state(match)
        _keep(match, state, seats)  # we hold the lock: _apply takes it back
        seat = next((s for s in seats if s.position == state.active_player and s.bot), None)
        if seat is None:
            return False
        position, kind = seat.position, seat.bot
        bot = _seat_bot(match, seats, seat)
        legal = state.legal_actions(position)
        view = state.view(position) if bot.needs_view else None
        rng = random.Random(f"{match.seed}:{match.version}:{position}")
    if bot.uses_knowledge and version > 0:
        # built afresh for this move, the hard bot is told what its seat was shown before
        # (a card it saw go back into a hand): the views of versions 0 to version - 1, from
        # what this process kept at the seat's last move when it has it, else from the deal
        # (play/bots/seat_memory.py); the log up to `version` never changes, so no lock
        from play.bots import seat_memory

        seat_memory.recall(bot, match, position, version, states_from_deal)
    action = bot.choose(view, legal, rng)
    with transaction.atomic():
        match = _locked(match_id)
        if match is None or match.status != MatchStatus.RUNNING or match.version != version:
            return False  # a claim or an abandonment came first
        seat = seat_at(_seats(match), position)
        if seat is None or seat.bot != kind:
            return False  # the person took their seat back while the bot thought
        _apply(match, position, action)
    return True


def _seat_bot(match: Match, seats: list[Seat], seat: Seat):
    """The bot that plays `seat` now, built with what the seat knows besides its view.

    The hard bot searches from its own deck and the match options, exactly as
    new_game got them (`engine_decks`: the one place a match's decks are made),
    and thinks PLAY_SEARCH_SECONDS of CPU a decision; the others need neither.
    """
    from play.bots import get_bot

    slug = match.game.slug
    seed = match.seed % (2**31) + seat.position
    if seat.bot != "search":
        return get_bot(seat.bot, seed=seed, game=slug)
    decks = engine_decks(match, sorted(seats, key=lambda s: s.position))
    spec = table_game(slug)
    # Álomfogó: the cards this seat brought; ONIROO: the game's one shared set (public)
    deck = decks[seat.position] if spec is not None and spec.uses_decks else decks[0]
    return get_bot(
        seat.bot,
        seed=seed,
        game=slug,
        deck=deck,
        options=match.options,
        seconds=settings.PLAY_SEARCH_SECONDS,
    )


def match_claim_win(*, match_id, user) -> Match:
    """A player whose opponent has been away too long takes the win."""
    with transaction.atomic():
        match, seats, seat = _running_seat(match_id, user)
        if len(seats) != 2:
            raise MatchRefused(
                "two_players_only", _("A win can be claimed only in a match of two players.")
            )
        state = match_state(match)
        if state.active_player == seat.position:
            raise MatchRefused(
                "your_turn", _("It is your move; the other player is not keeping you waiting.")
            )
        _refuse_before_the_limit(
            match, _("You can claim the win in %(s)s seconds if nobody moves.")
        )
        match.status = MatchStatus.ABANDONED
        match.result = {"winners": [seat.position], "reason": "abandoned"}
        match.finished_at = timezone.now()
        match.save()
        _ended(match)
    frames.notify(match.pk)
    return match


def match_resign(*, match_id, user) -> Match:
    """A player gives up a running match.

    With one or two seats the match ends and the others win (reason
    "resigned": a rated or tournament match counts it as a loss, as chess and
    card sites do). At a bigger table the game goes on for the others: a bot
    plays the seat to the end, as for a player who went away, unless nobody
    else is playing then (`giving_up_leaves_the_seat`, which the table's "give
    up" box reads to say which it will be).
    """
    with transaction.atomic():
        match, seats, seat = _running_seat(match_id, user)
        if giving_up_leaves_the_seat(seats, seat.position):
            if seat.left:
                raise MatchRefused("already_a_bot", _("A bot already plays your seat."))
            # for good: unlike a seat a bot took while its player was away, not taken back
            Seat.objects.filter(pk=seat.pk).update(bot=match.fill_bot or "greedy", left=True)
            _seats_changed(match, states.take(match.pk, match.version) or match_state(match))
            return match
        match.status = MatchStatus.FINISHED
        match.result = {
            "winners": [s.position for s in seats if s.position != seat.position],
            "reason": "resigned",
            "resigned": seat.position,
        }
        match.finished_at = timezone.now()
        match.save()
        _ended(match)
    frames.notify(match.pk)
    return match


@transaction.atomic
def match_call_off(*, match_id, user) -> None:
    """The creator calls off a match nobody has started: it goes, with its seats.

    A tournament's paired match is the tournament's to settle, not its players'.
    """
    match = _locked(match_id)
    if match is None or match.created_by_id != user.pk or match.opponent == Opponent.PAIRED:
        raise NotFound("not_found", _("No such match."))
    if match.status != MatchStatus.WAITING:
        raise MatchRefused("not_waiting", _("This match is not waiting for players."))
    if match.seats.exclude(user=user).exists():
        raise MatchRefused(
            "others_joined",
            _("Others have joined: start with bots in the empty seats, or wait for the rest."),
        )
    match.delete()


# Matches a sweep calls off at most: the next sweep takes the rest.
STALE_SWEEP_MOST = 200


def matches_call_off_stale(*, now=None) -> int:
    """Call off the matches waiting for players with no change for WAITING_MATCH_STALE_AFTER.

    The periodic task `play.call_off_stale_waiting_matches` calls this: a match
    nobody starts (its creator went away, nobody took the link) would hold a
    place of each of its players' open-match limit and sit in the lobby for
    ever. Each ends unplayed as a tournament's pairing nobody started does
    (`match_abandon_unstarted`, no winners, reason CALLED_OFF_INACTIVE), so its
    players find on its page why it went. Each in its own transaction, checked
    again under the row's lock: a join meanwhile keeps it. How many went.
    """
    cutoff = (now or timezone.now()) - WAITING_MATCH_STALE_AFTER
    stale = list(stale_waiting_matches(cutoff).values_list("pk", flat=True)[:STALE_SWEEP_MOST])
    called_off = 0
    for match_id in stale:
        with transaction.atomic():
            if (
                _locked(match_id) is None
                or not stale_waiting_matches(cutoff).filter(pk=match_id).exists()
            ):
                continue
            ended = match_abandon_unstarted(
                match_id=match_id, winners=[], reason=CALLED_OFF_INACTIVE
            )
            called_off += ended is not None
    return called_off


def match_seat_to_bot(*, match_id, user) -> Match:
    """At a table of three or more, a bot takes the seat of a player who has been away too long.

    Two players settle an absence with a claimed win; with more, the game goes
    on for the others. The absent player keeps their seat and their view, and
    may take the seat back (`match_take_seat_back`).
    """
    with transaction.atomic():
        match, seats, seat = _running_seat(match_id, user)
        if len(seats) <= 2:
            raise MatchRefused(
                "claim_instead",
                _(
                    "With two players, claim the win instead: "
                    "a bot takes seats only at bigger tables."
                ),
            )
        state = states.take(match.pk, match.version) or match_state(match)
        absent = seat_at(seats, state.active_player)
        try:
            if absent is None or absent.position == seat.position:
                raise MatchRefused(
                    "your_turn", _("It is your move; nobody is keeping you waiting.")
                )
            if absent.bot:
                raise MatchRefused("already_a_bot", _("A bot already plays that seat."))
            _refuse_before_the_limit(
                match, _("A bot may take the seat in %(s)s seconds if nobody moves.")
            )
        except MatchRefused:
            _keep(match, state, seats)  # nothing changed: keep it
            raise
        Seat.objects.filter(pk=absent.pk).update(bot=match.fill_bot or "greedy")
        _seats_changed(match, state)
    return match


def match_take_seat_back(*, match_id, user) -> Match:
    """The player whose seat a bot took plays on themselves."""
    with transaction.atomic():
        match, seats_now, seat = _running_seat(match_id, user)
        if seat.left:
            raise MatchRefused("left", _("You left this table: a bot plays your seat to the end."))
        if not seat.bot:
            raise MatchRefused("not_a_bot", _("You are playing your seat yourself."))
        # a seat a bot plays is not counted among the person's matches: taken back, it is
        _check_open_matches(user)
        hard = sum(s.bot == HARD_BOT for s in seats_now if s.pk != seat.pk)
        if hard:
            _check_hard_bots(user, adding=hard)
        Seat.objects.filter(pk=seat.pk).update(bot="")
        _seats_changed(match, states.take(match.pk, match.version) or match_state(match))
    return match


def _running_seat(match_id, user) -> tuple[Match, list[Seat], Seat]:
    """The locked running match, its seats and the requester's seat (404 for anyone else)."""
    match = _locked(match_id)
    seats = _seats(match) if match else []
    seat = _seat_of(seats, user)
    if seat is None:
        raise NotFound("not_found", _("No such match."))
    if match.status != MatchStatus.RUNNING:
        raise MatchRefused("not_running", _("This match is not running."))
    return match, seats, seat


def _refuse_before_the_limit(match: Match, message: str) -> None:
    """Refuse with `message` (it names %(s)s, the seconds left) until ABANDON_AFTER has passed."""
    waited = timezone.now() - match.last_action_at
    if waited < ABANDON_AFTER:
        left = int((ABANDON_AFTER - waited).total_seconds())
        raise MatchRefused("too_early", message % {"s": left})


def _seats_changed(match: Match, state) -> None:
    """After a seat passed to a bot or back: everyone sees it, and a bot to move moves."""
    _seats_moved(match)  # other processes learn it from the row's seats version
    states.forget(match.pk)
    _after_commit(match, state)
