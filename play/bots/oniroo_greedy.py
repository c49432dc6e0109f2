"""The greedy bot for ONIROO: one ply of look-ahead over its own view.

It reads the view of its seat and the legal actions, nothing else; the
facts of every card it sees are printed on the card (the view carries them).

The table game. Every candidate action gets a score and the best is played
(ties broken by the bot's generator):

- the wake-up as soon as it can go on a complete dream (its own first);
- dream cards: the play that brings one of its dreams nearest to complete,
  measured by the engine's `cards_needed` (a lower bound on the cards a dream
  still needs, runs as the match's option says); at levels
  4–5 a play that completes a dream without the wake-up in hand waits, since
  anyone holding the wake-up may end the game on a complete dream for 5;
  more cards follow in the turn while each one still helps;
- a reveal when the hand holds a complete dream and the wake-up, staged in
  an order found by `arrangement`;
- attacks: a nightmare or a nose on a rival dream that is complete or nearly
  so, an ear on big rival dreams, insomnia for cards; the others only when no
  play helps;
- the fairy is shown when an attack would cost a good dream or the wake-up;
- discards: the card worth least to keep (never the wake-up).

Solitaire: lay what fits, choose code slots that keep the held symbol
cards reachable, keep the symbol cards worth aiming at, draw otherwise.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import permutations

from play.bots.base import Bot
from play.engines.base import Action
from play.engines.oniroo import solitaire
from play.engines.oniroo.dreams import (
    cards_needed,
    facts_of,
    is_complete,
    kept_after_giving,
    links,
)

WIN = 1000.0
UNKNOWN = 99  # the distance of a dream that does not exist yet
CHAIN = 1.5  # the worth of one more card this turn can carry (each is drawn back after)
SECOND = 2.0  # the weight of the second-nearest dream (a spare, should a nightmare come)
HOLD_BACK = -3.0  # completing a dream without the wake-up in hand: worse than waiting
CHAIN_LOOK = 7  # hand cards looked at for a chain (a search over orders)


# --- measuring dreams ---------------------------------------------------------------
def arrangement(
    cards: list[tuple], min_length: int, prefix: int = 0, any_run: bool = False
) -> list[int] | None:
    """Positions of `cards` in an order that is a complete dream, keeping the first `prefix`.

    A brute-force search, run only when the engine says a reveal is possible.
    """
    n = len(cards)
    fixed = list(range(prefix))
    rest = list(range(prefix, n))
    for size in range(max(min_length, prefix) - prefix, len(rest) + 1):
        for order in permutations(rest, size):
            seq = fixed + list(order)
            if len(seq) >= min_length and is_complete(
                [cards[i] for i in seq], min_length, True, any_run
            ):
                return seq
    return None


class _Table:
    """One decision's reading of a table view, with each dream's distance worked out once."""

    def __init__(self, view: dict) -> None:
        self.view = view
        self.me = view["you"]
        self.rules = view["rules"]  # the level's rules, as the engine says them
        self.codes = self.rules["codes"]
        self.min_length = view["options"]["min_dream_length"]
        self.any_run = view["options"].get("any_digit_run", False)
        self.seats = view["players"]
        self.mine = self.seats[self.me]
        self.hand = {c["id"]: c for c in self.mine.get("hand") or []}
        self.dreams: dict[str, list[tuple]] = {}  # mine (and the shared one at levels 2-3)
        if view.get("shared_dream"):
            shared = view["shared_dream"]
            self.dreams[shared["id"]] = [facts_of(c) for c in shared["cards"]]
        for dream in self.mine["dreams"]:
            self.dreams[dream["id"]] = [facts_of(c) for c in dream["cards"]]
        self.dists = {key: self.dist(d) for key, d in self.dreams.items()}
        # a dream not yet begun is as far as one that needs every card
        self.fresh = self.dist([])
        self.base = self.value(self.dists)
        self.wake_in_hand = any(c["type"] == "wake_up" for c in self.hand.values())
        self.wake_discarded = any(c["type"] == "wake_up" for c in view["discard"])
        self.have_complete = any(d["complete"] for d in self.mine["dreams"])
        # level 3: the view says who completed the shared dream, as only they may wake it
        shared = view.get("shared_dream") or {}
        self.completer_wakes = "completed_by" in shared
        # ... so a wake-up in hand can still end the game only while nobody else has
        self.wake_is_live = self.wake_in_hand and shared.get("completed_by") in (None, self.me)
        self._keep: dict[str, float] = {}

    def dist(self, dream: list[tuple]) -> int:
        return _cards_needed(tuple(dream), self.min_length, self.codes, self.any_run)

    def value(self, dists: dict[str, int]) -> float:
        """How near the dreams are: the nearest counts most, the next one a little."""
        near = sorted(min(d, self.fresh) for d in dists.values())[:2]
        near += [self.fresh] * (2 - len(near))
        return -10.0 * near[0] - SECOND * near[1]

    def gain(self, dream_id: str, facts: tuple) -> float:
        """How much nearer the dreams get with `facts` added to a dream (or a new one)."""
        dists = dict(self.dists)
        dists[dream_id] = self.dist([*self.dreams.get(dream_id, []), facts])
        return self.value(dists) - self.base

    def completes(self, dream_id: str, card: dict) -> bool:
        """Whether adding the card makes that dream (not yet complete) complete."""
        return self.dists.get(dream_id, UNKNOWN) > 0 and (
            self.dist([*self.dreams.get(dream_id, []), facts_of(card)]) == 0
        )

    def keep_value(self, card: dict) -> float:
        """What a hand card is worth keeping."""
        found = self._keep.get(card["id"])
        if found is None:
            found = self._keep[card["id"]] = self._keep_value(card)
        return found

    def _keep_value(self, card: dict) -> float:
        kind = card["type"]
        if kind == "wake_up":
            return 100.0
        if kind == "dream_fairy":
            return 6.0
        if kind in ("bad_night", "moon_head"):
            return 3.0
        if kind == "free":
            return 5.0
        if kind != "symbol":
            return 0.0
        facts = facts_of(card)
        best = max((self.gain(key, facts) for key in self.dreams), default=0.0)
        return best * 0.2 + 1.0

    def rival_dreams(self) -> list[tuple[int, dict, int]]:
        """(seat, dream, distance) of every other player's dream."""
        return [
            (seat["seat"], d, self.dist([facts_of(c) for c in d["cards"]]))
            for seat in self.seats
            if seat["seat"] != self.me
            for d in seat["dreams"]
        ]


@lru_cache(maxsize=65536)
def _cards_needed(dream: tuple, min_length: int, codes: bool, any_run: bool) -> int:
    # The same dreams (and each one with a hand card added) are measured at every move of a
    # game and of every playout of the search bot: each worked out once (playouts about
    # 1.8 times as fast).
    return cards_needed(dream, min_length, codes, any_run)


# --- the bot ----------------------------------------------------------------------------
class OnirooGreedyBot(Bot):
    kind = "greedy"

    def choose(self, view: dict | None, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view["mode"] == "solitaire":
            scores = solitaire_scores(view, legal)
        else:
            scores = table_scores(view, legal)
        top = max(scores)
        best = [a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)


def table_scores(view: dict, legal: list[Action]) -> list[float]:
    look = _Table(view)
    kinds = {a["type"] for a in legal}
    if kinds & {"show_fairy", "accept"}:
        return [_defend(look, a) for a in legal]
    if "give" in kinds:
        return [_give(look, a) for a in legal]
    if "take" in kinds:
        return [_take(look, a) for a in legal]
    if "play_blind" in kinds:
        return [0.0 for _ in legal]  # a position is a guess: all alike
    if view["to_act"] != view["turn_player"]:  # a moon hand: discard what is worth least
        return [-look.keep_value(look.hand[a["card"]]) for a in legal]
    if view["step"] == "staging":
        return _staging(look, legal)
    return [_turn_action(look, a, legal) for a in legal]


def _turn_action(look: _Table, a: Action, legal: list[Action]) -> float:
    kind = a["type"]
    if kind == "wake_up":
        return WIN + (1 if a["dream"] in look.dreams else 0)
    if kind == "stage":
        return _stage_score(look, a)
    if kind == "play":
        return _play(look, a)
    if kind == "attack":
        return _attack(look, a)
    if kind == "discard":
        return -look.keep_value(look.hand[a["card"]]) * 0.3
    return 0.0  # end_turn


def longest_chain(last: tuple, cards: list[tuple]) -> int:
    """How many of `cards` can follow `last` in one turn, each linking to the one before."""
    best = 0
    for i, card in enumerate(cards):
        if links(last, card):
            best = max(best, 1 + longest_chain(card, cards[:i] + cards[i + 1 :]))
            if best == len(cards):
                break
    return best


def _play(look: _Table, a: Action) -> float:
    card = look.hand[a["card"]]
    gain = look.gain(a["dream"], facts_of(card))
    before = look.dreams.get(a["dream"]) or []
    first_of_turn = not look.view["this_turn"]["played"]
    if look.rules["chains"] and not (
        first_of_turn and before and not links(before[-1], facts_of(card))
    ):
        # every card played is a card drawn at the end of the turn: chains draw more; the
        # turn's first card starts one only when it links on to the dream (a new one: always)
        rest = [
            facts_of(c)
            for c in look.hand.values()
            if c["id"] != a["card"] and c["type"] in ("symbol", "free")
        ]
        gain += CHAIN * longest_chain(facts_of(card), rest[:CHAIN_LOOK])
    if (
        look.rules["shared_dream"]
        and not look.wake_in_hand
        and not (look.completer_wakes and look.completes(a["dream"], card))
    ):
        # the shared dream helps whoever wakes first: do not hurry it without the wake-up,
        # unless finishing it keeps the wake-up for the finisher (level 3)
        gain = -gain
    if (
        look.rules["wake_up_anywhere"]
        and not look.wake_in_hand
        and look.completes(a["dream"], card)
    ):
        # anyone holding the wake-up may end the game on a complete dream for 5: finish
        # one only with the wake-up in hand (the play and the wake-up in the same turn)
        return HOLD_BACK
    return gain + 0.5 - 0.02 * look.keep_value(card)


def _stage_score(look: _Table, a: Action) -> float:
    """Worth a complete dream at once, and a card drawn back for each card laid out."""
    if look.rules["wake_up_anywhere"] and not look.wake_in_hand:
        return HOLD_BACK  # kept in hand, nobody can wake on it: revealed with the wake-up
    cards = [c for c in look.hand.values() if c["type"] in ("symbol", "free")]
    order = arrangement([facts_of(c) for c in cards], look.min_length, any_run=look.any_run)
    if order is None or cards[order[0]]["id"] != a["card"]:
        return -1.0
    revealed = look.value({**look.dists, "revealed": 0}) - look.base
    return revealed + CHAIN * len(order) + 1.0


def _staging(look: _Table, legal: list[Action]) -> list[float]:
    staged = [c["id"] for c in look.view["this_turn"].get("staged", [])]
    rest = [
        c for c in look.hand.values() if c["type"] in ("symbol", "free") and c["id"] not in staged
    ]
    cards = [look.hand[i] for i in staged] + rest
    order = arrangement(
        [facts_of(c) for c in cards], look.min_length, prefix=len(staged), any_run=look.any_run
    )
    wanted = cards[order[len(staged)]]["id"] if order and len(order) > len(staged) else None
    scores = []
    for a in legal:
        if a["type"] == "reveal":
            scores.append(100.0)
        elif a["type"] == "stage":
            scores.append(10.0 if a["card"] == wanted else -5.0)
        else:  # unstage: the engine offers only cards the dream can be finished from
            scores.append(0.0 if order is None else -10.0)
    return scores


def _attack(look: _Table, a: Action) -> float:
    effect = _effect_of(look, a)
    rivals = look.rival_dreams()
    target = a.get("target")
    if effect == "wait":  # level 3: the others cannot add to the shared dream for a while
        # worth it while the wake-up in hand can still win: the others' turns lost are turns
        # to complete the dream first. Once another player completed it that wake-up is dead
        # (only the completer may wake it), and bad nights traded back and forth only kept
        # both sides from laying their last symbol cards: a quarter of level-3 games between
        # two greedy bots ran to the 1,000-turn cap instead of ending drawn by K_02
        return 2.0 if look.wake_is_live else -0.5
    if effect == "nightmare":
        dist = next((d for s, dr, d in rivals if dr["id"] == a.get("dream")), UNKNOWN)
        if dist == 0:  # anyone holding the wake-up may end the game on it: take it away
            return 30.0
        return 8.0 - dist if dist <= 3 else -1.0
    if effect == "nose":
        best = min((d for s, _, d in rivals if s == target), default=UNKNOWN)
        return 4.0 - best if best <= 2 else -1.0
    if effect == "ear":
        size = sum(len(dr["cards"]) for s, dr, _ in rivals if s == target)
        return size * 0.4 - 1.0
    unseen = not look.wake_in_hand and not look.wake_discarded
    if effect == "insomnia":  # a card from the target's hand: perhaps the wake-up
        return 4.0 if unseen and look.have_complete else 0.5
    if effect == "sleepwalker" and unseen:
        # a hand that may hold the wake-up goes to the discard pile before its holder
        # wakes on our complete dream (anyone may, for 5 points)
        return 3.0 if look.have_complete else -0.5
    return -0.5  # eye, hand, mouth: only when nothing helps


def _effect_of(look: _Table, a: Action) -> str:
    """What this bad night or moon head does at this level (the view's `effect`)."""
    return look.hand[a["card"]]["effect"]


def _defend(look: _Table, a: Action) -> float:
    if a["type"] == "accept":
        return 0.0
    attack = look.view["attack"] or {}
    effect = attack.get("effect")
    mine = [look.dist(d) for key, d in look.dreams.items() if key != "shared"]
    harm = 0.0
    if effect == "nightmare":
        target = next((d for key, d in look.dreams.items() if key == attack.get("dream")), None)
        harm = 8.0 - look.dist(target) if target else 0.0
    elif effect in ("ear", "nose"):
        harm = 8.0 - min(mine, default=UNKNOWN)
    elif effect in ("sleepwalker", "insomnia", "mouth", "hand", "eye"):
        harm = 10.0 if look.wake_in_hand else 1.0
    return harm - 4.0  # a fairy kept is worth something too


def _give(look: _Table, a: Action) -> float:
    """The nose: give the card whose loss (and the cut-back it may cause) costs least."""
    dists = dict(look.dists)
    for dream in look.mine["dreams"]:
        ids = [c["id"] for c in dream["cards"]]
        facts = [facts_of(c) for c in dream["cards"]]
        if a["card"] in ids:
            at = ids.index(a["card"])
            kept = kept_after_giving(facts, at, look.min_length, look.codes, look.any_run)
            left = [*facts[:at], *facts[at + 1 :]][:kept]
            dists[dream["id"]] = look.dist(left)
    return look.value(dists)


def _take(look: _Table, a: Action) -> float:
    to = a["to"]
    card = next(c for c in look.view["in_transit"] if c["id"] == a["card"])
    if to == "discard":
        return -0.5
    if to == "hand":
        return 0.2
    return look.gain(to, facts_of(card))


# --- solitaire ----------------------------------------------------------------------------
def solitaire_scores(view: dict, legal: list[Action]) -> list[float]:
    """Lay fairies and fitting codes, keep what may be the goal card, otherwise draw on."""
    hand = view.get("hand") or []
    cards = {c["id"]: c for c in hand}
    cards.update({c["id"]: c for c in view["drawn"]})
    symbols = [c for c in hand if c["type"] == "symbol"]
    scores = []
    for a in legal:
        kind = a["type"]
        card = cards.get(a.get("card"), {})
        if kind == "draw":
            scores.append(0.0)
        elif kind == "lay":
            scores.append(_solitaire_lay(view, card, a, symbols))
        elif kind == "placeholder":
            scores.append(3.0 if card.get("type") != "symbol" or not _aimed(card) else 0.5)
        elif kind == "swap":
            scores.append(2.0 if _helps_symbols(view, card, symbols) else -1.0)
        elif kind == "keep":
            useful = card.get("type") in ("magic_code", "free", "dream_fairy") or _aimed(card)
            scores.append(1.5 if useful else -0.5)
        else:  # discard
            scores.append(-0.2 if a.get("card") in {c["id"] for c in hand} else 0.0)
    return scores


def _solitaire_lay(view: dict, card: dict, a: Action, symbols: list[dict]) -> float:
    if card.get("type") == "dream_fairy":
        return 6.0
    if view["level"] == 1:
        return 5.0
    if view["level"] == 2:
        digits = [None if slot is None else slot["digit"] for slot in view["table"]["row"]]
        digits[a["slot"]] = card.get("digit")
        matching = [s for s in symbols if solitaire.digits_agree(s["number"], digits)]
        return 4.0 + len(matching)
    return 4.0 + (2.0 if _helps_symbols(view, card, symbols) else 0.0)


def _helps_symbols(view: dict, card: dict, symbols: list[dict]) -> bool:
    """Level 3: whether a symbol card held in hand would still agree with every code laid
    once this code is laid (the engine's `codes_agree`)."""
    kind = card.get("subtype")
    if not kind:
        return False
    laid = {
        k: None if one is None or one["wild"] else one["card"].get(k)
        for k, one in view["table"]["codes"].items()
    }
    laid[kind] = card.get(kind)
    return any(solitaire.codes_agree({k: s.get(k) for k in laid}, laid) for s in symbols)


def _aimed(card: dict) -> bool:
    """Whether a symbol card fits what is already laid (worth keeping as the goal card):
    the view's `fits`, the engine's reading."""
    return bool(card.get("fits"))
