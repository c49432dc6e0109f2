"""ONIROO solitaire (rulebook N, players 1), levels 1–3.

Each `draw` takes two cards. The first is dealt with first; the second
counts only if the first was played (laid on the table), otherwise it goes
to the discard pile unused. A wake-up, bad night or moon head acts the
moment it is drawn, in either place: with two dream fairies on the table it
is stopped and the fairies are discarded; otherwise a bad night or moon head
sends the hand back into the draw pile and the wake-up ends the game lost.

A useful card is laid (`lay`, `placeholder`, `swap`), kept in hand (`keep`,
at most 5 cards) or discarded (`discard`); between draws a card in hand may
be laid or discarded too.

The goal:
- level 1: the first symbol card of the shuffled pile is the target; lay the
  digit codes of its number (067 needs 0, 6 and 7);
- level 2: lay three digit codes in slots of your choice, making the number
  of a symbol card, then get that card;
- level 3: lay one letter, one shape and one digit code (a new code may swap
  for the one of its kind) and get the symbol card with all three.
At levels 1–2 a digit the number needs twice is shown by any card laid face
down beside its code (`placeholder`, N_03).
"""

from __future__ import annotations

from play.engines.base import Action, IllegalAction
from play.engines.oniroo.state import GameOver

HAND_LIMIT = 5  # our reading: the solitaire hand holds 5, like the table game's
FAIRIES_ON_TABLE = 2  # N_01: at most two; two together protect once (N_02)
PENALTIES = frozenset(("wake_up", "bad_night", "moon_head"))
KINDS = ("letter", "shape", "digit")
ACTION_TYPES = ("draw", "lay", "placeholder", "swap", "keep", "discard")


def start(g) -> None:
    s = g.s
    s["players"] = [{"hand": []}]
    s["drawn"] = []  # the cards of the current pair still to deal with, in order
    s["second"] = False  # dealing with the pair's second card
    s["counts"] = True  # the second card counts (the first was played)
    s["fairies"] = []
    s["target"] = None
    s["row"] = [None, None, None]  # levels 1-2: {"card", "digit", "placeholder"} per slot
    s["codes"] = {kind: None for kind in KINDS}  # level 3: {"card", "wild"} per kind
    s["step"] = "draw"
    s["pending"] = []
    if s["options"]["level"] == 1:
        target = next(c for c in s["draw"] if g.infos[c].type == "symbol")
        s["draw"].remove(target)
        s["target"] = target
        g.emit("target", card=target, code=g.s["cards"][target], digits=needed_digits(g))


# --- the goal ---------------------------------------------------------------------
def needed_digits(g) -> list[int]:
    """Level 1: the digits of the target's number, three places (067 → 0, 6, 7)."""
    return [int(ch) for ch in f"{g.infos[g.s['target']].number:03d}"]


def number_patterns(g) -> frozenset[tuple]:
    """Level 2: every partial number (digits or None per place) some symbol card fits."""
    found = getattr(g, "_patterns", None)
    if found is None:
        found = set()
        for info in g.infos.values():
            if info.type == "symbol" and 0 <= info.number <= 999:
                digits = tuple(int(ch) for ch in f"{info.number:03d}")
                for mask in range(8):  # each place known or not
                    found.add(tuple(d if mask >> k & 1 else None for k, d in enumerate(digits)))
        found = g._patterns = frozenset(found)
    return found


def viable(g, row: list) -> bool:
    """Level 2: some symbol card's number still fits the digits laid."""
    return tuple(None if slot is None else slot["digit"] for slot in row) in number_patterns(g)


def goal_card(g, card: str) -> bool:
    """Levels 2–3: whether `card` is the symbol card the complete table asks for."""
    s = g.s
    level = s["options"]["level"]
    if level == 2:
        complete = None not in s["row"]
    elif level == 3:
        complete = None not in s["codes"].values()
    else:
        return False
    return complete and fits_laid(g, card)


def fits_laid(g, card: str) -> bool:
    """Levels 2–3: whether symbol card `card` agrees with every digit or code laid so far
    (a wild code agrees with anything): the goal card, once the table is complete."""
    s = g.s
    info = g.infos[card]
    if info.type != "symbol":
        return False
    level = s["options"]["level"]
    if level == 2:
        return digits_agree(
            info.number, [None if slot is None else slot["digit"] for slot in s["row"]]
        )
    if level == 3:
        infos = g.infos
        laid = {
            kind: None if one is None or one["wild"] else getattr(infos[one["card"]], kind)
            for kind, one in s["codes"].items()
        }
        return codes_agree({kind: getattr(info, kind) for kind in laid}, laid)
    return False


def digits_agree(number: int, digits: list) -> bool:
    """Level 2: a symbol card's three-digit number agrees with the digit laid in each slot
    (None: an empty slot). Readers ask it of a row with a digit they might lay."""
    text = f"{number:03d}"
    return all(digit is None or text[k] == str(digit) for k, digit in enumerate(digits))


def codes_agree(values: dict, laid: dict) -> bool:
    """Level 3: a symbol card's codes (kind → value) agree with each code laid (kind →
    value; None: nothing laid there, or a wild code, which agrees with anything)."""
    return all(value is None or values.get(kind) == value for kind, value in laid.items())


def check_goal(g) -> None:
    s = g.s
    level = s["options"]["level"]
    if level == 1:
        if None not in s["row"]:
            g.emit("goal", target=s["target"])
            raise GameOver(0, "goal")
        return
    for card in s["players"][0]["hand"]:
        if goal_card(g, card):
            g.emit("goal", card=card, code=g.s["cards"][card])
            raise GameOver(0, "goal")


# --- laying a card ----------------------------------------------------------------
def lays(g, card: str) -> list[Action]:
    """Every way to put `card` on the table now."""
    s = g.s
    info = g.infos[card]
    level = s["options"]["level"]
    acts: list[Action] = []
    if info.type == "dream_fairy":
        if len(s["fairies"]) < FAIRIES_ON_TABLE:
            acts.append({"type": "lay", "player": 0, "card": card})
        return acts
    if level == 3:
        codes = s["codes"]
        if info.type == "magic_code":
            kind = info.subtype
            if codes[kind] is None:
                acts.append({"type": "lay", "player": 0, "card": card})
            else:
                acts.append({"type": "swap", "player": 0, "card": card})
        elif info.type == "free":  # every code is printed on it: it stands for any one
            acts += [
                {"type": "lay", "player": 0, "card": card, "kind": kind}
                for kind in KINDS
                if codes[kind] is None
            ]
        return acts
    row = s["row"]
    empty = [k for k, slot in enumerate(row) if slot is None]
    if not empty:
        return acts
    if info.type == "magic_code":
        acts += [
            {"type": "lay", "player": 0, "card": card, "slot": k} for k in code_slots(g, info.digit)
        ]
    shown = sorted({slot["digit"] for slot in row if slot is not None and not slot["placeholder"]})
    for digit in shown:
        acts += [
            {"type": "placeholder", "player": 0, "card": card, "slot": k, "digit": digit}
            for k in code_slots(g, digit)
        ]
    return acts


def code_slots(g, digit: int) -> list[int]:
    """The empty slots a `digit` may fill: level 1 the first that needs it, level 2 any viable."""
    s = g.s
    row = s["row"]
    if s["options"]["level"] == 1:
        need = needed_digits(g)
        return next(([k] for k in range(3) if row[k] is None and need[k] == digit), [])
    out = []
    for k in range(3):
        if row[k] is None:
            trial = list(row)
            trial[k] = {"digit": digit}
            if viable(g, trial):
                out.append(k)
    return out


def choices(g, card: str, in_hand: bool) -> list[Action]:
    acts = lays(g, card)
    s = g.s
    if not in_hand and len(s["players"][0]["hand"]) < HAND_LIMIT:
        acts.append({"type": "keep", "player": 0, "card": card})
    acts.append({"type": "discard", "player": 0, "card": card})
    return acts


def legal(g, p: int) -> list[Action]:
    s = g.s
    if s["step"] == "consider":
        return choices(g, s["drawn"][0], in_hand=False)
    acts: list[Action] = [{"type": "draw", "player": 0}]
    for card in s["players"][0]["hand"]:
        acts += choices(g, card, in_hand=True)
    return acts


# --- carrying out -----------------------------------------------------------------
def perform(g, a: Action) -> None:
    try:
        do(g, a)
    except GameOver as over:
        finish(g, over)


def finish(g, over: GameOver) -> None:
    s = g.s
    won = over.winner == 0
    s["step"] = "over"
    s["result"] = {
        "winners": [0] if won else [],
        "reason": over.reason,
        "won": won,
        "turns": s["turn"],
    }
    g.emit("game_over", won=won, reason=over.reason)


def do(g, a: Action) -> None:
    s = g.s
    t = a["type"]
    if t == "draw":
        draw_pair(g)
        return
    card = a["card"]
    considered = s["step"] == "consider"
    if considered:
        s["drawn"].pop(0)
    else:
        s["players"][0]["hand"].remove(card)
    played = t in ("lay", "placeholder", "swap")
    if t == "lay":
        lay(g, card, a)
    elif t == "placeholder":
        s["row"][a["slot"]] = {"card": card, "digit": a["digit"], "placeholder": True}
        g.emit("placeholder", card=card, slot=a["slot"], digit=a["digit"])
    elif t == "swap":
        swap(g, card)
    elif t == "keep":
        s["players"][0]["hand"].append(card)
        g.emit("keep", card=card, code=g.s["cards"][card])
    else:
        s["discard"].append(card)
        g.emit("discard", card=card, code=g.s["cards"][card])
    if played:
        check_goal(g)
    if considered:
        if not s["second"]:
            s["second"], s["counts"] = True, played
        advance(g)


def lay(g, card: str, a: Action) -> None:
    s = g.s
    info = g.infos[card]
    if info.type == "dream_fairy":
        s["fairies"].append(card)
    elif s["options"]["level"] == 3:
        kind = a.get("kind") or info.subtype
        s["codes"][kind] = {"card": card, "wild": info.type == "free"}
    else:
        s["row"][a["slot"]] = {"card": card, "digit": info.digit, "placeholder": False}
    g.emit(
        "lay", card=card, code=g.s["cards"][card], **{k: a[k] for k in ("slot", "kind") if k in a}
    )


def swap(g, card: str) -> None:
    """Level 3: a new code replaces the laid one of its kind (N, level 3)."""
    s = g.s
    kind = g.infos[card].subtype
    old = s["codes"][kind]["card"]
    s["discard"].append(old)
    s["codes"][kind] = {"card": card, "wild": False}
    g.emit("swap", card=card, code=g.s["cards"][card], replaced=old)


def draw_pair(g) -> None:
    s = g.s
    s["turn"] += 1
    if s["turn"] > s["options"]["max_turns"]:
        g.emit("turn_limit", turns=s["options"]["max_turns"])
        raise GameOver(None, "turn_limit")
    pair = []
    for _ in range(2):
        card = g.take_top()
        if card is None:
            break
        pair.append(card)
    if not pair:
        g.emit("no_cards")
        raise GameOver(None, "no_cards")
    s["drawn"], s["second"], s["counts"] = pair, False, True
    g.emit("draw", cards=list(pair), codes=[g.s["cards"][c] for c in pair])
    advance(g)


def advance(g) -> None:
    """Deal with the pair's cards until one needs a decision (or the pair is done)."""
    s = g.s
    drawn = s["drawn"]
    while drawn:
        card = drawn[0]
        kind = g.infos[card].type
        if kind in PENALTIES:
            drawn.pop(0)
            penalty(g, card)
        elif s["second"] and not s["counts"]:
            drawn.pop(0)
            s["discard"].append(card)
            g.emit("unused", card=card, code=g.s["cards"][card])
        elif goal_card(g, card):
            drawn.pop(0)
            s["players"][0]["hand"].append(card)
            g.emit("goal", card=card, code=g.s["cards"][card])
            raise GameOver(0, "goal")
        else:
            s["step"] = "consider"
            return
        if not s["second"]:
            s["second"], s["counts"] = True, False  # a penalty card is not a card played
    s["step"] = "draw"


def penalty(g, card: str) -> None:
    s = g.s
    kind = g.infos[card].type
    s["discard"].append(card)
    if len(s["fairies"]) >= FAIRIES_ON_TABLE:
        fairies, s["fairies"] = s["fairies"], []
        s["discard"].extend(fairies)
        g.emit("protected", card=card, code=g.s["cards"][card], fairies=fairies)
        return
    if kind == "wake_up":
        g.emit("woke_up", card=card, code=g.s["cards"][card])
        raise GameOver(None, "wake_up")
    hand = s["players"][0]["hand"]
    back = list(hand)
    hand.clear()
    s["draw"].extend(back)
    g.shuffle(s["draw"])
    g.emit("hand_lost", card=card, code=g.s["cards"][card], cards=back)


def before_refill(g) -> None:
    """N_01: fairies on the table stay until the draw pile runs out."""
    s = g.s
    if s["fairies"]:
        s["discard"].extend(s["fairies"])
        g.emit("fairies_gone", cards=list(s["fairies"]))
        s["fairies"] = []


def why_illegal(g, a: Action) -> IllegalAction:
    t = a["type"]
    if t not in ACTION_TYPES:
        return IllegalAction("unknown_action", f"There is no solitaire action called {t!r}.")
    legal_now = g.legal_actions(0)
    kinds = sorted({x["type"] for x in legal_now})
    if t not in kinds:
        return IllegalAction("wrong_step", f"{t} is not possible now; possible: {kinds}.")
    if t == "keep" and len(g.s["players"][0]["hand"]) >= HAND_LIMIT:
        return IllegalAction("hand_full", f"The hand holds at most {HAND_LIMIT} cards.")
    return IllegalAction("not_allowed", f"That {t} is not a legal choice now.")
