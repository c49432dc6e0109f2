"""The greedy bot for Arcane Guardian: one-step costs over what is face up.

It reads the view (face-up cards, the mage's numbers, held cards, the three
endings in play) and the legal actions, never the state; what a shown card
does comes from the public card data behind its code (the shipped catalog,
or the card list given to the bot), as a player reads it off the card.
Each candidate action gets a cost in "life points" and the cheapest is
played (ties broken by the bot's generator):

- a step: a waiting ending that wins is taken at once, one that gives the Key
  when its cost is safe; otherwise the pile whose top costs least to meet (an
  enemy at its cheapest way to win, over the options the view says it would
  offer, a trap at its expected row, a chest at
  its reward or expected roll, items and level ups as gains); a face-down top
  counts as a small unknown loss;
- an enemy: the cheapest of its options, the named spell, two spells or a
  cancelling item; a trap: roll or cancel, whichever costs less on average;
  after a roll: a reroll when the row is worse than a fresh roll plus what
  the reroll uses up; a chest: open when allowed, else roll;
- healing only when life falls below 1 (the game offers that moment, and a
  level up refills life anyway); mana potions when two spells lie sideways
  (also just before a reveal phase that has no mana to run);
- a revealed ending with costs: the cheapest cost against what it gives, after a
  mana potion when the mana makes a cheaper cost payable (mana, not life);
  a curse goes as soon as its own text lets it go for free;
- choices: keep the most useful spells, discard the least useful cards, drop
  the worst curse on a level up.
"""

from __future__ import annotations

import random
from functools import lru_cache

from play.bots.arcane_guardian_cards import arcane_cards
from play.bots.base import Bot
from play.engines.arcane_guardian import mage
from play.engines.base import Action

DEATH = 100.0  # the cost of losing the game
LEVEL = 3.0  # a level up: life refilled, spells upright, a higher maximum
UNKNOWN_TOP = 0.4  # the average cost of meeting a face-down card
FRAGILE = 0.5  # extra cost of being left at 1 life

MANA = 0.6  # any upright spell: mana for reveals, half of a two-spell defeat
SPELL_VALUE = {"gain_life": 1.6, "cancel": 1.3, "reroll": 0.9, "reveal_all": 0.5}
ITEM_VALUE = {"mask": 1.4, "potion": 1.6, "torch": 1.0, None: 1.2}
CURSE_COST = 1.5
# an extra action (a use or a curse discard that does not end the moment) is taken only
# when it pays for itself; otherwise it scores this, so any real move comes first
KEEP = 50.0


def _bundle(steps: list[dict] | None) -> dict:
    """The view's steps of one effect part (effective numbers) as {what: how many}."""
    bundle: dict = {}
    for step in steps or ():
        if step["do"] == "discard":
            bundle["discard"] = {"kind": step["kind"], "count": step["n"]}
        else:
            bundle[step["do"]] = step.get("n", True)
    return bundle


def _use(card: dict) -> dict | None:
    return (card.get("effects") or {}).get("use")


def card_facts(cards: list[dict]) -> dict[str, dict]:
    """Code → what the bot reads off a card: code, type, subtype, effects."""
    facts = {}
    for card in cards:
        subtypes = card.get("subtypes") or []
        effects = card.get("effects") or {}
        subtype = effects.get("counts_as") if card["type"] == "ending" else None
        facts[card["code"]] = {
            "code": card["code"],
            "type": card["type"],
            "subtype": subtype or (subtypes[0] if subtypes else None),
            "effects": effects,
        }
    return facts


@lru_cache(maxsize=1)
def _catalog_facts() -> dict[str, dict]:
    return card_facts(arcane_cards())


class Table:
    """The view, read once per decision, with the numbers the costs need."""

    def __init__(self, view: dict, cards: dict[str, dict]) -> None:
        self.view = view
        self.cards = cards
        mage = view["mage"]
        self.life = mage["life"]
        self.max_life = mage["max_life"]
        self.level = mage["level"]
        self.max_level = mage["max_level"]
        self.passive = mage["passive"]
        self.upright = [s["code"] for s in view["spells"] if s["upright"]]
        self.sideways = [s["code"] for s in view["spells"] if not s["upright"]]
        self.held = list(view["held"])
        self.need = self._needs()
        self._spell_values: dict[str, float] = {}

    def _needs(self) -> dict[str, int]:
        """Kinds the endings in play ask to hold (masks, torches), most asked."""
        need: dict[str, int] = {}
        for code in self.view["endings"]:
            requires = (self.cards[code]["effects"].get("requires") or {}).get("has") or {}
            for kind, n in requires.items():
                need[kind] = max(need.get(kind, 0), n)
        return need

    # --- values of what is held ------------------------------------------------
    def spell_value(self, code: str) -> float:
        known = self._spell_values.get(code)
        if known is None:
            known = self._spell_values[code] = self._spell_value(code)
        return known

    def _spell_value(self, code: str) -> float:
        use = _use(self.cards[code]) or {}
        value = MANA + max((SPELL_VALUE.get(k, 0.3) for k in (use.get("do") or {})), default=0.3)
        if "gain_life" in (use.get("do") or {}) and self.life <= 2:
            value += 0.8
        facing = (self.view["facing"] or {}).get("card")
        for pile in self.view["piles"]:
            top = pile["top"] and pile["top"] != facing and self.cards[pile["top"]]
            if top and top["type"] == "enemy" and top["effects"].get("defeated_by") == code:
                value += 0.5  # it will be wanted for that enemy
        return value

    def card_value(self, code: str) -> float:
        card = self.cards[code]
        if card["type"] == "curse":
            return -CURSE_COST
        if card["type"] == "ending":
            return 5.0  # never discarded anyway
        value = ITEM_VALUE.get(card["subtype"], 1.2)
        if card["subtype"] in self.need:
            value += 1.5
        use = _use(card)
        if use and "gain_life" in use.get("do", {}) and self.life <= 2:
            value += 0.8
        return value

    def life_cost(self, loss: int) -> float:
        if loss <= 0:
            return 0.0
        after = mage.life_after_loss(self.life, loss)
        if after >= 1:
            return loss + (FRAGILE if after == 1 else 0.0)
        if mage.survives(after, self.view["mage"]["healing"]):
            return loss + 2.5  # survives, but burns healing
        return DEATH

    def effect(self, code: str) -> dict:
        """A card's effect parts as the view gives them: steps with the effective numbers
        (the mage's lasting damage modifiers already applied)."""
        return self.view["cards"][code]["effect"]

    def bundle_cost(self, steps: list[dict] | None) -> float:
        b = _bundle(steps)
        cost = self.life_cost(b.get("lose_life", 0))
        if b.get("lose_level") and mage.level_after_loss(self.level, b["lose_level"]) < self.level:
            cost += LEVEL * 0.8
        if b.get("lose_mana"):
            values = sorted(self.spell_value(c) for c in self.upright)
            cost += sum(values[: b["lose_mana"]])
        if b.get("discard"):
            kind, n = b["discard"]["kind"], b["discard"]["count"]
            values = sorted(
                self.card_value(c)
                for c in self.held
                if kind in self.view["cards"][c]["discards_as"]
            )
            cost += sum(values[:n])
        if b.get("gain_level"):
            cost -= LEVEL * b["gain_level"]
        if b.get("gain_life"):
            cost -= mage.life_after_healing(self.life, self.max_life, b["gain_life"]) - self.life
        if b.get("gain_mana"):
            cost -= 0.8 * mage.taken(b["gain_mana"], len(self.sideways))
        if b.get("gain_key"):
            cost -= 6.0
        if b.get("win"):
            cost -= 1000.0
        return cost

    def rows_cost(self, code: str, results: list[int]) -> float:
        """The average cost of a die table; `results`: the view's result of each face 1–6."""
        rows = self.effect(code)["rows"]  # one a result, rows[result - 1]
        return sum(self.bundle_cost(rows[r - 1]) for r in results) / len(results)

    def enemy_cost(self, card: dict, pile: dict) -> float:
        """The cheapest way past an enemy (its reward counted), from the view's `offers`
        (fight options) and `casts` (the spells a cast may turn down)."""
        effect = self.effect(card["code"])
        costs = [self.bundle_cost(effect["options"][k]) for k in pile["offers"]]
        costs.extend(sum(self.spell_value(c) for c in cast) for cast in pile["casts"])
        costs.extend(self.card_value(c) for c in pile["cancels"])
        best = min(costs) if costs else DEATH
        return best + self.bundle_cost(effect.get("reward"))

    def trap_cost(self, card: dict, pile: dict) -> float:
        rolled = self.rows_cost(card["code"], pile["results"])
        cancels = [self.spell_value(c) for c in pile["cancels"] if c in self.upright]
        cancels += [self.card_value(c) for c in pile["cancels"] if c in self.held]
        return min([rolled, *cancels])

    def chest_cost(self, card: dict, results: list[int], opens: bool) -> float:
        rolled = self.rows_cost(card["code"], results)
        return (
            min(rolled, self.bundle_cost(self.effect(card["code"])["reward"])) if opens else rolled
        )

    def top_cost(self, pile: dict) -> float:
        """The cost of stepping onto this pile's top card now."""
        if not pile["face_up"]:
            return UNKNOWN_TOP
        card = self.cards[pile["top"]]
        kind = card["type"]
        if kind == "enemy":
            return self.enemy_cost(card, pile)
        if kind == "trap":
            return self.trap_cost(card, pile)
        if kind == "chest":
            return self.chest_cost(card, pile["results"], pile["opens"])
        if kind in ("collectible", "useable"):
            return -self.card_value(card["code"])
        if kind == "curse":
            return CURSE_COST + self.bundle_cost(self.effect(card["code"]).get("interact"))
        if kind in ("level_up", "level_down"):
            return self.bundle_cost(self.effect(card["code"]).get("interact"))
        return 0.0


class ArcaneGuardianGreedyBot(Bot):
    kind = "greedy"

    def __init__(self, seed: int = 0, cards: list[dict] | None = None) -> None:
        super().__init__(seed)
        self.cards = _catalog_facts() if cards is None else card_facts(cards)

    def choose(self, view: dict | None, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = Table(view, self.cards)
        scored = [(self.cost(t, a), rng.random(), n) for n, a in enumerate(legal)]
        return legal[min(scored)[2]]

    # --- one cost per action -------------------------------------------------------
    def cost(self, t: Table, action: Action) -> float:
        kind = action["type"]
        pending = (t.view["pending"] or {}).get("kind")
        facing = t.view["facing"]
        if kind == "choose_pile":
            return self.step_cost(t, action)
        if kind == "use":
            return self.use_cost(t, action["card"], pending)
        if kind == "discard_curse":
            return self.curse_discard_cost(t, action["card"])
        if kind == "fight":
            return t.bundle_cost(t.effect(facing["card"])["options"][action["option"]])
        if kind == "cast":
            return sum(t.spell_value(c) for c in action["spells"])
        if kind == "roll":
            return self.reroll_gain(t)  # a roll's average, as a fresh roll after one
        if kind == "open_chest":
            return t.bundle_cost(t.effect(facing["card"])["reward"])
        if kind == "accept_roll":
            return self.row_cost(t)
        if kind == "choose":
            return self.choice_cost(t, pending, action["cards"])
        if kind == "pay":  # the forced payment for a revealed ending
            ending = t.effect(t.view["pending"]["card"])
            return t.bundle_cost(ending["costs"][action["cost"]]) + t.bundle_cost(ending["gives"])
        return 0.0  # end_step: the step goes on as it stands

    def step_cost(self, t: Table, action: Action) -> float:
        pile = t.view["piles"][action["pile"]]
        if pile["stopped"]:
            ending = t.effect(pile["top"])
            pay = action.get("cost")
            cost = 0.0 if pay is None else t.bundle_cost(ending["costs"][pay])
            return cost + t.bundle_cost(ending["gives"])
        # a slight lean to deeper piles: the endings lie at the bottom
        return t.top_cost(pile) - pile["count"] / 100

    def use_cost(self, t: Table, code: str, pending: str | None) -> float:
        card = t.cards[code]
        use = _use(card) or {}
        do = use.get("do") or {}
        spent = t.spell_value(code) if card["type"] == "spell" else t.card_value(code)
        if pending == "dying":
            gain = do.get("gain_life", 0) + (2 if do.get("gain_mana") and t.sideways else 0)
            return -10.0 * gain + spent * 0.1
        if do.get("cancel") or do.get("reroll"):
            # weighed against the window's other actions: spending it must beat them
            facing = t.view["facing"]
            if pending == "after_roll":
                return spent + self.reroll_gain(t)
            if facing:
                return spent
        # between steps, or before a reveal phase that mana would let happen
        if do.get("gain_mana") and len(t.sideways) >= 2 and pending in (None, "before_reveal"):
            return -0.5 + spent * 0.1
        if do.get("gain_mana") and pending == "ending":
            return self.mana_first_cost(t, do["gain_mana"], spent)
        return KEEP  # otherwise keep it

    def mana_first_cost(self, t: Table, gained: int, spent: float) -> float:
        """Drinking before paying a forced ending: worth it when the mana it brings makes a
        mana cost payable that costs less than the cheapest payment open now (3 mana for
        The Arcane Guardian rather than 3 life), counted with what the drink spends."""
        ending = t.effect(t.view["pending"]["card"])
        mana_now = len(t.upright)
        mana_after = mana_now + mage.taken(gained, len(t.sideways))

        def cheapest(mana: int) -> float | None:
            costs = [
                t.bundle_cost(cost)
                for cost in ending["costs"]
                if _bundle(cost).get("lose_mana", 0) <= mana
            ]
            return min(costs) if costs else None

        now, after = cheapest(mana_now), cheapest(mana_after)
        if after is None or (now is not None and after + spent >= now):
            return KEEP
        return after + spent + t.bundle_cost(ending["gives"])

    def reroll_gain(self, t: Table) -> float:
        """The average cost of a fresh roll (what a reroll trades the current row for)."""
        facing = t.view["facing"]
        return t.rows_cost(facing["card"], facing["results"])

    def row_cost(self, t: Table) -> float:
        facing = t.view["facing"]
        return t.bundle_cost(t.effect(facing["card"])["rows"][facing["result"] - 1])

    def curse_discard_cost(self, t: Table, code: str) -> float:
        if code in t.view["curses_lifted"]:  # its own text lets it go for free
            return -CURSE_COST
        net = t.bundle_cost(t.effect(code).get("discard_cost"))
        net -= CURSE_COST + self._curse_weight(t, code)
        return net if net < 0 else KEEP

    def choice_cost(self, t: Table, pending: str | None, cards: list[str]) -> float:
        if pending == "lose_mana":
            return sum(t.spell_value(c) for c in cards)
        if pending == "gain_mana":
            return -sum(t.spell_value(c) for c in cards)
        if pending == "discard":
            return sum(t.card_value(c) for c in cards)
        if pending == "level_up_curse":
            return -sum(CURSE_COST + self._curse_weight(t, c) for c in cards)
        return 0.0

    def _curse_weight(self, t: Table, code: str) -> float:
        passive = t.cards[code]["effects"].get("passive") or {}
        return (
            -passive.get("max_life", 0)
            + passive.get("enemy_damage", 0)
            + (1.0 if passive.get("no_reveal") else 0.0)
        )
