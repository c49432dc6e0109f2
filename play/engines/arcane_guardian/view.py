"""What the player (or a spectator) sees: only face-up cards, never a pile's order or a die to come.

The solo player sees no more than a spectator: `view(0)` and `view(None)`
differ only in `you`. A face-down top card shows as `"top": None`; cards
under a top are only counted. The three endings in play are listed by code
(sorted), because the player picks them openly before shuffling them in;
where they lie stays hidden. The dice key is never shown.

`cards` names every card code the view mentions (name, English name, type,
subtype); what a card does is public catalog data, looked up by its code
(`effects` in the card data), so views stay small and cheap to build.
"""

from __future__ import annotations

from play.engines.arcane_guardian import dungeon, mage, moves
from play.engines.arcane_guardian.cards import public_card

EVENT_LOG = 30  # how many recent events a view shows


def _copy(value):
    """A deep copy of plain JSON data (the view never shares the state's objects)."""
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list:
        return [_copy(v) for v in value]
    return value


LISTING_EVENTS = ("spells", "cast")  # the only events holding a list (of card codes)


def _copy_event(event: dict) -> dict:
    """Events are flat but for a list of codes in a few: a shallow copy, lists copied."""
    if event["type"] in LISTING_EVENTS:
        return {k: (v[:] if type(v) is list else v) for k, v in event.items()}
    return dict(event)


def _piles(s: dict) -> list[dict]:
    piles = []
    for i, pile in enumerate(s["piles"]):
        up = s["up"][i] and bool(pile)
        top = pile[-1] if up else None
        piles.append(
            {
                "count": len(pile),
                "top": top,
                "face_up": up,
                "stopped": up and s["cards"][top]["type"] == "ending",
                "choosable": dungeon.pile_choosable(s, i),
            }
        )
    return piles


def _facing(s: dict) -> dict | None:
    facing = s["facing"]
    if facing is None:
        return None
    card = s["cards"][facing["card"]]
    face = facing["face"]
    shown = {"card": facing["card"], "pile": facing["pile"], "kind": card["type"], "roll": face}
    shown["result"] = None if face is None else moves.roll_result(s, card, face)
    if card["type"] == "chest":
        shown["opens"] = moves.chest_opens(s, card)
    return shown


def build_view(g, player: int | None) -> dict:
    s = g.s
    piles = _piles(s)
    facing = _facing(s)
    codes = set(s["spells"]) | set(s["held"]) | set(s["discard"]) | set(s["endings"])
    codes.update(p["top"] for p in piles if p["top"])
    if facing:
        codes.add(facing["card"])
    cards = s["cards"]
    return {
        "game": s["game"],
        "you": player,
        "to_act": g.active_player,
        "version": s["version"],
        "step": s["step"],
        "mage": {
            "level": s["level"],
            "max_level": mage.max_level(s),
            "life": s["life"],
            "max_life": s["max_life"],
            "mana": mage.mana(s),
            "key": s["key"],
            "passive": dict(s["passive"]),
        },
        "spells": [{"code": c, "upright": up} for c, up in s["spells"].items()],
        "held": list(s["held"]),
        "piles": piles,
        "endings": list(s["endings"]),
        "facing": facing,
        "pending": _copy(s["pending"]),
        "discard": list(s["discard"]),
        "cards": {c: public_card(cards[c]) for c in sorted(codes)},
        "events": [_copy_event(e) for e in s["log"][-EVENT_LOG:]],
        "result": _copy(s["result"]),
    }
