"""The legal actions of each moment, complete: every pile, option, spell pair and choice.

Moments (`s["pending"]["kind"]`, or none between steps):

| moment | actions |
|---|---|
| between steps | `choose_pile`, `use` (when `any`), `discard_curse` |
| `enemy` | `fight`, `cast`, `use` (`any`, `enemy`), `discard_curse` |
| `trap` | `roll`, `use` (`any`, `trap`), `discard_curse` |
| `chest` | `open_chest` (level high enough), `roll`, `use` (`any`), `discard_curse` |
| `after_roll` | `accept_roll`, `use` (`any`, `after_roll`), `discard_curse` |
| `ending` | `pay` (each cost payable in full), `use` (`any`), `discard_curse` |
| `before_reveal` | `end_step`, `use` (`any`), `discard_curse` |
| `dying` | `use` (`any`) |
| `lose_mana`, `gain_mana`, `discard`, `level_up_curse` | `choose` |

Lists of cards in an action follow the order of the spells (as dealt) or of
the held cards (as taken), so each choice has exactly one spelling.
"""

from __future__ import annotations

from itertools import combinations

from play.engines.arcane_guardian import dungeon, mage

WHENS_AT = {
    None: ("any",),
    "enemy": ("any", "enemy"),
    "trap": ("any", "trap"),
    "chest": ("any",),
    "after_roll": ("any", "after_roll"),
    "ending": ("any",),
    "before_reveal": ("any",),
    "dying": ("any",),
}


def roll_result(s: dict, card: dict, face: int) -> int:
    """The face plus the lasting roll modifier for this kind of card, kept within 1–6."""
    key = "trap_roll" if card["type"] == "trap" else "chest_roll"
    return max(1, min(6, face + s["passive"][key]))


def roll_results(s: dict, card: dict) -> list[int]:
    """What each die face 1–6 comes to on this trap or chest now (`roll_result` of each)."""
    return [roll_result(s, card, face) for face in range(1, 7)]


def chest_opens(s: dict, card: dict) -> bool:
    return s["level"] + s["passive"]["chest_level"] >= card["level"]


def cancel_options(s: dict, card: dict) -> list[str]:
    """The upright spells, then the held cards, whose use would make this enemy or trap go
    away unfought when it is met now (their `use` may be taken at that moment and cancels)."""
    whens = WHENS_AT[card["type"]]
    cards = s["cards"]
    up = [code for code, upright in s["spells"].items() if upright]
    return [
        code
        for code in up + s["held"]
        if cards[code]["use_when"] in whens
        and any(key == "cancel" for key, _ in cards[code]["use"]["steps"])
    ]


def held_actions(s: dict, moment: str | None) -> list[dict]:
    """`use_actions` then `curse_actions`, in one pass over the held cards (the hot path)."""
    whens = WHENS_AT[moment]
    cards = s["cards"]
    found = []
    for code, up in s["spells"].items():
        if up and cards[code]["use_when"] in whens:
            found.append({"type": "use", "player": 0, "card": code})
    curses = None
    for code in s["held"]:
        card = cards[code]
        if card["use_when"] in whens:
            found.append({"type": "use", "player": 0, "card": code})
        elif card["type"] == "curse":
            curses = [*(curses or []), code]
    if curses:  # after every use, as `legal_actions` lists them
        found.extend(curse_actions(s, curses))
    return found


def use_actions(s: dict, moment: str | None) -> list[dict]:
    whens = WHENS_AT[moment]
    cards = s["cards"]
    found = [
        {"type": "use", "player": 0, "card": code}
        for code, up in s["spells"].items()
        if up and cards[code]["use_when"] in whens
    ]
    found.extend(
        {"type": "use", "player": 0, "card": code}
        for code in s["held"]
        if cards[code]["use_when"] in whens
    )
    return found


def curse_actions(s: dict, curses: list[str] | None = None) -> list[dict]:
    """Curses whose own text lets them go now (a level up is the other way)."""
    cards = s["cards"]
    found = []
    for code in s["held"] if curses is None else curses:
        card = cards[code]
        if card["type"] != "curse":
            continue
        free = card["discard_if"] is not None and mage.holds(s, card["discard_if"])
        paid = card["discard_cost"] is not None and mage.payable(s, card["discard_cost"])
        if free or paid:
            found.append({"type": "discard_curse", "player": 0, "card": code})
    return found


def enemy_options(s: dict, card: dict) -> list[int]:
    """The enemy's printed options the player may choose now (indexes).

    A mana option needs at least 1 mana and takes what there is; a discard
    needs its cards. When none can be chosen and no spell can defeat the enemy
    either, the rules leave no other way past it: every option is offered and
    takes what there is (no shipped enemy gets there: each has a life option).
    """
    options = [k for k, steps in enumerate(card["options"]) if mage.option_payable(s, steps)]
    if options:
        return options
    up = mage.upright_spells(s)
    if len(up) >= 2 or card["defeated_by"] in up:
        return []
    return list(range(len(card["options"])))


def cast_options(s: dict, card: dict) -> list[list[str]]:
    """The spells a cast against this enemy may turn down now: the one that defeats it, if
    upright, and any two upright spells."""
    up = mage.upright_spells(s)
    found = [[card["defeated_by"]]] if card["defeated_by"] in up else []
    found.extend([a, b] for a, b in combinations(up, 2))
    return found


def enemy_actions(s: dict) -> list[dict]:
    card = s["cards"][s["facing"]["card"]]
    found = [{"type": "fight", "player": 0, "option": k} for k in enemy_options(s, card)]
    casts = cast_options(s, card)
    found.extend({"type": "cast", "player": 0, "spells": spells} for spells in casts)
    return found


def window_actions(s: dict, kind: str) -> list[dict]:
    if kind == "enemy":
        found = enemy_actions(s)
    elif kind == "trap":
        found = [{"type": "roll", "player": 0}]
    elif kind == "chest":
        card = s["cards"][s["facing"]["card"]]
        found = [{"type": "open_chest", "player": 0}] if chest_opens(s, card) else []
        found.append({"type": "roll", "player": 0})
    else:  # after_roll
        found = [{"type": "accept_roll", "player": 0}]
    return found + held_actions(s, kind)


def ending_actions(s: dict, pending: dict) -> list[dict]:
    """The forced interaction with a revealed ending that has costs: pay one of them."""
    card = s["cards"][pending["card"]]
    found = [{"type": "pay", "player": 0, "cost": k} for k in dungeon.ending_costs(s, card)]
    return found + held_actions(s, "ending")


def reveal_could_change(s: dict, used: int) -> bool:
    """Would something the player may do now make the coming reveal phase turn up a card?

    True when the reveal phase after a step on pile `used` would reveal nothing
    although a pile it covers lies face down, and the block can be lifted now:
    below 1 mana by a use that turns a spell upright (a mana potion, a level
    up), a `no_reveal` by discarding the curse that brings it (its own text
    allowing). Read from the card data, so only a step where it matters stops
    for the `before_reveal` moment (DECISIONS, Arcane Guardian 3).
    """
    if not dungeon.reveal_phase_blocked(s) or not dungeon.reveal_phase_targets(s, used):
        return False
    if s["passive"]["no_reveal"]:
        free = {a["card"] for a in curse_actions(s)}
        blockers = [c for c in s["held"] if mage.passive_of(s, c).get("no_reveal")]
        if not all(c in free for c in blockers):
            return False
    return mage.mana(s) >= 1 or s["passive"]["reveal_without_mana"] or mage.could_gain_mana(s)


def choice_actions(s: dict, pending: dict) -> list[dict]:
    kind = pending["kind"]
    if kind == "level_up_curse":
        curses = [c for c in s["held"] if s["cards"][c]["type"] == "curse"]
        return [{"type": "choose", "player": 0, "cards": [c]} for c in curses] + [
            {"type": "choose", "player": 0, "cards": []}
        ]
    if kind == "lose_mana":
        pool = mage.upright_spells(s)
    elif kind == "gain_mana":
        pool = mage.sideways_spells(s)
    else:  # discard
        pool = mage.cards_of_kind(s, pending["of"])
    return [
        {"type": "choose", "player": 0, "cards": list(pick)}
        for pick in combinations(pool, pending["count"])
    ]


def legal_actions(s: dict) -> list[dict]:
    if s["result"] is not None:
        return []
    pending = s["pending"]
    if pending is None:
        return dungeon.pile_actions(s) + held_actions(s, None)
    kind = pending["kind"]
    if kind in ("enemy", "trap", "chest", "after_roll"):
        return window_actions(s, kind)
    if kind == "ending":
        return ending_actions(s, pending)
    if kind == "before_reveal":
        return [{"type": "end_step", "player": 0}, *held_actions(s, kind)]
    if kind == "dying":
        return use_actions(s, "dying")
    return choice_actions(s, pending)
