"""Deck lists in and out: plain text, a JSON file and a short shareable deck code.

Pure: card records (docs/card-data.md) and `Entry` lists in, `Entry` lists and
bilingual line errors out. Reading never raises on what a user typed or pasted:
every problem becomes a `LineError`, and the caller saves nothing while any
exist. Two exceptions: every reader raises `ListTooLarge` for input over its
`ListLimits` (the work of reading a list grows with its size, so an oversized
list is refused whole; characters, card lines and JSON items are counted
before any card is looked up, a deck code's entries as they are decoded), and
`decode_deck_code` raises `DeckCodeError`, because a damaged code has no
lines to point at.

Cards are found through a `CardLookup`; `RecordLookup` is the plain in-memory
one over a game's card records.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Protocol

from rapidfuzz import fuzz, process

from catalog.cardfile import CARD_CODE_PATTERN, SET_CODE_PATTERN
from catalog.collation import name_order
from catalog.text import fold_words
from catalog.vocab import GAME_IDS, GAMES, TYPES
from core.bilingual import BilingualError
from decks.entries import MAIN, SIDE, Entry, display_name

# The one bound of a card's count, for every reader and for decks.services.
MIN_COUNT, MAX_COUNT = 1, 99
SUGGEST_CUTOFF = 60
SUGGEST_SPREAD = 25  # a suggestion this far below the best one is noise
BOARDS = (MAIN, SIDE)


@dataclass(frozen=True)
class ListLimits:
    """How much one list may hold. The site passes settings.LIMITS (decks.limits)."""

    max_lines: int = 500  # lines that name a card; blank, comment and header lines are free
    max_chars: int = 50_000
    max_entries: int = 500  # different (card, board) pairs, unknown cards included


DEFAULT_LIMITS = ListLimits()


class ListTooLarge(BilingualError):
    """A list over one of its limits, refused whole. `code` names the limit, `limit` is it."""

    def __init__(self, code: str, limit: int, message_hu: str, message_en: str) -> None:
        super().__init__(code, message_hu, message_en)
        self.limit = limit


def _too_many_chars(limit: int, found: int) -> ListTooLarge:
    return ListTooLarge(
        "list_too_long",
        limit,
        f"Egy lista legfeljebb {limit} karakteres lehet; ez {found} karakter.",
        f"A list may be at most {limit} characters long; this one has {found}.",
    )


def _too_many_lines(limit: int, found: int) -> ListTooLarge:
    return ListTooLarge(
        "too_many_lines",
        limit,
        f"Egy listában legfeljebb {limit} lapot megnevező sor lehet; ebben {found} van.",
        f"A list may have at most {limit} card lines; this one has {found}.",
    )


def _too_many_entries(limit: int, found: int | None = None) -> ListTooLarge:
    more_hu = f"; ebben {found} van" if found is not None else ", ebben több van"
    more_en = f"; this one has {found}" if found is not None else "; this one has more"
    return ListTooLarge(
        "too_many_entries",
        limit,
        f"Egy pakliban legfeljebb {limit} különböző tétel (lap a paklin vagy az oldalpaklin) "
        f"lehet{more_hu}.",
        f"A deck may hold at most {limit} different entries (a card on the main deck or the "
        f"side board){more_en}.",
    )


def check_size(text: str, limits: ListLimits = DEFAULT_LIMITS) -> None:
    """Raise ListTooLarge if a pasted list is over `limits`; reads no card.

    `parse_text` does the same checks; forms call this to put the message on
    their field.
    """
    check_chars(text, limits)
    _check_lines(_card_lines(text), limits)


def check_chars(text: str | bytes, limits: ListLimits = DEFAULT_LIMITS) -> None:
    """Raise ListTooLarge for a text (a list, a JSON file, a code) over `limits.max_chars`."""
    if len(text) > limits.max_chars:
        raise _too_many_chars(limits.max_chars, len(text))


# -- finding cards -----------------------------------------------------------


class CardLookup(Protocol):
    """Where the readers find cards; every method answers None / [] for no match."""

    def by_code(self, code: str) -> dict | None:
        """The card with this code, case-blind ("af1-001" finds AF1-001)."""

    def by_name(self, name: str, *, set_code: str | None = None) -> dict | None:
        """The card with exactly this Hungarian or English name, ignoring accents,
        case and spaces; with `set_code`, that set's printing is preferred."""

    def by_set_number(self, set_code: str, number: int) -> dict | None:
        """The card with this collector number in this set."""

    def suggest(self, name: str, limit: int = 3, language: str = "hu") -> list[str]:
        """Up to `limit` names of the cards closest to `name`, best first, each in
        `language` ("en": the English name, else the Hungarian one)."""

    def other_game(self, text: str) -> dict | None:
        """The card of another game that has this code or exactly this name, if one does."""


def card_set_code(card: dict) -> str:
    """The set code of a card record: its "set" key, else the prefix of its code."""
    set_value = card.get("set")
    if isinstance(set_value, dict):
        set_value = set_value.get("code")
    if isinstance(set_value, str) and set_value:
        return set_value
    return str(card["code"]).split("-", 1)[0]


def _name_key(name: str | None) -> str:
    """Accent-, case-, punctuation- and space-blind: "Éjlépő  Kajtár" -> "ejlepokajtar"."""
    return fold_words(name).replace(" ", "")


class RecordLookup:
    """A `CardLookup` over a list of card records, all in memory.

    Give it one game's records: names repeat across games (Villámcsapás is both
    an Álomfogó and an Arcane Guardian card), and a name finds the first
    matching record, Hungarian names before English ones.
    """

    def __init__(self, records: Iterable[dict], *, elsewhere: Iterable[dict] = ()) -> None:
        """`elsewhere`: other games' cards, only to say that a name or code is one of theirs."""
        self.records = list(records)
        self._elsewhere = RecordLookup(elsewhere) if elsewhere else None
        self._codes: dict[str, dict] = {}
        self._numbers: dict[tuple[str, int], dict] = {}
        self._names: dict[str, list[dict]] = {}
        choices: dict[str, dict] = {}  # folded name -> the first card that has it
        for record in self.records:
            self._codes.setdefault(str(record["code"]).upper(), record)
            number = record.get("number")
            if isinstance(number, int):
                self._numbers.setdefault((card_set_code(record).upper(), number), record)
        for key in ("name", "name_en"):
            for record in self.records:
                name = record.get(key)
                if not name:
                    continue
                same_name = self._names.setdefault(_name_key(name), [])
                if not any(r is record for r in same_name):
                    same_name.append(record)
                choices.setdefault(fold_words(name), record)
        self._choice_keys = list(choices)
        self._choice_cards = list(choices.values())
        self._last: tuple[tuple[str, int] | None, list[int]] = (None, [])

    def by_code(self, code: str) -> dict | None:
        return self._codes.get(code.strip().upper())

    def by_name(self, name: str, *, set_code: str | None = None) -> dict | None:
        found = self._names.get(_name_key(name))
        if not found:
            return None
        if set_code:
            wanted = set_code.strip().upper()
            for record in found:
                if card_set_code(record).upper() == wanted:
                    return record
        return found[0]

    def by_set_number(self, set_code: str, number: int) -> dict | None:
        return self._numbers.get((set_code.strip().upper(), number))

    def suggest(self, name: str, limit: int = 3, language: str = "hu") -> list[str]:
        # Matched against every name, offered in the page's language: a Hungarian page
        # offered "Lightning Strike" for "Lightning Strik" (the card is Villámcsapás).
        names: list[str] = []
        for index in self._closest(fold_words(name)[:100], limit):
            shown = display_name(self._choice_cards[index], language)
            if shown not in names:
                names.append(shown)
        return names

    def _closest(self, query: str, limit: int) -> list[int]:
        """Indexes of the names closest to `query`; the last answer is kept, as the
        readers ask for the same name in both languages."""
        if self._last[0] == (query, limit):
            return self._last[1]
        found = []
        if query and limit > 0:
            # token_set_ratio: word order and extra words do not matter ("kajtar" finds
            # "Éjlépő Kajtár"), and a short query gets no chance matches, unlike WRatio
            found = process.extract(
                query,
                self._choice_keys,
                scorer=fuzz.token_set_ratio,
                limit=limit,
                score_cutoff=SUGGEST_CUTOFF,
            )
        best = found[0][1] if found else 0
        indexes = [index for _, score, index in found if score >= best - SUGGEST_SPREAD]
        self._last = ((query, limit), indexes)
        return indexes

    def other_game(self, text: str) -> dict | None:
        if self._elsewhere is None:
            return None
        return self._elsewhere.by_code(text) or self._elsewhere.by_name(text)


# -- results -----------------------------------------------------------------


@dataclass(frozen=True)
class LineError:
    """A problem with one line (text) or one item (JSON, deck code); line_no counts from 1."""

    line_no: int
    line: str
    message_hu: str
    message_en: str
    suggestions: list[str] = field(default_factory=list)
    # The text on the line that named no card, and the message without its
    # "Did you mean …?": a page that offers the suggestions as buttons shows these.
    name: str = ""
    reason_hu: str = ""
    reason_en: str = ""
    # `suggestions` name the cards in Hungarian; these are the same cards' English names.
    suggestions_en: list[str] = field(default_factory=list)

    def suggested(self, language: str) -> list[str]:
        """The suggested names in `language`."""
        return (self.suggestions_en or self.suggestions) if language == "en" else self.suggestions

    def message(self, language: str) -> str:
        return self.message_en if language == "en" else self.message_hu

    def reason(self, language: str) -> str:
        """The message without the suggestions, for a page that shows them as choices."""
        if not self.suggestions:
            return self.message(language)
        return (self.reason_en if language == "en" else self.reason_hu) or self.message(language)

    def fixes(self, language: str = "hu") -> list[tuple[str, str]]:
        """(suggested name in `language`, the line with that name in place of the unknown one)."""
        if not self.name or self.name not in self.line:
            return []
        return [(name, self.line.replace(self.name, name, 1)) for name in self.suggested(language)]


@dataclass(frozen=True)
class DeckFacts:
    """What a deck file says of its deck besides the cards; "" where it says nothing usable."""

    game: str = ""  # one of GAME_IDS
    format: str = ""  # as written: the caller knows which formats the game has
    name: str = ""  # as written: the caller decides what a stored name may hold


@dataclass
class ParsedList:
    """What a reader understood: entries (copies of one card on one board added up,
    unknown cards kept with card None), the problems found and, from a deck file,
    its game, format and name."""

    entries: list[Entry] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    facts: DeckFacts = field(default_factory=DeckFacts)

    @property
    def ok(self) -> bool:
        return not self.errors


class _Collector:
    """Adds up entries of the same card and board, keeping first-seen order.

    With a limit, an entry that would take a card past it is refused (add gives
    False) and reported against `line_no`. With `max_entries`, one entry more
    than that raises ListTooLarge.
    """

    def __init__(self, limit: int | None = MAX_COUNT, max_entries: int | None = None) -> None:
        self.result = ParsedList()
        self.limit = limit
        self.max_entries = max_entries
        self._index: dict[tuple[str, str], int] = {}

    def _append(self, entry: Entry) -> None:
        if self.max_entries is not None and len(self.result.entries) >= self.max_entries:
            raise _too_many_entries(self.max_entries)
        self.result.entries.append(entry)

    def add(self, entry: Entry, line_no: int = 0) -> bool:
        if entry.card is None:
            self._append(entry)
            return True
        key = (entry.card["code"], entry.board)
        at = self._index.get(key)
        if at is None:
            self._append(entry)
            self._index[key] = len(self.result.entries) - 1
            return True
        known = self.result.entries[at]
        total = known.count + entry.count
        if self.limit is not None and total > self.limit:
            self.error(_too_many(line_no, entry.line or "", entry.card, total))
            return False
        self.result.entries[at] = replace(known, count=total)
        return True

    def error(self, error: LineError) -> None:
        self.result.errors.append(error)


# -- messages ----------------------------------------------------------------


def _shown(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _alternatives(names: list[str], word: str) -> str:
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {word} {names[-1]}"


Suggestions = tuple[list[str], list[str]]  # the same cards' Hungarian and English names
NO_SUGGESTIONS: Suggestions = ([], [])


def suggestions_for(lookup: CardLookup, name: str) -> Suggestions:
    """The names closest to `name`, in Hungarian and in English."""
    return lookup.suggest(name, language="hu"), lookup.suggest(name, language="en")


def _suggesting(
    line_no: int, line: str, name: str, hu: str, en: str, suggestions: Suggestions
) -> LineError:
    names_hu, names_en = suggestions
    full_hu, full_en = hu, en
    if names_hu:
        full_hu += f" Erre gondoltál: {_alternatives(names_hu, 'vagy')}?"
        full_en += f" Did you mean {_alternatives(names_en or names_hu, 'or')}?"
    return LineError(line_no, line, full_hu, full_en, names_hu, name, hu, en, names_en)


def _unknown_name(line_no: int, line: str, name: str, suggestions: Suggestions) -> LineError:
    hu = f"Nincs „{_shown(name)}” nevű lap."
    en = f"There is no card called “{_shown(name)}”."
    return _suggesting(line_no, line, name, hu, en, suggestions)


def _unknown_code(line_no: int, line: str, code: str, suggestions: Suggestions) -> LineError:
    hu = f"Nincs „{_shown(code)}” kódú lap."
    en = f"No card has the code “{_shown(code)}”."
    return _suggesting(line_no, line, code, hu, en, suggestions)


def other_game_card(line_no: int, line: str, text: str, card: dict) -> LineError:
    """`text` (as typed on the line) names `card`, a card of another game than the list's."""
    shown, game = _shown(text), card.get("game", "")
    return LineError(
        line_no,
        line,
        f"„{shown}” egy másik játék lapja: {GAMES.label(game, 'hu')}.",
        f"“{shown}” is a card of another game: {GAMES.label(game, 'en')}.",
    )


def _unreadable(
    line_no: int, line: str, suggestions: list[str] | None = None, name: str = ""
) -> LineError:
    shown = _shown(line)
    return LineError(
        line_no,
        line,
        f"Ezt a sort nem tudtuk értelmezni: „{shown}”. Írd előre a darabszámot, utána a "
        "lap nevét vagy kódját, például „3 Éjlépő Kajtár” vagy „3x AF1-001”.",
        f"Can't read this line: “{shown}”. Put the count first, then the card's name "
        "or code, for example “3 Kajtár Nightstepper” or “3x AF1-001”.",
        suggestions or [],
        name,
    )


def _too_many(line_no: int, line: str, card: dict, total: int) -> LineError:
    return LineError(
        line_no,
        line,
        f"Ezzel a sorral összesen {total} lenne ebből a lapból: {display_name(card, 'hu')}. "
        f"Egy lapból legfeljebb {MAX_COUNT} lehet.",
        f"With this line there would be {total} copies of {display_name(card, 'en')}; "
        f"the most a list can hold is {MAX_COUNT}.",
    )


def _other_digit(line_no: int, line: str, digit: str) -> LineError:
    return LineError(
        line_no,
        line,
        f"Ebben a sorban „{digit}” áll: a darabszámot és a kódot a 0–9 számjegyekkel írd.",
        f"This line has “{digit}”: write counts and codes with the digits 0–9.",
    )


def _bad_count(line_no: int, line: str, count_text: str) -> LineError:
    shown = _shown(count_text, 12)
    return LineError(
        line_no,
        line,
        f"A darabszám {MIN_COUNT} és {MAX_COUNT} között lehet, itt {shown} áll.",
        f"The count must be from {MIN_COUNT} to {MAX_COUNT}; this line says {shown}.",
    )


# -- plain text --------------------------------------------------------------

_COMMENT = re.compile(r"(?:#|//).*$")
_BULLET = re.compile(r"^[-*•]\s+")
_LEAD_MARKED = re.compile(r"^([+-]?[0-9]+)\s*(?:[x×]|db\b\.?)\s*(.*)$", re.IGNORECASE)
_LEAD_PLAIN = re.compile(r"^([+-]?[0-9]+)(?:\s+(.*))?$")
_TRAIL = re.compile(r"^(.*?\S)\s*(?:[x×]\s*([+-]?[0-9]+)|\s([+-]?[0-9]+)\s*[x×])$", re.IGNORECASE)
# "Jégszem Soyana (AF1)" or "Szintlépés (AG) 54": a set hint, maybe a collector number
_COUNT_ONLY = re.compile(r"^[x×]\s*[+-]?[0-9]+$", re.IGNORECASE)
_SET_HINT = re.compile(r"^(.*?\S)\s*\(\s*([A-Za-z0-9]{1,12})\s*\)\s*([0-9]{1,6})?$")
# What reads as a card's code: the loader's rule (catalog.cardfile), case-blind
_CARD_CODE = re.compile(f"(?i:{CARD_CODE_PATTERN})")
# What is worded as a code when no card has it ("AF1-001", not "Anti-Magic")
_CODE = re.compile(r"^[A-Za-z]{1,8}[0-9]{0,3}-[A-Za-z]{0,3}[0-9]{1,5}$")
_HEADER_COUNT = re.compile(r"\(\s*[0-9]*\s*\)")
_SIDE_WORDS = {"side", "sideboard", "sb", "oldalpakli", "oldal", "tartalek", "tartalekpakli"}
_MAIN_WORDS = {"main", "maindeck", "mainboard", "deck", "pakli", "fopakli", "fodeck"}


def _header_board(text: str) -> str | None:
    key = _name_key(_HEADER_COUNT.sub(" ", text))
    if key in _SIDE_WORDS:
        return SIDE
    if key in _MAIN_WORDS:
        return MAIN
    return None


def _count_value(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 6:  # int() of thousands of digits is slow and may refuse
        return sign * 10**6
    return sign * int(digits)


def _find(name_text: str, lookup: CardLookup) -> tuple[dict | None, str]:
    """The card a name (or code) means, and the name to report when none matches."""
    hint = _SET_HINT.match(name_text)
    if hint:
        base, set_code, number = hint.groups()
        if number:
            card = lookup.by_set_number(set_code, int(number))
            if card and _name_key(base) in (
                _name_key(card.get("name")),
                _name_key(card.get("name_en")),
                _name_key(card.get("code")),
            ):
                return card, base
        card = _find_plain(base, lookup, set_code)
        if card:
            return card, base
    card = _find_plain(name_text, lookup, None)
    if card or not hint:
        return card, name_text
    return None, hint.group(1)


def _find_plain(text: str, lookup: CardLookup, set_code: str | None) -> dict | None:
    if _CARD_CODE.fullmatch(text):
        card = lookup.by_code(text)
        if card:
            return card
    if set_code:
        return lookup.by_name(text, set_code=set_code)
    return lookup.by_name(text)


def _read_card_line(
    text: str, line_no: int, raw: str, board: str, lookup: CardLookup, out: _Collector
) -> None:
    # Only the digits 0-9 are read. Any other is refused wherever it stands: names
    # are compared folded, which made "３" a 3 and dropped "٣" ("٣ Éjlépő Kajtár"
    # was one copy, its count lost without a word).
    other_digit = next((c for c in text if c.isdigit() and not c.isascii()), None)
    if other_digit is not None:
        out.error(_other_digit(line_no, raw, other_digit))
        return
    lead = _LEAD_MARKED.match(text) or _LEAD_PLAIN.match(text)
    if lead:
        count_text = lead.group(1)
        names = []
        for pattern in (_LEAD_MARKED, _LEAD_PLAIN):
            found = pattern.match(text)
            if found and found.group(2) and found.group(2) not in names:
                names.append(found.group(2))
        if not names or not fold_words(names[0]):
            out.error(_unreadable(line_no, raw))
            return
        count = _count_value(count_text)
        if not MIN_COUNT <= count <= MAX_COUNT:
            out.error(_bad_count(line_no, raw, count_text))
            return
        reported = names[0]
        for name in names:
            card, shown = _find(name, lookup)
            if card:
                out.add(Entry(card, count, board, raw), line_no)
                return
            if name is names[0]:
                reported = shown
        _report_unknown(line_no, raw, reported, count, board, lookup, out)
        return

    if not fold_words(text) or _COUNT_ONLY.match(text):
        out.error(_unreadable(line_no, raw))
        return
    card, shown = _find(text, lookup)
    if card:
        out.add(Entry(card, 1, board, raw), line_no)
        return
    trail = _TRAIL.match(text)
    if trail:
        # "Éjlépő Kajtár x3" is fine; "abc 3x" names nothing, so the line is unreadable
        name, count_text = trail.group(1), trail.group(2) or trail.group(3)
        card, trail_shown = _find(name, lookup)
        if card:
            count = _count_value(count_text)
            if not MIN_COUNT <= count <= MAX_COUNT:
                out.error(_bad_count(line_no, raw, count_text))
            else:
                out.add(Entry(card, count, board, raw), line_no)
            return
        names_hu, names_en = suggestions_for(lookup, trail_shown)
        error = _unreadable(line_no, raw, names_hu, trail_shown)
        out.error(replace(error, suggestions_en=names_en))
        return
    _report_unknown(line_no, raw, shown, 1, board, lookup, out)


def _report_unknown(
    line_no: int, raw: str, name: str, count: int, board: str, lookup: CardLookup, out: _Collector
) -> None:
    elsewhere = lookup.other_game(name)
    if elsewhere is not None:
        out.error(other_game_card(line_no, raw, name, elsewhere))
    elif _CODE.match(name):
        out.error(_unknown_code(line_no, raw, name, NO_SUGGESTIONS))
    else:
        out.error(_unknown_name(line_no, raw, name, suggestions_for(lookup, name)))
    out.add(Entry(None, count, board, raw))


@dataclass(frozen=True)
class _CardLine:
    line_no: int
    raw: str
    content: str
    board: str


def _card_lines(text: str) -> list[_CardLine]:
    """The lines of a pasted list that name a card, with the board each is on.

    Blank lines, comments and board headers are read here and dropped; this
    pass looks up no card, so counting the lines costs little.
    """
    found = []
    board = MAIN
    for line_no, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        content = _BULLET.sub("", _COMMENT.sub("", raw).strip()).strip()
        if not content:
            continue
        header = _header_board(content)
        if header:
            board = header
            continue
        if ":" in content:
            # "Oldalpakli: 2 Hóförgeteg" switches board and carries a card
            head, rest = content.split(":", 1)
            header = _header_board(head)
            if header:
                board = header
                content = rest.strip()
        found.append(_CardLine(line_no, raw.strip(), content, board))
    return found


def _check_lines(lines: list[_CardLine], limits: ListLimits) -> None:
    if len(lines) > limits.max_lines:
        raise _too_many_lines(limits.max_lines, len(lines))


def parse_text(text: str, *, lookup: CardLookup, limits: ListLimits = DEFAULT_LIMITS) -> ParsedList:
    """Read a deck list typed or pasted by a person, one card per line.

    A line is a count and a card name or code ("3 Éjlépő Kajtár", "3x AF1-001",
    "3 x ejlepo kajtar"; no count means 1), optionally with a set hint
    ("1 Jégszem Soyana (AF1)") and a trailing "# comment" or "// comment".
    "Side board:", "Sideboard", "Oldalpakli:" start the side board; "Main",
    "Pakli:" go back to the main deck. Lines naming the same card add up.

    Raises ListTooLarge, before looking up any card, for a text over `limits`.
    """
    check_chars(text, limits)
    lines = _card_lines(text)
    _check_lines(lines, limits)
    out = _Collector(max_entries=limits.max_entries)
    for line in lines:
        _read_card_line(line.content, line.line_no, line.raw, line.board, lookup, out)
    return out.result


_TYPE_ORDER = {term.id: index for index, term in enumerate(TYPES.terms)}
_SIDE_HEADER = {"hu": "Oldalpakli:", "en": "Side board:"}


def _sort_key(card: dict, language: str) -> tuple:
    cost = card.get("cost")
    return (
        _TYPE_ORDER.get(card.get("type"), len(_TYPE_ORDER)),
        cost is None,
        cost if isinstance(cost, int) else 0,
        name_order(display_name(card, language), language),
        str(card["code"]),
    )


def _known_sorted(entries: Iterable[Entry], language: str) -> list[Entry]:
    """Known entries with copies of a card on a board added up, main first, sorted."""
    collector = _Collector(limit=None)
    for entry in entries:
        if entry.card is not None and entry.count > 0:
            collector.add(Entry(entry.card, entry.count, entry.board))
    return sorted(
        collector.result.entries,
        key=lambda e: (e.board != MAIN, _sort_key(e.card, language)),
    )


def export_text(
    entries: Iterable[Entry], language: str = "hu", *, lookup: CardLookup | None = None
) -> str:
    """The deck as lines "3 Éjlépő Kajtár": the main deck, then a side board header
    and the side board, each sorted by type, cost and name.

    Cards are named in `language`. A name shared by two cards of the list (or,
    with `lookup`, one that would read back as another card) gets its set and
    number, "1 Szintlépés (AG) 54", so the text reads back as the same cards.
    Entries for unknown cards are left out.
    """
    known = _known_sorted(entries, language)
    codes_by_name: dict[str, set[str]] = {}
    for entry in known:
        codes_by_name.setdefault(_name_key(display_name(entry.card, language)), set()).add(
            entry.card["code"]
        )

    def line(entry: Entry) -> str:
        card = entry.card
        name = display_name(card, language)
        ambiguous = len(codes_by_name[_name_key(name)]) > 1
        if not ambiguous and lookup is not None:
            found = lookup.by_name(name)
            ambiguous = found is None or found.get("code") != card["code"]
        if ambiguous and card.get("number") is not None:
            return f"{entry.count} {name} ({card_set_code(card)}) {card['number']}"
        return f"{entry.count} {name}"

    lines = [line(e) for e in known if e.board == MAIN]
    side = [line(e) for e in known if e.board != MAIN]
    if side:
        if lines:
            lines.append("")
        lines.append(_SIDE_HEADER.get(language, _SIDE_HEADER["hu"]))
        lines.extend(side)
    return "\n".join(lines) + "\n" if lines else ""


# -- JSON --------------------------------------------------------------------


def export_json(deck_meta: dict, entries: Iterable[Entry]) -> dict:
    """The deck as a JSON-safe dict: game, format, name and the cards (main first).

    Each card has its English name beside the Hungarian one (null where it has none), for
    a reader of English; `parse_json` reads the code and ignores both names' keys but "name".
    """
    return {
        "game": deck_meta.get("game"),
        "format": deck_meta.get("format"),
        "name": deck_meta.get("name"),
        "cards": [
            {
                "code": e.card["code"],
                "name": e.card["name"],
                "name_en": e.card.get("name_en") or None,
                "count": e.count,
                "board": e.board,
            }
            for e in _known_sorted(entries, "hu")
        ],
    }


def deck_file_facts(data: object) -> DeckFacts:
    """The game, format and name a deck file (the shape `export_json` writes) names.

    A value that is not a string, or a game this site does not know, is left
    out: the cards are what a file is read for.
    """
    if not isinstance(data, dict):
        return DeckFacts()

    def text(key: str) -> str:
        value = data.get(key)
        return value.strip() if isinstance(value, str) else ""

    game = text("game")
    game = game if game in GAME_IDS else ""
    return DeckFacts(game=game, format=text("format"), name=text("name"))


def _not_a_deck() -> LineError:
    return LineError(
        0,
        "",
        "Ez nem paklifájl: egy JSON objektumot vártunk, benne a lapok „cards” listájával.",
        "This is not a deck file: expected a JSON object with a “cards” list.",
    )


def parse_json(
    data: dict | str | bytes, *, lookup: CardLookup, limits: ListLimits = DEFAULT_LIMITS
) -> ParsedList:
    """Read the shape `export_json` writes (a dict, or its JSON text): its cards, and
    in `facts` the game, format and name it names (`deck_file_facts`).

    Each item is found by its code if it has one (a code wins over a name), else
    by its name; an unknown code or name is reported like a text line, with
    line_no the item's place in "cards" counting from 1.

    Raises ListTooLarge for a text longer than `limits.max_chars` or a "cards"
    list longer than `limits.max_entries`, before reading any item. Text from
    a visitor is best parsed by the caller with core.jsonlimits.loads_bounded,
    which also bounds the nesting, and passed in as a dict.
    """
    out = _Collector(max_entries=limits.max_entries)
    if isinstance(data, str | bytes | bytearray):
        check_chars(data, limits)
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as error:
            where = getattr(error, "lineno", None)
            hu = "A fájl nem érvényes JSON."
            en = "The file is not valid JSON."
            if where:
                hu = f"A fájl nem érvényes JSON: hiba a {where}. sorban."
                en = f"The file is not valid JSON: there is an error on line {where}."
            out.error(LineError(where or 0, "", hu, en))
            return out.result
    out.result.facts = deck_file_facts(data)
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        out.error(_not_a_deck())
        return out.result
    if len(cards) > limits.max_entries:
        raise _too_many_entries(limits.max_entries, len(cards))
    for item_no, item in enumerate(cards, start=1):
        _read_json_item(item_no, item, lookup, out)
    return out.result


def _read_json_item(item_no: int, item: object, lookup: CardLookup, out: _Collector) -> None:
    shown_item = _shown(json.dumps(item, ensure_ascii=False, default=str))
    if not isinstance(item, dict):
        item = {}
    code, name = item.get("code"), item.get("name")
    code = code.strip() if isinstance(code, str) and code.strip() else None
    name = name.strip() if isinstance(name, str) and name.strip() else None
    line = code or name or shown_item
    if code is None and name is None:
        out.error(
            LineError(
                item_no,
                line,
                f"A lista {item_no}. tételénél nincs se kód, se lapnév.",
                f"Item {item_no} has neither a card code nor a card name.",
            )
        )
        return

    count = item.get("count", 1)
    if isinstance(count, str) and re.fullmatch(r"\s*[+-]?[0-9]+\s*", count):
        count = _count_value(count.strip())
    if isinstance(count, bool) or not isinstance(count, int):
        out.error(_bad_count(item_no, line, _shown(str(count), 12)))
        return
    if not MIN_COUNT <= count <= MAX_COUNT:
        out.error(_bad_count(item_no, line, str(count)))
        return

    board_value = item.get("board", MAIN)
    board = _header_board(board_value) if isinstance(board_value, str) else None
    if board is None:
        shown = _shown(str(board_value), 20)
        out.error(
            LineError(
                item_no,
                line,
                f"„{shown}” nem hely a pakliban: a „board” értéke „main” (pakli) "
                "vagy „side” (oldalpakli) lehet.",
                f"“{shown}” is not a board: “board” must be “main” or “side”.",
            )
        )
        return

    # An item is not a line of the pasted text: no fix may rewrite one (name left empty).
    card = lookup.by_code(code) if code is not None else lookup.by_name(name)
    elsewhere = None if card else lookup.other_game(code or name)
    if elsewhere is not None:
        out.error(other_game_card(item_no, line, code or name, elsewhere))
    elif card is None and code is not None:
        suggestions = suggestions_for(lookup, name) if name else NO_SUGGESTIONS
        out.error(replace(_unknown_code(item_no, line, code, suggestions), name=""))
    elif card is None:
        suggestions = suggestions_for(lookup, name)
        out.error(replace(_unknown_name(item_no, line, name, suggestions), name=""))
    out.add(Entry(card, count, board, line), item_no)


# -- deck code ---------------------------------------------------------------
#
# Bytes, each integer an unsigned LEB128 varint:
#   version (1), game (index in GAME_IDS), format number,
#   then per set, sets in code order:
#     length of the set code, the set code in ASCII, number of entries,
#     per entry in collector-number order: number, count * 2 + (1 if side board)
#   then the first 2 bytes of sha256 over everything before them.
# Written as base64url without padding. A card is (set code, collector number),
# not its database id, so a code keeps working after the catalog is reloaded.

CODE_VERSION = 1
_CHECK_BYTES = 2
_MAX_CODE_CHARS = 4000
_MAX_VARINT_BYTES = 5
_B64URL = re.compile(r"[A-Za-z0-9_-]+")
_SET_CODE = re.compile(f"(?i:{SET_CODE_PATTERN})")  # the loader's rule (catalog.cardfile)


class DeckCodeError(BilingualError):
    """A deck code that cannot be read; `code` says why ("damaged", "version", ...)."""


def _damaged() -> DeckCodeError:
    return DeckCodeError(
        "damaged",
        "Ez a paklikód sérült: valószínűleg hiányzik belőle egy darab, vagy elírás "
        "került bele. Másold ki újra az egészet.",
        "This deck code is damaged: part of it is probably missing or mistyped. "
        "Copy the whole code again.",
    )


@dataclass(frozen=True)
class DecodedCode:
    game: str
    format_number: int
    parsed: ParsedList


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def encode_deck_code(game: str, format_number: int, entries: Iterable[Entry]) -> str:
    """A short text that `decode_deck_code` turns back into the same entries.

    Entries for unknown cards are left out (they have no set and number);
    copies of one card on one board are added up.
    """
    if game not in GAME_IDS:
        raise ValueError(f"unknown game {game!r}")
    if format_number < 0:
        raise ValueError("format_number must not be negative")
    groups: dict[str, dict[tuple[int, int], int]] = {}
    for entry in entries:
        if entry.card is None:
            continue
        if entry.board not in BOARDS:
            raise ValueError(f"unknown board {entry.board!r}")
        set_code = card_set_code(entry.card)
        if not _SET_CODE.fullmatch(set_code):
            raise ValueError(f"set code {set_code!r} cannot go into a deck code")
        key = (int(entry.card["number"]), 1 if entry.board == SIDE else 0)
        cards = groups.setdefault(set_code, {})
        cards[key] = cards.get(key, 0) + entry.count
    payload = bytearray()
    payload += _varint(CODE_VERSION) + _varint(GAME_IDS.index(game)) + _varint(format_number)
    for set_code in sorted(groups):
        cards = groups[set_code]
        payload += _varint(len(set_code)) + set_code.encode("ascii") + _varint(len(cards))
        for (number, side), count in sorted(cards.items()):
            if not MIN_COUNT <= count <= MAX_COUNT:
                raise ValueError(f"{set_code} {number}: count {count} out of range")
            payload += _varint(number) + _varint(count * 2 + side)
    payload += hashlib.sha256(payload).digest()[:_CHECK_BYTES]
    return _b64(bytes(payload))


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def done(self) -> bool:
        return self.at >= len(self.data)

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise _damaged()
        chunk = self.data[self.at : self.at + size]
        self.at += size
        return chunk

    def varint(self) -> int:
        value = 0
        for shift in range(0, 7 * _MAX_VARINT_BYTES, 7):
            byte = self.take(1)[0]
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
        raise _damaged()


def _code_bytes(code: object, limits: ListLimits) -> bytes:
    """The payload of a deck code, its checksum verified."""
    if isinstance(code, str):
        check_chars(code, limits)
    text = "".join(code.split()).rstrip("=") if isinstance(code, str) else None
    if not text:
        raise DeckCodeError("empty", "Üres a paklikód.", "The deck code is empty.")
    if len(text) > _MAX_CODE_CHARS:
        # Longer than any code encode_deck_code writes for a deck within the limits.
        raise ListTooLarge(
            "code_too_long",
            _MAX_CODE_CHARS,
            f"Egy paklikód legfeljebb {_MAX_CODE_CHARS} karakteres lehet; ez {len(text)}.",
            f"A deck code is at most {_MAX_CODE_CHARS} characters long; this one has {len(text)}.",
        )
    if not _B64URL.fullmatch(text):
        raise DeckCodeError(
            "alphabet",
            "Egy paklikódban csak betűk, számjegyek, „-” és „_” állhatnak; ebben más is van.",
            "A deck code holds only letters, digits, “-” and “_”; this one has other characters.",
        )
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _damaged() from None
    # the last character carries spare bits; a code that differs only there was altered
    if _b64(raw) != text or len(raw) <= _CHECK_BYTES:
        raise _damaged()
    payload, check = raw[:-_CHECK_BYTES], raw[-_CHECK_BYTES:]
    if hashlib.sha256(payload).digest()[:_CHECK_BYTES] != check:
        raise _damaged()
    return payload


def decode_deck_code(
    code: str, *, lookup: CardLookup, limits: ListLimits = DEFAULT_LIMITS
) -> DecodedCode:
    """The game, format number and entries of a deck code.

    Raises DeckCodeError for any code that is not one that `encode_deck_code`
    wrote, and ListTooLarge for one over `limits` (more characters or
    entries). A card the catalog does not have (a valid code from a newer
    catalog) is not an error of the code: it comes back as an Entry with card
    None and a LineError, line_no counting the cards from 1.
    """
    reader = _Reader(_code_bytes(code, limits))
    if reader.varint() != CODE_VERSION:
        raise DeckCodeError(
            "version",
            "Ezt a paklikódot az oldal egy újabb változata készítette, itt még nem olvasható.",
            "This deck code was made by a newer version of the site and can't be read here.",
        )
    game_index = reader.varint()
    if game_index >= len(GAME_IDS):
        raise DeckCodeError(
            "game",
            "Ez a paklikód olyan játékhoz tartozik, amelyet az oldal nem ismer.",
            "This deck code is for a game this site does not know.",
        )
    format_number = reader.varint()
    out = _Collector(max_entries=limits.max_entries)
    item_no = 0
    while not reader.done():
        set_bytes = reader.take(reader.varint())
        set_code = set_bytes.decode("ascii", errors="replace")
        entry_count = reader.varint()
        if not _SET_CODE.fullmatch(set_code) or entry_count < 1:
            raise _damaged()
        for _ in range(entry_count):
            number, packed = reader.varint(), reader.varint()
            count, board = packed >> 1, SIDE if packed & 1 else MAIN
            if not MIN_COUNT <= count <= MAX_COUNT:
                raise _damaged()
            item_no += 1
            card = lookup.by_set_number(set_code, number)
            if card is None:
                line = f"{set_code} {number}"
                out.error(
                    LineError(
                        item_no,
                        line,
                        "A paklikódban olyan lap szerepel, amely nincs meg a katalógusban: "
                        f"{set_code} készlet, {number}. lap.",
                        f"The deck code lists card {number} of set {set_code}, "
                        "which is not in the catalog.",
                    )
                )
            entry = Entry(card, count, board, None if card else f"{set_code} {number}")
            if not out.add(entry, item_no):
                raise _damaged()  # encode_deck_code writes each card and board once
    return DecodedCode(GAME_IDS[game_index], format_number, out.result)


# No card name is one word this long; the shortest deck code with a card is as long.
_LONG_WORD = 16


def looks_like_deck_code(text: str) -> bool:
    """Whether a pasted "list" is really one deck code, to be read as one.

    A deck code is a single word of the code alphabet; a card line has a
    count, a space or an accent in it. A card code ("AF1-001", up to 17
    characters) or a short word is a card line unless it reads as a whole
    code, checksum and all; a long word that is not a valid code is taken as
    a damaged code, so its reader says so rather than "no card has this name".
    """
    token = text.strip()
    if not token or len(token) > _MAX_CODE_CHARS or any(c.isspace() for c in token):
        return False
    if not _B64URL.fullmatch(token.rstrip("=")):
        return False
    card_code = _CARD_CODE.fullmatch(token) or _CODE.match(token)
    if len(token) >= _LONG_WORD and not card_code:
        return True
    try:
        reader = _Reader(_code_bytes(token, DEFAULT_LIMITS))
        return reader.varint() == CODE_VERSION and reader.varint() < len(GAME_IDS)
    except (DeckCodeError, ListTooLarge):
        return False


def replace_line(text: str, line_no: int, new_line: str) -> str:
    """`text` with its line `line_no` (counted from 1, as LineError counts) made `new_line`.

    A line number outside the text changes nothing; `new_line` stays one line.
    """
    lines = text.lstrip("\ufeff").splitlines()
    if not 1 <= line_no <= len(lines):
        return text
    lines[line_no - 1] = " ".join(new_line.split())
    return "\n".join(lines)


def apply_fix(text: str, fix: str) -> str:
    """`text` with a suggestion's fix applied: `fix` is "<line number>:<new line>".

    The import page's suggestion buttons send these; anything else leaves the text as it is.
    """
    number, _sep, line = fix.partition(":")
    if not (number.isascii() and number.isdigit() and len(number) <= 6 and line.strip()):
        return text
    return replace_line(text, int(number), line)
