"""Deck API: the owner's CRUD, validation without saving, import and export."""

from __future__ import annotations

from django.http import HttpResponse, QueryDict
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.utils import html
from rest_framework.views import APIView

from catalog.models import Game
from catalog.paging import CheckedPagination
from core.api import IgnoreAccept
from core.api_pages import page_parameters, page_serializer
from core.errors import ApplicationError
from core.hungarian import percent_filled
from core.jsonlimits import BadJson, loads_bounded
from core.serializer_fields import (
    CountedListSerializer,
    NoBodySerializer,
    StrictIntegerField,
    validated,
)
from decks import codec, formats, limits, selectors, services, validation
from decks.entries import MAIN, SIDE, Entry, total
from decks.models import Deck, Visibility
from decks.panel import deck_missing

# --- input ------------------------------------------------------------------------------
VERSION_MAX = 2**63 - 1  # a deck's `version` (services.edit_stamp) is microseconds since 1970


class CardListSerializer(CountedListSerializer):
    """A `cards` list; one longer than a deck may hold is refused before any item is read."""

    most = staticmethod(limits.max_entries)
    too_many = staticmethod(limits.too_many_entries)


class CardCountSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32)
    # a deck's JSON export names each card: it may be sent back as it is (the code decides)
    name = serializers.CharField(
        max_length=200, required=False, allow_blank=True, write_only=True, help_text="Ignored."
    )
    count = StrictIntegerField(minimum=codec.MIN_COUNT, maximum=codec.MAX_COUNT)
    board = serializers.ChoiceField(
        choices=[MAIN, SIDE], default=MAIN, help_text="Missing: the main deck."
    )

    class Meta:
        list_serializer_class = CardListSerializer


_LIST_HELP = (
    "A text list, “3 Éjlépő Kajtár” per line, or the JSON export as text. Bounded by "
    "LIMITS: DECK_LIST_MAX_LINES card lines (500), DECK_LIST_MAX_CHARS characters (50,000)."
)


class DeckInputSerializer(serializers.Serializer):
    """Every field is optional; PATCH changes only the fields it sends."""

    game = serializers.SlugField(
        required=False,
        help_text="On POST, needed for a text list or `cards`: a deck code or a JSON export "
        "names its own game, which wins. On PATCH it cannot change.",
    )
    name = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="At most 120 characters, at least one of them visible (else 400 `bad_name`). "
        "Missing on POST: the JSON export's, else a default (“New deck”, “Imported deck”).",
    )
    description = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="At most LIMITS DECK_DESCRIPTION_MAX_CHARS characters (10,000).",
    )
    format = serializers.CharField(
        max_length=32,
        required=False,
        allow_blank=True,
        help_text="On POST with a deck code or a JSON export, missing: the code's or file's.",
    )
    visibility = serializers.ChoiceField(choices=Visibility.values, required=False)
    list = serializers.CharField(required=False, allow_blank=True, help_text=_LIST_HELP)
    cards = CardCountSerializer(
        many=True,
        required=False,
        help_text="At most LIMITS DECK_MAX_ENTRIES items (500). In a form body: JSON text.",
    )
    code = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="A deck code: on POST the new deck's cards, game and format; on PATCH it "
        "replaces the deck's cards (a code of another game is refused, as is a new `game`).",
    )
    version = StrictIntegerField(
        minimum=0,
        maximum=VERSION_MAX,
        required=False,
        help_text="PATCH only: the deck's `version` as you read it. If the deck changed since, "
        "nothing is saved (409 `stale`). Without it the fields sent are saved as they are.",
    )


class ValidateInputSerializer(serializers.Serializer):
    # a deck's own JSON export (GET …/export/?format=json) may be sent back as it is: its
    # name is read and not needed
    name = serializers.CharField(required=False, allow_blank=True, max_length=200)
    game = serializers.SlugField()
    format = serializers.CharField(max_length=32, required=False, allow_blank=True)
    list = serializers.CharField(required=False, allow_blank=True, help_text=_LIST_HELP)
    cards = CardCountSerializer(many=True, required=False)


def _body(request) -> dict:
    """The request's fields as plain data, whatever the body's encoding.

    A JSON body is used as sent. In a url-encoded or multipart form a blank
    field means "not given" (a form sends all its fields, filled or not), and
    `cards` is either JSON text of the list a JSON body carries or DRF's
    indexed fields (cards[0]code, cards[0]count, ...). Anything else in
    `cards` is refused: read as no cards, it would empty the deck.
    """
    data = request.data
    if not isinstance(data, QueryDict):
        if not isinstance(data, dict):
            raise ApplicationError("bad_body", _("The request body must be a JSON object."))
        return data
    body = {
        key: data.get(key) for key in data if not key.startswith("cards[") and data.get(key) != ""
    }
    if "cards" in body:
        body["cards"] = _cards_from_text(body["cards"])
    else:
        indexed = html.parse_html_list(data, prefix="cards", default=None)
        if indexed is not None:
            body["cards"] = [item.dict() if hasattr(item, "dict") else item for item in indexed]
    return body


def _cards_from_text(text) -> list:
    refused = ApplicationError(
        "bad_cards",
        _(
            "“cards” could not be read: in a form, send it as JSON text of a list, such as "
            '[{"code": "AF1-001", "count": 3}]. Nothing was changed.'
        ),
    )
    if not isinstance(text, str):
        raise refused
    try:
        cards = loads_bounded(text)
    except BadJson:
        raise refused from None
    if not isinstance(cards, list):
        raise refused
    return cards


def _one_source(data: dict) -> None:
    """Refuse a body that sends the cards twice (a deck code, a `list`, `cards`): one of
    them was read and the others dropped without a word."""
    sent = [key for key in ("code", "list") if isinstance(data.get(key), str) and data[key].strip()]
    if data.get("cards") is not None:
        sent.append("cards")
    if len(sent) > 1:
        raise ApplicationError(
            "cards_sent_twice",
            _("Send the cards one way only (you sent %(fields)s); nothing was changed.")
            % {"fields": ", ".join(f"“{key}”" for key in sent)},
        )


def _entries_from(data: dict, game: Game) -> tuple[list[Entry], list[codec.LineError]]:
    """Entries from a code/count list or a text list; unknown cards stay as entries with no card.

    Raises LimitExceeded for a list over the limits, before any card is looked up.
    """
    if data.get("cards") is not None:
        lookup = selectors.game_lookup(game)
        entries = [
            Entry(card=lookup.by_code(row["code"]), count=row["count"], board=row["board"],
                  line=row["code"])
            for row in data["cards"]
        ]  # fmt: skip
        return entries, []
    parsed = services.list_parse(text=data.get("list", ""), game=game)
    return parsed.entries, parsed.errors


def _known_entries(data: dict, game: Game) -> list[Entry]:
    """The entries to save: any unreadable line or unknown card refuses the whole request."""
    return _all_known(*_entries_from(data, game))


def _all_known(entries: list[Entry], errors: list[codec.LineError]) -> list[Entry]:
    """`entries` if every line was read and names a card; else the refusal that says which."""
    if errors:
        raise services.DeckImportError(errors, get_language())
    unknown = [e.line for e in entries if e.card is None]
    if unknown:
        raise ApplicationError(
            "unknown_card", _("No card has the code %(codes)s.") % {"codes": ", ".join(unknown)}
        )
    return entries


def _code_entries(code: str, game: Game) -> list[Entry]:
    """The cards of a deck code sent to replace a deck's list: of the deck's own game, every
    card known, or the whole request is refused."""
    decoded = services.deck_code_read(code, get_language())
    if decoded.game != game.slug:
        raise ApplicationError("wrong_game", _("This deck code is for another game."))
    return _all_known(decoded.parsed.entries, decoded.parsed.errors)


# --- output (what the views answer; here for the schema) -----------------------------------


class ProblemSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=validation.PROBLEM_CODES)
    message = serializers.CharField()
    hint = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField(), help_text="card codes")


class DeckCardSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    count = serializers.IntegerField()
    board = serializers.ChoiceField(choices=[MAIN, SIDE])


class DeckSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    game = serializers.CharField()
    format = serializers.CharField()
    visibility = serializers.ChoiceField(choices=Visibility.values)
    owner = serializers.CharField(help_text="the owner's username")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    version = serializers.IntegerField(
        help_text="Changes with every change to the deck, its cards too; send it back in a "
        "PATCH to save only if nobody changed the deck since. Not a number of its history."
    )
    count = serializers.IntegerField(help_text="cards in the main deck")
    valid = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
    cards = DeckCardSerializer(many=True)
    share_token = serializers.CharField(required=False, help_text="only for the owner")


class UnreadableLineSerializer(serializers.Serializer):
    line_no = serializers.IntegerField()
    line = serializers.CharField()
    message = serializers.CharField()


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    count = serializers.IntegerField()
    format = serializers.CharField()
    problems = ProblemSerializer(many=True)
    unreadable_lines = UnreadableLineSerializer(many=True)


class DeckFileSerializer(serializers.Serializer):
    game = serializers.CharField()
    format = serializers.CharField()
    name = serializers.CharField()
    cards = DeckCardSerializer(many=True)


class DeckCodeSerializer(serializers.Serializer):
    code = serializers.CharField()


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
        "version": services.edit_stamp(deck),
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


class DeckPagination(CheckedPagination):
    """A page of the owner's decks; a `page` or `page_size` that is not one is a 400 naming
    the range (CheckedPagination)."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 100


DeckPageSerializer = page_serializer(
    "DeckPageSerializer", DeckSerializer, count_help="All your decks."
)


class DeckListApi(APIView):
    """The signed-in user's decks; POST creates one (from a list, cards or a deck code)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="decks_list",
        parameters=page_parameters(DeckPagination),
        responses={200: DeckPageSerializer},
        description=f"Your decks, newest change first, {DeckPagination.page_size} a page.",
    )
    def get(self, request):
        # a page at a time: each deck comes whole, checked against its format, and a
        # person may keep a thousand (all at once: half a minute and gigabytes)
        paginator = DeckPagination()
        decks = selectors.decks_of(user=request.user)  # newest change first
        page = selectors.with_entries(paginator.paginate_queryset(decks, request, view=self))
        return paginator.get_paginated_response([deck_payload(deck, request) for deck in page])

    @extend_schema(request=DeckInputSerializer, responses={201: DeckSerializer})
    def post(self, request):
        data = validated(DeckInputSerializer, _body(request))
        _one_source(data)
        code, text = data.get("code", ""), data.get("list", "")
        game = _game(data["game"]) if data.get("game") else None
        new_deck = {
            "owner": request.user,
            "name": data.get("name"),  # None: not sent, so the default name
            "format_id": data.get("format", ""),
            "description": data.get("description", ""),
            "visibility": data.get("visibility", Visibility.PRIVATE),
        }
        if code or text:
            # A deck code or a deck file names its own game; a text list needs one.
            deck = services.deck_import(
                **new_deck, game=game, text=text, code=code, language=get_language()
            )
        else:
            if game is None:
                raise ApplicationError("missing_game", _("Say which game the deck is for."))
            entries = _known_entries(data, game) if "cards" in data else []
            deck = services.deck_create(**new_deck, game=game, entries=entries)
        return Response(deck_payload(deck, request), status=status.HTTP_201_CREATED)


class DeckDetailApi(APIView):
    """One deck: anyone may read a public deck; only its owner changes or deletes it."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: DeckSerializer})
    def get(self, request, deck_id: int):
        deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
        return Response(deck_payload(deck, request))

    @extend_schema(
        request=DeckInputSerializer,
        responses={
            200: DeckSerializer,
            409: OpenApiResponse(
                description="`stale`: the `version` sent is not the deck's any more; "
                "nothing was saved."
            ),
        },
    )
    def patch(self, request, deck_id: int):
        deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
        # Not partial=True: DRF would then skip the required fields and the
        # defaults of each `cards` item too (a missing board would be a KeyError).
        data = validated(DeckInputSerializer, _body(request))
        _one_source(data)
        # Everything is read and checked before the first write.
        if data.get("game", deck.game.slug) != deck.game.slug:
            raise ApplicationError(
                "game_fixed", _("A deck's game cannot change: start a new deck for the other game.")
            )
        if data.get("code", "").strip():
            entries = _code_entries(data["code"], deck.game)
        elif "cards" in data or "list" in data:
            entries = _known_entries(data, deck.game)
        else:
            entries = None
        # A field not sent is None: the service keeps its value as it reads it under the
        # deck's lock, so a change made since `deck` was read is not written back.
        services.deck_update(
            deck=deck,
            user=request.user,
            name=data.get("name"),
            description=data.get("description"),
            format_id=data.get("format"),
            visibility=data.get("visibility"),
            entries=entries,
            expected_stamp=data.get("version"),
        )
        deck.refresh_from_db()
        return Response(deck_payload(deck, request))

    @extend_schema(
        responses={
            204: OpenApiResponse(
                description="Deleted. A deck a match was played with is hidden instead and its "
                "versions kept for the match; either way it is 404 from now on."
            )
        }
    )
    def delete(self, request, deck_id: int):
        validated(NoBodySerializer, request.data)
        deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
        services.deck_delete(deck=deck, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ValidateApi(APIView):
    """Check a list against a format without saving anything."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=ValidateInputSerializer, responses={200: ValidationResultSerializer})
    def post(self, request):
        data = validated(ValidateInputSerializer, _body(request))
        _one_source(data)
        game = _game(data["game"])
        fmt = (
            formats.get_format(game.slug, data.get("format") or "")
            if data.get("format")
            else formats.default_format(game.slug)
        )
        if fmt is None:
            params = {"game": game.name, "format": data["format"]}
            raise ApplicationError(
                "unknown_format",
                percent_filled(_("%(game)s has no format “%(format)s”."), params),
            )
        entries, errors = _entries_from(data, game)
        language = get_language()
        problems = validation.validate(entries, game.slug, fmt)
        return Response(
            {
                "valid": not problems and not errors,
                "count": total(entries, MAIN),
                "format": fmt.id,
                "problems": [p.as_dict(language) for p in problems],
                "unreadable_lines": unreadable_lines(entries, errors, language),
            }
        )


def unreadable_lines(entries: list[Entry], errors: list[codec.LineError], language: str) -> list:
    """The errors that are not an unknown card: those are among `problems` already.

    One set of the unknown cards' lines, so this is linear in the list (it
    compared every error with every entry before: 20,000 lines took 11 s).
    """
    unknown = {entry.line for entry in entries if entry.card is None}
    return [
        {"line_no": error.line_no, "line": error.line, "message": error.message(language)}
        for error in errors
        if error.line not in unknown
    ]


class ExportApi(APIView):
    permission_classes = [permissions.AllowAny]
    content_negotiation_class = IgnoreAccept  # as=text answers text/plain, whatever Accept says

    @extend_schema(
        parameters=[OpenApiParameter("as", str, enum=["text", "json", "code"], default="text")],
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="as=text"),
            (200, "application/json"): OpenApiResponse(
                PolymorphicProxySerializer(
                    component_name="DeckExport",
                    serializers=[DeckFileSerializer, DeckCodeSerializer],
                    resource_type_field_name=None,
                ),
                description='as=json: the deck file; as=code: {"code"}',
            ),
        },
    )
    def get(self, request, deck_id: int):
        deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
        kind = request.query_params.get("as", "text")
        if kind == "json":
            return Response(selectors.deck_file(deck))
        if kind == "code":
            return Response({"code": selectors.deck_code(deck)})
        if kind == "text":
            text = selectors.deck_text(deck, get_language())
            return HttpResponse(text, content_type="text/plain; charset=utf-8")
        raise ApplicationError("unknown_export", _("Export as text, json or code."))


class MissingCardSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    rarity = serializers.CharField(
        allow_null=True, help_text="common, uncommon, rare or unique; null for a card without one"
    )
    missing = serializers.IntegerField(min_value=1, help_text="copies needed beyond the free ones")


class MissingSerializer(serializers.Serializer):
    cards = MissingCardSerializer(many=True)
    total = serializers.IntegerField(help_text="copies missing, all cards together")
    by_rarity = serializers.DictField(
        child=serializers.IntegerField(),
        help_text='Copies missing per rarity; "none" for the cards without a rarity.',
    )


class DeckMissingApi(APIView):
    """What a deck needs beyond the copies its owner has free: only its owner may ask."""

    # Anyone else gets the 404 a deck they may not open gets (deck_for_owner).
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="decks_missing",
        responses={200: MissingSerializer, 404: OpenApiResponse(description="No such deck.")},
        description=(
            "Every card the deck (main and side board) needs more copies of than you have "
            "free: owned, minus the copies your other decks marked built hold."
        ),
    )
    def get(self, request, deck_id: int):
        deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
        return Response(deck_missing(deck).as_dict())
