"""Álomfogó states rebuilt from one seat's view, the hidden cards drawn at random.

What a seat cannot see: the order of its own deck, the cards of every other
seat's hand and deck. Its own unseen cards are its deck list less the cards
it can see of its own. An opponent's are drawn from one of the public decks
in `prior` (the decks the site ships) that could hold every card that
opponent has shown — as a player who has seen three cards of a known deck
expects the rest of it — or from all of them together when none could; less
what it has shown. So a sample never holds the real hidden cards except by
chance. A card the seat saw go back into a hand (`remember`) stays that card.

Invented cards get ids of their own (`x<seat>h<n>`, `x<seat>d<n>`): real ids
follow the deck order and would say where a card was.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

from play.engines.alomfogo.cards import normalize_card
from play.engines.alomfogo.state import AlomfogoState
from play.engines.alomfogo.turn import check_options
from play.engines.alomfogo.view import DUEL_DERIVED
from play.engines.sampling import Knowledge, SampleError

VISIBLE_ZONES = (("board", "board"), ("discard", "discard"), ("casting", "stack"))


def remember(view: dict, knowledge: Knowledge) -> None:
    """Note the cards the view shows going back into another seat's hand."""
    me = knowledge.seat
    for event in view["events"]:
        if event.get("type") == "to_hand" and event.get("player") != me and event.get("code"):
            knowledge.remembered[event["card"]] = event["code"]


def action_key(state: AlomfogoState, action: dict) -> Hashable:
    """The action, an invented card id replaced by its code: the same move in every sample."""
    card = action.get("card")
    if type(card) is str and card[0] == "x":
        card = state.s["inst"][card]["code"]
    return (action["type"], action["player"], card, action.get("free"))


def _card_data(knowledge: Knowledge, code: str) -> dict:
    """The normalised card data of `code`, worked out once per knowledge."""
    cards = knowledge.cache.setdefault("alomfogo_cards", {})
    found = cards.get(code)
    if found is None:
        raw = knowledge.cache.setdefault("alomfogo_raw", {})
        if not raw:
            decks = knowledge.prior
            for card in (
                *knowledge.catalog.values(),
                *(c for d in decks for c in d),
                *knowledge.deck,
            ):
                raw[card["code"]] = card
        if code not in raw:
            raise SampleError(f"no card data for {code!r}")
        found = cards[code] = normalize_card(raw[code])
    return found


def _take(pool: Counter, code: str) -> None:
    if pool[code] > 0:
        pool[code] -= 1


def sample_state(view: dict, knowledge: Knowledge, rng: random.Random) -> AlomfogoState:
    """A state that looks to `knowledge.seat` exactly like `view`, hidden cards drawn by `rng`."""
    me = knowledge.seat
    seats = view["players"]
    remembered = knowledge.remembered
    visible: set[str] = set()
    cards: dict[str, dict] = {}
    inst: dict[str, dict] = {}
    players = []
    for seat in seats:
        p = seat["seat"]
        zones = {"deck": [], "hand": [], "board": [], "discard": [], "stack": []}
        shown = list(seat["board"]) + list(seat["discard"]) + list(seat["casting"])
        for key, zone in VISIBLE_ZONES:
            for entry in seat[key]:
                iid = entry["id"]
                zones[zone].append(iid)
                inst[iid] = {
                    "code": entry["code"],
                    "owner": p,
                    "zone": zone,
                    "state": entry["state"],
                }
        if p == me:
            for entry in seat["hand"]:
                zones["hand"].append(entry["id"])
                inst[entry["id"]] = {
                    "code": entry["code"],
                    "owner": p,
                    "zone": "hand",
                    "state": None,
                }
            shown += seat["hand"]
        visible.update(inst)
        players.append(
            {
                **zones,
                "glory": seat["glory"],
                "vp": seat["vp"],
                "alive": seat["alive"],
                "_shown": [entry["code"] for entry in shown],
            }
        )
    for seat, player in zip(seats, players, strict=True):
        p = seat["seat"]
        shown_codes = player.pop("_shown")
        if p == me:
            pool = Counter(card["code"] for card in knowledge.deck)
            unseen_hand = 0
            kept: list[tuple[str, str]] = []
        else:
            pool = _opponent_pool(knowledge, shown_codes, rng)
            kept = [
                (iid, code)
                for iid, code in remembered.items()
                if iid not in visible and iid.startswith(f"p{p}c")
            ][: seat["hand_count"]]
            unseen_hand = seat["hand_count"] - len(kept)
        for code in shown_codes:
            _take(pool, code)
        for _, code in kept:
            _take(pool, code)
        unseen = unseen_hand + seat["deck_count"]
        drawn = _draw(pool, unseen, knowledge, p, rng)
        for iid, code in kept:  # remembered cards go back to the hand they went to
            player["hand"].append(iid)
            inst[iid] = {"code": code, "owner": p, "zone": "hand", "state": None}
        for n, code in enumerate(drawn[:unseen_hand]):
            iid = f"x{p}h{n}"
            player["hand"].append(iid)
            inst[iid] = {"code": code, "owner": p, "zone": "hand", "state": None}
        for n, code in enumerate(drawn[unseen_hand:]):
            iid = f"x{p}d{n}"
            player["deck"].append(iid)
            inst[iid] = {"code": code, "owner": p, "zone": "deck", "state": None}
    for entry in inst.values():
        code = entry["code"]
        if code not in cards:
            cards[code] = _card_data(knowledge, code)
    data = {
        "game": "alomfogo",
        "options": check_options(knowledge.options, len(seats)),
        "seed": 0,
        "rng": _rng_state(rng),
        "cards": cards,
        "inst": inst,
        "players": players,
        "first_player": view["turn_player"],  # read only when dealing
        "active": view["turn_player"],
        "turn": view["turn"],
        "phase": view["phase"],
        "flags": {
            "cycled": view["instant_cycled"],
            "buvforras": view["buvforras_played"],
            "used": list(view["used_this_turn"]),
        },
        "duel": _duel(view["duel"]),
        "pending": _pending(view["pending"]),
        "casting": _casting(view["casting"]),
        "result": None,
        "last_reason": None,
        "log": [],
        "version": 0,
    }
    return AlomfogoState(data)


def _opponent_pool(knowledge: Knowledge, shown: list[str], rng: random.Random) -> Counter:
    """The cards of one public deck that could hold everything the opponent has shown, drawn
    at random among those that could (all decks together when none could)."""
    counts = knowledge.cache.get("alomfogo_prior")
    if counts is None:
        counts = knowledge.cache["alomfogo_prior"] = [
            Counter(card["code"] for card in deck) for deck in knowledge.prior
        ]
    needed = Counter(shown)
    fitting = [deck for deck in counts if all(deck[c] >= n for c, n in needed.items())]
    if fitting:
        return Counter(rng.choice(fitting))
    return sum(counts, Counter())


def _draw(pool: Counter, count: int, knowledge: Knowledge, p: int, rng: random.Random) -> list:
    """`count` codes from `pool` without replacement (the rest, if it runs out, from the prior)."""
    bag = list(pool.elements())
    rng.shuffle(bag)
    if len(bag) < count:
        # more unseen cards than the pool accounts for (an opponent's deck bigger than the
        # prior, or with cards the prior lacks): fill up with cards like the prior's
        source = [card for deck in knowledge.prior for card in deck] or knowledge.deck
        if not source:
            raise SampleError(f"no cards to draw seat {p}'s unseen cards from")
        bag += [rng.choice(source)["code"] for _ in range(count - len(bag))]
    return bag[:count]


def _rng_state(rng: random.Random) -> list:
    version, internal, gauss = random.Random(rng.getrandbits(64)).getstate()
    return [version, list(internal), gauss]


def _duel(shown: dict | None) -> dict | None:
    if shown is None:
        return None
    duel = {k: v for k, v in shown.items() if k not in DUEL_DERIVED}
    duel["helpers"] = list(duel["helpers"])
    duel["boost"] = list(duel["boost"])
    return duel


def _pending(shown: dict | None) -> dict | None:
    if shown is None:
        return None
    kind = shown["kind"]
    if kind == "draw":
        return {"kind": "draw", "player": shown["player"], "after": shown["after"]}
    if kind == "choose":
        if "options" not in shown:
            raise SampleError("another seat's choice cannot be rebuilt")
        return {
            "kind": "choose",
            "player": shown["player"],
            "purpose": shown["purpose"],
            "options": list(shown["options"]),
        }
    return {"kind": kind, "player": shown["player"], "queue": list(shown["queue"])}


def _casting(shown: dict | None) -> dict | None:
    if shown is None:
        return None
    return {
        "source": shown["source"],
        "by": shown["by"],
        "mode": shown["mode"],
        "effect": shown["effect"],
        "discards": list(shown["discards"]),
        "targets": list(shown["targets"]),
        "counter_asked": shown["counter_asked"],
    }
