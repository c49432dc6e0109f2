"""What one seat (or a spectator) may see: never another hand, never a deck order."""

from __future__ import annotations

from typing import Any

from play.engines.alomfogo import duel
from play.engines.alomfogo import effects as fx

STATS = ("attack", "defense", "glory_bonus")


class _StaticsMemo:
    """`effects.statics` for one view: the board does not change while a view is built,
    and every card's figures would otherwise scan it again."""

    def __init__(self) -> None:
        self.found: dict[tuple[int, str], list[dict]] = {}

    def __call__(self, g, p: int, op: str) -> list[dict]:
        key = (p, op)
        if key not in self.found:
            self.found[key] = fx.statics(g, p, op)
        return self.found[key]


def _card(
    g, iid: str, owner: int, statics=fx.statics, *, stats: bool = False, cost: bool = False
) -> dict:
    """A visible card, with the figures its place makes matter, for its owner.

    Statics are applied by the engine's own functions, so no reader (table,
    terminal, bot) redoes the rule: a card in play carries its attack, defense
    and glory bonus now, a card in hand what playing it costs now. A card in
    the discard pile or on the stack keeps its printed figures, which readers
    take from the card data: working out every discarded card's statics made
    each view five times slower for nothing a reader shows.
    """
    inst = g.inst(iid)
    entry = {"id": iid, "code": inst["code"], "name": g.card(iid)["name"], "state": inst["state"]}
    if stats:
        for name in STATS:
            entry[name] = duel.stat(g, owner, iid, name, statics)
        if g.card(iid)["type"] == "revulo":
            # what refusing a duel against this card as attacker costs the defender
            entry["decline_loss"] = duel.decline_loss(g, owner, iid, statics)
    if cost:
        entry["cost"] = fx.play_cost(g, owner, iid, statics)
    return entry


def _duel(g, d: dict | None) -> dict | None:
    """The duel with each side's power now (printed, statics and boosts)."""
    if d is None:
        return None
    shown = dict(d)
    shown["power"] = [
        duel.stat(g, d["attacker"], d["a"], "attack") + d["boost"][0],
        duel.stat(g, d["defender"], d["d"], "defense") + d["boost"][1] if d["d"] else None,
    ]
    shown["decline_loss"] = duel.decline_loss(g, d["attacker"], d["a"])
    return shown


def _redact(value: Any, hidden: set[str]) -> Any:
    """Drop card ids (and their codes) that sit in a zone the viewer cannot see.

    Anywhere in the view: an event's `card`, an id in a list (a spell's
    targets may be a card in its caster's hand), or any other field.
    """
    if isinstance(value, dict):
        if value.get("card") in hidden:
            value = {k: v for k, v in value.items() if k not in ("card", "code")}
        return {k: _redact(v, hidden) for k, v in value.items()}
    if isinstance(value, list):
        return [_redact(v, hidden) for v in value if not (isinstance(v, str) and v in hidden)]
    if isinstance(value, str) and value in hidden:
        return None
    return value


def _why_no_duels(g) -> str | None:
    """None when the turn player may start duels this turn, else why not."""
    if duel.can_attack(g, g.s["active"]):
        return None
    return "first_turn" if g.s["turn"] <= 1 else "no_opponent"


def build_view(g, player: int | None) -> dict:
    s = g.s
    statics = _StaticsMemo()
    hidden = set()
    seats = []
    for p, seat in enumerate(s["players"]):
        own = p == player
        hidden.update(seat["deck"])
        if not own:
            hidden.update(seat["hand"])
        entry = {
            "seat": p,
            "alive": seat["alive"],
            "glory": seat["glory"],
            "vp": seat["vp"],
            "deck_count": len(seat["deck"]),
            "hand_count": len(seat["hand"]),
            "board": [_card(g, i, p, statics, stats=True) for i in seat["board"]],
            "discard": [_card(g, i, p) for i in seat["discard"]],
            "casting": [_card(g, i, p) for i in seat["stack"]],
        }
        if own:
            entry["hand"] = [_card(g, i, p, statics, cost=True) for i in seat["hand"]]
        seats.append(entry)
    pending = s["pending"]
    if pending is not None:
        shown = {"kind": pending["kind"], "player": pending["player"]}
        if pending["kind"] == "choose":
            shown["purpose"] = pending["purpose"]
            if pending["player"] == player:
                shown["options"] = list(pending["options"])
        pending = shown
    casting = s["casting"]
    if casting is not None:
        casting = {
            "source": casting["source"],
            "by": casting["by"],
            "mode": casting["mode"],
            "targets": [t for t in casting["targets"] if t],
        }
    return _redact(
        {
            "game": s["game"],
            "you": player,
            "turn": s["turn"],
            "phase": s["phase"],
            "turn_player": s["active"],
            # Why a menu lacks an option, so no reader re-derives the rule:
            # no duels on the very first turn (DECISIONS 1), one bűvforrás a
            # turn (DECISIONS 3).
            "no_duels": _why_no_duels(g),
            "buvforras_played": bool(s["flags"].get("buvforras")),
            "to_act": g.active_player,
            "players": seats,
            "duel": _duel(g, s["duel"]),
            "pending": pending,
            "casting": casting,
            "events": list(s["log"]),
            "result": s["result"],
        },
        hidden,
    )
