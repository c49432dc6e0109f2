"""Reads of a collection for its pages and the API: totals per game, set and rarity,
the cards with their owned counts, the CSV export and the shared link.

The lead's collection.selectors answers "how many of these cards do I own / have
free"; this module answers "what does my collection look like". Every function
takes the user whose collection it reads and never writes; access is the caller's
business (the owner, or whoever holds the share token: `collection_by_token`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from catalog.models import Card, CardSet, Game
from catalog.vocab import RARITIES
from collection import csvio
from collection.models import CollectionShare, OwnedCard
from core.errors import NotFound


@dataclass(frozen=True)
class RaritySummary:
    rarity: str | None  # None: the game's cards have no rarity
    owned_cards: int  # different cards owned at least once
    total_cards: int  # cards of this rarity in the game
    copies: int


@dataclass(frozen=True)
class SetSummary:
    code: str
    name: str
    name_en: str
    owned_cards: int
    total_cards: int
    copies: int
    completion: int  # percent of the set's cards owned, rounded down (100 only when complete)


@dataclass(frozen=True)
class GameSummary:
    """A game's counts are its sets' added up (every card is in one set of its game)."""

    slug: str
    name: str
    name_en: str
    sets: list[SetSummary] = field(default_factory=list)
    rarities: list[RaritySummary] = field(default_factory=list)

    @property
    def owned_cards(self) -> int:
        return sum(s.owned_cards for s in self.sets)

    @property
    def total_cards(self) -> int:
        return sum(s.total_cards for s in self.sets)

    @property
    def copies(self) -> int:
        return sum(s.copies for s in self.sets)

    @property
    def completion(self) -> int:
        return _percent(self.owned_cards, self.total_cards)


def _percent(part: int, whole: int) -> int:
    return part * 100 // whole if whole else 0


def collection_summary(user, *, game_slug: str | None = None) -> list[GameSummary]:
    """Per game (catalog order): totals, each set's completion, and counts by rarity.

    Every game and set of the catalog is listed, owned or not; signed out, all zeros.
    Six queries (four of them grouped counts), whatever the size of the collection.
    """
    games = Game.objects.order_by("position", "slug")
    sets = CardSet.objects.order_by("game__position", "position", "code")
    cards = Card.objects.all()
    if game_slug:
        games, sets = games.filter(slug=game_slug), sets.filter(game__slug=game_slug)
        cards = cards.filter(game__slug=game_slug)
    mine = (
        OwnedCard.objects.filter(user=user)
        if user is not None and user.is_authenticated
        else OwnedCard.objects.none()
    )
    if game_slug:
        mine = mine.filter(card__game__slug=game_slug)

    set_totals = dict(cards.values("card_set").annotate(n=Count("pk")).values_list("card_set", "n"))
    set_owned = {
        row["card__card_set"]: (row["n"], row["copies"])
        for row in mine.values("card__card_set").annotate(n=Count("pk"), copies=Sum("count"))
    }
    rarity_totals = {
        (row["game"], row["rarity"]): row["n"]
        for row in cards.values("game", "rarity").annotate(n=Count("pk"))
    }
    rarity_owned = {
        (row["card__game"], row["card__rarity"]): (row["n"], row["copies"])
        for row in mine.values("card__game", "card__rarity").annotate(
            n=Count("pk"), copies=Sum("count")
        )
    }

    by_game: dict[int, list[SetSummary]] = {}
    for card_set in sets:
        owned, copies = set_owned.get(card_set.pk, (0, 0))
        total = set_totals.get(card_set.pk, 0)
        by_game.setdefault(card_set.game_id, []).append(
            SetSummary(
                code=card_set.code,
                name=card_set.name,
                name_en=card_set.name_en,
                owned_cards=owned,
                total_cards=total,
                copies=copies,
                completion=_percent(owned, total),
            )
        )
    summaries = []
    for game in games:
        game_sets = by_game.get(game.pk, [])
        rarities = []
        for game_id, rarity in sorted(rarity_totals, key=lambda key: _rarity_order(key[1])):
            if game_id == game.pk:
                owned, copies = rarity_owned.get((game_id, rarity), (0, 0))
                rarities.append(
                    RaritySummary(rarity, owned, rarity_totals[(game_id, rarity)], copies)
                )
        summaries.append(
            GameSummary(
                slug=game.slug,
                name=game.name,
                name_en=game.name_en,
                sets=game_sets,
                rarities=rarities,
            )
        )
    return summaries


def _rarity_order(rarity: str | None) -> tuple:
    ids = [term.id for term in RARITIES.terms]
    return (rarity is None, ids.index(rarity) if rarity in ids else len(ids), rarity or "")


def owned_cards(user, cards: QuerySet | None = None) -> QuerySet:
    """`cards` (any Card queryset, e.g. a catalog search's; None: every card), each with
    `.owned`, the copies `user` owns (0 when none). Keeps the queryset's order.

    "Only what I own" is `.filter(owned__gte=1)`.
    """
    cards = Card.objects.all() if cards is None else cards
    if user is None or not user.is_authenticated:
        return cards.annotate(owned=Value(0, output_field=IntegerField()))
    count = OwnedCard.objects.filter(user=user, card=OuterRef("pk")).values("count")[:1]
    return cards.annotate(owned=Coalesce(Subquery(count), Value(0), output_field=IntegerField()))


def _owned(user, game_slug: str | None) -> QuerySet:
    rows = OwnedCard.objects.filter(user=user).select_related("card__game", "card__card_set")
    if game_slug:
        rows = rows.filter(card__game__slug=game_slug)
    return rows.order_by("card__sort_key")


def owned_rows(user, *, game_slug: str | None = None) -> list[dict]:
    """The owned cards in catalog order (game, set, number):
    [{code, name, name_en, game, set, rarity, count}]."""
    if user is None or not user.is_authenticated:
        return []
    return [
        {
            "code": row.card.code,
            "name": row.card.name,
            "name_en": row.card.name_en,
            "game": row.card.game.slug,
            "set": row.card.card_set.code,
            "rarity": row.card.rarity,
            "count": row.count,
        }
        for row in _owned(user, game_slug)
    ]


def collection_csv(user, *, game_slug: str | None = None) -> str:
    """The export: `code,count,name,name_en,set` with a header, sorted by game, set and number."""
    if user is None or not user.is_authenticated:
        return csvio.export_csv([])
    return csvio.export_csv(
        (
            {
                "code": row.card.code,
                "name": row.card.name,
                "name_en": row.card.name_en,
                "game": row.card.game.slug,
                "set": row.card.card_set.code,
                "number": row.card.number,
            },
            row.count,
        )
        for row in _owned(user, game_slug)
    )


def share_token(user) -> str | None:
    """The collection's unlisted token, or None while it is private."""
    if user is None or not user.is_authenticated:
        return None
    return CollectionShare.objects.filter(user=user).values_list("token", flat=True).first()


def collection_by_token(token: str):
    """The player whose collection this unlisted token opens; NotFound otherwise
    (a wrong token and one its owner revoked look the same)."""
    if not isinstance(token, str) or not 0 < len(token) <= 64:
        raise NotFound("not_found", _("No such collection."))
    user = get_user_model().objects.filter(collection_share__token=token).first()
    if user is None:
        raise NotFound("not_found", _("No such collection."))
    return user
