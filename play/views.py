"""Play pages: the lobby, joining, the live table, replays."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from catalog.models import Game
from core.errors import ApplicationError
from core.games import DEFAULT_GAME, all_games, playable_slugs, table_game
from core.params import id_param, int_param
from core.refusals import refusals
from decks.models import Deck
from play import chat, frames, names, ratings, replays, selectors, services
from play.models import Match, MatchStatus, Opponent

COUNTER_MAX = 2**31 - 1  # a match's version or step (integer column)
SEAT_MAX = 2**15 - 1  # a seat position (smallint column)


def _own_deck(request: HttpRequest) -> Deck | None:
    """The deck the form chose (`deck`, one of the user's own), None when none was sent."""
    raw = request.POST.get("deck")
    if raw in (None, ""):
        return None
    return Deck.objects.filter(pk=id_param(raw, name="deck"), owner=request.user).first()


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    open_matches = (
        Match.objects.filter(status=MatchStatus.WAITING, opponent=Opponent.OPEN)
        .exclude(created_by=request.user.pk if request.user.is_authenticated else None)
        .select_related("game", "created_by")[:30]
    )
    mine = (
        Match.objects.filter(seats__user=request.user).select_related("game").distinct()[:50]
        if request.user.is_authenticated
        else []
    )
    watchable = Match.objects.filter(public=True, status=MatchStatus.RUNNING).select_related(
        "game"
    )[:20]
    lobby_games = [g for g in all_games() if g.id in playable_slugs()]
    rows = Game.objects.in_bulk([g.id for g in lobby_games], field_name="slug")
    # when each game's matches count for its rating, as play.ratings decides it
    rating_rules = [
        rule for g in lobby_games if g.id in rows and (rule := ratings.rating_rule(rows[g.id]))
    ]
    return render(
        request,
        "play/index.html",
        {
            "decks": selectors.lobby_decks(request.user),
            "opponents": [c for c in Opponent.choices if c[0] != Opponent.SOLO],
            # each game's own lobby form (a room), for the games that can be played
            "lobby_games": lobby_games,
            "rating_rules": rating_rules,
            # what a joiner plays by: the game and the choices its creator made
            "open_matches": [
                (m, spec.described_options(m.options))
                for m in open_matches
                if (spec := table_game(m.game.slug)) is not None
            ],
            "mine": mine,
            "watchable": watchable,
        },
    )


@login_required
@require_POST
@refusals(redirect_to="play:index")
def create(request: HttpRequest) -> HttpResponse:
    game = Game.objects.filter(slug=request.POST.get("game", DEFAULT_GAME)).first()
    spec = table_game(game.slug) if game else None
    if spec is None:
        raise ApplicationError("no_engine", _("This game cannot be played online yet."))
    deck = _own_deck(request) if spec.uses_decks else None
    options = {c.name: request.POST[c.name] for c in spec.choices if c.name in request.POST}
    opponent = Opponent.SOLO if spec.seats({}) == 1 else request.POST.get("opponent", "")
    match = services.match_create(
        user=request.user,
        game=game,
        deck=deck,
        opponent=opponent,
        options=options,
        public=request.POST.get("public") == "on",
    )
    return redirect(match)


@login_required
@require_POST
@refusals(redirect_to="play:match")
def start_with_bots(request: HttpRequest, match_id) -> HttpResponse:
    services.match_start_with_bots(match_id=match_id, user=request.user)
    return redirect("play:match", match_id)


@never_cache  # what a seat sees: kept by no cache on the way
@require_GET
@refusals
def match_page(request: HttpRequest, match_id) -> HttpResponse:
    match, seat = selectors.match_for(match_id=match_id, user=request.user)
    services.bot_wake_if_stalled(match)
    if match.status == MatchStatus.WAITING:
        context = {
            "match": match,
            "seat": seat,
            "decks": selectors.lobby_decks(request.user, match),
            "uses_decks": table_game(match.game.slug).uses_decks,
            "options": table_game(match.game.slug).described_options(match.options),
            "taken": match.seats.count(),
            "paired": match.opponent == Opponent.PAIRED,
            "seats": selectors.seats_of(match),
            "link": request.build_absolute_uri(match.get_absolute_url()),
        }
        return render(request, "play/waiting.html", context)
    context = {
        "match": match,
        "seat": seat.position if seat else None,
        "initial": frames.match_payload(match, seat),
        "chat": chat.chat_history(match_id=match.pk, user=request.user),
        "chat_max": chat.max_chars(),
        "ws_path": f"/ws/matches/{match.pk}/",
        "api_url": reverse("api:match-actions", args=[match.pk]),
        "language": get_language(),
        # a player of a finished match sees the new one another player opened from it
        "rematch": selectors.rematch_of(match) if seat else None,
    }
    return _table(request, match, context)


@login_required
@require_POST
@refusals(redirect_to="play:match")
def join(request: HttpRequest, match_id) -> HttpResponse:
    services.match_join(match_id=match_id, user=request.user, deck=_own_deck(request))
    return redirect("play:match", match_id)


@login_required
@require_POST
@refusals
def rematch(request: HttpRequest, match_id) -> HttpResponse:
    """A new match like this finished one: 404 for anyone who did not play it, 409 while it runs."""
    match = services.match_rematch(match_id=match_id, user=request.user)
    return redirect(match)


def _table_step(step: str):
    """A table's form asking the match service for one step (`step`, its name), then the table.

    A refusal (too early, not your seat, ...) is shown on the table as a message.
    """

    @login_required
    @require_POST
    @refusals(redirect_to="play:match")
    def view(request: HttpRequest, match_id) -> HttpResponse:
        getattr(services, step)(match_id=match_id, user=request.user)
        return redirect("play:match", match_id)

    return view


ready = _table_step("match_ready")
claim_win = _table_step("match_claim_win")
seat_to_bot = _table_step("match_seat_to_bot")
take_seat_back = _table_step("match_take_seat_back")
resign = _table_step("match_resign")


def _waiting_step(step: str, done: str):
    """A waiting match's form asking the match service for one step that takes the visitor
    off it (`step`, its name), then the lobby with `done` (lazily translated) said."""

    @login_required
    @require_POST
    @refusals(redirect_to="play:match")
    def view(request: HttpRequest, match_id) -> HttpResponse:
        getattr(services, step)(match_id=match_id, user=request.user)
        messages.success(request, str(done))
        return redirect("play:index")

    return view


# A player who joined a match nobody has started gives their seat up; its creator calls it off.
leave = _waiting_step("match_leave", gettext_lazy("You left the match: your seat is free again."))
call_off = _waiting_step("match_call_off", gettext_lazy("The match was called off."))


def _table(request: HttpRequest, match: Match, context: dict) -> HttpResponse:
    """The game's table page, live or replayed: its template, script and title from the registry."""
    spec = table_game(match.game.slug)
    return render(request, spec.template, {**context, "game_spec": spec})


def _perspective(request: HttpRequest, match: Match) -> int | None:
    """The seat a replay is seen from: ?seat=N, else the viewer's own seat, else a spectator's."""
    raw = request.GET.get("seat", "")
    if raw == "watch":
        return None
    if raw != "":
        return int_param(raw, name="seat", minimum=0, maximum=SEAT_MAX)
    return replays.default_perspective(match, request.user)


def _step(request: HttpRequest, match: Match) -> int:
    return int_param(
        request.GET.get("step"), name="step", minimum=0, maximum=COUNTER_MAX, default=match.version
    )


@never_cache  # what a seat sees: kept by no cache on the way
@require_GET
@refusals
def replay_page(request: HttpRequest, match_id) -> HttpResponse:
    match = replays.replayable(match_id, request.user)
    position = _perspective(request, match)
    frame = replays.replay_for(match, request.user, position, _step(request, match))
    turns = replays.turn_starts(match)
    context = {
        "match": match,
        "seat": position,
        "initial": frame,
        "replay": True,
        "replay_url": reverse("api:match-replay", args=[match.pk]),
        "turns": turns,
        "current_turn": max((t["step"] for t in turns if t["step"] <= frame["version"]), default=0),
        "seat_names": names.seat_names(match.seats.select_related("user")),
        "perspectives": replays.perspectives(match, request.user),
        "step": frame["version"],
        "steps": match.version,
        "seed": replays.seed_check(match),
        "language": get_language(),
    }
    return _table(request, match, context)


@login_required
@require_POST
@refusals(redirect_to="play:match")
def chat_post(request: HttpRequest, match_id) -> HttpResponse:
    """The chat form without JavaScript: send, then back to the table."""
    chat.chat_post(match_id=match_id, user=request.user, text=request.POST.get("text", ""))
    return redirect("play:match", match_id)


@require_GET
def leaderboard(request: HttpRequest, game_slug: str = DEFAULT_GAME) -> HttpResponse:
    """The best-rated players of one game (rated matches between two people only)."""
    from play.engines import game_ids

    games = list(Game.objects.filter(slug__in=game_ids()).order_by("name"))
    game = next((g for g in games if g.slug == game_slug), None)
    if game is None:
        raise Http404
    rows = list(ratings.leaderboard(game))
    mine = None
    if request.user.is_authenticated:
        mine = next((r for r in rows if r.user_id == request.user.pk), None)
        if mine is None:
            mine = game.ratings.filter(user=request.user, matches__gt=0).first()
    context = {
        "games": games,
        "game": game,
        "rule": ratings.rating_rule(game),
        "rows": rows,
        "mine": mine,
        "start": ratings.START,
    }
    return render(request, "play/leaderboard.html", context)
