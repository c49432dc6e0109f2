"""ONIROO's deck formats: the part of the box each level plays with.

The pools are the cards the engine deals at each level (DECISIONS §1, §9).
"""

from __future__ import annotations

from decks.formats import Format
from play.engines.base import SetupError
from play.engines.oniroo.setup import GAME_ID, card_types, check_options


def _oniroo(number, id, name_hu, name_en, types, description_hu, description_en):
    # ONIROO is one fixed box of 173 cards; a "deck" is the part of the box a
    # level plays with, so only the pool is checked: no size, no copy limit
    # (the box itself prints some cards several times).
    return Format(
        id=id, game=GAME_ID, number=number, name_hu=name_hu, name_en=name_en,
        min_cards=None, max_cards=None, max_copies=None,
        banned_types=frozenset(), allowed_types=frozenset(types) if types else None,
        exact_type_counts={},
        description_hu=description_hu, description_en=description_en,
    )  # fmt: skip


def _oniroo_pool(**options) -> frozenset[str]:
    """The card types the engine deals at a level (DECISIONS §1), with the free cards
    wherever the level allows them: a pool holds every card the players may choose to use.
    Magic codes belong to solitaire only; the moon head is out of level 5 and, at level 4,
    the alternative to bad night (the engine's `card_types` says so)."""
    try:
        dealt = check_options({**options, "free_cards": True})
    except SetupError:  # a level without free cards
        dealt = check_options(options)
    return card_types(dealt)


FORMATS: tuple[Format, ...] = (
    _oniroo(
        5, "level-1-2", "1–2. szint", "Levels 1–2", _oniroo_pool(level=1),
        "Szimbólumkártyák és az ébredés kártya; a szabad kártyák, ha a játékosok kérik.",
        "Symbol cards and the wake-up, plus the free cards if the players want them.",
    ),
    _oniroo(
        6, "level-3", "3. szint", "Level 3", _oniroo_pool(level=3),
        "Szimbólumkártyák, ébredés kártya, rossz éjszaka és álomtündér; szabad kártya és holdfej "
        "nélkül.",
        "Symbol cards, the wake-up, bad nights and dream fairies; no free cards, no moon heads.",
    ),
    _oniroo(
        7, "level-4-bad-night", "4. szint, rossz éjszakával", "Level 4 with bad nights",
        _oniroo_pool(level=4, attack_kind="bad_night"),
        "Az 5. szint lapjai: a rossz éjszaka a támadó lap, holdfej nélkül.",
        "The level 5 cards: bad nights are the attack cards, no moon heads.",
    ),
    _oniroo(
        8, "level-4-moon-head", "4. szint, holdfejjel", "Level 4 with moon heads",
        _oniroo_pool(level=4, attack_kind="moon_head"),
        "Az 5. szint lapjai, de a rossz éjszaka helyett a holdfejekkel.",
        "The level 5 cards, with the moon heads in place of the bad nights.",
    ),
    _oniroo(
        9, "level-5", "5. szint", "Level 5", _oniroo_pool(level=5),
        "Minden lap a holdfejek és a varázskódok kivételével.",
        "Every card except the moon heads and the magic codes.",
    ),
    # Solitaire (DECISIONS §9, rulebook section N): its level 3 uses every
    # card, the free cards included if the player wants them, and the magic
    # codes exist only here; levels 1 and 2 leave some out at the table,
    # which is the engine's level option, not a different box. So the pool
    # is the whole game.
    _oniroo(
        10, "solitaire", "Pasziánsz", "Solitaire", None,
        "Egyszemélyes játék: minden lap használható, a varázskódok csak itt.",
        "The one-player game: every card may be used, and only here the magic codes.",
    ),
)  # fmt: skip
