"""Play pages: the lobby, joining, the live table, replays."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from catalog.models import Game
from core.errors import ApplicationError, NotFound
from core.games import DEFAULT_GAME, Choice, GameSpec, all_games, playable_slugs, table_game
from core.params import BadParameter, id_param, int_param
from core.refusals import explained, refusals, refused_page
from decks.models import Deck
from play import chat, frames, names, outcomes, ratings, replays, selectors, services
from play.models import Match, MatchStatus, Opponent, Seat

COUNTER_MAX = 2**31 - 1  # a match's version or step (integer column)
SEAT_MAX = 2**15 - 1  # a seat position (smallint column)


def _own_deck(request: HttpRequest) -> Deck | None:
    """The deck the form chose (`deck`, one of the user's own), None when none was sent."""
    raw = request.POST.get("deck")
    if raw in (None, ""):
        return None
    return Deck.objects.filter(pk=id_param(raw, name="deck"), owner=request.user).first()


@dataclass(frozen=True)
class LobbyForm:
    """One game's form on the lobby as it is drawn: the values it shows selected (the
    defaults, or what it sent when the lobby refused to start its match) and why it was
    refused, said next to it."""

    game: GameSpec
    decks: list[selectors.LobbyDeck]  # the player's decks of this game, the legal ones first
    choices: list[tuple[Choice, str]]  # each lobby choice with the form value selected
    # the opponents a person may choose here (selectors.opponents_to_choose), as (value,
    # label); the form offers none of a game for one
    opponents: list[tuple[str, str]]
    opponent: str
    deck: str = ""  # the deck selected; "": the first offered (a legal one, if any is)
    public: bool = False
    error: str = ""

    @property
    def no_legal_deck(self) -> bool:
        return selectors.no_legal_deck(self.decks)


def _form_value(choice: Choice, value) -> str:
    """How `value` of `choice` is written in the form (its option's value attribute)."""
    return choice.options()[choice.values.index(value)][0]


def _lobby_form(spec: GameSpec, decks: list, sent=None, error: str = "") -> LobbyForm:
    """`spec`'s lobby form: its defaults, or what `sent` (the refused form's POST) chose."""
    sent = sent or {}
    choices = []
    for choice in spec.choices:
        offered = [value for value, _label in choice.options()]
        raw = sent.get(choice.name)
        choices.append((choice, raw if raw in offered else _form_value(choice, choice.default)))
    return LobbyForm(
        game=spec,
        decks=[row for row in decks if row.deck.game.slug == spec.id],
        choices=choices,
        opponents=[(o.value, o.label) for o in selectors.opponents_to_choose(spec)],
        opponent=sent.get("opponent") or Opponent.BOT_GREEDY,
        deck=sent.get("deck", ""),
        public=sent.get("public") == "on",
        error=error,
    )


def _lobby(request: HttpRequest, refused: ApplicationError | None = None) -> HttpResponse:
    """The lobby page; after a refused new match (`refused`), with the refused form's choices
    kept and the reason next to it, answered with the refusal's status."""
    open_matches = (
        Match.objects.filter(status=MatchStatus.WAITING, opponent=Opponent.OPEN)
        .exclude(created_by=request.user.pk if request.user.is_authenticated else None)
        .select_related("game", "created_by")[:30]
    )
    mine = selectors.my_matches(request.user) if request.user.is_authenticated else []
    watchable = Match.objects.filter(public=True, status=MatchStatus.RUNNING).select_related(
        "game"
    )[:20]
    lobby_games = [g for g in all_games() if g.id in playable_slugs()]
    rows = Game.objects.in_bulk([g.id for g in lobby_games], field_name="slug")
    # when each game's matches count for its rating, as play.ratings decides it
    rating_rules = [
        rule for g in lobby_games if g.id in rows and (rule := ratings.rating_rule(rows[g.id]))
    ]
    decks = selectors.lobby_decks(request.user)
    refused_game = request.POST.get("game", DEFAULT_GAME) if refused else None
    message = explained(refused) if refused else ""
    forms = [
        _lobby_form(g, decks, request.POST, message)
        if g.id == refused_game
        else _lobby_form(g, decks)
        for g in lobby_games
    ]
    return render(
        request,
        "play/index.html",
        {
            # each game's own lobby form (a room), for the games that can be played
            "lobby_forms": forms,
            # a refusal no game's form sent (a game that cannot be played): above them all
            "lobby_error": message if refused_game not in {g.id for g in lobby_games} else "",
            "rating_rules": rating_rules,
            # what a joiner plays by: the game and the choices its creator made
            "open_matches": [
                (m, spec.described_options(m.options))
                for m in open_matches
                if (spec := table_game(m.game.slug)) is not None
            ],
            # the person's matches: opponents, and how each ended for them (or how long it is still)
            "mine": mine,
            "watchable": watchable,
        },
        status=refused.status_code if refused else 200,
    )


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return _lobby(request)


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    """Start a match from a game's lobby form. A refusal (a deck the table would not take,
    a choice the game does not allow) is shown on the lobby again, next to that form, with
    everything it chose still chosen: a redirect would reset every option to its default.

    That page's address is this one, so a GET here (the language switch's way back, a
    bookmark) is sent on to the lobby.
    """
    if request.method == "GET":
        return redirect("play:index")
    try:
        match = _match_from_lobby(request)
    except BadParameter as refused:  # no form of ours sends it (a deck that is not an id)
        return refused_page(request, refused)
    except ApplicationError as refused:
        return _lobby(request, refused)
    return redirect(match)


def _match_from_lobby(request: HttpRequest) -> Match:
    game = selectors.game_to_play(request.POST.get("game", DEFAULT_GAME))
    spec = table_game(game.slug)
    deck = _own_deck(request) if spec.uses_decks else None
    options = {c.name: request.POST[c.name] for c in spec.choices if c.name in request.POST}
    opponent = Opponent.SOLO if spec.seats({}) == 1 else request.POST.get("opponent", "")
    return services.match_create(
        user=request.user,
        game=game,
        deck=deck,
        opponent=opponent,
        options=options,
        public=request.POST.get("public") == "on",
    )


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
    if selectors.called_off(match):  # nothing was dealt: no table, only why it ended
        hours = int(selectors.WAITING_MATCH_STALE_AFTER.total_seconds() // 3600)
        inactive = (match.result or {}).get("reason") == selectors.CALLED_OFF_INACTIVE
        context = {"match": match, "called_off": True, "inactive": inactive, "stale_hours": hours}
        return render(request, "play/waiting.html", context)
    if match.status == MatchStatus.WAITING:
        taken = match.seats.count()
        decks = selectors.lobby_decks(request.user, match)
        context = {
            "match": match,
            "seat": seat,
            "decks": decks,
            "no_legal_deck": selectors.no_legal_deck(decks),
            "uses_decks": table_game(match.game.slug).uses_decks,
            "options": table_game(match.game.slug).described_options(match.options),
            "taken": taken,
            "open_seats": match.seat_count - taken,
            "paired": match.opponent == Opponent.PAIRED,
            "seats": selectors.seats_of(match),
            "link": request.build_absolute_uri(match.get_absolute_url()),
        }
        return render(request, "play/waiting.html", context)
    return _live_table(request, match, seat)


def _live_table(
    request: HttpRequest,
    match: Match,
    seat: Seat | None,
    *,
    chat_error: str = "",
    chat_text: str = "",
    status: int = 200,
) -> HttpResponse:
    """A dealt match's live table for `seat` (None: a spectator); after a refused chat line,
    with why by the chat box (`chat_error`) and the line still in it (`chat_text`)."""
    context = {
        "match": match,
        "seat": seat.position if seat else None,
        "initial": frames.match_payload(match, seat),
        "chat": chat.chat_history(match_id=match.pk, user=request.user),
        "chat_max": chat.max_chars(),
        "chat_error": chat_error,
        "chat_text": chat_text,
        "ws_path": f"/ws/matches/{match.pk}/",
        "api_url": reverse("api:match-actions", args=[match.pk]),
        "language": get_language(),
        # a player of a finished match sees the new one another player opened from it
        "rematch": selectors.rematch_of(match) if seat else None,
        # a tournament's match offers no "Play again" (services.match_rematch refuses it)
        "paired": match.opponent == Opponent.PAIRED,
        # what giving up does here: a bot takes the seat, or the match ends
        "leaving_keeps_the_game": seat is not None
        and selectors.giving_up_leaves_the_seat(selectors.seats_of(match), seat.position),
    }
    return _table(request, match, context, status=status)


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


def _table(request: HttpRequest, match: Match, context: dict, status: int = 200) -> HttpResponse:
    """The game's table page, live or replayed: its template, script and title from the registry;
    over, with its result drawn for a page without JavaScript (play.outcomes)."""
    spec = table_game(match.game.slug)
    outcome = outcomes.table_outcome(context["initial"], spec)
    context = {**context, "game_spec": spec, "outcome": outcome}
    return render(request, spec.template, context, status=status)


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
    step = _step(request, match)
    frame, turns = replays.replay_page_parts(match, request.user, position, step)
    context = {
        "match": match,
        "seat": position,
        "initial": frame,
        "replay": True,
        "replay_url": reverse("api:match-replay", args=[match.pk]),
        **replays.replay_jumps(turns, frame["version"], match.version),
        "seat_names": names.seat_names(match.seats.select_related("user")),
        "perspectives": replays.perspectives(match, request.user),
        "step": frame["version"],
        "steps": match.version,
        "seed": replays.seed_check(match),
        "language": get_language(),
    }
    return _table(request, match, context)


@login_required
@require_http_methods(["GET", "POST"])
@refusals(redirect_to="play:match")
def chat_post(request: HttpRequest, match_id) -> HttpResponse:
    """The chat form without JavaScript: send, then back to the table.

    A refused line (too fast, too long, the chat closed) is said by the chat box of the
    table drawn again here, with the refusal's status and the line still in the box: a
    redirect would lose what was typed and say why at the top of the page. That page's
    address is this one, so a GET here (the language switch's way back) goes to the table.
    """
    if request.method == "GET":
        return redirect("play:match", match_id)
    text = request.POST.get("text", "")
    try:
        chat.chat_post(match_id=match_id, user=request.user, text=text)
    except ApplicationError as refused:
        if isinstance(refused, BadParameter | NotFound):
            raise
        match, seat = selectors.match_for(match_id=match_id, user=request.user)
        if match.status == MatchStatus.WAITING or selectors.called_off(match):
            raise  # no table to draw: said on the match's page
        return _live_table(
            request,
            match,
            seat,
            chat_error=explained(refused),
            # kept to trim, not the whole of any body a script sent (the box holds chat_max)
            chat_text=text[: 2 * chat.max_chars()],
            status=refused.status_code,
        )
    return redirect("play:match", match_id)


def _rated_games() -> list[tuple[Game, str]]:
    """The games whose matches can be rated, each with its rule (`ratings.rating_rule`), in the
    order the registry introduces them: the default game first. A game two people never play
    together alone (one for a single player) has no rule, so no leaderboard."""
    from play.engines import game_ids

    with_engine = set(game_ids())
    slugs = [g.id for g in all_games() if g.id in with_engine]
    rows = Game.objects.in_bulk(slugs, field_name="slug")
    return [
        (rows[slug], rule)
        for slug in slugs
        if slug in rows and (rule := ratings.rating_rule(rows[slug])) is not None
    ]


@require_GET
def leaderboard(request: HttpRequest, game_slug: str = DEFAULT_GAME) -> HttpResponse:
    """The best-rated players of one game (rated matches between two people only); 404 for a
    game whose matches are never rated."""
    rated = _rated_games()
    game, rule = next(((g, r) for g, r in rated if g.slug == game_slug), (None, None))
    if game is None:
        raise Http404
    rows = list(ratings.leaderboard(game))
    mine = None
    if request.user.is_authenticated:
        mine = next((r for r in rows if r.user_id == request.user.pk), None)
        if mine is None:
            mine = game.ratings.filter(user=request.user, matches__gt=0).first()
    context = {
        "games": [g for g, _rule in rated],
        "game": game,
        "rule": rule,
        "rows": rows,
        "mine": mine,
        "start": ratings.START,
    }
    return render(request, "play/leaderboard.html", context)
