"""Match API: the same operations as the live table, over HTTP."""

from __future__ import annotations

import json

from django.utils.cache import add_never_cache_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.games import DEFAULT_GAME
from core.params import flag_param, int_param
from core.serializer_fields import ID_MAX, NoBodySerializer, StrictIntegerField, validated
from decks.models import Deck
from play import chat, frames, hints, replays, selectors, services, table_input
from play.models import Match, Opponent

COUNTER_MAX = 2**31 - 1  # a match's version or step (integer column)
SEAT_MAX = 2**15 - 1  # a seat position (smallint column); seats beyond the match's are 404


class NeverCached:
    """A match's state, replay, chat or hint differs by who asks and changes with every
    move: no cache between the server and the person may keep it."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        add_never_cache_headers(response)
        return response


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false (a form's "true" or "false"): not 0, 1, "yes" or "on".

    DRF's BooleanField reads all of those, so a client that sent a number got a
    public match it may not have meant. (printing.api.OptionFlag refuses a number
    too, but as a print option, with printing's own error.)
    """

    def to_internal_value(self, data):
        if isinstance(data, bool):
            return data
        if data in ("true", "false"):
            return data == "true"
        self.fail("invalid", input=data)


@extend_schema_field(OpenApiTypes.STR)
class GameIdField(serializers.Field):
    """A game's id, taken as sent, whatever it is: `selectors.game_to_play` judges it, so that what
    names no game (a typo, a number, "", null) is `unknown_game` saying what was sent,
    not DRF's "invalid" or "may not be blank"."""

    def __init__(self, **kwargs) -> None:
        super().__init__(allow_null=True, **kwargs)

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


class CreateSerializer(serializers.Serializer):
    game = GameIdField(
        default=DEFAULT_GAME,
        help_text="the game's id (alomfogo, oniroo, arcane-guardian); another is 400 "
        "`unknown_game`",
    )
    deck = StrictIntegerField(
        minimum=1, maximum=ID_MAX, required=False, help_text="games where each seat brings a deck"
    )
    # a paired match is made by a tournament, never asked for
    opponent = serializers.ChoiceField(
        choices=[v for v in Opponent.values if v != Opponent.PAIRED],
        default=Opponent.BOT_GREEDY,
        help_text="a game for one is always played solo; solo is refused for the others",
    )
    # every game's choices go here by their names (core/games.py), each with its own JSON
    # type: no game's option has a field of its own in this shared body
    options = serializers.DictField(
        default=dict, help_text="the game's lobby options, e.g. Álomfogó's starting_glory"
    )
    public = StrictBooleanField(default=False)


class JoinSerializer(serializers.Serializer):
    deck = StrictIntegerField(minimum=1, maximum=ID_MAX, required=False)


class ActionSerializer(serializers.Serializer):
    action = serializers.DictField()
    version = StrictIntegerField(minimum=0, maximum=COUNTER_MAX)


class SolverVerdictSerializer(serializers.Serializer):
    """The solver's answer over deals that fit what the player has seen (never the real one)."""

    verdict = serializers.ChoiceField(choices=["winnable", "lost", "unknown"])
    deals = serializers.IntegerField(help_text="deals searched, each fitting the player's view")
    winnable = serializers.IntegerField(help_text="of them, deals that can still be won")
    lost = serializers.IntegerField(help_text="of them, deals that cannot")
    unknown = serializers.IntegerField(help_text="of them, deals the search left undecided")


class HintSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match version the hint is for")
    action = serializers.DictField(help_text="the greedy bot's choice: one of your legal actions")
    solver = SolverVerdictSerializer(
        required=False, help_text="with ?solve=1 only: whether the deal can still be won"
    )


def _deck(user, deck_id: int) -> Deck | None:
    return Deck.objects.filter(pk=deck_id, owner=user).first()


def _payload(match: Match, user) -> dict:
    match.refresh_from_db()
    seat = match.seats.filter(user=user).first()
    return {"id": str(match.pk), **frames.match_payload(match, seat)}


class MatchListApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=CreateSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request):
        data = validated(CreateSerializer, request.data)
        game = selectors.game_to_play(data["game"])
        options = dict(data["options"])
        match = services.match_create(
            user=request.user,
            game=game,
            deck=_deck(request.user, data["deck"]) if "deck" in data else None,
            opponent=data["opponent"],
            options=options,
            public=data["public"],
        )
        return Response(_payload(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetailApi(NeverCached, APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, match_id):
        match, seat = selectors.match_for(match_id=match_id, user=request.user)
        services.bot_wake_if_stalled(match)  # a table without a socket polls this
        # a player of a finished match learns of the new one another player opened from it
        again = selectors.rematch_of(match) if seat else None
        return Response(
            {
                "id": str(match.pk),
                **frames.match_payload(match, seat),
                "rematch": str(again.pk) if again else None,
                "rematch_url": again.get_absolute_url() if again else None,
            }
        )


class JoinApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=JoinSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, match_id):
        deck_id = validated(JoinSerializer, request.data).get("deck")
        match = services.match_join(
            match_id=match_id,
            user=request.user,
            deck=_deck(request.user, deck_id) if deck_id is not None else None,
        )
        return Response(_payload(match, request.user))


class ActionApi(APIView):
    """One move: 200 with the new view; 400 illegal; 409 stale version; 403 not a player.

    The answer is the frame the mover's seat was sent for this move (a bot's
    reply reaches the table afterwards, like every other seat's frame).
    """

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=ActionSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, match_id):
        # read as the live table's socket reads a move (ActionSerializer describes it)
        _kind, data = table_input.read_message(request.data, table_input.MOVES)
        match = services.match_submit_action(
            match_id=match_id,
            user=request.user,
            action=data["action"],
            expected_version=data["version"],
        )
        return Response({"id": str(match.pk), **json.loads(match.frame)})


class _MatchStepApi(APIView):
    """A POST asking the match service for one step (`step`, its name); answers the new table."""

    permission_classes = [permissions.IsAuthenticated]
    step = ""

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, match_id):
        validated(NoBodySerializer, request.data)
        match = getattr(services, self.step)(match_id=match_id, user=request.user)
        return Response(_payload(match, request.user))


class ReadyApi(_MatchStepApi):
    """A tournament's paired match: this player is at the table (it starts when both are)."""

    step = "match_ready"


class ClaimWinApi(_MatchStepApi):
    """Two players: the win, when the other has not moved for too long."""

    step = "match_claim_win"


class SeatToBotApi(_MatchStepApi):
    """A table of three or more: a bot takes the seat of the player keeping everyone waiting."""

    step = "match_seat_to_bot"


class ResignApi(_MatchStepApi):
    """Give up: with one or two seats the match ends and the others win; at a bigger table
    a bot plays your seat to the end."""

    step = "match_resign"


class LeaveApi(_MatchStepApi):
    """Give up your seat in a match nobody has started (its creator calls it off instead);
    answers the match as you now see it, without a seat."""

    step = "match_leave"


class CallOffApi(APIView):
    """The creator takes a match nobody has started off the lobby (204)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request, match_id):
        validated(NoBodySerializer, request.data)
        services.match_call_off(match_id=match_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TakeSeatBackApi(_MatchStepApi):
    """The player whose seat a bot took plays on themselves."""

    step = "match_take_seat_back"


class ReplayApi(NeverCached, APIView):
    """One step of a finished match: `?seat=N` (or `watch`; by default your own seat, else
    `watch`) and `?step=K`; 404 while it runs or for a seat whose cards are not yours to see."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, match_id):
        match = replays.replayable(match_id, request.user)
        raw_seat = request.query_params.get("seat")
        if raw_seat is None:
            position = replays.default_perspective(match, request.user)
        elif raw_seat == "watch":
            position = None
        else:
            position = int_param(raw_seat, name="seat", minimum=0, maximum=SEAT_MAX)
        step = int_param(
            request.query_params.get("step"),
            name="step",
            minimum=0,
            maximum=COUNTER_MAX,
            default=match.version,
        )
        frame = replays.replay_for(match, request.user, position, step)
        return Response({"id": str(match.pk), **frame})


class ChatApi(NeverCached, APIView):
    """The table's chat over HTTP (the live table uses its websocket).

    GET: the last messages the requester may see. POST `{"chat": text}` sends one
    (429 when too fast); POST `{"mute": user_id, "on": bool}` hides that person's
    messages from the requester, or shows them again.
    """

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, match_id):
        history = chat.chat_history(match_id=match_id, user=request.user)
        muted = chat.muted_ids(match_id, request.user)
        return Response({"type": "chat", "messages": history, "muted": sorted(muted)})

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="`{mute, on}`: the messages you see now, `replace` true.",
            ),
            201: OpenApiResponse(
                OpenApiTypes.OBJECT, description="`{chat}`: the message sent, as `messages`."
            ),
        },
    )
    def post(self, request, match_id):
        kind, data = table_input.read_message(request.data, table_input.CHAT)  # as the socket
        if kind == "mute":
            muted = chat.chat_mute(
                match_id=match_id, user=request.user, muted_id=data["mute"], on=data["on"]
            )
            history = chat.chat_history(match_id=match_id, user=request.user)
            return Response(
                {"type": "chat", "messages": history, "muted": sorted(muted), "replace": True}
            )
        message = chat.chat_post(match_id=match_id, user=request.user, text=data["chat"])
        return Response(
            {"type": "chat", "messages": [chat.message_dict(message)]},
            status=status.HTTP_201_CREATED,
        )


class HintApi(NeverCached, APIView):
    """Arcane Guardian: the greedy bot's choice for your move; `?solve=1` adds the solver's verdict.

    Only the seated player, on their move (404 for anyone else, 400
    `not_running` / `not_your_move`). The solver searches within a node
    budget; each person may run at most settings.LIMITS["SOLVER_PARALLEL_PER_USER"]
    searches at once, across every web process (429 `solver_busy`), and at most
    hints.SOLVER_RUNS_PER_MINUTE a minute (429 `solver_too_often`). A verdict is kept:
    the same position asked again is answered without a search, and counts for neither.
    """

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "solve",
                OpenApiTypes.BOOL,
                description="also ask the solver: 1, true or yes (0, false or no: not)",
            )
        ],
        responses={
            200: HintSerializer,
            400: OpenApiResponse(description="not running, or not your move"),
            404: OpenApiResponse(description="not your match"),
            429: OpenApiResponse(
                description="a solver search of yours is still running (`solver_busy`), or "
                "you had the solver search too often this minute (`solver_too_often`)"
            ),
        },
    )
    def get(self, request, match_id):
        # A synchronous view is not a bottleneck under ASGI: Django runs each
        # request's synchronous code in that request's own thread, so a search
        # of about a second holds only this request.
        solve = flag_param(request.query_params.get("solve"), name="solve")
        hint = hints.match_hint(match_id=match_id, user=request.user, solve=solve)
        return Response(HintSerializer(hint).data)


hint_view = HintApi.as_view()  # the name config/urls.py routes to
