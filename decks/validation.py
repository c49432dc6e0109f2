"""The deck validator: entries and a format in, a list of problems out.

Pure and fast: one pass over the entries with dict counting, then one
problem per finding, each with its message and a concrete hint in Hungarian
and English. The panel shows every format's verdict at once (`verdicts`),
and a match refuses a deck whose list is not empty.

What counts where:
- size (too_few_cards, too_many_cards, empty_deck) counts every main-board
  entry as written, unknown and wrong-game lines included, so a typo gives
  one problem (the unknown line), not a second one about size;
- copies (per card name as the game's engine counts them, all printings
  together: `Format.copy_key`) and exact type
  counts look at the main board's cards of this game;
- unknown_card, wrong_game, banned_type and not_in_pool are checked on every
  board; a card gets at most one of the last three;
- an entry with a count below 1 is ignored; an empty main board gives
  empty_deck in place of the size and type-count problems.

A message names the format it was checked in: it is read away from the deck
page too (a tournament's refusal, a match's deck picker, the API), where
"this format" named nothing. A table's rules may ask more than the deck's own
format (a larger smallest deck, a banned type: core.games `table_format`, a
row that no format lists); a limit only the table sets is said to hold "at
this table", not said of the format.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from catalog.vocab import GAMES, RULES, TYPES
from core.hungarian import article
from decks.entries import MAIN, Entry, display_name
from decks.formats import Format, formats_for, get_format

PROBLEM_CODES = (
    "too_few_cards",
    "too_many_cards",
    "too_many_copies",
    "unknown_card",
    "wrong_game",
    "banned_type",
    "not_in_pool",
    "wrong_type_count",
    "empty_deck",
)
_ORDER = {code: i for i, code in enumerate(PROBLEM_CODES)}

# Type ids are unique across the games, so a record without a "game" key
# still tells which game it belongs to.
_TYPE_GAME = {t: game for game, rules in RULES.items() for t in rules.types}


@dataclass(frozen=True)
class Problem:
    code: str
    message_hu: str
    message_en: str
    cards: tuple[str, ...]  # codes of the cards concerned; empty when none apply
    hint_hu: str
    hint_en: str

    def message(self, language: str) -> str:
        return self.message_en if language == "en" else self.message_hu

    def hint(self, language: str) -> str:
        return self.hint_en if language == "en" else self.hint_hu

    def as_dict(self, language: str) -> dict:
        return {
            "code": self.code,
            "message": self.message(language),
            "hint": self.hint(language),
            "cards": list(self.cards),
        }


def validate(entries: list[Entry], game: str, fmt: Format) -> list[Problem]:
    """Every problem of the deck under `fmt`, in PROBLEM_CODES order, then by card.

    Raises ValueError when `fmt` is not a format of `game` (a caller's bug).
    """
    if fmt.game != game:
        raise ValueError(f"format {fmt.id!r} belongs to {fmt.game!r}, not {game!r}")
    pool = fmt.allowed_types if fmt.allowed_types is not None else RULES[game].types
    banned = fmt.banned_types
    max_copies, copy_key = fmt.max_copies, fmt.copy_key
    exact = fmt.exact_type_counts

    size = 0
    copies: dict[str, list] = {}  # copy key -> [count, {code: card}]
    typed: dict[str, list] = {}  # type in exact -> [count, {code: card}]
    unknown: list[str | None] = []
    wrong: dict[str, list] = {}  # code -> [count, card, its game]
    banned_hits: dict[str, list] = {}  # code -> [count, card]
    outside: dict[str, list] = {}  # code -> [count, card]

    for entry in entries:
        n = entry.count
        if n < 1:
            continue
        main = entry.board == MAIN
        if main:
            size += n
        card = entry.card
        if card is None:
            unknown.append(entry.line)
            continue
        code = card.get("code") or ""
        kind = card.get("type")
        card_game = card.get("game") or _TYPE_GAME.get(kind)
        if card_game is not None and card_game != game:
            _add(wrong, code, n, card, card_game)
            continue
        if kind in banned:
            _add(banned_hits, code, n, card)
        elif kind not in pool:
            _add(outside, code, n, card)
        if main:
            if max_copies is not None:
                key = copy_key(card.get("name") or "")
                slot = copies.get(key)
                if slot is None:
                    copies[key] = [n, {code: card}]
                else:
                    slot[0] += n
                    slot[1][code] = card
            if kind in exact:
                slot = typed.setdefault(kind, [0, {}])
                slot[0] += n
                slot[1][code] = card

    problems: list[Problem] = []
    if size == 0:
        problems.append(_empty(fmt))
    else:
        if fmt.min_cards is not None and size < fmt.min_cards:
            problems.append(_size_problem("too_few_cards", size, fmt))
        if fmt.max_cards is not None and size > fmt.max_cards:
            problems.append(_size_problem("too_many_cards", size, fmt))
        for want_type, want in exact.items():
            have, cards = typed.get(want_type, (0, {}))
            if have != want:
                problems.append(_type_count(want_type, want, have, cards))
    if max_copies is not None:
        for count, cards in copies.values():
            if count > max_copies:
                problems.append(_too_many_copies(count, max_copies, cards))
    problems.extend(_unknown(line) for line in unknown)
    problems.extend(_wrong_game(c, n, card, g, game) for c, (n, card, g) in wrong.items())
    problems.extend(
        _refused_type("banned_type", c, n, card, fmt) for c, (n, card) in banned_hits.items()
    )
    problems.extend(
        _refused_type("not_in_pool", c, n, card, fmt) for c, (n, card) in outside.items()
    )
    if len(problems) > 1:
        problems.sort(key=lambda p: (_ORDER[p.code], p.cards, p.message_en))
    return problems


def verdicts(entries: list[Entry], game: str) -> dict[str, list[Problem]]:
    """The problems under every format of the game, keyed by format id, in display order."""
    return {fmt.id: validate(entries, game, fmt) for fmt in formats_for(game)}


def _add(found: dict, code: str, n: int, card: dict, *extra) -> None:
    slot = found.get(code)
    if slot is None:
        found[code] = [n, card, *extra]
    else:
        slot[0] += n


# Messages. Card names are quoted „…” in Hungarian and followed by "lap"
# where a case ending would be needed, so any name reads correctly.


def _cards_en(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _copies_en(n: int) -> str:
    return f"{n} copy" if n == 1 else f"{n} copies"


def _names(card: dict) -> tuple[str, str]:
    return display_name(card, "hu"), display_name(card, "en")


def _remove_hints(n: int, card: dict) -> tuple[str, str]:
    hu, en = _names(card)
    return f"Vegyél ki {n} „{hu}” lapot.", f"Remove {_copies_en(n)} of {en}."


def _format_named(fmt: Format) -> tuple[str, str]:
    """The format in a sentence, article included: az „Alap” formátum, the “Casual” format."""
    return f"{article(fmt.name_hu)} „{fmt.name_hu}” formátum", f"the “{fmt.name_en}” format"


def _listed(fmt: Format) -> Format:
    """The format row as the game lists it: `fmt` itself unless a table's rules changed it."""
    return get_format(fmt.game, fmt.id) or fmt


def _at_table(table_only: bool) -> tuple[str, str]:
    return (" ennél az asztalnál", " at this table") if table_only else ("", "")


# What the deck is told when its size is outside a limit, by problem code: the format's
# limit, the messages, then the hints. {format} and {table} as in _REFUSED_TYPE_MESSAGES
# (not capitalised: mid-sentence), {size} and {limit} numbers, {deck} the size in English
# words ("1 card"), {n} the cards to add or take out and {noun} "card" or "cards" for {n}.
_SIZE_MESSAGES = {
    "too_few_cards": (
        attrgetter("min_cards"),
        "A pakliban {size} lap van, {format}hoz{table} legalább {limit} kell.",
        "The deck has {deck}; {format} needs at least {limit}{table}.",
        "Tegyél bele még {n} lapot.",
        "Add {n} more {noun}.",
    ),
    "too_many_cards": (
        attrgetter("max_cards"),
        "A pakliban {size} lap van, {format}ban{table} legfeljebb {limit} lehet.",
        "The deck has {deck}; {format} allows at most {limit}{table}.",
        "Vegyél ki {n} lapot.",
        "Remove {n} {noun}.",
    ),
}


def _size_problem(problem: str, size: int, fmt: Format) -> Problem:
    """too_few_cards or too_many_cards: `size` main-board cards against the format's limit."""
    limit_of, message_hu, message_en, hint_hu, hint_en = _SIZE_MESSAGES[problem]
    limit = limit_of(fmt)
    n = abs(size - limit)
    named_hu, named_en = _format_named(fmt)
    table_hu, table_en = _at_table(limit != limit_of(_listed(fmt)))
    return Problem(
        problem,
        message_hu.format(size=size, format=named_hu, table=table_hu, limit=limit),
        message_en.format(deck=_cards_en(size), format=named_en, table=table_en, limit=limit),
        (),
        hint_hu.format(n=n),
        hint_en.format(n=n, noun="card" if n == 1 else "cards"),
    )


def _too_many_copies(count: int, maximum: int, cards: dict[str, dict]) -> Problem:
    codes = tuple(sorted(cards))
    card = cards[codes[0]]
    hu, en = _names(card)
    printings_hu = " (a kiadásait együtt számolva)" if len(codes) > 1 else ""
    printings_en = " (all its printings together)" if len(codes) > 1 else ""
    hint_hu, hint_en = _remove_hints(count - maximum, card)
    return Problem(
        "too_many_copies",
        f"„{hu}” {count} példányban van a pakliban{printings_hu}, legfeljebb {maximum} lehet.",
        f"The deck has {_copies_en(count)} of {en}{printings_en}; at most {maximum} are allowed.",
        codes,
        hint_hu,
        hint_en,
    )


def _unknown(line: str | None) -> Problem:
    if line:
        message_hu, message_en = f"Nincs ilyen lap: „{line}”.", f"No card matches “{line}”."
    else:
        message_hu, message_en = (
            "Az egyik sor nem létező lapot nevez meg.",
            ("One entry names a card that does not exist."),
        )
    return Problem(
        "unknown_card",
        message_hu,
        message_en,
        (),
        "Javítsd a nevet vagy a kódot, vagy töröld a sort.",
        "Correct the name or code, or delete the line.",
    )


def _wrong_game(code: str, n: int, card: dict, card_game: str, game: str) -> Problem:
    hu, en = _names(card)
    return _card_problem(
        "wrong_game",
        code,
        n,
        card,
        f"„{hu}” nem {GAMES.label(game, 'hu')} lap, hanem {GAMES.label(card_game, 'hu')} lap.",
        f"{en} is from {GAMES.label(card_game, 'en')}, not from {GAMES.label(game, 'en')}.",
    )


# What the deck is told about a card whose type the format refuses, by problem code.
# {format} is the format with its article (_format_named), {table} " at this table"
# where only the table's rules refuse the type.
_REFUSED_TYPE_MESSAGES = {
    "banned_type": (
        "{format}ban{table} nem lehet {type} lap a pakliban: „{name}”.",
        "{format} allows no {type} cards{table}: {name}.",
    ),
    "not_in_pool": (
        "{format} nem használ {type} lapot: „{name}”.",
        "{format} does not use {type} cards: {name}.",
    ),
}


def _refused_type(problem: str, code: str, n: int, card: dict, fmt: Format) -> Problem:
    hu, en = _names(card)
    kind = card.get("type")
    message_hu, message_en = _REFUSED_TYPE_MESSAGES[problem]
    named_hu, named_en = _format_named(fmt)
    # a table widens only the ban (core.games `table_format`); the pool is the format's own
    table_only = problem == "banned_type" and kind not in _listed(fmt).banned_types
    table_hu, table_en = _at_table(table_only)
    return _card_problem(
        problem,
        code,
        n,
        card,
        message_hu.format(
            format=_capitalised(named_hu), table=table_hu, type=TYPES.label(kind, "hu"), name=hu
        ),
        message_en.format(
            format=_capitalised(named_en), table=table_en, type=TYPES.label(kind, "en"), name=en
        ),
    )


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card_problem(
    problem: str, code: str, n: int, card: dict, message_hu: str, message_en: str
) -> Problem:
    """A problem with one card that the deck must not hold: the hint is to take its copies out."""
    hint_hu, hint_en = _remove_hints(n, card)
    return Problem(problem, message_hu, message_en, (code,), hint_hu, hint_en)


def _type_count(kind: str, want: int, have: int, cards: dict[str, dict]) -> Problem:
    label_hu, label_en = TYPES.label(kind, "hu"), TYPES.label(kind, "en")
    n = abs(want - have)
    if have < want:
        hint_hu = f"Tegyél bele még {n} lapot ebből a fajtából: {label_hu}."
        hint_en = f"Add {n} more {label_en} {'card' if n == 1 else 'cards'}."
    else:
        hint_hu = f"Vegyél ki {n} lapot ebből a fajtából: {label_hu}."
        hint_en = f"Remove {n} {label_en} {'card' if n == 1 else 'cards'}."
    return Problem(
        "wrong_type_count",
        f"Pontosan {want} lap kell ebből a fajtából: {label_hu}. Most {have} van a pakliban.",
        f"Choose exactly {want} {label_en} cards: you have {have}.",
        tuple(sorted(cards)),
        hint_hu,
        hint_en,
    )


def _empty(fmt: Format) -> Problem:
    if fmt.min_cards:
        hint_hu = f"Tegyél bele legalább {fmt.min_cards} lapot."
        hint_en = f"Add at least {fmt.min_cards} cards."
    else:
        hint_hu, hint_en = "Tegyél lapokat a pakliba.", "Add cards to the deck."
    return Problem("empty_deck", "A pakli üres.", "The deck is empty.", (), hint_hu, hint_en)
