"""Draw odds, a sample hand and a goldfish of the first turns.

Pure: entries in (`decks.entries.Entry`), plain data out. The odds are exact
hypergeometric sums over `math.comb`, kept as `Fraction` until the end; only
the displayed percentage is rounded. Randomness is an input: every shuffle
comes from `random.Random(seed)` over the deck sorted by card code, so the
same deck and seed give the same hand whatever order the list was typed in.

The odds count the cards a player sees through the normal draws only: the
opening hand and one card a turn. Extra draws (playing an álomlény, the 1-VP
instant swap) only add to them, so the figures are a floor.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from catalog import vocab
from core.games import GAMES
from decks.entries import Entry, display_name, main_board
from decks.stats import deck_game

CardTest = Callable[[dict], bool]


@dataclass(frozen=True)
class DrawRules:
    """How many cards a player has seen by a given turn of theirs."""

    opening_hand: int
    draws_per_turn: int
    starter_skips_first_draw: bool


# Álomfogó's draws and what it lets a player lay down, as its engine deals and checks them
# (the rules live there: play.engines.alomfogo).
_ENGINE = GAMES[vocab.ALOMFOGO].engine()
ALOMFOGO_DRAWS = DrawRules(**_ENGINE.draw_rules)

REVULO, ALOMLENY = "revulo", "alomleny"
BUVFORRAS = "buvforras"
CHEAP_COST = 2


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


def cards_seen_by_turn(turn: int, on_the_play: bool, rules: DrawRules = ALOMFOGO_DRAWS) -> int:
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
) -> float:
    """P(at least k main-board cards that pass the test are seen by your turn `turn`).

    The test is a function of a card record, or one card code, or several
    codes (any copy of any of them counts). Entries naming no card are not
    part of the deck counted here.
    """
    test = _card_test(predicate_or_codes)
    population, hits = _population(entries, test)
    seen = cards_seen_by_turn(turn, on_the_play)
    return prob_at_least(population, hits, seen, k)


def odds_report(entries: list[Entry], language: str = "hu") -> list[OddsLine]:
    """The standard odds of an Álomfogó deck; an empty list for the other games or no cards."""
    if not _has_odds(entries):
        return []
    is_revulo = of_type(REVULO)

    def cheap_revulo(card: dict) -> bool:
        return is_revulo(card) and card.get("cost") is not None and card["cost"] <= CHEAP_COST

    population, _ = _population(entries, is_revulo)
    if population == 0:
        return []
    hand = ALOMFOGO_DRAWS.opening_hand
    lines = [
        _line(
            entries,
            is_revulo,
            "revulo_opening",
            language,
            turn=0,
            on_the_play=None,
            hu=f"Legalább 1 révülő a kezdő {hand} lapodban",
            en=f"At least 1 dreamwalker in your opening {hand} cards",
        )
    ]
    for on_the_play, suffix in ((True, "play"), (False, "draw")):
        seen = cards_seen_by_turn(2, on_the_play)
        who_hu = "ha te kezdesz" if on_the_play else "ha az ellenfeled kezd"
        who_en = "if you go first" if on_the_play else "if you go second"
        lines.append(
            _line(
                entries,
                cheap_revulo,
                f"cheap_revulo_t2_{suffix}",
                language,
                turn=2,
                on_the_play=on_the_play,
                hu=(
                    f"Legalább 1 legfeljebb {CHEAP_COST} VP-s révülő a második körödig, "
                    f"{who_hu} ({seen} lapot látsz)"
                ),
                en=(
                    f"At least 1 dreamwalker costing {CHEAP_COST} VP or less by your second turn, "
                    f"{who_en} ({seen} cards seen)"
                ),
            )
        )
    return lines


def format_percent(probability: float, language: str = "hu") -> str:
    """One decimal, never rounding a possible event to 0% or an uncertain one to 100%."""
    if 0 < probability < 0.001:
        text = "<0.1%"
    elif 0.999 < probability < 1:
        text = ">99.9%"
    else:
        text = f"{probability * 100:.1f}%"
    return text if language == "en" else text.replace(".", ",")


def _line(
    entries: list[Entry],
    test: CardTest,
    key: str,
    language: str,
    *,
    turn: int,
    on_the_play: bool | None,
    hu: str,
    en: str,
) -> OddsLine:
    population, hits = _population(entries, test)
    seen = cards_seen_by_turn(turn, bool(on_the_play))
    p = prob_at_least(population, hits, seen)
    return OddsLine(
        key=key,
        text=en if language == "en" else hu,
        probability=p,
        percent=format_percent(p, language),
        turn=turn,
        on_the_play=on_the_play,
        cards_seen=seen,
    )


def _card_test(predicate_or_codes: CardTest | str | Iterable[str]) -> CardTest:
    if callable(predicate_or_codes):
        return predicate_or_codes
    codes = {predicate_or_codes} if isinstance(predicate_or_codes, str) else set(predicate_or_codes)
    return lambda card: card.get("code") in codes


def _population(entries: list[Entry], test: CardTest) -> tuple[int, int]:
    known = [e for e in main_board(entries) if e.card is not None and e.count > 0]
    return sum(e.count for e in known), sum(e.count for e in known if test(e.card))


# --- sample hand and goldfish ---------------------------------------------------------------


def _shuffled(entries: list[Entry], seed: int) -> list[dict]:
    """The main board, one item per copy, shuffled by `seed` from a code-sorted start."""
    known = [e for e in main_board(entries) if e.card is not None and e.count > 0]
    known.sort(key=lambda e: e.card.get("code") or "")
    deck = [e.card for e in known for _ in range(e.count)]
    random.Random(seed).shuffle(deck)
    return deck


def sample_hand(entries: list[Entry], seed: int) -> list[dict]:
    """A starting hand drawn from the main board; [] for a game without a hand.

    The hand is the top of the same shuffle `goldfish` uses, so both agree for
    one seed.
    """
    game = GAMES.get(deck_game(entries) or "")
    return _shuffled(entries, seed)[: game.hand_size if game else 0]


def _has_odds(entries: list[Entry]) -> bool:
    """Whether the deck's game has draw odds here (the registry says: Álomfogó's draws)."""
    game = GAMES.get(deck_game(entries) or "")
    return game is not None and game.deck_odds


@dataclass(frozen=True)
class Play:
    card: dict
    cost: int
    drew: dict | None = None  # the card an álomlény drew when it was played


@dataclass(frozen=True)
class TurnLine:
    """One turn of a goldfish: what came in, what went out, what stayed."""

    turn: int
    drawn: dict | None  # None on the starting player's first turn (or when the deck ran out)
    vp_available: int  # carried over + gained this turn
    played: list[Play] = field(default_factory=list)
    vp_left: int = 0  # carries over to the next turn
    hand: list[dict] = field(default_factory=list)
    deck_out: bool = False  # this turn's draw found an empty deck: the game is lost here

    @property
    def vp_spent(self) -> int:
        return self.vp_available - self.vp_left

    def text(self, language: str = "hu") -> str:
        en = language == "en"

        def name(card: dict) -> str:
            return display_name(card, language)

        parts = [f"Turn {self.turn}:" if en else f"{self.turn}. kör:"]
        if self.deck_out:
            parts.append(
                "Your deck is empty, so the draw loses you the game."
                if en
                else "Elfogyott a paklid, a húzással elveszíted a játszmát."
            )
            return " ".join(parts)
        if self.drawn is None:
            parts.append("no draw (you go first)." if en else "nem húzol (te kezdesz).")
        else:
            parts.append(f"you draw {name(self.drawn)}." if en else f"húzod: {name(self.drawn)}.")
        parts.append(f"{self.vp_available} VP.")
        if self.played:
            plays = []
            for p in self.played:
                drew = ""
                if p.drew is not None:
                    drew = f", draws {name(p.drew)}" if en else f", húzol: {name(p.drew)}"
                plays.append(f"{name(p.card)} ({p.cost} VP{drew})")
            parts.append(("You play: " if en else "Kijátszod: ") + ", ".join(plays) + ".")
        else:
            parts.append("Nothing to play." if en else "Nem játszol ki lapot.")
        parts.append(f"{self.vp_left} VP left." if en else f"Marad {self.vp_left} VP.")
        held = ", ".join(name(c) for c in self.hand) or ("nothing" if en else "semmi")
        parts.append(f"In hand: {held}." if en else f"Kézben: {held}.")
        return " ".join(parts)


def goldfish(
    entries: list[Entry],
    seed: int,
    turns: int = 4,
    vp_per_turn: int | None = None,
    on_the_play: bool = True,
) -> list[TurnLine]:
    """Play the first `turns` turns of an Álomfogó deck alone, greedily; [] for other games.

    The engine's rules (DECISIONS §1–3): each turn gains `vp_per_turn` VP (the
    engine's default unless given) on top of what was left, draws as the
    engine deals, then lays cards down while one fits, as the engine allows:
    révülők first, then álomlény, esemény and általános varázslat cards, the
    most expensive that fits first (instants wait for duels; one bűvforrás a
    turn). The draw an álomlény allows is always taken, while the deck has a
    card. Card texts are not applied.
    """
    if vp_per_turn is None:
        vp_per_turn = _ENGINE.vp_per_turn
    if not _has_odds(entries):
        return []
    deck = _shuffled(entries, seed)
    size = ALOMFOGO_DRAWS.opening_hand
    hand, deck = deck[:size], deck[size:]
    vp = 0
    lines: list[TurnLine] = []
    for turn in range(1, turns + 1):
        vp += vp_per_turn
        drawn = None
        if not (on_the_play and turn == 1 and ALOMFOGO_DRAWS.starter_skips_first_draw):
            if len(deck) < ALOMFOGO_DRAWS.draws_per_turn:
                lines.append(TurnLine(turn, None, vp, vp_left=vp, hand=list(hand), deck_out=True))
                break
            for _ in range(ALOMFOGO_DRAWS.draws_per_turn):
                drawn = deck.pop(0)
                hand.append(drawn)
        available = vp
        played: list[Play] = []
        source_played = False
        while (card := _pick(hand, vp, source_played)) is not None:
            hand.remove(card)
            cost = max(card.get("cost") or 0, 0)
            vp -= cost
            source_played = source_played or _is_source(card)
            extra = None
            if card.get("type") == ALOMLENY and deck:  # the engine offers no draw from none
                extra = deck.pop(0)
                hand.append(extra)
            played.append(Play(card, cost, extra))
        lines.append(TurnLine(turn, drawn, available, played, vp, list(hand)))
    return lines


def _is_source(card: dict) -> bool:
    return BUVFORRAS in (card.get("subtypes") or ())


def _pick(hand: list[dict], vp: int, source_played: bool) -> dict | None:
    """The card the greedy player plays next, or None: révülő first, then the priciest."""
    options = [
        c
        for c in hand
        if (c.get("cost") or 0) <= vp
        and _ENGINE.may_play_in_main(c, buvforras_played=source_played)
    ]
    if not options:
        return None
    revulok = [c for c in options if c.get("type") == REVULO]
    pool = revulok or options
    # max() keeps the first of equals, so ties go to the card held longest
    return max(pool, key=lambda c: c.get("cost") or 0)
