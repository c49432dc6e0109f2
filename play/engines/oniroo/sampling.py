"""ONIROO table states rebuilt from one seat's view, the hidden cards drawn at random.

Every ONIROO card is public (the one shared card set), so what a seat cannot
see is where the level's cards are: other seats' hands (but the cards the view
lists as `known_hand`), the draw pile and its order (with the wake-up card
somewhere in it or in a hand), its own hand while a moon eye makes it play
blind, and the cards another player is staging for a reveal (still in their
hand). The hidden cards are the level's cards less every card the view shows;
they are dealt at random into those places, as many as the view counts.

The seat knows which card ids exist (`c0`… one per card of the level) and
sees some of them; a hidden card gets the id `x<n>` for the unseen `c<n>`, so
`action_key` can tell an invented card (named by its code) from one the seat
sees. A card the seat saw before (`remember`: its code by id) keeps its code
when it is hidden again (a refilled draw pile, a new game of a series), but
goes to a random hidden place like any other: the sampler does not follow
where it went. The seat's own hand while it plays blind is the exception:
the cards it last saw there (and still cannot see elsewhere) stay in it.

What the view does not say and the rules do not read for the seat's choices
is set plainly: who else knows a card in a hand (only the seat, for its
`known_hand` cards), whether another player is staging a reveal (they are
shown, and rebuilt, at the play step), whether they took a reveal back this
turn (no), the number of the next new dream (after the highest dream id the
view shows, events included), the event log (empty).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

from play.engines.base import copy_json
from play.engines.oniroo import table
from play.engines.oniroo import view as view_module
from play.engines.oniroo.setup import DEFAULTS, card_pool, check_options, read_pool
from play.engines.oniroo.state import OnirooState
from play.engines.oniroo.view import PUBLIC_OPTIONS
from play.engines.sampling import Knowledge, SampleError

HIDDEN = "x"  # the first letter of an invented id (real ids start with "c")
LAST_HAND = "oniroo_last_hand"  # knowledge.cache key: the seat's own hand ids last seen


def remember(view: dict, knowledge: Knowledge) -> None:
    """Note every card the view shows (its code by id) and the seat's own hand.

    A card once seen may be hidden again: the discard pile turned into the
    draw pile, every card shuffled for the next game of a series, a hand
    passed on and then mixed for a blind play. Its id keeps its card for the
    whole match, so noting every card seen covers all of these; the sampler
    uses the ones hidden now. The own hand is noted too: while a moon eye
    makes the seat play blind its view hides that hand, and the sample puts
    the cards it last saw there back into it.
    """
    if view["mode"] != "table":
        return
    remembered = knowledge.remembered
    for card in _shown(view, knowledge.seat):
        remembered[card["id"]] = card["code"]
    hand = view["players"][knowledge.seat].get("hand")
    if hand is not None:
        knowledge.cache[LAST_HAND] = [card["id"] for card in hand]


def action_key(state: OnirooState, action: dict) -> Hashable:
    """The action with an invented card id replaced by its code (the same move in every sample).

    Every other field (dream ids, seats, positions, places) is the same in
    every sample of one view; the seat's own cards keep their ids, so its
    legal actions keep distinct keys.
    """
    card = action.get("card")
    if type(card) is str and card[0] == HIDDEN:
        action = {**action, "card": "=" + state.s["cards"][card]}
    return tuple(sorted(action.items()))


def sample_state(view: dict, knowledge: Knowledge, rng: random.Random) -> OnirooState:
    """A table state that looks to `knowledge.seat` like `view`, hidden cards drawn by `rng`."""
    if view["mode"] != "table":
        # a refusal like any view it cannot rebuild: the search bot falls back on greedy
        raise SampleError(
            "the ONIROO sampler rebuilds table games only: the solitaire (players 1) has no "
            "other seat to search against"
        )
    me = knowledge.seat
    opts = check_options(knowledge.options)
    codes, infos, catalog = _level(knowledge, opts)
    n = len(view["players"])
    if n != opts["players"]:
        raise SampleError("the view's seats and the match options disagree")
    cards: dict[str, str] = {}  # id -> code, visible cards first
    for card in _shown(view, me):
        cards[card["id"]] = card["code"]
    pool = Counter(codes)
    pool.subtract(Counter(cards.values()))
    if any(count < 0 for count in pool.values()):
        raise SampleError("the view shows cards the level does not hold")
    hidden = [f"c{k}" for k in range(len(codes)) if f"c{k}" not in cards]

    # what hidden cards the seat knows (seen before) keep; the rest are drawn from the pool
    remembered = knowledge.remembered
    unknown = []
    for iid in hidden:
        code = remembered.get(iid)
        if code is not None and pool[code] > 0:
            pool[code] -= 1
            cards[HIDDEN + iid[1:]] = code
        else:
            unknown.append(HIDDEN + iid[1:])
    bag = list(pool.elements())
    rng.shuffle(bag)
    cards.update(zip(unknown, bag, strict=True))
    hidden = [HIDDEN + iid[1:] for iid in hidden]

    # the hidden places, filled from the shuffled hidden cards
    seats = view["players"]
    blind_me = seats[me].get("hand") is None
    slots = {
        p: seat["hand_count"] - len(seat.get("known_hand", ())) for p, seat in enumerate(seats)
    }
    slots[me] = seats[me]["hand_count"] if blind_me else 0
    if sum(slots.values()) + view["draw_count"] != len(hidden):
        raise SampleError("the view's counts do not add up to the cards it does not show")
    rng.shuffle(hidden)
    hands: dict[int, list[str]] = {}
    if blind_me:  # the cards last seen in the own hand are still there (mixed face down)
        last = {HIDDEN + iid[1:] for iid in knowledge.cache.get(LAST_HAND, ())}
        mine = [iid for iid in hidden if iid in last][: slots[me]]
        hidden = mine + [iid for iid in hidden if iid not in mine]
    at = 0
    for p in [me, *(q for q in range(n) if q != me)]:
        hands[p] = hidden[at : at + slots[p]]
        at += slots[p]
    draw = hidden[at:]

    players = []
    known: dict[str, list[int]] = {}
    for p, seat in enumerate(seats):
        if p == me:
            hand = hands[p] if blind_me else [card["id"] for card in seat["hand"]]
            if blind_me:
                rng.shuffle(hand)
        else:
            shown = [card["id"] for card in seat["known_hand"]]
            for iid in shown:
                known[iid] = [me]
            # the known cards keep the order the view shows; the others go anywhere among them
            hand = shown
            for iid in hands[p]:
                hand.insert(rng.randrange(len(hand) + 1), iid)
        players.append(
            {
                "hand": hand,
                "dreams": [_dream(d) for d in seat["dreams"]],
                "dreams_started": seat["dreams_started"],
                "score": seat["score"],
                "wait": seat["waiting"],
                # the turn's player at the blind step has used up their moon eye
                "blind": seat["blind"]
                and not (p == view["turn_player"] and view["step"] == "blind"),
            }
        )
    data = {
        "game": "oniroo",
        "mode": "table",
        "options": opts,
        "seed": 0,
        "rng": None,
        "catalog": dict(catalog),
        "cards": cards,
        "draw": draw,
        "discard": [card["id"] for card in view["discard"]],
        # turns go round in seat order from the game's first player (turn 1)
        "first_player": (view["turn_player"] - (view["turn"] - 1)) % n,
        "active": view["turn_player"],
        "turn": view["turn"],
        "result": copy_json(view["result"]),
        "log": [],
        "version": 0,
        "game_no": view["game_number"],
        "history": copy_json(view["history"]),
        "players": players,
        "shared": _shared(view["shared_dream"]) if view["shared_dream"] else None,
        "dream_seq": _dream_seq(view),
        "known": known,
        "limbo": [card["id"] for card in view["in_transit"]],
        "pending": _pending(view),
        "attack": _attack(view["attack"]),
        "step": view["step"],
        "tf": _this_turn(view, me),
    }
    state_rng = random.Random(rng.getrandbits(64))
    g = OnirooState(data, state_rng, infos)
    s = g.s
    for dream in _all_dreams(s):
        complete = dream["complete"]
        table.refresh(g, dream)  # the link and code-set flags the rules keep
        dream["complete"] = complete  # as shown (adding cards never undoes it)
    tf = s["tf"]
    if tf["chain"] is not None:
        _, chain = table.find_dream(s, tf["chain"])
        if chain is not None and chain["cards"]:
            tf["last"] = chain["cards"][-1]
    return g


def _level(knowledge: Knowledge, opts: dict) -> tuple[list[str], dict, dict]:
    """(the level's codes, one per card; code -> Info; the level's catalog), once per knowledge."""
    key = ("oniroo_level", opts["level"], opts["free_cards"], opts["attack_kind"])
    found = knowledge.cache.get(key)
    if found is None:
        found = knowledge.cache[key] = read_pool(card_pool(knowledge.deck)).for_level(opts)
    return found


def _shown(view: dict, me: int):
    """Every card entry the view shows (with repeats: a card may show in two places)."""
    yield from view["discard"]
    yield from view["in_transit"]
    for seat in view["players"]:
        for dream in seat["dreams"]:
            yield from dream["cards"]
        if seat["seat"] == me:
            yield from seat.get("hand") or ()
        else:
            yield from seat["known_hand"]
    if view["shared_dream"]:
        yield from view["shared_dream"]["cards"]
    this_turn = view["this_turn"]
    yield from this_turn.get("staged", ())
    for single in (
        this_turn["blind_card"],
        (view["attack"] or {}).get("card"),
        (view["pending"] or {}).get("card"),
    ):
        if single is not None:
            yield single


def _dream(shown: dict) -> dict:
    dream = table.empty_dream(shown["id"], shown.get("number"))
    dream["cards"] = [card["id"] for card in shown["cards"]]
    dream["complete"] = shown["complete"]
    return dream


def _shared(shown: dict) -> dict:
    """The shared dream, with who completed it at level 3 (only they may wake it)."""
    dream = _dream(shown)
    if "completed_by" in shown:
        dream["completed_by"] = shown["completed_by"]
    return dream


def _all_dreams(s: dict):
    for seat in s["players"]:
        yield from seat["dreams"]
    if s["shared"]:
        yield s["shared"]


def _dream_seq(view: dict) -> int:
    """The number of the last dream made (`d<n>`), as far as the view shows dream ids."""
    seen = [0]
    for seat in view["players"]:
        seen += [int(d["id"][1:]) for d in seat["dreams"] if d["id"][0] == "d"]
    for event in view["events"]:
        dream = event.get("dream")
        if type(dream) is str and dream[:1] == "d" and dream[1:].isdigit():
            seen.append(int(dream[1:]))
    return max(seen)


def _attack(shown: dict | None) -> dict | None:
    if shown is None:
        return None
    attack = copy_json({k: v for k, v in shown.items() if k != "card"})
    attack["card"] = shown["card"]["id"]
    return attack


def _pending(view: dict) -> list[dict]:
    """The decisions still owed: the view shows the first one and how many there are.

    The rest follow from the attack: the reached players still to defend (in
    seat order), or a moon ear's cards still to take (round the others from the
    attacker); every other kind is owed by one player at a time.
    """
    shown = view["pending"]
    if shown is None:
        return []
    due = {k: v for k, v in shown.items() if k not in ("queue", "card")}
    if "card" in shown:
        due["card"] = shown["card"]["id"]
    queue = shown["queue"]
    kind = due["kind"]
    attack = view["attack"]
    if kind == "defend":
        reached = attack["reached"]
        owed = [{"kind": "defend", "player": q} for q in reached[reached.index(due["player"]) :]]
    elif kind == "take":
        n = len(view["players"])
        by, victim = attack["by"], attack["target"]
        takers = [x % n for x in range(by, by + n) if x % n != victim]
        first = takers.index(due["player"])
        owed = [
            {"kind": "take", "player": takers[(first + k) % len(takers)], "card": card["id"]}
            for k, card in enumerate(view["in_transit"])
        ]
    else:
        owed = [due]
    if len(owed) != queue or owed[0] != due:
        raise SampleError("the decisions owed cannot be rebuilt from the view")
    return owed


def _this_turn(view: dict, me: int) -> dict:
    shown = view["this_turn"]
    tf = table.fresh_turn()
    tf["played"] = shown["played"]
    tf["chain"] = shown["chain"]
    tf["attacked"] = shown["attacked"]
    tf["revealed"] = shown["revealed"]
    tf["blind_card"] = shown["blind_card"]["id"] if shown["blind_card"] else None
    if view["turn_player"] == me:
        tf["staged"] = [card["id"] for card in shown["staged"]]
        tf["taken_back"] = shown.get("taken_back", 0)
    return tf


def playout_view(g: OnirooState, seat: int) -> dict:
    """What the greedy bot reads of a sample, for the search bot's playouts: a lean view.

    The seat's view as `g.view(seat)` gives it, less what costs most to build
    and no bot reads: each dream's explanation, the events, the history, the
    staged cards' explanation; and each card's public facts are shared, not
    copied (the greedy bot never changes them). Read from a determinisation
    the search bot made itself (never from the real state), for a seat it
    plays in that sample: the greedy bot chooses exactly as from the full view
    (tests/play/test_oniroo_search.py), about a third faster a playout.
    """
    s = g.s
    public = view_module._public(g)
    tf = s["tf"]
    active = s["active"]
    seats = []
    for p, one in enumerate(s["players"]):
        entry = {
            "seat": p,
            "score": one["score"],
            "hand_count": len(one["hand"]),
            "dreams": [_lean_dream(public, d) for d in one["dreams"]],
            "waiting": one["wait"],
            "blind": one["blind"] or (p == active and s["step"] == "blind"),
        }
        if p == seat:
            blind = p == active and s["step"] == "blind"
            entry["hand"] = None if blind else [public[c] for c in one["hand"]]
        else:
            knowers = s["known"]
            entry["known_hand"] = [public[c] for c in one["hand"] if seat in knowers.get(c, ())]
        seats.append(entry)
    step = s["step"]
    if step == "staging" and seat != active:
        step = "play"
    attack = s["attack"]
    if attack is not None:
        attack = {**attack, "card": public[attack["card"]]}
    this_turn = {
        "played": tf["played"],
        "chain": tf["chain"],
        "attacked": tf["attacked"],
        "revealed": tf["revealed"],
        "blind_card": public[tf["blind_card"]] if tf["blind_card"] else None,
    }
    if seat == active:
        this_turn["staged"] = [public[c] for c in tf["staged"]]
    options = s["options"]
    return {
        "game": "oniroo",
        "mode": s["mode"],
        "level": options["level"],
        "options": {k: options.get(k, DEFAULTS[k]) for k in PUBLIC_OPTIONS},
        "you": seat,
        "turn": s["turn"],
        "to_act": g.active_player,
        "draw_count": len(s["draw"]),
        "discard": [public[c] for c in s["discard"]],
        "result": s["result"],
        "turn_player": active,
        "step": step,
        "players": seats,
        "shared_dream": _lean_dream(public, s["shared"]) if s["shared"] else None,
        "rules": table.level_rules(g),
        "this_turn": this_turn,
        "attack": attack,
        "in_transit": [public[c] for c in s["limbo"]],
    }


def _lean_dream(public: dict[str, dict], dream: dict) -> dict:
    lean = {
        "id": dream["id"],
        "cards": [public[c] for c in dream["cards"]],
        "complete": dream["complete"],
    }
    if "completed_by" in dream:  # level 3's shared dream: only its completer may wake it
        lean["completed_by"] = dream["completed_by"]
    return lean
