"""Catalog API: cards (searched with the one search language), sets, games."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    inline_serializer,
)
from rest_framework import generics, serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog import selectors
from catalog.models import Card, CardSet, Game
from catalog.paging import MAX_OFFSET, CardPagination
from catalog.search import cards_search
from core.errors import ApplicationError, NotFound
from core.games import GAMES
from core.params import BadParameter
from core.schema import IF_NONE_MATCH, NOT_MODIFIED


class GameSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="slug")
    card_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Game
        fields = ["id", "name", "name_en", "card_count"]


class CardSetSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug")
    card_count = serializers.IntegerField(read_only=True)
    url = serializers.HyperlinkedIdentityField(
        view_name="api:set-detail", lookup_field="code", read_only=True
    )

    class Meta:
        model = CardSet
        fields = [
            "code", "game", "name", "name_en", "release_year", "symbol", "position",
            "provenance", "description", "description_en", "card_count", "url",
        ]  # fmt: skip


class CardSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug")
    set = serializers.CharField(source="card_set.code")
    url = serializers.HyperlinkedIdentityField(
        view_name="api:card-detail", lookup_field="code", read_only=True
    )
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = [
            "code", "game", "set", "number", "name", "name_en", "type", "subtypes", "rarity",
            "cost", "attack", "defense", "glory_bonus", "helper_mark", "text", "text_en",
            "flavor", "letter", "shape", "digit", "group", "next_group", "effects",
            "provenance", "reconstructed_fields", "url", "page_url",
        ]  # fmt: skip

    def get_page_url(self, card: Card) -> str:
        request = self.context.get("request")
        path = card.get_absolute_url()
        return request.build_absolute_uri(path) if request else path


SEARCH_PARAMETERS = [
    OpenApiParameter("q", str, description="A query in the search language (see /cards/syntax/)."),
    OpenApiParameter(
        "page",
        int,
        description=(
            f"From 1 to the page that starts {MAX_OFFSET:,} cards in; "
            "400 bad_parameter otherwise, 404 past the last page."
        ),
    ),
    OpenApiParameter(
        "page_size",
        int,
        description=(
            f"Cards per page, from 1 (more than {CardPagination.max_page_size} gives "
            f"{CardPagination.max_page_size}); 400 bad_parameter otherwise."
        ),
    ),
]


class CardListApi(generics.ListAPIView):
    """Cards matching a search-language query; a bad query is a 400 with its position."""

    serializer_class = CardSerializer
    permission_classes = [AllowAny]
    pagination_class = CardPagination

    def get_queryset(self):
        self.search = cards_search(self.request.query_params.get("q", ""), owner=self.request.user)
        return self.search.cards

    @extend_schema(parameters=SEARCH_PARAMETERS)
    def get(self, request, *args, **kwargs):
        response = self.list(request, *args, **kwargs)
        response.data["description"] = self.search.description
        response.data["warnings"] = [
            {"message": str(w.message), "position": w.position} for w in self.search.warnings
        ]
        return response


class CardDetailApi(generics.RetrieveAPIView):
    serializer_class = CardSerializer
    permission_classes = [AllowAny]
    lookup_field = "code"
    queryset = Card.objects.select_related("game", "card_set")

    def get_object(self):
        self.kwargs["code"] = self.kwargs["code"].upper()
        return super().get_object()


class AutocompleteApi(APIView):
    """Up to 20 card names for what has been typed; accents and typos forgiven; with
    `game`, only that game's names (what a deck of it can take)."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, required=True),
            OpenApiParameter("game", str, description="A game's id: only its cards' names."),
        ],
        responses=inline_serializer("Autocomplete", {"results": serializers.ListField()}),
    )
    def get(self, request):
        game = request.query_params.get("game") or None
        if game is not None and game not in GAMES:
            raise BadParameter("game", _("There is no game “%(game)s”.") % {"game": game[:40]})
        names = selectors.cards_autocomplete(query=request.query_params.get("q", ""), game=game)
        return Response({"results": names})


class NamedCardApi(APIView):
    """One card by name: `?exact=` (accents and case ignored) or `?fuzzy=`."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("exact", str), OpenApiParameter("fuzzy", str)],
        responses=CardSerializer,
    )
    def get(self, request):
        exact = request.query_params.get("exact")
        fuzzy = request.query_params.get("fuzzy")
        if exact is None and fuzzy is None:
            raise ApplicationError("missing_name", _("Give a name as ?exact= or ?fuzzy=."))
        try:
            card = selectors.card_named(exact=exact, fuzzy=fuzzy)
        except selectors.NamedCardNotFound as missing:
            if missing.code == "ambiguous":
                raise NotFound(
                    "ambiguous",
                    _("Several cards match; be more specific."),
                    extra={"candidates": missing.candidates},
                ) from None
            raise NotFound("not_found", _("No card has that name.")) from None
        return Response(CardSerializer(card, context={"request": request}).data)


class CardExportApi(APIView):
    """Every game, set and card as one JSON document; cache it with its ETag."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[IF_NONE_MATCH],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            304: NOT_MODIFIED,
        },
    )
    def get(self, request):
        body, etag = selectors.cards_export()
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        else:
            response = HttpResponse(body, content_type="application/json; charset=utf-8")
            response["Content-Disposition"] = 'inline; filename="kartyavar-cards.json"'
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=300)
        return response


def _sets_with_counts():
    # The count's GROUP BY makes Django drop Meta.ordering: say the order again.
    return (
        CardSet.objects.select_related("game")
        .annotate(card_count=Count("cards"))
        .order_by(*CardSet._meta.ordering)
    )


class SetListApi(generics.ListAPIView):
    serializer_class = CardSetSerializer
    permission_classes = [AllowAny]
    pagination_class = None

    def get_queryset(self):
        return _sets_with_counts()


class SetDetailApi(generics.RetrieveAPIView):
    serializer_class = CardSetSerializer
    permission_classes = [AllowAny]
    lookup_field = "code"

    def get_queryset(self):
        return _sets_with_counts()

    def get_object(self):
        # Set codes are stored upper-case; any case finds the set, as for a card's code.
        self.kwargs["code"] = self.kwargs["code"].upper()
        return super().get_object()


class GameListApi(generics.ListAPIView):
    serializer_class = GameSerializer
    permission_classes = [AllowAny]
    pagination_class = None

    def get_queryset(self):
        return selectors.games_with_counts()
