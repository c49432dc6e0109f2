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
  these rules — `dominance=False` switches this off). One exception: while an
  ending with a cost still lies face down, mana can hurt (it runs the reveal
  phase that would force that payment), so there only the same spells count;
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

`solve_state` reads the whole deal, so its answer is for someone who knows
the face-down cards. The player does not, and a verdict on the real deal
would tell them about those cards (two tables that look the same can get
different answers). What the player may ask is `judge_seen`: the same search
over `DEALS` deals drawn to fit what the player has seen (`sample_deal`: the
face-down cards and the dice key drawn afresh, from a generator seeded by
the view alone), answered as counts — "winnable in k of N".
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from play.engines.arcane_guardian import dungeon, mage, new_game
from play.engines.arcane_guardian.cards import DUNGEON_TYPES
from play.engines.arcane_guardian.dice import KEY_BITS
from play.engines.arcane_guardian.setup import BOTTOM, PILES
from play.engines.arcane_guardian.state import ArcaneGuardianState

DEFAULT_BUDGET = 20_000  # nodes (actions applied) before answering "unknown"
FIRST_ATTEMPT = 500  # nodes of the first attempt; each restart gets twice as many
NOISE = 1.0  # how much a restart shuffles the order (in `value` units)
# `judge_seen`: deals drawn for one question, and the node budget of each (DEALS * DEAL_BUDGET
# is the old single search's budget: the same worst case, bench figures in play/hints.py)
DEALS = 8
DEAL_BUDGET = 2_500


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
    return dungeon.endings_can_win(s["cards"], s["endings"], key=s["key"])


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


def dominated(dead: list[tuple[int, int]], life: int, mask: int, *, same_spells: bool) -> bool:
    """Some position already found lost had at least this life and these spells upright.

    More life or more upright spells never hurts in this game (every payment
    of life can be chosen anyway, more mana only adds options and reveals,
    and turning a card face up earlier changes nothing but when an ending
    acts), so such a position is lost as well. Except while an ending with a
    cost lies face down (`costly_ending_hidden`): meeting it forces a payment,
    and mana runs the reveal phase that may meet it, so more mana can hurt;
    then `same_spells` asks for the very same upright spells.
    """
    if same_spells:
        return any(lost_life >= life and m == mask for lost_life, m in dead)
    return any(lost_life >= life and m & mask == mask for lost_life, m in dead)


def costly_ending_hidden(s: dict) -> bool:
    """An ending with a cost (forced on reveal) still lies face down in some pile."""
    cards = s["cards"]
    for pile, up in zip(s["piles"], s["up"], strict=True):
        hidden = pile[:-1] if up else pile
        if any(cards[c]["type"] == "ending" and cards[c]["costs"] for c in hidden):
            return True
    return False


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
        self._costly: dict[tuple, bool] = {}

    def hope(self, s: dict) -> bool:
        """`win_still_possible`, remembered: it only reads piles, held cards, level and Key."""
        key = (tuple(map(len, s["piles"])), tuple(s["held"]), s["level"], s["key"])
        known = self._hope.get(key)
        if known is None:
            known = self._hope[key] = win_still_possible(s)
        return known

    def same_spells(self, s: dict) -> bool:
        """`costly_ending_hidden`, remembered: the deal is fixed, so pile heights and face-up
        flags say which cards are still face down."""
        key = (tuple(map(len, s["piles"])), tuple(s["up"]))
        known = self._costly.get(key)
        if known is None:
            known = self._costly[key] = costly_ending_hidden(s)
        return known

    def wins(self, g: ArcaneGuardianState) -> bool:
        """True if some line from `g` wins; fills `self.line` (reversed) on the way back."""
        key = position_key(g.s)
        life, mask = resources(g.s)
        lost_here = self.dead.get(key)
        if lost_here is not None and (
            dominated(lost_here, life, mask, same_spells=self.same_spells(g.s))
            if self.dominance
            else (life, mask) in lost_here
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


# --- what the player may ask: the deals that fit what they have seen ---------------------
@dataclass
class Judgement:
    """`solve_state` over `deals` deals that fit the player's view: how many of each answer.

    `verdict` sums them up: "winnable" when every deal tried can be won,
    "lost" when none can, "unknown" when they differ or a search ran out.
    """

    verdict: str
    deals: int
    winnable: int
    lost: int
    unknown: int
    nodes: int = 0
    seconds: float = 0.0


def endings_met(events: Iterable[dict], cards: dict) -> set[int]:
    """The piles whose ending has turned up, by the events the player was shown."""
    return {
        e["pile"] for e in events if e["type"] == "reveal" and cards[e["card"]]["type"] == "ending"
    }


def hidden_cards(s: dict) -> list[str]:
    """The face-down cards, sorted, worked out from what the player sees.

    Every dungeon card and every ending in play that is not a face-up pile
    top, held or discarded (an encounter stays face up on its pile). Sorted:
    which card lies where is what is hidden, so nothing here follows the piles.
    """
    seen = set(s["held"]) | set(s["discard"])
    seen.update(pile[-1] for pile, up in zip(s["piles"], s["up"], strict=True) if up and pile)
    in_play = set(s["endings"])
    return sorted(
        code
        for code, card in s["cards"].items()
        if (card["type"] in DUNGEON_TYPES or code in in_play) and code not in seen
    )


def sample_deal(g: ArcaneGuardianState, met: set[int], rng: random.Random) -> ArcaneGuardianState:
    """A deal that looks to the player exactly like `g`, drawn from what they cannot see.

    `met`: the piles whose ending has turned up (`endings_met`); each other
    pile still hides its ending among its face-down cards, no deeper than the
    deal puts it (the bottom BOTTOM + 1 places), at a place drawn evenly; the
    other face-down cards are spread evenly over the places left, and the
    dice key is drawn afresh. That is the deal's own chance given what has
    been seen (the cards turned up so far are as likely under any such
    arrangement). Reads pile heights, face-up tops, held and discarded cards,
    never a face-down card or the dice key. `shuffle: false` (a fixed layout,
    tests and puzzles) keeps the piles: their order is the given one.
    """
    s = g.s
    world = g.search_copy()
    world.s["dice_key"] = rng.getrandbits(KEY_BITS)
    if not s["options"]["shuffle"]:
        return world
    cards = s["cards"]
    down = [len(p) - (1 if up and p else 0) for p, up in zip(s["piles"], s["up"], strict=True)]
    hidden = hidden_cards(s)
    endings = [c for c in hidden if cards[c]["type"] == "ending"]
    others = [c for c in hidden if cards[c]["type"] != "ending"]
    # a pile still hides its ending unless it turned up there (an ending that stops its
    # pile stays on top, face up: that one is met even when the events no longer show it)
    met = met | {
        i
        for i, pile in enumerate(s["piles"])
        if down[i] < len(pile) and cards[pile[-1]]["type"] == "ending"
    }
    waiting = [i for i in range(PILES) if i not in met]
    if (
        len(waiting) != len(endings)
        or sum(down) != len(hidden)
        or not all(down[i] for i in waiting)
    ):
        raise ValueError("the piles do not fit the cards seen and the endings met")
    rng.shuffle(endings)
    rng.shuffle(others)
    placed = {
        i: (rng.randint(0, min(BOTTOM, down[i] - 1)), code)
        for i, code in zip(waiting, endings, strict=True)
    }
    fill = iter(others)
    piles = []
    for i, pile in enumerate(s["piles"]):
        at, ending = placed.get(i, (None, None))
        new = [ending if k == at else next(fill) for k in range(down[i])]
        piles.append(new + pile[down[i] :])
    world.s["piles"] = piles
    return world


def view_seed(g: ArcaneGuardianState) -> str:
    """A seed for drawing deals, from the player's view alone: the same view, the same deals."""
    view = json.dumps(g.view(0), sort_keys=True, separators=(",", ":"))
    return "arcane-guardian deals:" + hashlib.sha256(view.encode()).hexdigest()


def judge_seen(
    g: ArcaneGuardianState,
    *,
    events: Iterable[dict] | None = None,
    deals: int = DEALS,
    budget: int = DEAL_BUDGET,
    seed: str | None = None,
) -> Judgement:
    """`solve_state` over `deals` deals that fit what the player sees (`sample_deal`).

    `events`: every event the player was shown since the deal, which says
    where the endings met turned up (`endings_met`); None reads the ones the
    view still lists, which reach back to the deal early on only (ValueError
    when they do not say enough). The deals are drawn from `seed`,
    by default `view_seed`: nothing the player cannot see steers them, so two
    tables that look the same get the same answer, and asking again too.
    """
    start = time.perf_counter()
    s = g.s
    met = endings_met(s["log"] if events is None else events, s["cards"])
    rng = random.Random(view_seed(g) if seed is None else seed)
    counts = {"winnable": 0, "lost": 0, "unknown": 0}
    nodes = 0
    for _ in range(deals):
        solution = solve_state(sample_deal(g, met, rng), budget=budget)
        counts[solution.verdict] += 1
        nodes += solution.nodes
    if counts["winnable"] == deals:
        verdict = "winnable"
    elif counts["lost"] == deals:
        verdict = "lost"
    else:
        verdict = "unknown"
    return Judgement(verdict, deals, **counts, nodes=nodes, seconds=time.perf_counter() - start)
