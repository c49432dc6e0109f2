"""The facts a game's "How to play" page states, read from the code that enforces them.

A page is prose in one language (templates/catalog/rules/<room>_<language>.html) around
figures it never types: deck sizes and copy limits, hand sizes, points, levels and life come
from the engines and the registry (core/games.py), card names, texts and counts from the
shipped card data (catalog/data), the lobby's choices from the game's spec. So when a rule's
number changes in the engine, the page changes with it. A figure the code holds only as a
literal inside a function (the 1 glory a refused duel costs, the 1 VP an instant is cycled
for) is written in the prose.

Reads only: no Django models, nothing written; what a game alone has is one function here,
picked by the game's room like every other per-game file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.urls import reverse

from catalog import vocab
from catalog.records import shipped_cards
from core.games import (
    ALOMFOGO_MAX_COPIES,
    ALOMFOGO_SMALLEST_DECK,
    ALOMFOGO_TOURNAMENT_DECK,
    GameSpec,
)
from play.engines import alomfogo as alomfogo_engine
from play.engines.alomfogo import duel as alomfogo_duel
from play.engines.alomfogo import turn as alomfogo_turn
from play.engines.arcane_guardian import setup as arcane_setup
from play.engines.oniroo import attacks as oniroo_attacks
from play.engines.oniroo import dreams as oniroo_dreams
from play.engines.oniroo import series as oniroo_series
from play.engines.oniroo import setup as oniroo_setup
from play.engines.oniroo import solitaire as oniroo_solitaire
from play.engines.oniroo import table as oniroo_table


def page_language(language: str | None) -> str:
    """The language of the page written for `language` (Hungarian unless English)."""
    return "en" if language == "en" else "hu"


def template_name(spec: GameSpec, language: str) -> str:
    """The game's page in that language: catalog/rules/<room>_<hu|en>.html."""
    return f"catalog/rules/{spec.room}_{page_language(language)}.html"


@dataclass(frozen=True)
class LobbyChoice:
    """One option of the game's lobby form, as the page lists it."""

    name: str
    label: str
    values: tuple[str, ...]  # the labels of the allowed values, in the lobby's order
    default: str  # the label of the value the lobby starts on
    help: str


def lobby_choices(spec: GameSpec) -> list[LobbyChoice]:
    """The lobby's choices for the game (the registry's), labelled in the active language."""
    rows = []
    for choice in spec.choices:
        labels = [str(label) for _value, label in choice.options()]
        rows.append(
            LobbyChoice(
                name=choice.name,
                label=str(choice.label),
                values=tuple(labels),
                default=labels[choice.values.index(choice.default)],
                help=str(choice.help),
            )
        )
    return rows


@dataclass(frozen=True)
class CardType:
    label: str  # the catalog's name for the type, in the page's language
    count: int  # shipped cards of the type
    url: str  # the catalog search for them


def card_types(spec: GameSpec, language: str) -> dict[str, CardType]:
    """Every card type of the game's engine (its cards module) by id: the page links each."""
    counts = Counter(card["type"] for card in shipped_cards(spec.id))
    cards_url = reverse("catalog:index")
    return {
        type_id: CardType(
            label=vocab.TYPES.label(type_id, language),
            count=counts[type_id],
            url=f"{cards_url}?q=game:{spec.id}+t:{type_id}",
        )
        for type_id in spec.card_module().TYPES
    }


def _named(card: dict, language: str) -> dict:
    """A shipped card as a page lists it: name, rules text and page, in the page's language."""
    english = language == "en"
    return {
        "code": card["code"],
        "name": (card.get("name_en") if english else None) or card["name"],
        "text": (card.get("text_en") if english else None) or card["text"],
        "url": reverse("catalog:card", args=[card["code"]]),
    }


# --- each game's own figures -----------------------------------------------------------------


def alomfogo_facts(spec: GameSpec, language: str) -> dict:
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


# The engine's solitaire is the game for this many players (play.engines.oniroo.setup:
# `players == 1`); the table game is for more.
ONIROO_SOLITAIRE_PLAYERS = 1


def oniroo_facts(spec: GameSpec, language: str) -> dict:
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
        card["subtypes"][0]: _named(card, language)
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


def arcane_guardian_facts(spec: GameSpec, language: str) -> dict:
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
        "start_level": mage["start_level"],
        "start_life": mage["start_life"],
        "max_level": len(max_life),
        "max_life": [{"level": n, "life": life} for n, life in enumerate(max_life, start=1)],
        "life_cap": mage["life_cap"],
        "spells": [_named(by_code[code], language) for code in spells],
        "endings": [_named(by_code[code], language) for code in endings],
        # the ending that wins only with the Key (its kind in the card data: "gate")
        "gate": next(
            _named(by_code[code], language)
            for code in endings
            if by_code[code]["effects"]["kind"] == "gate"
        ),
    }


FACTS = {
    "alomfogo": alomfogo_facts,
    "oniroo": oniroo_facts,
    "arcane_guardian": arcane_guardian_facts,
}


def page_context(spec: GameSpec, language: str) -> dict:
    """Everything a game's page shows that the code knows."""
    language = page_language(language)
    return {
        "spec": spec,
        "f": FACTS[spec.room](spec, language),
        "types": card_types(spec, language),
        "lobby_choices": lobby_choices(spec),
        "cards_url": f"{reverse('catalog:index')}?q=game:{spec.id}",
    }
