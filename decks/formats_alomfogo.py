"""Álomfogó's deck formats: the casual and tournament sizes and two house rules.

Its smallest deck and copy limit are its engine's, the tournament size the
site's (core/games.py says it once); what the copy limit counts by (a card
name's printings together) is the engine's rule too.
"""

from __future__ import annotations

from core.games import ALOMFOGO_MAX_COPIES as COPIES
from core.games import ALOMFOGO_SMALLEST_DECK as SMALLEST
from core.games import ALOMFOGO_TOURNAMENT_DECK as TOURNAMENT
from decks.formats import Format
from play.engines.alomfogo import deck_rules
from play.engines.alomfogo.state import GAME_ID

COPY_KEY = deck_rules["copy_key"]  # what Álomfogó's copy limit counts by


def _alomfogo(number, id, name_hu, name_en, min_cards, banned, description_hu, description_en):
    return Format(
        id=id, game=GAME_ID, number=number, name_hu=name_hu, name_en=name_en,
        min_cards=min_cards, max_cards=None, max_copies=COPIES,
        banned_types=frozenset(banned), allowed_types=None, exact_type_counts={},
        description_hu=description_hu, description_en=description_en, copy_key=COPY_KEY,
    )  # fmt: skip


FORMATS: tuple[Format, ...] = (
    _alomfogo(
        1, "casual", "Alap", "Casual", SMALLEST, (),
        f"Legalább {SMALLEST} lap, egy lapnévből legfeljebb {COPIES} példány (a különböző "
        "kiadások együtt számítanak).",
        f"At least {SMALLEST} cards and at most {COPIES} copies of a card name (all its "
        "printings together).",
    ),
    _alomfogo(
        2, "tournament", "Verseny", "Tournament", TOURNAMENT, (),
        f"A versenyeken használt méret: legalább {TOURNAMENT} lap, egy lapnévből legfeljebb "
        f"{COPIES} példány.",
        f"The size used at tournaments: at least {TOURNAMENT} cards, at most {COPIES} copies of "
        "a card name.",
    ),
    _alomfogo(
        3, "no-events", "Esemény nélkül", "No events", SMALLEST, ("esemeny",),
        "Házi szabály: mint az alap, de esemény lap nem kerülhet a pakliba.",
        "House rule: as casual, but no event cards.",
    ),
    _alomfogo(
        4, "no-general-spells", "Általános varázslat nélkül", "No general spells", SMALLEST,
        ("altalanos",),
        "Házi szabály: mint az alap, de általános varázslat nem kerülhet a pakliba.",
        "House rule: as casual, but no general spells.",
    ),
)  # fmt: skip
