"""Tournament pages: the list, mine, a new event, an event's page with its live part, a player.

Thin views: the writes are tournaments.services, the reads tournaments.selectors.
A refusal comes back where the user acted: the event's page drawn again with the
refusal's 4xx, its message beside the form that was sent and what that form chose
still chosen (a redirect would put every field back to its default); for htmx the
live fragment with the message put beside that form (out of band). A form the page
no longer shows (registration closed meanwhile) has its message above the panels.
A stranger's attempt at the organiser's buttons (403) and an unknown event (404)
get their 4xx page either way: no form of ours sends them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.errors import ApplicationError, NotFound
from core.forms import posted
from core.params import BadParameter, id_param, int_param
from core.refusals import explained, refused_page
from decks.models import Deck
from tournaments import live as live_part
from tournaments import selectors, services
from tournaments.forms import TournamentForm
from tournaments.models import TournamentStatus

GAMES_MAX = 3  # wins_a, wins_b, draws: a match is at most three games


# --- helpers ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Refused:
    """A button's refusal, to be said beside the form that was sent.

    `form` names that form (the event page's forms: "register", "withdraw", "drop_self",
    "start", "cancel", "next_round", "drop_player", "result"); `pairing` is the table of
    a "result" form; `sent` what the form chose, drawn back into it.
    """

    form: str
    message: str
    pairing: int | None = None
    sent: dict = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The form's name on the page (its message's id is "t-error-<key>")."""
        return f"result-{self.pairing}" if self.form == "result" else self.form


# each form's fields a refusal draws back (a value is short: a deck id, a number of games)
_SENT_FIELDS = {"register": ("deck",), "result": ("wins_a", "wins_b", "draws")}


def _refused(request: HttpRequest, form: str, message: str, pairing: int | None) -> Refused:
    sent = {name: request.POST.get(name, "")[:10] for name in _SENT_FIELDS.get(form, ())}
    return Refused(form, message, pairing, sent)


def _shown(context: dict, refused: Refused) -> bool:
    """Whether the page drawn with `context` shows the form `refused` came from (the same
    conditions detail.html draws each form under)."""
    tournament, entry = context["tournament"], context["entry"]
    registering = tournament.status == TournamentStatus.REGISTRATION
    running = tournament.status == TournamentStatus.RUNNING
    organiser = context["is_organiser"]
    return {
        "register": bool(context["my_decks"]),
        "withdraw": registering and entry is not None,
        "drop_self": running and entry is not None and not entry.dropped,
        "start": organiser and registering,
        "cancel": organiser and registering,
        "next_round": organiser and running,
        "drop_player": bool(context["active_players"]),
        "result": any(p.pk == refused.pairing for p in context["pairings"]),
    }.get(refused.form, False)


def _event_button(form: str | Callable[[HttpRequest], str]):
    """An event page's button (its `form`, or a function of the request naming it): signed
    in, POST only, refusals answered where the user acted."""

    def decorate(view):
        @wraps(view)
        def wrapped(request: HttpRequest, tournament_id, **kwargs) -> HttpResponse:
            try:
                return view(request, tournament_id, **kwargs)
            except ApplicationError as refused:
                if isinstance(refused, BadParameter) or refused.status_code in (403, 404):
                    return refused_page(request, refused)
                name = form(request) if callable(form) else form
                said = _refused(request, name, explained(refused), kwargs.get("pairing_id"))
                if request.htmx:
                    return _live(request, tournament_id, refused=said, status=refused.status_code)
                tournament = selectors.tournament_for(tournament_id)
                context = _page_context(request, tournament, refused=said)
                return render(
                    request, "tournaments/detail.html", context, status=refused.status_code
                )

        return login_required(require_POST(wrapped))

    return decorate


def _done(request: HttpRequest, tournament_id, message: str) -> HttpResponse:
    if request.htmx:
        return _live(request, tournament_id, done=message)
    messages.success(request, message)
    return redirect("tournaments:detail", tournament_id)


def _live(
    request: HttpRequest,
    tournament_id,
    *,
    refused: Refused | None = None,
    done: str = "",
    status=200,
):
    """The live part; with a refusal, its message beside the form it came from when the
    page shows that form (out of band: `said`), else at the top of the part."""
    tournament = selectors.tournament_for(tournament_id)
    state = live_part.LiveState.of(tournament)
    context = {**live_part.live_context(request, state), "error": "", "done": done}
    if refused is not None:
        in_place = _shown(_page_context(request, tournament), refused)
        context["said"] = refused if in_place else None
        context["error"] = "" if in_place else refused.message
    return render(request, "tournaments/_live.html", context, status=status)


def _page_context(request: HttpRequest, tournament, refused: Refused | None = None) -> dict:
    """The event page's context; after a refused button, `refused` with `in_place`: whether
    its form is on the page (else its message goes above the panels)."""
    user = request.user if request.user.is_authenticated else None
    live = live_part.live_context(request, live_part.LiveState.of(tournament))
    current = live["round"]
    entry = selectors.entry_of(tournament, user) if user else None
    registering = tournament.status == TournamentStatus.REGISTRATION
    organising = live["is_organiser"] and tournament.status == TournamentStatus.RUNNING
    # the organiser's result forms, one a pairing of the round
    pairings = selectors.round_pairings(current) if organising and current is not None else []
    my_decks = selectors.decks_to_enter(tournament, user) if user and registering else []
    context = {
        **live,
        "pairings": pairings,
        # how many of them have no result yet: the next round waits for them
        "missing_results": sum(1 for p in pairings if not p.decided),
        "entry": entry,
        "my_decks": my_decks,
        # the menu marks a deck the event would refuse; a line under it says what that means
        "a_deck_not_legal": any(not row.legal for row in my_decks),
        "link": request.build_absolute_uri(tournament.get_absolute_url()),
        "next_step": selectors.next_step(tournament, current) if organising else None,
        "changes": selectors.result_changes(tournament, request.GET.get("changes")),
        "active_players": (
            [p for p in tournament.players.select_related("user") if not p.dropped]
            if organising
            else []
        ),
        "earlier_rounds": selectors.earlier_rounds(tournament, current, user),
        "refused": refused,
        "refused_in_place": False,
    }
    if refused is not None:
        context["refused_in_place"] = _shown(context, refused)
        for pairing in context["pairings"]:  # the refused result's row keeps what was typed
            pairing.refused = refused if refused.key == f"result-{pairing.pk}" else None
    return context


# --- pages ------------------------------------------------------------------------------
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    sections = [
        ("upcoming", _("Registration open"), TournamentStatus.REGISTRATION),
        ("running", _("Running"), TournamentStatus.RUNNING),
        ("finished", _("Finished"), TournamentStatus.FINISHED),
    ]
    context = {
        "sections": [
            {"id": key, "title": title, "events": selectors.listed_tournaments(status)}
            for key, title, status in sections
        ]
    }
    return render(request, "tournaments/index.html", context)


@login_required
@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    # each list pages on its own, newest first; the other list's page stays in the links
    playing_page = selectors.my_entries_page(request.user, request.GET.get("playing"))
    organising_page = selectors.my_events_page(request.user, request.GET.get("organising"))
    context = {
        "playing": selectors.standings_of_entries(list(playing_page.object_list)),
        "playing_page": playing_page,
        "playing_keep": f"organising={organising_page.number}&",
        "organising": organising_page.object_list,
        "organising_page": organising_page,
        "organising_keep": f"playing={playing_page.number}&",
    }
    return render(request, "tournaments/mine.html", context)


# the form field each of tournament_create's refusals is about
_FIELD_REFUSED = {
    "bad_name": "name",
    "bad_description": "description",
    "bad_game": "game",
    "bad_format": "format",
    "bad_best_of": "best_of",
    "bad_rounds": "swiss_rounds",
    "bad_top_cut": "top_cut",
    "bad_round_minutes": "round_minutes",
    "bad_deadline": "registration_closes_at",
}


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(organiser=request.user, **form.cleaned_data)
        except ApplicationError as refused:  # too many open events, a deadline in the past
            # under the field it is about (marked invalid there), else above the form
            field = _FIELD_REFUSED.get(refused.code) or refused.extra.get("field")
            form.add_error(field if field in form.fields else None, explained(refused))
        else:
            messages.success(request, _("Your tournament is ready: players can register now."))
            return redirect(tournament)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/new.html", {"form": form}, status=status)


@require_GET
def detail(request: HttpRequest, tournament_id) -> HttpResponse:
    try:
        services.expire_overdue(tournament_id=tournament_id)
        tournament = selectors.tournament_for(tournament_id)
    except ApplicationError as refused:  # an unknown id: the 404 page
        return refused_page(request, refused)
    return render(request, "tournaments/detail.html", _page_context(request, tournament))


@require_GET
def round_page(request: HttpRequest, tournament_id, number: int) -> HttpResponse:
    """One round's tables and results, ROUND_PAGE tables a page (a big event's round is
    hundreds of tables: the event's page shows the first ROUND_PREVIEW of each)."""
    try:
        tournament = selectors.tournament_for(tournament_id)
        rnd = selectors.round_numbered(tournament, number)
    except ApplicationError as refused:
        return refused_page(request, refused)
    user = request.user if request.user.is_authenticated else None
    page, lines = selectors.round_page(rnd, request.GET.get("page"), user)
    context = {
        "tournament": tournament,
        "round": rnd,
        "cut_stage": selectors.cut_stage(tournament, rnd),
        "page": page,
        "lines": lines,
        "first_table": lines[0].pairing.table if lines else 0,
        "last_table": lines[-1].pairing.table if lines else 0,
    }
    return render(request, "tournaments/round.html", context)


@require_GET
def live(request: HttpRequest, tournament_id) -> HttpResponse:
    """The live part alone (htmx polls it), or 304 and no body when the browser's copy is
    still what it would get: the browser hands htmx its copy, and nothing is rendered."""
    try:
        services.expire_overdue(tournament_id=tournament_id)
        state = live_part.LiveState.of(selectors.tournament_for(tournament_id))
    except ApplicationError as refused:
        return refused_page(request, refused)
    tag = live_part.live_etag(request, state)
    return live_part.answer_unless_current(
        request,
        tag,
        lambda: render(request, "tournaments/_live.html", live_part.live_context(request, state)),
    )


@require_GET
def player(request: HttpRequest, tournament_id, player_id: int) -> HttpResponse:
    try:
        tournament = selectors.tournament_for(tournament_id)
        entry = (
            tournament.players.select_related("user", "deck_version__deck")
            .filter(pk=player_id)
            .first()
        )
        if entry is None:
            raise NotFound("no_such_player", _("This player is not in this tournament."))
    except ApplicationError as refused:
        return refused_page(request, refused)
    visible = selectors.can_see_decklist(tournament, entry, request.user)
    you_organise = request.user.is_authenticated and request.user.pk == tournament.organiser_id
    context = {
        "tournament": tournament,
        "entry": entry,
        "record": selectors.player_record(tournament, entry),
        "visible": visible,
        "decklist": selectors.decklist(tournament, entry, request.user) if visible else [],
        # why the organiser does not see it: say so rather than "the organiser sees this"
        "you_organise": you_organise,
        "you_play": you_organise and not visible and selectors.organiser_plays(tournament),
    }
    return render(request, "tournaments/player.html", context)


# --- the buttons ------------------------------------------------------------------------
@_event_button("register")
def register(request: HttpRequest, tournament_id) -> HttpResponse:
    deck_id = id_param(request.POST.get("deck"), name="deck")
    deck = Deck.objects.filter(pk=deck_id, owner=request.user).first()  # only your own
    if deck is None:
        raise services.TournamentRefused("no_such_deck", _("Choose one of your own decks."))
    entry = services.tournament_register(tournament_id=tournament_id, user=request.user, deck=deck)
    return _done(
        request,
        tournament_id,
        _("You are registered with %(deck)s.") % {"deck": entry.deck_version.name},
    )


@_event_button("withdraw")
def withdraw(request: HttpRequest, tournament_id) -> HttpResponse:
    services.tournament_withdraw(tournament_id=tournament_id, user=request.user)
    return _done(request, tournament_id, _("You withdrew from the tournament."))


@_event_button("start")
def start(request: HttpRequest, tournament_id) -> HttpResponse:
    services.tournament_start(tournament_id=tournament_id, user=request.user)
    return _done(request, tournament_id, _("The tournament has started: round 1 is paired."))


@_event_button("cancel")
def cancel(request: HttpRequest, tournament_id) -> HttpResponse:
    services.tournament_cancel(tournament_id=tournament_id, user=request.user)
    messages.success(request, _("The tournament is cancelled: it is gone for everyone."))
    # its page is gone: the organiser's list of events is where they land (htmx: the window)
    if request.htmx:
        return HttpResponseClientRedirect(reverse("tournaments:mine"))
    return redirect("tournaments:mine")


@_event_button("next_round")
def next_round(request: HttpRequest, tournament_id) -> HttpResponse:
    tournament = services.tournament_next_round(tournament_id=tournament_id, user=request.user)
    if tournament.status == TournamentStatus.FINISHED:
        # what the press did: that the tournament is over, the round's box says (once)
        return _done(request, tournament_id, _("The final standings are in."))
    return _done(request, tournament_id, _("The next round is paired."))


@_event_button(lambda request: "drop_player" if "player" in request.POST else "drop_self")
def drop(request: HttpRequest, tournament_id) -> HttpResponse:
    # No "player" field: the player drops themselves. The organiser's form always sends
    # one, and left on its empty choice it must not read as "drop me".
    player_id = None
    if "player" in request.POST:
        if not request.POST["player"]:
            raise BadParameter("player", _("Choose the player to drop."))
        player_id = id_param(request.POST["player"], name="player")
    entry = services.tournament_drop(
        tournament_id=tournament_id, user=request.user, player_id=player_id
    )
    if entry.user_id == request.user.pk:
        return _done(request, tournament_id, _("You dropped: you will not be paired again."))
    return _done(
        request,
        tournament_id,
        _("%(name)s dropped: they will not be paired again.") % {"name": entry.user.username},
    )


@_event_button("result")
def result(request: HttpRequest, tournament_id, pairing_id: int) -> HttpResponse:
    games = {
        name: int_param(request.POST.get(name), name=name, minimum=0, maximum=GAMES_MAX, default=0)
        for name in ("wins_a", "wins_b", "draws")
    }
    pairing = services.pairing_record_result(
        tournament_id=tournament_id, pairing_id=pairing_id, user=request.user, **games
    )
    return _done(
        request,
        tournament_id,
        _("Result saved at table %(table)s.") % {"table": pairing.table},
    )
