"""Match API: the same operations as the live table, over HTTP."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.models import Game
from core.errors import ApplicationError
from decks.models import Deck
from play import chat, replays, services
from play.models import Match, Opponent


class CreateSerializer(serializers.Serializer):
    game = serializers.SlugField(default="alomfogo")
    deck = serializers.IntegerField(required=False, help_text="games where each seat brings a deck")
    opponent = serializers.ChoiceField(choices=Opponent.values, default=Opponent.BOT_GREEDY)
    options = serializers.DictField(default=dict, help_text="the game's lobby options")
    starting_glory = serializers.IntegerField(required=False, help_text="Álomfogó: 10, 15 or 20")
    public = serializers.BooleanField(default=False)


class JoinSerializer(serializers.Serializer):
    deck = serializers.IntegerField(required=False)


class ActionSerializer(serializers.Serializer):
    action = serializers.DictField()
    version = serializers.IntegerField(min_value=0)


def _deck(user, deck_id: int) -> Deck | None:
    return Deck.objects.filter(pk=deck_id, owner=user).first()


def _payload(match: Match, user) -> dict:
    match.refresh_from_db()
    seat = match.seats.filter(user=user).first()
    return {"id": str(match.pk), **services.match_payload(match, seat)}


class MatchListApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=CreateSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request):
        serializer = CreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        game = Game.objects.filter(slug=data["game"]).first()
        if game is None:
            raise ApplicationError("no_engine", _("This game cannot be played online yet."))
        options = dict(data["options"])
        if "starting_glory" in data:
            options["starting_glory"] = data["starting_glory"]
        match = services.match_create(
            user=request.user,
            game=game,
            deck=_deck(request.user, data["deck"]) if "deck" in data else None,
            opponent=data["opponent"],
            options=options,
            public=data["public"],
        )
        return Response(_payload(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, match_id):
        match, seat = services.match_for(match_id=match_id, user=request.user)
        return Response({"id": str(match.pk), **services.match_payload(match, seat)})


class JoinApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=JoinSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, match_id):
        serializer = JoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        deck_id = serializer.validated_data.get("deck")
        match = services.match_join(
            match_id=match_id,
            user=request.user,
            deck=_deck(request.user, deck_id) if deck_id is not None else None,
        )
        return Response(_payload(match, request.user))


class ActionApi(APIView):
    """One move: 200 with the new view; 400 illegal; 409 stale version; 403 not a player."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=ActionSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, match_id):
        serializer = ActionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        match = services.match_submit_action(
            match_id=match_id,
            user=request.user,
            action=serializer.validated_data["action"],
            expected_version=serializer.validated_data["version"],
        )
        return Response(_payload(match, request.user))


class _MatchStepApi(APIView):
    """A POST asking the match service for one step (`step`, its name); answers the new table."""

    permission_classes = [permissions.IsAuthenticated]
    step = ""

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, match_id):
        match = getattr(services, self.step)(match_id=match_id, user=request.user)
        return Response(_payload(match, request.user))


class ClaimWinApi(_MatchStepApi):
    """Two players: the win, when the other has not moved for too long."""

    step = "match_claim_win"


class SeatToBotApi(_MatchStepApi):
    """A table of three or more: a bot takes the seat of the player keeping everyone waiting."""

    step = "match_seat_to_bot"


class TakeSeatBackApi(_MatchStepApi):
    """The player whose seat a bot took plays on themselves."""

    step = "match_take_seat_back"


class ReplayApi(APIView):
    """One step of a finished match: `?seat=N` (or `watch`) and `?step=K`; 404 while it runs."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, match_id):
        match = replays.replayable(match_id, request.user)
        raw_seat, raw_step = request.query_params.get("seat", "0"), request.query_params.get("step")
        if raw_seat != "watch" and not raw_seat.isdigit():
            raise ApplicationError("bad_seat", _("Choose a seat number or watch."))
        if raw_step is not None and not raw_step.isdigit():
            raise ApplicationError("bad_step", _("A step is a whole number."))
        position = None if raw_seat == "watch" else int(raw_seat)
        step = match.version if raw_step is None else int(raw_step)
        return Response({"id": str(match.pk), **replays.replay_frame(match, position, step)})


class ChatApi(APIView):
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

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, match_id):
        data = request.data if isinstance(request.data, dict) else {}
        if "mute" in data:
            muted = chat.chat_mute(
                match_id=match_id,
                user=request.user,
                muted_id=data["mute"],
                on=data.get("on", True) is not False,
            )
            history = chat.chat_history(match_id=match_id, user=request.user)
            return Response(
                {"type": "chat", "messages": history, "muted": sorted(muted), "replace": True}
            )
        message = chat.chat_post(
            match_id=match_id, user=request.user, text=data.get("chat", data.get("text"))
        )
        return Response(
            {"type": "chat", "messages": [chat.message_dict(message)]},
            status=status.HTTP_201_CREATED,
        )


async def hint_view(request, match_id):
    """`GET /api/matches/<id>/hint/[?solve=1]`: the greedy choice (and the solver's verdict).

    A plain async view, not DRF: the solver may search for about a second, and
    it runs in its own worker thread instead of the one thread that serves
    every synchronous view of this process.
    """
    from asgiref.sync import sync_to_async
    from django.http import Http404, JsonResponse

    from play.hints import match_hint

    if request.method != "GET":
        return JsonResponse(
            {"error": {"code": "method_not_allowed", "message": _("Use GET.")}}, status=405
        )
    user = await request.auser()
    solve = request.GET.get("solve") in ("1", "true", "yes")
    try:
        hint = await sync_to_async(match_hint, thread_sensitive=False)(
            match_id=match_id, user=user, solve=solve
        )
    except Http404:
        return JsonResponse(
            {"error": {"code": "not_found", "message": _("No such match.")}}, status=404
        )
    except ApplicationError as refused:
        body = {"error": {"code": refused.code, "message": str(refused.message)}}
        return JsonResponse(body, status=refused.status_code)
    return JsonResponse(hint)
