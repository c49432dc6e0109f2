"""Can this Arcane Guardian deal be won? A bounded search over the player's choices.

The solver sees the whole deal (every face-down card), and the dice are part
of the deal: a roll depends only on the seed, the card and how often that card
was rolled (`play/engines/arcane_guardian/dice.py`), never on the path taken.
So a deal is a finite one-player game without chance, and "winnable" has a
plain meaning: some sequence of legal actions ends in a win.

Method: depth-first search through `legal_actions` and `apply` on cheap state
copies (`search_copy`). Every legal action is tried (the search is complete);
the children of a position are visited best first by a rough `value` (level,
life, mana, items, curses, Key), which is only about speed. Three things
keep it small, none of which can hide a win:

- a memo of positions searched to the end without a win, keyed by everything
  that can still matter (`position_key`: pile heights, face-up flags, level,
  held cards, Key, the step in progress) and, per key, the life and upright
  spells it had: a position with no more life and no more upright spells
  than a lost one is lost too (`dominated`; more life or mana never hurts in
  these rules — `dominance=False` switches this off);
- an optimistic test (`win_still_possible`): when even collecting every card
  still reachable could not meet the condition of any winning ending (two
  torches for the Secret Tunnel, level 3 for the Altar's Key …), the
  position is lost;
- play only goes forward (each action uses up a card, a spell or a choice),
  so the search cannot loop.

Depth-first search has a heavy tail (one early choice that looks good but
loses can hold it for a long time), so it runs in attempts: 500 nodes, then
restarts with twice the allowance and the order slightly shuffled by a seeded
generator, until the budget; positions proved lost stay proved lost across
restarts. Same deal, same answer.

Answers:

- `winnable`, with the line (the actions from the start);
- `lost`, when the whole tree was searched, or when no ending in play can
  ever win (no exit, and no Dungeon Gate with a Key-giving ending);
- `unknown`, when the node budget (actions applied) ran out first.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from play.engines.arcane_guardian import dungeon, mage, new_game
from play.engines.arcane_guardian.state import ArcaneGuardianState

DEFAULT_BUDGET = 20_000  # nodes (actions applied) before answering "unknown"
FIRST_ATTEMPT = 500  # nodes of the first attempt; each restart gets twice as many
NOISE = 1.0  # how much a restart shuffles the order (in `value` units)


class _OutOfBudget(Exception):
    pass


@dataclass
class Solution:
    verdict: str  # "winnable" | "lost" | "unknown"
    reason: str
    line: list[dict] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def winning_endings_possible(s: dict) -> bool:
    """Some ending in play can win: an exit, or the Gate plus an ending that gives the Key."""
    gifts = [{k for k, _ in s["cards"][code]["gives"]} for code in s["endings"]]
    key_to_come = s["key"] or any("gain_key" in g for g in gifts)
    for code, gives in zip(s["endings"], gifts, strict=True):
        if "win" in gives:
            requires = s["cards"][code]["requires"] or {}
            if not requires.get("key") or key_to_come:
                return True
    return False


def _reachable_cards(s: dict) -> list[dict]:
    """Cards still to come: each pile from the top down to its first stopping ending.

    An ending that is not a collectible stops its pile for good, so what lies
    under it can never be reached; the ending itself can.
    """
    cards = s["cards"]
    found = []
    for pile in s["piles"]:
        for code in reversed(pile):
            card = cards[code]
            found.append(card)
            if dungeon.stops_pile(card):
                break
    return found


def _gives_level(card: dict) -> bool:
    bundles = []
    for key in ("interact", "reward"):
        if card.get(key):
            bundles.append(card[key])
    bundles.extend(card.get("rows") or [])
    bundles.extend(card.get("options") or [])
    if card.get("use"):
        bundles.append(card["use"]["steps"])
    return any(k == "gain_level" for steps in bundles for k, _ in steps)


def _possible(s: dict, condition: dict | None, future: list[dict]) -> bool:
    """Could this condition hold one day, with every card to come at best?"""
    if not condition:
        return True
    if "level" in condition:
        gains = sum(1 for card in future if _gives_level(card))
        if s["level"] + gains < condition["level"]:
            return False
    for kind, n in condition.get("has", {}).items():
        held = mage.count_kind(s, kind)
        coming = sum(1 for card in future if kind in card["kinds_has"])
        if held + coming < n:
            return False
    return True


def win_still_possible(s: dict) -> bool:
    """An optimistic test: False only when no way to win is left, whatever the player does.

    Each ending that wins needs its condition and cost to be reachable with
    every card still to come collected (levels, masks, torches, the Key from a
    Key ending whose own condition is reachable). Life is not counted.
    """
    future = _reachable_cards(s)
    endings = [c for c in future if c["type"] == "ending"]
    spells = len(s["spells"])
    key_possible = s["key"] or any(
        any(k == "gain_key" for k, _ in e["gives"]) and _possible(s, e["requires"], future)
        for e in endings
    )
    for ending in endings:
        if not any(k == "win" for k, _ in ending["gives"]):
            continue
        requires = dict(ending["requires"] or {})
        if requires.pop("key", False) and not key_possible:
            continue
        if not _possible(s, requires, future):
            continue
        if ending["costs"] and not any(
            all(k != "lose_mana" or v <= spells for k, v in steps) for steps in ending["costs"]
        ):
            continue
        return True
    return False


def position_key(s: dict) -> tuple:
    """Everything about a position that can change what happens next, but life and spells.

    Not the log, the discard pile or the step count either. Life and the
    upright spells are kept apart (`resources`) for the dominance test.
    """
    facing = s["facing"]
    pending = s["pending"]
    return (
        tuple(map(len, s["piles"])),
        tuple(s["up"]),
        s["level"],
        tuple(sorted(s["held"])),
        s["key"],
        repr(s["queue"]),
        None if pending is None else tuple(sorted(pending.items())),
        None if facing is None else (facing["card"], facing["face"], facing["rolls"]),
    )


def resources(s: dict) -> tuple[int, int]:
    """(life, upright spells as a bit mask in dealing order)."""
    mask = 0
    for n, up in enumerate(s["spells"].values()):
        if up:
            mask |= 1 << n
    return s["life"], mask


def dominated(dead: list[tuple[int, int]], life: int, mask: int) -> bool:
    """Some position already found lost had at least this life and these spells upright.

    More life or more upright spells never hurts in this game (every payment
    of life can be chosen anyway, more mana only adds options and reveals,
    and turning a card face up earlier changes nothing but when an ending
    acts), so such a position is lost as well.
    """
    return any(lost_life >= life and m & mask == mask for lost_life, m in dead)


def value(s: dict) -> float:
    """How good a position looks, to try the best child first (not used for any verdict)."""
    cards = s["cards"]
    curses = sum(1 for c in s["held"] if cards[c]["type"] == "curse")
    items = len(s["held"]) - curses
    life = s["life"] if s["life"] >= 1 else s["life"] - 5
    return (
        4 * s["level"] + 1.5 * life + 1.2 * mage.mana(s) + 0.8 * items - 1.5 * curses + 3 * s["key"]
    )


class _Search:
    def __init__(self, dominance: bool) -> None:
        self.dominance = dominance
        self.limit = 0  # the node count at which the current attempt stops
        self.noise: random.Random | None = None  # None: the plain order of `value`
        self.nodes = 0
        self.dead: dict[tuple, list[tuple[int, int]]] = {}
        self.line: list[dict] = []
        self._hope: dict[tuple, bool] = {}

    def hope(self, s: dict) -> bool:
        """`win_still_possible`, remembered: it only reads piles, held cards, level and Key."""
        key = (tuple(map(len, s["piles"])), tuple(s["held"]), s["level"], s["key"])
        known = self._hope.get(key)
        if known is None:
            known = self._hope[key] = win_still_possible(s)
        return known

    def wins(self, g: ArcaneGuardianState) -> bool:
        """True if some line from `g` wins; fills `self.line` (reversed) on the way back."""
        key = position_key(g.s)
        life, mask = resources(g.s)
        lost_here = self.dead.get(key)
        if lost_here is not None and (
            dominated(lost_here, life, mask) if self.dominance else (life, mask) in lost_here
        ):
            return False
        if not self.hope(g.s):
            self.dead.setdefault(key, []).append((life, mask))
            return False
        children = []
        for order, action in enumerate(g.legal_actions(0)):
            self.nodes += 1
            if self.nodes > self.limit:
                raise _OutOfBudget
            child = g.search_copy()
            child.apply(action)
            result = child.s["result"]
            if result is not None:
                if result["winners"]:
                    self.line.append(action)
                    return True
                continue
            score = value(child.s) + (self.noise.random() * NOISE if self.noise else 0.0)
            children.append((score, -order, action, child))
        children.sort(key=lambda kid: kid[:2], reverse=True)
        for _, _, action, child in children:
            if self.wins(child):
                self.line.append(action)
                return True
        self.dead.setdefault(key, []).append((life, mask))
        return False


def attempt_limits(budget: int) -> list[int]:
    """Node counts at which the attempts stop: each attempt gets twice the one before.

    Depth-first search has a heavy tail: an early choice that looks good but
    loses can hold it for a long time. Restarting with a slightly shuffled
    order (and the memo of lost positions kept, which stays true) escapes
    that; the last attempt runs to the full budget.
    """
    limits, step = [], FIRST_ATTEMPT
    while limits[-1:] != [budget]:
        limits.append(min(budget, (limits[-1] if limits else 0) + step))
        step *= 2
    return limits


def solve_state(
    g: ArcaneGuardianState, *, budget: int = DEFAULT_BUDGET, dominance: bool = True
) -> Solution:
    """Search from the position `g` (left unchanged)."""
    start = time.perf_counter()
    s = g.s
    if s["result"] is not None:
        verdict = "winnable" if s["result"]["winners"] else "lost"
        return Solution(verdict, "the game is already over", seconds=0.0)
    if not winning_endings_possible(s):
        return Solution(
            "lost",
            "no ending in play can win (no exit, and no Dungeon Gate with a Key-giving ending)",
            seconds=time.perf_counter() - start,
        )
    search = _Search(dominance)
    found = None
    for attempt, limit in enumerate(attempt_limits(budget)):
        search.limit = limit
        search.noise = random.Random(attempt) if attempt else None
        search.line = []
        try:
            found = search.wins(g.search_copy())
            break
        except _OutOfBudget:
            continue
    if found is None:
        return Solution(
            "unknown",
            f"the node budget ({budget}) ran out before an answer",
            nodes=search.nodes,
            seconds=time.perf_counter() - start,
        )
    seconds = time.perf_counter() - start
    if found:
        return Solution(
            "winnable",
            "a winning line was found",
            list(reversed(search.line)),
            search.nodes,
            seconds,
        )
    return Solution(
        "lost", "every line was searched; none wins", nodes=search.nodes, seconds=seconds
    )


def solve(
    cards: list,
    options: dict | None = None,
    seed: int = 0,
    *,
    budget: int = DEFAULT_BUDGET,
    dominance: bool = True,
) -> Solution:
    """Deal `new_game(cards, options, seed)` and search it."""
    return solve_state(new_game(cards, options, seed), budget=budget, dominance=dominance)
