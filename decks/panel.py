"""Everything the builder shows beside the list, computed once from the entries.

The owner of a deck also sees their collection beside it (owned and free
copies, the built decks that need more copies than owned) and, on the deck
page, the missing list; nobody else ever gets these figures from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog import vocab
from catalog.collation import name_order
from catalog.models import Card
from collection import selectors as collection_selectors
from decks import charts, formats, odds, stats, validation
from decks.entries import MAIN, SIDE, Entry, display_name, total
from decks.models import Deck
from printing import limits as print_limits


@dataclass
class Verdict:
    format: formats.Format
    problems: list
    current: bool

    @property
    def valid(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Holding:
    """The owner's copies of one card: owned, and free for this deck (no other built deck's)."""

    owned: int
    free: int


@dataclass(frozen=True)
class Overbooked:
    """A card the owner's built decks together need more copies of than the owner has."""

    code: str
    name: str
    need: int
    owned: int


@dataclass
class Collection:
    """The deck owner's collection as the builder shows it."""

    owned: dict[str, int]
    free: dict[str, int]
    overbooked: list[Overbooked]

    def holding(self, code: str | None) -> Holding:
        return Holding(self.owned.get(code, 0), self.free.get(code, 0))


def owner_collection(deck: Deck, language: str) -> Collection:
    """The owner's figures for `deck`: free copies leave out the deck itself, since a built
    deck's own copies are not taken from it (collection.selectors.missing_for_deck agrees)."""
    owner = deck.owner
    over = collection_selectors.overbooked(owner)
    names = {
        card.code: display_name({"name": card.name, "name_en": card.name_en}, language)
        for card in Card.objects.filter(code__in=list(over)).only("code", "name", "name_en")
    }
    return Collection(
        owned=collection_selectors.owned_counts(owner),
        free=collection_selectors.free_counts(owner, except_deck=deck),
        overbooked=sorted(
            (Overbooked(code, names.get(code, code), need, owned)
             for code, (need, owned) in over.items()),
            key=lambda row: (name_order(row.name, language), row.code),
        ),
    )  # fmt: skip


@dataclass
class Group:
    label: str
    count: int
    entries: list[Entry]
    collection: Collection | None = None

    @property
    def rows(self) -> list[tuple[Entry, Holding | None]]:
        """Each entry with the owner's copies of its card (None for anyone else)."""
        return [
            (entry, self.collection.holding(entry.code) if self.collection else None)
            for entry in self.entries
        ]


def _name_order(card: dict, language: str) -> str:
    """The key a card sorts by among names: the name shown in `language`, in that
    language's alphabet, as the catalog's `order:name` sorts (Card.sort_name_hu,
    Card.sort_name_en): "Éjlépő" among the E's, before "Jégszem"; "Cukor" before
    "Csónak" on a Hungarian page."""
    return name_order(display_name(card, language), language)


def _cost_then_name(card: dict, language: str) -> tuple:
    cost = card.get("cost")
    return (cost is None, cost or 0, _name_order(card, language), card["code"])


def _groups(entries: list[Entry], language: str, owned: Collection | None = None) -> list[Group]:
    """Entries by type (in the vocabulary's order), each sorted by cost then name."""
    order = {term.id: i for i, term in enumerate(vocab.TYPES.terms)}
    by_type: dict[str, list[Entry]] = {}
    for entry in entries:
        if entry.card:
            by_type.setdefault(entry.card["type"], []).append(entry)
    return [
        Group(
            vocab.TYPES.label(type_id, language),
            sum(e.count for e in rows),
            sorted(rows, key=lambda e: _cost_then_name(e.card, language)),
            owned,
        )
        for type_id, rows in sorted(by_type.items(), key=lambda item: order.get(item[0], 99))
    ]


@dataclass
class Panel:
    entries: list[Entry]
    main: list[Group]
    side: list[Group]
    count: int
    side_count: int
    verdicts: list[Verdict]
    current: Verdict
    breakdown: object
    curve_svg: str  # "" when the game's cards have no cost
    odds: list = field(default_factory=list)
    collection: Collection | None = None  # only for the deck's owner


def deck_panel(deck: Deck, entries: list[Entry], language: str, *, viewer=None) -> Panel:
    """The panel; the viewer who owns the deck also gets their collection's figures."""
    fmt = formats.get_format(deck.game.slug, deck.format) or formats.default_format(deck.game.slug)
    verdicts = [
        Verdict(f, validation.validate(entries, deck.game.slug, f), f.id == fmt.id)
        for f in formats.formats_for(deck.game.slug)
    ]
    current = next(v for v in verdicts if v.current)
    breakdown = stats.breakdown(entries, language)
    room = odds.odds_room(deck.game.slug)  # the game's draw odds, if the builder models them
    owned = None
    if viewer is not None and viewer.is_authenticated and viewer.pk == deck.owner_id:
        owned = owner_collection(deck, language)
    return Panel(
        entries=entries,
        main=_groups([e for e in entries if e.board == MAIN], language, owned),
        side=_groups([e for e in entries if e.board == SIDE], language, owned),
        count=total(entries, MAIN),
        side_count=total(entries, SIDE),
        verdicts=verdicts,
        current=current,
        breakdown=breakdown,
        curve_svg=_curve_svg(deck.game.slug, breakdown, language),
        odds=room.odds_report(entries, language) if room else [],
        collection=owned,
    )


def _curve_svg(game: str, breakdown: stats.Breakdown, language: str) -> str:
    """The cost curve, or "" for a game whose cards have no cost (every bar would be 0)."""
    if not stats.has_costs(game):
        return ""
    # Built by our own code from numbers and vocabulary labels, escaped there.
    return mark_safe(charts.cost_curve_svg(breakdown, language))  # noqa: S308


def with_holdings(deck: Deck, cards: list) -> list[tuple[Card, Holding]]:
    """Builder search results with the deck owner's copies of each card.

    `cards` come from catalog.search.cards_search with the owner, which
    annotates `owned_copies`; free copies leave out the deck itself.
    """
    free = collection_selectors.free_counts(deck.owner, except_deck=deck)
    return [
        (card, Holding(getattr(card, "owned_copies", 0), free.get(card.code, 0))) for card in cards
    ]


# --- the missing list ---------------------------------------------------------------
NO_RARITY = "none"  # the key for cards without a rarity (ONIROO, Arcane Guardian)


@dataclass(frozen=True)
class MissingCard:
    code: str
    name: str
    name_en: str
    rarity: str | None
    missing: int

    @property
    def rarity_label(self) -> str:
        return vocab.RARITIES.label(self.rarity, get_language()) if self.rarity else ""


@dataclass
class Missing:
    """What a deck needs beyond the copies its owner has free for it, in catalog order."""

    cards: list[MissingCard]

    @property
    def total(self) -> int:
        return sum(card.missing for card in self.cards)

    @property
    def by_rarity(self) -> dict[str, int]:
        """Rarity id (or "none") → copies missing, rarest last, only rarities that occur."""
        order = [term.id for term in vocab.RARITIES.terms] + [NO_RARITY]
        counts: dict[str, int] = {}
        for card in self.cards:
            key = card.rarity or NO_RARITY
            counts[key] = counts.get(key, 0) + card.missing
        return {key: counts[key] for key in sorted(counts, key=order.index)}

    def rarity_rows(self, language: str) -> list[tuple[str, int]]:
        """(label, copies) for the page."""
        return [
            (
                _("no rarity") if key == NO_RARITY else vocab.RARITIES.label(key, language),
                count,
            )
            for key, count in self.by_rarity.items()
        ]

    @property
    def print_url(self) -> str:
        """The print form holding exactly these cards and counts (printing's card-list source).

        A count above what one line of a print list may hold (two boards'
        copies together can be) is split over several lines of the same card.
        """
        parts = []
        for card in self.cards:
            left = card.missing
            while left > 0:
                step = min(left, print_limits.MAX_COUNT)
                parts.append(f"{card.code}:{step}")
                left -= step
        return f"{reverse('printing:new')}?{urlencode({'cards': ','.join(parts)})}"

    def as_dict(self) -> dict:
        return {
            "cards": [
                {"code": c.code, "name": c.name, "rarity": c.rarity, "missing": c.missing}
                for c in self.cards
            ],
            "total": self.total,
            "by_rarity": self.by_rarity,
        }


def deck_missing(deck: Deck) -> Missing:
    """The deck's missing list (collection.selectors.missing_for_deck) with each card's facts.

    For the deck's owner only: the caller has checked who asks.
    """
    missing = collection_selectors.missing_for_deck(deck)
    cards = Card.objects.filter(code__in=list(missing)).order_by("sort_key", "code")
    return Missing(
        [
            MissingCard(c.code, c.name, c.name_en or "", c.rarity or None, missing[c.code])
            for c in cards.only("code", "name", "name_en", "rarity", "sort_key")
        ]
    )
