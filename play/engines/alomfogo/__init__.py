"""Álomfogó rules engine (game id `alomfogo`); rules in docs/rules/alomfogo.md.

state = new_game([deck0, deck1], {"starting_glory": 15}, seed=1)
state.legal_actions(state.active_player)  # every legal choice
state.apply({"type": "end_main", "player": 0})
"""

from __future__ import annotations

from play.engines.alomfogo.state import GAME_ID, AlomfogoState
from play.engines.alomfogo.turn import DEFAULTS, DRAW_RULES, copy_key

game_id = GAME_ID
# What the deck builder's odds (decks/odds_alomfogo.py) count by, read from here (its goldfish
# plays the engine itself):
draw_rules = DRAW_RULES  # opening hand, draws a turn, the starter's skipped first draw
vp_per_turn = DEFAULTS["vp_per_turn"]
opening_hand = DRAW_RULES["opening_hand"]  # the builder's sample hand (core.games)
# What a deck needs by the rulebook, as the table checks it: the deck formats
# (decks/formats_alomfogo.py) are built on these, so the builder and the table agree.
deck_rules = {
    "min_deck_size": DEFAULTS["min_deck_size"],
    "max_copies": DEFAULTS["max_copies"],
    "copy_key": copy_key,  # what the copy limit counts by (a name, case and accents aside)
}
__all__ = [
    "deck_rules",
    "draw_rules",
    "from_dict",
    "game_id",
    "new_game",
    "opening_hand",
    "vp_per_turn",
]


def new_game(decks: list, options: dict | None = None, seed: int = 0) -> AlomfogoState:
    """A fresh game: decks shuffled (unless `shuffle: false`), hands dealt, first turn begun."""
    from play.engines.alomfogo import rules, turn

    g = AlomfogoState(turn.new_game_data(decks, options, seed))
    turn.deal(g)
    rules.settle(g)
    g._opened()
    return g


def from_dict(data: dict) -> AlomfogoState:
    return AlomfogoState.from_dict(data)
