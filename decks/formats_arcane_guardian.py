"""Arcane Guardian's deck format: the whole game, with its endings chosen."""

from __future__ import annotations

from decks.formats import Format
from play.engines.arcane_guardian.setup import ENDINGS_IN_PLAY, GAME_ID

FORMATS: tuple[Format, ...] = (
    Format(
        id="standard", game=GAME_ID, number=11, name_hu="Alapjáték", name_en="Standard",
        min_cards=None, max_cards=None, max_copies=None,
        banned_types=frozenset(), allowed_types=None,
        exact_type_counts={"ending": ENDINGS_IN_PLAY},
        description_hu=f"A teljes játék, amelyből pontosan {ENDINGS_IN_PLAY} véglapot választasz.",
        description_en=f"The whole game, with exactly {ENDINGS_IN_PLAY} endings chosen.",
    ),
)  # fmt: skip
