"""Arcane Guardian's figures for its "How to play" page (catalog.how_to_play), from its engine
and cards."""

from __future__ import annotations

from catalog.how_to_play import GameSpec, named
from catalog.records import shipped_cards
from play.engines.arcane_guardian import setup as arcane_setup


def facts(spec: GameSpec, language: str) -> dict:
    setup = arcane_setup
    shipped = shipped_cards(spec.id)
    by_code = {card["code"]: card for card in shipped}
    # the engine's own split of the card list: the mage's numbers as it reads them
    _table, mage, spells, endings, dungeon = setup.split_cards(shipped)
    max_life = list(mage["max_life"])
    return {
        "players": spec.seats({}),
        "piles": setup.PILES,
        "pile_size": len(dungeon) // setup.PILES,
        "dungeon_cards": len(dungeon),
        "endings_in_play": setup.ENDINGS_IN_PLAY,
        "endings_total": len(endings),
        "bottom": setup.BOTTOM,
        "spell_count": setup.SPELLS,
        "endings_random": setup.DEFAULTS["endings"] == "random",
        # the sets of endings the lobby offers, and how many of them can never be won
        "ending_sets": len(sets := setup.ending_sets(shipped)),
        "ending_sets_lost": sum(not winnable for _codes, winnable in sets),
        "start_level": mage["start_level"],
        "start_life": mage["start_life"],
        "max_level": len(max_life),
        "max_life": [{"level": n, "life": life} for n, life in enumerate(max_life, start=1)],
        "life_cap": mage["life_cap"],
        "spells": [named(by_code[code], language) for code in spells],
        "endings": [named(by_code[code], language) for code in endings],
        # the ending that wins only with the Key (its kind in the card data: "gate")
        "gate": next(
            named(by_code[code], language)
            for code in endings
            if by_code[code]["effects"]["kind"] == "gate"
        ),
    }
