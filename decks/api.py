"""Deck API: the owner's CRUD, validation without saving, import and export."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.models import Game
from core.errors import ApplicationError
from decks import codec, formats, selectors, services, validation
from decks.entries import MAIN, SIDE, Entry, total
from decks.models import Deck, Visibility


class CardCountSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32)
    count = serializers.IntegerField(min_value=1, max_value=services.MAX_COUNT)
    board = serializers.ChoiceField(choices=[MAIN, SIDE], default=MAIN)


class DeckInputSerializer(serializers.Serializer):
    game = serializers.SlugField(required=False)
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    description = serializers.CharField(required=False, allow_blank=True)
    format = serializers.CharField(max_length=32, required=False, allow_blank=True)
    visibility = serializers.ChoiceField(choices=Visibility.values, required=False)
    list = serializers.CharField(
        required=False, allow_blank=True, help_text="A text list: “3 Éjlépő Kajtár” per line"
    )
    cards = CardCountSerializer(many=True, required=False)
    code = serializers.CharField(required=False, allow_blank=True, help_text="A deck code")


class ValidateInputSerializer(serializers.Serializer):
    game = serializers.SlugField()
    format = serializers.CharField(max_length=32, required=False, allow_blank=True)
    list = serializers.CharField(required=False, allow_blank=True)
    cards = CardCountSerializer(many=True, required=False)


def _entries_from(data: dict, game: Game, lookup) -> tuple[list[Entry], list]:
    """Entries from a text list or a code/count list; unknown cards stay as entries with no card."""
    if data.get("cards") is not None:
        entries = []
        for row in data["cards"]:
            card = lookup.by_code(row["code"].upper())
            entries.append(
                Entry(card=card, count=row["count"], board=row["board"], line=row["code"])
            )
        return entries, []
    parsed = codec.parse_text(data.get("list", ""), lookup=lookup)
    return parsed.entries, parsed.errors


def _game(slug: str) -> Game:
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        raise ApplicationError("unknown_game", _("There is no game “%(game)s”.") % {"game": slug})
    return game


def deck_payload(deck: Deck, request) -> dict:
    entries = selectors.deck_entries(deck)
    fmt = formats.get_format(deck.game.slug, deck.format) or formats.default_format(deck.game.slug)
    language = get_language()
    problems = validation.validate(entries, deck.game.slug, fmt)
    owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    body = {
        "id": deck.pk,
        "name": deck.name,
        "description": deck.description,
        "game": deck.game.slug,
        "format": fmt.id,
        "visibility": deck.visibility,
        "owner": deck.owner.username,
        "created_at": deck.created_at,
        "updated_at": deck.updated_at,
        "count": total(entries, MAIN),
        "valid": not problems,
        "problems": [p.as_dict(language) for p in problems],
        "cards": [
            {"code": e.card["code"], "name": e.card["name"], "count": e.count, "board": e.board}
            for e in entries
        ],
    }
    if owner:
        body["share_token"] = deck.share_token
    return body


class DeckListApi(APIView):
    """The signed-in user's decks; POST creates one (from a list, cards or a deck code)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="decks_list", responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        decks = selectors.decks_of(user=request.user)
        return Response([deck_payload(deck, request) for deck in decks])

    @extend_schema(request=DeckInputSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request):
        data = _valid(DeckInputSerializer, request.data)
        if data.get("code") or data.get("list"):
            # A deck code names its own game; a text list needs one.
            if not data.get("code") and not data.get("game"):
                raise ApplicationError("missing_game", _("Say which game the deck is for."))
            game = _game(data.get("game") or "alomfogo")
            deck = services.deck_import(
                owner=request.user,
                game=game,
                name=data.get("name", ""),
                format_id=data.get("format", ""),
                text=data.get("list", ""),
                code=data.get("code", ""),
                language=get_language(),
            )
        else:
            if not data.get("game"):
                raise ApplicationError("missing_game", _("Say which game the deck is for."))
            game = _game(data["game"])
            entries, _errors = _entries_from(data, game, services.game_lookup(game))
            unknown = [e.line for e in entries if e.card is None]
            if unknown:
                raise ApplicationError(
                    "unknown_card",
                    _("No card has the code %(codes)s.") % {"codes": ", ".join(unknown)},
                )
            deck = services.deck_create(
                owner=request.user,
                game=game,
                name=data.get("name", ""),
                format_id=data.get("format", ""),
                description=data.get("description", ""),
                visibility=data.get("visibility", Visibility.PRIVATE),
                entries=entries,
            )
        if data.get("visibility") and deck.visibility != data["visibility"]:
            services.deck_update(
                deck=deck, user=request.user, name=deck.name, description=deck.description,
                format_id=deck.format, visibility=data["visibility"],
            )  # fmt: skip
        return Response(deck_payload(deck, request), status=status.HTTP_201_CREATED)


class DeckDetailApi(APIView):
    """One deck: anyone may read a public deck; only its owner changes or deletes it."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, deck_id: int):
        deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
        return Response(deck_payload(deck, request))

    @extend_schema(request=DeckInputSerializer, responses={200: OpenApiTypes.OBJECT})
    def patch(self, request, deck_id: int):
        deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
        data = _valid(DeckInputSerializer, request.data, partial=True)
        with transaction.atomic():
            services.deck_update(
                deck=deck,
                user=request.user,
                name=data.get("name", deck.name),
                description=data.get("description", deck.description),
                format_id=data.get("format", deck.format),
                visibility=data.get("visibility", deck.visibility),
            )
            if "cards" in data or "list" in data:
                entries, errors = _entries_from(data, deck.game, services.game_lookup(deck.game))
                if errors:
                    raise services.DeckImportError(errors, get_language())
                unknown = [e.line for e in entries if e.card is None]
                if unknown:
                    raise ApplicationError(
                        "unknown_card",
                        _("No card has the code %(codes)s.") % {"codes": ", ".join(unknown)},
                    )
                services.deck_set_entries(deck=deck, user=request.user, entries=entries)
        deck.refresh_from_db()
        return Response(deck_payload(deck, request))

    @extend_schema(responses={204: None})
    def delete(self, request, deck_id: int):
        deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
        services.deck_delete(deck=deck, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ValidateApi(APIView):
    """Check a list against a format without saving anything."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=ValidateInputSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request):
        data = _valid(ValidateInputSerializer, request.data)
        game = _game(data["game"])
        fmt = (
            formats.get_format(game.slug, data.get("format") or "")
            if data.get("format")
            else formats.default_format(game.slug)
        )
        if fmt is None:
            raise ApplicationError(
                "unknown_format",
                _("%(game)s has no format “%(format)s”.")
                % {"game": game.name, "format": data["format"]},
            )
        entries, errors = _entries_from(data, game, services.game_lookup(game))
        language = get_language()
        problems = validation.validate(entries, game.slug, fmt)
        return Response(
            {
                "valid": not problems and not errors,
                "count": total(entries, MAIN),
                "format": fmt.id,
                "problems": [p.as_dict(language) for p in problems],
                "unreadable_lines": [
                    {
                        "line_no": e.line_no,
                        "line": e.line,
                        "message": e.message_en if language == "en" else e.message_hu,
                    }
                    for e in errors
                    if not any(entry.line == e.line for entry in entries)
                ],
            }
        )


class ExportApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("as", str, enum=["text", "json", "code"])],
        responses={200: OpenApiTypes.STR},
    )
    def get(self, request, deck_id: int):
        deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
        kind = request.query_params.get("as", "text")
        entries = selectors.deck_entries(deck)
        fmt = formats.get_format(deck.game.slug, deck.format) or formats.default_format(
            deck.game.slug
        )
        if kind == "json":
            return Response(
                codec.export_json(
                    {"game": deck.game.slug, "format": fmt.id, "name": deck.name}, entries
                )
            )
        if kind == "code":
            return Response({"code": codec.encode_deck_code(deck.game.slug, fmt.number, entries)})
        if kind == "text":
            return HttpResponse(
                codec.export_text(entries, get_language()), content_type="text/plain; charset=utf-8"
            )
        raise ApplicationError("unknown_export", _("Export as text, json or code."))


def _valid(serializer_class, data, partial: bool = False) -> dict:
    serializer = serializer_class(data=data, partial=partial)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
