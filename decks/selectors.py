"""Reads of decks: who may see which deck, its entries as plain data, its exports
(history: decks.history)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Exists, IntegerField, OuterRef, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog.models import Card
from catalog.records import row_record
from core.errors import NotFound
from core.games import get_game
from decks import codec, formats
from decks.entries import MAIN, Entry
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
    loaded = getattr(deck, "loaded_entries", None)  # read for a page by with_entries
    if loaded is not None:
        return list(loaded)
    rows = _entry_rows().filter(deck=deck)
    return [Entry(card=row_record(row.card), count=row.count, board=row.board) for row in rows]


def with_entries(decks: Iterable[Deck]) -> list[Deck]:
    """`decks` (a page: read here) with their entries, which `deck_entries` then returns.

    Two queries however many decks and entries: the entries as plain rows, and
    each card they name once. A card is one record shared by every deck that
    holds it (readers must not change it): two hundred decks of every card were
    140,000 entry, card, game and set objects built for about 330 cards.
    """
    decks = list(decks)
    rows = list(
        DeckEntry.objects.filter(deck__in=[deck.pk for deck in decks])
        .order_by("board", "card__sort_key")
        .values_list("deck_id", "card_id", "count", "board")
    )
    cards = Card.objects.filter(pk__in={row[1] for row in rows}).select_related("game", "card_set")
    records = {card.pk: row_record(card) for card in cards}
    by_deck: dict[int, list[Entry]] = {deck.pk: [] for deck in decks}
    for deck_id, card_id, count, board in rows:
        by_deck[deck_id].append(Entry(card=records[card_id], count=count, board=board))
    for deck in decks:
        deck.loaded_entries = by_deck[deck.pk]
    return decks


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


def _main_card_count() -> Coalesce:
    # A correlated subquery, not Sum("entries__count"): the join's GROUP BY made the
    # database read every listed deck's entries before it could cut a page, and it
    # drops Meta.ordering, so the lists had no order at all.
    main = (
        DeckEntry.objects.filter(deck=OuterRef("pk"), board=MAIN)
        .order_by()
        .values("deck")
        .annotate(total=Sum("count"))
        .values("total")
    )
    return Coalesce(Subquery(main, output_field=IntegerField()), 0)


# Most recently edited first; the number breaks ties, so pages neither skip nor repeat a deck.
LIST_ORDER = ("-updated_at", "-pk")


def decks_of(*, user) -> QuerySet[Deck]:
    """The user's decks, most recently edited first, each with its main-board `card_count`.

    with_entries reads a page of them whole."""
    return (
        Deck.objects.filter(owner=user)
        .select_related("game", "owner")
        .annotate(card_count=_main_card_count())
        .order_by(*LIST_ORDER)
    )


def public_decks(*, query: str = "", game: str = "", card_code: str = "") -> QuerySet[Deck]:
    """Public decks, most recently edited first, each with its main-board `card_count`."""
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC).select_related("game", "owner")
    if query:
        decks = decks.filter(name__icontains=query)
    if game:
        decks = decks.filter(game__slug=game)
    if card_code:
        holds = DeckEntry.objects.filter(deck=OuterRef("pk"), card__code=card_code.upper())
        decks = decks.filter(Exists(holds))
    return decks.annotate(card_count=_main_card_count()).order_by(*LIST_ORDER)


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


@dataclass(frozen=True)
class ShownExamples:
    """The deck builder's examples, in the reader's language: a quick-add line and a search."""

    quick_add: str  # "3 Kajtár Nightstepper"
    search: str  # "t:dreamwalker cost<=2"


def example_card_name(*, game_id: str) -> str:
    """The name of the game's example card (the registry's) in the reader's language, which
    the game's deck lists and collection files take; its code when the card is not loaded."""
    code = get_game(game_id).builder_examples.card
    card = Card.objects.filter(code=code).first()
    return card.display_name if card is not None else code


def builder_examples(*, game) -> ShownExamples:
    """Examples of `game`'s own: a line naming one of its cards, which its quick add takes,
    and a search that finds its cards (an Álomfogó name in an ONIROO builder was "no card
    called" that)."""
    search = get_game(game.slug).builder_examples.search(get_language())
    return ShownExamples(quick_add=f"3 {example_card_name(game_id=game.slug)}", search=search)
