"""Duels (phase 4): attacker, defender or refusal, helpers, the help window, resolution.

`s["duel"]` while a duel runs: seats `attacker`/`defender`, duelists `a`/`d`,
`helpers` [attacker's, defender's], `step` (defend → attacker_helper →
defender_helper → help), `to_act` and `passes` in the help window, and the
power `boost` of each side.
"""

from __future__ import annotations

from play.engines.alomfogo import effects as fx
from play.engines.alomfogo.cards import CREATURES, effects_by_when

SIDES = ("attacker", "defender")


def side_player(d: dict, side: int) -> int:
    return d["attacker"] if side == 0 else d["defender"]


def deciding(d: dict) -> int:
    step = d["step"]
    if step == "defend" or step == "defender_helper":
        return d["defender"]
    if step == "attacker_helper":
        return d["attacker"]
    return d["to_act"]


def active_revulok(g, p: int) -> list[str]:
    return [
        i
        for i in g.seat(p)["board"]
        if g.card(i)["type"] == "revulo" and g.inst(i)["state"] == "active"
    ]


def duels_to(g, p: int) -> int | None:
    """The seat p's duels go to: the player on p's right ("a tőle jobbra levő játékoshoz"),
    the previous living seat in turn order (DECISIONS 9); with two players, the other one."""
    return g.previous_living(p)


def can_attack(g, p: int) -> bool:
    # DECISIONS 1: no duels on the starting player's first turn
    return g.s["turn"] > 1 and duels_to(g, p) is not None


# --- legal actions ----------------------------------------------------------
def legal(g, p: int) -> list[dict]:
    d = g.s["duel"]
    step = d["step"]
    if step == "defend":
        acts = [{"type": "declare_defender", "player": p, "card": i} for i in active_revulok(g, p)]
        return acts + [{"type": "decline_defense", "player": p}]
    if step in ("attacker_helper", "defender_helper"):
        duelist = d["a"] if step == "attacker_helper" else d["d"]
        acts = [
            {"type": "assign_helper", "player": p, "card": i}
            for i in g.seat(p)["board"]
            if i != duelist and g.card(i)["type"] in CREATURES and g.inst(i)["state"] == "active"
        ]
        return acts + [{"type": "no_helper", "player": p}]
    acts = []
    side = 0 if p == d["attacker"] else 1
    helper = d["helpers"][side]
    if helper is not None and helper_usable(g, p, helper):
        acts.append({"type": "use_helper", "player": p, "card": helper})
    seat = g.seat(p)
    for i in seat["hand"]:
        if g.card(i)["type"] != "azonnali":
            continue
        play = g.effects(i, "play")
        if not play or fx.play_cost(g, p, i) > seat["vp"]:
            continue
        if fx.feasible(g, p, play[0], hand_spare=len(seat["hand"]) - 1):
            acts.append({"type": "play_instant", "player": p, "card": i})
    return acts + [{"type": "pass", "player": p}]


def helper_usable(g, p: int, iid: str, *, hand_known: bool = True) -> bool:
    """Can seat p use this board card's helper ability now: active, its cost paid, every
    target it needs there? `hand_known=False` answers as the other seats see it (the
    view's `can_help`): a target it needs in p's own hand counts while p holds a card."""
    return usable_helpers(g, p, (iid,), hand_known=hand_known)[0]


def usable_helpers(g, p: int, iids, *, hand_known: bool = True) -> list[bool]:
    """`helper_usable` of each of seat p's cards `iids`, asked at once (the view asks it of
    every helper in play at every version: one pass, the seat's VP and hand read once)."""
    inst = g.s["inst"]
    seat = g.s["players"][p]
    vp, spare = seat["vp"], len(seat["hand"])
    picks_nothing = _helpers_picking_nothing(g)
    usable = []
    for iid in iids:
        card = inst[iid]
        if card["state"] != "active" or card["zone"] != "board":
            usable.append(False)
            continue
        cost = picks_nothing.get(card["code"])
        if cost is not None:  # `feasible` of an ability with no target to find: its cost
            usable.append(fx.affordable(cost, vp, spare))
            continue
        abil = g.effects(iid, "helper")
        usable.append(
            bool(abil)
            and fx.feasible(g, p, abil[0], hand_spare=spare, vp=vp, hand_known=hand_known)
        )
    return usable


def _helpers_picking_nothing(g) -> dict[str, dict]:
    """Code -> cost of each card whose helper ability needs no target (most of them), once
    a game: their `feasible` is their cost alone."""
    cards = g.s["cards"]

    def work() -> dict[str, dict]:
        found = {}
        for code in g.codes_with("helper"):
            abil = effects_by_when(cards[code]).get("helper", ())
            if abil and not fx.choose_ops(abil[0]):
                found[code] = abil[0]["cost"]
        return found

    return g.derived(("helpers_picking_nothing",), (), work)


# --- actions ----------------------------------------------------------------
def declare_attack(g, p: int, iid: str) -> None:
    q = duels_to(g, p)  # DECISIONS 9: the player on the right
    g.s["phase"] = "duel"
    g.s["duel"] = {
        "attacker": p,
        "defender": q,
        "a": iid,
        "d": None,
        "helpers": [None, None],
        "step": "defend",
        "to_act": None,
        "passes": 0,
        "boost": [0, 0],
    }
    g.emit("attack", player=p, card=iid, defender=q)


def decline(g) -> None:
    d = g.s["duel"]
    a = d["a"]
    loss = decline_loss(g, d["attacker"], a)
    g.emit("defense_declined", player=d["defender"], attacker=a)
    fx.change_glory(g, d["defender"], -loss, "declined")
    rest_participants(g)  # the attacker, the only one named
    # the book: with no defender "the attacker has won at once", so its win abilities run
    if len(g.living()) > 1:
        for eff in g.effects(a, "win_attack"):
            fx.run_ops(g, d["attacker"], eff["do"], [], a)
    end(g)


def defend(g, iid: str) -> None:
    d = g.s["duel"]
    d["d"] = iid
    d["step"] = "attacker_helper"
    g.emit("defend", player=d["defender"], card=iid)


def helper(g, iid: str | None) -> None:
    d = g.s["duel"]
    side = 0 if d["step"] == "attacker_helper" else 1
    d["helpers"][side] = iid
    if iid:
        g.emit("helper", player=side_player(d, side), card=iid)
    if side == 0:
        d["step"] = "defender_helper"
    else:
        d["step"], d["to_act"], d["passes"] = "help", d["attacker"], 0


def use_helper(g, p: int, iid: str) -> None:
    abil = g.effects(iid, "helper")[0]
    mark = g.card(iid)["helper_mark"] or "P"
    g.emit("use_helper", player=p, card=iid, mark=mark)
    if mark == "P":
        g.inst(iid)["state"] = "resting"
    elif mark == "S":
        g.inst(iid)["state"] = "damaged"
    else:
        fx.discard(g, iid, "sacrifice")
    g.seat(p)["vp"] -= abil["cost"]["vp"]
    fx.start_cast(g, p, iid, abil, "helper")


def play_instant(g, p: int, iid: str) -> None:
    g.seat(p)["vp"] -= fx.play_cost(g, p, iid)
    g.move(iid, "stack")
    g.emit("play", player=p, card=iid, code=g.inst(iid)["code"])
    fx.start_cast(g, p, iid, g.effects(iid, "play")[0], "spell")


def pass_help(g) -> None:
    d = g.s["duel"]
    d["passes"] += 1
    g.emit("pass", player=d["to_act"])
    if d["passes"] >= 2:  # two passes one after the other close the window
        resolve(g)
    else:
        d["to_act"] = d["defender"] if d["to_act"] == d["attacker"] else d["attacker"]


def after_help(g) -> None:
    """After a help (ability or instant) the other side may act."""
    d = g.s["duel"]
    if d is None or d["step"] != "help" or g.s["pending"] is not None:
        return
    d["passes"] = 0
    d["to_act"] = d["defender"] if d["to_act"] == d["attacker"] else d["attacker"]


# --- resolution -------------------------------------------------------------
def stat(g, p: int, iid: str, name: str, statics=fx.statics) -> int:
    """A card's attack, defense or glory bonus now, for seat p.

    `statics(g, p, op)` finds the static ops in play; a caller asking about
    many cards at one moment (the view) passes a memo of it.
    """
    card = g.card(iid)
    value = card[name]
    for op in statics(g, p, "stat"):
        if op["stat"] == name and fx.matches_type(card, op["filter"]):
            value += op["amount"]
    return value


def glory_bonus(g, p: int, iid: str, statics=fx.statics) -> int:
    return stat(g, p, iid, "glory_bonus", statics)


def decline_loss(g, p: int, iid: str, statics=fx.statics) -> int:
    """Glory a defender loses by refusing a duel against seat p's attacker `iid`."""
    loss = 1 + glory_bonus(g, p, iid, statics)
    return loss + sum(op["amount"] for op in statics(g, p, "decline_penalty"))


def winner(pa: int, pd: int) -> int | None:
    """The side that wins a duel of these powers (0 attacker, 1 defender); a tie: neither."""
    return 0 if pa > pd else 1 if pd > pa else None


def defence_glory(glory_bonus: int) -> int:
    """Glory a defender gains by winning a duel with a card of this glory bonus."""
    return 1 + glory_bonus


def resolve(g) -> None:
    d = g.s["duel"]
    a, dd = d["a"], d["d"]
    pa = stat(g, d["attacker"], a, "attack") + d["boost"][0]
    pd = stat(g, d["defender"], dd, "defense") + d["boost"][1]
    winner_side = winner(pa, pd)
    won = None if winner_side is None else SIDES[winner_side]
    g.emit("duel_result", attack=pa, defense=pd, winner=won)
    if winner_side == 0:
        if g.zone_of(dd) == "board":
            fx.discard(g, dd, "lost_duel")
        for eff in g.effects(a, "win_attack"):
            fx.run_ops(g, d["attacker"], eff["do"], [], a)
    elif winner_side == 1:
        if g.zone_of(a) == "board":
            fx.discard(g, a, "lost_duel")
        gained = defence_glory(glory_bonus(g, d["defender"], dd))
        fx.change_glory(g, d["defender"], gained, "defended")
        for eff in g.effects(dd, "win_defend"):
            fx.run_ops(g, d["defender"], eff["do"], [], dd)
    end(g)


def rest_participants(g) -> None:
    """DECISIONS 5: when a duel is over, each of its duelists and helpers still active turns
    resting, whether it helped or not. A card whose player is out stays as it was: a player
    who leaves the table leaves with all their cards, out of play (DECISIONS 9)."""
    d = g.s["duel"]
    for iid in (d["a"], d["d"], *d["helpers"]):
        if (
            iid
            and g.zone_of(iid) == "board"
            and g.inst(iid)["state"] == "active"
            and g.seat(g.inst(iid)["owner"])["alive"]
        ):
            g.inst(iid)["state"] = "resting"


def end(g) -> None:
    """The duel is over, however it ended: resolved, refused, or one of its two players out
    mid-duel (rules.settle). Its cards rest first, so none of them duels again this turn."""
    rest_participants(g)
    g.s["duel"] = None
    g.s["phase"] = "attack"
    g.emit("duel_end")
