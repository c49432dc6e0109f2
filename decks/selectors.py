"""Reads of decks: who may see which deck, its entries as plain data, version diffs."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, Sum
from django.http import Http404

from catalog.models import Card
from decks.entries import Entry
from decks.models import Deck, DeckVersion, Visibility


def card_dict(card: Card) -> dict:
    """The card record the pure deck modules work with."""
    return {"game": card.game.slug, "set": card.card_set.code, **card.as_data()}


def deck_for_viewer(*, deck_id: int, user) -> Deck:
    """A deck its owner, or anyone if it is public, may open by number; others get 404.

    An unlisted deck opens only through its share link (deck_by_share_token),
    so guessing numbers reveals nothing. A deleted deck is not found at all
    (Deck.objects leaves it out), here or by any selector.
    """
    deck = Deck.objects.select_related("game", "owner").filter(pk=deck_id).first()
    if deck is None:
        raise Http404
    if deck.visibility == Visibility.PUBLIC or (user.is_authenticated and deck.owner_id == user.pk):
        return deck
    raise Http404


def deck_for_owner(*, deck_id: int, user) -> Deck:
    """A deck only its owner may change; for anyone else it does not exist (404)."""
    if not user.is_authenticated:
        raise Http404
    deck = Deck.objects.select_related("game", "owner").filter(pk=deck_id, owner=user).first()
    if deck is None:
        raise Http404
    return deck


def deck_by_share_token(*, token: str) -> Deck:
    deck = Deck.objects.select_related("game", "owner").filter(share_token=token).first()
    if deck is None or deck.visibility == Visibility.PRIVATE:
        raise Http404
    return deck


def deck_entries(deck: Deck) -> list[Entry]:
    rows = deck.entries.select_related("card__game", "card__card_set").order_by(
        "board", "card__sort_key"
    )
    return [Entry(card=card_dict(row.card), count=row.count, board=row.board) for row in rows]


def decks_of(*, user) -> QuerySet[Deck]:
    return (
        Deck.objects.filter(owner=user)
        .select_related("game")
        .annotate(card_count=Sum("entries__count", filter=Q(entries__board="main")))
    )


def public_decks(*, query: str = "", game: str = "", card_code: str = "") -> QuerySet[Deck]:
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC).select_related("game", "owner")
    if query:
        decks = decks.filter(name__icontains=query)
    if game:
        decks = decks.filter(game__slug=game)
    if card_code:
        decks = decks.filter(entries__card__code=card_code.upper()).distinct()
    return decks.annotate(card_count=Sum("entries__count", filter=Q(entries__board="main")))


def deck_versions(deck: Deck) -> QuerySet[DeckVersion]:
    return deck.versions.all()


@dataclass(frozen=True)
class DiffLine:
    code: str
    name: str
    board: str
    before: int
    after: int

    @property
    def change(self) -> int:
        return self.after - self.before


def entries_diff(before: list[dict], after: list[dict]) -> list[DiffLine]:
    """What changed between two version snapshots, card by card."""
    old = {(e["code"], e["board"]): e["count"] for e in before}
    new = {(e["code"], e["board"]): e["count"] for e in after}
    keys = sorted(set(old) | set(new), key=lambda k: (k[1], k[0]))
    names = dict(
        Card.objects.filter(code__in={code for code, _ in keys}).values_list("code", "name")
    )
    return [
        DiffLine(
            code, names.get(code, code), board, old.get((code, board), 0), new.get((code, board), 0)
        )
        for code, board in keys
        if old.get((code, board), 0) != new.get((code, board), 0)
    ]


def decks_containing(card: Card) -> int:
    return Deck.objects.filter(visibility=Visibility.PUBLIC, entries__card=card).aggregate(
        n=Count("id", distinct=True)
    )["n"]
