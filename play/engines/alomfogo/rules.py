"""Dispatch: whose decision it is, the legal actions, carrying out an action, settling deaths."""

from __future__ import annotations

from play.engines.alomfogo import duel, turn
from play.engines.alomfogo import effects as fx
from play.engines.base import IllegalAction

ACTION_TYPES = (
    "play_card",
    "cycle_instant",
    "activate",
    "end_main",
    "declare_attack",
    "end_turn",
    "declare_defender",
    "decline_defense",
    "assign_helper",
    "no_helper",
    "use_helper",
    "play_instant",
    "pass",
    "choose_target",
    "counter",
    "decline_counter",
    "draw_card",
    "decline_draw",
)


def deciding_player(g) -> int:
    s = g.s
    if s["pending"] is not None:
        return s["pending"]["player"]
    if s["duel"] is not None:
        return duel.deciding(s["duel"])
    return s["active"]


def legal_actions(g, p: int) -> list[dict]:
    s = g.s
    pending = s["pending"]
    if pending is not None:
        if pending["kind"] == "choose":
            return [{"type": "choose_target", "player": p, "card": i} for i in pending["options"]]
        if pending["kind"] == "draw":
            return turn.draw_legal(g, p)
        spell_type = g.card(s["casting"]["source"])["type"]
        acts = [
            {"type": "counter", "player": p, "card": i}
            for i in fx.usable_counters(g, p, spell_type)
        ]
        return acts + [{"type": "decline_counter", "player": p}]
    if s["duel"] is not None:
        return duel.legal(g, p)
    if s["phase"] == "main":
        return turn.main_legal(g, p)
    return turn.attack_legal(g, p)


# Most moves take the action's seat and card, its card only, or nothing: each table
# holds the moves of one of those kinds by action type.
_SEAT_AND_CARD_MOVES = {
    "cycle_instant": turn.cycle_instant,
    "activate": turn.activate,
    "declare_attack": duel.declare_attack,
    "use_helper": duel.use_helper,
    "play_instant": duel.play_instant,
    "counter": fx.counter,
}
_CARD_MOVES = {
    "declare_defender": duel.defend,
    "assign_helper": duel.helper,
    "no_helper": duel.helper,
    "choose_target": fx.choose,
}
_GAME_MOVES = {
    "end_turn": turn.end_turn,
    "decline_defense": duel.decline,
    "pass": duel.pass_help,
    "decline_counter": fx.decline_counter,
    "draw_card": turn.take_draw,
    "decline_draw": turn.decline_draw,
}


def perform(g, a: dict) -> None:
    t, p, card = a["type"], a["player"], a.get("card")
    if t in _SEAT_AND_CARD_MOVES:
        _SEAT_AND_CARD_MOVES[t](g, p, card)
    elif t in _CARD_MOVES:
        _CARD_MOVES[t](g, card)
    elif t in _GAME_MOVES:
        _GAME_MOVES[t](g)
    elif t == "play_card":
        turn.play_card(g, p, card, a.get("free"))
    elif t == "end_main":
        g.s["phase"] = "attack"
        g.emit("end_main", player=p)


def settle(g) -> None:
    """After an action: end the game, or move on past a seat that just lost."""
    s = g.s
    living = g.living()
    if len(living) <= 1:
        s["result"] = {
            "winners": living,
            "reason": s["last_reason"],
            "glory": [seat["glory"] for seat in s["players"]],
        }
        s["phase"], s["duel"], s["pending"], s["casting"] = "over", None, None, None
        g.emit("game_over", winners=living, reason=s["last_reason"])
        return
    d = s["duel"]
    if d is not None and not (g.seat(d["attacker"])["alive"] and g.seat(d["defender"])["alive"]):
        # A duellist's player is out mid-duel: the duel is over there and then, and ends as
        # every duel does (its cards rest), before the turn goes on or passes on.
        s["pending"], s["casting"] = None, None
        duel.end(g)
    if not g.seat(s["active"])["alive"]:
        turn.start_turn(g, g.next_living(s["active"]))
        settle(g)  # the new turn's draw may knock out another seat
        return
    if s["pending"] is not None and not g.seat(s["pending"]["player"])["alive"]:
        fx.decline_counter(g)  # only a counter can wait on a seat other than the duellists


def why_illegal(g, a: dict) -> IllegalAction:
    t, p = a["type"], a["player"]
    if t not in ACTION_TYPES:
        return IllegalAction("unknown_action", f"There is no action called {t!r}.")
    if p != deciding_player(g):
        return IllegalAction(
            "not_your_turn", f"Seat {deciding_player(g)} decides now, not seat {p}."
        )
    legal = legal_actions(g, p)
    if t not in {x["type"] for x in legal}:
        return IllegalAction(
            "wrong_step",
            f"{t} is not possible now; possible: {sorted({x['type'] for x in legal})}.",
        )
    card = a.get("card")
    # A card id is a string; anything else sent by a client (a list, an object) is no
    # card and must be refused like one, not raise while being looked up.
    if isinstance(card, str) and card in g.s["inst"]:
        if (
            g.inst(card)["owner"] == p
            and g.zone_of(card) == "hand"
            and t in ("play_card", "play_instant")
        ):
            if fx.play_cost(g, p, card) > g.seat(p)["vp"]:
                return IllegalAction("not_enough_vp", "You do not have enough VP for that card.")
    if set(a) - {"type", "player", "card", "free"}:
        return IllegalAction("bad_action", "The action has fields it should not have.")
    return IllegalAction(
        "not_allowed", f"That {t} is not allowed: the card or target is not a legal choice."
    )
