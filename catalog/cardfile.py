"""Reading, checking and writing card data files (docs/card-data.md). Pure: no Django ORM.

`card_problems` is the one card validator: the file loader, the CSV importer
and `Card.clean()` all call it, so a card the admin refuses is a card the
loader refuses, with the same message. Problems are collected, never raised:
a caller shows every problem of every file at once.

Two things are refused that the database would only refuse in the middle of a
load, or that would crash the reader: a NUL character in any string
(PostgreSQL cannot store one; `card_problems` names the card and field), and
JSON nested deeper than settings.LIMITS["JSON_MAX_DEPTH"] inside a card or set
value (`read_card_file` measures the nesting on the text, before parsing, and
names the line, column, card and field).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from catalog import vocab
from catalog.text import fold
from core.jsonlimits import has_nul, max_depth

# Key order of docs/card-data.md; `dump_card_file` writes keys in this order.
FILE_KEYS = ("game", "set", "cards")
SET_KEYS = (
    "code", "name", "name_en", "release_year", "symbol", "position", "provenance", "description",
    "description_en",
)  # fmt: skip
CARD_KEYS = (
    "code", "number", "name", "name_en", "type", "subtypes", "rarity", "cost", "attack",
    "defense", "glory_bonus", "helper_mark", "text", "text_en", "flavor", "letter", "shape",
    "digit", "group", "next_group", "effects", "provenance", "reconstructed_fields",
)  # fmt: skip

# The one rule for set and card codes; decks.codec reads these patterns too. A set
# code goes into card codes, deck codes and a text list's set hint "(AF1) 54", which
# read no "-" in it; a card code is a set code, "-" and up to 8 letters and digits:
# the card pages' URL converter (catalog/urls.py) reads exactly one "-", the catalog
# search's `code:` at most 8 characters on either side of it.
SET_CODE_PATTERN = "[A-Z0-9]{1,8}"
CARD_CODE_PATTERN = f"{SET_CODE_PATTERN}-[A-Z0-9]{{1,8}}"
CARD_CODE = re.compile(CARD_CODE_PATTERN)  # fullmatch: "$" would let a final "\n" through
SET_CODE = re.compile(SET_CODE_PATTERN)

# Column sizes of catalog/models.py, checked here so that a long value is a
# problem in the report instead of a database error in the middle of a load.
CODE_MAX = 32
SET_CODE_MAX = 16
NAME_MAX = 200
SYMBOL_MAX = 16
SMALLINT = (-32768, 32767)

# The value kind of every card and set key:
#   str: a string; text: a string, may be empty; str?: a non-empty string or null;
#   int: a whole number; int?: a whole number or null; strs: a list of strings;
#   effects: a list or an object.
CARD_KINDS = {
    "code": "str", "number": "int", "name": "str", "name_en": "str?", "type": "str",
    "subtypes": "strs", "rarity": "str?", "cost": "int?", "attack": "int?", "defense": "int?",
    "glory_bonus": "int?", "helper_mark": "str?", "text": "text", "text_en": "text",
    "flavor": "text", "letter": "str?", "shape": "str?", "digit": "int?", "group": "str?",
    "next_group": "str?", "effects": "effects", "provenance": "str",
    "reconstructed_fields": "strs",
}  # fmt: skip
SET_KINDS = {
    "code": "str", "name": "str", "name_en": "str?", "release_year": "int?", "symbol": "text",
    "position": "int", "provenance": "str", "description": "text", "description_en": "text",
}  # fmt: skip

_KIND_NAMES = {
    "str": "a non-empty string",
    "text": "a string",
    "str?": "a non-empty string or null",
    "int": "a whole number",
    "int?": "a whole number or null",
    "strs": "a list of strings",
    "effects": "a list or an object",
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the card data, located as precisely as known."""

    file: str
    code: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        return ": ".join(part for part in (self.file, self.code, self.field, self.message) if part)


@dataclass(frozen=True)
class CardFileData:
    """A card file that parsed and has the top-level shape; its values may still have problems."""

    file: str  # the name shown in problems
    game: str
    set: dict
    cards: list[dict]


# --- values ------------------------------------------------------------------


def _kind_ok(value: object, kind: str) -> bool:
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str) and value != ""
    if kind == "text":
        return isinstance(value, str)
    if kind == "str?":
        return value is None or (isinstance(value, str) and value != "")
    if kind == "int":
        return is_int
    if kind == "int?":
        return value is None or is_int
    if kind == "strs":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "effects":
        return isinstance(value, list | dict)
    raise ValueError(kind)


NUL_MESSAGE = "contains the NUL character (\\u0000), which the database cannot store"


def _shown_code(code: str) -> str:
    # A code is printed in every problem of its card; a NUL would reach the terminal.
    return code.replace("\x00", "\\u0000")


def _keys_problems(
    record: dict, kinds: dict[str, str], *, code: str | None, prefix: str = ""
) -> tuple[list[Problem], set[str]]:
    """Missing, unknown and wrongly typed keys, and NUL characters in values.

    Returns the keys that are safe to check further.
    """
    problems = []
    for key in record:
        if key not in kinds:
            shown = _shown_code(key) if isinstance(key, str) else key
            problems.append(Problem("", code, f"{prefix}{shown}", "unknown key"))
    good = set()
    for key, kind in kinds.items():
        if key not in record:
            problems.append(Problem("", code, f"{prefix}{key}", "missing"))
        elif has_nul(record[key]):
            problems.append(Problem("", code, f"{prefix}{key}", NUL_MESSAGE))
        elif not _kind_ok(record[key], kind):
            got = json.dumps(record[key], ensure_ascii=False)
            if len(got) > 40:
                got = got[:37] + "..."
            problems.append(
                Problem("", code, f"{prefix}{key}", f"must be {_KIND_NAMES[kind]}, not {got}")
            )
        else:
            good.add(key)
    return problems, good


def _article(word: str) -> str:
    return "an" if fold(word)[:1] in ("a", "e", "i", "o", "u") else "a"


def _game_label(game: str) -> str:
    return vocab.GAMES.label(game, "hu")


# --- cards -------------------------------------------------------------------


def card_problems(card: dict, *, game: str | None) -> list[Problem]:
    """Everything wrong with one card record; [] when it is valid.

    `game` is the id of the game the card belongs to; with None only the
    game-independent checks run. The problems' `file` is left empty.
    """
    if not isinstance(card, dict):
        return [Problem("", None, None, "a card must be an object")]
    code = card.get("code") if isinstance(card.get("code"), str) and card.get("code") else None
    code = _shown_code(code) if code else None
    problems, good = _keys_problems(card, CARD_KINDS, code=code)

    def add(field: str, message: str) -> None:
        problems.append(Problem("", code, field, message))

    def value(key: str) -> object:
        """The value of a well-typed key, else None (its problem is already reported)."""
        return card[key] if key in good else None

    # -- format and range
    if value("code") is not None:
        if len(card["code"]) > CODE_MAX:
            add("code", f"longer than {CODE_MAX} characters")
        elif not CARD_CODE.fullmatch(card["code"]):
            add(
                "code",
                "must be a set code (up to 8 capital letters and digits), '-' and up to 8 "
                "capital letters and digits, like AF1-001",
            )
    if value("number") is not None and card["number"] < 0:
        add("number", "must not be negative")
    for key in ("name", "name_en"):
        if value(key) is not None and len(card[key]) > NAME_MAX:
            add(key, f"longer than {NAME_MAX} characters")
    if value("cost") is not None and card["cost"] < 0:
        add("cost", "must not be negative")
    for key in ("cost", "attack", "defense", "glory_bonus"):
        number = value(key)
        if number is not None and not SMALLINT[0] <= number <= SMALLINT[1]:
            add(key, "out of range")

    # -- vocabularies shared by all games
    if value("rarity") is not None and card["rarity"] not in vocab.RARITIES.ids():
        add("rarity", f"unknown rarity {card['rarity']!r}")
    if value("helper_mark") is not None and card["helper_mark"] not in vocab.HELPER_MARKS:
        add("helper_mark", f"must be one of {', '.join(vocab.HELPER_MARKS)} or null")
    if value("letter") is not None and card["letter"] not in vocab.LETTERS:
        add("letter", f"must be a letter {vocab.LETTERS[0]}–{vocab.LETTERS[-1]} or null")
    if value("shape") is not None and card["shape"] not in vocab.SHAPES.ids():
        add("shape", f"unknown shape {card['shape']!r}")
    if value("digit") is not None and not 0 <= card["digit"] <= 9:
        add("digit", "must be 0–9 or null")
    for key in ("group", "next_group"):
        if value(key) is not None and card[key] not in vocab.GROUPS.ids():
            add(key, f"unknown group {card[key]!r}")
    if value("provenance") is not None and card["provenance"] not in vocab.PROVENANCES:
        add("provenance", f"must be one of {', '.join(vocab.PROVENANCES)}")
    if value("reconstructed_fields") is not None:
        for key in card["reconstructed_fields"]:
            if key not in CARD_KINDS:
                add("reconstructed_fields", f"{key!r} is not a card key")
    if value("subtypes") is not None and len(set(card["subtypes"])) != len(card["subtypes"]):
        add("subtypes", "lists a subtype twice")

    # -- the game's rules
    if game is None:
        if value("type") is not None and card["type"] not in vocab.TYPES.ids():
            add("type", f"unknown type {card['type']!r}")
        for subtype in value("subtypes") or ():
            if subtype not in vocab.SUBTYPES.ids():
                add("subtypes", f"unknown subtype {subtype!r}")
        return _in_key_order(problems)
    rules = vocab.RULES.get(game)
    if rules is None:
        add("game", f"unknown game {game!r}")
        return problems
    label = _game_label(game)
    card_type = value("type")
    if card_type is not None and card_type not in rules.types:
        add("type", f"{card_type!r} is not a type of {label}")
        card_type = None
    for subtype in value("subtypes") or ():
        if subtype not in rules.subtypes:
            add("subtypes", f"{subtype!r} is not a subtype of {label}")
    for key in sorted(rules.required_fields):
        if key in good and card[key] is None:
            add(key, f"{label} cards must have a {key}")
    for key in sorted(rules.foreign_fields, key=CARD_KEYS.index):
        if key in card and card[key] is not None:
            add(key, f"{label} cards have no {key}; it must be null")
    for key, types in rules.fields_by_type.items():
        if key in rules.foreign_fields or card_type is None or card_type in types:
            continue
        if key in card and card[key] is not None:
            type_label = vocab.TYPES.label(card_type, "hu")
            add(key, f"{_article(type_label)} {type_label} card cannot have {key}")
    return _in_key_order(problems)


def _in_key_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: CARD_KEYS.index(p.field) if p.field in CARD_KEYS else -1)


def set_problems(card_set: object) -> list[Problem]:
    """Everything wrong with a file's `set` object; fields are named `set.<key>`."""
    if not isinstance(card_set, dict):
        return [Problem("", None, "set", "must be an object")]
    problems, good = _keys_problems(card_set, SET_KINDS, code=None, prefix="set.")

    def add(key: str, message: str) -> None:
        problems.append(Problem("", None, f"set.{key}", message))

    if "code" in good:
        if len(card_set["code"]) > SET_CODE_MAX:
            add("code", f"longer than {SET_CODE_MAX} characters")
        elif not SET_CODE.fullmatch(card_set["code"]):
            add("code", "must be capital letters and digits, at most 8 and no '-', like AF1")
    for key in ("name", "name_en"):
        if key in good and card_set[key] is not None and len(card_set[key]) > NAME_MAX:
            add(key, f"longer than {NAME_MAX} characters")
    if "symbol" in good and len(card_set["symbol"]) > SYMBOL_MAX:
        add("symbol", f"longer than {SYMBOL_MAX} characters")
    for key in ("release_year", "position"):
        if key in good and card_set[key] is not None and not 0 <= card_set[key] <= SMALLINT[1]:
            add(key, "out of range")
    if "provenance" in good and card_set["provenance"] not in vocab.PROVENANCES:
        add("provenance", f"must be one of {', '.join(vocab.PROVENANCES)}")
    return problems


def cards_problems(cards: list, *, game: str | None) -> list[Problem]:
    """`card_problems` for each card, plus codes and numbers used twice in the list."""
    problems = []
    seen_codes: dict[str, int] = {}
    seen_numbers: dict[int, str] = {}
    for index, card in enumerate(cards):
        found = card_problems(card, game=game)
        if not isinstance(card, dict):
            found = [Problem("", f"cards[{index}]", None, p.message) for p in found]
        problems.extend(found)
        if not isinstance(card, dict):
            continue
        code = card.get("code")
        label = code if isinstance(code, str) and code else f"cards[{index}]"
        if isinstance(code, str) and code:
            if code in seen_codes:
                problems.append(Problem("", code, "code", "used by more than one card"))
            seen_codes.setdefault(code, index)
        number = card.get("number")
        if isinstance(number, int) and not isinstance(number, bool):
            if number in seen_numbers:
                problems.append(
                    Problem(
                        "",
                        label,
                        "number",
                        f"{number} is also the number of {seen_numbers[number]}",
                    )
                )
            else:
                seen_numbers[number] = label
    return problems


# --- files -------------------------------------------------------------------


def read_card_file(
    path: str | Path, *, display: str | None = None
) -> tuple[CardFileData | None, list[Problem]]:
    """Parse and check one card file.

    Returns the data (None when the file cannot be read or lacks the
    top-level shape) and every problem found; the data is safe to load only
    when the list is empty. `display` is the file name shown in problems
    (default: `path` as given).
    """
    name = display if display is not None else str(path)

    def located(problems: list[Problem]) -> list[Problem]:
        return [Problem(name, p.code, p.field, p.message) for p in problems]

    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        return None, [Problem(name, None, None, f"not UTF-8 text (byte {error.start})")]
    except OSError as error:
        return None, [Problem(name, None, None, f"cannot be read: {error.strerror or error}")]
    limit = max_depth()
    deep = too_deep(text, limit + _CARD_VALUE_DEPTH)
    if deep is not None:
        return None, [Problem(name, deep.code, deep.field, deep.message(text, limit))]
    try:
        raw = json.loads(text)  # safe now: the nesting is bounded
    except json.JSONDecodeError as error:
        message = f"line {error.lineno}, column {error.colno}: invalid JSON: {error.msg}"
        return None, [Problem(name, None, None, message)]

    if not isinstance(raw, dict):
        return None, [Problem(name, None, None, "must be a JSON object with game, set and cards")]
    problems = [Problem(name, None, key, "unknown key") for key in raw if key not in FILE_KEYS]
    problems += [Problem(name, None, key, "missing") for key in FILE_KEYS if key not in raw]
    if problems:
        return None, problems
    game, card_set, cards = raw["game"], raw["set"], raw["cards"]
    if not isinstance(game, str) or game not in vocab.GAMES.ids():
        known = ", ".join(sorted(vocab.GAMES.ids()))
        problems.append(Problem(name, None, "game", f"unknown game {game!r} (known: {known})"))
        game = None
    if not isinstance(cards, list):
        problems.append(Problem(name, None, "cards", "must be a list"))
        return None, problems
    problems += located(set_problems(card_set))
    problems += located(cards_problems(cards, game=game))
    if game is None or not isinstance(card_set, dict):
        return None, problems
    return CardFileData(file=name, game=game, set=card_set, cards=cards), problems


# A card's values sit three levels down: the file's object, "cards", the card.
_CARD_VALUE_DEPTH = 3
# Strings (a key when a colon follows) and brackets: all that nesting depends on.
# The string pattern is the "unrolled" form: '"(?:[^"\\]|\\.)*"' would make
# the regex engine keep a backtracking state per character of a string.
_JSON_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?|[\[\]{}]', re.DOTALL)


@dataclass(frozen=True)
class DeepSpot:
    """Where a JSON text first nests too deep, and the card and field that hold the spot."""

    offset: int
    code: str | None
    field: str | None

    def message(self, text: str, limit: int) -> str:
        line = text.count("\n", 0, self.offset) + 1
        column = self.offset - (text.rfind("\n", 0, self.offset) + 1) + 1
        return f"line {line}, column {column}: nested more than {limit} levels deep"


def _unquote(lexeme: str) -> str:
    try:
        return _shown_code(json.loads(lexeme))
    except ValueError:
        return lexeme.strip('"')


def too_deep(text: str, limit: int) -> DeepSpot | None:
    """The first spot where the arrays and objects of a JSON text nest deeper than `limit`.

    Measured on the text, without recursion: json.loads recurses once per
    level, so a file nested deep enough would crash it (RecursionError)
    instead of getting an answer. Inside a card file's "cards" the spot is
    named by its card's code (when it came before) and the card's key; in its
    "set", by "set.<key>".
    """
    keys: list[str | None] = []  # the key each open container is the value of
    key: str | None = None  # the last key read in the innermost object
    code: str | None = None  # the code of the card being read
    for token in _JSON_TOKEN.finditer(text):
        lexeme = token.group()
        if lexeme[0] == '"':
            if token.group(1):
                key = _unquote(lexeme[: len(lexeme) - len(token.group(1))])
            elif key == "code" and len(keys) == _CARD_VALUE_DEPTH and keys[1] == "cards":
                code = _unquote(lexeme)
            continue
        if lexeme in "[{":
            keys.append(key)
            key = None
            if len(keys) > limit:
                return DeepSpot(token.start(), code, _field_at(keys))
        elif keys:  # an unbalanced closing bracket is json.loads's to report
            key = keys.pop()
            if len(keys) < _CARD_VALUE_DEPTH:
                code = None
    return None


def _field_at(keys: list[str | None]) -> str | None:
    if len(keys) > _CARD_VALUE_DEPTH and keys[1] == "cards":
        return keys[_CARD_VALUE_DEPTH]
    if len(keys) > 2 and keys[1] == "set" and keys[2] is not None:
        return f"set.{keys[2]}"
    return keys[1] if len(keys) > 1 else None


def _ordered(record: dict, keys: tuple[str, ...]) -> dict:
    out = {key: record[key] for key in keys if key in record}
    out.update((key, value) for key, value in record.items() if key not in out)
    return out


def dump_card_file(data: dict) -> str:
    """The text of a card file: keys in the order of docs/card-data.md, 2-space indent, newline."""
    top = _ordered(data, FILE_KEYS)
    if isinstance(top.get("set"), dict):
        top["set"] = _ordered(top["set"], SET_KEYS)
    if isinstance(top.get("cards"), list):
        top["cards"] = [_ordered(c, CARD_KEYS) if isinstance(c, dict) else c for c in top["cards"]]
    return json.dumps(top, ensure_ascii=False, indent=2) + "\n"
