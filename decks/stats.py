"""A deck's make-up: counts by type, house and rarity, and its cost curve.

Pure: entries in (`decks.entries.Entry`), plain data out. Every count is of
card copies on the main board, except `side_total`. Entries whose card does
not exist are left out of every count and reported as `unknown`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from catalog import vocab
from decks.entries import SIDE, Entry, main_board, total

# The curve's buckets: one per cost 0..6, then everything from 7 up.
CURVE_COSTS: tuple[int | str, ...] = (0, 1, 2, 3, 4, 5, 6, "7+")
TOP_COST = 7

_TYPE_ORDER = {t.id: i for i, t in enumerate(vocab.TYPES.terms)}
_RARITY_ORDER = {t.id: i for i, t in enumerate(vocab.RARITIES.terms)}
_HOUSE_ORDER = {h: i for i, h in enumerate(vocab.HOUSES)}


@dataclass(frozen=True)
class Count:
    """One row of a breakdown: a vocabulary id, its label and how many copies."""

    id: str
    label: str
    count: int


@dataclass(frozen=True)
class CostBucket:
    """One bar of the cost curve.

    `cost` is 0..6 or the string "7+"; `by_type` maps type ids to copies in
    this bucket, in the game's type order, zero counts left out (the stacked
    segments of the bar).
    """

    cost: int | str
    count: int
    by_type: dict[str, int] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return str(self.cost)


@dataclass(frozen=True)
class Breakdown:
    game: str | None
    language: str
    total: int  # main-board copies of known cards
    side_total: int  # every side-board copy, known or not
    by_type: list[Count]
    by_house: list[Count]  # a card of two houses counts in both
    by_rarity: list[Count]
    average_cost: float | None  # over main-board copies with a cost; None if none has one
    curve: list[CostBucket]
    uncosted: int = 0  # main-board copies whose cost is null (left out of the curve)
    unknown: int = 0  # copies named by entries that match no card

    def curve_pairs(self) -> list[tuple[int | str, int]]:
        """The curve as plain (cost, count) pairs: (0, 3), (1, 8), ..., ("7+", 2)."""
        return [(b.cost, b.count) for b in self.curve]

    def curve_types(self) -> list[str]:
        """Type ids that appear anywhere on the curve, in the game's type order."""
        seen = {t for b in self.curve for t in b.by_type}
        return sorted(seen, key=_type_key)


def deck_game(entries: list[Entry]) -> str | None:
    """The game of the deck's cards: the first known card's `game`, else guessed from its type."""
    for entry in entries:
        card = entry.card
        if not card:
            continue
        if card.get("game"):
            return card["game"]
        for game, rules in vocab.RULES.items():
            if card.get("type") in rules.types:
                return game
    return None


def has_costs(game: str) -> bool:
    """Whether the game's cards may carry a cost (a cost curve means something for its decks).

    The registry's card fields say it (core.games, read through vocab.RULES): a game for which
    cost is another game's own field has no card with a cost, as the card validator holds.
    """
    rules = vocab.RULES.get(game)
    return rules is not None and "cost" not in rules.foreign_fields


def cost_bucket(cost: int) -> int | str:
    """The curve bucket a cost falls in: the cost itself, or "7+"."""
    return "7+" if cost >= TOP_COST else max(cost, 0)


def breakdown(entries: list[Entry], language: str = "hu") -> Breakdown:
    """Count the main board by type, house and rarity, and build its cost curve."""
    known = [e for e in main_board(entries) if e.card is not None and e.count > 0]
    types: dict[str, int] = {}
    houses: dict[str, int] = {}
    rarities: dict[str, int] = {}
    curve: dict[int | str, dict[str, int]] = {c: {} for c in CURVE_COSTS}
    cost_sum = costed = uncosted = 0

    for entry in known:
        card, n = entry.card, entry.count
        card_type = card.get("type") or ""
        types[card_type] = types.get(card_type, 0) + n
        for sub in card.get("subtypes") or ():
            if sub in _HOUSE_ORDER:
                houses[sub] = houses.get(sub, 0) + n
        if card.get("rarity"):
            rarities[card["rarity"]] = rarities.get(card["rarity"], 0) + n
        cost = card.get("cost")
        if cost is None:
            uncosted += n
            continue
        cost_sum += cost * n
        costed += n
        split = curve[cost_bucket(cost)]
        split[card_type] = split.get(card_type, 0) + n

    def rows(counts: dict[str, int], vocabulary: vocab.Vocabulary, order: dict) -> list[Count]:
        ids = sorted(counts, key=lambda i: (order.get(i, len(order)), i))
        return [Count(i, vocabulary.label(i, language), counts[i]) for i in ids]

    buckets = []
    for cost in CURVE_COSTS:
        split = {t: curve[cost][t] for t in sorted(curve[cost], key=_type_key)}
        buckets.append(CostBucket(cost, sum(split.values()), split))

    return Breakdown(
        game=deck_game(entries),
        language=language,
        total=sum(e.count for e in known),
        side_total=total(entries, SIDE),
        by_type=rows(types, vocab.TYPES, _TYPE_ORDER),
        by_house=rows(houses, vocab.SUBTYPES, _HOUSE_ORDER),
        by_rarity=rows(rarities, vocab.RARITIES, _RARITY_ORDER),
        average_cost=round(cost_sum / costed, 2) if costed else None,
        curve=buckets,
        uncosted=uncosted,
        unknown=sum(e.count for e in main_board(entries) if e.card is None),
    )


def _type_key(type_id: str) -> tuple[int, str]:
    return (_TYPE_ORDER.get(type_id, len(_TYPE_ORDER)), type_id)
