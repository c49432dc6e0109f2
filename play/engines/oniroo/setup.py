"""Options, the cards each level uses, and the data of a fresh game (docs/rules/oniroo.md).

ONIROO is played from one shared pool of cards, so `decks` is a single list
of card dicts (the catalog's). Accepted shapes: `cards`, `[cards]`, or one
identical list per seat (what a match service that builds a deck per seat
passes); the number of seats is the `players` option.
"""

from __future__ import annotations

import random
from itertools import repeat

from play.engines.base import SetupError
from play.engines.inputs import with_defaults
from play.engines.oniroo.cards import Info, card_fields, normalized

GAME_ID = "oniroo"
HAND_SIZE = 5
MAX_PLAYERS = 6
TABLE_LEVELS = (1, 2, 3, 4, 5)
SOLITAIRE_LEVELS = (1, 2, 3)
ATTACK_KINDS = ("bad_night", "moon_head")
DEFAULT_MIN_LENGTH = {1: 10, 2: 10, 3: 10, 4: 5, 5: 5}  # rulebook C_01–C_03, F_03
MAX_MIN_LENGTH = 30
MAX_GAMES = 20

DEFAULTS = {
    "level": None,  # None: 5 for the table game, 1 for the solitaire
    "players": 2,  # 1 = ONIROO solitaire, with `level` 1–3
    "free_cards": None,  # None: the level's default (levels 4–5 yes, 1–2 and solitaire no)
    "attack_kind": None,  # level 4 only: "bad_night" or "moon_head" (default moon_head)
    "min_dream_length": None,  # None: the level's minimum; only a higher one may be set
    # levels 3-5: any five consecutive digits of the cycle 1-…-9-0 make a run, not only
    # the rulebook's 1-2-3-4-5 and 6-7-8-9-0 (F_07; DECISIONS ONIROO 4)
    "any_digit_run": False,
    "games": 1,  # a series of games with running scores
    "vote": False,  # the vote after each game (rulebook M)
    "first_player": None,  # None: drawn by the seeded generator
    "shuffle": True,  # False keeps the given card order, first card on top (tests, puzzles)
    "max_turns": 1000,  # our cap: a game still running after this many turns is drawn
}


def choices_at(level: int, solitaire: bool) -> frozenset[str]:
    """The options the players choose at this level (rulebook C–K, DECISIONS ONIROO 1, 4, 8):
    the rest of a level is fixed. What a lobby offers (core.games tidies its form by it)
    and what `check_options` refuses elsewhere.

    Free cards are the players' choice at levels 1–2 and solitaire level 3; at levels 4–5
    they belong to the level (`check_options` still lets a table leave them out).
    """
    if solitaire:
        return frozenset({"free_cards"}) if level == 3 else frozenset()
    chosen = {"min_dream_length", "games", "vote"}
    if level in (1, 2):
        chosen.add("free_cards")
    if level >= 3:  # code sets count at levels 3–5
        chosen.add("any_digit_run")
    if level == 4:
        chosen.add("attack_kind")
    return frozenset(chosen)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_options(options: dict | None) -> dict:
    """The options with defaults filled in; SetupError names the first bad one."""
    opts = with_defaults(options, DEFAULTS)
    players = opts["players"]
    if not _whole(players) or not 1 <= players <= MAX_PLAYERS:
        raise SetupError("players is 2 to 6 for the table game, or 1 for solitaire.")
    solitaire = players == 1
    levels = SOLITAIRE_LEVELS if solitaire else TABLE_LEVELS
    if opts["level"] is None:
        opts["level"] = levels[0] if solitaire else levels[-1]
    level = opts["level"]
    if not _whole(level) or level not in levels:
        raise SetupError(
            "solitaire (players 1) has levels 1 to 3."
            if solitaire
            else "level is 1 to 5 for the table game."
        )
    chosen = choices_at(level, solitaire)
    opts["free_cards"] = _free_cards(opts["free_cards"], level, solitaire)
    opts["attack_kind"] = _attack_kind(opts["attack_kind"], "attack_kind" in chosen)
    opts["min_dream_length"] = _min_length(opts["min_dream_length"], level, solitaire)
    if not isinstance(opts["any_digit_run"], bool):
        raise SetupError("any_digit_run is true or false.")
    if opts["any_digit_run"] and "any_digit_run" not in chosen:
        raise SetupError("any_digit_run is for table levels 3 to 5, where code sets count.")
    if not _whole(opts["games"]) or not 1 <= opts["games"] <= MAX_GAMES:
        raise SetupError(f"games is a whole number from 1 to {MAX_GAMES}.")
    if not isinstance(opts["vote"], bool):
        raise SetupError("vote is true or false.")
    if solitaire and (opts["games"] != 1 or opts["vote"]):
        raise SetupError("solitaire has no points: games and vote are for the table game.")
    first = opts["first_player"]
    if first is not None and (not _whole(first) or not 0 <= first < players):
        raise SetupError("first_player is a seat number.")
    if not isinstance(opts["shuffle"], bool):
        raise SetupError("shuffle is true or false.")
    if not _whole(opts["max_turns"]) or opts["max_turns"] < 1:
        raise SetupError("max_turns is a whole number ≥ 1.")
    return opts


def _free_cards(value, level: int, solitaire: bool) -> bool:
    in_level = not solitaire and level >= 4  # the level's own cards (a table may leave them out)
    allowed = in_level or "free_cards" in choices_at(level, solitaire)
    if value is None:
        return in_level
    if not isinstance(value, bool):
        raise SetupError("free_cards is true or false.")
    if value and not allowed:
        where = "solitaire level 3" if solitaire else "levels 1, 2, 4 and 5"
        raise SetupError(f"free cards are used only at {where}.")
    return value


def _attack_kind(value, chosen: bool) -> str | None:
    if not chosen:
        if value is not None:
            raise SetupError("attack_kind is chosen at level 4 only.")
        return None
    if value is None:
        return "moon_head"
    if value not in ATTACK_KINDS:
        raise SetupError("attack_kind is bad_night or moon_head.")
    return value


def _min_length(value, level: int, solitaire: bool) -> int | None:
    if solitaire:
        if value is not None:
            raise SetupError("min_dream_length is for the table game.")
        return None
    least = DEFAULT_MIN_LENGTH[level]
    if value is None:
        return least
    if not _whole(value) or not least <= value <= MAX_MIN_LENGTH:
        raise SetupError(
            f"min_dream_length at level {level} is a whole number from {least} to {MAX_MIN_LENGTH}."
        )
    return value


def card_types(opts: dict) -> frozenset[str]:
    """The card types the level uses (rules/DECISIONS.md ONIROO 1, rulebook N)."""
    level = opts["level"]
    if opts["players"] == 1:
        kinds = {"symbol", "wake_up", "bad_night", "moon_head", "dream_fairy", "magic_code"}
    elif level in (1, 2):
        kinds = {"symbol", "wake_up"}
    elif level == 3:
        kinds = {"symbol", "wake_up", "bad_night", "dream_fairy"}
    elif level == 4:
        kinds = {"symbol", "wake_up", "dream_fairy", opts["attack_kind"]}
    else:
        kinds = {"symbol", "wake_up", "dream_fairy", "bad_night"}
    if opts["free_cards"]:
        kinds.add("free")
    return frozenset(kinds)


def uses(card: dict, opts: dict, kinds: frozenset[str]) -> bool:
    """Whether the level's pool holds this card: its type, and at solitaire 1–2 digit codes only."""
    if card["type"] not in kinds:
        return False
    if card["type"] == "magic_code" and opts["level"] in (1, 2):
        return card["subtype"] == "digit"
    return True


def card_pool(decks) -> list:
    """The one shared list of cards out of the accepted `decks` shapes."""
    if not isinstance(decks, list) or not decks:
        raise SetupError("decks is the list of ONIROO cards (or a list holding that list).")
    if not isinstance(decks[0], list):
        return decks  # the cards themselves; each is checked as it is read
    first = decks[0]
    if any(not isinstance(d, list) or (d is not first and d != first) for d in decks[1:]):
        raise SetupError("ONIROO uses one shared pool: every seat's list must be the same.")
    return first


class Pool:
    """A card pool read once: the catalog (code -> card), code -> Info, and each level's cards."""

    def __init__(self, cards: list) -> None:
        self.catalog: dict[str, dict] = {}
        self.infos: dict[str, Info] = {}
        self.codes: list[str] = []  # one per pool entry, in pool order
        for raw in cards:
            card, info = normalized(raw)  # refuses a card that is not an ONIROO card at all
            code = card["code"]
            known = self.catalog.setdefault(code, card)
            if known is not card and known != card:
                raise SetupError(f"card {code}: two different cards share this code.")
            self.infos[code] = info
            self.codes.append(code)
        self._levels: dict[tuple, tuple[list[str], dict[str, Info], dict[str, dict]]] = {}

    def for_level(self, opts: dict) -> tuple[list[str], dict[str, Info], dict[str, dict]]:
        """(the codes the level uses, in pool order; their Infos; their catalog entries, sorted)."""
        kinds = card_types(opts)
        key = (kinds, opts["level"] in (1, 2))
        found = self._levels.get(key)
        if found is None:
            used = [code for code in self.codes if uses(self.catalog[code], opts, kinds)]
            infos = {code: self.infos[code] for code in used}
            catalog = {code: self.catalog[code] for code in sorted(infos)}
            found = self._levels[key] = (used, infos, catalog)
        return found


_POOLS: dict[tuple, Pool] = {}
_POOL_LIMIT = 32


def read_pool(cards: list) -> Pool:
    """The `Pool` of these cards, remembered by every field normalising reads.

    Reading 173 cards card by card cost more than dealing a game, and bots,
    benchmarks and series set up game after game from the same pool. The key
    is taken with C-level calls; a changed card makes a new key, never a stale
    answer; a card the key cannot be taken of is read (and refused) as usual.
    """
    try:
        subtypes = [tuple(x) if x else () for x in map(dict.get, cards, repeat("subtypes"))]
        key = (tuple(map(card_fields, cards)), tuple(subtypes))
        pool = _POOLS.get(key)
    except (KeyError, TypeError):
        return Pool(cards)
    if pool is None:
        pool = Pool(cards)
        if len(_POOLS) >= _POOL_LIMIT:
            _POOLS.clear()
        _POOLS[key] = pool
    return pool


def new_game_data(
    decks, options: dict | None, seed: int
) -> tuple[dict, random.Random, dict[str, Info]]:
    """The state dict of a fresh game (before dealing), its generator, and code → Info."""
    opts = check_options(options)
    used, infos, catalog = read_pool(card_pool(decks)).for_level(opts)
    used = list(used)
    rng = random.Random(seed)
    if opts["shuffle"]:
        rng.shuffle(used)
    # ids follow the position in the first shuffled pile, so an id says nothing about its card
    cards = {f"c{n}": code for n, code in enumerate(used)}
    players = opts["players"]
    needed = HAND_SIZE * players + 1 if players > 1 else 2
    if len(cards) < needed:
        raise SetupError(
            f"level {opts['level']} needs at least {needed} cards for {players} "
            f"player(s); the pool gives {len(cards)}."
        )
    first = opts["first_player"] if opts["first_player"] is not None else rng.randrange(players)
    data = {
        "game": GAME_ID,
        "mode": "solitaire" if players == 1 else "table",
        "options": opts,
        "seed": seed,
        "rng": None,  # written by to_dict; the live generator sits on the state object
        # entries shared with the pool cache: read, never changed
        "catalog": dict(catalog),
        "cards": cards,
        "draw": list(cards),
        "discard": [],
        "first_player": first,
        "active": first,
        "turn": 0,
        "result": None,
        "log": [],
        "version": 0,
    }
    return data, rng, infos
