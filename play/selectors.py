"""Matches read: the engine state at a version, who may see a match, the cards a table deals.

Nothing here writes. The writer's own faster path (the states and seats this
process keeps between moves, `play.state_cache`) belongs to play.services;
readers rebuild from the database, so no reader sees a state a writer changes.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _

from catalog.models import Card, Game
from catalog.records import row_record
from catalog.selectors import face_url
from core.errors import ApplicationError, Conflict, NotFound
from core.games import GAMES, all_games, get_game, table_game
from core.hungarian import percent_filled
from core.text import controls_removed
from decks import validation
from decks.models import Deck
from decks.selectors import deck_entries, decks_of, with_entries
from play import names, outcomes
from play.engines import IllegalAction, get_engine
from play.models import Match, MatchStatus, Opponent, Seat

# How long a player may keep the table waiting before the others may act on
# it (claim the win, or give the seat to a bot); every frame tells the table.
ABANDON_AFTER = timedelta(minutes=5)
# A match waiting for players with no change for this long (nobody joined or left since, or
# since it was made) is called off by the periodic sweep (services.matches_call_off_stale):
# it would hold a place of each of its players' open-match limit and sit in the lobby for
# ever. A day leaves a friend with the link the evening to come.
WAITING_MATCH_STALE_AFTER = timedelta(hours=24)
# The result's reason for such a match.
CALLED_OFF_INACTIVE = "inactive"
# Printed card facts change only when the catalogue is reloaded, and every
# frame of every table needs them: keep them a few minutes in this process.
_PUBLIC_CARDS_TTL = 300.0


# --- the cards a table deals --------------------------------------------------------------
_pools: dict[str, tuple[float, list[dict]]] = {}


def game_pool(slug: str) -> list[dict]:
    """Every card of a game that deals from its whole set (kept a few minutes in memory)."""
    found = _pools.get(slug)
    if found is not None and time.monotonic() - found[0] < _PUBLIC_CARDS_TTL:
        return found[1]
    cards = Card.objects.filter(game__slug=slug).select_related("game", "card_set")
    pool = [row_record(c) for c in cards.order_by("sort_key", "code")]
    _pools[slug] = (time.monotonic(), pool)
    return pool


def engine_decks(match: Match, seats: list[Seat]) -> list[list[dict]]:
    """What the engine's `new_game` gets: a deck per seat, or the game's one shared pool."""
    spec = table_game(match.game.slug)
    if spec is not None and spec.uses_decks:
        return [deck_cards(s, match.options) for s in seats]
    return [game_pool(match.game.slug)]


def deck_cards(seat: Seat, options: dict | None = None) -> list[dict]:
    """The cards of a seat's deck; a bot's own deck is made for the table's `options` (its
    match's), so a ban on a card type holds for it too."""
    # a bot's own seat has no deck version; a person's seat a bot took over keeps the person's
    if seat.deck_version_id is None:
        from play.bots.alomfogo_cards import DEMO_DECKS, all_cards, bot_deck_codes

        name = "vedo" if seat.position % 2 else "tamado"
        options = options or {}
        # the demo deck's cards, or under a ban every shipped card it may be topped up with
        wanted = list(all_cards() if options.get("banned_types") else DEMO_DECKS[name])
        cards = {
            c.code: row_record(c)
            for c in Card.objects.filter(code__in=wanted).select_related("game", "card_set")
        }
        return [cards[code] for code in bot_deck_codes(name, cards, options)]
    entries = [e for e in seat.deck_version.entries if e["board"] == "main"]
    cards = {
        c.code: row_record(c)
        for c in Card.objects.filter(code__in=[e["code"] for e in entries]).select_related(
            "game", "card_set"
        )
    }
    return [cards[e["code"]] for e in entries for _ in range(e["count"])]


# --- state --------------------------------------------------------------------------------
class RecordUnreadable(Conflict):
    """A logged move the engine refuses when the log is played again (409).

    The log is the truth, and it was legal when it was written; a rule changed
    since (ONIROO's taken-back reveal) leaves older matches' logs unreadable.
    They are said to be so, not answered with a server error.
    """

    def __init__(self, seq: int) -> None:
        params = {"n": seq}
        message = _(
            "This match was played under rules that have changed since, so its record "
            "cannot be played again from move %(n)s on."
        )
        super().__init__("record_unreadable", percent_filled(message, params), extra={"move": seq})


def _apply_logged(state, seq: int, action: dict) -> list:
    try:
        return state.apply(action)
    except IllegalAction as refused:
        raise RecordUnreadable(seq) from refused


def states_from_deal(match: Match, upto: int | None = None):
    """The engine state after the deal (step 0) and after each logged action (to `upto`).

    One state object, moved on in place: read each before asking for the next.
    """
    for state, _events in moves_from_deal(match, upto):
        yield state


def moves_from_deal(match: Match, upto: int | None = None):
    """(state, the events of the step that led to it) from the deal on: the log played again.

    Step 0 is the deal, with no events of its own (a view lists what the deal turned up).
    """
    seats = list(match.seats.select_related("deck_version").order_by("position"))
    engine = get_engine(match.game.slug)
    state = engine.new_game(engine_decks(match, seats), match.options, match.seed)
    yield state, []
    actions = match.actions.order_by("seq")
    if upto is not None:
        actions = actions.filter(seq__lte=upto)
    for seq, action in actions.values_list("seq", "action").iterator():
        events = _apply_logged(state, seq, action)
        yield state, events


def match_state(match: Match):
    """The engine state at match.version: the last snapshot plus the logged actions after it."""
    engine = get_engine(match.game.slug)
    snapshot = match.snapshot or {}
    snapshot_version = snapshot.get("_version")
    if isinstance(snapshot_version, int) and snapshot_version <= match.version:
        data = dict(snapshot)
        data.pop("_version")
        state = engine.from_dict(data)
    else:  # no usable snapshot: the log alone rebuilds the match
        seats = list(match.seats.select_related("deck_version").order_by("position"))
        state = engine.new_game(engine_decks(match, seats), match.options, match.seed)
        snapshot_version = 0
    if snapshot_version < match.version:
        tail = match.actions.filter(seq__gt=snapshot_version, seq__lte=match.version)
        for seq, action in tail.order_by("seq").values_list("seq", "action"):
            _apply_logged(state, seq, action)
    return state


# --- who sees what ------------------------------------------------------------------------
def match_for(*, match_id, user) -> tuple[Match, Seat | None]:
    """The match and the requester's seat; public matches are visible to spectators, others 404."""
    match = Match.objects.select_related("game").filter(pk=match_id).first()
    if match is None:
        raise NotFound("not_found", _("No such match."))
    seat = match.seats.filter(user=user).first() if user.is_authenticated else None
    # Others may open a match only to join it while it waits, or to watch a public one.
    joinable = match.status == MatchStatus.WAITING and match.opponent in (
        Opponent.OPEN,
        Opponent.INVITE,
    )
    if seat is None and not match.public and not joinable:
        raise private_match()
    return match, seat


def private_match(*, joining: bool = False) -> NotFound:
    """The 404 for a private match the visitor has no seat in, saying so.

    Its address holds a random id that only its players and those they gave the link
    know; "No such match" told someone who had the link something untrue (after the
    last seat was taken between their look and their press, say), and saying the match
    is private tells a stranger nothing they could have found. Still a 404: what is in
    it stays the players'.
    """
    if joining:
        return NotFound(
            "not_found",
            _(
                "Every seat of this match was taken before you joined. It is private, so "
                "only its players can open it."
            ),
        )
    return NotFound(
        "not_found",
        _("This match is private and you have no seat in it: only its players can open it."),
    )


def stale_waiting_matches(cutoff):
    """The matches waiting for players with no change since `cutoff`, oldest first.

    A join or a leave is a waiting match's change (services.match_join and
    match_leave note it in `last_action_at`); one nobody joined counts from its
    making. A tournament's pairing is the tournament's to settle, when its round's
    time is up.
    """
    return (
        Match.objects.filter(status=MatchStatus.WAITING)
        .exclude(opponent=Opponent.PAIRED)
        .filter(
            Q(last_action_at__lt=cutoff) | Q(last_action_at__isnull=True, created_at__lt=cutoff)
        )
        .order_by("created_at")
    )


def called_off(match: Match) -> bool:
    """A match that ended before it started, not a tournament's: nothing was ever dealt.

    Its seats may never all have been taken, so there is no table to draw (an
    engine refuses a deal for fewer players than the options say): its page
    says it was called off, and its frames carry no view.
    """
    return (
        match.status == MatchStatus.ABANDONED
        and match.started_at is None
        and match.opponent != Opponent.PAIRED
    )


def dealt(match: Match) -> Match:
    """`match`, or NotFound for one called off before anything was dealt (`called_off`):
    a replay would deal it, and a seat may be missing for that."""
    if called_off(match):
        raise NotFound("not_found", _("No such match."))
    return match


def rematch_of(match: Match) -> Match | None:
    """The match a player of `match` opened to play it again, while it waits or runs.

    Nothing for a match still under way, or whose rematch is over: "Play
    again" then opens a new one (services.match_rematch).
    """
    if match.status not in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
        return None
    going = (MatchStatus.WAITING, MatchStatus.RUNNING)
    return Match.objects.filter(rematch_of=match, status__in=going).order_by("created_at").first()


def seats_of(match: Match) -> list[Seat]:
    """The seats with their users, in order, as the database has them now."""
    return list(match.seats.select_related("user").order_by("position"))


def seat_at(seats: list[Seat], position: int | None) -> Seat | None:
    return next((s for s in seats if s.position == position), None)


def giving_up_leaves_the_seat(seats: list[Seat], position: int) -> bool:
    """Whether the player at `position` giving up hands their seat to a bot while the
    others play on (`services.match_resign`), rather than ending the match: at a table of
    three or more where someone else is a person still playing. Bots playing on for no
    one would keep a worker busy for minutes, so a table of bots ends as a small one."""
    return len(seats) > 2 and any(not s.bot for s in seats if s.position != position)


# --- the lobby ----------------------------------------------------------------------------
# Who a person may ask to play against: the easy, normal and hard bots (play.bots.LEVELS), a
# friend with the link, or anyone. Never `PAIRED` (only a tournament pairs two players) nor
# `SOLO` (a game for one is played alone whatever was asked, and a bigger table cannot be).
OPPONENTS_TO_CHOOSE = (
    Opponent.BOT_RANDOM,
    Opponent.BOT_GREEDY,
    Opponent.BOT_SEARCH,
    Opponent.INVITE,
    Opponent.OPEN,
)


# The lobby lists a person's most recent matches (newest first).
MY_MATCHES = 50


@dataclass(frozen=True)
class MyMatch:
    """One of a person's matches as the lobby lists it, from their side."""

    match: Match
    opponents: list[str]  # the other seats as the table names them (bots by level)
    # outcomes.WON / LOST / DRAW / ABANDONED for one that ended, "" while it waits or runs
    outcome: str
    reason: str  # why it ended, in the words its table's result uses ("" for none)
    # a running match's last move (its start before the first): nothing ends a match
    # nobody plays any more (only a waiting one is called off), so the list says how long
    # it has been still
    last_move_at: datetime | None


def my_matches(user, limit: int = MY_MATCHES) -> list[MyMatch]:
    """The person's `limit` most recent matches, each with its opponents and, once ended,
    how it went for them (two queries: the matches, then their seats)."""
    seats = Seat.objects.select_related("user").order_by("position")
    matches = (
        Match.objects.filter(seats__user=user)
        .select_related("game")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-created_at")[:limit]
    )
    rows = []
    for match in matches:
        at_table = list(match.seats.all())
        own = next(s.position for s in at_table if s.user_id == user.pk)
        named = names.seat_names(at_table)
        spec = table_game(match.game.slug)
        ended = match.status in (MatchStatus.FINISHED, MatchStatus.ABANDONED)
        alone = match.seat_count == 1
        rows.append(
            MyMatch(
                match=match,
                opponents=[named[s.position] for s in at_table if s.position != own],
                outcome=outcomes.seat_outcome(match.status, match.result, own, match.seat_count),
                reason=outcomes.reason_words(spec, match.result, alone=alone, you=own, names=named)
                if ended and spec is not None
                else "",
                last_move_at=match.last_action_at or match.started_at
                if match.status == MatchStatus.RUNNING
                else None,
            )
        )
    return rows


def opponents_to_choose(spec) -> list[Opponent]:
    """The opponents a person may choose for `spec`'s game: what its lobby form offers and all
    that `services.match_create` takes from a person (the hard bot only where it plays)."""
    return [
        opponent
        for opponent in OPPONENTS_TO_CHOOSE
        if opponent != Opponent.BOT_SEARCH or spec.searchable
    ]


# --- printed card facts ---------------------------------------------------------------------
def _codes(value, found: set[str] | None = None) -> set[str]:
    """Every string under a `code` key anywhere in `value` (added to `found`, one set for all)."""
    if found is None:
        found = set()
    if isinstance(value, dict):
        code = value.get("code")
        if isinstance(code, str):
            found.add(code)
        for item in value.values():
            if isinstance(item, (dict, list)):
                _codes(item, found)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                _codes(item, found)
    return found


PUBLIC_CARD_FIELDS = (
    "code", "name", "name_en", "type", "cost", "attack", "defense", "glory_bonus", "text",
    "text_en", "effects",
)  # fmt: skip
# code -> (the row, the row without `effects`): every frame of every table reads them.
_public_card_rows: dict[str, tuple[dict, dict]] = {}
_public_cards_loaded_at = 0.0
_public_cards_lock = threading.Lock()


def _public_row(card: Card) -> dict:
    row = {field: getattr(card, field) for field in PUBLIC_CARD_FIELDS}
    row["face"] = face_url(card, "thumb")
    row["zoom"] = face_url(card, "large")
    return row


def public_cards(view: dict) -> dict:
    """The printed facts of every card the view shows (by code).

    A view names a card by a `code` field, or lists the codes it shows under
    `cards` (Arcane Guardian). Arcane Guardian's table also needs a card's
    `effects` (what a fight costs, what a use does); the other games print
    their abilities as text. Each card carries the versioned URLs of its face
    as the table draws it (`face`) and close up (`zoom`): a seat learns a
    face's address only for a card its view shows face up.
    """
    global _public_cards_loaded_at
    codes = _codes(view)
    if isinstance(view.get("cards"), dict):
        codes |= {code for code in view["cards"] if isinstance(code, str)}
    with _public_cards_lock:
        if time.monotonic() - _public_cards_loaded_at > _PUBLIC_CARDS_TTL:
            _public_card_rows.clear()
            _public_cards_loaded_at = time.monotonic()
        missing = codes - _public_card_rows.keys()
    if missing:
        cards = Card.objects.filter(code__in=missing).select_related("game", "card_set")
        rows = [_public_row(card) for card in cards]
        with _public_cards_lock:
            _public_card_rows.update(
                (row["code"], (row, {k: v for k, v in row.items() if k != "effects"}))
                for row in rows
            )
    game = GAMES.get(view.get("game"))
    which = 0 if game is not None and game.public_effects else 1
    return {
        code: rows[which] for code in codes if (rows := _public_card_rows.get(code)) is not None
    }


@dataclass(frozen=True)
class LobbyDeck:
    """One of the player's decks as the lobby offers it: its main-board size and whether
    it is legal in its format now (the table checks again when the match starts)."""

    deck: Deck
    cards: int
    legal: bool


# Decks the lobby offers: the most recently edited (each is loaded and validated for the
# page; a person may keep a thousand, and the page took half a minute for them all).
LOBBY_DECKS = 50


def lobby_decks(user, match: Match | None = None) -> list[LobbyDeck]:
    """The user's LOBBY_DECKS most recently edited decks of the games whose seats bring their
    own deck (of `match`'s game, judged by its options, when joining it), the legal ones
    first (most recently edited first within each), so the form starts on one that can play."""
    if not user.is_authenticated:
        return []
    own = [slug for slug, spec in GAMES.items() if spec.uses_decks]
    if match is not None:
        own = [slug for slug in own if slug == match.game.slug]
    options = match.options if match is not None else {}
    found = []
    recent = decks_of(user=user).filter(game__slug__in=own)  # most recently edited first
    for deck in with_entries(recent[:LOBBY_DECKS]):
        slug = deck.game.slug
        fmt = get_game(slug).table_format(options, deck.format)
        legal = not validation.validate(deck_entries(deck), slug, fmt)
        found.append(LobbyDeck(deck, deck.card_count, legal))
    return sorted(found, key=lambda row: not row.legal)  # stable: recent first in each


def no_legal_deck(decks: list[LobbyDeck]) -> bool:
    """The player has decks of the game but the table would refuse every one."""
    return bool(decks) and not any(row.legal for row in decks)


# --- the game a match is asked for ---------------------------------------------------------
GAME_SHOWN_MAX = 40  # characters of an unknown game's name said back


def game_to_play(sent) -> Game:
    """The game `sent` (a game's id as a form or JSON gives it) names, to start a match of.

    Refused with `unknown_game` when it names no game, saying what was sent
    (its first GAME_SHOWN_MAX characters, controls removed) and listing the games
    one can play online (`extra["games"]`); `no_engine` only for a real game
    that has no table to play on.
    """
    game = Game.objects.filter(slug=sent).first() if isinstance(sent, str) else None
    if game is None:
        shown = controls_removed(sent if isinstance(sent, str) else json.dumps(sent))
        if len(shown) > GAME_SHOWN_MAX:
            shown = shown[: GAME_SHOWN_MAX - 1] + "…"
        games = [spec.id for spec in all_games() if table_game(spec.id) is not None]
        raise ApplicationError(
            "unknown_game",
            _("No such game: “%(game)s”. The games you can play: %(games)s.")
            % {"game": shown, "games": ", ".join(games)},
            extra={"games": games},
        )
    if table_game(game.slug) is None:
        raise ApplicationError("no_engine", _("This game cannot be played online yet."))
    return game
