"""Reads for the history page: each version worded in the reader's language, comparisons.

A version stores what happened as data (kind, details, changes); the sentence
is written here, at read time, in the active language, so a version saved by
a Hungarian page reads in English for an English reader. Only versions from
before that (kind "legacy") show the sentence they were stored with.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog.models import Card
from core.errors import ApplicationError
from core.params import int_param
from decks import formats, versioning
from decks.entries import SIDE
from decks.models import Deck, DeckVersion, VersionKind

# A summary names this many changed cards; the rest are counted.
SUMMARY_CARDS = 4


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


@dataclass(frozen=True)
class HistoryRow:
    version: DeckVersion
    summary: str
    lines: list[DiffLine]
    current: bool  # the newest version: the deck as it is now

    @property
    def label(self) -> str:
        return f"v{self.version.number}"


@dataclass(frozen=True)
class Comparison:
    a: DeckVersion
    b: DeckVersion
    lines: list[DiffLine]


@dataclass(frozen=True)
class History:
    deck: Deck
    rows: list[HistoryRow]  # newest first
    names: dict[str, str]

    def version(self, number: int) -> DeckVersion | None:
        return next((r.version for r in self.rows if r.version.number == number), None)


def deck_history(deck: Deck) -> History:
    """Every version of the deck, newest first, with its summary and its card changes."""
    versions = list(deck.versions.all())
    names = card_names({e["code"] for v in versions for e in v.entries} | _changed_codes(versions))
    rows = []
    for index, version in enumerate(versions):
        lines = diff_lines(version.changes, names)
        summary = version_summary(version, lines, game=deck.game.slug)
        rows.append(HistoryRow(version, summary, lines, current=index == 0))
    return History(deck=deck, rows=rows, names=names)


def compare_versions(history: History, *, a: object, b: object) -> Comparison:
    """Two versions side by side; ApplicationError (400) with a message when they cannot be."""
    if a in (None, "") and b in (None, ""):
        raise ApplicationError("compare_empty", _("Choose two versions to compare."))
    last = max((r.version.number for r in history.rows), default=1)
    # "²".isdigit() is true and int("²") fails: the numbers go through int_param.
    numbers = [
        int_param(raw, name=name, minimum=1, maximum=last) for name, raw in (("a", a), ("b", b))
    ]
    found = []
    for number in numbers:
        version = history.version(number)
        if version is None:
            raise ApplicationError(
                "no_such_version", _("This deck has no version %(n)s.") % {"n": number}
            )
        found.append(version)
    older, newer = found
    changes = versioning.changes_between(older.entries, newer.entries)
    return Comparison(older, newer, diff_lines(changes, history.names))


def restore_preview(history: History, number: int) -> Comparison | None:
    """What restoring version `number` would change, from the deck as it is now; None if unknown."""
    version = history.version(number)
    if version is None or not history.rows:
        return None
    current = history.rows[0].version
    changes = versioning.changes_between(current.entries, version.entries)
    return Comparison(current, version, diff_lines(changes, history.names))


def card_names(codes: set[str]) -> dict[str, str]:
    """Card code → its name in the reader's language (the Hungarian name when it has no other)."""
    english = get_language() == "en"
    return {
        code: (name_en if english and name_en else name)
        for code, name, name_en in Card.objects.filter(code__in=codes).values_list(
            "code", "name", "name_en"
        )
    }


def diff_lines(changes: list[dict], names: dict[str, str]) -> list[DiffLine]:
    return [
        DiffLine(c["code"], names.get(c["code"], c["code"]), c["board"], c["before"], c["after"])
        for c in changes
    ]


def version_summary(version: DeckVersion, lines: list[DiffLine], *, game: str) -> str:
    """One sentence for the version, in the active language."""
    details = version.details or {}
    kind = version.kind
    if kind == VersionKind.CREATED:
        return _("Deck created")
    if kind == VersionKind.IMPORTED:
        return _("Imported")
    if kind == VersionKind.COPIED:
        return _("Copied from “%(name)s”") % {"name": details.get("name", "")}
    if kind == VersionKind.RESTORED:
        return _("Restored version %(n)s") % {"n": details.get("number", "?")}
    if kind == VersionKind.SETTINGS:
        return _settings_sentence(game, details)
    if kind in (VersionKind.EDITED, VersionKind.REPLACED):
        text = _changes_sentence(lines)
        if not text:
            return _("No change to the cards")
        return (
            _("List replaced: %(changes)s") % {"changes": text}
            if kind == VersionKind.REPLACED
            else text
        )
    return version.summary


def _settings_sentence(game: str, details: dict) -> str:
    parts = []
    if "name" in details:
        old, new = details["name"]
        parts.append(_("Renamed from “%(old)s” to “%(new)s”") % {"old": old, "new": new})
    if "format" in details:
        old, new = (_format_name(game, format_id) for format_id in details["format"])
        parts.append(_("Format changed from %(old)s to %(new)s") % {"old": old, "new": new})
    # Versions from before the details were kept say only that one of the two changed.
    return "; ".join(parts) or _("Name or format changed")


def _format_name(game: str, format_id: str) -> str:
    fmt = formats.get_format(game, format_id)
    return fmt.name(get_language()) if fmt else format_id


def _changes_sentence(lines: list[DiffLine]) -> str:
    named = [
        f"{'+' if line.change > 0 else '−'}{abs(line.change)} {line.name}"
        + (f" ({_('side board')})" if line.board == SIDE else "")
        for line in lines[:SUMMARY_CARDS]
    ]
    text = ", ".join(named)
    if len(lines) > SUMMARY_CARDS:
        text += " " + _("and %(n)s more") % {"n": len(lines) - SUMMARY_CARDS}
    return text


def _changed_codes(versions: list[DeckVersion]) -> set[str]:
    # A card a version removed is in no later snapshot, but its name is still shown.
    return {c["code"] for v in versions for c in (v.changes or [])}
