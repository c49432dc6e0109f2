"""Collection API: the signed-in player's own counts, CSV import and export, the share link.

Everything here is owner-only: there is no URL naming another player's collection
(a shared one is read through its unlisted link on the HTML side). Anonymous
requests get 401 (token) or 403 (session) like the other private APIs. The lead's
config/urls.py includes `api_patterns` under /api/.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import path
from django.utils.translation import gettext as _
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

from catalog.vocab import GAME_IDS
from collection import csvio, services, summary
from collection.forms import repeated_field_message, repeated_fields
from collection.models import MAX_COPIES
from core.api import IgnoreAccept
from core.errors import ApplicationError
from core.games import DEFAULT_GAME
from core.serializer_fields import NoBodySerializer, StrictIntegerField, validated

# --- input ------------------------------------------------------------------------------


class CountSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32, help_text="a card code, e.g. AF1-001")
    count = StrictIntegerField(minimum=0, maximum=MAX_COPIES, help_text="0 removes the card")


class CountResultSerializer(serializers.Serializer):
    code = serializers.CharField()
    count = serializers.IntegerField()


_CSV_HELP = (
    "Lines `code,count` or `name,count` (a name with a comma in quotes), an optional header "
    "line; `;` or tab also separate. The export reads back as it is. Bounded by LIMITS: "
    "COLLECTION_CSV_MAX_LINES card lines (5,000), COLLECTION_CSV_MAX_CHARS characters (300,000)."
)


@extend_schema_field(OpenApiTypes.BINARY)
class UploadField(serializers.FileField):
    """A file sent in a multipart body. drf-spectacular documents a FileField as the URL
    a response gives for it, so a generated client would send a string, not the file."""


class ImportSerializer(serializers.Serializer):
    """The CSV as `text`: a JSON body (or a form)."""

    text = serializers.CharField(
        required=False, allow_blank=True, trim_whitespace=False, help_text=_CSV_HELP
    )
    game = serializers.ChoiceField(
        choices=GAME_IDS, default=DEFAULT_GAME, help_text="whose cards the names are"
    )
    mode = serializers.ChoiceField(
        choices=services.MODES,
        default="add",
        help_text="add: each count is added to what you own, a card totalling 0 is removed; "
        "replace: the listed cards get exactly their counts and the game's other cards are "
        "removed.",
    )


class ImportUploadSerializer(ImportSerializer):
    """The CSV as `text` or as a `file`: a multipart body."""

    file = UploadField(
        required=False, help_text="The CSV as a file (multipart), UTF-8; instead of `text`."
    )


class AddSetSerializer(serializers.Serializer):
    copies = StrictIntegerField(minimum=1, maximum=MAX_COPIES, default=1)


# --- output (what the views answer; here for the schema) -----------------------------------


class OwnedCardSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    game = serializers.CharField()
    set = serializers.CharField()
    rarity = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()


class ImportSummarySerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=services.MODES)
    cards = serializers.IntegerField(help_text="different cards set or added")
    copies = serializers.IntegerField(help_text="copies the file lists")
    removed = serializers.IntegerField(help_text="cards taken out of the collection")


class ImportLineSerializer(serializers.Serializer):
    line_no = serializers.IntegerField()
    line = serializers.CharField()
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())


class ImportErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="import_failed, too_many_lines, list_too_long, ...")
    message = serializers.CharField()
    lines = ImportLineSerializer(many=True, required=False, help_text="with import_failed")


class ImportErrorSerializer(serializers.Serializer):
    error = ImportErrorBodySerializer()


class AddSetResultSerializer(serializers.Serializer):
    cards = serializers.IntegerField(help_text="cards in the set")
    copies_added = serializers.IntegerField()
    capped = serializers.IntegerField(help_text="cards that reached 999 first")


class ShareSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="the unlisted link's token")


_GAME = OpenApiParameter("game", str, enum=list(GAME_IDS), description="only this game's cards")


def _game_param(request) -> str | None:
    game = request.query_params.get("game") or None
    if game is not None and game not in GAME_IDS:
        raise ApplicationError("unknown_game", _("There is no game “%(game)s”.") % {"game": game})
    return game


def _sent_once(body) -> None:
    """Refuse a form body that sends a field twice (two `file` parts: DRF reads the last)."""
    for name, times in repeated_fields(body):
        raise ApplicationError(
            "repeated_field", repeated_field_message(name, times), extra={"field": name[:40]}
        )


def _csv_text(data: dict) -> str:
    """The CSV from `text` or an uploaded `file`, read no further than the limit allows;
    both at once are refused (`text_and_file`), rather than one of them left unread."""
    upload = data.get("file")
    if upload is None:
        return data.get("text", "")
    if data.get("text", "").strip():  # a blank text beside a file says nothing
        raise ApplicationError(
            "text_and_file",
            _("Send the CSV as “text” or as a “file”, not both. Nothing was imported."),
        )
    limit = services.csv_limits().max_chars
    # A character is at most 4 bytes in UTF-8: more bytes than that is over the
    # limit whatever they say, and is refused without reading the rest.
    raw = upload.read(limit * 4 + 1)
    if len(raw) > limit * 4:
        raise ApplicationError(
            "list_too_long",
            _("A collection CSV may be at most %(limit)s characters long.") % {"limit": limit},
            extra={"limit": limit},
        )
    try:
        # UTF-8, else Windows-1250: what a Hungarian Excel saves as plain "CSV"
        text, _encoding = csvio.decode_csv(raw)
    except UnicodeDecodeError:
        raise ApplicationError(
            "not_utf8",
            _("The file is neither UTF-8 nor Windows-1250 text: save the CSV as UTF-8."),
        ) from None
    if len(text) > limit:  # Windows-1250 is a byte a character: the bytes read allow more
        raise ApplicationError(
            "list_too_long",
            _("A collection CSV may be at most %(limit)s characters long.") % {"limit": limit},
            extra={"limit": limit},
        )
    return text


# --- views ------------------------------------------------------------------------------


class CollectionApi(APIView):
    """Your collection: every card you own; PUT or PATCH sets one card's count."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="collection_list",
        parameters=[_GAME],
        responses={200: OwnedCardSerializer(many=True)},
        description="The cards you own, in catalog order (game, set, number), as one list "
        "(not paginated: at most one row per card of the catalog).",
    )
    def get(self, request):
        return Response(summary.owned_rows(request.user, game_slug=_game_param(request)))

    @extend_schema(
        operation_id="collection_set_count",
        request=CountSerializer,
        responses={200: CountResultSerializer},
        description="Own exactly `count` copies (0–999) of a card; 0 removes it. "
        "An unknown code answers 404.",
    )
    def put(self, request):
        data = validated(CountSerializer, request.data)
        count = services.collection_set_count(
            user=request.user, code=data["code"], count=data["count"]
        )
        return Response({"code": data["code"].strip().upper(), "count": count})

    @extend_schema(
        operation_id="collection_patch_count",
        request=CountSerializer,
        responses={200: CountResultSerializer},
        description="The same as PUT: one card's count.",
    )
    def patch(self, request):
        return self.put(request)


class ImportApi(APIView):
    """Import a CSV into your collection, all of it or nothing."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="collection_import",
        request={
            "application/json": ImportSerializer,
            "multipart/form-data": ImportUploadSerializer,
        },
        responses={
            200: ImportSummarySerializer,
            400: OpenApiResponse(
                ImportErrorSerializer,
                description="Nothing was saved. `import_failed` lists every line that is "
                "wrong (line number, the line, why, suggested names); `too_many_lines` and "
                "`list_too_long` name the limit; `text_and_file`: both were sent; "
                "`repeated_field` (with `field`): a form field, such as `file`, sent twice.",
            ),
        },
    )
    def post(self, request):
        _sent_once(request.data)  # request.data holds a multipart body's files too
        # a `file` in a JSON body is not a file: refused as one by the upload's field
        data = validated(ImportUploadSerializer, request.data)
        result = services.collection_import(
            user=request.user, text=_csv_text(data), game_slug=data["game"], mode=data["mode"]
        )
        return Response(
            {
                "mode": result.mode,
                "cards": result.cards,
                "copies": result.copies,
                "removed": result.removed,
            }
        )


class ExportApi(APIView):
    permission_classes = [permissions.IsAuthenticated]
    content_negotiation_class = IgnoreAccept

    @extend_schema(
        operation_id="collection_export",
        parameters=[_GAME],
        responses={
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR,
                description="`code,count,name,name_en,set` with a header, sorted by game, set "
                "and number; POST it to /api/collection/import/ to read it back.",
            )
        },
    )
    def get(self, request):
        text = summary.collection_csv(request.user, game_slug=_game_param(request))
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="collection.csv"'
        return response


class ShareApi(APIView):
    """The unlisted link to your collection: POST opens it, DELETE closes it."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="collection_share",
        request=None,
        responses={200: ShareSerializer},
        description="The link's token (the same one while the link is open).",
    )
    def post(self, request):
        validated(NoBodySerializer, request.data)
        share = services.collection_share(user=request.user)
        return Response({"token": share.token})

    @extend_schema(
        operation_id="collection_unshare",
        request=None,
        responses={204: OpenApiResponse(description="Closed; the old link is 404 from now on.")},
    )
    def delete(self, request):
        validated(NoBodySerializer, request.data)
        services.collection_unshare(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AddSetApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="collection_add_set",
        request=AddSetSerializer,
        responses={200: AddSetResultSerializer},
        description="`copies` (1–999, default 1) more of every card of a set, each capped at "
        "999. An unknown set answers 404.",
    )
    def post(self, request, set_code: str):
        data = validated(AddSetSerializer, request.data)
        result = services.collection_add_set(
            user=request.user, set_code=set_code, copies=data["copies"]
        )
        return Response(
            {"cards": result.cards, "copies_added": result.copies_added, "capped": result.capped}
        )


api_patterns = [
    path("collection/", CollectionApi.as_view(), name="collection"),
    path("collection/import/", ImportApi.as_view(), name="collection-import"),
    path("collection/export/", ExportApi.as_view(), name="collection-export"),
    path("collection/share/", ShareApi.as_view(), name="collection-share"),
    path("collection/sets/<str:set_code>/", AddSetApi.as_view(), name="collection-add-set"),
]
