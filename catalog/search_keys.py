"""The keys of the search language: aliases, value checks, filters and readings.

Each key is one small object in `KEYS`; `catalog.search` finds it by any alias,
folded (`típus`, `tipus`, `TYPE` are one key). A key never sees positions: it
raises `Invalid` or `Ignored` and the parser points at the part of the query
that caused it.

Messages and reading templates are marked with `gettext_noop` and translated
when they are used, so the active language at search time decides.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import get_language, gettext, gettext_noop

from catalog import tokens, vocab
from catalog.cardfile import CARD_CODE_PATTERN
from catalog.text import fold, fold_words, stems
from catalog.tokens import all_words_q, text_has, words_in_order_q, words_q
from core.hungarian import percent_filled

COMPARISONS = ("<", "<=", ">", ">=")
LOOKUPS = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
# A whole number as typed, of any length: one too long to be a card's is refused by its
# size (NumberKey), without int() reading thousands of digits.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
# "+4" and "-4" fold to the same "4"; the sign is checked on the raw text.
SIGNED_NUMBER = re.compile(r"[+-][0-9]+")
SET_CODE = re.compile(r"[A-Za-z0-9_-]{1,16}")
RARITY_ORDER = ("common", "uncommon", "rare", "unique")


class Invalid(Exception):
    """The term cannot be searched; `where` is "key", "op" or "value"."""

    def __init__(self, code: str, message: str, where: str = "value") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.where = where


class Ignored(Exception):
    """The term is dropped and the searcher is told why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def language() -> str:
    return (get_language() or "hu").split("-")[0]


def quoted(text: str) -> str:
    return gettext("“%(text)s”") % {"text": text}


# --- reading templates --------------------------------------------------------
EQUALS = {
    "=": gettext_noop("%(subject)s is %(value)s"),
    "!=": gettext_noop("%(subject)s is not %(value)s"),
    "<": gettext_noop("%(subject)s is less than %(value)s"),
    "<=": gettext_noop("%(subject)s is at most %(value)s"),
    ">": gettext_noop("%(subject)s is more than %(value)s"),
    ">=": gettext_noop("%(subject)s is at least %(value)s"),
}
CONTAINS = {
    "=": gettext_noop("%(subject)s contains %(value)s"),
    "!=": gettext_noop("%(subject)s does not contain %(value)s"),
}
INCLUDES = {
    "=": gettext_noop("%(subject)s include %(value)s"),
    "!=": gettext_noop("%(subject)s do not include %(value)s"),
}


def unknown_value(
    typed_key: str, value: str, spellings: dict[str, str], examples: list[str]
) -> Invalid:
    """`spellings` maps folded spelling -> spelling shown in "did you mean"."""
    close = difflib.get_close_matches(fold(value), list(spellings), n=3, cutoff=0.6)
    if close:
        message = gettext("“%(key)s” has no value “%(value)s”. Did you mean %(choices)s?")
        choices = list(dict.fromkeys(spellings[c] for c in close))
    else:
        message = gettext("“%(key)s” has no value “%(value)s”. Try for example %(choices)s.")
        choices = examples[:8]
    text = percent_filled(
        message, {"key": typed_key, "value": value, "choices": ", ".join(choices)}
    )
    return Invalid("unknown_value", text)


def vocabulary_problem(typed_key: str, value: str, *vocabularies: vocab.Vocabulary) -> Invalid:
    lang = language()
    spellings: dict[str, str] = {}
    for vocabulary in vocabularies:
        for term in vocabulary.terms:
            for spelling in (term.label(lang), term.id, term.hu, term.en, *term.aliases):
                spellings.setdefault(fold(spelling), spelling)
    examples = [term.label(lang) for term in vocabularies[0].terms]
    return unknown_value(typed_key, value, spellings, examples)


def choice_names(choices: tuple[tuple[str, str], ...]) -> list[str]:
    """Spellings grouped by value: ["unique/egyedi", "helper/segítő", ...]."""
    grouped: dict[str, list[str]] = {}
    for spelling, stored in choices:
        grouped.setdefault(stored, []).append(spelling)
    return ["/".join(spellings) for spellings in grouped.values()]


@dataclass(frozen=True)
class Key:
    """One search key. `check` normalises a term, `q` filters, `describe` reads it."""

    name: str
    aliases: tuple[str, ...]
    subject: str  # gettext_noop("whose cost"): the start of a reading
    example: str  # shown in messages: "cost<=2"; Hungarian words where it has words
    # The example an English page shows, in English words ("t:dreamwalker" for "t:révülő");
    # "" where the example has no words of either language ("cost<=2").
    example_en: str = ""
    field: str = ""
    nullable: bool = True  # "!=" then means "has a different value"
    comparable: bool = False
    directive: bool = False  # sets the ordering, never filters
    needs_owner: bool = False  # counts the searcher's own cards: refused when signed out

    def local_example(self) -> str:
        """The example in the active language: a search that works as written."""
        return self.example_en if language() == "en" and self.example_en else self.example

    def check(self, typed_key: str, op: str, value: str) -> tuple[str, str, str]:
        """The normalised (key, op, value); raises Invalid or Ignored."""
        if op in COMPARISONS and not self.comparable:
            message = gettext(
                "“%(key)s” cannot be compared with “%(op)s”: only numbers and rarity can. "
                "Use “:” to match it or “!=” to exclude it."
            )
            raise Invalid(
                "bad_operator", percent_filled(message, {"key": typed_key, "op": op}), "op"
            )
        if self.directive and op != "=":
            message = gettext("“%(key)s” only takes “:”, for example %(example)s.")
            raise Invalid(
                "bad_operator",
                percent_filled(message, {"key": typed_key, "example": self.local_example()}),
                "op",
            )
        return self.name, op, self.normalize(typed_key, value)

    def normalize(self, typed_key: str, value: str) -> str:
        return value

    def q(self, op: str, value: str) -> Q:
        if op == "!=":
            q = ~self.match(value)
            if self.nullable:
                q &= Q(**{f"{self.field}__isnull": False})
            return q
        if op in COMPARISONS:
            return self.compare(op, value)
        return self.match(value)

    def match(self, value: str) -> Q:
        return Q(**{self.field: value})

    def compare(self, op: str, value: str) -> Q:
        return Q(**{f"{self.field}__{LOOKUPS[op]}": value})

    def display(self, value: str) -> str:
        return value

    def describe(self, op: str, value: str) -> str:
        return gettext(EQUALS[op]) % {
            "subject": gettext(self.subject),
            "value": self.display(value),
        }


@dataclass(frozen=True)
class TextKey(Key):
    """Words of a folded text column starting with the words given, together and in order.

    Signed numbers keep their sign: the raw columns must hold "+4" itself.
    """

    raw_fields: tuple[str, ...] = ()
    nullable: bool = False
    token_field: str = tokens.NAME

    def normalize(self, typed_key: str, value: str) -> str:
        if not fold_words(value):
            message = gettext("“%(key)s:%(value)s” has no letters or digits to look for; ignored.")
            raise Ignored(percent_filled(message, {"key": typed_key, "value": value}))
        return value

    def match(self, value: str) -> Q:
        # The word index narrows the cards; the pattern then checks the words
        # stand together, in order, on those few cards only.
        q = all_words_q(self.token_field, value) & words_in_order_q(self.field, value)
        for number in SIGNED_NUMBER.findall(value) if self.raw_fields else ():
            either = Q()
            for raw in self.raw_fields:
                either |= text_has(raw, number)
            q &= either
        return q

    def display(self, value: str) -> str:
        return quoted(value)

    def describe(self, op: str, value: str) -> str:
        return gettext(CONTAINS[op]) % {
            "subject": gettext(self.subject),
            "value": self.display(value),
        }


@dataclass(frozen=True)
class VocabKey(Key):
    vocabulary: vocab.Vocabulary | None = None

    def normalize(self, typed_key: str, value: str) -> str:
        term = self.vocabulary.resolve(value)
        if term is None:
            raise vocabulary_problem(typed_key, value, self.vocabulary)
        return term.id

    def display(self, value: str) -> str:
        return self.vocabulary.label(value, language())


@dataclass(frozen=True)
class SubtypeKey(VocabKey):
    nullable: bool = False

    def match(self, value: str) -> Q:
        return words_q(tokens.SUBTYPE, [value], exact=True)

    def describe(self, op: str, value: str) -> str:
        return gettext(INCLUDES[op]) % {
            "subject": gettext(self.subject),
            "value": self.display(value),
        }


@dataclass(frozen=True)
class TypeKey(VocabKey):
    """A type; a subtype typed after `t:` (`t:vajákos`) becomes a subtype term."""

    def check(self, typed_key: str, op: str, value: str) -> tuple[str, str, str]:
        if vocab.TYPES.resolve(value) is None and vocab.SUBTYPES.resolve(value) is not None:
            return SUBTYPE.check(typed_key, op, value)
        try:
            return super().check(typed_key, op, value)
        except Invalid as problem:
            if problem.code != "unknown_value":
                raise
            raise vocabulary_problem(typed_key, value, vocab.TYPES, vocab.SUBTYPES) from None


def group_list() -> str:
    """The groups with the rulebook's numbers: "1 állatok, 2 növények, …"."""
    lang = language()
    return ", ".join(
        f"{vocab.GROUP_NUMBERS[term.id]} {term.label(lang)}" for term in vocab.GROUPS.terms
    )


@dataclass(frozen=True)
class GroupKey(VocabKey):
    """An ONIROO group, by name or by the rulebook's number 1-8."""

    def normalize(self, typed_key: str, value: str) -> str:
        if vocab.GROUPS.resolve(value) is None and WHOLE_NUMBER.fullmatch(value):
            message = gettext(
                "ONIROO has eight groups, numbered as in the rulebook: %(groups)s. "
                "“%(value)s” is not one of them."
            )
            params = {"groups": group_list(), "value": value}
            raise Invalid("unknown_value", percent_filled(message, params))
        return super().normalize(typed_key, value)


# `code:` takes any one magic code (a letter, a shape or a digit, as the
# rulebook lists them in section N) or a card's own code such as ONI-S023.
CARD_CODE = re.compile(f"(?i:{CARD_CODE_PATTERN})")  # the loader's rule, in any case
CODE_FIELDS = {"letter": "letter", "shape": "shape", "digit": "digit", "card": "code"}


@dataclass(frozen=True)
class CodeKey(Key):
    nullable: bool = False

    def normalize(self, typed_key: str, value: str) -> str:
        kind, _, code = value.partition(":")
        if kind in CODE_FIELDS and code and ":" not in code:
            # already normalised (to_q checks a Term again): keep it if it still holds;
            # one level only, so "card:card:…" typed a thousand times is refused, not recursed
            normalized = self.normalize(typed_key, code)
            if normalized.startswith(f"{kind}:"):
                return normalized
        if value.upper() in vocab.LETTERS:
            return f"letter:{value.upper()}"
        if re.fullmatch(r"[0-9]", value):
            return f"digit:{value}"
        if shape := vocab.SHAPES.resolve(value):
            return f"shape:{shape.id}"
        if CARD_CODE.fullmatch(value):
            return f"card:{value.upper()}"
        message = gettext(
            "“%(key)s:%(value)s” is not a code. A code is a letter A–F, a shape (%(shapes)s), "
            "a digit 0–9, or a card's code such as ONI-S023."
        )
        shapes = ", ".join(term.label(language()) for term in vocab.SHAPES.terms)
        raise Invalid(
            "unknown_value",
            percent_filled(message, {"key": typed_key, "value": value, "shapes": shapes}),
        )

    def match(self, value: str) -> Q:
        kind, code = value.split(":", 1)
        if kind == "digit":
            return Q(digit=int(code))
        if kind == "card":
            return Q(code__iexact=code)
        return Q(**{CODE_FIELDS[kind]: code})

    def q(self, op: str, value: str) -> Q:
        if op == "!=":
            # a card without this kind of code is not "a different code"
            field_name = CODE_FIELDS[value.split(":", 1)[0]]
            return ~self.match(value) & Q(**{f"{field_name}__isnull": False})
        return self.match(value)

    def display(self, value: str) -> str:
        kind, code = value.split(":", 1)
        if kind == "shape":
            return vocab.SHAPES.label(code, language())
        return code


@dataclass(frozen=True)
class RarityKey(VocabKey):
    comparable: bool = True

    def compare(self, op: str, value: str) -> Q:
        rank = RARITY_ORDER.index(value)
        keep = {
            "<": lambda r: r < rank,
            "<=": lambda r: r <= rank,
            ">": lambda r: r > rank,
            ">=": lambda r: r >= rank,
        }[op]
        return Q(rarity__in=[r for i, r in enumerate(RARITY_ORDER) if keep(i)])


def number_in_range(text: str, minimum: int, maximum: int) -> int | None:
    """`text` (a WHOLE_NUMBER) as an int when it lies in minimum..maximum, else None; the
    digits are counted first, so a number of any length is read cheaply."""
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > max(len(str(abs(minimum))), len(str(abs(maximum)))):
        return None
    number = int(text)
    return number if minimum <= number <= maximum else None


@dataclass(frozen=True)
class NumberKey(Key):
    """A whole number from `minimum` to `maximum`, compared with < <= > >= too.

    Card numbers are small: the bounds keep an absurd value away from the database,
    and a searcher who typed one is told the bound rather than that it is no number.
    """

    comparable: bool = True
    minimum: int = -999_999
    maximum: int = 999_999
    pattern: re.Pattern = WHOLE_NUMBER
    not_a_number: str = gettext_noop(
        "“%(key)s” needs a whole number, not “%(value)s”, for example %(example)s."
    )

    def normalize(self, typed_key: str, value: str) -> str:
        params = {"key": typed_key, "value": value, "example": self.local_example()}
        if not self.pattern.fullmatch(value):
            raise Invalid("bad_number", percent_filled(gettext(self.not_a_number), params))
        number = number_in_range(value, self.minimum, self.maximum)
        if number is not None:
            return str(number)
        # the page marks the number in the query: a thousand digits need not be said again
        if value.startswith("-"):
            message = gettext(
                "The number after “%(key)s” is too small: the smallest it takes is %(minimum)s."
            )
        else:
            message = gettext(
                "The number after “%(key)s” is too large: the largest it takes is %(maximum)s."
            )
        params.update(minimum=self.minimum, maximum=self.maximum)
        raise Invalid("bad_number", percent_filled(message, params))

    def match(self, value: str) -> Q:
        return Q(**{self.field: int(value)})

    def compare(self, op: str, value: str) -> Q:
        return Q(**{f"{self.field}__{LOOKUPS[op]}": int(value)})


# "How many copies do I own": read against the `owned_copies` column that
# catalog.search.cards_search annotates for the signed-in searcher.
OWNED_FIELD = "owned_copies"
COUNT = re.compile(r"-?[0-9]+")  # as WHOLE_NUMBER, but a count takes no "+"
OWNED = {
    "=": gettext_noop("of which you own %(value)s"),
    "!=": gettext_noop("of which you do not own exactly %(value)s"),
    "<": gettext_noop("of which you own fewer than %(value)s"),
    "<=": gettext_noop("of which you own at most %(value)s"),
    ">": gettext_noop("of which you own more than %(value)s"),
    ">=": gettext_noop("of which you own at least %(value)s"),
}
# The same, read on a collection of someone else's (a shared link): their copies.
OWNED_THEIRS = {
    "=": gettext_noop("of which they own %(value)s"),
    "!=": gettext_noop("of which they do not own exactly %(value)s"),
    "<": gettext_noop("of which they own fewer than %(value)s"),
    "<=": gettext_noop("of which they own at most %(value)s"),
    ">": gettext_noop("of which they own more than %(value)s"),
    ">=": gettext_noop("of which they own at least %(value)s"),
}


@dataclass(frozen=True)
class OwnedKey(NumberKey):
    """Copies in the searcher's collection, 0–999; only a signed-in search may use it.

    The parser stays pure: it accepts the key, and cards_search refuses it at
    the key's position when there is no owner to count for (`needs_owner`).
    """

    field: str = OWNED_FIELD
    nullable: bool = False  # a card not owned counts 0, never NULL
    needs_owner: bool = True
    minimum: int = 0
    maximum: int = 999  # collection.models.MAX_COPIES
    pattern: re.Pattern = COUNT
    not_a_number: str = gettext_noop(
        "“%(key)s” needs a whole number from 0 to 999, not “%(value)s”, for example %(example)s."
    )

    def describe(self, op: str, value: str, *, theirs: bool = False) -> str:
        """`theirs`: the copies counted are another player's, not the reader's."""
        if op == "=" and value == "0":
            return gettext("that they do not own") if theirs else gettext("that you do not own")
        if op == "!=" and value == "0":
            return gettext("that they own") if theirs else gettext("that you own")
        return gettext((OWNED_THEIRS if theirs else OWNED)[op]) % {"value": value}


@dataclass(frozen=True)
class ChoiceKey(Key):
    """A value from a fixed table: folded spelling -> stored value."""

    choices: tuple[tuple[str, str], ...] = ()  # (spelling, stored value)

    def normalize(self, typed_key: str, value: str) -> str:
        table = {fold(spelling): stored for spelling, stored in self.choices}
        if fold(value) not in table:
            spellings = {fold(spelling): spelling for spelling, _ in self.choices}
            raise unknown_value(typed_key, value, spellings, choice_names(self.choices))
        return table[fold(value)]


@dataclass(frozen=True)
class MarkKey(ChoiceKey):
    def display(self, value: str) -> str:
        hu, en = vocab.HELPER_MARKS[value]
        return f"{value} ({en if language() == 'en' else hu})"


@dataclass(frozen=True)
class SetKey(Key):
    nullable: bool = False

    def normalize(self, typed_key: str, value: str) -> str:
        if not SET_CODE.fullmatch(value):
            message = gettext("“%(value)s” is not a set code; set codes look like AF1 or ONI.")
            raise Invalid("unknown_value", percent_filled(message, {"value": value}))
        return value.upper()

    def match(self, value: str) -> Q:
        return Q(card_set__code__iexact=value)


# `is:` values: what each one filters, and its reading and negated reading.
IS_VALUES = {
    "unique": (
        Q(rarity="unique"),
        gettext_noop("that are unique"),
        gettext_noop("that are not unique"),
    ),
    "helper": (
        Q(helper_mark__in=list(vocab.HELPER_MARKS)),
        gettext_noop("that can help in a duel"),
        gettext_noop("that cannot help in a duel"),
    ),
    "counter": (
        words_q(tokens.SUBTYPE, ["ellenvarazs"], exact=True),
        gettext_noop("that are counterspells"),
        gettext_noop("that are not counterspells"),
    ),
    "source": (
        words_q(tokens.SUBTYPE, ["buvforras"], exact=True),
        gettext_noop("that are spell sources"),
        gettext_noop("that are not spell sources"),
    ),
}


@dataclass(frozen=True)
class IsKey(ChoiceKey):
    nullable: bool = False

    def match(self, value: str) -> Q:
        return IS_VALUES[value][0]

    def describe(self, op: str, value: str) -> str:
        return gettext(IS_VALUES[value][1 if op == "=" else 2])


# --- ordering -----------------------------------------------------------------
DEFAULT_ORDER = ("sort_key",)  # game, set, number in one indexed column


@dataclass(frozen=True)
class ColumnsByLanguage:
    """Sort columns that depend on the active language, read when a query is parsed.

    Iterating gives the columns of the active language (the site's own,
    Hungarian, for any other), so ORDERS can hold it where it holds a tuple.
    """

    hu: tuple[str, ...]
    en: tuple[str, ...]

    def __iter__(self):
        return iter(self.en if language() == "en" else self.hu)


# Each page sorts by the name it shows, in its language's alphabet (catalog.collation):
# the Hungarian name on a Hungarian page, the English one where a card has it on an
# English page.
NAME_ORDER = ColumnsByLanguage(hu=("sort_name_hu",), en=("sort_name_en",))
# order value -> (fields, label); "rarity_rank" is annotated by cards_search.
ORDERS = {
    "name": (NAME_ORDER, gettext_noop("name")),
    "cost": (("cost",), gettext_noop("cost")),
    "attack": (("attack",), gettext_noop("attack")),
    "defense": (("defense",), gettext_noop("defense")),
    "glory": (("glory_bonus",), gettext_noop("glory bonus")),
    "number": (("number",), gettext_noop("collector number")),
    "set": (DEFAULT_ORDER, gettext_noop("set")),
    "rarity": (("rarity_rank",), gettext_noop("rarity")),
    "digit": (("digit",), gettext_noop("digit")),
    "letter": (("letter",), gettext_noop("letter")),
}
ORDER_SPELLINGS = (
    ("name", "name"), ("név", "name"), ("cost", "cost"), ("költség", "cost"),
    ("attack", "attack"), ("atk", "attack"), ("támadás", "attack"), ("erő", "attack"),
    ("defense", "defense"), ("def", "defense"), ("védekezés", "defense"),
    ("védelem", "defense"), ("glory", "glory"), ("dicsőség", "glory"),
    ("number", "number"), ("sorszám", "number"), ("set", "set"), ("készlet", "set"),
    ("rarity", "rarity"), ("ritkaság", "rarity"), ("digit", "digit"),
    ("számjegy", "digit"), ("letter", "letter"), ("betű", "letter"),
)  # fmt: skip
DIRECTIONS = (
    ("asc", "asc"), ("növekvő", "asc"), ("ascending", "asc"), ("up", "asc"),
    ("desc", "desc"), ("csökkenő", "desc"), ("descending", "desc"), ("down", "desc"),
)  # fmt: skip


@dataclass(frozen=True)
class OrderKey(ChoiceKey):
    """`order:` and `dir:`: an unknown value is dropped with a warning, not an error."""

    directive: bool = True
    unknown_message: str = ""

    def normalize(self, typed_key: str, value: str) -> str:
        try:
            return super().normalize(typed_key, value)
        except Invalid:
            names = ", ".join(choice_names(self.choices))
            message = gettext(self.unknown_message) % {"value": value, "choices": names}
            raise Ignored(message) from None


# --- the table ----------------------------------------------------------------
SUBTYPE = SubtypeKey(
    "subtype", ("sub", "altípus", "ház", "house"), gettext_noop("whose subtypes"),
    "sub:bűvforrás", example_en="sub:source", vocabulary=vocab.SUBTYPES,
)  # fmt: skip

KEYS: tuple[Key, ...] = (
    TextKey("name", ("név",), gettext_noop("whose name"), 'név:"éjlépő kajtár"',
            example_en='name:"kajtár nightstepper"', field="search_name"),
    TypeKey("type", ("t", "típus"), gettext_noop("whose type"), "t:révülő",
            example_en="t:dreamwalker", field="type", nullable=False, vocabulary=vocab.TYPES),
    SUBTYPE,
    RarityKey("rarity", ("r", "ritkaság"), gettext_noop("whose rarity"), "r:arany",
              example_en="r:rare", field="rarity", vocabulary=vocab.RARITIES),
    NumberKey("cost", ("c", "költség"), gettext_noop("whose cost"), "cost<=2", field="cost"),
    NumberKey("attack", ("atk", "támadás", "erő"), gettext_noop("whose attack"), "atk>=4",
              field="attack"),
    NumberKey("defense", ("def", "defence", "védekezés", "védelem"),
              gettext_noop("whose defense"), "def>=4", field="defense"),
    NumberKey("glory", ("dicsőség",), gettext_noop("whose glory bonus"), "glory>=1",
              field="glory_bonus"),
    NumberKey("digit", ("számjegy", "szám", "számkód"), gettext_noop("whose digit"), "digit:5",
              field="digit"),
    TextKey("text", ("o", "oracle", "szöveg"), gettext_noop("whose rules text"), 'o:"+4 erő"',
            example_en='o:"+4 power"', field="search_text", raw_fields=("text", "text_en"),
            token_field=tokens.TEXT),
    # flavour text is Hungarian only (a card has no English one): one example for both
    TextKey("flavor", ("ft", "flavour", "hangulat"), gettext_noop("whose flavour text"),
            "ft:jurta", field="search_flavor", token_field=tokens.FLAVOR),
    SetKey("set", ("s", "e", "készlet"), gettext_noop("whose set"), "set:AF1",
           field="card_set__code"),
    VocabKey("game", ("g", "játék"), gettext_noop("whose game"), "game:oniroo",
             field="game__slug", nullable=False, vocabulary=vocab.GAMES),
    ChoiceKey("letter", ("betű", "betűkód"), gettext_noop("whose letter"), "letter:A",
              field="letter",
              choices=tuple((c, c) for c in vocab.LETTERS)),
    VocabKey("shape", ("forma", "formakód"), gettext_noop("whose shape"), "shape:kereszt",
             example_en="shape:cross", field="shape", vocabulary=vocab.SHAPES),
    CodeKey("code", ("kód", "varázskód"), gettext_noop("whose code"), "kód:kereszt",
            example_en="code:cross"),
    GroupKey("group", ("csoport",), gettext_noop("whose group"), "group:állatok",
             example_en="group:animals", field="group", vocabulary=vocab.GROUPS),
    GroupKey("next", ("következő",), gettext_noop("whose next group"), "next:növények",
             example_en="next:plants", field="next_group", vocabulary=vocab.GROUPS),
    MarkKey("mark", ("jel",), gettext_noop("whose helper mark"), "jel:P", example_en="mark:P",
            field="helper_mark",
            choices=tuple(
                [(m, m) for m in vocab.HELPER_MARKS]
                + [(s, m) for m, names in vocab.HELPER_MARKS.items() for s in names]
            )),
    VocabKey("provenance", ("prov", "eredet"), gettext_noop("whose provenance"),
             "prov:demó", example_en="prov:demo", field="provenance", nullable=False,
             vocabulary=vocab.PROVENANCE),
    OwnedKey("owned", ("own", "birtok", "saját"), gettext_noop("copies you own"), "own>=1"),
    IsKey("is", ("van",), "", "is:unique", choices=tuple((
        ("unique", "unique"), ("egyedi", "unique"), ("helper", "helper"),
        ("segítő", "helper"), ("counter", "counter"), ("ellenvarázs", "counter"),
        ("source", "source"), ("bűvforrás", "source"),
    ))),
    OrderKey("order", ("sorrend",), "", "order:cost", directive=True,
             choices=ORDER_SPELLINGS,
             unknown_message=gettext_noop(
                 "Unknown sort order “%(value)s” was ignored. You can sort by: %(choices)s.")),
    OrderKey("dir", ("irány",), "", "dir:desc", directive=True, choices=DIRECTIONS,
             unknown_message=gettext_noop(
                 "Unknown sort direction “%(value)s” was ignored. Use one of: %(choices)s.")),
)  # fmt: skip

BY_ALIAS: dict[str, Key] = {fold(a): k for k in KEYS for a in (k.name, *k.aliases)}
# Folded alias -> alias as written, for "did you mean".
ALIAS_SPELLINGS: dict[str, str] = {fold(a): a for k in KEYS for a in (k.name, *k.aliases)}


# Each key's Hungarian name, the one the Hungarian syntax page lists first: a
# Hungarian page's "known keys" names these, an English one the keys' own names.
HUNGARIAN_NAMES: dict[str, str] = {
    "name": "név", "type": "típus", "subtype": "ház", "rarity": "ritkaság",
    "cost": "költség", "attack": "erő", "defense": "védelem", "glory": "dicsőség",
    "digit": "számjegy", "text": "szöveg", "flavor": "hangulat", "set": "készlet",
    "game": "játék", "letter": "betű", "shape": "forma", "code": "kód", "group": "csoport",
    "next": "következő", "mark": "jel", "provenance": "eredet", "owned": "saját",
    "is": "van", "order": "sorrend", "dir": "irány",
}  # fmt: skip


def key_names() -> list[str]:
    """Every key once, by its name in the active language."""
    if language() == "hu":
        return [HUNGARIAN_NAMES[k.name] for k in KEYS]
    return [k.name for k in KEYS]


def find_key(typed: str) -> Key | None:
    return BY_ALIAS.get(fold(typed))


def unknown_key(typed: str) -> Invalid:
    close = difflib.get_close_matches(fold(typed), list(ALIAS_SPELLINGS), n=1, cutoff=0.6)
    if close:
        message = gettext("There is no search key “%(key)s”. Did you mean “%(suggestion)s”?")
        text = message % {"key": typed, "suggestion": ALIAS_SPELLINGS[close[0]]}
    else:
        message = gettext("There is no search key “%(key)s”. Known keys include %(keys)s.")
        text = message % {"key": typed, "keys": ", ".join(key_names())}
    return Invalid("unknown_key", text, "key")


def loose_q(text: str, quoted_phrase: bool) -> Q:
    """A loose word or phrase against the card names (see catalog.search)."""
    folded = fold_words(text)
    if quoted_phrase or " " in folded:
        return all_words_q(tokens.NAME, folded) & words_in_order_q("search_name", folded)
    # A name word that starts with the typed word, or with a stem of it once
    # a Hungarian ending is cut off ("kajtárral" -> "kajtar").
    prefixes = [folded] + [stem for stem in stems(folded)[1:] if len(stem) >= 3]
    return words_q(tokens.NAME, prefixes)
