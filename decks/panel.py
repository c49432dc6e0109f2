"""Everything the builder shows beside the list, computed once from the entries."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import mark_safe

from catalog import vocab
from decks import charts, formats, odds, stats, validation
from decks.entries import MAIN, SIDE, Entry, total
from decks.models import Deck


@dataclass
class Verdict:
    format: formats.Format
    problems: list
    current: bool

    @property
    def valid(self) -> bool:
        return not self.problems


@dataclass
class Group:
    label: str
    count: int
    entries: list[Entry]


def _groups(entries: list[Entry], language: str) -> list[Group]:
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
            sorted(
                rows, key=lambda e: (e.card["cost"] is None, e.card["cost"] or 0, e.card["name"])
            ),
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
    curve_svg: str
    odds: list = field(default_factory=list)


def deck_panel(deck: Deck, entries: list[Entry], language: str) -> Panel:
    fmt = formats.get_format(deck.game.slug, deck.format) or formats.default_format(deck.game.slug)
    verdicts = [
        Verdict(f, validation.validate(entries, deck.game.slug, f), f.id == fmt.id)
        for f in formats.formats_for(deck.game.slug)
    ]
    current = next(v for v in verdicts if v.current)
    breakdown = stats.breakdown(entries, language)
    return Panel(
        entries=entries,
        main=_groups([e for e in entries if e.board == MAIN], language),
        side=_groups([e for e in entries if e.board == SIDE], language),
        count=total(entries, MAIN),
        side_count=total(entries, SIDE),
        verdicts=verdicts,
        current=current,
        breakdown=breakdown,
        # Built by our own code from numbers and vocabulary labels, escaped there.
        curve_svg=mark_safe(charts.cost_curve_svg(breakdown, language)),  # noqa: S308
        odds=odds.odds_report(entries, language),
    )
