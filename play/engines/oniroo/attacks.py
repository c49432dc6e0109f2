"""Bad night and moon head cards, the dream fairy's defense, and what they ask of other players.

An attack is played on your own turn as the only card of that turn and goes
straight to the discard pile (G_02, G_03, H_07). At levels 4–5 every attack
names one other player, its target (G_01, DECISIONS ONIROO 7); the level-3
bad night goes on the shared dream instead and reaches every other player
(C_03, DECISIONS ONIROO 5). Then every player it reaches decides, in seat
order after the attacker, whether to show a dream fairy (`show_fairy`, the
fairy is discarded, the attacker loses 5 points or all they have, I_01) or
to let it happen (`accept`). Every reached player is asked, fairy or not, so
being asked says nothing about a hand.

What happens when the target is not protected (our reading in docs/rules/oniroo.md):

| card | effect |
|---|---|
| level 3, bad night | each one reached waits two own turns before adding a symbol card |
| nightmare | the chosen dream of the target goes to the discard pile |
| sleepwalker | the target discards their hand and draws 5 |
| insomnia | the attacker takes a random card from the target's hand; the target draws 1 |
| eye | the target's next turn starts with a blind play |
| hand | the target discards one card per other player (`discard`), then draws as many |
| ear | the target's dream cards go round the others, attacker first; each says where (`take`) |
| mouth | every hand passes to the left (the attacker may stay out); the target's fairy stops it |
| nose | the target gives the attacker a dream card (`give`); a broken dream is cut back |

Decisions other players owe wait in `s["pending"]` (first one due first).
"""

from __future__ import annotations

from play.engines.base import Action
from play.engines.oniroo.cards import ATTACK_TYPES
from play.engines.oniroo.dreams import kept_after_giving

ACTION_TYPES = ("show_fairy", "accept", "give", "take")
FAIRY_PENALTY = 5
WAIT_TURNS = 2  # level 3 (C_03)


# --- what can be played -----------------------------------------------------------------------
def attack_effect(g, card: str) -> str:
    """What this bad night or moon head card does in this game: the table above's row.

    At level 3 every bad night goes on the shared dream and makes the others
    wait (C_03); elsewhere the card's own subtype says what it does.
    """
    return "wait" if g.s["options"]["level"] == 3 else g.infos[card].subtype


def effect_args(g, effect: str) -> dict:
    """The numbers a card's effect says in this game, as fields of its view entry: the turns
    a bad night makes the others wait (level 3), the cards a moon hand discards (one per
    other player)."""
    if effect == "wait":
        return {"effect_turns": WAIT_TURNS}
    if effect == "hand":
        return {"effect_count": len(g.s["players"]) - 1}
    return {}


def attack_actions(g, p: int, only: str | None = None) -> list[Action]:
    s = g.s
    infos = g.infos
    cards = (
        [only] if only else [c for c in s["players"][p]["hand"] if infos[c].type in ATTACK_TYPES]
    )
    if not cards:
        return []
    n = len(s["players"])
    others = [q % n for q in range(p + 1, p + n)]
    level3 = s["options"]["level"] == 3
    acts: list[Action] = []
    for c in cards:
        kind = infos[c].subtype
        if level3:  # on the shared dream: it reaches everyone else (C_03)
            acts.append({"type": "attack", "player": p, "card": c})
        elif kind == "nightmare":
            for q in others:
                dreams = s["players"][q]["dreams"]
                if dreams:
                    acts += [
                        {"type": "attack", "player": p, "card": c, "target": q, "dream": d["id"]}
                        for d in dreams
                    ]
                else:
                    acts.append({"type": "attack", "player": p, "card": c, "target": q})
        elif kind == "mouth":  # the target may stop it; the attacker may stay out (H_05)
            for q in others:
                acts.append({"type": "attack", "player": p, "card": c, "target": q, "join": True})
                acts.append({"type": "attack", "player": p, "card": c, "target": q, "join": False})
        else:  # against one other player (G_01; DECISIONS ONIROO 7)
            acts += [{"type": "attack", "player": p, "card": c, "target": q} for q in others]
    return acts


def attack(g, a: Action) -> None:
    from play.engines.oniroo.table import remove_from_hand

    s = g.s
    p, card = a["player"], a["card"]
    remove_from_hand(s, p, card)
    s["discard"].append(card)
    s["tf"]["attacked"] = True
    n = len(s["players"])
    effect = attack_effect(g, card)
    target = a.get("target")
    reached = [target] if target is not None else [q % n for q in range(p + 1, p + n)]
    s["attack"] = {
        "card": card,
        "effect": effect,
        "by": p,
        "target": target,
        "dream": a.get("dream"),
        "join": a.get("join"),
        "reached": reached,
        "protected": [],
    }
    fields = {k: a[k] for k in ("target", "dream", "join") if k in a}
    g.emit("attack", player=p, card=card, code=g.s["cards"][card], effect=effect, **fields)
    s["pending"] = [{"kind": "defend", "player": q} for q in reached]


# --- decisions of other players ---------------------------------------------------------------
def pending_legal(g, due: dict) -> list[Action]:
    s = g.s
    q = due["player"]
    kind = due["kind"]
    hand = s["players"][q]["hand"]
    if kind == "defend":
        acts = [
            {"type": "show_fairy", "player": q, "card": c}
            for c in hand
            if g.infos[c].type == "dream_fairy"
        ]
        return acts + [{"type": "accept", "player": q}]
    if kind == "discard_hand":
        return [{"type": "discard", "player": q, "card": c} for c in hand]
    if kind == "give":
        return [
            {"type": "give", "player": q, "card": c}
            for d in s["players"][q]["dreams"]
            for c in d["cards"]
        ]
    # take: a card of a moon ear goes to your hand, a dream of yours, or the discard pile
    card = due["card"]
    places = ["hand", "discard"] + [d["id"] for d in s["players"][q]["dreams"]] + ["new"]
    return [{"type": "take", "player": q, "card": card, "to": to} for to in places]


def answer(g, a: Action) -> None:
    s = g.s
    due = s["pending"][0]
    kind = due["kind"]
    if kind == "defend":
        s["pending"].pop(0)
        if a["type"] == "show_fairy":
            protect(g, a["player"], a["card"])
        if not any(d["kind"] == "defend" for d in s["pending"]):
            resolve(g)
    elif kind == "discard_hand":
        hand_discard(g, due, a["card"])
    elif kind == "give":
        s["pending"].pop(0)
        give(g, a["player"], a["card"])
    else:
        s["pending"].pop(0)
        take(g, a["player"], a["card"], a["to"])
    if not s["pending"]:
        s["attack"] = None


def protect(g, q: int, fairy: str) -> None:
    from play.engines.oniroo.table import remove_from_hand

    s = g.s
    atk = s["attack"]
    remove_from_hand(s, q, fairy)
    s["discard"].append(fairy)
    atk["protected"].append(q)
    attacker = s["players"][atk["by"]]
    lost = min(FAIRY_PENALTY, attacker["score"])
    attacker["score"] -= lost
    g.emit("fairy", player=q, card=fairy, code=g.s["cards"][fairy], attacker=atk["by"], lost=lost)


# --- effects ----------------------------------------------------------------------------------
def resolve(g) -> None:
    s = g.s
    atk = s["attack"]
    victims = [q for q in atk["reached"] if q not in atk["protected"]]
    effect = atk["effect"]
    if effect == "mouth":
        if not atk["protected"]:
            pass_hands(g, atk["by"], atk["join"])
        return
    for q in victims:
        EFFECTS[effect](g, atk, q)


def wait(g, atk: dict, q: int) -> None:
    seat = g.s["players"][q]
    seat["wait"] = max(seat["wait"], WAIT_TURNS)  # a second bad night restarts the count
    g.emit("wait", player=q, turns=seat["wait"])


def nightmare(g, atk: dict, q: int) -> None:
    from play.engines.oniroo.table import dream_number

    s = g.s
    dreams = s["players"][q]["dreams"]
    for i, dream in enumerate(dreams):
        if dream["id"] == atk["dream"]:
            number = dream_number(dreams, i)  # the event names the dream no view shows now
            dreams.remove(dream)
            s["discard"].extend(dream["cards"])
            g.emit(
                "dream_lost", player=q, dream=dream["id"], number=number, cards=list(dream["cards"])
            )
            return


def sleepwalker(g, atk: dict, q: int) -> None:
    from play.engines.oniroo.table import HAND_SIZE, draw

    s = g.s
    hand = s["players"][q]["hand"]
    lost = list(hand)
    hand.clear()
    for card in lost:
        s["known"].pop(card, None)
    s["discard"].extend(lost)
    g.emit("hand_lost", player=q, cards=lost, codes=[g.s["cards"][c] for c in lost])
    draw(g, q, HAND_SIZE)


def insomnia(g, atk: dict, q: int) -> None:
    """G_06 on the target: the attacker draws one card from their hand, they draw a new one."""
    from play.engines.oniroo.table import draw

    s = g.s
    hand = s["players"][q]["hand"]
    if not hand:
        return
    p = atk["by"]
    card = g.rng.choice(hand)  # drawn unseen from the hand
    hand.remove(card)
    s["players"][p]["hand"].append(card)
    s["known"][card] = [q]  # the robbed player knows where their card went; nobody else
    g.emit("steal", player=p, victim=q, to=[p, q], secret={"card": card})
    draw(g, q, 1)


def eye(g, atk: dict, q: int) -> None:
    g.s["players"][q]["blind"] = True
    g.emit("blinded", player=q)


def hand(g, atk: dict, q: int) -> None:
    count = min(len(g.s["players"]) - 1, len(g.s["players"][q]["hand"]))
    if count:
        g.s["pending"].append({"kind": "discard_hand", "player": q, "count": count, "done": 0})


def hand_discard(g, due: dict, card: str) -> None:
    from play.engines.oniroo.table import draw, remove_from_hand

    s = g.s
    q = due["player"]
    remove_from_hand(s, q, card)
    s["discard"].append(card)
    g.emit("discard", player=q, card=card, code=g.s["cards"][card], reason="moon_hand")
    due["done"] += 1
    if due["done"] == due["count"]:
        s["pending"].pop(0)
        draw(g, q, due["count"])


def ear(g, atk: dict, q: int) -> None:
    s = g.s
    dreams = s["players"][q]["dreams"]
    cards = [c for d in dreams for c in d["cards"]]
    if not cards:
        return
    dreams.clear()
    s["limbo"].extend(cards)
    n = len(s["players"])
    p = atk["by"]
    takers = [x % n for x in range(p, p + n) if x % n != q]  # the attacker first, then leftwards
    g.emit("ear", player=p, victim=q, cards=list(cards), codes=[g.s["cards"][c] for c in cards])
    s["pending"] += [
        {"kind": "take", "player": takers[k % len(takers)], "card": c} for k, c in enumerate(cards)
    ]


def take(g, q: int, card: str, to: str) -> None:
    from play.engines.oniroo.table import add_to_dream, on_show

    s = g.s
    s["limbo"].remove(card)
    # `into`, not `to`: emit reads `to` as the seats a secret is for, and dropped it
    g.emit("take", player=q, card=card, code=g.s["cards"][card], into=to)
    if to == "hand":
        s["players"][q]["hand"].append(card)
        on_show(g, card, q)  # it was on show
    elif to == "discard":
        s["discard"].append(card)
    else:
        add_to_dream(g, q, to, card)


def nose(g, atk: dict, q: int) -> None:
    if any(d["cards"] for d in g.s["players"][q]["dreams"]):
        g.s["pending"].append({"kind": "give", "player": q})


def give(g, q: int, card: str) -> None:
    """The nose: a dream card to the attacker; a dream that stops being complete is cut back.

    Our reading of H_06: the codes "break" when the dream was complete and is
    not without the card; it then keeps only the cards before the given one.
    """
    from play.engines.oniroo.table import any_run, facts, min_length, on_show, refresh, uses_codes

    s = g.s
    p = s["attack"]["by"]
    dreams = s["players"][q]["dreams"]
    dream = next(d for d in dreams if card in d["cards"])
    at = dream["cards"].index(card)
    kept = kept_after_giving(facts(g, dream["cards"]), at, min_length(g), uses_codes(g), any_run(g))
    dream["cards"].pop(at)
    cut = dream["cards"][kept:]
    del dream["cards"][kept:]
    s["discard"].extend(cut)
    refresh(g, dream)
    if not dream["cards"]:
        dreams.remove(dream)
    s["players"][p]["hand"].append(card)
    on_show(g, card, p)  # it was on show
    g.emit("give", player=q, to_player=p, card=card, code=g.s["cards"][card], cut=cut)


def pass_hands(g, p: int, join: bool) -> None:
    """The mouth: each taking part passes their whole hand to the next one to the left.

    H_05's exchange is the whole table's, as the card says; the target is the one
    player who may stop it with a dream fairy (DECISIONS ONIROO 7: one target, and
    a fairy shown by the target cancels the attack)."""
    s = g.s
    n = len(s["players"])
    ring = [x % n for x in range(p, p + n) if join or x % n != p]
    if len(ring) < 2:
        g.emit("mouth", players=ring)
        return
    hands = [s["players"][x]["hand"] for x in ring]
    for i, giver in enumerate(ring):
        receiver = ring[(i + 1) % len(ring)]
        s["players"][receiver]["hand"] = hands[i]
        for card in hands[i]:
            s["known"][card] = [giver]  # you know the hand you passed on; nobody else
    g.emit("mouth", players=ring)


EFFECTS = {
    "wait": wait,
    "nightmare": nightmare,
    "sleepwalker": sleepwalker,
    "insomnia": insomnia,
    "eye": eye,
    "hand": hand,
    "ear": ear,
    "nose": nose,
}
