"""Setting up a game: options, the card list split by role, the three piles, the dice key.

The order of draws from the seeded generator is fixed (endings if random,
then the pile shuffle, then which ending goes to which pile and how deep,
then the dice key), so a seed always gives the same deal.
"""

from __future__ import annotations

import itertools
import random

from play.engines.arcane_guardian import mage
from play.engines.arcane_guardian.cards import DUNGEON_TYPES, normalize_card
from play.engines.arcane_guardian.dice import KEY_BITS
from play.engines.arcane_guardian.dungeon import endings_can_win
from play.engines.base import SetupError
from play.engines.inputs import with_defaults

GAME_ID = "arcane-guardian"
PILES = 3
ENDINGS_IN_PLAY = 3
BOTTOM = 5  # each ending is shuffled into the bottom five cards of its pile
SPELLS = 4
DEFAULTS = {"endings": "random", "shuffle": True}


def card_list(decks) -> list:
    """The one shared card list: `[cards]` or `cards` itself."""
    if not isinstance(decks, list) or not decks:
        raise SetupError("Arcane Guardian takes the game's card list (or a list holding it).")
    if all(isinstance(d, list) for d in decks):
        if len(decks) != 1:
            raise SetupError("Arcane Guardian is played alone: give one card list.")
        return decks[0]
    return decks


def check_options(options: dict | None) -> dict:
    opts = with_defaults(options, DEFAULTS)
    if not isinstance(opts["shuffle"], bool):
        raise SetupError("shuffle is true or false.")
    endings = opts["endings"]
    if endings != "random":
        if (
            not isinstance(endings, list)
            or len(endings) != ENDINGS_IN_PLAY
            or not all(isinstance(c, str) for c in endings)
            or len(set(endings)) != ENDINGS_IN_PLAY
        ):
            raise SetupError('endings is "random" or a list of three different ending codes.')
        opts["endings"] = list(endings)
    return opts


# card list identity -> (the list's cards, split_cards result); see `split_cards_cached`
_SPLIT_CACHE: dict[tuple[int, ...], tuple[list, tuple]] = {}
_SPLIT_CACHE_SIZE = 64


def split_cards_cached(cards: list) -> tuple[dict, dict, list[str], list[str], list[str]]:
    """`split_cards`, remembered for the same card objects.

    Benchmarks and bots deal thousands of games from one card list; checking
    and compiling 67 cards would cost more than playing the game. The key is
    the identity of each card dict, and the cache keeps those dicts alive, so
    an id is never reused by another object. Card dicts are read-only data:
    a changed card must come as a new dict. The result is shared between
    games, which is safe because the rules never change card data.
    """
    key = tuple(map(id, cards))
    hit = _SPLIT_CACHE.get(key)
    if hit is not None:  # the cached dicts are alive, so equal ids are the same dicts
        return hit[1]
    result = split_cards(cards)
    if len(_SPLIT_CACHE) >= _SPLIT_CACHE_SIZE:
        _SPLIT_CACHE.clear()
    _SPLIT_CACHE[key] = (list(cards), result)
    return result


def split_cards(cards: list) -> tuple[dict, dict, list[str], list[str], list[str]]:
    """(normalised cards by code, the mage, spell codes, ending codes, dungeon codes)."""
    table: dict[str, dict] = {}
    for raw in cards:
        card = normalize_card(raw)
        if card["code"] in table:
            raise SetupError(f"card {card['code']} is listed twice; each card once.")
        table[card["code"]] = card
    by_type: dict[str, list[str]] = {}
    for code, card in table.items():
        by_type.setdefault(card["type"], []).append(code)
    mages = by_type.get("mage", [])
    if len(mages) != 1:
        raise SetupError(f"the card list needs exactly one mage card, found {len(mages)}.")
    spells = by_type.get("spell", [])
    if len(spells) != SPELLS:
        raise SetupError(f"the card list needs exactly {SPELLS} spell cards, found {len(spells)}.")
    endings = by_type.get("ending", [])
    if len(endings) < ENDINGS_IN_PLAY:
        raise SetupError(f"the card list needs at least 3 endings, found {len(endings)}.")
    dungeon = [code for code, card in table.items() if card["type"] in DUNGEON_TYPES]
    if not dungeon or len(dungeon) % PILES:
        raise SetupError(
            f"the {len(dungeon)} game cards (all but the mage, spells and endings) "
            "must split into three equal piles."
        )
    for code in by_type.get("enemy", []):
        named = table[code]["defeated_by"]
        if named is not None and named not in spells:
            raise SetupError(f"card {code}: defeated_by {named} is not one of the spells.")
    return table, table[mages[0]], spells, endings, dungeon


def ending_sets(cards: list) -> list[tuple[tuple[str, ...], bool]]:
    """Every set of three of the game's endings the player may choose from (the rulebook:
    the player picks three), codes in order, each with whether it can ever be won
    (`dungeon.endings_can_win`)."""
    table, _mage, _spells, endings, _dungeon = split_cards_cached(card_list(cards))
    return [
        (chosen, endings_can_win(table, chosen))
        for chosen in itertools.combinations(sorted(endings), ENDINGS_IN_PLAY)
    ]


def choose_endings(opts: dict, endings: list[str], rng: random.Random) -> list[str]:
    if opts["endings"] == "random":
        return rng.sample(sorted(endings), ENDINGS_IN_PLAY)
    missing = [c for c in opts["endings"] if c not in endings]
    if missing:
        raise SetupError(f"not ending cards of this game: {missing}; endings: {sorted(endings)}.")
    return list(opts["endings"])


def shuffled(items: list, rng: random.Random) -> list:
    """A uniformly shuffled copy: sorted by one random key per item.

    Same distribution as `rng.shuffle`, three times faster on the 54 cards,
    which matters when a benchmark deals thousands of games a second.
    """
    keys = [rng.random() for _ in items]
    order = sorted(range(len(items)), key=keys.__getitem__)
    return [items[n] for n in order]


def deal_piles(
    dungeon: list[str], chosen: list[str], shuffle: bool, rng: random.Random
) -> list[list[str]]:
    """Three piles, bottom first, each with one chosen ending among its bottom cards.

    Shuffled: the cards are shuffled, each pile gets one of the chosen endings
    at random, at a random place among its bottom five (0–5 cards under it).
    `shuffle: false` keeps the given order (pile 0 takes the first third, its
    first card on top), ending i goes to pile i with four cards under it (all
    the cards when the pile is shorter): a fixed layout for tests and puzzles.
    """
    order = shuffled(dungeon, rng) if shuffle else list(dungeon)
    size = len(order) // PILES
    thirds = [order[n * size : (n + 1) * size] for n in range(PILES)]
    endings = shuffled(chosen, rng) if shuffle else list(chosen)
    piles = []
    for third, ending in zip(thirds, endings, strict=True):
        pile = list(reversed(third))  # bottom first: the first card of the third is on top
        below = rng.randint(0, min(BOTTOM, len(pile))) if shuffle else min(BOTTOM - 1, len(pile))
        pile.insert(below, ending)
        piles.append(pile)
    return piles


def new_game_data(decks, options: dict | None, seed: int) -> dict:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SetupError("seed is a whole number.")
    opts = check_options(options)
    table, mage_card, spells, endings, dungeon = split_cards_cached(card_list(decks))
    rng = random.Random(seed)
    chosen = choose_endings(opts, endings, rng)
    piles = deal_piles(dungeon, chosen, opts["shuffle"], rng)
    dice_key = rng.getrandbits(KEY_BITS)
    s = {
        "game": GAME_ID,
        "options": dict(opts, endings=list(chosen)),
        "seed": seed,
        "dice_key": dice_key,
        "cards": table,
        "mage": {
            "code": mage_card["code"],
            "max_life": mage_card["max_life"],
            "life_cap": mage_card["life_cap"],
        },
        "endings": sorted(chosen),
        "piles": piles,
        "up": [False] * PILES,
        "level": mage_card["start_level"],
        "life": mage_card["start_life"],
        "max_life": 0,
        "spells": dict.fromkeys(spells, True),
        "held": [],
        "key": False,
        "discard": [],
        "passive": {},
        "queue": [["reveal", i] for i in range(PILES)],  # setup turns the three tops face up
        "pending": None,
        "facing": None,
        "step": 0,
        "result": None,
        "log": [],
        "version": 0,
    }
    mage.refresh(s)
    return s
