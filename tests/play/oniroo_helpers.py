"""Shared helpers for ONIROO engine tests: hand-made cards, arranged tables, short action calls."""

from __future__ import annotations

import random

from play.bots.oniroo_cards import oniroo_cards
from play.engines import get_engine
from play.engines.oniroo import from_dict, table
from play.engines.oniroo.dreams import facts_of

ENGINE = get_engine("oniroo")
ALL = oniroo_cards()
CARDS = {c["code"]: c for c in ALL}
WAKE = "ONI-W01"
NIGHTMARE, SLEEPWALKER, INSOMNIA = "ONI-B01", "ONI-B02", "ONI-B03"
EYE, HAND, EAR, MOUTH, NOSE = "ONI-M01", "ONI-M02", "ONI-M03", "ONI-M04", "ONI-M05"
FAIRIES = [f"ONI-D0{n}" for n in range(1, 6)]
FREES = [f"ONI-F0{n}" for n in range(1, 9)]


# --- hand-made cards (for the explainer) ---------------------------------------------
def sym(letter="A", shape="square", digit=1, group="animals", next_group="plants") -> dict:
    """A symbol card dict with the given codes (not a catalog card)."""
    return {
        "type": "symbol",
        "letter": letter,
        "shape": shape,
        "digit": digit,
        "group": group,
        "next_group": next_group,
    }


def free(next_group="animals") -> dict:
    return {"type": "free", "next_group": next_group}


def facts(cards: list[dict]) -> list[tuple]:
    return [facts_of(c) for c in cards]


# --- catalog cards by what is printed on them ---------------------------------------------
def symbols(**printed) -> list[str]:
    """Codes of the symbol cards showing all the given values (letter="A", digit=3, ...)."""
    return [
        c["code"]
        for c in ALL
        if c["type"] == "symbol" and all(c.get(k) == v for k, v in printed.items())
    ]


def complete_dream() -> list[str]:
    """Five catalog cards that make a complete dream: a symbol card and four free cards.

    The free cards count for its letter, and the first free card links after it.
    """
    return ["ONI-S001", *FREES[:4]]


def plain_symbols(n: int, skip: set[str] = frozenset()) -> list[str]:
    """`n` symbol codes, in catalog order, leaving out `skip`."""
    return [c for c in symbols() if c not in skip][:n]


# --- games and tables ----------------------------------------------------------------------
def game(level=5, players=2, seed=1, **options):
    """A game of the whole catalog, nothing shuffled, seat 0 first (its first card drawn)."""
    opts = {"level": level, "players": players, "shuffle": False, "first_player": 0}
    opts.update(options)
    return ENGINE.new_game(ALL, opts, seed)


def ids_of(g, code: str) -> list[str]:
    return [i for i, c in g.s["cards"].items() if c == code]


def one(g, code: str) -> str:
    found = ids_of(g, code)
    assert len(found) == 1, f"{code}: {len(found)} instances"
    return found[0]


def _take_out(s: dict, card: str) -> None:
    """Remove a card id from whatever zone holds it."""
    zones = [s["draw"], s["discard"]]
    if s["mode"] == "table":
        for seat in s["players"]:
            zones.append(seat["hand"])
            zones += [d["cards"] for d in seat["dreams"]]
        if s["shared"]:
            zones.append(s["shared"]["cards"])
        zones.append(s["limbo"])
    else:
        zones += [s["players"][0]["hand"], s["drawn"], s["fairies"]]
    for zone in zones:
        if card in zone:
            zone.remove(card)
            return
    raise AssertionError(f"{card} is nowhere")


def arrange(g, *, hands=None, dreams=None, shared=None, into=None, top=None, discard=None):
    """A fresh state with these cards (codes) placed; a hand given is replaced whole.

    hands: {seat: [codes]}; dreams: {seat: [[codes], ...]} (new dreams, added in
    order, ids d1, d2, ...); shared: [codes]; into: {dream id: [codes]} added to
    dreams that exist (a level 1 dream "p0"); top: [codes] on top of the draw pile,
    first one on top; discard: [codes]. Cards pushed out of a replaced hand go to
    the bottom of the draw pile; a hand not given keeps its size (a card taken
    from it is made up from the bottom of the draw pile).
    """
    s = g.s
    sizes = [len(seat["hand"]) for seat in s["players"]]
    for seat, codes in (hands or {}).items():
        hand = s["players"][seat]["hand"]
        s["draw"].extend(hand)
        hand.clear()
        for code in codes:
            card = next(i for i in ids_of(g, code) if i not in hand)
            _take_out(s, card)
            hand.append(card)
    for seat, lists in (dreams or {}).items():
        for codes in lists:
            dream = table.new_dream(s, seat)
            for code in codes:
                card = one(g, code)
                _take_out(s, card)
                dream["cards"].append(card)
    if shared is not None:
        for code in shared:
            card = one(g, code)
            _take_out(s, card)
            s["shared"]["cards"].append(card)
    for dream_id, codes_ in (into or {}).items():
        dream = table.find_dream(s, dream_id)[1]
        for code in codes_:
            card = one(g, code)
            _take_out(s, card)
            dream["cards"].append(card)
    for code in reversed(top or []):
        card = one(g, code)
        _take_out(s, card)
        s["draw"].insert(0, card)
    for code in discard or []:
        card = one(g, code)
        _take_out(s, card)
        s["discard"].append(card)
    for seat, size in enumerate(sizes):
        kept = s["players"][seat]["hand"]
        while seat not in (hands or {}) and len(kept) < size:
            kept.append(s["draw"].pop())
    return refreshed(g)


def refreshed(g):
    """The state rebuilt from its data, dream flags worked out again (after editing `s`)."""
    s = g.s
    if s["mode"] == "table":
        for seat in s["players"]:
            for dream in seat["dreams"]:
                table.refresh(g, dream)
        if s["shared"]:
            table.refresh(g, s["shared"])
    return ENGINE.from_dict(g.to_dict())


def act(g, type_: str, **fields):
    """Apply an action for whoever decides now; returns the events."""
    return g.apply({"type": type_, "player": g.active_player, **fields})


def codes(g, ids: list[str]) -> list[str]:
    return [g.s["cards"][i] for i in ids]


def hand(g, seat: int) -> list[str]:
    return codes(g, g.s["players"][seat]["hand"])


def dreams(g, seat: int) -> list[list[str]]:
    return [codes(g, d["cards"]) for d in g.s["players"][seat]["dreams"]]


def kinds(g) -> set[str]:
    return {a["type"] for a in g.legal_actions(g.active_player)}


def count_cards(g) -> int:
    """Every card instance, wherever it is (the conservation check)."""
    s = g.s
    total = len(s["draw"]) + len(s["discard"])
    if s["mode"] == "table":
        dreams = [d for seat in s["players"] for d in seat["dreams"]]
        dreams += [s["shared"]] if s["shared"] else []
        total += sum(len(seat["hand"]) for seat in s["players"])
        # a dream's cards, and the wake-up card that ended the game on it
        total += sum(len(d["cards"]) + ("wake_up" in d) for d in dreams)
        total += len(s["limbo"])
    else:
        s0 = s["players"][0]
        total += len(s0["hand"]) + len(s["drawn"]) + len(s["fairies"])
        total += sum(1 for slot in s["row"] if slot) + sum(1 for c in s["codes"].values() if c)
        total += 1 if s["target"] else 0
    return total


def pass_turn(g) -> None:
    """End the turn of the player to act, discarding the first cards if over five."""
    p = g.active_player
    if "end_turn" in kinds(g):
        act(g, "end_turn")
    while not g.is_over and g.active_player == p and "discard" in kinds(g):
        act(g, "discard", card=g.s["players"][p]["hand"][0])


def swapped(g, seat: int, rng: random.Random):
    """The same game with a hidden card of another seat's hand swapped with one of the draw
    pile (neither known to `seat`), or None when there is none to swap."""
    s = g.s
    if not s["draw"] or s["pending"] or s["step"] != "play":
        return None
    others = [p for p in g.players if p != seat and s["players"][p]["hand"]]
    if not others:
        return None
    q = rng.choice(others)
    hand = s["players"][q]["hand"]
    unknown = [i for i, c in enumerate(hand) if c not in s["known"]]
    if not unknown:
        return None
    data = g.to_dict()
    i, j = rng.choice(unknown), rng.randrange(len(s["draw"]))
    ours, theirs = data["players"][q]["hand"], data["draw"]
    ours[i], theirs[j] = theirs[j], ours[i]
    return from_dict(data), q
