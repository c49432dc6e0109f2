"""When is a dream complete, and why (or why not): pure functions, no game state.

A dream is a sequence of cards, each given by its facts
`(letter, shape, digit, group, next_group)`; a free card has None for the
first four (it matches every letter, shape, digit and yellow group) and its
printed purple group. Our reading (rules/DECISIONS.md, ONIROO 4):

- a **code set** is 5 cards with the same letter, or 5 with the same shape
  (anywhere in the dream), or 5 *adjacent* cards whose digits run up or down
  by one in the cycle 1-2-3-4-5-6-7-8-9-0 (so 8-9-0-1-2 and 2-1-0-9-8 run);
- a **group link** is two adjacent cards where the first one's purple group
  is the second one's yellow group;
- a dream is **complete** with at least `min_length` cards, a code set and a
  group link (levels 3–5); at levels 1–2 (`codes=False`) length alone counts.

`is_complete` is the fast check the engine runs after every change;
`explain_dream` says which code sets and links make a dream complete, or
what is missing, for the UI and the bots; `can_form_complete` says whether
some order of a set of cards (a hand) makes a complete dream.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

Facts = tuple  # (letter, shape, digit, group, next_group); None = "any" on a free card

SET_SIZE = 5  # cards in a letter or shape set
RUN_LENGTH = 5  # adjacent cards in a digit run
DIGIT_CYCLE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
CYCLE_INDEX = {d: i for i, d in enumerate(DIGIT_CYCLE)}
LETTER, SHAPE, DIGIT, GROUP, NEXT_GROUP = range(5)
# bit masks (bit i = the i-th digit of the cycle) of the 10 stretches of 5 digits
_STRETCHES = [sum(1 << ((start + k) % 10) for k in range(RUN_LENGTH)) for start in range(10)]
# for each set of digits (a mask): (fewest digits missing from a stretch, missing per stretch)
_MISSING = [
    (min(per), per)
    for per in ([(stretch & ~mask).bit_count() for stretch in _STRETCHES] for mask in range(1024))
]


def facts_of(card: dict) -> Facts:
    """The facts of a card dict (catalog or view entry); a free card matches any code."""
    if card.get("type") == "free":
        return (None, None, None, None, card.get("next_group"))
    return (
        card.get("letter"),
        card.get("shape"),
        card.get("digit"),
        card.get("group"),
        card.get("next_group"),
    )


# --- the pieces -----------------------------------------------------------------
def links(first: Facts, second: Facts) -> bool:
    """A group link: `first`'s purple group is `second`'s yellow group (a free card takes any)."""
    return second[GROUP] is None or (
        first[NEXT_GROUP] is not None and first[NEXT_GROUP] == second[GROUP]
    )


def group_links(dream: Sequence[Facts]) -> list[int]:
    """Positions i where card i links to card i + 1."""
    return [i for i in range(len(dream) - 1) if links(dream[i], dream[i + 1])]


def _run_start(window: Sequence[Facts], step: int) -> int | None:
    """The cycle index the window's run starts at going `step` (+1/-1), or None if no run.

    An all-free window runs from anywhere: 0 is returned for it.
    """
    start = None
    for offset, card in enumerate(window):
        digit = card[DIGIT]
        if digit is None:
            continue
        here = (CYCLE_INDEX[digit] - step * offset) % 10
        if start is None:
            start = here
        elif here != start:
            return None
    return 0 if start is None else start


def digit_runs(dream: Sequence[Facts]) -> list[tuple[int, int]]:
    """(first position, step) of every window of 5 adjacent cards that runs; step +1 up, -1 down."""
    found = []
    for i in range(len(dream) - RUN_LENGTH + 1):
        window = dream[i : i + RUN_LENGTH]
        for step in (1, -1):
            if _run_start(window, step) is not None:
                found.append((i, step))
    return found


def _set_counts(dream: Sequence[Facts], field: int) -> tuple[Counter, int]:
    """How many cards show each letter (or shape), and how many free cards match any."""
    counts: Counter = Counter()
    wild = 0
    for card in dream:
        value = card[field]
        if value is None:
            wild += 1
        else:
            counts[value] += 1
    return counts, wild


def _has_set(dream: Sequence[Facts], field: int) -> bool:
    counts: dict = {}
    for card in dream:
        value = card[field]
        counts[value] = counts.get(value, 0) + 1
    wild = counts.pop(None, 0)
    return max(counts.values(), default=0) + wild >= SET_SIZE


def has_code_set(dream: Sequence[Facts]) -> bool:
    if len(dream) < SET_SIZE:
        return False
    if _has_set(dream, LETTER) or _has_set(dream, SHAPE):
        return True
    return any(
        _run_start(dream[i : i + RUN_LENGTH], step) is not None
        for i in range(len(dream) - RUN_LENGTH + 1)
        for step in (1, -1)
    )


def has_link(dream: Sequence[Facts]) -> bool:
    return any(links(dream[i], dream[i + 1]) for i in range(len(dream) - 1))


def after_append(dream: Sequence[Facts], linked: bool, coded: bool) -> tuple[bool, bool]:
    """(has a link, has a code set) of `dream` just after its last card was appended.

    `linked` and `coded` are what the dream had before. Appending never
    undoes a link or a code set, and any new one holds the new card, so only
    those are looked for: the last pair, the new card's letter and shape, and
    the last five cards as a run.
    """
    n = len(dream)
    last = dream[-1]
    if not linked and n >= 2:
        linked = links(dream[-2], last)
    if not coded and n >= SET_SIZE:
        for field in (LETTER, SHAPE):
            value = last[field]
            if value is None:
                coded = _has_set(dream, field)
            else:
                coded = sum(1 for c in dream if c[field] is None or c[field] == value) >= SET_SIZE
            if coded:
                break
        if not coded:
            window = dream[n - RUN_LENGTH :]
            coded = _run_start(window, 1) is not None or _run_start(window, -1) is not None
    return linked, coded


def is_complete(dream: Sequence[Facts], min_length: int, codes: bool = True) -> bool:
    """Long enough and, when codes count, a code set and a group link."""
    n = len(dream)
    if n < min_length:
        return False
    if not codes:
        return True
    if not any(links(dream[i], dream[i + 1]) for i in range(n - 1)):
        return False
    return has_code_set(dream)


# --- progress toward a code set -------------------------------------------------
def longest_run(dream: Sequence[Facts]) -> tuple[int, int, int]:
    """(length, first position, step) of the longest stretch of adjacent cards that runs.

    Capped at RUN_LENGTH; a single card is a run of 1 (step +1). (0, 0, 1) when empty.
    """
    best = (min(len(dream), 1), 0, 1)
    for i in range(len(dream)):
        for step in (1, -1):
            length = 1
            while (
                length < RUN_LENGTH
                and i + length < len(dream)
                and _run_start(dream[i : i + length + 1], step) is not None
            ):
                length += 1
            if length > best[0]:
                best = (length, i, step)
    return best


def progress(dream: Sequence[Facts]) -> dict:
    """The best partial code set of each kind: how many of the 5 cards the dream has."""
    out = {}
    for kind, field in (("letter", LETTER), ("shape", SHAPE)):
        counts, wild = _set_counts(dream, field)
        value, have = counts.most_common(1)[0] if counts else (None, 0)
        out[kind] = {"value": value, "count": min(SET_SIZE, have + wild)}
    length, start, step = longest_run(dream)
    out["digit_run"] = {
        "count": length,
        "positions": list(range(start, start + length)),
        "direction": "up" if step == 1 else "down",
    }
    return out


# --- the explainer --------------------------------------------------------------
def _implied_digits(window: Sequence[Facts], step: int) -> list[int | None]:
    start = _run_start(window, step)
    if start is None or all(card[DIGIT] is None for card in window):
        return [card[DIGIT] for card in window]
    return [DIGIT_CYCLE[(start + step * k) % 10] for k in range(len(window))]


def explain(dream: Sequence[Facts], min_length: int = 5, codes: bool = True) -> dict:
    """Why the dream is complete, or what it lacks; JSON-safe, positions are 0-based.

    {"complete", "length", "min_length", "codes",
     "code_sets": [{"kind": "letter"|"shape", "value", "positions"},
                   {"kind": "digit_run", "direction": "up"|"down", "digits", "positions"}],
     "group_links": [[i, i + 1], ...],
     "progress": see `progress` (codes only),
     "missing": [{"what": "cards", "count": n},
                 {"what": "code_set", "best": {"kind", "value"?, "count", "need"}},
                 {"what": "group_link"}]}
    """
    n = len(dream)
    out: dict = {
        "complete": False,
        "length": n,
        "min_length": min_length,
        "codes": codes,
        "code_sets": [],
        "group_links": [],
        "missing": [],
    }
    if n < min_length:
        out["missing"].append({"what": "cards", "count": min_length - n})
    if not codes:
        out["complete"] = n >= min_length
        return out
    for kind, field in (("letter", LETTER), ("shape", SHAPE)):
        counts, wild = _set_counts(dream, field)
        wild_at = [i for i, card in enumerate(dream) if card[field] is None]
        for value, have in sorted(counts.items()):
            if have + wild >= SET_SIZE:
                mine = [i for i, card in enumerate(dream) if card[field] == value]
                used = sorted(mine + wild_at[: max(0, SET_SIZE - have)])
                out["code_sets"].append({"kind": kind, "value": value, "positions": used})
        if wild >= SET_SIZE and not counts:
            out["code_sets"].append({"kind": kind, "value": None, "positions": wild_at[:SET_SIZE]})
    for start, step in digit_runs(dream):
        window = dream[start : start + RUN_LENGTH]
        out["code_sets"].append(
            {
                "kind": "digit_run",
                "direction": "up" if step == 1 else "down",
                "digits": _implied_digits(window, step),
                "positions": list(range(start, start + RUN_LENGTH)),
            }
        )
    out["group_links"] = [[i, i + 1] for i in group_links(dream)]
    out["progress"] = progress(dream)
    if not out["code_sets"]:
        best = max(
            (
                {
                    "kind": kind,
                    **{k: v for k, v in out["progress"][kind].items() if k != "positions"},
                }
                for kind in ("letter", "shape", "digit_run")
            ),
            key=lambda b: b["count"],
        )
        best["need"] = SET_SIZE - best["count"]
        out["missing"].append({"what": "code_set", "best": best})
    if not out["group_links"]:
        out["missing"].append({"what": "group_link"})
    out["complete"] = not out["missing"]
    return out


def explain_dream(cards: Sequence[dict], min_length: int = 5, codes: bool = True) -> dict:
    """`explain` for card dicts (catalog cards or the card entries of a view)."""
    return explain([facts_of(c) for c in cards], min_length, codes)


# --- a complete dream from a hand -----------------------------------------------
def _run_choices(cards: Sequence[Facts], needed: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to give each needed digit (in order) its own card: a card with it, or free."""
    options = [
        [i for i, c in enumerate(cards) if c[DIGIT] is None or c[DIGIT] == d] for d in needed
    ]
    if not all(options):
        return []
    return [pick for pick in product(*options) if len(set(pick)) == len(pick)]


def missing_digits(mask: int) -> int:
    """The fewest digits of a stretch of five (in cycle order) a digit mask lacks."""
    return _MISSING[mask][0]


def _some_pair_links(cards: Sequence[Facts]) -> bool:
    """Whether two different cards of `cards`, one before the other, make a group link."""
    yellow: dict = {}
    for c in cards:
        yellow[c[GROUP]] = yellow.get(c[GROUP], 0) + 1
    if None in yellow:  # a free card takes any card before it
        return len(cards) >= 2
    for c in cards:
        purple = c[NEXT_GROUP]
        if purple is not None and yellow.get(purple, 0) - (c[GROUP] == purple) > 0:
            return True
    return False


def can_form_complete(cards: Sequence[Facts], min_length: int) -> bool:
    """Whether some order of some of `cards` (all of them counted) is a complete dream.

    Appending cards never undoes a code set or a link, so the spare cards can
    always trail the dream: enough cards in all, plus an order holding a code
    set and a link, is enough.
    """
    n = len(cards)
    if n < max(min_length, SET_SIZE):
        return False
    # cheap first (this runs at the start of every level 4-5 turn): can any code set form?
    # Five cards sharing a value among n leave at most n - 4 different values.
    sets = False
    for field in (LETTER, SHAPE):
        values = {c[field] for c in cards}
        values.discard(None)
        if len(values) <= n - 4 and _has_set(cards, field):
            sets = True
            break
    mask = wild = 0
    for c in cards:
        if c[DIGIT] is None:
            wild += 1
        else:
            mask |= 1 << CYCLE_INDEX[c[DIGIT]]
    if not sets and _MISSING[mask][0] > wild:
        return False
    if not _some_pair_links(cards):  # no two cards link in any order
        return False
    if sets:
        return True
    starts = [start for start, missing in enumerate(_MISSING[mask][1]) if missing <= wild]
    for step in (1, -1):
        # a stretch read downwards from its top is the same 5 digits as read upwards
        for start in starts if step == 1 else [(s + RUN_LENGTH - 1) % 10 for s in starts]:
            needed = [DIGIT_CYCLE[(start + step * k) % 10] for k in range(RUN_LENGTH)]
            for run in _run_choices(cards, needed):
                if any(links(cards[run[k]], cards[run[k + 1]]) for k in range(RUN_LENGTH - 1)):
                    return True
                rest = [i for i in range(n) if i not in run]
                first, last = cards[run[0]], cards[run[-1]]
                if any(links(cards[r], first) or links(last, cards[r]) for r in rest):
                    return True
                if any(links(cards[a], cards[b]) for a in rest for b in rest if a != b):
                    return True
    return False
