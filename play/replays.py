"""Replays: a finished match rebuilt from its action log, one step at a time.

Step k is the table after the first k logged actions, seen from one seat (or
as a spectator). Only finished or abandoned matches replay — during a game
the log would reveal what the seats may not see yet.

Whose view may be replayed (`perspectives`):
- a spectator's, by anyone who may replay the match at all: it shows no hand;
- your own seat, always;
- another seat, only when you played the match, it was not a tournament's,
  and that seat's hidden cards are no secret of a private deck: the seat had
  no deck of its own (a bot's demo deck, or a game such as ONIROO or Arcane
  Guardian that deals every seat from the game's one pool), or its deck is
  public or unlisted. Stepping through a seat's view shows every card it
  drew, which is its decklist: a private deck's owner has said nobody else
  may read that list (decks/selectors.py answers 404 for it), and playing
  against it does not change that. A deck version does not keep the
  visibility the deck had when it was played, so the deck's visibility now
  decides: its owner may hide it again, and a deleted deck stays hidden.
- In a tournament's match each player keeps to their own seat, whatever the
  decks: nobody learns an opponent's unplayed cards before their next game.

A public match's replay may be shared with anyone by its link, and anyone
else sees what a spectator saw live.

A replay frame says whether the seat it is seen from is the viewer's own
(`replay.own`): only then does the table speak to the viewer as "you". From
another seat, or as a spectator, every seat is named, as a spectator reads it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.utils.translation import gettext as _

from core.errors import NotFound
from core.kept import kept_cache
from decks.models import Visibility
from play import frames, names
from play.engines import IllegalAction, get_engine
from play.models import Match, MatchStatus, Opponent, Seat
from play.selectors import RecordUnreadable, dealt, engine_decks, private_match, seats_of

OVER = (MatchStatus.FINISHED, MatchStatus.ABANDONED)
# A replayed match never changes, so the engine state every SNAPSHOT_EVERY steps is kept in
# the cache (`_state_at`): a step is played again from the kept state nearest below it, at
# most SNAPSHOT_EVERY moves, instead of from the deal; only the first visit past the kept
# states plays the log on to its step (once). Stepping one step at a time, the player's usual
# way, starts from the same kept state each time. A state is some tens of KB (ONIROO's 48).
SNAPSHOT_EVERY = 100
KEEP_SECONDS = 24 * 3600


def replayable(match_id, user) -> Match:
    """The match if `user` may replay it, else NotFound: also while it is still being played,
    and for one called off before anything was dealt (a replay would deal it, and a seat may
    be missing for that). Every door to a replay (page, API) asks this one function."""
    match = Match.objects.select_related("game").filter(pk=match_id).first()
    seated = match is not None and user.is_authenticated and match.seats.filter(user=user).exists()
    if match is not None and not (seated or match.public):
        raise private_match()
    if match is None or match.status not in OVER:
        raise NotFound("not_found", _("No such match."))
    return dealt(match)


def perspectives(match: Match, user) -> set[int | None]:
    """The seats whose view `user` may replay (the module's rule); None, a spectator's, always."""
    seats = list(match.seats.select_related("deck_version__deck").order_by("position"))
    own = {s.position for s in seats if user.is_authenticated and s.user_id == user.pk}
    if not own or match.opponent == Opponent.PAIRED:
        return own | {None}
    open_seats = {s.position for s in seats if _no_private_deck(s)}
    return own | open_seats | {None}


def _no_private_deck(seat: Seat) -> bool:
    """Whether the cards `seat` held tell nothing of a private deck (the module's rule)."""
    if seat.deck_version_id is None:
        return True  # a bot's demo deck, or the game's one shared pool
    # The version's deck is reached by the plain base manager, so a deleted deck is here too.
    deck = seat.deck_version.deck
    return deck.deleted_at is None and deck.visibility != Visibility.PRIVATE


def default_perspective(match: Match, user) -> int | None:
    """The viewer's own seat (the first, should they hold several), else a spectator's."""
    own = [s.position for s in seats_of(match) if user.is_authenticated and s.user_id == user.pk]
    return own[0] if own else None


def replay_for(match: Match, user, position: int | None, step: int) -> dict:
    """`replay_frame` from a perspective `user` may take; NotFound for another seat's cards."""
    own = _may_take(match, user, position)
    return replay_frame(match, position, step, own=own)


def replay_page_parts(match: Match, user, position: int | None, step: int) -> tuple[dict, list]:
    """`replay_for` and `turn_starts`, for the replay page. The turn list comes first: the
    first time, working it out plays the whole log and keeps the states on the way, so the
    frame after it starts from a kept state rather than playing the log a second time."""
    own = _may_take(match, user, position)  # refused before any replaying
    turns = turn_starts(match)
    return replay_frame(match, position, step, own=own), turns


def _may_take(match: Match, user, position: int | None) -> bool:
    """NotFound unless `user` may replay the match from `position`: no such seat, or
    another seat's cards that are not shown to them. Else whether `position` is a seat
    `user` holds (a spectator's view is nobody's)."""
    seats = seats_of(match)
    taken = {s.position for s in seats}
    if position in taken and position not in perspectives(match, user):
        raise NotFound(
            "hidden_seat",
            _("That seat's cards are not shown to you: replay the match as a spectator."),
        )
    if position is not None and position not in taken:
        raise NotFound("not_found", _("No such match."))
    return user.is_authenticated and any(
        s.position == position and s.user_id == user.pk for s in seats
    )


def turn_starts(match: Match) -> list[dict]:
    """[{"turn", "step", "player"}] — where each turn begins, for "jump to a turn".

    A finished match never changes, so the list is worked out once and kept; the key holds
    the match's version, as the kept states' keys do (a match is replayed only once it has
    stopped, so its log no longer grows).
    """
    key = f"replay-turns:{match.pk}:{match.version}"
    return kept_cache.get_or_set(key, lambda: _turns_from_deal(match), KEEP_SECONDS)


def _turns_from_deal(match: Match) -> list[dict]:
    """The turn starts, by the whole log played from the deal: a new turn begins wherever
    the engine's `turn_marker` changes (what a turn is, is the game's rule). The marker is
    read from the state, so the cost is the playing itself, the pass `_state_at` makes; it
    keeps the states on its way, as a visit to the last step would (the page's frame then
    plays at most SNAPSHOT_EVERY moves)."""
    starts: list[dict] = []
    previous = None

    def note(step: int, state) -> None:
        nonlocal previous
        marker = state.turn_marker()
        if marker != previous and not state.is_over:
            starts.append({"turn": len(starts) + 1, "step": step, "player": state.active_player})
            previous = marker

    _state_at(match, match.version, each_step=note)
    return starts


MENU_TURNS = 150  # a match of more turns lists every k-th turn in the menu,
MENU_LISTED = 100  # about this many


def turn_menu(turns: list[dict]) -> list[dict]:
    """The turns the "jump to a turn" menu lists: all of them, or for a long match every
    k-th (a menu of thousands helps nobody, and its options cost the page most of its
    time); a step form reaches the turns between. None for a match of one turn: its one
    entry would be the first step, where « goes already. So it is in a game that numbers no
    turns and always waits for the same seat (Arcane Guardian's dungeon: `turn_marker`)."""
    if len(turns) < 2:
        return []
    if len(turns) <= MENU_TURNS:
        return turns
    return turns[:: max(1, round(len(turns) / MENU_LISTED))]


STEP_FORM_FROM = 3  # fewer steps: «, ‹, › and » reach each of them in a press


def replay_jumps(turns: list[dict], step: int, steps: int) -> dict:
    """How the replay page at `step` (of `steps`) offers to jump, the same for every game:
    `turn_menu` (`turn_menu`), `current_turn` (the step of the listed turn at or before
    `step`, the one the menu selects) and `step_form`, whether a step is also reached by
    its number: where the menu leaves turns out, or where there is no menu at all."""
    menu = turn_menu(turns)
    return {
        "turn_menu": menu,
        "current_turn": max((t["step"] for t in menu if t["step"] <= step), default=0),
        "step_form": len(menu) < len(turns) and steps >= STEP_FORM_FROM,
    }


def replay_frame(match: Match, position: int | None, step: int, *, own: bool = False) -> dict:
    """The table at `step` from seat `position` (None: as a spectator), like a live frame;
    `own`: the seat is the viewer's (`step_frame`)."""
    seats = seats_of(match)
    if position is not None and position not in [s.position for s in seats]:
        raise NotFound("not_found", _("No such match."))
    step = max(0, min(step, match.version))
    return step_frame(match, _state_at(match, step), position, step, seats, own=own)


def step_frame(
    match: Match, state, position: int | None, step: int, seats: list[Seat], *, own: bool = False
) -> dict:
    """The replay frame of `state`, the table after the first `step` logged moves, seen from
    `position`: a live frame (the match's status and result at the last step only) with the
    step counter, and `own`, whether `position` is the viewer's own seat (the module's
    docstring). It shows whatever `state` holds: the caller has checked the seat."""
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
        "replay": {"step": step, "steps": match.version, "own": own},
    }


def _snapshot_key(match: Match, step: int) -> str:
    return f"replay-state:{match.pk}:{match.version}:{step}"


def _kept_key(match: Match) -> str:
    # the highest step whose state is kept; so is every multiple of SNAPSHOT_EVERY below it
    return f"replay-states:{match.pk}:{match.version}"


def _state_at(match: Match, step: int, each_step: Callable[[int, object], None] | None = None):
    """The engine state after the first `step` logged moves (0: the deal), as a full replay
    from the deal gives it (the engine contract: `to_dict`/`from_dict` lose nothing).

    It starts from the kept state nearest below `step`, else from the deal, and keeps the
    state at each multiple of SNAPSHOT_EVERY it passes that is not kept yet, the deal's too
    (so no later step deals again, nor reads the decks). The key holds the match's version: a
    match that is replayed has stopped, so its log no longer grows. The state is nobody's
    seat: the caller asks it for the view of a seat it may show.

    `each_step(step, state)`, if given, is shown every state from the deal on (the pass
    then starts from the deal, whatever is kept); read the state before the call returns,
    it is moved on in place.
    """
    engine = get_engine(match.game.slug)
    every = SNAPSHOT_EVERY
    kept = kept_cache.get(_kept_key(match))  # None: nothing kept yet
    data = None
    if kept is not None and each_step is None:
        start = min(step - step % every, kept)
        data = kept_cache.get(_snapshot_key(match, start))
    if data is not None:
        state = engine.from_dict(data)
        newly_kept = kept
    else:  # nothing kept, some of it evicted, or every step to be shown: from the deal on
        start = 0
        seats = list(match.seats.select_related("deck_version").order_by("position"))
        state = engine.new_game(engine_decks(match, seats), match.options, match.seed)
        if each_step is not None and kept is not None:
            # what is kept is taken as kept, as a step's visit takes it: one that finds a
            # state evicted keeps them again from the deal
            newly_kept = kept
        else:
            kept_cache.set(_snapshot_key(match, 0), state.to_dict(), KEEP_SECONDS)
            newly_kept = 0
        if each_step is not None:
            each_step(0, state)
    if step > start:
        moves = match.actions.filter(seq__gt=start, seq__lte=step).order_by("seq")
        for seq, action in moves.values_list("seq", "action").iterator():
            try:
                state.apply(action)
            except IllegalAction as refused:  # as selectors.moves_from_deal says it
                raise RecordUnreadable(seq) from refused
            if each_step is not None:
                each_step(seq, state)
            if seq % every == 0 and seq > newly_kept:
                kept_cache.set(_snapshot_key(match, seq), state.to_dict(), KEEP_SECONDS)
                newly_kept = seq
    if newly_kept != kept:
        kept_cache.set(_kept_key(match), newly_kept, KEEP_SECONDS)
    return state


def seed_check(match: Match) -> dict:
    """The published hash, the revealed seed and whether they agree."""
    digest = hashlib.sha256(str(match.seed).encode()).hexdigest()
    return {"seed": str(match.seed), "sha256": match.seed_sha256, "ok": digest == match.seed_sha256}
