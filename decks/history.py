"""Reads for the history page: each version worded in the reader's language, comparisons.

A version stores what happened as data (kind, details, changes); the sentence
is written here, at read time, in the active language, so a version saved by
a Hungarian page reads in English for an English reader. Only versions from
before that (kind "legacy") show the sentence they were stored with.

A deck keeps up to LIMIT_DECK_VERSIONS versions and each holds the whole list
(`entries`), so no read here loads them all: the history shows one page of
versions without their lists (what each changed is stored with it, in
`changes`), and a comparison or a restore loads only the versions it names.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.core.paginator import Page, Paginator
from django.db.models.functions import Coalesce
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog.models import Card
from core.errors import ApplicationError
from core.hungarian import percent_filled
from core.params import int_param
from decks import formats, versioning
from decks.entries import SIDE
from decks.models import Deck, DeckVersion, VersionKind

# A summary names this many changed cards; the rest are counted.
SUMMARY_CARDS = 4
# Versions on one page of the history, newest first.
HISTORY_PAGE_SIZE = 20
# A page number with more digits than this is past the last page of any history.
_PAGE_DIGITS = 9


def version_label(number: int) -> str:
    """How a version is named on the history page and in the compare form: "v3"."""
    return f"v{number}"


# When a version's cards were last set, the one time the history shows for it: a burst of
# card edits is one version, started at `created_at` and holding the cards of its last edit
# (`edited_at`); every other kind is set once, at `created_at`.
SAVED_AT = Coalesce("edited_at", "created_at")


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
        return version_label(self.version.number)

    @property
    def saved_at(self) -> datetime:
        """When the version's cards were last set (SAVED_AT)."""
        return self.version.edited_at or self.version.created_at


@dataclass(frozen=True)
class Comparison:
    a: DeckVersion
    b: DeckVersion
    lines: list[DiffLine]


@dataclass(frozen=True)
class VersionChoice:
    """A kept version as the compare form offers it: its number and date, never its list."""

    number: int
    saved_at: datetime  # SAVED_AT: the time the version's row in the list shows too

    @property
    def label(self) -> str:
        return version_label(self.number)


@dataclass(frozen=True)
class History:
    deck: Deck
    rows: list[HistoryRow]  # the versions on this page, newest first
    names: dict[str, str]
    page: Page  # of `choices`
    choices: list[VersionChoice]  # every kept version, newest first

    @property
    def numbers(self) -> list[int]:
        return [choice.number for choice in self.choices]


def deck_history(deck: Deck, *, page: object = 1) -> History:
    """One page of the deck's versions, newest first, with their summaries and card changes.

    `page` is what the visitor asked for: text that is not a page number gives
    the first page, a number past the end the last one.
    """
    choices = [
        VersionChoice(number, saved_at)
        for number, saved_at in deck.versions.values_list("number", SAVED_AT)
    ]
    paginator = Paginator(choices, HISTORY_PAGE_SIZE)
    shown = paginator.page(nearest_page(page, paginator.num_pages))
    newest = choices[0].number if choices else None
    # What each version changed since the one before is stored with it: no list is loaded.
    versions = list(
        deck.versions.filter(number__in=[choice.number for choice in shown]).defer("entries")
    )
    names = card_names(_changed_codes(versions))
    rows = []
    for version in versions:
        lines = diff_lines(version.changes, names)
        summary = version_summary(version, lines, game=deck.game.slug)
        rows.append(HistoryRow(version, summary, lines, current=version.number == newest))
    return History(deck=deck, rows=rows, names=names, page=shown, choices=choices)


def nearest_page(raw: object, last: int) -> int:
    """The page number asked for, brought into 1..last; 1 when it is not a number."""
    text = str(raw).strip() if raw is not None else ""
    if not (text.isascii() and text.isdigit()):
        return 1  # empty, negative, "²", "abc"
    digits = text.lstrip("0")
    if len(digits) > _PAGE_DIGITS:
        return last  # int() of thousands of digits would fail; it is past the end anyway
    return min(max(int(digits or "0"), 1), last)


def compare_versions(history: History, *, a: object, b: object) -> Comparison:
    """Two versions side by side; ApplicationError (400) with a message when they cannot be.

    Loads only the two versions named, whichever page of the history is shown.
    """
    if a in (None, "") and b in (None, ""):
        raise ApplicationError("compare_empty", _("Choose two versions to compare."))
    last = max(history.numbers, default=1)
    # "²".isdigit() is true and int("²") fails: the numbers go through int_param.
    numbers = [
        int_param(raw, name=name, minimum=1, maximum=last) for name, raw in (("a", a), ("b", b))
    ]
    loaded = {v.number: v for v in history.deck.versions.filter(number__in=numbers)}
    for number in numbers:
        if number not in loaded:
            raise ApplicationError(
                "no_such_version", _("This deck has no version %(n)s.") % {"n": number}
            )
    older, newer = (loaded[number] for number in numbers)
    return _comparison(older, newer)


def restore_preview(deck: Deck, number: int) -> Comparison | None:
    """What restoring version `number` would change, from the deck as it is now; None if unknown.

    Loads two versions: the newest (the deck as it is now) and the one asked for.
    """
    current = deck.versions.first()  # ordered newest first
    if current is None:
        return None
    version = current if current.number == number else deck.versions.filter(number=number).first()
    if version is None:
        return None
    return _comparison(current, version)


def _comparison(a: DeckVersion, b: DeckVersion) -> Comparison:
    changes = versioning.changes_between(a.entries, b.entries)
    return Comparison(a, b, diff_lines(changes, card_names({c["code"] for c in changes})))


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
        number = {"n": details.get("number", "?")}
        return percent_filled(_("Restored version %(n)s"), number)
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
    # From what the versions changed, not their lists: a card a version removed is in
    # no later list, and the lists are not loaded.
    return {c["code"] for v in versions for c in (v.changes or [])}
