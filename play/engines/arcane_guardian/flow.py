"""The task queue: what happens next in a step, and where it stops to ask the player.

A step is a short program kept in `s["queue"]` as JSON lists, e.g. facing an
enemy is `[["window", "enemy"], ["finish"], ["reveal_phase", 1]]`. `run` pops
and carries out tasks in order. A task that needs a decision (a window in
which the player may act, a choice of spells or cards, a dying mage who may
still heal) sets `s["pending"]`, goes back to the front and `run` returns;
the player's action removes it and `run` goes on. Uses and curse discards
taken inside a window push their own tasks in front of the window, so the
window comes back afterwards. The queue being plain data is what makes
`to_dict` lossless in the middle of a fight.

A window is always shown, also with one legal action left (a trap with
nothing to use against it: roll): the player confirms it (DECISIONS, Arcane
Guardian 4). An empty queue is the start of a step; `run` then checks that a
step is still possible, else the game is lost.
"""

from __future__ import annotations

from play.engines.arcane_guardian import dungeon, mage, moves
from play.engines.arcane_guardian.dice import d6
from play.engines.arcane_guardian.dungeon import life_checked

WAIT = "wait"  # returned by a task that stopped for a decision


def run(g) -> None:
    s = g.s
    q = s["queue"]
    while q:
        if s["result"] is not None:
            q.clear()
            break
        task = q.pop(0)
        if OPS[task[0]](g, task) == WAIT:
            q.insert(0, task)
            return
    s["pending"] = None
    if s["result"] is not None:
        return
    # between steps: the legal moves are needed anyway, and they tell whether a step is left
    piles = dungeon.pile_actions(s)
    if not piles and not dungeon.step_left(s):
        end(g, won=False, reason="trapped")
        return
    g.prepared = (0, piles + moves.held_actions(s, None))


def end(g, *, won: bool, reason: str) -> None:
    s = g.s
    s["result"] = {
        "winners": [0] if won else [],
        "reason": reason,
        "steps": s["step"],
        "level": s["level"],
        "life": s["life"],
    }
    s["pending"] = None
    s["queue"].clear()
    g.emit("game_over", won=won, reason=reason)


# --- small state changes -------------------------------------------------------
def set_life(g, life: int, reason: str) -> None:
    """Life to `life` (the callers keep it at 0 or more: `mage.life_after_loss`)."""
    s = g.s
    delta = life - s["life"]
    if delta:
        s["life"] = life
        g.emit("life", delta=delta, life=life, reason=reason)


def turn_spells(g, codes: list[str], upright: bool) -> None:
    spells = g.s["spells"]
    for code in codes:
        spells[code] = upright
    if codes:
        g.emit("spells", cards=list(codes), upright=upright)


def discard_held(g, codes: list[str], reason: str) -> None:
    s = g.s
    for code in codes:
        s["held"].remove(code)
        s["discard"].append(code)
        g.emit("discard", card=code, reason=reason)
    cut = mage.refresh(s)
    if cut:
        g.emit("life", delta=-cut, life=s["life"], reason="max_life")


def set_level(g, level: int) -> None:
    s = g.s
    if level == s["level"]:
        return
    delta = level - s["level"]
    s["level"] = level
    g.emit("level", delta=delta, level=level)
    cut = mage.refresh(s)
    if cut:
        g.emit("life", delta=-cut, life=s["life"], reason="max_life")


def level_up(g) -> None:
    """One level up: +1 level; then a curse may go; then the refill. At the top level it
    only refills: no level, no curse (DECISIONS, Arcane Guardian 5).

    The curse goes first, so life is refilled to the maximum without it
    (DECISIONS, Arcane Guardian 5): dropping the Curse of Weakness ends at full life.
    """
    s = g.s
    top = mage.max_level(s)
    g.emit("level_up", level=min(s["level"] + 1, top))
    if s["level"] >= top:
        s["queue"].insert(0, ["level_refill"])
        return
    set_level(g, s["level"] + 1)
    s["queue"][0:0] = [["curse_pick"], ["level_refill"]]


def op_level_refill(g, task) -> None:
    """The end of a level up: life to the (new) maximum, every spell upright."""
    s = g.s
    set_life(g, s["max_life"], "level_up")
    turn_spells(g, mage.sideways_spells(s), True)


# --- bundle keys -----------------------------------------------------------------
def op_lose_level(g, task) -> None:
    set_level(g, mage.level_after_loss(g.s["level"], task[1]))


def op_lose_life(g, task) -> None:
    s = g.s
    amount, source = task[1], task[2]
    if source == "enemy":
        amount += s["passive"]["enemy_damage"]
    elif source == "trap":
        amount += s["passive"]["trap_damage"]
    if amount > 0:
        set_life(g, mage.life_after_loss(s["life"], amount), source)


def op_lose_mana(g, task):
    return _pay_or_ask(
        g, mage.upright_spells(g.s), task[1], lambda up: turn_spells(g, up, False), "lose_mana"
    )


def op_gain_mana(g, task):
    return _pay_or_ask(
        g, mage.sideways_spells(g.s), task[1], lambda down: turn_spells(g, down, True), "gain_mana"
    )


def op_discard(g, task):
    kind, n = task[1]
    found = mage.cards_of_kind(g.s, kind)
    return _pay_or_ask(
        g, found, n, lambda cards: discard_held(g, cards, "paid"), "discard", of=kind
    )


def _pay_or_ask(g, cards: list[str], wanted: int, take_all, kind: str, **pending):
    """Pay `wanted` of `cards` (as many as there are): at once when that takes them all, else ask.

    Asking only when there is a choice spares the player a question with one answer.
    """
    count = mage.taken(wanted, len(cards))
    if count == len(cards):
        take_all(cards)
        return None
    g.s["pending"] = {"kind": kind, **pending, "count": count}
    return WAIT


def op_gain_level(g, task) -> None:
    level_up(g)


def op_curse_pick(g, task):
    s = g.s
    if not any(s["cards"][c]["type"] == "curse" for c in s["held"]):
        return None
    s["pending"] = {"kind": "level_up_curse"}
    return WAIT


def op_gain_life(g, task) -> None:
    s = g.s
    set_life(g, mage.life_after_healing(s["life"], s["max_life"], task[1]), "heal")


def op_reveal_all(g, task) -> None:
    reveal_in_order(g, list(range(len(g.s["piles"]))))


def op_cancel(g, task) -> None:
    """The faced enemy or trap goes away unfought: drop its window (its `finish` discards it)."""
    s = g.s
    q = s["queue"]
    for n, t in enumerate(q):
        if t[0] == "window":
            del q[n]
            break
    g.emit("cancel", card=s["facing"]["card"])


def op_reroll(g, task) -> None:
    roll(g)


def op_gain_key(g, task) -> None:
    s = g.s
    if not s["key"]:
        s["key"] = True
        g.emit("key")
        mage.refresh(s)  # a condition may read the Key


def op_win(g, task) -> None:
    end(g, won=True, reason="escaped")


# --- flow tasks ------------------------------------------------------------------
def op_check_life(g, task):
    s = g.s
    if s["life"] >= 1:
        return None
    if mage.can_heal(s):
        s["pending"] = {"kind": "dying"}
        return WAIT
    end(g, won=False, reason="died")
    return None


def op_window(g, task):
    s = g.s
    s["pending"] = {"kind": task[1]}
    # shown even with one action left: the player confirms it (DECISIONS, Arcane Guardian 4)
    g.prepared = (0, moves.window_actions(s, task[1]))  # what legal_actions would compute next
    return WAIT


def op_apply_row(g, task) -> None:
    s = g.s
    facing = s["facing"]
    card = s["cards"][facing["card"]]
    result = moves.roll_result(s, card, facing["face"])
    g.emit("row", card=card["code"], roll=result)
    source = "trap" if card["type"] == "trap" else "chest"
    s["queue"][0:0] = life_checked(card["rows"][result - 1], source)


def op_finish(g, task) -> None:
    s = g.s
    facing = s["facing"]
    i = facing["pile"]
    code = s["piles"][i].pop()
    s["up"][i] = False
    s["discard"].append(code)
    s["facing"] = None
    g.emit("discard", card=code, reason="done")


def op_reveal(g, task) -> None:
    dungeon.reveal_top(g, task[1])


def op_reveal_window(g, task):
    """The moment between a step's interaction and its reveal phase, only when it matters.

    Spells and items may be used at any moment (DECISIONS, Arcane Guardian 3):
    a Mana Potion just taken at 0 mana may be drunk before the reveal phase,
    which needs mana. So when the reveal phase would turn up nothing and
    something held could change that (`moves.reveal_could_change`), the step
    stops here; otherwise it goes straight on, with no extra click. A use
    brings this task back, so it asks again only if it still matters.
    """
    s = g.s
    if not moves.reveal_could_change(s, task[1]):
        return None
    s["pending"] = {"kind": "before_reveal", "pile": task[1]}
    return WAIT


def op_reveal_phase(g, task) -> None:
    """Reveal the other face-down tops: needs mana ≥ 1 (or a torch), never with no_reveal."""
    s = g.s
    if dungeon.reveal_phase_blocked(s):
        return
    targets = dungeon.reveal_phase_targets(s, task[1])
    if targets:
        reveal_in_order(g, targets)


def op_ending_window(g, task):
    """A revealed ending with costs: the player must pay one (DECISIONS, Arcane Guardian 6).

    Shown even with one cost left (the player confirms it, as with an enemy's
    last option). If a use taken in the window leaves no cost that can be
    paid (or nothing to gain), the ending stops its pile and waits like any
    ending that cannot be acted on.
    """
    s = g.s
    i = task[1]
    card = dungeon.top_card(s, i)
    if not s["up"][i] or card is None or card["type"] != "ending":
        return None
    if not dungeon.ending_actable(s, card):
        g.emit("pile_stopped", pile=i, card=card["code"])
        return None
    s["pending"] = {"kind": "ending", "pile": i, "card": card["code"]}
    return WAIT


def reveal_in_order(g, piles: list[int]) -> None:
    """Reveal these piles' tops one after the other.

    An ending that acts on reveal pushes its tasks to the front of the queue;
    they must run before the next pile is revealed (a Key from the first pile
    opens a Dungeon Gate on the second), so the remaining reveals are queued
    behind them.
    """
    q = g.s["queue"]
    for n, i in enumerate(piles):
        before = len(q)
        dungeon.reveal_top(g, i)
        added = len(q) - before
        if added:
            q[added:added] = [["reveal", j] for j in piles[n + 1 :]]
            return


def op_drop_curse(g, task) -> None:
    if task[1] in g.s["held"]:
        discard_held(g, [task[1]], "curse")


OPS = {
    "lose_level": op_lose_level,
    "lose_life": op_lose_life,
    "lose_mana": op_lose_mana,
    "discard": op_discard,
    "gain_level": op_gain_level,
    "gain_life": op_gain_life,
    "gain_mana": op_gain_mana,
    "reveal_all": op_reveal_all,
    "cancel": op_cancel,
    "reroll": op_reroll,
    "gain_key": op_gain_key,
    "win": op_win,
    "curse_pick": op_curse_pick,
    "level_refill": op_level_refill,
    "check_life": op_check_life,
    "window": op_window,
    "apply_row": op_apply_row,
    "finish": op_finish,
    "reveal": op_reveal,
    "reveal_window": op_reveal_window,
    "reveal_phase": op_reveal_phase,
    "ending_window": op_ending_window,
    "drop_curse": op_drop_curse,
}


# --- the player's answers --------------------------------------------------------
def roll(g) -> None:
    s = g.s
    facing = s["facing"]
    card = s["cards"][facing["card"]]
    face = d6(s["dice_key"], card["die_id"], facing["rolls"])
    s["facing"] = dict(facing, face=face, rolls=facing["rolls"] + 1)
    g.emit("roll", card=card["code"], face=face, result=moves.roll_result(s, card, face))


def close(g, action: dict) -> None:
    """The action that ends a window (its task is already off the queue)."""
    s = g.s
    kind = action["type"]
    q = s["queue"]
    code = s["facing"]["card"]
    card = s["cards"][code]
    if kind == "fight":
        k = action["option"]
        g.emit("fight", card=code, option=k)
        q[0:0] = life_checked(card["options"][k], "enemy") + life_checked(card["reward"], "reward")
    elif kind == "cast":
        turn_spells(g, action["spells"], False)
        g.emit("cast", card=code, spells=list(action["spells"]))
        q[0:0] = life_checked(card["reward"], "reward")
    elif kind == "roll":
        roll(g)
        q[0:0] = [["window", "after_roll"], ["apply_row"]]
    elif kind == "open_chest":
        g.emit("open_chest", card=code)
        q[0:0] = life_checked(card["reward"], "chest")
    # accept_roll: the row is the next task already


def pay_ending(g, waiting: list, cost: int) -> None:
    """The answer in the `ending` window: pay that cost, then receive what the ending gives."""
    i = waiting[1]
    card = dungeon.top_card(g.s, i)
    g.s["queue"][0:0] = dungeon.ending_tasks(g, i, card, cost)


def use(g, code: str, waiting: list | None) -> None:
    """Use a spell (it turns sideways) or a held card (it is discarded), then its effect."""
    s = g.s
    card = s["cards"][code]
    if card["type"] == "spell":
        g.emit("use", card=code)
        turn_spells(g, [code], False)
    else:
        g.emit("use", card=code)
        discard_held(g, [code], "used")
    tasks = life_checked(card["use"]["steps"], "use")
    if waiting is not None:
        tasks.append(waiting)  # the window (or the check of a dying mage) comes back afterwards
    s["queue"][0:0] = tasks


def discard_curse(g, code: str, waiting: list | None) -> None:
    """Discard a curse its own text lets go: free when `discard_if` holds, else pay its cost."""
    s = g.s
    card = s["cards"][code]
    if card["discard_if"] is not None and mage.holds(s, card["discard_if"]):
        tasks = [["drop_curse", code]]
    else:
        tasks = [*dungeon.bundle_tasks(card["discard_cost"], "curse"), ["drop_curse", code]]
        tasks.append(["check_life"])
    if waiting is not None:
        tasks.append(waiting)
    s["queue"][0:0] = tasks


def choose(g, cards: list[str]) -> None:
    """The answer to a choice of spells or cards (its task is already off the queue)."""
    s = g.s
    kind = s["pending"]["kind"]
    if kind == "lose_mana":
        turn_spells(g, cards, False)
    elif kind == "gain_mana":
        turn_spells(g, cards, True)
    elif kind == "discard":
        discard_held(g, cards, "paid")
    elif kind == "level_up_curse":
        discard_held(g, cards, "level_up")
