"""Card lists from other formats, turned into docs/card-data.md records. Pure: no Django ORM.

CSV (a publisher's or the community's spreadsheet), documented in
docs/card-data.md, "CSV import":

- the first row names the columns, one per card key (`code`, `number`,
  `name`, ... `reconstructed_fields`), in any order; only `number`, `name`
  and `type` are required, a missing column reads as empty cells;
- comma separated, or semicolon separated when the header row has
  semicolons and no commas (as spreadsheets export in Hungarian locales);
- an empty cell is null; for the keys that cannot be null it is the empty
  value instead ("" for texts, [] for lists and `effects`, `imported` for
  `provenance`); an empty `code` becomes `<set code>-<number, 3 digits>`;
- `subtypes` and `reconstructed_fields` are separated by `;`;
- `number`, `cost`, `attack`, `defense`, `glory_bonus`, `digit` are whole
  numbers; `effects` is JSON text, nested at most
  settings.LIMITS["JSON_MAX_DEPTH"] levels;
- a cell holds at most CELL_MAX_CHARS characters.

Rows are checked with `card_problems`; a problem names the row (the header
is row 1, as a spreadsheet numbers them) and the column.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import threading

from django.utils import translation

from catalog.cardfile import CARD_KEYS, CODE_MAX, Problem, card_problems
from core.jsonlimits import BadJson, loads_bounded

CSV_COLUMNS = CARD_KEYS
CSV_REQUIRED = ("number", "name", "type")
INT_COLUMNS = frozenset({"number", "cost", "attack", "defense", "glory_bonus", "digit"})
LIST_COLUMNS = frozenset({"subtypes", "reconstructed_fields"})
TEXT_COLUMNS = frozenset({"text", "text_en", "flavor"})
DEFAULT_PROVENANCE = "imported"

_INTEGER = re.compile(r"^[+-]?[0-9]+$")

# Python's csv module refuses a longer cell with a bare csv.Error (its
# field_size_limit, 128 KiB); no card field needs as much. Cells are read
# with that module limit lifted, and each one measured here, so that the
# problem names the row and the column.
CELL_MAX_CHARS = 128 * 1024
_FIELD_LIMIT_LOCK = threading.Lock()


@contextlib.contextmanager
def _csv_field_limit(limit: int):
    """csv.field_size_limit is one setting for the whole process: set it back afterwards."""
    with _FIELD_LIMIT_LOCK:
        previous = csv.field_size_limit(limit)
        try:
            yield
        finally:
            csv.field_size_limit(previous)


def _csv_rows(text: str, delimiter: str) -> tuple[list[list[str]], tuple[int, str] | None]:
    """The rows, and (line, reason) if the csv module could not read them all."""
    rows: list[list[str]] = []
    # A cell cannot be longer than the text that holds it.
    with _csv_field_limit(max(len(text), CELL_MAX_CHARS) + 1):
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        try:
            for row in reader:
                rows.append(row)
        except csv.Error as error:
            return rows, (reader.line_num, str(error))
    return rows, None


def cards_from_csv(
    text: str, *, game: str, set_code: str, source: str = ""
) -> tuple[list[dict], list[Problem]]:
    """Card records from CSV text, and every problem found (the records are usable only if none).

    `source` (a file name) prefixes the row in problems: "cards.csv, row 3".
    """
    text = text.removeprefix("\ufeff")  # spreadsheets often write a byte-order mark
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if ";" in first_line and "," not in first_line else ","
    rows, unreadable = _csv_rows(text, delimiter)

    def where(row_number: int) -> str:
        return f"{source}, row {row_number}" if source else f"row {row_number}"

    if unreadable is not None:
        line, reason = unreadable
        where_line = f"{source}, line {line}" if source else f"line {line}"
        return [], [Problem(where_line, None, None, f"not readable as CSV: {reason}")]
    if not rows or not any(cell.strip() for cell in rows[0]):
        return [], [Problem(where(1), None, None, "no header row")]
    header = [cell.strip().lower() for cell in rows[0]]
    problems = []
    code_at = header.index("code") if "code" in header else None
    for row_number, row in enumerate(rows, start=1):
        for index, cell in enumerate(row):
            if len(cell) <= CELL_MAX_CHARS:
                continue
            column = header[index] if index < len(header) else ""
            if not column or len(column) > CODE_MAX:  # an oversized header cell names nothing
                column = f"column {index + 1}"
            code = row[code_at].strip() if code_at is not None and code_at < len(row) else ""
            problems.append(
                Problem(
                    where(row_number),
                    code if code and len(code) <= CODE_MAX and "\x00" not in code else None,
                    column,
                    f"a cell of {len(cell)} characters; a cell may hold {CELL_MAX_CHARS}",
                )
            )
    if problems:  # nothing else is read from a file this far from a card list
        return [], problems
    for index, column in enumerate(header):
        if column not in CSV_COLUMNS:
            problems.append(
                Problem(where(1), None, column or f"column {index + 1}", "unknown column")
            )
        elif header.index(column) != index:
            problems.append(Problem(where(1), None, column, "column given twice"))
    for column in CSV_REQUIRED:
        if column not in header:
            problems.append(Problem(where(1), None, column, "required column missing"))
    if problems:
        return [], problems

    cards = []
    seen_codes: dict[str, int] = {}
    seen_numbers: dict[int, int] = {}
    for row_number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # blank lines between blocks of cards
        if len(row) > len(header):
            problems.append(
                Problem(
                    where(row_number), None, None, f"{len(row)} cells, the header has {len(header)}"
                )
            )
            continue
        cells = {column: row[i].strip() if i < len(row) else "" for i, column in enumerate(header)}
        card, row_problems = _card_from_cells(cells, set_code=set_code)
        code = card.get("code") if isinstance(card.get("code"), str) else None
        unparsed = {p.field for p in row_problems}  # already reported; not again as null
        row_problems += [p for p in card_problems(card, game=game) if p.field not in unparsed]
        if code in seen_codes:
            row_problems.append(Problem("", code, "code", f"also in row {seen_codes[code]}"))
        number = card.get("number")
        if isinstance(number, int) and number in seen_numbers:
            row_problems.append(Problem("", code, "number", f"also in row {seen_numbers[number]}"))
        if code:
            seen_codes.setdefault(code, row_number)
        if isinstance(number, int):
            seen_numbers.setdefault(number, row_number)
        problems += [
            Problem(where(row_number), p.code or code, p.field, p.message) for p in row_problems
        ]
        cards.append(card)
    if not cards and not problems:
        problems.append(Problem(where(2), None, None, "no cards"))
    return cards, problems


def _card_from_cells(cells: dict[str, str], *, set_code: str) -> tuple[dict, list[Problem]]:
    """One record with every card key; cell values parsed. Problems carry the column as field."""
    card: dict = {}
    problems = []
    for column in CSV_COLUMNS:
        cell = cells.get(column, "")
        if column in INT_COLUMNS:
            if cell == "":
                card[column] = None
            elif _INTEGER.match(cell):
                card[column] = int(cell)
            else:
                card[column] = None
                problems.append(Problem("", None, column, f"not a whole number: {cell!r}"))
        elif column in LIST_COLUMNS:
            card[column] = [part.strip() for part in cell.split(";") if part.strip()]
        elif column in TEXT_COLUMNS:
            card[column] = cell
        elif column == "effects":
            try:
                # Problems are English, like every other loader message.
                with translation.override("en"):
                    card[column] = loads_bounded(cell) if cell else []
            except BadJson as error:
                card[column] = []
                problems.append(Problem("", None, column, error.message))
        elif column == "provenance":
            card[column] = cell or DEFAULT_PROVENANCE
        else:
            card[column] = cell or None
    if card["code"] is None and isinstance(card["number"], int):
        card["code"] = f"{set_code}-{card['number']:03d}"
    code = card["code"]
    return card, [Problem("", code, p.field, p.message) for p in problems]
