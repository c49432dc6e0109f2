"""The mage's numbers: level, life and its maximum, mana, lasting modifiers, conditions.

Everything here reads the state dict `s` and, for `refresh`, writes only the
derived fields (`passive`, `max_life`) and cuts life to the maximum. Pure
enough to call from the rules, the view and the stuck / healing checks.
"""

from __future__ import annotations

from play.engines.arcane_guardian.cards import PASSIVE_FLAGS, PASSIVE_NUMBERS

MAX_LEVEL_DEFAULT = 4


def mana(s: dict) -> int:
    """Upright spells (0–4)."""
    return sum(s["spells"].values())  # True counts 1


def upright_spells(s: dict) -> list[str]:
    return [code for code, up in s["spells"].items() if up]


def sideways_spells(s: dict) -> list[str]:
    return [code for code, up in s["spells"].items() if not up]


def count_kind(s: dict, kind: str, *, for_discard: bool = False) -> int:
    cards = s["cards"]
    field = "kinds_discard" if for_discard else "kinds_has"
    return sum(1 for code in s["held"] if kind in cards[code][field])


def cards_of_kind(s: dict, kind: str) -> list[str]:
    """Held cards that a `discard` of `kind` may take (endings never)."""
    cards = s["cards"]
    return [code for code in s["held"] if kind in cards[code]["kinds_discard"]]


def holds(s: dict, condition: dict | None) -> bool:
    """True when every key of the condition holds (None: no condition)."""
    if condition is None:
        return True
    if "level" in condition and s["level"] < condition["level"]:
        return False
    if condition.get("key") and not s["key"]:
        return False
    for kind, n in condition.get("has", {}).items():
        if count_kind(s, kind) < n:
            return False
    return True


def passive_of(s: dict, code: str) -> dict:
    card = s["cards"][code]
    alt = card["alt_passive"]
    if alt is not None and holds(s, alt["if"]):
        return alt["passive"]
    return card["passive"]


NO_PASSIVE = {**dict.fromkeys(PASSIVE_NUMBERS, 0), **dict.fromkeys(PASSIVE_FLAGS, False)}


def total_passive(s: dict) -> dict:
    """The held cards' modifiers added up (flags: any one is enough)."""
    total = NO_PASSIVE.copy()
    cards = s["cards"]
    for code in s["held"]:
        card = cards[code]
        passive = card["passive"] if card["alt_passive"] is None else passive_of(s, code)
        for key, value in passive.items():
            if value is True:
                total[key] = True
            else:
                total[key] += value
    return total


def changes_passives(s: dict, code: str) -> bool:
    """Could holding (or losing) this card change the lasting modifiers?

    Only if it has some of its own, or some held card's alternative depends on
    what is held (a mask more may switch the Mask of the Ancestors). Most
    cards taken are potions and the like: no recount needed.
    """
    cards = s["cards"]
    card = cards[code]
    if card["passive"] or card["alt_passive"] is not None:
        return True
    return any(cards[c]["alt_passive"] is not None for c in s["held"])


# --- what one step comes to: the flow applies these, and the bots' estimates read them ---
def life_after_loss(life: int, amount: int) -> int:
    """Life after losing `amount`: never below 0 (the die shows no less; DECISIONS,
    Arcane Guardian 1)."""
    return max(0, life - amount)


def life_after_healing(life: int, max_life: int, amount: int) -> int:
    """Life after healing `amount`: up to the maximum, never down to it."""
    return min(max_life, life + amount) if life < max_life else life


def level_after_loss(level: int, amount: int) -> int:
    """A lost level never goes below level 1."""
    return max(1, level - amount)


def taken(wanted: int, available: int) -> int:
    """How many a step that turns or takes `wanted` spells or cards gets: as many as there are."""
    return min(wanted, available)


def refresh(s: dict) -> int:
    """Recompute the modifiers and the maximum life; cut life to it. Returns life lost."""
    passive = total_passive(s)
    s["passive"] = passive
    mage = s["mage"]
    table = mage["max_life"]
    cap = mage["life_cap"]
    top = table[min(s["level"], len(table)) - 1] + passive["max_life"]
    s["max_life"] = max(1, min(cap, top))
    if s["life"] > s["max_life"]:
        cut = s["life"] - s["max_life"]
        s["life"] = s["max_life"]
        return cut
    return 0


def max_level(s: dict) -> int:
    return len(s["mage"]["max_life"])


def payable(s: dict, steps: list[list]) -> bool:
    """A chosen cost (an ending's, a curse's) can be paid in full.

    Mana and discards must be there; losing life or a level can always be chosen.
    """
    for key, value in steps:
        if key == "lose_mana" and mana(s) < value:
            return False
        if key == "discard" and count_kind(s, value[0], for_discard=True) < value[1]:
            return False
    return True


def option_payable(s: dict, steps: list[list]) -> bool:
    """An enemy's option may be chosen now (DECISIONS, Arcane Guardian 4).

    A mana loss needs at least 1 upright spell and takes what there is (the
    rulebook: mana below 0 is lost); a discard needs its cards; losing life or
    a level can always be chosen.
    """
    for key, value in steps:
        if key == "lose_mana" and mana(s) < 1:
            return False
        if key == "discard" and count_kind(s, value[0], for_discard=True) < value[1]:
            return False
    return True


def _use_steps_now(s: dict, moment_whens: tuple[str, ...]):
    """(source kind, steps) of every use the player could take right now at this moment."""
    cards = s["cards"]
    for code, up in s["spells"].items():
        use = cards[code]["use"]
        if up and use is not None and use["when"] in moment_whens:
            yield "spell", code, use["steps"]
    for code in s["held"]:
        use = cards[code]["use"]
        if use is not None and use["when"] in moment_whens:
            yield "item", code, use["steps"]


def could_gain_mana(s: dict) -> bool:
    """Could a use the player may take at any moment turn a spell upright now (a mana gain,
    or a level up, which turns every spell upright)?"""
    return any(
        key in ("gain_mana", "gain_level")
        for _source, _code, steps in _use_steps_now(s, ("any",))
        for key, _ in steps
    )


def can_heal(s: dict) -> bool:
    """Could the uses the player holds bring life from below 1 back to 1 or more?"""
    return survives(s["life"], healing_at_hand(s))


def survives(life: int, healing: dict) -> bool:
    """Does a mage at `life` live on, with `healing` (`healing_at_hand`) to bring it back to 1?"""
    return life >= 1 or healing["level_up"] or healing["life"] >= 1 - life


def healing_at_hand(s: dict) -> dict:
    """What the uses the player holds could heal now: `level_up` (one fills life to the
    maximum) or else `life`, the most life they could bring back.

    Counts every `any` use that gains life or a level; mana gained from items
    may turn sideways healing spells upright again (the best ones first).
    Exact for bundles that only gain; a use that also loses is counted as if
    the loss did not happen.
    """
    heal = 0
    mana_gain = 0
    for _source, _code, steps in _use_steps_now(s, ("any",)):
        for key, value in steps:
            if key == "gain_level":
                return {"level_up": True, "life": heal}
            if key == "gain_life":
                heal += value
            elif key == "gain_mana":
                mana_gain += value
    if mana_gain:
        cards = s["cards"]
        spell_heals = []
        for code in sideways_spells(s):
            use = cards[code]["use"]
            if use is None or use["when"] != "any":
                continue
            steps = dict((k, v) for k, v in use["steps"])
            if "gain_level" in steps:
                return {"level_up": True, "life": heal}
            if "gain_life" in steps:
                spell_heals.append(steps["gain_life"])
        spell_heals.sort(reverse=True)
        heal += sum(spell_heals[:mana_gain])
    return {"level_up": False, "life": heal}


def reachable_with_uses(s: dict) -> tuple[int, int]:
    """(level, mana) the player could reach by `any` uses alone, from what is held now.

    Item mana gains add up to at most 4 upright spells; a level gain refills
    every spell. Used to tell "no step is left" from "a potion would open one".
    """
    level, mana_now = s["level"], mana(s)
    gain_mana = gain_level = 0
    for source, _code, steps in _use_steps_now(s, ("any",)):
        for key, value in steps:
            if key == "gain_level":
                gain_level += value
            elif key == "gain_mana" and source == "item":
                gain_mana += value
    spells = len(s["spells"])
    if gain_level:
        return min(max_level(s), level + gain_level), spells
    return level, min(spells, mana_now + gain_mana)
