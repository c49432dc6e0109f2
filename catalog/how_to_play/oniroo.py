"""ONIROO's figures for its "How to play" page (catalog.how_to_play), from its engine and cards."""

from __future__ import annotations

from collections import Counter

from catalog import vocab
from catalog.how_to_play import GameSpec, named
from catalog.records import shipped_cards
from play.engines.oniroo import attacks as oniroo_attacks
from play.engines.oniroo import dreams as oniroo_dreams
from play.engines.oniroo import series as oniroo_series
from play.engines.oniroo import setup as oniroo_setup
from play.engines.oniroo import solitaire as oniroo_solitaire
from play.engines.oniroo import table as oniroo_table

# The engine's solitaire is the game for this many players (play.engines.oniroo.setup:
# `players == 1`); the table game is for more.
ONIROO_SOLITAIRE_PLAYERS = 1


def facts(spec: GameSpec, language: str) -> dict:
    setup, table = oniroo_setup, oniroo_table

    def label(type_id: str) -> str:
        return vocab.TYPES.label(type_id, language)

    order = spec.card_module().TYPES
    levels = []
    for level in setup.TABLE_LEVELS:
        chosen = setup.choices_at(level, False)
        variants = [
            setup.card_types(
                setup.check_options(
                    {
                        "players": ONIROO_SOLITAIRE_PLAYERS + 1,
                        "level": level,
                        "free_cards": free,
                        "attack_kind": kind,
                    }
                )
            )
            for free in ((False, True) if "free_cards" in chosen else (None,))
            for kind in (setup.ATTACK_KINDS if "attack_kind" in chosen else (None,))
        ]
        always = frozenset.intersection(*variants)
        by_choice = frozenset.union(*variants) - always
        levels.append(
            {
                "level": level,
                "types": [label(t) for t in order if t in always],
                "by_choice": [label(t) for t in order if t in by_choice],
                "min_length": setup.DEFAULT_MIN_LENGTH[level],
                "own_points": table.OWN_WAKE_UP_POINTS[level],
            }
        )
    shipped = shipped_cards(spec.id)
    counts = Counter(card["type"] for card in shipped)
    by_level = {row["level"]: row for row in levels}
    # each bad night and moon head by its subtype (the effect it has): {{ f.attack.nose.name }}
    attack = {
        card["subtypes"][0]: named(card, language)
        for card in shipped
        if card["type"] in spec.card_module().ATTACK_TYPES and card["subtypes"]
    }
    return {
        "total_cards": sum(counts.values()),
        "counts": dict(counts),
        "hand_size": setup.HAND_SIZE,
        "min_table_players": ONIROO_SOLITAIRE_PLAYERS + 1,
        "max_players": setup.MAX_PLAYERS,
        "solitaire_players": ONIROO_SOLITAIRE_PLAYERS,
        "first_level": setup.TABLE_LEVELS[0],
        "last_level": setup.TABLE_LEVELS[-1],
        "first_solitaire_level": setup.SOLITAIRE_LEVELS[0],
        "last_solitaire_level": setup.SOLITAIRE_LEVELS[-1],
        "levels": levels,
        "level": by_level,  # the same rows by level number: {{ f.level.4.min_length }}
        "letters": spec.card_module().LETTERS,  # {{ f.letters|first }}–{{ f.letters|last }}
        "set_size": oniroo_dreams.SET_SIZE,
        "run_length": oniroo_dreams.RUN_LENGTH,
        "other_wake_up_points": table.OTHER_WAKE_UP_POINTS,
        "seven_free": table.SEVEN_FREE,
        "seven_free_points": table.SEVEN_FREE_POINTS,
        "five_fairies": table.FIVE_FAIRIES,
        "five_fairies_points": table.FIVE_FAIRIES_POINTS,
        "reveal_draw": table.REVEAL_DRAW,
        "fairy_penalty": oniroo_attacks.FAIRY_PENALTY,
        "wait_turns": oniroo_attacks.WAIT_TURNS,
        "vote_points": oniroo_series.VOTE_POINTS,
        "vote_winner_bonus": oniroo_series.VOTE_WINNER_BONUS,
        "solitaire_hand": oniroo_solitaire.HAND_LIMIT,
        "solitaire_fairies": oniroo_solitaire.FAIRIES_ON_TABLE,
        "attack": attack,
    }
