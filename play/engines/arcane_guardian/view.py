"""What the player (or a spectator) sees: only face-up cards, never a pile's order or a die to come.

The solo player sees no more than a spectator: `view(0)` and `view(None)`
differ only in `you`. A face-down top card shows as `"top": None`; cards
under a top are only counted. The three endings in play are listed by code
(sorted), because the player picks them openly before shuffling them in;
where they lie stays hidden. The dice key is never shown.

Each pile says why it cannot be chosen now (`closed`, see
`dungeon.closed_why`; None when it can), and an enemy faced or face up on a
pile lists the options a fight offers now (`offers`), the uses that would cancel
an enemy or a trap (`cancels`), a trap or chest what
each die face would come to (`results`, the lasting roll modifiers applied)
and a chest whether it opens at the mage's level (`opens`), so no reader
works out these rules itself.

`lasting` is the mage's lasting effects in force, in the engine's order: the
numbers (`{key, value}`, nonzero) and then the switches that are on, so a
reader words them without keeping its own list of the keys.

`cards` names every card code the view mentions (name, English name, type,
subtype, the kinds it `counts_as` for a condition and `discards_as` for a
discard) with what it does: `effect`, its parts' steps (`wording` says what a
step is) with the effective numbers (the mage's lasting damage modifiers
applied to an enemy's options and a trap's rows), and `says`, those parts in
words in each language, so no reader words or computes an effect itself.
"""

from __future__ import annotations

from play.engines.arcane_guardian import dungeon, mage, moves, wording
from play.engines.arcane_guardian.cards import PASSIVE_FLAGS, PASSIVE_NUMBERS, public_card

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
                # why it cannot be chosen (None when it can): the readers say it
                "closed": dungeon.closed_why(s, i),
            }
        )
        card = s["cards"][top] if up else None
        if card is not None:
            piles[-1].update(_outlook(s, card))
    return piles


def _outlook(s: dict, card: dict) -> dict:
    """What meeting this card now would offer: an enemy's fight options (`offers`) and the
    spells a cast may turn down (`casts`), a trap's or chest's result for each die face 1–6
    (`results`), whether a chest opens (`opens`), and for an enemy or a trap the spells and
    held cards whose use would cancel it (`cancels`)."""
    kind = card["type"]
    if kind == "enemy":
        return {
            "offers": moves.enemy_options(s, card),
            "casts": moves.cast_options(s, card),
            "cancels": moves.cancel_options(s, card),
        }
    if kind == "trap":
        return {"results": moves.roll_results(s, card), "cancels": moves.cancel_options(s, card)}
    if kind == "chest":
        return {"results": moves.roll_results(s, card), "opens": moves.chest_opens(s, card)}
    return {}


def _lasting(passive: dict) -> dict:
    return {
        "numbers": [{"key": k, "value": passive[k]} for k in PASSIVE_NUMBERS if passive[k]],
        "switches": [k for k in PASSIVE_FLAGS if passive[k]],
    }


def _facing(s: dict) -> dict | None:
    facing = s["facing"]
    if facing is None:
        return None
    card = s["cards"][facing["card"]]
    face = facing["face"]
    shown = {"card": facing["card"], "pile": facing["pile"], "kind": card["type"], "roll": face}
    shown["result"] = None if face is None else moves.roll_result(s, card, face)
    shown.update(_outlook(s, card))
    if "cancels" in shown and (s["pending"] or {}).get("kind") != card["type"]:
        shown["cancels"] = []  # past the moment of meeting it (rolled, dying, choosing)
    return shown


def card_effect(card: dict, enemy_damage: int = 0, trap_damage: int = 0) -> dict:
    """What a normalised card does, part by part, as steps with the effective numbers.

    Parts: an enemy's `options` and `reward`, a trap's or chest's `rows` (one
    per face 1–6) and a chest's `reward`, a card's `use`, an ending's `costs`
    and `gives`, a curse's or level card's `interact` and a curse's
    `discard_cost`. A part the card lacks is absent.
    """
    steps = wording.compiled_steps
    effect: dict = {}
    if "options" in card:
        effect["options"] = [steps(o, enemy_damage) for o in card["options"]]
    if "reward" in card:
        effect["reward"] = steps(card["reward"])
    if "rows" in card:
        damage = trap_damage if card["type"] == "trap" else 0
        effect["rows"] = [steps(r, damage) for r in card["rows"]]
    if card["use"]:
        effect["use"] = steps(card["use"]["steps"])
    if "costs" in card:
        effect["costs"] = [steps(c) for c in card["costs"]]
        effect["gives"] = steps(card["gives"])
    if "interact" in card:
        effect["interact"] = steps(card["interact"])
    if card.get("discard_cost") is not None:
        effect["discard_cost"] = steps(card["discard_cost"])
    return effect


# (id(card), enemy_damage, trap_damage) -> (card, effect, says): a card's effect changes only
# with those two modifiers, and wording it on every view would cost more than the view itself.
# The card is kept in the entry so an id reused by a later card never matches.
_EFFECTS: dict[tuple[int, int, int], tuple[dict, dict, dict]] = {}
_EFFECTS_KEPT = 4096


def _effect_entry(card: dict, passive: dict) -> dict:
    """The card as a view lists it: name and kind, `effect` and `says` (fresh copies)."""
    damage = (passive["enemy_damage"], passive["trap_damage"])
    key = (id(card), *damage)
    hit = _EFFECTS.get(key)
    if hit is None or hit[0] is not card:
        effect = card_effect(card, *damage)
        said = {lang: wording.says(effect, lang) for lang in wording.LANGS}
        if len(_EFFECTS) >= _EFFECTS_KEPT:
            _EFFECTS.clear()
        hit = _EFFECTS[key] = (card, effect, said)
    # copies shaped to the entry (faster than the generic deep copy; views are built often)
    entry = public_card(card)
    entry["effect"] = {
        part: [[dict(x) for x in one] for one in steps]
        if part in wording.LISTED_PARTS
        else [dict(x) for x in steps]
        for part, steps in hit[1].items()
    }
    entry["says"] = {
        lang: {part: (v[:] if type(v) is list else v) for part, v in words.items()}
        for lang, words in hit[2].items()
    }
    # the kinds a held card counts as for a condition (`has`) and for a discard, so no
    # reader matches "discard 2 items" or "hold a mask" against a card itself
    entry["counts_as"] = card["kinds_has"][:]
    entry["discards_as"] = card["kinds_discard"][:]
    return entry


def _lifted(card: dict, s: dict) -> bool:
    condition = card["discard_if"] if card["type"] == "curse" else None
    return condition is not None and mage.holds(s, condition)


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
            "code": s["mage"]["code"],  # the mage card lies face up: the table draws its face
            "level": s["level"],
            "max_level": mage.max_level(s),
            "life": s["life"],
            "max_life": s["max_life"],
            "mana": mage.mana(s),
            # what the held uses could heal now (the dying moment's rescue; bots weigh it)
            "healing": mage.healing_at_hand(s),
            "key": s["key"],
            "passive": dict(s["passive"]),
        },
        "lasting": _lasting(s["passive"]),
        "spells": [{"code": c, "upright": up} for c, up in s["spells"].items()],
        "held": list(s["held"]),
        # held curses whose own text lets them go for free right now (the bots weigh them)
        "curses_lifted": [c for c in s["held"] if _lifted(cards[c], s)],
        "piles": piles,
        "endings": list(s["endings"]),
        # False when no ending in play can ever win (dungeon.endings_can_win): the table says
        # so at once, whatever the deal (the endings and the Key are public)
        "way_out": dungeon.endings_can_win(cards, s["endings"], key=s["key"]),
        "facing": facing,
        "pending": _copy(s["pending"]),
        "discard": list(s["discard"]),
        "cards": {c: _effect_entry(cards[c], s["passive"]) for c in sorted(codes)},
        "events": [_copy_event(e) for e in s["log"][-EVENT_LOG:]],
        "result": _copy(s["result"]),
    }
