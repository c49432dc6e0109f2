"""Trades API: my have and want lists, trading partners, proposals between two players.

The lists and partners are the signed-in player's own; a proposal is seen and answered
only by its two players (anyone else: 404, as if it did not exist). Opening the lists
or the partners refreshes my default list rows first (collection.trades: the lists
are refreshed lazily). Anonymous requests get 401 (token) or 403 (session), like the
other private APIs. The lead's config/urls.py includes `api_patterns` under /api/.
"""

from __future__ import annotations

from dataclasses import asdict

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.paging import CheckedPagination
from collection import partners as reads
from collection import trades
from collection.models import MAX_COPIES, ProposalStatus, TradeSide
from core.api_pages import page_parameters, page_serializer
from core.errors import ApplicationError
from core.params import int_param
from core.serializer_fields import (
    ID_MAX,
    CountedDictField,
    MultilineTextField,
    NoBodySerializer,
    StrictIntegerField,
    validated,
)

# --- input ------------------------------------------------------------------------------


class EntrySerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32, help_text="a card code, e.g. AF1-001")
    side = serializers.ChoiceField(choices=TradeSide.choices)
    count = StrictIntegerField(
        minimum=0, maximum=MAX_COPIES, help_text="0 keeps the card off the list"
    )


class EntryKeySerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32, help_text="a card code, e.g. AF1-001")
    side = serializers.ChoiceField(choices=TradeSide.choices)


class WantDeckSerializer(serializers.Serializer):
    deck = StrictIntegerField(minimum=1, maximum=ID_MAX, help_text="one of your decks' id")


_CARDS_HELP = "card code → copies (1–999); at most 100 cards on both sides together, at least one"


class CardsField(CountedDictField):
    """code → copies; one side naming more cards than a whole proposal may is refused unread."""

    def __init__(self, **kwargs) -> None:
        super().__init__(
            most=lambda: trades.MAX_PROPOSAL_LINES,
            too_many=trades.too_many_lines,
            child=StrictIntegerField(minimum=1, maximum=MAX_COPIES),
            required=False,
            default=dict,
            **kwargs,
        )


class AnswerSerializer(serializers.Serializer):
    gives = CardsField(help_text="the cards you give: " + _CARDS_HELP)
    gets = CardsField(help_text="the cards the other player gives: " + _CARDS_HELP)
    message = MultilineTextField(
        max_length=trades.MAX_MESSAGE_CHARS, required=False, allow_blank=True, default=""
    )


class ProposeSerializer(AnswerSerializer):
    partner = serializers.CharField(max_length=150, help_text="the other player's username")


# --- output (what the views answer; here for the schema) -----------------------------------


class TradeRowSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    set = serializers.CharField()
    rarity = serializers.CharField(allow_null=True)
    rarity_label = serializers.CharField()
    count = serializers.IntegerField(help_text="0: you keep this card off the list")
    manual = serializers.BooleanField(help_text="set by you (else the default)")


class TradeListsSerializer(serializers.Serializer):
    open = serializers.BooleanField(
        help_text="shown to other players (partners, proposals to you); false by default"
    )
    haves = TradeRowSerializer(many=True)
    wants = TradeRowSerializer(many=True)


class ListsOpenSerializer(serializers.Serializer):
    open = serializers.BooleanField()


class WantDeckRowSerializer(serializers.Serializer):
    deck_id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    built = serializers.BooleanField()
    on = serializers.BooleanField(help_text="its missing cards are on your want list")


class RarityCountSerializer(serializers.Serializer):
    rarity = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()


class PartnerSerializer(serializers.Serializer):
    username = serializers.CharField()
    they_give = serializers.IntegerField(help_text="copies of cards you want that they have")
    i_give = serializers.IntegerField(help_text="copies of cards they want that you have")
    they_give_by_rarity = RarityCountSerializer(many=True)
    i_give_by_rarity = RarityCountSerializer(many=True)


class CardLineSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    rarity = serializers.CharField(allow_null=True)
    rarity_label = serializers.CharField()
    count = serializers.IntegerField()


class _ProposalFields(serializers.Serializer):
    """What a proposal's answer and its row in the list both say of it."""

    id = serializers.IntegerField()
    maker = serializers.CharField(help_text="who proposed (username)")
    partner = serializers.CharField(help_text="who answers (username)")
    status = serializers.ChoiceField(choices=ProposalStatus.choices)
    status_label = serializers.CharField()
    message = serializers.CharField()
    counter_of = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)
    mine = serializers.BooleanField(help_text="you made it")
    can_answer = serializers.BooleanField()
    can_withdraw = serializers.BooleanField()
    new_answer = serializers.BooleanField(
        help_text="you made it and have not read it since it was accepted or declined "
        "(reading it at its own address, or opening its page, makes it read)"
    )


class ProposalSerializer(_ProposalFields):
    """A proposal with the cards each side gives."""

    maker_gives = CardLineSerializer(many=True)
    partner_gives = CardLineSerializer(many=True)


class ProposalRowSerializer(_ProposalFields):
    """A proposal in the list: its cards are counted here and listed on its own address."""

    maker_gives_cards = serializers.IntegerField(
        help_text="how many different cards the maker gives (GET the proposal for them)"
    )
    partner_gives_cards = serializers.IntegerField(
        help_text="how many different cards the partner gives"
    )


ProposalPageSerializer = page_serializer(
    "ProposalPageSerializer",
    ProposalRowSerializer,
    count_help="All your proposals this list holds.",
)


class ProposalPagination(CheckedPagination):
    """A page of proposals; a `page` or `page_size` that is not one is a 400 naming the
    range (CheckedPagination)."""

    page_size = reads.PROPOSALS_PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = 100


def _rarities(counts: dict) -> list[dict]:
    # A list, not an object: a card without a rarity has None, which is no JSON key.
    return [{"rarity": rarity, "count": n} for rarity, n in counts.items()]


def _partner(row: reads.PartnerRow) -> dict:
    return {
        "username": row.username,
        "they_give": row.they_give,
        "i_give": row.i_give,
        "they_give_by_rarity": _rarities(row.they_give_by_rarity),
        "i_give_by_rarity": _rarities(row.i_give_by_rarity),
    }


def _proposal_fields(facts: reads.ProposalFacts) -> dict:
    # _ProposalFields' keys, in its order: the answers are byte for byte what it documents
    return {
        "id": facts.id,
        "maker": facts.maker_name,
        "partner": facts.partner_name,
        "status": facts.status,
        "status_label": facts.status_label,
        "message": facts.message,
        "counter_of": facts.counter_of_id,
        "created_at": facts.created_at,
        "decided_at": facts.decided_at,
        "mine": facts.mine,
        "can_answer": facts.can_answer,
        "can_withdraw": facts.can_withdraw,
        "new_answer": facts.new_answer,
    }


def _proposal_row(row: reads.ProposalRow) -> dict:
    return {
        **_proposal_fields(row),
        "maker_gives_cards": row.maker_gives_cards,
        "partner_gives_cards": row.partner_gives_cards,
    }


def _proposal(view: reads.ProposalView) -> dict:
    return {
        **_proposal_fields(view),
        "maker_gives": [asdict(line) for line in view.maker_gives],
        "partner_gives": [asdict(line) for line in view.partner_gives],
    }


def _lists(user) -> dict:
    got = reads.trade_lists(user)
    return {
        "open": user.trades_open,
        "haves": [asdict(row) for row in got.haves],
        "wants": [asdict(row) for row in got.wants],
    }


# Each refusal with its own codes; the Error body is added by core.schema.
_REFUSED = OpenApiResponse(
    description="Not done, nothing changed: the operation's description names the codes."
)
_NO_SUCH_PROPOSAL = OpenApiResponse(
    description="`not_found`: no such proposal, or not yours: only its two players see it."
)
_NO_SUCH_DECK = OpenApiResponse(description="`not_found`: no such deck of yours.")
_NO_SUCH_PLAYER_OR_CARD = OpenApiResponse(
    description="`no_such_player`: unknown, or their lists are not shown; `no_such_card`."
)
_NOT_YOURS = OpenApiResponse(description="`not_yours`: the other player's to do.")
_NOT_OPEN = "`not_open`: answered already"
_MAKER_GONE = "`player_gone`: the maker closed their account"

# --- views ------------------------------------------------------------------------------


class ListsApi(APIView):
    """Your have and want lists; PUT sets one card yourself, DELETE gives it back to the default."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trades_lists",
        responses={200: TradeListsSerializer},
        description="Your have list (default: free copies beyond 3) and want list (default: "
        "what the decks you chose lack), refreshed now, in catalog order.",
    )
    def get(self, request):
        trades.trade_lists_refresh(user=request.user)
        return Response(_lists(request.user))

    @extend_schema(
        operation_id="trades_list_set",
        request=EntrySerializer,
        responses={
            200: TradeListsSerializer,
            400: OpenApiResponse(description="`not_free`: a have above your free copies."),
            404: OpenApiResponse(description="`no_such_card`."),
        },
        description="Put `count` copies of a card on your have or want list yourself (0 keeps "
        "it off). A have above your free copies is refused (`not_free`). Answers both lists.",
    )
    def put(self, request):
        data = validated(EntrySerializer, request.data)
        trades.trade_entry_set(
            user=request.user, code=data["code"], side=data["side"], count=data["count"]
        )
        return Response(_lists(request.user))

    @extend_schema(
        operation_id="trades_list_reset",
        request=EntryKeySerializer,
        responses={200: TradeListsSerializer},
        description="Drop your own count of a card: the default comes back. Answers both lists.",
    )
    def delete(self, request):
        data = (
            validated(EntryKeySerializer, request.data)
            if request.data
            else validated(EntryKeySerializer, request.query_params, body=False)
        )
        trades.trade_entry_reset(user=request.user, code=data["code"], side=data["side"])
        return Response(_lists(request.user))


class ListsOpenApi(APIView):
    """Whether other players see your lists: POST shows them, DELETE hides them again."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trades_lists_open",
        request=None,
        responses={200: ListsOpenSerializer},
        description="Show your have and want lists to other players: they find you among "
        "their partners and may propose to you; you may propose to them. Your collection "
        "itself stays private.",
    )
    def post(self, request):
        validated(NoBodySerializer, request.data)
        return Response({"open": trades.trade_lists_open(user=request.user, open=True)})

    @extend_schema(
        operation_id="trades_lists_hide",
        request=None,
        responses={200: ListsOpenSerializer},
        description="Hide your lists again (the default): nobody finds you as a partner or "
        "proposes to you; proposals already made stay.",
    )
    def delete(self, request):
        validated(NoBodySerializer, request.data)
        return Response({"open": trades.trade_lists_open(user=request.user, open=False)})


class WantDecksApi(APIView):
    """The decks whose missing cards go on your want list."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trades_want_decks", responses={200: WantDeckRowSerializer(many=True)}
    )
    def get(self, request):
        return Response([asdict(row) for row in reads.want_decks(request.user)])

    @extend_schema(
        operation_id="trades_want_deck_add",
        request=WantDeckSerializer,
        responses={200: WantDeckRowSerializer(many=True), 404: _NO_SUCH_DECK},
        description="Add one of your decks; someone else's deck answers 404.",
    )
    def post(self, request):
        data = validated(WantDeckSerializer, request.data)
        trades.trade_want_deck_set(user=request.user, deck_id=data["deck"], on=True)
        return self.get(request)

    @extend_schema(
        operation_id="trades_want_deck_remove",
        request=WantDeckSerializer,
        responses={200: WantDeckRowSerializer(many=True), 404: _NO_SUCH_DECK},
    )
    def delete(self, request):
        data = (
            validated(WantDeckSerializer, request.data)
            if request.data
            else validated(WantDeckSerializer, request.query_params, body=False)
        )
        trades.trade_want_deck_set(user=request.user, deck_id=data["deck"], on=False)
        return self.get(request)


class PartnersApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trades_partners",
        parameters=[OpenApiParameter("limit", int, description="1–100, default 50")],
        responses={200: PartnerSerializer(many=True)},
        description="Players whose haves meet your wants and whose wants meet your haves, "
        "best first (the smaller of the two directions, then the total), with rarities.",
    )
    def get(self, request):
        limit = int_param(
            request.query_params.get("limit"),
            name="limit",
            minimum=1,
            maximum=reads.MAX_PARTNERS,
            default=50,
        )
        trades.trade_lists_refresh(user=request.user)
        rows = reads.kept_partners(request.user, limit=limit)
        return Response([_partner(row) for row in rows])


class ProposalsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trades_proposals",
        parameters=[
            *page_parameters(ProposalPagination),
            OpenApiParameter(
                "status",
                str,
                enum=ProposalStatus.values,
                description="Only the proposals in this state (`open`: every one you may "
                "still answer or withdraw).",
            ),
        ],
        responses={200: ProposalPageSerializer, 400: _REFUSED},
        description="Proposals you made and received, newest first, "
        f"{ProposalPagination.page_size} a page, each with how many cards each side gives "
        "(`GET .../<id>/` lists them). One made to you and withdrawn by its maker is not "
        "listed. 400 `bad_status`, `bad_parameter` (`page`, `page_size`).",
    )
    def get(self, request):
        wanted = request.query_params.get("status")
        if wanted is not None and wanted not in ProposalStatus.values:
            raise ApplicationError(
                "bad_status",
                _("“status” must be open, accepted, declined, countered or withdrawn."),
                extra={"parameter": "status"},
            )
        # a page at a time, without the cards: a player's history has no end, and each
        # proposal may carry a hundred lines
        paginator = ProposalPagination()
        listed = reads.proposals_listed(request.user, status=wanted or "")
        page = paginator.paginate_queryset(listed, request, view=self)
        rows = reads.proposal_rows(page, request.user.pk)
        return paginator.get_paginated_response([_proposal_row(row) for row in rows])

    @extend_schema(
        operation_id="trades_propose",
        request=ProposeSerializer,
        responses={201: ProposalSerializer, 400: _REFUSED, 404: _NO_SUCH_PLAYER_OR_CARD},
        description="Propose a trade. Every card you give must be free in your collection "
        "now (`not_free` lists those that are not); at most 100 cards, 1–999 copies each. "
        "400 `not_free`, `to_yourself`, `card_both_ways`, `empty_proposal`, "
        "`too_many_lines`, `too_many_open`, `lists_hidden` (yours are not shown); "
        "`partner_too_many_open`: 100 proposals wait for the partner's answer already.",
    )
    def post(self, request):
        data = validated(ProposeSerializer, request.data)
        partner = reads.trade_player(request.user, data["partner"])
        proposal = trades.proposal_create(
            maker=request.user,
            partner_id=partner.pk,
            gives=data["gives"],
            gets=data["gets"],
            message=data["message"],
        )
        body = _proposal(reads.proposal_for(request.user, proposal.pk))
        return Response(body, status=status.HTTP_201_CREATED)


class ProposalApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trades_proposal",
        responses={200: ProposalSerializer, 404: _NO_SUCH_PROPOSAL},
    )
    def get(self, request, proposal_id: int):
        view = reads.proposal_for(request.user, proposal_id)
        if view.new_answer:  # its maker reads the answer now: no longer news, as on its page
            trades.proposal_answer_seen(user=request.user, proposal_id=proposal_id)
        return Response(_proposal(view))


def _answer(action, operation_id: str, description: str, *, conflicts: str):
    class AnswerApi(APIView):
        permission_classes = [permissions.IsAuthenticated]

        @extend_schema(
            operation_id=operation_id,
            request=None,
            responses={
                200: ProposalSerializer,
                403: _NOT_YOURS,
                404: _NO_SUCH_PROPOSAL,
                409: OpenApiResponse(description=conflicts),
            },
            description=description,
        )
        def post(self, request, proposal_id: int):
            validated(NoBodySerializer, request.data)
            action(user=request.user, proposal_id=proposal_id)
            return Response(_proposal(reads.proposal_for(request.user, proposal_id)))

    AnswerApi.__name__ = AnswerApi.__qualname__ = operation_id.title().replace("_", "") + "Api"
    return AnswerApi


AcceptApi = _answer(
    trades.proposal_accept,
    "trades_accept",
    "Accept a proposal made to you: the cards move between both collections now.",
    conflicts=f"{_NOT_OPEN}; {_MAKER_GONE}; `not_free_any_more`: the copies are no longer "
    "free; `too_many_copies`: a collection would go above 999 copies of a card (nothing moved).",
)
DeclineApi = _answer(
    trades.proposal_decline,
    "trades_decline",
    "Decline a proposal made to you.",
    conflicts=_NOT_OPEN + ".",
)
WithdrawApi = _answer(
    trades.proposal_withdraw,
    "trades_withdraw",
    "Withdraw a proposal you made, while it is open.",
    conflicts=_NOT_OPEN + ".",
)


class CounterApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trades_counter",
        request=AnswerSerializer,
        responses={
            201: ProposalSerializer,
            400: _REFUSED,
            403: _NOT_YOURS,
            404: OpenApiResponse(
                description="`not_found`: no such proposal, or not yours; `no_such_card`."
            ),
            409: OpenApiResponse(description=f"{_NOT_OPEN}; {_MAKER_GONE}."),
        },
        description="Answer a proposal made to you with your own (`gives`: what YOU give). "
        "Answers the new proposal; the old one is marked countered. Refused as a new "
        "proposal is (`lists_hidden`…); 403 `not_yours`, 409 `not_open` / `player_gone`.",
    )
    def post(self, request, proposal_id: int):
        data = validated(AnswerSerializer, request.data)
        new = trades.proposal_counter(
            user=request.user,
            proposal_id=proposal_id,
            gives=data["gives"],
            gets=data["gets"],
            message=data["message"],
        )
        body = _proposal(reads.proposal_for(request.user, new.pk))
        return Response(body, status=status.HTTP_201_CREATED)


_ONE = "trades/proposals/<id:proposal_id>/"

api_patterns = [
    path("trades/lists/", ListsApi.as_view(), name="trades-lists"),
    path("trades/open/", ListsOpenApi.as_view(), name="trades-open"),
    path("trades/want-decks/", WantDecksApi.as_view(), name="trades-want-decks"),
    path("trades/partners/", PartnersApi.as_view(), name="trades-partners"),
    path("trades/proposals/", ProposalsApi.as_view(), name="trades-proposals"),
    path(_ONE, ProposalApi.as_view(), name="trades-proposal"),
    path(_ONE + "accept/", AcceptApi.as_view(), name="trades-accept"),
    path(_ONE + "decline/", DeclineApi.as_view(), name="trades-decline"),
    path(_ONE + "withdraw/", WithdrawApi.as_view(), name="trades-withdraw"),
    path(_ONE + "counter/", CounterApi.as_view(), name="trades-counter"),
]
