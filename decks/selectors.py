"""Reads of decks: who may see which deck, its entries as plain data, its exports
(history: decks.history)."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet, Sum
from django.utils.translation import gettext as _

from catalog.models import Card
from catalog.records import row_record
from core.errors import NotFound
from decks import codec, formats
from decks.entries import Entry
from decks.models import Deck, DeckEntry, Visibility


def _no_such_deck() -> NotFound:
    # One answer for "none" and "not yours": a stranger learns nothing from it.
    return NotFound("not_found", _("No such deck."))


def deck_for_viewer(*, deck_id: int, user) -> Deck:
    """A deck its owner, or anyone if it is public, may open by number; others get 404.

    An unlisted deck opens only through its share link (deck_by_share_token),
    so guessing numbers reveals nothing. A deleted deck is not found at all
    (Deck.objects leaves it out), here or by any selector.
    """
    deck = Deck.objects.select_related("game", "owner").filter(pk=deck_id).first()
    if deck is None:
        raise _no_such_deck()
    if deck.visibility == Visibility.PUBLIC or (user.is_authenticated and deck.owner_id == user.pk):
        return deck
    raise _no_such_deck()


def deck_for_owner(*, deck_id: int, user) -> Deck:
    """A deck only its owner may change; for anyone else it does not exist (404)."""
    if not user.is_authenticated:
        raise _no_such_deck()
    deck = Deck.objects.select_related("game", "owner").filter(pk=deck_id, owner=user).first()
    if deck is None:
        raise _no_such_deck()
    return deck


def deck_by_share_token(*, token: str) -> Deck:
    deck = Deck.objects.select_related("game", "owner").filter(share_token=token).first()
    if deck is None or deck.visibility == Visibility.PRIVATE:
        raise _no_such_deck()
    return deck


def _entry_rows() -> QuerySet[DeckEntry]:
    return DeckEntry.objects.select_related("card__game", "card__card_set").order_by(
        "board", "card__sort_key"
    )


def deck_entries(deck: Deck) -> list[Entry]:
    rows = getattr(deck, "ordered_entries", None)  # prefetched by decks_with_entries
    if rows is None:
        rows = _entry_rows().filter(deck=deck)
    return [Entry(card=row_record(row.card), count=row.count, board=row.board) for row in rows]


def version_entries(rows: list[dict]) -> list[Entry]:
    """A deck version's stored rows as validator entries; a code no card has any more
    stays an unknown entry (the validator's `unknown_card`)."""
    cards = {
        c.code: c
        for c in Card.objects.filter(code__in=[r["code"] for r in rows]).select_related(
            "game", "card_set"
        )
    }
    return [
        Entry(
            card=row_record(cards[r["code"]]) if r["code"] in cards else None,
            count=r["count"],
            board=r["board"],
            line=None if r["code"] in cards else r["code"],
        )
        for r in rows
    ]


def decks_of(*, user) -> QuerySet[Deck]:
    return (
        Deck.objects.filter(owner=user)
        .select_related("game")
        .annotate(card_count=Sum("entries__count", filter=Q(entries__board="main")))
    )


def decks_with_entries(*, user) -> QuerySet[Deck]:
    """The user's decks with their owner and cards, in three queries however many there are."""
    return (
        decks_of(user=user)
        .select_related("owner")
        .prefetch_related(Prefetch("entries", queryset=_entry_rows(), to_attr="ordered_entries"))
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


# --- cards to read lists with, and the deck written out ----------------------------------


def game_lookup(game) -> codec.RecordLookup:
    cards = Card.objects.filter(game=game).select_related("game", "card_set")
    return codec.RecordLookup([row_record(card) for card in cards])


def all_cards_lookup() -> codec.RecordLookup:
    cards = Card.objects.select_related("game", "card_set")
    return codec.RecordLookup([row_record(card) for card in cards])


def _format_of(deck: Deck) -> formats.Format:
    return formats.get_format(deck.game.slug, deck.format) or formats.default_format(deck.game.slug)


def deck_text(deck: Deck, language: str) -> str:
    """The deck as a text list in `language`, which reads back as the same cards.

    Read against the game's cards: a card whose name alone would read back as
    another printing (AG-054 "Szintlépés" is AG-053 by name) gets its set and number.
    """
    return codec.export_text(deck_entries(deck), language, lookup=game_lookup(deck.game))


def deck_file(deck: Deck) -> dict:
    """The deck's JSON export: its game, format and name, which an import takes back."""
    meta = {"game": deck.game.slug, "format": _format_of(deck).id, "name": deck.name}
    return codec.export_json(meta, deck_entries(deck))


def deck_code(deck: Deck) -> str:
    return codec.encode_deck_code(deck.game.slug, _format_of(deck).number, deck_entries(deck))
