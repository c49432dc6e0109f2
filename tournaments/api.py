"""Tournament API: the same operations as the tournament pages, over HTTP.

Reads are open to anyone who has the tournament's id (an event shown "by link
only" is simply not in the list); every write needs a signed-in user, and the
services decide who may do what (the organiser, or a player on their own
entry): 403 or 404 otherwise, with nothing changed. The lead's config/urls.py
includes `api_patterns` under /api/ (namespace "api").
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.conf import settings
from django.db.models import Count
from django.urls import path
from django.utils import timezone
from django.utils.http import quote_etag
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.models import Game
from core.errors import ApplicationError, NotFound
from core.games import DEFAULT_GAME
from core.kept import kept_cache
from core.schema import IF_NONE_MATCH, NOT_MODIFIED
from core.serializer_fields import (
    ID_MAX,
    MultilineTextField,
    NoBodySerializer,
    StrictIntegerField,
    validated,
)
from decks.models import Deck
from tournaments import live, selectors, services, standings
from tournaments.models import Player, Tournament, TournamentStatus

GAMES_MAX = 3  # best of 3 at most: no side wins or draws more games than that
ROUNDS_KEPT_SECONDS = 60 * 60  # a state of an event's rounds, as the rounds API answers it

# --- input ------------------------------------------------------------------------------


class CalendarDateTimeField(serializers.DateTimeField):
    """A DateTimeField that answers a time near either end of the calendar with a 400.

    DRF reads a time without an offset as the site's local time and checks it
    by converting it to UTC: 0001-01-01T00:30 in Budapest falls before year 1
    in UTC, and Python's OverflowError came out as a 500. A time with an offset
    is converted to local time, which can overflow either way too (DRF refuses
    that one itself, as "overflow"). Both get the one message below.
    """

    default_error_messages = {
        "overflow": gettext_lazy("This date and time is too far in the past or the future."),
        # Django's forms' own words for it (the page's form refuses the same times)
        "not_local": gettext_lazy(
            "%(datetime)s couldn’t be interpreted in time zone %(current_timezone)s; it may be "
            "ambiguous or it may not exist."
        ),
    }

    def to_internal_value(self, value):
        try:
            return super().to_internal_value(value)
        except (OverflowError, ValueError):
            self.fail("overflow")

    def enforce_timezone(self, value):
        """A local time (no offset) the clocks skip or pass twice is refused, as the page's
        form refuses it: DRF moved 02:30 on the spring night to 03:30 without a word."""
        zone = self.timezone if hasattr(self, "timezone") else self.default_timezone()
        if zone is not None and timezone.is_naive(value):
            early, late = value.replace(tzinfo=zone, fold=0), value.replace(tzinfo=zone, fold=1)
            if early.utcoffset() != late.utcoffset():
                raise serializers.ValidationError(
                    self.error_messages["not_local"]
                    % {"datetime": value.isoformat(sep=" "), "current_timezone": zone},
                    code="ambiguous_timezone",
                )
        return super().enforce_timezone(value)


class TournamentCreateSerializer(serializers.Serializer):
    game = serializers.SlugField(
        max_length=50,
        default=DEFAULT_GAME,
        help_text=f"the game's slug (`{DEFAULT_GAME}` by default)",
    )
    name = serializers.CharField(
        max_length=services.NAME_MAX, help_text="the event's name (80 characters at most)"
    )
    description = MultilineTextField(
        max_length=settings.LIMITS["TOURNAMENT_DESCRIPTION_MAX_CHARS"],
        allow_blank=True,
        default="",
        help_text="free text for the players (LIMIT_TOURNAMENT_DESCRIPTION_CHARS, 2,000)",
    )
    # Public name "format"; handed over as tournament_create's format_id, as the page's form does.
    format = serializers.CharField(
        source="format_id",
        max_length=32,
        default="tournament",
        help_text="the deck format registrations are checked against (`tournament`: 45 cards)",
    )
    best_of = StrictIntegerField(minimum=1, maximum=3, default=1, help_text="games a match: 1 or 3")
    swiss_rounds = StrictIntegerField(
        minimum=1,
        maximum=services.ROUNDS_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="Swiss rounds; null or left out: set at the start from the field size "
        "(log2 of the players, rounded up)",
    )
    top_cut = StrictIntegerField(
        minimum=0,
        maximum=8,
        default=0,
        help_text="0 (none), 4 or 8: the best players of the Swiss rounds play single elimination",
    )
    round_minutes = StrictIntegerField(
        minimum=services.ROUND_MINUTES[0],
        maximum=services.ROUND_MINUTES[1],
        default=50,
        help_text="a round's time; a game not started by then is lost by whoever was not ready",
    )
    registration_closes_at = CalendarDateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="ISO 8601; after it nobody can register (null: open until the start)",
    )
    listed = serializers.BooleanField(
        default=True, help_text="false: not in the list, open only to whoever has its link"
    )
    decklists_public = serializers.BooleanField(
        default=False, help_text="everyone may see the decklists once the event is finished"
    )

    def validate_best_of(self, value: int) -> int:
        if value not in services.BEST_OF:
            raise serializers.ValidationError(_("A match is best of 1 or best of 3 games."))
        return value

    def validate_top_cut(self, value: int) -> int:
        if value not in services.TOP_CUTS:
            raise serializers.ValidationError(_("The top cut is none, 4 or 8 players."))
        return value


class TournamentRegisterSerializer(serializers.Serializer):
    deck = StrictIntegerField(
        minimum=1,
        maximum=ID_MAX,
        help_text="one of your decks of the event's game; its latest version is checked "
        "against the format and locked at the start",
    )


class TournamentDropSerializer(serializers.Serializer):
    player = StrictIntegerField(
        minimum=1,
        maximum=ID_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text="the organiser: whose entry to drop (a player id); left out: your own entry",
    )


class TournamentResultSerializer(serializers.Serializer):
    wins_a = StrictIntegerField(
        minimum=0, maximum=GAMES_MAX, help_text="games the pairing's first player won"
    )
    wins_b = StrictIntegerField(
        minimum=0, maximum=GAMES_MAX, help_text="games the pairing's second player won"
    )
    draws = StrictIntegerField(
        minimum=0, maximum=GAMES_MAX, default=0, help_text="games drawn (0 when left out)"
    )


# --- output (what the views answer; the serializers also shape the answers) ----------------


class TournamentSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField(help_text="the tournament's id (also its link)")
    url = serializers.CharField(help_text="the tournament's page on the site")
    name = serializers.CharField()
    game = serializers.CharField(help_text="the game's slug")
    format = serializers.CharField(help_text="the deck format")
    best_of = serializers.IntegerField(help_text="1 or 3")
    swiss_rounds = serializers.IntegerField(
        allow_null=True, help_text="null until the start, when it is set from the field size"
    )
    top_cut = serializers.IntegerField(help_text="0, 4 or 8")
    round_minutes = serializers.IntegerField()
    registration_closes_at = serializers.DateTimeField(allow_null=True)
    status = serializers.ChoiceField(
        choices=TournamentStatus.values, help_text="registration, running or finished"
    )
    organiser = serializers.CharField(help_text="the organiser's username")
    player_count = serializers.IntegerField(help_text="registered players (dropped ones too)")
    created_at = serializers.DateTimeField()


class TournamentPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the player id (an entry of this event)")
    username = serializers.CharField()
    dropped = serializers.BooleanField(help_text="no longer paired")


class TournamentCurrentRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1, 2, … over both stages")
    stage = serializers.ChoiceField(choices=["swiss", "elimination"])
    ends_at = serializers.DateTimeField(
        help_text="a game not started by then is lost by the absent"
    )
    seconds_left = serializers.IntegerField(help_text="until ends_at, at least 0")


class TournamentGameSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1, 2 or 3")
    match = serializers.UUIDField(help_text="the match id: /api/matches/<id>/")
    a_seat = serializers.IntegerField(help_text="the seat the pairing's first player has")
    status = serializers.CharField(help_text="the match's status")


class TournamentPairingSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the pairing id, for result entry")
    round = serializers.IntegerField(help_text="the round's number")
    table = serializers.IntegerField(help_text="1 is the best-placed pair")
    player_a = TournamentPlayerSerializer()
    player_b = TournamentPlayerSerializer(allow_null=True, help_text="null: a bye")
    wins_a = serializers.IntegerField(help_text="games won by player_a")
    wins_b = serializers.IntegerField(help_text="games won by player_b")
    draws = serializers.IntegerField(help_text="games drawn")
    outcome = serializers.CharField(
        allow_blank=True,
        help_text="empty while pending; a or b won, draw, double_loss (neither came), bye",
    )
    games = TournamentGameSerializer(many=True, help_text="the games played as the site's matches")


class TournamentMyPairingSerializer(TournamentPairingSerializer):
    current_match = serializers.UUIDField(
        allow_null=True, help_text="the match to play now (null when none is open)"
    )


class TournamentMyEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="your player id")
    dropped = serializers.BooleanField()
    deck = serializers.IntegerField(help_text="the deck you registered")
    deck_name = serializers.CharField(help_text="its name in the registered version")
    deck_version = serializers.IntegerField(
        help_text="the version registered (locked at the start)"
    )


class TournamentDetailSerializer(TournamentSummarySerializer):
    description = serializers.CharField(allow_blank=True)
    listed = serializers.BooleanField(help_text="false: open only by link")
    decklists_public = serializers.BooleanField(help_text="decklists open to all after the event")
    version = serializers.IntegerField(help_text="raised by every change; poll and compare")
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    you_organise = serializers.BooleanField(help_text="the signed-in user is the organiser")
    players = TournamentPlayerSerializer(many=True, help_text="in registration order")
    current_round = TournamentCurrentRoundSerializer(
        allow_null=True, help_text="null unless the event is running"
    )
    my_entry = TournamentMyEntrySerializer(allow_null=True, help_text="the signed-in user's entry")
    my_pairing = TournamentMyPairingSerializer(
        allow_null=True,
        help_text="the signed-in player's pairing in the current round (null unless running)",
    )


class MyTournamentEntrySerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="your player id in the event")
    dropped = serializers.BooleanField()
    tournament = TournamentSummarySerializer()


class MyTournamentsSerializer(serializers.Serializer):
    playing = MyTournamentEntrySerializer(many=True, help_text="events you registered for")
    organising = TournamentSummarySerializer(many=True, help_text="events you organise")


_FRACTION_HELP = (
    "as a decimal with 4 places (e.g. 0.6667); `{0}_percent` is the same as a percentage"
)


class TournamentStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="1-based; full ties are split by a seeded draw")
    player = serializers.IntegerField(help_text="the player id")
    username = serializers.CharField()
    points = serializers.IntegerField(help_text="3 a win (a bye included), 1 a draw")
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    dropped = serializers.BooleanField()
    mwp = serializers.CharField(help_text="match-win share " + _FRACTION_HELP.format("mwp"))
    omw = serializers.CharField(
        help_text="opponents' match-win share (each at least 1/3) " + _FRACTION_HELP.format("omw")
    )
    gwp = serializers.CharField(help_text="game-win share " + _FRACTION_HELP.format("gwp"))
    ogw = serializers.CharField(
        help_text="opponents' game-win share (each at least 1/3) " + _FRACTION_HELP.format("ogw")
    )
    mwp_percent = serializers.CharField(help_text="e.g. 66.67")
    omw_percent = serializers.CharField()
    gwp_percent = serializers.CharField()
    ogw_percent = serializers.CharField()


class TournamentFinalPlaceSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="1 is the champion")
    player = serializers.IntegerField()
    username = serializers.CharField()


class TournamentStandingsSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=TournamentStatus.values)
    version = serializers.IntegerField()
    standings = TournamentStandingSerializer(
        many=True, help_text="after the Swiss rounds played so far"
    )
    final_places = TournamentFinalPlaceSerializer(
        many=True, help_text="once finished: the final order (top cut first); empty before"
    )


class TournamentRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    stage = serializers.ChoiceField(choices=["swiss", "elimination"])
    started_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    pairings = TournamentPairingSerializer(many=True)


class TournamentRecordRowSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="the round's number")
    stage = serializers.ChoiceField(choices=["swiss", "elimination"])
    opponent = serializers.CharField(allow_null=True, help_text="username; null for a bye")
    outcome = serializers.ChoiceField(choices=["win", "draw", "loss", "bye", "pending"])
    games = serializers.CharField(help_text="games won-lost-drawn, e.g. 2-1-0")


class TournamentDecklistCardSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    count = serializers.IntegerField()
    board = serializers.CharField(help_text="main or side")


class TournamentPlayerDetailSerializer(TournamentPlayerSerializer):
    record = TournamentRecordRowSerializer(many=True, help_text="one row a round played")
    decklist = TournamentDecklistCardSerializer(
        many=True,
        allow_null=True,
        help_text="the registered list: for the player and the organiser, and for everyone "
        "after the event when decklists are public; null otherwise",
    )


class TournamentRefusalBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="deck_not_legal, registration_closed, ...")
    message = serializers.CharField()
    problems = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="with deck_not_legal: each problem's code, message, hint and cards",
    )


class TournamentRefusalSerializer(serializers.Serializer):
    error = TournamentRefusalBodySerializer()


# --- helpers ----------------------------------------------------------------------------


def _no_such_player() -> NotFound:
    return NotFound("no_player", _("No such player in this tournament."))


def _user(request):
    return request.user if request.user.is_authenticated else None


def _summary(tournament: Tournament, player_count: int) -> dict:
    return {
        "id": tournament.pk,
        "url": tournament.get_absolute_url(),
        "name": tournament.name,
        "game": tournament.game.slug,
        "format": tournament.format,
        "best_of": tournament.best_of,
        "swiss_rounds": tournament.swiss_rounds,
        "top_cut": tournament.top_cut,
        "round_minutes": tournament.round_minutes,
        "registration_closes_at": tournament.registration_closes_at,
        "status": tournament.status,
        "organiser": tournament.organiser.username,
        "player_count": player_count,
        "created_at": tournament.created_at,
    }


def _summaries(tournaments: list[Tournament]) -> list[dict]:
    counts = dict(
        Player.objects.filter(tournament__in=[t.pk for t in tournaments])
        .values_list("tournament")
        .annotate(n=Count("id"))
    )
    return [_summary(t, counts.get(t.pk, 0)) for t in tournaments]


def _player(player: Player | None) -> dict | None:
    if player is None:
        return None
    return {"id": player.pk, "username": player.user.username, "dropped": player.dropped}


def _pairing(pairing) -> dict:
    return {
        "id": pairing.pk,
        "round": pairing.round.number,
        "table": pairing.table,
        "player_a": _player(pairing.player_a),
        "player_b": _player(pairing.player_b),
        "wins_a": pairing.wins_a,
        "wins_b": pairing.wins_b,
        "draws": pairing.draws,
        "outcome": pairing.outcome,
        "games": [
            {
                "number": game.number,
                "match": game.match_id,
                "a_seat": game.a_seat,
                "status": game.match.status,
            }
            for game in pairing.games.all()
        ],
    }


def _detail(tournament: Tournament, user) -> dict:
    players = list(tournament.players.select_related("user").order_by("registered_at", "pk"))
    body = _summary(tournament, len(players))
    running = tournament.status == TournamentStatus.RUNNING
    current = selectors.current_round(tournament) if running else None
    entry = selectors.entry_of(tournament, user) if user is not None else None
    pairing = selectors.my_pairing(tournament, user) if entry is not None and running else None
    my_pairing = None
    if pairing is not None:
        match = getattr(pairing, "current_match", None)
        my_pairing = {**_pairing(pairing), "current_match": match.pk if match else None}
    body.update(
        {
            "description": tournament.description,
            "listed": tournament.listed,
            "decklists_public": tournament.decklists_public,
            "version": tournament.version,
            "started_at": tournament.started_at,
            "finished_at": tournament.finished_at,
            "you_organise": user is not None and tournament.organiser_id == user.pk,
            "players": [_player(p) for p in players],
            "current_round": None
            if current is None
            else {
                "number": current.number,
                "stage": current.stage,
                "ends_at": current.ends_at,
                "seconds_left": selectors.seconds_left(current),
            },
            "my_entry": None
            if entry is None
            else {
                "id": entry.pk,
                "dropped": entry.dropped,
                "deck": entry.deck_version.deck_id,
                "deck_name": entry.deck_version.name,
                "deck_version": entry.deck_version.number,
            },
            "my_pairing": my_pairing,
        }
    )
    return TournamentDetailSerializer(body).data


def _detail_response(tournament_id, request, code: int = status.HTTP_200_OK) -> Response:
    user = _user(request)
    return Response(_detail(selectors.tournament_for(tournament_id), user), status=code)


def _settled(tournament_id, request) -> Tournament:
    """The event (404 for an unknown id), after settling a round whose clock ran out."""
    tournament = selectors.tournament_for(tournament_id)
    if tournament.status == TournamentStatus.RUNNING:
        services.expire_overdue(tournament_id=tournament.pk)
        tournament = selectors.tournament_for(tournament_id)
    return tournament


def _decimal(value: Fraction) -> str:
    """An exact share as a decimal with 4 places, rounded half up (2/3 → "0.6667")."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP))


def _standing(row) -> dict:
    body = {
        "rank": row.rank,
        "player": row.player,
        "username": row.username,
        "points": row.points,
        "wins": row.wins,
        "losses": row.losses,
        "draws": row.draws,
        "byes": row.byes,
        "dropped": row.dropped,
    }
    for key in ("mwp", "omw", "gwp", "ogw"):
        value = Fraction(getattr(row, key))
        body[key] = _decimal(value)
        body[f"{key}_percent"] = standings.percent(value)
    return body


def _rounds(tournament: Tournament) -> list:
    body = [
        {
            "number": r.number,
            "stage": r.stage,
            "started_at": r.started_at,
            "ends_at": r.ends_at,
            "finished_at": r.finished_at,
            "pairings": [_pairing(p) for p in r.pairings.all()],
        }
        for r in selectors.rounds(tournament)
    ]
    return list(TournamentRoundSerializer(body, many=True).data)  # plain lists and dicts


_STATUS = OpenApiParameter(
    "status",
    str,
    enum=list(TournamentStatus.values),
    description="only events in this state; left out: all three, upcoming first",
)


# --- views ------------------------------------------------------------------------------


class TournamentListApi(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tournament_list",
        parameters=[_STATUS],
        responses={200: TournamentSummarySerializer(many=True)},
        description="Listed events (not those open by link only), newest first, at most 50 "
        "for each state: registration open, running, finished. One list, not paginated.",
    )
    def get(self, request):
        wanted = request.query_params.get("status")
        if wanted is None:
            statuses = list(TournamentStatus.values)
        elif wanted in TournamentStatus.values:
            statuses = [wanted]
        else:
            raise ApplicationError(
                "bad_status",
                _("“status” must be registration, running or finished."),
                extra={"parameter": "status"},
            )
        tournaments = [t for s in statuses for t in selectors.listed_tournaments(s)]
        return Response(TournamentSummarySerializer(_summaries(tournaments), many=True).data)

    @extend_schema(
        operation_id="tournament_create",
        request=TournamentCreateSerializer,
        responses={201: TournamentDetailSerializer},
        description="A new event, open for registration, organised by you.",
    )
    def post(self, request):
        data = validated(TournamentCreateSerializer, request.data)
        game = Game.objects.filter(slug=data["game"]).first()
        if game is None:
            raise ApplicationError(
                "unknown_game", _("There is no game “%(game)s”.") % {"game": data["game"]}
            )
        tournament = services.tournament_create(organiser=request.user, **{**data, "game": game})
        return _detail_response(tournament.pk, request, status.HTTP_201_CREATED)


class MyTournamentsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournament_mine",
        responses={200: MyTournamentsSerializer},
        description="The events you play in and the ones you organise, listed or not.",
    )
    def get(self, request):
        mine = selectors.my_tournaments(request.user)
        entries = list(mine["playing"])
        summaries = _summaries([e.tournament for e in entries] + list(mine["organising"]))
        body = {
            "playing": [
                {"player": e.pk, "dropped": e.dropped, "tournament": s}
                for e, s in zip(entries, summaries, strict=False)
            ],
            "organising": summaries[len(entries) :],
        }
        return Response(MyTournamentsSerializer(body).data)


class TournamentDetailApi(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tournament_detail",
        responses={200: TournamentDetailSerializer},
        description="Settings, players, the current round with its clock and, for the "
        "signed-in player, their entry and current pairing (with the match to play). "
        "`version` rises with every change.",
    )
    def get(self, request, tournament_id):
        _settled(tournament_id, request)
        return _detail_response(tournament_id, request)

    @extend_schema(
        operation_id="tournament_cancel",
        request=None,
        responses={
            204: OpenApiResponse(description="The event is gone, with its registrations."),
            400: OpenApiResponse(
                TournamentRefusalSerializer, description="`started`: it has started already"
            ),
        },
        description="The organiser: cancel an event that has not started. It is deleted with "
        "its registrations and no longer counts toward your open events.",
    )
    def delete(self, request, tournament_id):
        validated(NoBodySerializer, request.data)
        services.tournament_cancel(tournament_id=tournament_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RegistrationApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournament_register",
        request=TournamentRegisterSerializer,
        responses={
            200: TournamentDetailSerializer,
            400: OpenApiResponse(
                TournamentRefusalSerializer,
                description="the deck is not legal in the event's format (`problems` lists "
                "why), registration is closed, or the event is full",
            ),
        },
        description="Register with one of your decks, or swap the deck before the start.",
    )
    def post(self, request, tournament_id):
        data = validated(TournamentRegisterSerializer, request.data)
        deck = Deck.objects.filter(pk=data["deck"], owner=request.user).first()
        services.tournament_register(tournament_id=tournament_id, user=request.user, deck=deck)
        return _detail_response(tournament_id, request)

    @extend_schema(
        operation_id="tournament_withdraw",
        request=None,
        responses={204: OpenApiResponse(description="Your entry is gone.")},
        description="Withdraw before the start (afterwards, drop).",
    )
    def delete(self, request, tournament_id):
        validated(NoBodySerializer, request.data)
        services.tournament_withdraw(tournament_id=tournament_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _organiser_step(step: str, description: str):
    """A POST asking the tournament service for one organiser's step (`step`: its name, which
    is also the operation's id in the schema)."""

    class StepApi(APIView):
        permission_classes = [permissions.IsAuthenticated]

        @extend_schema(
            operation_id=step,
            request=None,
            responses={200: TournamentDetailSerializer},
            description=description,
        )
        def post(self, request, tournament_id):
            validated(NoBodySerializer, request.data)
            getattr(services, step)(tournament_id=tournament_id, user=request.user)
            return _detail_response(tournament_id, request)

    return StepApi


StartApi = _organiser_step(
    "tournament_start",
    "The organiser: close registration, lock the decks, pair round 1.",
)
NextRoundApi = _organiser_step(
    "tournament_next_round",
    "The organiser, once every pairing of the round is decided: pair the next Swiss round, "
    "or the top cut's next round, or finish the event.",
)


class DropApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournament_drop",
        request=TournamentDropSerializer,
        responses={200: TournamentDetailSerializer},
        description="Leave the event (you are not paired again), or, the organiser, drop a player.",
    )
    def post(self, request, tournament_id):
        data = validated(TournamentDropSerializer, request.data)
        services.tournament_drop(
            tournament_id=tournament_id, user=request.user, player_id=data["player"]
        )
        return _detail_response(tournament_id, request)


class ResultApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tournament_result",
        request=TournamentResultSerializer,
        responses={200: TournamentPairingSerializer},
        description="The organiser: enter a pairing's result (games played at a physical "
        "table) or correct one; every change is logged with who made it. Not a pairing "
        "the organiser plays in themselves: 403 `own_pairing`.",
    )
    def post(self, request, tournament_id, pairing_id: int):
        data = validated(TournamentResultSerializer, request.data)
        pairing = services.pairing_record_result(
            tournament_id=tournament_id,
            pairing_id=pairing_id,
            user=request.user,
            wins_a=data["wins_a"],
            wins_b=data["wins_b"],
            draws=data["draws"],
        )
        return Response(TournamentPairingSerializer(_pairing(pairing)).data)


class StandingsApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tournament_standings",
        responses={200: TournamentStandingsSerializer},
        description="Swiss standings with the tiebreakers in order (points, opponents' "
        "match-win, game-win, opponents' game-win) and, once finished, the final places.",
    )
    def get(self, request, tournament_id):
        tournament = _settled(tournament_id, request)
        finished = tournament.status == TournamentStatus.FINISHED
        final = selectors.kept_standings(tournament, final=True) if finished else []
        body = {
            "status": tournament.status,
            "version": tournament.version,
            "standings": [_standing(row) for row in selectors.kept_standings(tournament)],
            "final_places": [
                {"place": row.place, "player": row.player, "username": row.username}
                for row in final
            ],
        }
        return Response(TournamentStandingsSerializer(body).data)


class RoundsApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tournament_rounds",
        parameters=[IF_NONE_MATCH],
        responses={
            200: TournamentRoundSerializer(many=True),
            304: NOT_MODIFIED,
        },
        description="Every round so far with its pairings, results and the games' match ids. "
        "Poll with If-None-Match: 304 until a result, a round or a game's status changes.",
    )
    def get(self, request, tournament_id):
        tournament = _settled(tournament_id, request)
        # Every write that changes a round raises the version; a match that begins or ends
        # changes only its status, which the games' counts by status show. The format: JSON,
        # or (DEBUG) the browsable page.
        games = sorted(selectors.games_by_status(tournament).items())
        shown = request.accepted_renderer.format
        tag = quote_etag(live.fingerprint(tournament.pk, tournament.version, games, shown))
        return live.answer_unless_current(
            request,
            tag,
            lambda: Response(
                kept_cache.get_or_set(
                    f"tournament-rounds:{tag}", lambda: _rounds(tournament), ROUNDS_KEPT_SECONDS
                )
            ),
        )


class PlayerApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tournament_player",
        responses={200: TournamentPlayerDetailSerializer},
        description="One player's record round by round, and the decklist when you may see it.",
    )
    def get(self, request, tournament_id, player_id: int):
        user = _user(request)
        tournament = selectors.tournament_for(tournament_id)
        player = (
            Player.objects.filter(tournament=tournament, pk=player_id)
            .select_related("user", "deck_version")
            .first()
        )
        if player is None:
            raise _no_such_player()
        visible = selectors.can_see_decklist(tournament, player, user)
        body = {
            **_player(player),
            "record": selectors.player_record(tournament, player),
            "decklist": selectors.decklist(tournament, player, user) if visible else None,
        }
        return Response(TournamentPlayerDetailSerializer(body).data)


_BASE = "tournaments/<uuid:tournament_id>/"

api_patterns = [
    path("tournaments/", TournamentListApi.as_view(), name="tournament-list"),
    path("tournaments/mine/", MyTournamentsApi.as_view(), name="tournament-mine"),
    path(_BASE, TournamentDetailApi.as_view(), name="tournament-detail"),
    path(f"{_BASE}registration/", RegistrationApi.as_view(), name="tournament-register"),
    path(f"{_BASE}start/", StartApi.as_view(), name="tournament-start"),
    path(f"{_BASE}next-round/", NextRoundApi.as_view(), name="tournament-next-round"),
    path(f"{_BASE}drop/", DropApi.as_view(), name="tournament-drop"),
    path(
        f"{_BASE}pairings/<id:pairing_id>/result/",
        ResultApi.as_view(),
        name="tournament-result",
    ),
    path(f"{_BASE}standings/", StandingsApi.as_view(), name="tournament-standings"),
    path(f"{_BASE}rounds/", RoundsApi.as_view(), name="tournament-rounds"),
    path(f"{_BASE}players/<id:player_id>/", PlayerApi.as_view(), name="tournament-player"),
]
