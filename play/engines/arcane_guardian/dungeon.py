"""The three piles: which one may be chosen, revealing a top card, endings, starting a step.

A pile is a list of card codes from the bottom to the top (`pile[-1]` is the
top) plus a flag in `s["up"]` saying whether that top card is face up. Only a
top card is ever face up. A face-up ending that is not a collectible stays on
top for the rest of the game and stops its pile: the cards under it are never
seen again.

Work that must happen later in a step is pushed onto `s["queue"]` as tasks
(see `flow.py`); nothing here waits for the player.
"""

from __future__ import annotations

from play.engines.arcane_guardian import mage


def bundle_tasks(steps: list[list], source: str) -> list[list]:
    """Tasks for one bundle: one per key, a level gain once per level (each may ask a curse)."""
    tasks: list[list] = []
    for key, value in steps:
        if key == "gain_level":
            tasks.extend(["gain_level", 1, source] for _ in range(value))
        else:
            tasks.append([key, value, source])
    return tasks


def life_checked(steps: list[list], source: str) -> list[list]:
    """A bundle's tasks, then the check for life below 1 (a bundle applies as a whole).

    Only a life loss can take life below 1 (a level loss cuts it to a maximum
    of at least 1), so other bundles skip the check.
    """
    tasks: list[list] = []
    check = False
    for key, value in steps:
        if key == "gain_level":
            tasks.extend(["gain_level", 1, source] for _ in range(value))
        else:
            tasks.append([key, value, source])
            check = check or key == "lose_life"
    if check:
        tasks.append(["check_life"])
    return tasks


# --- endings -------------------------------------------------------------------
def ending_useful(s: dict, card: dict) -> bool:
    """Acting on it would change something: a win, or a Key not yet held, or other gifts."""
    for key, _ in card["gives"]:
        if key != "gain_key" or not s["key"]:
            return True
    return False


def ending_costs(s: dict, card: dict) -> list[int]:
    """Indexes of the ending's cost bundles that can be paid now ([None] when it is free)."""
    if not card["costs"]:
        return [None]
    return [k for k, steps in enumerate(card["costs"]) if mage.payable(s, steps)]


def ending_actable(s: dict, card: dict) -> bool:
    return (
        ending_useful(s, card) and mage.holds(s, card["requires"]) and bool(ending_costs(s, card))
    )


# --- choosing a pile -----------------------------------------------------------
def top_card(s: dict, i: int) -> dict | None:
    pile = s["piles"][i]
    return s["cards"][pile[-1]] if pile else None


def pile_choosable(s: dict, i: int) -> bool:
    pile = s["piles"][i]
    if not pile:
        return False
    if not s["up"][i]:
        return True
    card = s["cards"][pile[-1]]
    return card["type"] != "ending" or ending_actable(s, card)


def closed_why(s: dict, i: int) -> dict | None:
    """Why pile i cannot be chosen now, or None when it can (the view carries it).

    `{"why": "empty"}`; for an ending on top: `{"why": "key_held"}` (it only
    gives the Key, which you hold), `{"why": "needs_key"}`, `{"why":
    "needs_level", "level": n}`, `{"why": "needs_cards", "kind": k, "n": n}`
    (its condition, the first part not met) or `{"why": "cost"}` (none of its
    costs can be paid now). A pile that can be chosen gives None.
    """
    pile = s["piles"][i]
    if not pile:
        return {"why": "empty"}
    if not s["up"][i]:
        return None
    card = s["cards"][pile[-1]]
    if card["type"] != "ending" or ending_actable(s, card):
        return None
    if not ending_useful(s, card):
        return {"why": "key_held"}
    needs = card["requires"] or {}
    if needs.get("key") and not s["key"]:
        return {"why": "needs_key"}
    if "level" in needs and s["level"] < needs["level"]:
        return {"why": "needs_level", "level": needs["level"]}
    for kind, n in needs.get("has", {}).items():
        if mage.count_kind(s, kind) < n:
            return {"why": "needs_cards", "kind": kind, "n": n}
    return {"why": "cost"}


def pile_actions(s: dict) -> list[dict]:
    """Every `choose_pile` the player has now (one per payable cost of a waiting ending).

    `pile_choosable` spelled out inline: this runs before every step.
    """
    actions = []
    cards, up = s["cards"], s["up"]
    for i, pile in enumerate(s["piles"]):
        if not pile:
            continue
        if up[i]:
            card = cards[pile[-1]]
            if card["type"] == "ending":
                if not ending_actable(s, card):
                    continue
                if card["costs"]:
                    actions.extend(
                        {"type": "choose_pile", "player": 0, "pile": i, "cost": k}
                        for k in ending_costs(s, card)
                    )
                    continue
        actions.append({"type": "choose_pile", "player": 0, "pile": i})
    return actions


def step_left(s: dict) -> bool:
    """A step is possible now, or becomes possible through `any` uses the player holds.

    When every pile is empty or stopped by an ending that cannot be acted on,
    potions and the like may still raise mana or level enough to open one.
    """
    if any(pile_choosable(s, i) for i in range(len(s["piles"]))):
        return True
    level, mana_max = mage.reachable_with_uses(s)
    if level == s["level"] and mana_max == mage.mana(s):
        return False
    trial = dict(s, level=level, spells={f"#{n}": n < mana_max for n in range(len(s["spells"]))})
    return any(pile_choosable(trial, i) for i in range(len(s["piles"])))


# --- revealing -----------------------------------------------------------------
def reveal_phase_targets(s: dict, used: int) -> list[int]:
    """The piles whose face-down top the reveal phase after a step on pile `used` would turn
    up if nothing blocked it: every other pile, and that one too with `reveal_used_pile`."""
    piles, up = s["piles"], s["up"]
    also_used = s["passive"]["reveal_used_pile"]
    return [i for i in range(len(piles)) if piles[i] and not up[i] and (i != used or also_used)]


def reveal_phase_blocked(s: dict) -> bool:
    """The reveal phase does nothing now: `no_reveal` is held, or mana is below 1 without a
    card that reveals without mana."""
    passive = s["passive"]
    if passive["no_reveal"]:
        return True
    return mage.mana(s) < 1 and not passive["reveal_without_mana"]


def take_into_hand(g, i: int, *, reason: str) -> None:
    """Move pile i's top card into the player's held cards; the next card is face down."""
    s = g.s
    code = s["piles"][i].pop()
    s["up"][i] = False
    s["held"].append(code)
    g.emit("take", card=code, pile=i, reason=reason)
    if mage.changes_passives(s, code):
        cut = mage.refresh(s)
        if cut:
            g.emit("life", delta=-cut, life=s["life"], reason="max_life")


def reveal_top(g, i: int) -> None:
    """Turn pile i's top card face up; an ending acts at once if it must."""
    s = g.s
    pile = s["piles"][i]
    if not pile or s["up"][i]:
        return
    s["up"][i] = True
    code = pile[-1]
    g.emit("reveal", pile=i, card=code)
    card = s["cards"][code]
    if card["type"] == "ending":
        ending_revealed(g, i, card)


def endings_can_win(cards: dict, codes, *, key: bool = False) -> bool:
    """Whether some ending among `codes` can ever win the game: an exit, or the Dungeon
    Gate (an exit that needs the Key) with the Key held (`key`) or an ending among them
    that gives it (docs/rules/arcane_guardian.md, Winning and losing). A set that fails
    cannot be won whatever the deal: the lobby says so of such a set, the solver stops."""
    gifts = [{kind for kind, _ in cards[code]["gives"]} for code in codes]
    key_to_come = key or any("gain_key" in gives for gives in gifts)
    for code, gives in zip(codes, gifts, strict=True):
        if "win" in gives:
            requires = cards[code]["requires"] or {}
            if not requires.get("key") or key_to_come:
                return True
    return False


def stops_pile(card: dict) -> bool:
    """A face-up ending that is not a collectible stays on its pile's top: what lies under
    it is never reached (a collectible ending is taken into hand and the pile goes on)."""
    return card["type"] == "ending" and card["kind"] != "collectible"


def ending_revealed(g, i: int, card: dict) -> None:
    """Interaction with a revealed ending is forced (DECISIONS, Arcane Guardian 6).

    A collectible is taken. Any other ending acts now when it can be acted on
    at all: a free one at once, one with costs through the `ending` window, in
    which the player must pay one of the costs that can be paid in full (and
    may first use what may be used at any moment). One that cannot be acted on
    (its condition fails, no cost can be paid, or it has nothing to give)
    stops its pile and waits.
    """
    s = g.s
    if not stops_pile(card):
        take_into_hand(g, i, reason="ending")  # the pile goes on below it
    elif not ending_actable(s, card):
        g.emit("pile_stopped", pile=i, card=card["code"])
    elif card["costs"]:
        s["queue"].insert(0, ["ending_window", i])
    else:
        g.emit("ending", card=card["code"], pile=i)
        s["queue"][0:0] = life_checked(card["gives"], "ending")


def ending_tasks(g, i: int, card: dict, cost: int | None) -> list[list]:
    """Acting on the ending on pile i: the event now, then the tasks that pay the chosen cost
    and give what it gives."""
    g.emit("ending", card=card["code"], pile=i, cost=cost)
    tasks = [] if cost is None else life_checked(card["costs"][cost], "ending")
    return tasks + life_checked(card["gives"], "ending")


def act_on_ending(g, i: int, card: dict, cost: int | None) -> None:
    """A step onto a waiting ending: pay the chosen cost, then receive what it gives."""
    g.s["queue"].extend(ending_tasks(g, i, card, cost))


# --- a step ----------------------------------------------------------------------
def start_step(g, i: int, cost: int | None) -> None:
    """Choose pile i: reveal its top if face down, interact with it, then the reveal phase
    (after a moment to use something first, when that could change it: `reveal_window`)."""
    s = g.s
    s["step"] += 1
    g.emit("step", step=s["step"], pile=i)
    q = s["queue"]
    if not s["up"][i]:
        code = s["piles"][i][-1]
        reveal_top(g, i)
        if s["cards"][code]["type"] == "ending":
            # meeting the ending was this step's interaction
            q.extend((["reveal_window", i], ["reveal_phase", i]))
            return
    card = s["cards"][s["piles"][i][-1]]
    if card["type"] == "ending":
        act_on_ending(g, i, card, cost)
    else:
        interact(g, i, card)
    q.extend((["reveal_window", i], ["reveal_phase", i]))


def interact(g, i: int, card: dict) -> None:
    s = g.s
    kind, code = card["type"], card["code"]
    q = s["queue"]
    if kind in ("enemy", "trap", "chest"):
        # the card stays on its pile (face up) until the encounter is over
        s["facing"] = {"card": code, "pile": i, "face": None, "rolls": 0}
        g.emit("face", card=code, kind=kind)
        q.extend((["window", kind], ["finish"]))
    elif kind in ("collectible", "useable"):
        take_into_hand(g, i, reason="found")
    elif kind == "curse":
        take_into_hand(g, i, reason="curse")
        q.extend(life_checked(card["interact"], "curse"))
    else:  # level_up, level_down: resolve, then to the discard pile
        s["piles"][i].pop()
        s["up"][i] = False
        s["discard"].append(code)
        g.emit("discard", card=code, reason="resolved")
        q.extend(life_checked(card["interact"], "level"))
