"""A collection as CSV, in and out. Pure: text and card lookups in, counts and line errors out.

Reading accepts what people keep in a spreadsheet: one card per line, `code,count` or
`name,count` (a name with a comma is quoted, as CSV does), with or without a header
line, separated by commas, semicolons (what a Hungarian spreadsheet saves) or tabs.
Columns after the count are ignored, so the export (`code,count,name,name_en,set`) reads
back as the same collection. Blank lines and lines starting with `#` are skipped.

Cards are found as deck lists find them (decks.codec): by code first, among every
card, then by exact name (accents, case and spaces ignored) among one game's cards;
an unknown name gets the lookup's suggestions (in the first SUGGESTED_LINES lines
that name no card). Reading never raises on a line: each problem becomes a
decks.codec.LineError with the line number, the line, why, and suggestions, and
the caller saves nothing while any exist. The one exception is size: a text over
its `CsvLimits` raises decks.codec.ListTooLarge before any card is looked up,
because the work of reading grows with the text.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from catalog.cardfile import CARD_CODE_PATTERN
from catalog.text import fold_words
from decks.codec import CardLookup, LineError, ListTooLarge, card_set_code, other_game_card

# collection.models.MAX_COPIES; repeated here so this module stays free of Django.
MAX_COPIES = 999
# the English name beside the Hungarian, for a reader of English; the reader reads the code
HEADER = ("code", "count", "name", "name_en", "set")

# Words a header's first two columns may hold ("code,count", "név;darab", ...), folded.
_FIRST_HEADER_WORDS = {"code", "name", "card", "kod", "nev", "kartya", "kartyanev", "lap"}
_COUNT_HEADER_WORDS = {"count", "copies", "qty", "quantity", "amount", "db", "darab", "darabszam"}
_COUNT = re.compile(r"[0-9]+")
# What an unknown first column is worded as: a code ("no card has the code …") when it
# could be one by the loader's rule and holds a digit, as the cards' codes do; else a name,
# with suggestions ("Wake-up" is a card's name, and fits the rule's letters alone).
_CODE = re.compile(rf"(?i:(?=.*[0-9]){CARD_CODE_PATTERN})\Z")
_DELIMITERS = (",", ";", "\t")
# A suggestion is a fuzzy match against every name of the game: a file of thousands
# of made-up names would cost a second of work and a page of megabytes. The first
# unknown lines get suggestions; the rest are still listed, without them.
SUGGESTED_LINES = 50


@dataclass(frozen=True)
class CsvLimits:
    """How much one CSV may hold. The site passes settings.LIMITS (services.csv_limits)."""

    max_lines: int = 5000  # lines that name a card; blank, comment and header lines are free
    max_chars: int = 300_000


DEFAULT_LIMITS = CsvLimits()


@dataclass
class ParsedCollection:
    """What a CSV says: card code → total copies (0 = "I own none"), in first-seen order.

    `cards` holds each counted card's record, `last_line` the line where each card
    was last named (an error about its total points there).
    """

    counts: dict[str, int] = field(default_factory=dict)
    cards: dict[str, dict] = field(default_factory=dict)
    last_line: dict[str, tuple[int, str]] = field(default_factory=dict)
    errors: list[LineError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


# -- size ----------------------------------------------------------------------


def _too_many_chars(limit: int, found: int) -> ListTooLarge:
    return ListTooLarge(
        "list_too_long",
        limit,
        f"Egy gyűjtemény-CSV legfeljebb {limit} karakteres lehet "
        f"(COLLECTION_CSV_MAX_CHARS); ez {found} karakter.",
        f"A collection CSV may be at most {limit} characters long "
        f"(COLLECTION_CSV_MAX_CHARS); this one has {found}.",
    )


def _too_many_lines(limit: int, found: int) -> ListTooLarge:
    return ListTooLarge(
        "too_many_lines",
        limit,
        f"Egy gyűjtemény-CSV-ben legfeljebb {limit} lapot megnevező sor lehet "
        f"(COLLECTION_CSV_MAX_LINES); ebben {found} van.",
        f"A collection CSV may have at most {limit} card lines "
        f"(COLLECTION_CSV_MAX_LINES); this one has {found}.",
    )


@dataclass(frozen=True)
class _Line:
    line_no: int
    raw: str


def _lines(text: str) -> list[_Line]:
    """The lines that may name a card (blank and comment lines dropped); no lookups."""
    return [
        _Line(line_no, raw.strip())
        for line_no, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1)
        if raw.strip() and not raw.lstrip().startswith("#")
    ]


def check_size(text: str, limits: CsvLimits = DEFAULT_LIMITS) -> None:
    """Raise ListTooLarge for a CSV over `limits`; reads no card.

    `parse_csv` does the same checks; a form calls this to put the message on its field.
    The header line, if any, is not counted.
    """
    if len(text) > limits.max_chars:
        raise _too_many_chars(limits.max_chars, len(text))
    lines = _lines(text)
    found = len(lines)
    if lines and _is_header(_fields(lines[0].raw, _delimiter(lines))):
        found -= 1
    if found > limits.max_lines:
        raise _too_many_lines(limits.max_lines, found)


# -- reading -------------------------------------------------------------------


def _delimiter(lines: list[_Line]) -> str:
    """The file's separator, from its first line: a comma, else a semicolon, else a tab.

    One separator for the whole file: a semicolon file may have commas inside names.
    """
    for line in lines[:1]:
        for delimiter in _DELIMITERS:
            if delimiter in line.raw:
                return delimiter
    return ","


def _fields(raw: str, delimiter: str) -> list[str] | None:
    """One line's fields, stripped; None when the csv module cannot read it (e.g. a NUL)."""
    try:
        row = next(csv.reader([raw], delimiter=delimiter, skipinitialspace=True), [])
    except csv.Error:
        return None
    return [value.strip() for value in row]


def _is_header(fields: list[str] | None) -> bool:
    if not fields or len(fields) < 2:
        return False
    first, count = fold_words(fields[0]).replace(" ", ""), fold_words(fields[1]).replace(" ", "")
    return first in _FIRST_HEADER_WORDS and count in _COUNT_HEADER_WORDS


def _shown(text: str, limit: int = 60) -> str:
    # A control character (a NUL from a binary file) is shown as a mark, not sent on.
    text = " ".join("".join(c if c.isprintable() or c.isspace() else "�" for c in text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _alternatives(names: list[str], word: str) -> str:
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {word} {names[-1]}"


@dataclass(frozen=True)
class CsvLineError(LineError):
    """A LineError whose fixes write the suggested name as a CSV field (quoted if needed)."""

    delimiter: str = ","

    def fixes(self, language: str = "hu") -> list[tuple[str, str]]:
        fields = _fields(self.line, self.delimiter)
        if not fields or fields[0] != self.name:
            return super().fixes(language)
        fixes = []
        for name in self.suggested(language):
            out = io.StringIO()
            csv.writer(out, delimiter=self.delimiter, lineterminator="").writerow(
                [name, *fields[1:]]
            )
            fixes.append((name, out.getvalue()))
        return fixes


def _error(
    line: _Line,
    hu: str,
    en: str,
    *,
    suggestions: list[str] | None = None,
    suggestions_en: list[str] | None = None,
    name: str = "",
    delimiter: str = ",",
) -> LineError:
    suggestions = suggestions or []
    suggestions_en = suggestions_en or []
    full_hu, full_en = hu, en
    if suggestions:
        full_hu += f" Erre gondoltál: {_alternatives(suggestions, 'vagy')}?"
        full_en += f" Did you mean {_alternatives(suggestions_en or suggestions, 'or')}?"
    return CsvLineError(
        line.line_no, line.raw, full_hu, full_en, suggestions, name, hu, en,
        suggestions_en=suggestions_en, delimiter=delimiter,
    )  # fmt: skip


def _unreadable(line: _Line) -> LineError:
    shown = _shown(line.raw)
    return _error(
        line,
        f"Ezt a sort nem tudtuk értelmezni: „{shown}”. Egy sor: a lap kódja vagy neve, "
        "vessző, darabszám, például „AF1-001,3” vagy „Éjlépő Kajtár,3”.",
        f"Can't read this line: “{shown}”. A line is the card's code or name, a comma "
        "and the count, for example “AF1-001,3” or “Kajtár Nightstepper,3”.",
    )


def _swapped(line: _Line) -> LineError:
    # "3,Éjlépő Kajtár": a deck list's order. Only one order is read, so that a card
    # whose name is a number can never be mistaken for a count.
    shown = _shown(line.raw)
    return _error(
        line,
        f"Ebben a sorban elöl áll a darabszám: „{shown}”. Írd előre a kártyát, utána a "
        "darabszámot, például „Éjlépő Kajtár,3”.",
        f"This line has the count first: “{shown}”. Put the card first, then the count, "
        "for example “Kajtár Nightstepper,3”.",
    )


def _bad_count(line: _Line, count_text: str) -> LineError:
    shown = _shown(count_text, 12) or "–"
    return _error(
        line,
        f"A darabszám egész szám 0 és {MAX_COPIES} között (0: nincs belőle), itt „{shown}” áll.",
        f"The count must be a whole number from 0 to {MAX_COPIES} (0: none); "
        f"this line says “{shown}”.",
    )


def _total_too_high(line_no: int, raw: str, card: dict, total: int) -> LineError:
    name = card.get("name") or card["code"]
    name_en = card.get("name_en") or name
    return _error(
        _Line(line_no, raw),
        f"Ezzel a sorral {total} példány lenne ebből a lapból: {name}. "
        f"Egy lapból legfeljebb {MAX_COPIES} lehet.",
        f"With this line there would be {total} copies of {name_en}; the most is {MAX_COPIES}.",
    )


def _unknown(
    line: _Line, first: str, names: CardLookup, delimiter: str, *, suggest: bool
) -> LineError:
    shown = _shown(first)
    elsewhere = names.other_game(first)
    if elsewhere is not None:
        error = other_game_card(line.line_no, line.raw, first, elsewhere)
        hu = f"{error.message_hu} Válaszd ki a játékát, vagy vedd ki ezt a sort."
        en = f"{error.message_en} Choose its game, or take this line out."
        return _error(line, hu, en, delimiter=delimiter)
    if _CODE.match(first):
        return _error(
            line, f"Nincs „{shown}” kódú lap.", f"No card has the code “{shown}”.",
            name=first, delimiter=delimiter,
        )  # fmt: skip
    return _error(
        line,
        f"Nincs „{shown}” nevű lap.",
        f"There is no card called “{shown}”.",
        suggestions=names.suggest(first, language="hu") if suggest else [],
        suggestions_en=names.suggest(first, language="en") if suggest else [],
        name=first,
        delimiter=delimiter,
    )


def _split(fields: list[str]) -> tuple[str, str] | None:
    """(card, count text) of a line's fields, or None when there is no count column.

    `name,count` with extra columns after the count (the export's name and set) is the
    usual case. A name with an unquoted comma splits into more fields than two with
    the count last, so when the second field is no number and the last one is, the
    fields before it are the name.
    """
    if len(fields) < 2:
        return None
    if len(fields) > 2 and not _COUNT.fullmatch(fields[1]) and _COUNT.fullmatch(fields[-1]):
        return ",".join(fields[:-1]), fields[-1]
    return fields[0], fields[1]


def parse_csv(
    text: str,
    *,
    codes: CardLookup,
    names: CardLookup,
    limits: CsvLimits = DEFAULT_LIMITS,
    owned: Mapping[str, int] | None = None,
) -> ParsedCollection:
    """Read a collection CSV: each card's total count, and every line that is wrong.

    `codes` finds a card by its code (give it every card), `names` by its name (give it
    one game's cards: names repeat across games). Counts are whole numbers 0–999;
    0 means "I own none". The same card on several lines: the counts add up, and a
    total above 999 is an error on the line that takes it there; `owned` (copies by
    code, when the file is added to a collection) counts in that total, so each line
    that would take a card past 999 is named at once, with the total it would make. The first
    SUGGESTED_LINES lines that name no card get suggested names; later ones none.

    Raises ListTooLarge, before looking up any card, for a text over `limits`.
    """
    check_size(text, limits)
    lines = _lines(text)
    delimiter = _delimiter(lines)
    out = ParsedCollection()
    unknown = 0
    for index, line in enumerate(lines):
        fields = _fields(line.raw, delimiter)
        if index == 0 and _is_header(fields):
            continue
        parts = _split(fields) if fields else None
        if parts is None or not fold_words(parts[0]):
            out.errors.append(_unreadable(line))
            continue
        first, count_text = parts
        if _COUNT.fullmatch(first) and not _COUNT.fullmatch(count_text):
            out.errors.append(_swapped(line))
            continue
        if not _COUNT.fullmatch(count_text) or len(count_text.lstrip("0")) > 3:
            # checked before the lookup, so a line is wrong for one reason at a time
            out.errors.append(_bad_count(line, count_text))
            continue
        count = int(count_text)
        if count > MAX_COPIES:
            out.errors.append(_bad_count(line, count_text))
            continue
        card = codes.by_code(first) or names.by_name(first)
        if card is None:
            suggest = unknown < SUGGESTED_LINES
            unknown += 1
            out.errors.append(_unknown(line, first, names, delimiter, suggest=suggest))
            continue
        code = card["code"]
        total = out.counts.get(code, 0) + count
        if total > MAX_COPIES:
            out.errors.append(_total_too_high(line.line_no, line.raw, card, total))
            continue
        with_owned = total + (owned or {}).get(code, 0)
        if with_owned > MAX_COPIES:
            out.errors.append(_owned_too_high(line.line_no, line.raw, card, with_owned))
            continue
        out.counts[code] = total
        out.cards[code] = card
        out.last_line[code] = (line.line_no, line.raw)
    return out


def total_too_high(parsed: ParsedCollection, code: str, total: int) -> LineError:
    """The error for a card that the file would take above 999 together with what is owned
    (owned copies that came between the reading and the writing: the last line names it)."""
    line_no, raw = parsed.last_line[code]
    return _owned_too_high(line_no, raw, parsed.cards[code], total)


def _owned_too_high(line_no: int, raw: str, card: dict, total: int) -> LineError:
    name = card.get("name") or card["code"]
    name_en = card.get("name_en") or name
    return _error(
        _Line(line_no, raw),
        f"A gyűjteményedben már megvan, és ezzel {total} példány lenne ebből a lapból: "
        f"{name}. Egy lapból legfeljebb {MAX_COPIES} lehet.",
        f"Added to what you already own there would be {total} copies of {name_en}; "
        f"the most is {MAX_COPIES}.",
    )


# -- reading a file ------------------------------------------------------------------

# The Hungarian Windows code page: what Excel saves a CSV in unless told "UTF-8".
FALLBACK_ENCODING = "cp1250"


def decode_csv(raw: bytes) -> tuple[str, str]:
    """The text of an uploaded CSV and the encoding it was read in.

    UTF-8 (with or without a byte-order mark) when the bytes are UTF-8, else
    Windows-1250. cp1250 is one byte a character, so a caller's bound on the bytes
    read bounds the characters the same. Raises UnicodeDecodeError for bytes that are
    neither (cp1250 leaves five byte values undefined).
    """
    try:
        return raw.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return raw.decode(FALLBACK_ENCODING), FALLBACK_ENCODING


# -- writing -------------------------------------------------------------------


def _export_order(row: tuple[dict, int]) -> tuple:
    card = row[0]
    number = card.get("number")
    return (
        str(card.get("game") or ""),
        card_set_code(card),
        number if isinstance(number, int) else 0,
        str(card["code"]),
    )


def export_csv(rows: Iterable[tuple[dict, int]]) -> str:
    """`code,count,name,name_en,set` with a header, a line per (card record, count) with count ≥ 1.

    Sorted by game id, set code and collector number. `parse_csv` reads it back as the
    same counts (names are quoted where CSV needs it; the reader uses the code). The
    text starts with a byte-order mark: without one, Excel reads a CSV in the Windows
    code page and garbles every accent ("Ă‰jlĂ©pĹ‘").
    """
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for card, count in sorted(rows, key=_export_order):
        if count >= 1:
            writer.writerow(
                [
                    card["code"],
                    count,
                    card.get("name", ""),
                    card.get("name_en") or "",
                    card_set_code(card),
                ]
            )
    return out.getvalue()
