"""The hard bot imagines only cards the table allows (its options) and the view leaves possible.

The search bot (play/bots/search.py) draws every card its seat cannot see
into whole sample states. A table's options limit what can be there: an
Álomfogó table that bans a card type (DECISIONS, Álomfogó 8) refuses every
deck holding one, an ONIROO level deals only its own cards, an Arcane
Guardian deal holds only the three endings in play. A sample with a card
the table excludes searches a game that cannot happen. These tests watch
every sample the bot draws while it decides.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from play.bots import get_bot
from play.bots.alomfogo_cards import DEMO_DECKS, all_cards, bot_deck_codes
from play.bots.arcane_guardian_cards import arcane_cards
from play.bots.arcane_guardian_solver import endings_met, sample_deal
from play.bots.oniroo_cards import oniroo_cards
from play.engines.alomfogo import deck_rules
from play.engines.alomfogo import new_game as alomfogo_game
from play.engines.arcane_guardian import new_game as arcane_game
from play.engines.oniroo import new_game as oniroo_game
from play.engines.oniroo.setup import card_types

CARDS = all_cards()
HARD, OTHER = 0, 1  # the hard bot's seat and its opponent's


class Recording:
    """The game's sampler as the bot uses it, noting what each sample holds when drawn.

    `look(state)` reads a sample before the search plays moves on it.
    """

    def __init__(self, sampling, look) -> None:
        self._sampling = sampling
        self._look = look
        self.seen: list = []

    def __getattr__(self, name: str):
        return getattr(self._sampling, name)

    def sample_state(self, view, knowledge, rng):
        state = self._sampling.sample_state(view, knowledge, rng)
        self.seen.append((view, self._look(state)))
        return state


# --- Álomfogó: a banned card type ----------------------------------------------------------
def table_decks(options: dict) -> list[list[dict]]:
    """What two bots bring to the table: the demo decks less the banned type, topped up."""
    return [[CARDS[c] for c in bot_deck_codes(name, CARDS, options)] for name in DEMO_DECKS]


def opponent_cards(state) -> list[str]:
    """The codes of every card the sample gives the opponent out of sight: hand and deck."""
    s = state.s
    theirs = s["players"][OTHER]
    return [s["inst"][iid]["code"] for iid in theirs["hand"] + theirs["deck"]]


def shown_by_opponent(view: dict) -> list[str]:
    seat = view["players"][OTHER]
    return [e["code"] for zone in ("board", "discard", "casting") for e in seat[zone]]


def hard_bot_game(options: dict, seed: int, *, decisions: int, until=None):
    """A game of the hard bot against the greedy one, the hard bot's samples recorded.

    Plays until `decisions` of the hard bot's decisions with a choice came after
    `until(view)` first held (from the start when None): searched, or handed to the greedy
    bot when search could not rebuild the view. Returns the bot and its recording.
    """
    decks = table_decks(options)
    g = alomfogo_game(decks, options, seed)
    hard = get_bot("hard", seed, game="alomfogo", deck=decks[HARD], options=options, iterations=3)
    recording = hard.sampling = Recording(hard.sampling, opponent_cards)
    greedy = get_bot("greedy", seed, game="alomfogo")
    rng = random.Random(seed)
    started = until is None
    before = 0

    def reached() -> int:
        return hard.searched + hard.fallbacks

    while not g.is_over:
        p = g.active_player
        view = g.view(p)
        if p == HARD and not started and until(view):
            started, before = True, reached()
        bot = hard if p == HARD else greedy
        g.apply(bot.choose(view, g.legal_actions(p), rng))
        if started and reached() - before >= decisions:
            return hard, recording
    pytest.fail(f"the game ended before the hard bot had {decisions} choices to make")


@pytest.mark.parametrize(
    "banned", [["esemeny"], ["azonnali"], ["alomleny", "altalanos"]], ids="+".join
)
def test_at_a_table_that_bans_a_type_the_hard_bot_never_imagines_one(banned):
    options = {"banned_types": banned}
    hard, recording = hard_bot_game(options, seed=3, decisions=12)
    assert hard.fallbacks == 0 and len(recording.seen) >= 12 * 3
    limit, copy_key = deck_rules["max_copies"], deck_rules["copy_key"]
    for view, imagined in recording.seen:
        assert imagined, "the opponent's hidden cards were not drawn"
        assert not [c for c in imagined if CARDS[c]["type"] in banned]
        # nor more copies of a card than a deck may hold, counting what the opponent showed
        names = Counter(copy_key(CARDS[c]["name"]) for c in imagined + shown_by_opponent(view))
        assert max(names.values()) <= limit


def test_a_card_from_outside_the_public_decks_is_searched_not_handed_to_the_greedy_bot():
    """At a 45-card table with a ban the opponent's deck is topped up with shipped cards the
    demo decks do not hold; once one is on view the hard bot still searches."""
    options = {"banned_types": ["esemeny"], "min_deck_size": 45}
    demo = {code for codes in DEMO_DECKS.values() for code in codes}

    def outsider_shown(view: dict) -> bool:
        return any(code not in demo for code in shown_by_opponent(view))

    hard, recording = hard_bot_game(options, seed=2, decisions=6, until=outsider_shown)
    assert hard.fallbacks == 0
    assert any(outsider_shown(view) for view, _ in recording.seen)
    for _, imagined in recording.seen:
        assert not [c for c in imagined if CARDS[c]["type"] == "esemeny"]


# --- ONIROO: the level's own cards ---------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {"level": 3, "players": 2},
        {"level": 4, "players": 3, "attack_kind": "bad_night"},
        {"level": 5, "players": 2, "free_cards": False},
    ],
    ids=["level-3", "level-4-bad-night", "level-5-no-free-cards"],
)
def test_oniroo_samples_hold_only_the_cards_the_level_deals(options):
    cards = oniroo_cards()
    types = {card["code"]: card["type"] for card in cards}
    dealt = card_types({**options, "free_cards": options.get("free_cards", True)})
    if options["level"] == 3:
        dealt -= {"free"}
    g = oniroo_game([cards], options, 6)
    hard = get_bot("hard", 6, game="oniroo", deck=cards, options=options, iterations=2)
    hard.sampling = recording = Recording(
        hard.sampling, lambda state: sorted(state.s["cards"].values())
    )
    bots = {p: get_bot("greedy", p, game="oniroo") for p in g.players}
    bots[HARD] = hard
    rng = random.Random(6)
    while not g.is_over and hard.searched < 8:
        p = g.active_player
        g.apply(bots[p].choose(g.view(p), g.legal_actions(p), rng))
    assert hard.searched >= 8 and hard.fallbacks == 0
    real = sorted(g.s["cards"].values())
    for _, codes in recording.seen:
        assert {types[c] for c in codes} <= dealt
        assert codes == real  # the level's cards, each as often as the game deals it


# --- Arcane Guardian: the endings in play --------------------------------------------------
def test_arcane_guardian_deals_drawn_for_the_verdict_hold_only_the_endings_in_play():
    cards = arcane_cards()
    endings = sorted(c["code"] for c in cards if c["type"] == "ending")
    chosen = endings[:3]
    g = arcane_game(cards, {"endings": chosen}, 4)
    rng = random.Random(4)
    for _ in range(12):
        if g.is_over:
            break
        world = sample_deal(g, endings_met(g.s["log"], g.s["cards"]), rng)
        dealt = sorted(code for pile in world.s["piles"] for code in pile)
        assert {c for c in dealt if c in endings} <= set(chosen)
        # the same cards, only where they lie may differ
        assert dealt == sorted(code for pile in g.s["piles"] for code in pile)
        legal = g.legal_actions(0)
        g.apply(legal[rng.randrange(len(legal))])
