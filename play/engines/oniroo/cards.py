"""ONIROO card data for the engine: the catalog fields it reads, checked once at setup.

The catalog (catalog/data/oniroo/oniroo.json, docs/data/oniroo.md) gives every
card a `type`; symbol cards carry a letter, a shape, a digit, a yellow `group`
and a purple `next_group`; a free card carries only its purple group (it
stands for any letter, shape, digit and yellow group); special cards name
their kind in `subtypes`. `normalize_card` keeps what the rules read and
refuses anything else, so the rules never probe for missing keys.
"""

from __future__ import annotations

from operator import itemgetter

from play.engines.inputs import code_and_type, fail

TYPES = ("symbol", "free", "wake_up", "bad_night", "moon_head", "dream_fairy", "magic_code")
DREAM_TYPES = frozenset(("symbol", "free"))  # the cards a dream is made of
ATTACK_TYPES = frozenset(("bad_night", "moon_head"))

LETTERS = ("A", "B", "C", "D", "E", "F")
SHAPES = ("square", "star", "circle", "cross", "triangle")
DIGITS = tuple(range(10))
GROUPS = ("animals", "plants", "objects", "places", "people", "myth", "landscapes", "energy")
BAD_NIGHTS = ("nightmare", "sleepwalker", "insomnia")
MOON_HEADS = ("eye", "hand", "ear", "mouth", "nose")
CODE_KINDS = ("letter", "shape", "digit")
SUBTYPES = (*BAD_NIGHTS, *MOON_HEADS, *CODE_KINDS)

_LETTER_BIT = {v: 1 << i for i, v in enumerate(LETTERS)}
_SHAPE_BIT = {v: 1 << i for i, v in enumerate(SHAPES)}
_DIGIT_BIT = {d: 1 << ((d - 1) % 10) for d in DIGITS}  # the cycle 1-2-…-9-0: 1 is bit 0

_SUBTYPES = {"bad_night": BAD_NIGHTS, "moon_head": MOON_HEADS, "magic_code": CODE_KINDS}


class Info:
    """The facts of one card the rules read, with `facts` in the shape dreams.py uses.

    `facts` is (letter, shape, digit, group, next_group); a free card has None
    for the first four (it matches any) and its printed purple group.
    """

    __slots__ = (
        "code",
        "number",
        "type",
        "subtype",
        "letter",
        "shape",
        "digit",
        "group",
        "next_group",
        "facts",
        "is_dream",
        "bits",
    )

    def __init__(self, card: dict) -> None:
        self.code = card["code"]
        self.number = card["number"]
        self.type = card["type"]
        self.subtype = card["subtype"]
        self.letter = card["letter"]
        self.shape = card["shape"]
        self.digit = card["digit"]
        self.group = card["group"]
        self.next_group = card["next_group"]
        self.facts = (self.letter, self.shape, self.digit, self.group, self.next_group)
        self.is_dream = self.type in DREAM_TYPES
        # one bit for the letter, the shape and the digit (in cycle order) of a symbol card,
        # 0 for what a free card matches: the quick "could this hand be a dream?" test
        self.bits = (
            (_LETTER_BIT[self.letter], _SHAPE_BIT[self.shape], _DIGIT_BIT[self.digit])
            if self.type == "symbol"
            else (0, 0, 0)
        )


_ALLOWED = {"letter": frozenset(LETTERS), "shape": frozenset(SHAPES), "digit": frozenset(DIGITS)}
_GROUP_SET = frozenset(GROUPS)


def normalize_card(card: dict) -> dict:
    """The fields the engine reads, checked: a card the rules cannot use is refused."""
    code, kind = code_and_type(card, TYPES, type_name="ONIROO card type")
    number = card.get("number")
    if not isinstance(number, int) or isinstance(number, bool):
        fail(code, "the card number must be a whole number")
    subtype = None
    if kind in _SUBTYPES:
        found = [s for s in card.get("subtypes") or () if s in _SUBTYPES[kind]]
        if len(found) != 1:
            fail(code, f"a {kind} card names one of {', '.join(_SUBTYPES[kind])} in subtypes")
        subtype = found[0]
    letter = shape = digit = group = next_group = None
    if kind == "symbol":
        letter, shape, digit = _code(card, "letter"), _code(card, "shape"), _code(card, "digit")
        group, next_group = _group(card, "group"), _group(card, "next_group")
    elif kind == "free":
        next_group = _group(card, "next_group")
    elif kind == "magic_code":
        value = _code(card, subtype)
        letter, shape, digit = (value if subtype == k else None for k in CODE_KINDS)
    name = card.get("name") or code
    return {
        "code": code,
        "number": number,
        "name": name,
        "name_en": card.get("name_en") or name,
        "type": kind,
        "subtype": subtype,
        "letter": letter,
        "shape": shape,
        "digit": digit,
        "group": group,
        "next_group": next_group,
    }


_FIELDS = (
    "code",
    "number",
    "type",
    "letter",
    "shape",
    "digit",
    "group",
    "next_group",
    "name",
    "name_en",
)
card_fields = itemgetter(*_FIELDS)  # the fields normalising reads, but subtypes
_NORMALIZED: dict[tuple, tuple[dict, Info]] = {}
_CACHE_LIMIT = 4096


def normalized(card: dict) -> tuple[dict, Info]:
    """`normalize_card` and its `Info`, remembered by the fields they are made of.

    A game is set up from the same 173 cards again and again (bots, benchmarks,
    series); the key holds every field normalising reads, so a changed card
    is a new key and never a stale answer.
    """
    if not isinstance(card, dict):
        return normalize_card(card), None  # raises
    try:
        subtypes = card.get("subtypes")
        key = (card_fields(card), tuple(subtypes) if subtypes else ())
        found = _NORMALIZED.get(key)
    except (KeyError, TypeError):  # a field missing or unhashable: the checks say which
        key, found = None, None
    if found is None:
        norm = normalize_card(card)
        found = (norm, Info(norm))
        if key is not None:
            if len(_NORMALIZED) >= _CACHE_LIMIT:
                _NORMALIZED.clear()
            _NORMALIZED[key] = found
    return found


def _code(card: dict, key: str):
    value = card.get(key)
    if isinstance(value, bool) or value not in _ALLOWED[key]:
        allowed = {"letter": LETTERS, "shape": SHAPES, "digit": DIGITS}[key]
        fail(card["code"], f"{key} must be one of {', '.join(map(str, allowed))}")
    return value


def _group(card: dict, key: str) -> str:
    value = card.get(key)
    if value not in _GROUP_SET:
        fail(card["code"], f"a {card['type']} card needs {key} in {', '.join(GROUPS)}")
    return value


def public_card(card: dict, iid: str) -> dict:
    """A card as views show it: its id and the printed facts anyone reading its face sees."""
    return {
        "id": iid,
        "code": card["code"],
        "number": card["number"],
        "name": card["name"],
        "type": card["type"],
        "subtype": card["subtype"],
        "letter": card["letter"],
        "shape": card["shape"],
        "digit": card["digit"],
        "group": card["group"],
        "next_group": card["next_group"],
    }
