"""Reads of collections: what a player owns, what their built decks hold, what a deck lacks.

Free copies are the owned ones no built deck holds: owned − the copies (main
and side) of every deck its owner marked built. A deck's missing list is what
it needs beyond the copies free for it (its own copies are not taken from
itself when it is built).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Sum

from collection.models import OwnedCard
from decks.models import Deck, DeckEntry


def owned_counts(user, codes: Iterable[str] | None = None) -> dict[str, int]:
    """Card code → copies owned (only cards owned at least once); {} for anyone signed out."""
    if not user.is_authenticated:
        return {}
    rows = OwnedCard.objects.filter(user=user)
    if codes is not None:
        rows = rows.filter(card__code__in=list(codes))
    return dict(rows.values_list("card__code", "count"))


def built_counts(user, *, except_deck: Deck | None = None) -> dict[str, int]:
    """Card code → copies held by the user's decks marked built (one deck may be left out)."""
    if not user.is_authenticated:
        return {}
    entries = DeckEntry.objects.filter(deck__owner=user, deck__built=True)
    entries = entries.filter(deck__deleted_at__isnull=True)
    if except_deck is not None:
        entries = entries.exclude(deck=except_deck)
    rows = entries.values("card__code").annotate(copies=Sum("count"))
    return {row["card__code"]: row["copies"] for row in rows}


def free_counts(user, *, except_deck: Deck | None = None) -> dict[str, int]:
    """Card code → owned copies no built deck holds (never below 0)."""
    owned = owned_counts(user)
    built = built_counts(user, except_deck=except_deck)
    return {code: max(0, count - built.get(code, 0)) for code, count in owned.items()}


def overbooked(user) -> dict[str, tuple[int, int]]:
    """Card code → (copies the built decks need, copies owned), where they need more."""
    owned = owned_counts(user)
    return {
        code: (need, owned.get(code, 0))
        for code, need in built_counts(user).items()
        if need > owned.get(code, 0)
    }


def missing_for_deck(deck: Deck) -> dict[str, int]:
    """Card code → copies the deck needs beyond what its owner has free for it."""
    need: dict[str, int] = {}
    for code, count in deck.entries.values_list("card__code", "count"):
        need[code] = need.get(code, 0) + count
    free = free_counts(deck.owner, except_deck=deck)
    return {code: n - free.get(code, 0) for code, n in need.items() if n > free.get(code, 0)}
