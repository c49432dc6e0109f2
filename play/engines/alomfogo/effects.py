"""The effects interpreter: costs, targets, counters and the one-shot ops.

A spell (from hand) or a helper ability (from the board) is "cast" through
one pipeline, each step possibly waiting for a decision (`s["pending"]`):

1. discard cost, one `choose_target` per card (DECISIONS: a cost is paid in full);
2. one `choose_target` per targeted op, in printed order;
3. spells only: each opponent who may hold a usable counter, as every seat
   sees it (`asked_to_counter`), may `counter` with one or `decline_counter`,
   in seat order after the caster (DECISIONS 6);
4. resolve the ops, the spell goes to the bűbájketrec.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

# --- queries ----------------------------------------------------------------
NONE: tuple = ()  # what `statics` finds when no card in play has the op
NO_STATICS: Mapping[str, tuple[dict, ...]] = MappingProxyType({})


def statics(g, p: int, op: str) -> tuple[dict, ...]:
    """Static ops named `op` of seat p's active cards on the board (DECISIONS 7).

    Read only: the ops are kept on the state and shared by every caller.
    """
    return board_statics(g, p).get(op, NONE)


def board_statics(g, p: int) -> Mapping[str, tuple[dict, ...]]:
    """Every static op of seat p's active cards, by op, in board order.

    The rules ask for them once per card in hand, and working them out every
    time took a fifth of a random game. Few cards have static abilities (3 of
    a demo deck's 45), so the active ones that do are the whole input: a board
    without them needs nothing more, and the ops of one with them are kept on
    the state (`derived`) while that input stays equal (by value, so a test
    that edits a card's state is seen too).
    """
    seat = g.s["players"][p]
    if not seat["alive"]:
        return NO_STATICS
    inst, static = g.s["inst"], g.codes_with("static")
    holders = tuple(
        [
            iid
            for iid in seat["board"]
            if inst[iid]["code"] in static and inst[iid]["state"] == "active"
        ]
    )
    if not holders:
        return NO_STATICS
    return g.derived(("statics", p), holders, lambda: _find_statics(g, holders))


def _find_statics(g, holders: tuple[str, ...]) -> dict[str, tuple[dict, ...]]:
    found: dict[str, list[dict]] = {}
    for iid in holders:
        for eff in g.effects(iid, "static"):
            for o in eff["do"]:
                found.setdefault(o["op"], []).append(dict(o, source=iid))
    return {op: tuple(ops) for op, ops in found.items()}


def matches(g, iid: str, flt: dict) -> bool:
    return allows(flt, g.card(iid), g.inst(iid)["state"])


def allows(flt: dict, card: dict, state: str | None) -> bool:
    """Does a target filter take this card, lying in the filter's zone in `state`?

    Pure, so a bot weighing a target before it is offered asks the rule itself.
    """
    if flt["zone"] == "board" and state not in flt["states"]:
        return False
    return matches_type(card, flt)


def candidates(g, p: int, flt: dict) -> list[str]:
    """Card instances that `flt` allows seat p to pick (DECISIONS 9: "any" = any living seat)."""
    owners = filter_owners(flt, p, g.living())
    return [iid for q in owners for iid in g.seat(q)[flt["zone"]] if matches(g, iid, flt)]


def filter_owners(flt: dict, p: int, living: list[int]) -> list[int]:
    """The seats whose cards a filter of seat p's effect looks at (DECISIONS 9)."""
    if flt["owner"] == "self":
        return [p]
    if flt["owner"] == "opponent":
        return [q for q in living if q != p]
    return list(living)


def play_cost(g, p: int, iid: str, statics_of=statics) -> int:
    """VP cost of a card for seat p after static reductions, never below 0.

    `statics_of` is `statics` or, for a caller asking about many cards at one
    moment (the view), a memo of it.
    """
    return cost_after(g.card(iid), statics_of(g, p, "cost"))


def cost_after(card: dict, cost_ops) -> int:
    """`play_cost` of `card` given its seat's static "cost" ops (a caller pricing a whole hand)."""
    cost = card["cost"]
    for op in cost_ops:
        if matches_type(card, op["filter"]):
            cost += op["amount"]
    return max(0, cost)


def matches_type(card: dict, flt: dict) -> bool:
    return card["type"] in flt["types"] and (
        flt["max_cost"] is None or card["cost"] <= flt["max_cost"]
    )


def choose_ops(eff: dict) -> list[dict]:
    return [o for o in eff["do"] if o["op"] in ("move", "set_state") and o["select"] == "choose"]


def affordable(cost: dict, vp: int, hand_spare: int) -> bool:
    """Can a seat with `vp` VP and `hand_spare` cards to discard pay an ability's cost?"""
    return cost["vp"] <= vp and cost["discard"] <= hand_spare


def feasible(
    g, p: int, eff: dict, *, hand_spare: int, vp: float = math.inf, hand_known: bool = True
) -> bool:
    """Can seat p pay the cost and find every required target?

    The VP part counts only when `vp` is given: a spell's VP is its play cost, checked apart.
    `hand_known=False`: as another seat sees it, a target in p's own hand (the only hand a
    filter may name) is there while p holds any card.
    """
    if not affordable(eff["cost"], vp, hand_spare):
        return False
    return all(
        op["optional"]
        or (not hand_known and op["filter"]["zone"] == "hand" and g.seat(p)["hand"])
        or candidates(g, p, op["filter"])
        for op in choose_ops(eff)
    )


def draw_count(op: dict, hand_size: int) -> int:
    """The cards a draw op gives a seat holding `hand_size` (some draw only below a limit)."""
    below = op["if_hand_below"]
    return op["count"] if below is None or hand_size < below else 0


def usable_counters(
    g, q: int, spell_type: str, zones: tuple[str, ...] = ("board", "hand")
) -> list[str]:
    """Seat q's cards in `zones` that may answer a spell of `spell_type` now."""
    seat = g.seat(q)
    found = []
    inst, counters = g.s["inst"], g.codes_with("counter")
    for zone in zones:
        for iid in seat[zone]:
            if inst[iid]["code"] not in counters:
                continue
            for eff in g.effects(iid, "counter"):
                if spell_type not in eff["against"]:
                    continue
                if (
                    zone == "board"
                    and eff["pay"] in ("sacrifice", "rest")
                    and g.inst(iid)["state"] == "active"
                ):
                    found.append(iid)
                elif zone == "hand" and eff["pay"] == "pay" and play_cost(g, q, iid) <= seat["vp"]:
                    found.append(iid)
    return found


def asked_to_counter(g, q: int, spell_type: str) -> bool:
    """Does seat q get a window to counter a spell of `spell_type` (DECISIONS 6)?

    Decided only on what every seat sees: whether the window opens is shown to
    the caster and to anyone watching, so opening it must not tell them what a
    hand holds. A living seat is asked when it holds any card (a hand's size is
    public) or has a counter on the board that may answer now (public too); it
    then counters with a usable counter or declines. Only a seat whose empty
    hand and board show it has nothing to answer with is passed over. Both the
    opening of the window and each later seat's turn in it ask this.
    """
    seat = g.seat(q)
    if not seat["alive"]:
        return False
    return bool(seat["hand"]) or bool(usable_counters(g, q, spell_type, ("board",)))


# --- basic changes ----------------------------------------------------------
def draw(g, p: int, count: int = 1, *, reason: str | None = None) -> None:
    """Seat p draws `count` cards; `reason` "turn" marks the turn's own draw (phase 2), so a
    reader tells it from a card text's without knowing the order of a turn's phases."""
    seat = g.seat(p)
    for _ in range(count):
        if not seat["alive"]:
            return
        if not seat["deck"]:
            lose(g, p, "deck_out")  # DECISIONS 2: drawing from an empty deck loses at once
            return
        iid = seat["deck"][0]
        g.move(iid, "hand")
        if reason is None:
            g.emit("draw", player=p, card=iid)
        else:
            g.emit("draw", player=p, card=iid, reason=reason)


def change_glory(g, p: int, delta: int, why: str) -> None:
    seat = g.seat(p)
    if not seat["alive"] or delta == 0:
        return
    seat["glory"] += delta
    g.emit("glory", player=p, delta=delta, glory=seat["glory"], reason=why)
    if out_of_glory(seat["glory"]):
        lose(g, p, "glory")


def out_of_glory(glory: int) -> bool:
    """A player with this much glory is out of the game."""
    return glory <= 0


def lose(g, p: int, reason: str) -> None:
    seat = g.seat(p)
    if seat["alive"]:
        seat["alive"] = False
        g.emit("player_out", player=p, reason=reason)
        g.s["last_reason"] = reason


def discard(g, iid: str, why: str) -> None:
    g.move(iid, "discard")
    g.emit(
        "to_discard", player=g.inst(iid)["owner"], card=iid, code=g.inst(iid)["code"], reason=why
    )


# --- the cast pipeline ------------------------------------------------------
def start_cast(g, p: int, iid: str, effect: dict, mode: str) -> None:
    g.s["casting"] = {
        "source": iid,
        "by": p,
        "mode": mode,
        "effect": effect,
        "discards": [],
        "targets": [],
        "counter_asked": False,
    }
    advance(g)


def advance(g) -> None:
    ctx = g.s["casting"]
    eff, p = ctx["effect"], ctx["by"]
    if len(ctx["discards"]) < eff["cost"]["discard"]:
        g.s["pending"] = {
            "kind": "choose",
            "player": p,
            "purpose": "discard",
            "options": list(g.seat(p)["hand"]),
        }
        return
    ops = choose_ops(eff)
    while len(ctx["targets"]) < len(ops):
        options = candidates(g, p, ops[len(ctx["targets"])]["filter"])
        if options:
            g.s["pending"] = {
                "kind": "choose",
                "player": p,
                "purpose": "target",
                "options": options,
            }
            return
        ctx["targets"].append(None)  # an optional target with nothing to pick
    if ctx["mode"] == "spell" and not ctx["counter_asked"]:
        ctx["counter_asked"] = True
        spell_type = g.card(ctx["source"])["type"]
        n = len(g.s["players"])
        queue = [(p + k) % n for k in range(1, n)]
        queue = [q for q in queue if asked_to_counter(g, q, spell_type)]
        if queue:
            g.s["pending"] = {"kind": "counter", "player": queue[0], "queue": queue[1:]}
            return
    g.s["pending"] = None
    resolve(g)


def choose(g, iid: str) -> None:
    pending, ctx = g.s["pending"], g.s["casting"]
    if pending["purpose"] == "discard":
        ctx["discards"].append(iid)
        discard(g, iid, "cost")
    else:
        ctx["targets"].append(iid)
        g.emit("target", player=ctx["by"], source=ctx["source"], card=iid)
    advance(g)


def counter(g, q: int, iid: str) -> None:
    ctx = g.s["casting"]
    eff = g.effects(iid, "counter")[0]
    if eff["pay"] == "sacrifice":
        discard(g, iid, "sacrifice")
    elif eff["pay"] == "rest":
        g.inst(iid)["state"] = "resting"
    else:
        g.seat(q)["vp"] -= play_cost(g, q, iid)
        g.move(iid, "discard")
    g.emit("countered", player=q, card=iid, code=g.inst(iid)["code"], spell=ctx["source"])
    g.s["pending"] = None
    discard(g, ctx["source"], "countered")  # its cost stays paid (DECISIONS 6)
    finish(g)


def decline_counter(g) -> None:
    pending = g.s["pending"]
    spell_type = g.card(g.s["casting"]["source"])["type"]
    queue = [q for q in pending["queue"] if asked_to_counter(g, q, spell_type)]
    if queue:
        g.s["pending"] = {"kind": "counter", "player": queue[0], "queue": queue[1:]}
    else:
        g.s["pending"] = None
        resolve(g)


def resolve(g) -> None:
    ctx = g.s["casting"]
    run_ops(g, ctx["by"], ctx["effect"]["do"], list(ctx["targets"]), ctx["source"])
    if ctx["mode"] == "spell" and g.zone_of(ctx["source"]) == "stack":
        discard(g, ctx["source"], "resolved")
    finish(g)


def finish(g) -> None:
    from play.engines.alomfogo import duel

    g.s["casting"] = None
    duel.after_help(g)


def run_ops(g, p: int, ops: list[dict], targets: list, source: str) -> None:
    """Carry out one-shot ops for seat p; `targets` feeds the choose-ops in order."""
    for op in ops:
        if not g.seat(p)["alive"]:
            return
        kind = op["op"]
        if kind == "power":
            power(g, p, op)
        elif kind == "draw":
            count = draw_count(op, len(g.seat(p)["hand"]))
            if count:
                draw(g, p, count)
        elif kind == "gain_vp":
            g.seat(p)["vp"] += op["amount"]
            g.emit("vp", player=p, delta=op["amount"], vp=g.seat(p)["vp"])
        elif kind == "gain_glory":
            change_glory(g, p, op["amount"], "effect")
        elif kind in ("move", "set_state"):
            if op["select"] == "all":
                picked = candidates(g, p, op["filter"])
            else:
                target = targets.pop(0)
                # a target that changed since it was chosen is skipped
                picked = [target] if target and target in candidates(g, p, op["filter"]) else []
            for iid in picked:
                if kind == "set_state":
                    g.inst(iid)["state"] = op["state"]
                    g.emit("card_state", card=iid, state=op["state"], source=source)
                elif op["to"] == "discard":
                    discard(g, iid, "effect")
                else:
                    g.move(iid, "hand")
                    g.emit(
                        "to_hand", player=g.inst(iid)["owner"], card=iid, code=g.inst(iid)["code"]
                    )


def power(g, p: int, op: dict) -> None:
    d = g.s["duel"]
    if d is None:
        return
    to, amount = power_shift(op, 0 if p == d["attacker"] else 1)
    d["boost"][to] += amount
    g.emit("power", player=p, side=("attacker", "defender")[to], delta=amount)


def power_shift(op: dict, side: int) -> tuple[int, int]:
    """(duel side it boosts, amount) of a "power" op used by `side` (0 attacker, 1 defender)."""
    cond = op["if"]
    ok = cond is None or (cond == "attacking") == (side == 0)
    amount = op["amount"] if ok else op["else"]
    return (side if op["to"] == "own" else 1 - side), amount


def duel_swing(eff: dict | None, side: int) -> int:
    """How far an ability used by `side` moves a duel in that side's favour."""
    total = 0
    for op in (eff or {"do": ()})["do"]:
        if op["op"] == "power":
            to, amount = power_shift(op, side)
            total += amount if to == side else -amount
    return total
