"""Carrying out a legal action, and saying why an action is not legal.

Every action is already known to be in `legal_actions` when `perform` runs
(the apply template checks), so this only routes it: the task waiting at the
front of the queue (a window, a choice, a dying mage) is taken off, the
action does its part, and `flow.run` goes on until the next decision.
"""

from __future__ import annotations

from play.engines.arcane_guardian import dungeon, flow, moves
from play.engines.base import IllegalAction

ACTION_FIELDS = {
    "choose_pile": {"pile", "cost"},
    "use": {"card"},
    "discard_curse": {"card"},
    "fight": {"option"},
    "cast": {"spells"},
    "roll": set(),
    "open_chest": set(),
    "accept_roll": set(),
    "choose": {"cards"},
    "pay": {"cost"},
    "end_step": set(),
}

MOMENT_NAMES = {
    None: "choosing a pile",
    "enemy": "facing an enemy",
    "trap": "facing a trap",
    "chest": "at a chest",
    "after_roll": "after a die roll",
    "ending": "paying for a revealed ending",
    "before_reveal": "before the reveal phase",
    "dying": "below 1 life",
    "lose_mana": "choosing spells to turn sideways",
    "gain_mana": "choosing spells to turn upright",
    "discard": "choosing cards to discard",
    "level_up_curse": "choosing a curse to discard on the level up",
}


def perform(g, action: dict) -> None:
    s = g.s
    kind = action["type"]
    waiting = s["queue"].pop(0) if s["pending"] is not None else None
    if kind == "choose_pile":
        dungeon.start_step(g, action["pile"], action.get("cost"))
    elif kind == "use":
        flow.use(g, action["card"], waiting)
    elif kind == "discard_curse":
        flow.discard_curse(g, action["card"], waiting)
    elif kind == "choose":
        flow.choose(g, action["cards"])
    elif kind == "pay":
        flow.pay_ending(g, waiting, action["cost"])
    elif kind == "end_step":
        pass  # the reveal phase is the next task
    else:
        flow.close(g, action)
    s["pending"] = None
    flow.run(g)


def why_illegal(g, action: dict) -> IllegalAction:
    s = g.s
    kind = action["type"]
    moment = (s["pending"] or {}).get("kind")
    where = MOMENT_NAMES.get(moment, moment)
    if kind not in ACTION_FIELDS:
        return IllegalAction("unknown_action", f"There is no action called {kind!r}.")
    extra = set(action) - {"type", "player"} - ACTION_FIELDS[kind]
    if extra:
        return IllegalAction("bad_action", f"{kind} has no fields {sorted(extra)}.")
    legal = moves.legal_actions(s)
    possible = sorted({a["type"] for a in legal})
    if kind not in possible:
        return IllegalAction(
            "wrong_moment", f"{kind} is not possible now ({where}); possible: {possible}."
        )
    if kind == "choose_pile":
        pile = action.get("pile")
        piles = len(s["piles"])
        if pile not in range(piles):
            return IllegalAction(
                "no_such_pile",
                f"Piles are numbered 0 to {piles - 1}.",
                facts={"piles": piles},
            )
        if not dungeon.pile_choosable(s, pile):
            return IllegalAction(
                "pile_closed",
                f"Pile {pile} cannot be chosen: it is empty or ends in an ending "
                "you cannot act on now.",
            )
        return IllegalAction("bad_cost", "Name one of the ending's costs that you can pay.")
    if kind == "pay":
        return IllegalAction("bad_cost", "Name one of the ending's costs that you can pay.")
    if kind == "use":
        return IllegalAction(
            "not_usable",
            f"{action.get('card')!r} cannot be used now: an upright spell or a held card "
            f"whose use fits this moment ({where}) can.",
        )
    if kind == "discard_curse":
        return IllegalAction(
            "curse_stays",
            f"{action.get('card')!r} cannot be discarded now: only a held curse whose own "
            "condition holds, or whose cost you can pay.",
        )
    if kind == "fight":
        return IllegalAction(
            "bad_option",
            "That option cannot be chosen now: a mana cost needs at least 1 mana, "
            "a discard needs the cards.",
        )
    if kind == "cast":
        return IllegalAction(
            "bad_spells",
            "Cast two upright spells, or the one upright spell that defeats this enemy.",
        )
    if kind == "choose":
        return IllegalAction(
            "bad_choice", "Choose exactly the number of cards asked for, in the listed order."
        )
    return IllegalAction("not_allowed", f"That {kind} is not allowed now ({where}).")
