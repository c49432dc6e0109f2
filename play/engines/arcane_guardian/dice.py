"""The die: every roll is fixed by the deal, whatever the player does.

A roll is a pure function of three numbers: the game's `dice_key` (drawn once
from the seeded generator at setup and never shown), the card being rolled
for (its `die_id`, a CRC-32 of the code) and how many times that card has
been rolled for already (0 for the first roll, 1 for a reroll, ...).

So Spike Pit shows the same first face on a given deal whether it is met on
step 2 or step 12, and skipping a trap does not shift any other card's roll.
That is what lets the solver treat the dice as part of the deal and search
only the player's choices; it also means a replay needs no generator state.

The mixer is SplitMix64 (Steele, Lea and Flood, 2014); taking it modulo 6
has a bias of about 2⁻⁶¹, far below anything a game can notice.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
KEY_BITS = 52  # the key fits a JSON number exactly in every client (2^53)


def _mix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def d6(dice_key: int, die_id: int, attempt: int) -> int:
    """The face (1–6) of roll number `attempt` for the card `die_id` on this deal."""
    return _mix(_mix(dice_key ^ (die_id << 11)) + attempt) % 6 + 1
