"""When is a dream complete, and why (or why not): pure functions, no game state.

A dream is a sequence of cards, each given by its facts
`(letter, shape, digit, group, next_group)`; a free card has None for the
first four (it matches every letter, shape, digit and yellow group) and its
printed purple group. Our reading (rules/DECISIONS.md, ONIROO 4):

- a **code set** is 5 cards with the same letter, or 5 with the same shape
  (anywhere in the dream), or 5 *adjacent* cards showing one of the two runs
  the rulebook names, 1-2-3-4-5 or 6-7-8-9-0, up or down (F_07). With the
  match option "any five consecutive digits" (`any_run=True`) every stretch
  of five of the cycle 1-2-3-4-5-6-7-8-9-0 runs too (8-9-0-1-2, 2-1-0-9-8);
- a **group link** is two adjacent cards where the first one's purple group
  is the second one's yellow group;
- a dream is **complete** with at least `min_length` cards, a code set and a
  group link (levels 3–5); at levels 1–2 (`codes=False`) length alone counts.

`is_complete` is the fast check the engine runs after every change;
`explain_dream` says which code sets and links make a dream complete, or
what is missing, for the UI and the bots; `can_form_complete` says whether
some order of a set of cards (a hand) makes a complete dream; `best_set`
says how far a dream's best letter set, shape set or digit run has come
(the bots' measure). Every function with `any_run` follows the option.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import product

Facts = tuple  # (letter, shape, digit, group, next_group); None = "any" on a free card

SET_SIZE = 5  # cards in a letter or shape set
RUN_LENGTH = 5  # adjacent cards in a digit run
DIGIT_CYCLE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
CYCLE_INDEX = {d: i for i, d in enumerate(DIGIT_CYCLE)}
LETTER, SHAPE, DIGIT, GROUP, NEXT_GROUP = range(5)
# the cycle index each named run starts at, by way (+1 up, -1 down): 1-2-3-4-5 and 6-7-8-9-0 (F_07)
NAMED_STARTS = {1: (0, 5), -1: (4, 9)}
NAMED_STRETCHES = (0, 5)  # the stretches (by their lowest cycle index) the named runs cover
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


def fits(start: int, step: int, length: int, any_run: bool) -> bool:
    """Whether `length` digits from cycle index `start` going `step` lie on a run the game
    accepts: anywhere on the cycle with `any_run`, else inside 1-2-3-4-5 or 6-7-8-9-0."""
    if any_run:
        return True
    end = start + step * (length - 1)  # no wrapping: a named run never crosses 0-1
    return 0 <= end <= 9 and start // 5 == end // 5


def _run_start(window: Sequence[Facts], step: int, any_run: bool = False) -> int | None:
    """The cycle index the window's run starts at going `step` (+1/-1), or None if no run.

    An all-free window runs from where a run may start: the first start of `step`.
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
    if start is None:
        return NAMED_STARTS[step][0]
    return start if fits(start, step, len(window), any_run) else None


def runs_at(window: Sequence[Facts], any_run: bool = False) -> bool:
    """Whether these adjacent cards run up or down (a run the game accepts)."""
    return _run_start(window, 1, any_run) is not None or _run_start(window, -1, any_run) is not None


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


def has_code_set(dream: Sequence[Facts], any_run: bool = False) -> bool:
    if len(dream) < SET_SIZE:
        return False
    return _has_set(dream, LETTER) or _has_set(dream, SHAPE) or has_run(dream, any_run)


def best_set(dream: Sequence[Facts], field: int, any_run: bool = False) -> int:
    """How many of its five cards the dream's best code set of one kind has (at most 5).

    `field` LETTER or SHAPE: the cards of the most shown letter (shape), free
    cards counted in. DIGIT: 5 when a run is there, else the cards at the end
    of the dream that run (the only stretch appending can grow), 1 for a
    single card. Runs follow `any_run`.
    """
    if field != DIGIT:
        counts, wild = _set_counts(dream, field)
        return min(SET_SIZE, max(counts.values(), default=0) + wild)
    if has_run(dream, any_run):
        return RUN_LENGTH
    best = 1 if dream else 0
    for length in range(2, min(RUN_LENGTH, len(dream)) + 1):
        if not runs_at(dream[-length:], any_run):
            break
        best = length
    return best


def has_run(dream: Sequence[Facts], any_run: bool = False) -> bool:
    """Whether five adjacent cards of the dream run."""
    return any(
        runs_at(dream[i : i + RUN_LENGTH], any_run) for i in range(len(dream) - RUN_LENGTH + 1)
    )


def has_link(dream: Sequence[Facts]) -> bool:
    return any(links(dream[i], dream[i + 1]) for i in range(len(dream) - 1))


def after_append(
    dream: Sequence[Facts], linked: bool, coded: bool, any_run: bool = False
) -> tuple[bool, bool]:
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
            coded = runs_at(dream[n - RUN_LENGTH :], any_run)
    return linked, coded


def is_complete(
    dream: Sequence[Facts], min_length: int, codes: bool = True, any_run: bool = False
) -> bool:
    """Long enough and, when codes count, a code set and a group link."""
    n = len(dream)
    if n < min_length:
        return False
    if not codes:
        return True
    if not any(links(dream[i], dream[i + 1]) for i in range(n - 1)):
        return False
    return has_code_set(dream, any_run)


# --- the explainer --------------------------------------------------------------
def kept_after_giving(
    dream: Sequence[Facts], at: int, min_length: int, codes: bool = True, any_run: bool = False
) -> int:
    """The nose (H_06, our reading): how many of the dream's cards stay, in order, once the
    card at `at` is given away: all the others, or, when the dream was complete and is not
    without it (its codes "break"), only those before it."""
    left = [*dream[:at], *dream[at + 1 :]]
    if is_complete(dream, min_length, codes, any_run) and not is_complete(
        left, min_length, codes, any_run
    ):
        return at
    return len(left)


def cards_needed(
    dream: Sequence[Facts], min_length: int, codes: bool = True, any_run: bool = False
) -> int:
    """A lower bound on the cards a dream still needs to be complete (0: it is).

    The most of: the cards short of `min_length`, the cards short of the best code set
    (`best_set`), one for a missing group link, and one for an incomplete dream.
    """
    short = max(0, min_length - len(dream))
    if not codes:
        return short
    if is_complete(dream, min_length, True, any_run):
        return 0
    best = max(best_set(dream, field, any_run) for field in (LETTER, SHAPE, DIGIT))
    code_need = max(0, SET_SIZE - best)
    link_need = 0 if has_link(dream) else 1
    return max(short, code_need, link_need, 1)


def _runs(
    dream: Sequence[Facts], any_run: bool = False
) -> tuple[list[tuple[int, int]], tuple[int, int, int]]:
    """Every run of RUN_LENGTH adjacent cards, and the longest stretch that runs (both
    only on the runs `any_run` accepts).

    The runs as (first position, step), step +1 up and -1 down, in position
    order. The longest as (length, first position, step), capped at
    RUN_LENGTH; a single card is a run of 1 (step +1), (0, 0, 1) when empty.
    One pass from each position and way grows the stretch card by card (the
    explainer runs for each card laid on a dream that a view shows).
    """
    n = len(dream)
    runs = []
    best = (min(n, 1), 0, 1)
    for i in range(n):
        for step in (1, -1):
            start = None  # the cycle index the stretch starts at (None: free cards so far)
            length = 0
            while length < RUN_LENGTH and i + length < n:
                digit = dream[i + length][DIGIT]
                if digit is not None:
                    here = (CYCLE_INDEX[digit] - step * length) % 10
                    if start is None:
                        start = here
                    elif here != start:
                        break
                if start is not None and not fits(start, step, length + 1, any_run):
                    break
                length += 1
            if length == RUN_LENGTH:
                runs.append((i, step))
            if length > best[0]:
                best = (length, i, step)
    return runs, best


def _positions(dream: Sequence[Facts], field: int) -> tuple[dict, list[int]]:
    """Where each letter (or shape) shows, in the order they first show, and where the
    free cards (which match any) are."""
    at: dict = {}
    wild_at = []
    for i, card in enumerate(dream):
        value = card[field]
        if value is None:
            wild_at.append(i)
        elif value in at:
            at[value].append(i)
        else:
            at[value] = [i]
    return at, wild_at


def _implied_digits(window: Sequence[Facts], step: int, any_run: bool) -> list[int | None]:
    start = _run_start(window, step, any_run)
    if start is None or all(card[DIGIT] is None for card in window):
        return [card[DIGIT] for card in window]
    return [DIGIT_CYCLE[(start + step * k) % 10] for k in range(len(window))]


def explain(
    dream: Sequence[Facts], min_length: int = 5, codes: bool = True, any_run: bool = False
) -> dict:
    """Why the dream is complete, or what it lacks; JSON-safe, positions are 0-based.

    {"complete", "length", "min_length", "codes",
     "any_digit_run": whether any five consecutive digits run (the match option),
     "code_sets": [{"kind": "letter"|"shape", "value", "positions"},
                   {"kind": "digit_run", "direction": "up"|"down", "digits", "positions"}],
     "group_links": [[i, i + 1], ...],
     "progress": the best partial code set of each kind, how many of its 5
         cards the dream has (codes only):
         {"letter": {"value", "count"}, "shape": {"value", "count"},
          "digit_run": {"count", "positions", "direction"}},
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
        "any_digit_run": any_run,
        "code_sets": [],
        "group_links": [],
        "missing": [],
    }
    if n < min_length:
        out["missing"].append({"what": "cards", "count": min_length - n})
    if not codes:
        out["complete"] = n >= min_length
        return out
    progress: dict = {}
    for kind, field in (("letter", LETTER), ("shape", SHAPE)):
        at, wild_at = _positions(dream, field)
        wild = len(wild_at)
        for value in sorted(at):
            mine = at[value]
            if len(mine) + wild >= SET_SIZE:
                used = sorted(mine + wild_at[: max(0, SET_SIZE - len(mine))])
                out["code_sets"].append({"kind": kind, "value": value, "positions": used})
        if wild >= SET_SIZE and not at:
            out["code_sets"].append({"kind": kind, "value": None, "positions": wild_at[:SET_SIZE]})
        best, have = None, 0  # the value most cards show (the first to show, of equals)
        for value, mine in at.items():
            if len(mine) > have:
                best, have = value, len(mine)
        progress[kind] = {"value": best, "count": min(SET_SIZE, have + wild)}
    runs, (length, first, step) = _runs(dream, any_run)
    for start, way in runs:
        window = dream[start : start + RUN_LENGTH]
        out["code_sets"].append(
            {
                "kind": "digit_run",
                "direction": "up" if way == 1 else "down",
                "digits": _implied_digits(window, way, any_run),
                "positions": list(range(start, start + RUN_LENGTH)),
            }
        )
    progress["digit_run"] = {
        "count": length,
        "positions": list(range(first, first + length)),
        "direction": "up" if step == 1 else "down",
    }
    out["group_links"] = [[i, i + 1] for i in group_links(dream)]
    out["progress"] = progress
    if not out["code_sets"]:
        best = max(
            (
                {"kind": kind, **{k: v for k, v in progress[kind].items() if k != "positions"}}
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


def explain_dream(
    cards: Sequence[dict], min_length: int = 5, codes: bool = True, any_run: bool = False
) -> dict:
    """`explain` for card dicts (catalog cards or the card entries of a view)."""
    return explain([facts_of(c) for c in cards], min_length, codes, any_run)


# --- a complete dream from a hand -----------------------------------------------
def _run_choices(cards: Sequence[Facts], needed: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to give each needed digit (in order) its own card: a card with it, or free."""
    options = [
        [i for i, c in enumerate(cards) if c[DIGIT] is None or c[DIGIT] == d] for d in needed
    ]
    if not all(options):
        return []
    return [pick for pick in product(*options) if len(set(pick)) == len(pick)]


def missing_digits(mask: int, any_run: bool = False) -> int:
    """The fewest digits of a run the game accepts (in cycle order) a digit mask lacks."""
    if any_run:
        return _MISSING[mask][0]
    per = _MISSING[mask][1]
    return min(per[start] for start in NAMED_STRETCHES)


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


def can_form_complete(cards: Sequence[Facts], min_length: int, any_run: bool = False) -> bool:
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
    if not sets and missing_digits(mask, any_run) > wild:
        return False
    if not _some_pair_links(cards):  # no two cards link in any order
        return False
    if sets:
        return True
    starts = [
        start
        for start, missing in enumerate(_MISSING[mask][1])
        if missing <= wild and (any_run or start in NAMED_STRETCHES)
    ]
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


def completable(
    prefix: Sequence[Facts], rest: Sequence[Facts], min_length: int, any_run: bool = False
) -> bool:
    """Whether `prefix`, followed by some order of some of `rest`, is a complete dream.

    The reveal's guide: a card laid out for a reveal is offered only when the
    dream can still be finished from there, so laying out always ends in a
    reveal. Appending never undoes a code set or a link, so every card of
    `rest` may be taken to trail the dream: only a run (five adjacent cards)
    and one link need an order, and a run is looked for card by card from
    the prefix's last four cards or from scratch.
    """
    return _completable(tuple(prefix), tuple(rest), min_length, any_run)


@lru_cache(maxsize=4096)  # laying out goes back and forth over the same few positions
def _completable(prefix: tuple, rest: tuple, min_length: int, any_run: bool) -> bool:
    prefix, rest = list(prefix), list(rest)
    if len(prefix) + len(rest) < max(min_length, SET_SIZE):
        return False
    whole = prefix + rest
    if _has_set(whole, LETTER) or _has_set(whole, SHAPE) or has_run(prefix, any_run):
        return _can_link_after(prefix, rest)
    for overlap in range(min(RUN_LENGTH - 1, len(prefix)), -1, -1):
        tail = prefix[len(prefix) - overlap :]
        for window, left in _run_windows(tail, rest, any_run):
            if overlap:  # the run goes on from the prefix: its cards follow it at once
                if _can_link_after(prefix + window, left):
                    return True
            elif _links_around(prefix, window, left):
                return True
    return False


def _can_link_after(fixed: list[Facts], rest: list[Facts]) -> bool:
    """Whether `fixed` followed by all of `rest` in some order holds a group link."""
    if has_link(fixed):
        return True
    if fixed and any(links(fixed[-1], card) for card in rest):
        return True
    return any(links(a, b) for i, a in enumerate(rest) for j, b in enumerate(rest) if i != j)


def _links_around(prefix: list[Facts], window: list[Facts], left: list[Facts]) -> bool:
    """Whether prefix + (some of `left`) + window + (the rest of `left`) can hold a link."""
    if has_link(prefix) or has_link(window):
        return True
    before = [prefix[-1]] if prefix else []
    if before and links(before[-1], window[0]):
        return True
    if any(links(a, b) for i, a in enumerate(left) for j, b in enumerate(left) if i != j):
        return True
    return any(
        (before and links(before[-1], card)) or links(card, window[0]) or links(window[-1], card)
        for card in left
    )


def _run_windows(tail: list[Facts], rest: list[Facts], any_run: bool):
    """Each way of following `tail` with cards of `rest` into five adjacent cards that run:
    (the cards taken, in order; the cards left). Each run the game accepts fixes the digit
    every place needs; a free card takes any."""
    need = RUN_LENGTH - len(tail)
    for step in (1, -1):
        for start in range(10) if any_run else NAMED_STARTS[step]:
            digits = [DIGIT_CYCLE[(start + step * k) % 10] for k in range(RUN_LENGTH)]
            if any(
                c[DIGIT] is not None and c[DIGIT] != d for c, d in zip(tail, digits, strict=False)
            ):
                continue
            wanted = digits[len(tail) :]
            fitting = [
                [i for i, c in enumerate(rest) if c[DIGIT] is None or c[DIGIT] == d] for d in wanted
            ]
            yield from _assignments(rest, fitting, need)


def _assignments(rest: list[Facts], fitting: list[list[int]], need: int):
    """Each choice of a different card of `rest` for every place, from the ones that fit it."""

    def extend(taken: list[int]):
        if len(taken) == need:
            chosen = set(taken)
            yield [rest[i] for i in taken], [c for i, c in enumerate(rest) if i not in chosen]
            return
        for i in fitting[len(taken)]:
            if i not in taken:
                yield from extend([*taken, i])

    yield from extend([])
