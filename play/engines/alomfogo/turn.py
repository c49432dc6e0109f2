"""Setting up a game and the turn flow: phase 1 (VP, readying), 2 (draw), 3 (main).

Phase 4 (duels) is in `duel.py`; the attack step between duels is here.
"""

from __future__ import annotations

import hashlib
import random
import unicodedata
from functools import lru_cache

from play.engines.alomfogo import effects as fx
from play.engines.alomfogo.cards import TYPES, normalize_card
from play.engines.base import SetupError

DEFAULTS = {
    "starting_glory": 15,
    "vp_per_turn": 3,
    "min_deck_size": 35,
    "max_copies": 3,
    "banned_types": [],
    "hand_size": 5,
    "shuffle": True,
    "first_player": None,  # None: drawn by the seeded generator
}
MAIN_TYPES = ("revulo", "alomleny", "esemeny", "altalanos")
# Phase 2 (DECISIONS §1): one card a turn, except the starting player's very first.
DRAWS_PER_TURN = 1
STARTER_SKIPS_FIRST_DRAW = True
# What a player has seen by a turn of theirs: the deck builder's odds
# (decks/odds_alomfogo.py) read it.
DRAW_RULES = {
    "opening_hand": DEFAULTS["hand_size"],
    "draws_per_turn": DRAWS_PER_TURN,
    "starter_skips_first_draw": STARTER_SKIPS_FIRST_DRAW,
}


def check_options(options: dict | None, seats: int) -> dict:
    opts = dict(DEFAULTS)
    unknown = set(options or {}) - set(DEFAULTS)
    if unknown:
        raise SetupError(f"unknown options: {sorted(unknown)}")
    opts.update(options or {})
    if not 2 <= seats <= 6:
        raise SetupError("Álomfogó is played by 2 to 6 players.")
    if opts["starting_glory"] not in (10, 15, 20):
        raise SetupError("starting_glory is 10, 15 or 20.")
    for key in ("vp_per_turn", "min_deck_size", "max_copies", "hand_size"):
        if not isinstance(opts[key], int) or isinstance(opts[key], bool) or opts[key] < 0:
            raise SetupError(f"{key} must be a whole number ≥ 0.")
    if not isinstance(opts["banned_types"], list) or not set(opts["banned_types"]) <= set(TYPES):
        raise SetupError(f"banned_types is a list of: {', '.join(TYPES)}.")
    if not isinstance(opts["shuffle"], bool):
        raise SetupError("shuffle is true or false.")
    fp = opts["first_player"]
    if fp is not None and (not isinstance(fp, int) or isinstance(fp, bool) or not 0 <= fp < seats):
        raise SetupError("first_player is a seat number.")
    return opts


@lru_cache(maxsize=65_536)  # a deck's names again and again; bounded against odd input
def copy_key(name: str) -> str:
    """What the copy limit counts by: a card's name, all its printings together however
    they write its case or accents ("Éjlépő" and "ÉJLÉPŐ" are one card). The deck
    builder counts by this too (decks/formats_alomfogo.py)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def check_deck(seat: int, deck: list, opts: dict) -> None:
    if len(deck) < opts["min_deck_size"]:
        raise SetupError(
            f"seat {seat}: the deck has {len(deck)} cards; "
            f"at least {opts['min_deck_size']} are needed."
        )
    copies: dict[str, list] = {}  # copy_key -> [count, the name as first written]
    for card in deck:
        name = card.get("name") or ""
        copies.setdefault(copy_key(name), [0, name])[0] += 1
    for n, name in copies.values():
        if opts["max_copies"] and n > opts["max_copies"]:
            raise SetupError(
                f"seat {seat}: {n} copies of {name}, at most {opts['max_copies']} allowed."
            )
    banned = {c["type"] for c in deck} & set(opts["banned_types"])
    if banned:
        raise SetupError(f"seat {seat}: banned card types {sorted(banned)}.")


def deck_key(seed: int, seat: int, deck: list) -> str:
    """What a seat's second shuffle is drawn from: the seed, the seat and every card's code."""
    codes = ",".join(sorted(str(card.get("code", "")) for card in deck))
    return hashlib.sha256(f"{seed}:{seat}:{codes}".encode()).hexdigest()


def new_game_data(decks: list, options: dict | None, seed: int) -> dict:
    if not isinstance(decks, list) or not all(isinstance(d, list) for d in decks):
        raise SetupError("decks is one list of card dicts per seat.")
    opts = check_options(options, len(decks))
    rng = random.Random(seed)
    cards, inst, players = {}, {}, []
    raw: dict[str, dict] = {}  # code -> the card dict whose normalised data `cards` keeps
    for p, deck in enumerate(decks):
        check_deck(p, deck, opts)
        order = list(deck)
        if opts["shuffle"]:
            rng.shuffle(order)
            # Then by the deck's own cards: the seed is published once the match is over,
            # and a shuffle that hung on the seed and the deck's size alone would let anyone
            # map each card id seen back to its place in the list as given (sorted by
            # code), and so learn the unseen cards' neighbourhood. Its owner, who knows the
            # list, can still check the deal from the seed.
            random.Random(deck_key(seed, p, deck)).shuffle(order)
        ids = []
        # ids follow the position in the (shuffled) deck, so they reveal nothing about the cards
        for n, card in enumerate(order):
            code = _normalized_code(card, cards, raw)
            iid = f"p{p}c{n}"
            inst[iid] = {"code": code, "owner": p, "zone": "deck", "state": None}
            ids.append(iid)
        players.append(
            {
                "deck": ids,
                "hand": [],
                "board": [],
                "discard": [],
                "stack": [],
                "glory": opts["starting_glory"],
                "vp": 0,
                "alive": True,
            }
        )
    first = opts["first_player"] if opts["first_player"] is not None else rng.randrange(len(decks))
    version, internal, gauss = rng.getstate()
    return {
        "game": "alomfogo",
        "options": opts,
        "seed": seed,
        "rng": [version, list(internal), gauss],
        "cards": cards,
        "inst": inst,
        "players": players,
        "first_player": first,
        "active": first,
        "turn": 0,
        "phase": "main",
        "flags": {},
        "duel": None,
        "pending": None,
        "casting": None,
        "result": None,
        "last_reason": None,
        "log": [],
        "version": 0,
    }


def _normalized_code(card: dict, cards: dict, raw: dict) -> str:
    """The code of a dealt card, its normalised data kept in `cards` (the first copy's).

    A deck holds up to three copies of a card, and normalising took a tenth of
    a short game: a copy equal to the first is already checked and kept.
    """
    code = card.get("code")
    first = raw.get(code)
    if first is not None and (first is card or first == card):
        return code
    norm = normalize_card(card)
    if norm["code"] not in cards:
        cards[norm["code"]] = norm
        raw[norm["code"]] = card
    return norm["code"]


def deal(g) -> None:
    for p in g.players:
        fx.draw(g, p, g.s["options"]["hand_size"])
    start_turn(g, g.s["first_player"])


# --- phases 1 and 2 ---------------------------------------------------------
def start_turn(g, p: int) -> None:
    s = g.s
    s["active"], s["phase"], s["duel"], s["pending"], s["casting"] = p, "main", None, None, None
    s["turn"] += 1
    s["flags"] = {"cycled": False, "buvforras": False, "used": []}
    seat = g.seat(p)
    g.emit("turn", player=p, turn=s["turn"])
    # phase 1: VP (they carry over), then readying. Start-of-turn abilities are
    # those of cards active when the turn begins (our reading, docs/rules).
    starting = [
        (iid, eff)
        for iid in seat["board"]
        if g.inst(iid)["state"] == "active"
        for eff in g.effects(iid, "turn_start")
    ]
    to_active = bool(fx.statics(g, p, "ready_damaged"))
    seat["vp"] += s["options"]["vp_per_turn"]
    g.emit("vp", player=p, delta=s["options"]["vp_per_turn"], vp=seat["vp"], reason="turn")
    for iid, eff in starting:
        fx.run_ops(g, p, eff["do"], [], iid)
    for iid in seat["board"]:
        inst = g.inst(iid)
        if inst["state"] == "resting":
            inst["state"] = "active"
        elif inst["state"] == "damaged":
            inst["state"] = "active" if to_active else "resting"
    # phase 2: the starting player skips the draw of the very first turn
    if s["turn"] > 1 or not STARTER_SKIPS_FIRST_DRAW:
        fx.draw(g, p, DRAWS_PER_TURN, reason="turn")


def end_turn(g) -> None:
    nxt = g.next_living(g.s["active"])
    g.emit("end_turn", player=g.s["active"])
    if nxt is not None:
        start_turn(g, nxt)


# --- phase 3 ----------------------------------------------------------------
def free_sources(g, iid: str, free_ops) -> list[str]:
    """Active cards that let their seat play `iid` for free this turn (Ébredés Ajtaja).

    `free_ops` is the seat's `statics(..., "free_play")`, looked up once for a whole hand.
    """
    card, used = g.card(iid), g.s["flags"]["used"]
    return [
        op["source"]
        for op in free_ops
        if op["source"] not in used and fx.matches_type(card, op["filter"])
    ]


def may_play_in_main(card: dict, *, buvforras_played: bool) -> bool:
    """The printed card's own part of the main-phase test: its type is played in the main
    phase (instants wait for duels), and a bűvforrás only if none was played this turn
    (DECISIONS 3). Its cost and its play effect are checked against the table."""
    if card["type"] not in MAIN_TYPES:
        return False
    return not ("buvforras" in (card.get("subtypes") or ()) and buvforras_played)


def playable(g, p: int, iid: str) -> bool:
    card = g.card(iid)
    if not may_play_in_main(card, buvforras_played=g.s["flags"]["buvforras"]):
        return False
    play = g.effects(iid, "play")
    return not play or fx.feasible(g, p, play[0], hand_spare=len(g.seat(p)["hand"]) - 1)


def main_legal(g, p: int) -> list[dict]:
    seat, flags = g.seat(p), g.s["flags"]
    vp = seat["vp"]
    # the board's statics once for the whole hand, not once per card and question
    found = fx.board_statics(g, p)
    cost_ops, free_ops = found.get("cost", fx.NONE), found.get("free_play", fx.NONE)
    acts = []
    for iid in seat["hand"]:
        if not playable(g, p, iid):
            continue
        if fx.cost_after(g.card(iid), cost_ops) <= vp:
            acts.append({"type": "play_card", "player": p, "card": iid})
        if free_ops:
            for src in free_sources(g, iid, free_ops):
                acts.append({"type": "play_card", "player": p, "card": iid, "free": src})
    if not flags["cycled"] and vp >= 1:
        acts += [
            {"type": "cycle_instant", "player": p, "card": iid}
            for iid in seat["hand"]
            if g.card(iid)["type"] == "azonnali"
        ]
    for iid in seat["board"]:
        if g.inst(iid)["state"] != "active" or iid in flags["used"]:
            continue
        for eff in g.effects(iid, "main"):
            if eff["cost"]["vp"] <= vp:
                acts.append({"type": "activate", "player": p, "card": iid})
    acts.append({"type": "end_main", "player": p})
    return acts


def play_card(g, p: int, iid: str, free: str | None) -> None:
    seat, card = g.seat(p), g.card(iid)
    if free:
        g.s["flags"]["used"].append(free)
    else:
        seat["vp"] -= fx.play_cost(g, p, iid)
    if "buvforras" in card["subtypes"]:
        g.s["flags"]["buvforras"] = True  # at most one bűvforrás a turn (DECISIONS 3)
    if card["type"] == "altalanos":
        g.move(iid, "stack")
        g.emit("play", player=p, card=iid, code=card["code"], free=bool(free))
        play = g.effects(iid, "play")
        fx.start_cast(g, p, iid, play[0] if play else _NO_EFFECT, "spell")
        return
    g.move(iid, "board")
    g.emit("play", player=p, card=iid, code=card["code"], free=bool(free))
    if card["type"] == "alomleny":
        offer_draw(g, p, "alomleny")  # "húzhatsz egy új lapot": a choice (DECISIONS 2-3)


_NO_EFFECT = {"when": "play", "cost": {"vp": 0, "discard": 0}, "do": []}


def cycle_instant(g, p: int, iid: str) -> None:
    g.seat(p)["vp"] -= 1
    g.s["flags"]["cycled"] = True
    fx.discard(g, iid, "cycled")
    offer_draw(g, p, "cycled")  # "és húzhatsz helyette": a choice too


# --- the draws the rules allow (DECISIONS 2) -----------------------------------
def offer_draw(g, p: int, after: str) -> None:
    """Let p choose to draw a card (after an álomlény or a cycled instant).

    A draw the rules only allow is not a draw they require: with an empty
    deck it is not offered and nothing is lost (the event says why).
    """
    if not g.seat(p)["deck"]:
        g.emit("no_draw", player=p, reason="empty_deck")
        return
    g.s["pending"] = {"kind": "draw", "player": p, "after": after}


def draw_legal(g, p: int) -> list[dict]:
    return [{"type": "draw_card", "player": p}, {"type": "decline_draw", "player": p}]


def take_draw(g) -> None:
    p = g.s["pending"]["player"]
    g.s["pending"] = None
    fx.draw(g, p)


def decline_draw(g) -> None:
    p = g.s["pending"]["player"]
    g.s["pending"] = None
    g.emit("no_draw", player=p, reason="declined")


def activate(g, p: int, iid: str) -> None:
    eff = g.effects(iid, "main")[0]
    g.s["flags"]["used"].append(iid)
    g.seat(p)["vp"] -= eff["cost"]["vp"]
    g.emit("activate", player=p, card=iid)
    fx.run_ops(g, p, eff["do"], [], iid)


# --- the attack step --------------------------------------------------------
def attack_legal(g, p: int) -> list[dict]:
    from play.engines.alomfogo import duel

    acts = []
    if duel.can_attack(g, p):
        acts = [
            {"type": "declare_attack", "player": p, "card": i} for i in duel.active_revulok(g, p)
        ]
    return acts + [{"type": "end_turn", "player": p}]
