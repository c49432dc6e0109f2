"""Draw odds and a sample hand: the maths every game's deck shares.

Pure: entries in (`decks.entries.Entry`), plain data out. The odds are exact
hypergeometric sums over `math.comb`, kept as `Fraction` until the end; only
the displayed percentage is rounded. Randomness is an input: every shuffle
comes from `random.Random(seed)` over the deck sorted by card code, so the
same deck and seed give the same hand whatever order the list was typed in.

No game's rules are here. A game whose draws the builder models names its own
room in the registry (`GameSpec.deck_odds`, e.g. `decks/odds_alomfogo.py`):
its draw rules, its standard odds and its goldfish. `odds_room` finds it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from types import ModuleType

from catalog import vocab
from core.games import GAMES
from decks.entries import Entry, display_name, main_board
from decks.stats import deck_game

CardTest = Callable[[dict], bool]


@dataclass(frozen=True)
class DrawRules:
    """How many cards a player has seen by a given turn of theirs (a game's engine says)."""

    opening_hand: int
    draws_per_turn: int
    starter_skips_first_draw: bool


def odds_room(game_id: str | None) -> ModuleType | None:
    """The game's draw odds and goldfish (the room the registry names), or None: the builder
    models the draws of that game only."""
    game = GAMES.get(game_id or "")
    return game.odds() if game is not None else None


# --- exact maths ----------------------------------------------------------------------------


def exact_at_least(population: int, successes: int, draws: int, k: int = 1) -> Fraction:
    """P(at least k successes among `draws` cards drawn from `population`), exactly.

    `successes` of the `population` cards are hits. Drawing more cards than
    the population holds draws them all.
    """
    if population < 0 or draws < 0 or not 0 <= successes <= population:
        raise ValueError(
            f"impossible deck: population={population}, successes={successes}, draws={draws}"
        )
    draws = min(draws, population)
    if k <= 0:
        return Fraction(1)
    if k > min(successes, draws):
        return Fraction(0)
    misses = population - successes
    fewer = sum(comb(successes, i) * comb(misses, draws - i) for i in range(k))
    return 1 - Fraction(fewer, comb(population, draws))


def prob_at_least(population: int, successes: int, draws: int, k: int = 1) -> float:
    """`exact_at_least` as a float (computed exactly, converted once)."""
    return float(exact_at_least(population, successes, draws, k))


def cards_seen_by_turn(turn: int, on_the_play: bool, rules: DrawRules) -> int:
    """Cards a player has seen after the draw of their own turn `turn` (0 = the opening hand).

    On the play (the starting player) the first turn has no draw.
    """
    if turn < 0:
        raise ValueError(f"turn must be 0 or more, not {turn}")
    draws = turn * rules.draws_per_turn
    if on_the_play and rules.starter_skips_first_draw and turn >= 1:
        draws -= rules.draws_per_turn
    return rules.opening_hand + draws


# --- odds on a deck -------------------------------------------------------------------------


@dataclass(frozen=True)
class OddsLine:
    """One figure of the odds panel: the question in words and its answer."""

    key: str  # stable id: "revulo_opening", "cheap_revulo_t2_play", "cheap_revulo_t2_draw"
    text: str
    probability: float
    percent: str  # rounded for display, in the language's number format
    turn: int
    on_the_play: bool | None  # None: the same either way (the opening hand)
    cards_seen: int


def of_type(*type_ids: str) -> CardTest:
    """A card test for `odds_for`: the card has one of these types."""
    wanted = frozenset(type_ids)
    return lambda card: card.get("type") in wanted


def target_name(entries: list[Entry], kind: str, value: str, language: str = "hu") -> str | None:
    """What an odds question counts, in words: a type's label or a card's quoted name.

    `kind` is "type" (a known card type) or "card" (the code of a main-board
    card of this deck). None when the deck has no such target to count.
    """
    if kind == "type":
        term = vocab.TYPES.get(value) if value else None
        return term.label(language) if term else None
    if kind == "card":
        for entry in main_board(entries):
            if entry.card is not None and entry.card.get("code") == value:
                name = display_name(entry.card, language)
                return f"“{name}”" if language == "en" else f"„{name}”"
    return None


def odds_for(
    entries: list[Entry],
    predicate_or_codes: CardTest | str | Iterable[str],
    turn: int,
    on_the_play: bool,
    k: int = 1,
    *,
    rules: DrawRules,
) -> float:
    """P(at least k main-board cards that pass the test are seen by your turn `turn`).

    The test is a function of a card record, or one card code, or several
    codes (any copy of any of them counts). Entries naming no card are not
    part of the deck counted here. `rules` are the game's draws.
    """
    test = _card_test(predicate_or_codes)
    population, hits = count(entries, test)
    seen = cards_seen_by_turn(turn, on_the_play, rules)
    return prob_at_least(population, hits, seen, k)


def format_percent(probability: float, language: str = "hu") -> str:
    """One decimal, never rounding a possible event to 0% or an uncertain one to 100%."""
    if 0 < probability < 0.001:
        text = "<0.1%"
    elif 0.999 < probability < 1:
        text = ">99.9%"
    else:
        text = f"{probability * 100:.1f}%"
    return text if language == "en" else text.replace(".", ",")


def _card_test(predicate_or_codes: CardTest | str | Iterable[str]) -> CardTest:
    if callable(predicate_or_codes):
        return predicate_or_codes
    codes = {predicate_or_codes} if isinstance(predicate_or_codes, str) else set(predicate_or_codes)
    return lambda card: card.get("code") in codes


def count(entries: list[Entry], test: CardTest) -> tuple[int, int]:
    known = [e for e in main_board(entries) if e.card is not None and e.count > 0]
    return sum(e.count for e in known), sum(e.count for e in known if test(e.card))


# --- sample hand ----------------------------------------------------------------------------


def shuffled(entries: list[Entry], seed: int) -> list[dict]:
    """The main board, one item per copy, shuffled by `seed` from a code-sorted start."""
    known = [e for e in main_board(entries) if e.card is not None and e.count > 0]
    known.sort(key=lambda e: e.card.get("code") or "")
    deck = [e.card for e in known for _ in range(e.count)]
    random.Random(seed).shuffle(deck)
    return deck


def sample_hand(entries: list[Entry], seed: int) -> list[dict]:
    """A starting hand drawn from the main board; [] for a game without a hand.

    The hand is the top of the same shuffle a game's goldfish uses, so both agree for
    one seed.
    """
    game = GAMES.get(deck_game(entries) or "")
    return shuffled(entries, seed)[: game.hand_size if game else 0]
