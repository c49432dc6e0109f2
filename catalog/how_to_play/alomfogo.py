"""Álomfogó's figures for its "How to play" page (catalog.how_to_play), from its engine."""

from __future__ import annotations

from catalog.how_to_play import GameSpec
from core.games import ALOMFOGO_MAX_COPIES, ALOMFOGO_SMALLEST_DECK, ALOMFOGO_TOURNAMENT_DECK
from play.engines import alomfogo as alomfogo_engine
from play.engines.alomfogo import duel as alomfogo_duel
from play.engines.alomfogo import turn as alomfogo_turn


def facts(spec: GameSpec, language: str) -> dict:
    draws = alomfogo_engine.draw_rules
    return {
        "smallest_deck": ALOMFOGO_SMALLEST_DECK,
        "tournament_deck": ALOMFOGO_TOURNAMENT_DECK,
        "max_copies": ALOMFOGO_MAX_COPIES,
        "opening_hand": alomfogo_engine.opening_hand,
        "vp_per_turn": alomfogo_engine.vp_per_turn,
        "starting_glory": alomfogo_turn.DEFAULTS["starting_glory"],
        "draws_per_turn": draws["draws_per_turn"],
        "starter_skips_first_draw": draws["starter_skips_first_draw"],
        # what a defender's win earns with no glory bonus
        "defence_glory": alomfogo_duel.defence_glory(0),
        "seats": spec.seats({}),  # the lobby's tables
    }
