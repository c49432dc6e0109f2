"""How the browser tests, the table bench and the screenshots pick a seat's move.

Plain Python, no Django: `bench/tables.py` and `docs/screenshots.py` drive a site
running in other processes and import this without the test settings.
"""

from __future__ import annotations

import json
from collections.abc import Callable


def action_key(action: dict) -> str:
    """The key live.js gives an action's button (KartyavarLive.actionKey): sorted pairs as JSON."""
    pairs = [[key, action[key]] for key in sorted(action)]
    return json.dumps(pairs, separators=(",", ":"), ensure_ascii=False)


def ranked(order: dict[str, float], rest: float = 50) -> Callable[[list[dict]], dict]:
    """The first legal action of the lowest rank in `order` (kinds it does not name: `rest`)."""
    return lambda legal: min(legal, key=lambda action: order.get(action["type"], rest))


# Álomfogó: plays cards, attacks, names helpers and uses instants whenever it may, so duels
# with helpers and instants happen; passing and ending a phase come last.
ALOMFOGO_EAGER = (
    "play_instant use_helper assign_helper declare_defender declare_attack play_card choose_target"
)
alomfogo_choice = ranked({kind: rank for rank, kind in enumerate(ALOMFOGO_EAGER.split())})

# ONIROO at a table: wake up when you may, then reveal, lay, attack; end the turn last.
ONIROO_ORDER = {
    "wake_up": 0,
    "reveal": 1,
    "show_fairy": 2,
    "play": 4,
    "stage": 5,
    "give": 6,
    "take": 6,
    "play_blind": 6,
    "attack": 8,
    "end_turn": 9,
    "accept": 9,
    "discard": 10,
    "unstage": 11,
}


def oniroo_choice(legal: list[dict]) -> dict:
    """The first of the most wanted kind; a card goes on a dream before it starts a new one."""

    def rank(action: dict) -> float:
        value = ONIROO_ORDER.get(action["type"], 50)
        return value + (0.5 if action.get("dream") == "new" else 0)

    return min(legal, key=rank)


# Arcane Guardian: settle the window in front of you, then step on; spells and items only
# when nothing else is left (below 1 life the uses are all there is).
arcane_choice = ranked(
    {
        "open_chest": 0,
        "accept_roll": 1,
        "roll": 2,
        "fight": 3,
        "choose": 4,
        "pay": 4,
        "choose_pile": 5,
        "cast": 6,
        "use": 7,
        "discard_curse": 8,
        "end_step": 8,
    }
)
