"""Álomfogó's draw odds and goldfish: the deck builder's room for this game.

The registry names this module (`GameSpec.deck_odds`); the builder reaches it
through `decks.odds.odds_room`, and the shared maths (exact odds, the sample
hand's shuffle) is `decks.odds`'s.

The odds count the cards a player sees through the normal draws only: the
opening hand and one card a turn. Extra draws (playing an álomlény, the 1-VP
instant swap, a card's text) only add to them, so the figures are a floor.
The goldfish is played by the Álomfogó engine, card texts and all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial

from catalog import vocab
from core.games import GAMES
from decks import odds
from decks.entries import Entry, display_name
from decks.odds import CardTest, DrawRules, OddsLine, format_percent, of_type, prob_at_least
from decks.stats import deck_game
from play.engines.base import Action, Event, GameState, SetupError

# Álomfogó's draws as its engine deals them, and the engine itself, which plays the goldfish
# (the rules live there: play.engines.alomfogo).
_ENGINE = GAMES[vocab.ALOMFOGO].engine()
ALOMFOGO_DRAWS = DrawRules(**_ENGINE.draw_rules)

# What the standard odds ask about: a révülő, and one cheap enough for an early turn
REVULO = "revulo"
CHEAP_COST = 2

# The room's odds are the shared ones with Álomfogó's draws bound, so a change to the maths
# (or to what the builder asks a room for) is made once, in `decks.odds`.
cards_seen_by_turn = partial(odds.cards_seen_by_turn, rules=ALOMFOGO_DRAWS)
odds_for = partial(odds.odds_for, rules=ALOMFOGO_DRAWS)


def odds_report(entries: list[Entry], language: str = "hu") -> list[OddsLine]:
    """The standard odds of an Álomfogó deck; an empty list for the other games or no cards."""
    if not _has_odds(entries):
        return []
    is_revulo = of_type(REVULO)

    def cheap_revulo(card: dict) -> bool:
        return is_revulo(card) and card.get("cost") is not None and card["cost"] <= CHEAP_COST

    population, _ = odds.count(entries, is_revulo)
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
    population, hits = odds.count(entries, test)
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


def _has_odds(entries: list[Entry]) -> bool:
    """Whether the deck's game is the one whose draws this room models (the registry says)."""
    game = GAMES.get(deck_game(entries) or "")
    return game is not None and game.deck_odds == __name__


@dataclass(frozen=True)
class Play:
    """One card laid down in a goldfish, as the engine carried it out."""

    card: dict
    cost: int  # the VP the engine charged (after the board's cost changes; 0 when free)
    drew: dict | None = None  # the card an álomlény's offered draw brought
    text_drew: tuple[dict, ...] = ()  # the cards its own text drew
    to_hand: tuple[dict, ...] = ()  # the cards its text took back into the hand
    discarded: tuple[dict, ...] = ()  # our cards its cost or text put in the discard pile
    vp_gained: int = 0  # the VP its text gave
    free: bool = False  # played free by a card on the board (Ébredés Ajtaja)


@dataclass(frozen=True)
class TurnLine:
    """One turn of a goldfish: what came in, what went out, what stayed."""

    turn: int
    drawn: dict | None  # None on the starting player's first turn (or when the deck ran out)
    vp_available: int  # carried over + gained this turn, as the main phase begins
    played: list[Play] = field(default_factory=list)
    vp_left: int = 0  # carries over to the next turn
    hand: list[dict] = field(default_factory=list)
    deck_out: bool = False  # a draw of this turn found an empty deck: the game is lost here
    start_drew: tuple[dict, ...] = ()  # the cards start-of-turn texts drew (before `drawn`)
    vp_from_texts: int = 0  # the part of `vp_available` that start-of-turn texts gave

    @property
    def vp_spent(self) -> int:
        """The VP paid for the cards played (their texts may have given VP meanwhile)."""
        return sum(p.cost for p in self.played)

    def text(self, language: str = "hu") -> str:
        en = language == "en"

        def name(card: dict) -> str:
            return display_name(card, language)

        def names(cards: Iterable[dict]) -> str:
            return ", ".join(name(c) for c in cards)

        parts = [f"Turn {self.turn}:" if en else f"{self.turn}. kör:"]
        if self.start_drew:
            parts.append(
                f"Start-of-turn card texts draw {names(self.start_drew)}."
                if en
                else f"A kör eleji lapszövegek miatt húzod: {names(self.start_drew)}."
            )
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
        if self.vp_from_texts:
            parts.append(
                f"{self.vp_available} VP ({self.vp_from_texts} of it from card texts)."
                if en
                else f"{self.vp_available} VP (ebből {self.vp_from_texts} lapszövegből)."
            )
        else:
            parts.append(f"{self.vp_available} VP.")
        if self.played:
            plays = []
            for p in self.played:
                said = [("free" if en else "ingyen") if p.free else f"{p.cost} VP"]
                if p.drew is not None:
                    said.append(f"draws {name(p.drew)}" if en else f"húzol: {name(p.drew)}")
                said.extend(
                    (english if en else hungarian).format(cards=names(cards))
                    for cards, english, hungarian in (
                        (
                            p.discarded,
                            "{cards} to the discard pile",
                            "a bűbájketrecbe kerül: {cards}",
                        ),
                        (p.text_drew, "its text draws {cards}", "a szövege miatt húzod: {cards}"),
                        (p.to_hand, "takes {cards} back to your hand", "visszaveszed: {cards}"),
                    )
                    if cards
                )
                if p.vp_gained:
                    said.append(f"{p.vp_gained:+d} VP")
                # "; " between what happened: a list of cards may hold commas
                plays.append(f"{name(p.card)} ({'; '.join(said)})")
            parts.append(("You play: " if en else "Kijátszod: ") + ", ".join(plays) + ".")
        else:
            parts.append("Nothing to play." if en else "Nem játszol ki lapot.")
        parts.append(f"{self.vp_left} VP left." if en else f"Marad {self.vp_left} VP.")
        held = names(self.hand) or ("nothing" if en else "semmi")
        parts.append(f"In hand: {held}." if en else f"Kézben: {held}.")
        return " ".join(parts)


US, OPPONENT = 0, 1  # the goldfish's seats: ours plays the deck, the other only passes


def goldfish(
    entries: list[Entry],
    seed: int,
    turns: int = 4,
    vp_per_turn: int | None = None,
    on_the_play: bool = True,
) -> list[TurnLine]:
    """Play the first `turns` turns of an Álomfogó deck alone, greedily; [] for other games.

    The Álomfogó engine plays them (play.engines.alomfogo), so every rule and
    every card text is its own: the VP each turn (`vp_per_turn`, the
    engine's option, its default unless given), the draws, what may be laid
    down (its cost after the board's cost changes, one bűvforrás a turn,
    a spell only with its targets), and what the cards' texts do (VP and
    draws at the start of a turn or when played, cards taken back, cost
    changes, free plays). Our seat is dealt the main board in the order of
    `sample_hand`'s shuffle (so the opening hand is that hand); the other
    seat holds copies of the deck and ends each of its turns at once.

    Each of our turns lays down, while the engine offers a card to play:
    révülők first, then the most expensive (what the engine charges now),
    ties to the card held longest, free when a card on the board offers it
    for free. The draw an álomlény allows is always taken (the engine offers
    it while the deck has a card), every other choice is made the simplest
    way (the first target the engine offers; the other seat never counters),
    and a play that would lose the game (a text's draw from an empty deck) is
    skipped. Nobody attacks, no ability of a card on the board is used and
    no instant is cycled: a goldfish only lays cards down. Deterministic for
    a seed.
    """
    if not _has_odds(entries):
        return []
    deck = odds.shuffled(entries, seed)
    if not deck or turns < 1:
        return []
    options = {
        "min_deck_size": 0,  # a deck in the making is tried as it stands
        "max_copies": 0,
        "shuffle": False,  # dealt in `odds.shuffled`'s order: the opening hand is the sample hand
        "first_player": US if on_the_play else OPPONENT,
        # a deck still smaller than a hand is dealt whole, as `sample_hand` shows it (the
        # engine would otherwise lose it in the deal, drawing from an empty deck)
        "hand_size": min(ALOMFOGO_DRAWS.opening_hand, len(deck)),
    }
    if vp_per_turn is not None:
        options["vp_per_turn"] = vp_per_turn
    # the other seat draws a card a turn and plays none: copies enough not to run out first
    needed = ALOMFOGO_DRAWS.opening_hand + (turns + 1) * ALOMFOGO_DRAWS.draws_per_turn
    decks = [deck, deck * -(-needed // len(deck))]
    refused: set[tuple[int, str]] = set()
    while True:
        try:
            game = _ENGINE.new_game(decks, options, seed)
        except SetupError:  # a card or an option the engine refuses: there is no game to show
            return []
        try:
            return _play_turns(game, turns, refused, {c["code"]: c for c in deck})
        except _Loses as lost:
            # the same seed plays the same game again, up to that play, which it skips: a
            # replay now and then is cheaper than trying every play on a copy of the game
            refused.add(lost.play)


class _Loses(Exception):
    """A play that would lose the game: (our turn, the card), to be skipped."""

    def __init__(self, turn: int, card: str) -> None:
        super().__init__(turn, card)
        self.play = (turn, card)


def _play_turns(
    game: GameState,
    turns: int,
    refused: set[tuple[int, str]],
    cards: dict[str, dict],
) -> list[TurnLine]:
    """Our first `turns` turns; `cards`: the deck's card records by code."""
    log = game.view(US)["events"]  # the deal and, on the play, the start of our first turn
    lines: list[TurnLine] = []
    for turn in range(1, turns + 1):
        log = [*log, *_opponent_passes(game)]
        skip = {card for when, card in refused if when == turn}
        line = _our_turn(game, turn, _since_our_turn(log), skip, cards)
        if line is None:
            break
        lines.append(line)
        if line.deck_out or turn == turns:
            break
        log = game.apply(_one_of(game.legal_actions(US), "end_main"))
        log += game.apply(_one_of(game.legal_actions(US), "end_turn"))
    return lines


def _our_turn(
    game: GameState,
    turn: int,
    start: list[Event],
    refused: set[str],
    cards: dict[str, dict],
) -> TurnLine | None:
    """Our main phase laid out and read back as a line (None: the game ended otherwise).

    `refused`: the cards not to play this turn. _Loses when a play would lose the game.
    """
    seat = game.view(US)["players"][US]
    code_of = _codes(seat)
    ours = [e for e in start if e.get("player") == US]
    # the engine marks the turn's own VP and draw ("turn"); the rest came from card texts
    draws = [e for e in ours if e["type"] == "draw"]
    extra = {
        "start_drew": tuple(cards[code_of(e["card"])] for e in draws if e.get("reason") != "turn"),
        "vp_from_texts": sum(
            e["delta"] for e in ours if e["type"] == "vp" and e.get("reason") != "turn"
        ),
    }
    turn_draws = [code_of(e["card"]) for e in draws if e.get("reason") == "turn"]
    if not seat["alive"]:
        held = _hand(seat, cards)
        return TurnLine(
            turn, None, seat["vp"], vp_left=seat["vp"], hand=held, deck_out=True, **extra
        )
    if game.is_over:
        return None
    drawn = cards[turn_draws[-1]] if turn_draws else None
    available = seat["vp"]
    played: list[Play] = []
    while (choice := _choose_play(game, seat, cards, refused)) is not None:
        action, cost = choice
        events, offered = _play_out(game, action)
        if any(e["type"] == "player_out" and e["player"] == US for e in events + offered):
            raise _Loses(turn, action["card"])
        seat = game.view(US)["players"][US]
        played.append(_read_play(events, offered, cost, _codes(seat), cards))
    return TurnLine(turn, drawn, available, played, seat["vp"], _hand(seat, cards), **extra)


def _choose_play(
    game: GameState, seat: dict, cards: dict[str, dict], refused: set[str]
) -> tuple[Action, int] | None:
    """The play the greedy goldfish makes next and the VP it costs, or None: révülő first,
    then the most expensive, ties to the card held longest; free when it may be."""
    offered: dict[str, list[Action]] = {}  # card -> its plays, in hand order (held longest first)
    for action in game.legal_actions(US):
        if action["type"] == "play_card" and action["card"] not in refused:
            offered.setdefault(action["card"], []).append(action)
    if not offered:
        return None
    in_hand = {entry["id"]: entry for entry in seat["hand"]}

    def rank(iid: str) -> tuple[bool, int]:
        entry = in_hand[iid]
        return cards[entry["code"]]["type"] == REVULO, entry["cost"]

    best = max(offered, key=rank)  # max keeps the first of equals: the card held longest
    free = next((a for a in offered[best] if a.get("free")), None)
    return (free, 0) if free is not None else (offered[best][0], in_hand[best]["cost"])


def _play_out(game: GameState, action: Action) -> tuple[list[Event], list[Event]]:
    """Apply our play and every choice it brings, until our main phase waits again.

    Returns its events and, apart, those of the draw an álomlény offered.
    """
    events = game.apply(action)
    offered: list[Event] = []
    while not game.is_over:
        player = game.active_player
        legal = game.legal_actions(player)
        if player == OPPONENT:  # a counter it could play against our spell: declined
            events += game.apply(_one_of(legal, "decline_counter"))
            continue
        kinds = {a["type"] for a in legal}
        if "end_main" in kinds:
            break
        if "draw_card" in kinds:
            offered += game.apply(_one_of(legal, "draw_card"))
        else:  # a target or a card to discard: the first the engine offers
            events += game.apply(_one_of(legal, "choose_target"))
    return events, offered


def _read_play(
    events: list[Event],
    offered: list[Event],
    cost: int,
    code_of: Callable[[str], str],
    cards: dict[str, dict],
) -> Play:
    """A play as its events tell it."""

    def ours(kind: str, found: list[Event] = events) -> list[Event]:
        return [e for e in found if e["type"] == kind and e.get("player") == US]

    (play,) = ours("play")
    drew = [cards[code_of(e["card"])] for e in ours("draw", offered)]
    return Play(
        card=cards[play["code"]],
        cost=0 if play["free"] else cost,
        drew=drew[0] if drew else None,
        text_drew=tuple(cards[code_of(e["card"])] for e in ours("draw")),
        to_hand=tuple(cards[e["code"]] for e in ours("to_hand")),
        discarded=tuple(
            cards[e["code"]] for e in ours("to_discard") if e["reason"] in ("cost", "effect")
        ),
        vp_gained=sum(e["delta"] for e in ours("vp")),
        free=play["free"],
    )


def _opponent_passes(game: GameState) -> list[Event]:
    """The other seat's turn, ended at once: its events, up to the start of ours."""
    events: list[Event] = []
    while not game.is_over and game.active_player == OPPONENT:
        events += game.apply(_one_of(game.legal_actions(OPPONENT), "end_main", "end_turn"))
    return events


def _since_our_turn(log: list[Event]) -> list[Event]:
    """The events since our turn began (its VP, start-of-turn texts, draw)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i]["type"] == "turn" and log[i]["player"] == US:
            return log[i + 1 :]
    return []


def _one_of(legal: list[Action], *kinds: str) -> Action:
    """The first legal action of the first of `kinds` offered (else the first legal one)."""
    for kind in kinds:
        for action in legal:
            if action["type"] == kind:
                return action
    return legal[0]


def _codes(seat: dict) -> Callable[[str], str]:
    """The catalog code of each of our cards the view shows (a card drawn is never hidden again:
    no rule puts a card back in a deck)."""
    shown = {c["id"]: c["code"] for zone in _ZONES_SHOWN for c in seat[zone]}
    return shown.__getitem__


_ZONES_SHOWN = ("hand", "board", "discard", "casting")


def _hand(seat: dict, cards: dict[str, dict]) -> list[dict]:
    return [cards[entry["code"]] for entry in seat["hand"]]
