"""What one seat (or a spectator) may see; the shape is documented in docs/rules/oniroo.md.

Never shown: the draw pile's cards or order, another player's hand (except
the cards of it this viewer knows: ones they passed on with a moon mouth,
ones taken from them by insomnia, ones taken from the table), the cards a
player is staging for a reveal, and the turn's player's own hand while a
moon eye makes them play blind. Events carry their secret part only to the
seats that saw it happen.
"""

from __future__ import annotations

from functools import lru_cache

from play.engines.oniroo.attacks import attack_effect
from play.engines.oniroo.cards import ATTACK_TYPES, public_card
from play.engines.oniroo.dreams import explain
from play.engines.oniroo.state import event_for
from play.engines.oniroo.table import facts, min_length, uses_codes

PUBLIC_OPTIONS = (
    "level",
    "players",
    "free_cards",
    "attack_kind",
    "min_dream_length",
    "games",
    "vote",
    "max_turns",
)


def build_view(g, player: int | None) -> dict:
    s = g.s
    if s["mode"] == "solitaire":
        return _solitaire(g, player)
    return _table(g, player)


def _cards(g, ids: list[str]) -> list[dict]:
    catalog, codes = g.s["catalog"], g.s["cards"]
    return [public_card(catalog[codes[i]], i) for i in ids]


def _hand(g, ids: list[str]) -> list[dict]:
    """Cards in the viewer's own hand; a bad night or moon head card also says what it
    would do in this game (`effect`, as its `attack` event will), so no reader
    re-derives the level's rule."""
    cards = _cards(g, ids)
    for card in cards:
        if card["type"] in ATTACK_TYPES:
            card["effect"] = attack_effect(g, card["id"])
    return cards


def _explanation(g, ids: list[str]) -> dict:
    """What `explain` says of these cards as a dream of this game (its code sets and
    links, or what it lacks), so the table draws it without a rule of its own."""
    # A copy: the cached answer is shared by every view of the same dream.
    return _fresh(_explained(tuple(facts(g, ids)), min_length(g), uses_codes(g)))


def _fresh(value):
    """A copy of the dicts and lists in a plain JSON-like value (deepcopy is several
    times slower, and tuples and scalars need no copy)."""
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    return value


@lru_cache(maxsize=4096)
def _explained(dream: tuple, length: int, codes: bool) -> dict:
    # Each seat's view after each move explains the same, mostly unchanged, dreams
    # again; explaining is several times the cost of the rest of the view.
    return explain(dream, length, codes)


def _dream(g, dream: dict) -> dict:
    return {
        "id": dream["id"],
        "cards": _cards(g, dream["cards"]),
        "complete": dream["complete"],
        "explanation": _explanation(g, dream["cards"]),
    }


def _common(g, player: int | None) -> dict:
    s = g.s
    top = s["discard"][-1] if s["discard"] else None
    return {
        "game": s["game"],
        "mode": s["mode"],
        "level": s["options"]["level"],
        "options": {k: s["options"][k] for k in PUBLIC_OPTIONS},
        "you": player,
        "turn": s["turn"],
        "to_act": g.active_player,
        "draw_count": len(s["draw"]),
        "discard_count": len(s["discard"]),
        "discard_top": _cards(g, [top])[0] if top else None,
        # face up (B_03): every card of it was seen going there
        "discard": _cards(g, s["discard"]),
        "events": [event_for(e, player) for e in s["log"]],
        "result": s["result"],
    }


def _table(g, player: int | None) -> dict:
    s = g.s
    tf = s["tf"]
    known = s["known"]
    active = s["active"]
    others = len(s["players"]) - 1
    seats = []
    for p, seat in enumerate(s["players"]):
        entry = {
            "seat": p,
            "score": seat["score"],
            "hand_count": len(seat["hand"]),
            "dreams": [_dream(g, d) for d in seat["dreams"]],
            "waiting": seat["wait"],
            "blind": seat["blind"] or (p == active and s["step"] == "blind"),
        }
        if p == player:
            blind = p == active and s["step"] == "blind"
            entry["hand"] = None if blind else _hand(g, seat["hand"])
        else:
            entry["known_hand"] = _cards(
                g, [c for c in seat["hand"] if _knows(known, c, player, others)]
            )
        seats.append(entry)
    own_turn = player == active
    step = s["step"]
    if step == "staging" and not own_turn:
        step = "play"  # arranging cards in hand is not visible across the table
    atk = s["attack"]
    attack = None
    if atk is not None:
        attack = {
            k: atk[k] for k in ("effect", "by", "target", "dream", "join", "reached", "protected")
        }
        attack["card"] = _cards(g, [atk["card"]])[0]
    pending = None
    if s["pending"]:
        due = s["pending"][0]
        pending = {k: v for k, v in due.items() if k != "card"}
        if "card" in due:  # a moon ear card, on show to everyone
            pending["card"] = _cards(g, [due["card"]])[0]
        pending["queue"] = len(s["pending"])
    this_turn = {
        "played": tf["played"],
        "chain": tf["chain"],
        "attacked": tf["attacked"],
        "revealed": tf["revealed"],
        "blind_card": _cards(g, [tf["blind_card"]])[0] if tf["blind_card"] else None,
    }
    if own_turn:
        this_turn["staged"] = _cards(g, tf["staged"])
        this_turn["staged_explanation"] = _explanation(g, tf["staged"])
    view = _common(g, player)
    view.update(
        {
            "game_number": s["game_no"],
            "turn_player": active,
            "step": step,
            "players": seats,
            "shared_dream": _dream(g, s["shared"]) if s["shared"] else None,
            "this_turn": this_turn,
            "attack": attack,
            "pending": pending,
            "in_transit": _cards(g, s["limbo"]),
            "history": list(s["history"]),
        }
    )
    return view


def _knows(known: dict, card: str, player: int | None, others: int) -> bool:
    """Whether `player` knows this card in another hand; a spectator, if every player does."""
    seats = known.get(card, ())
    return len(seats) >= others if player is None else player in seats


def _solitaire(g, player: int | None) -> dict:
    s = g.s
    level = s["options"]["level"]
    hand = s["players"][0]["hand"]
    table: dict = {"fairies": _cards(g, s["fairies"])}
    if level in (1, 2):
        table["row"] = [
            None
            if slot is None
            else {
                "digit": slot["digit"],
                "placeholder": slot["placeholder"],
                # a placeholder lies face down: what it is does not matter any more
                "card": None if slot["placeholder"] else _cards(g, [slot["card"]])[0],
            }
            for slot in s["row"]
        ]
    else:
        table["codes"] = {
            kind: None
            if laid is None
            else {"wild": laid["wild"], "card": _cards(g, [laid["card"]])[0]}
            for kind, laid in s["codes"].items()
        }
    if s["target"]:
        table["target"] = _cards(g, [s["target"]])[0]
    view = _common(g, player)
    view.update(
        {
            "step": s["step"],
            "table": table,
            "drawn": _cards(g, s["drawn"]),
            "second": s["second"],
            "second_counts": s["counts"],
            "hand_count": len(hand),
            "hand": _cards(g, hand) if player == 0 else None,
        }
    )
    return view
