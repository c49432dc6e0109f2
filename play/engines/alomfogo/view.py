"""What one seat (or a spectator) may see: never another hand, never a deck order."""

from __future__ import annotations

from typing import Any

from play.engines.alomfogo import duel
from play.engines.alomfogo import effects as fx

STATS = ("attack", "defense", "glory_bonus")
STATIC_OPS = ("stat", "cost", "decline_penalty")  # the statics a view's figures read
RULE_SUBTYPES = ("buvforras", "ellenvarazs")  # the subtypes a rule reads (not the houses)


class _Boards:
    """Each seat's statics and the figures of its cards in play, for one view.

    Worked out by the engine's own functions (`effects.statics`, `duel.stat`)
    and kept on the state (`derived`) while the seat's board stays as it was:
    the views of every seat share them, and most moves leave the boards as
    they were. Kept values are only read: the view copies figures into fresh
    dicts, and the statics never leave this module.
    """

    def __init__(self, g) -> None:
        self.g = g
        self.found: dict[int, tuple[dict, dict]] = {}

    def of(self, p: int) -> tuple[dict[str, list[dict]], dict[str, tuple]]:
        """(the statics by op, the figures by card on the board) of seat p."""
        found = self.found.get(p)
        if found is None:
            g = self.g
            seat = g.seat(p)
            board = tuple(seat["board"])
            inst = g.s["inst"]
            # everything the figures read of the state (card data is fixed for a game)
            inputs = (seat["alive"], board, tuple([inst[i]["state"] for i in board]))
            found = self.found[p] = g.derived(("board", p), inputs, lambda: _board(g, p))
        return found

    def statics(self, g, p: int, op: str) -> list[dict]:
        """`effects.statics` of the board as it is now."""
        return self.of(p)[0][op]


def _board(g, p: int) -> tuple[dict[str, list[dict]], dict[str, tuple]]:
    found = {op: fx.statics(g, p, op) for op in STATIC_OPS}

    def statics(g, p: int, op: str) -> list[dict]:
        return found[op]

    figures = {}
    for iid in g.seat(p)["board"]:
        # decline_loss: what refusing a duel against this card as attacker costs the defender
        loss = duel.decline_loss(g, p, iid, statics) if g.card(iid)["type"] == "revulo" else None
        figures[iid] = (*(duel.stat(g, p, iid, name, statics) for name in STATS), loss)
    return found, figures


def _card(s: dict, iid: str) -> dict:
    """A visible card: its id, catalog code, name and state.

    A card in the discard pile or on the stack keeps its printed figures,
    which readers take from the card data: working out every discarded
    card's statics made each view five times slower for nothing a reader shows.
    """
    inst = s["inst"][iid]
    code = inst["code"]
    card = s["cards"][code]
    entry = {"id": iid, "code": code, "name": card["name"], "state": inst["state"]}
    if card["subtypes"]:
        # the subtypes a rule reads, printed on the card (bűvforrás: one a turn)
        rule = [sub for sub in card["subtypes"] if sub in RULE_SUBTYPES]
        if rule:
            entry["subtypes"] = rule
    return entry


def _in_play(s: dict, iid: str, figures: dict[str, tuple]) -> dict:
    """A card on the board with its attack, defense and glory bonus now (and a dreamwalker
    what refusing a duel against it costs), so no reader (table, terminal, bot) redoes the rule."""
    entry = _card(s, iid)
    attack, defense, glory_bonus, decline_loss = figures[iid]
    entry["attack"] = attack
    entry["defense"] = defense
    entry["glory_bonus"] = glory_bonus
    if decline_loss is not None:
        entry["decline_loss"] = decline_loss
    return entry


def _in_hand(g, iid: str, owner: int, boards: _Boards) -> dict:
    """A card in its owner's hand with what playing it costs now, and why it cannot be
    played now where it cannot (`why_not`): a rule ("one_buvforras") before its cost ("vp",
    more than the seat's VP), then its effect ("unpayable": its discard cost or a target it
    needs is not there), so the table says it on the card and no bot works it out. A
    finished game gives no reasons: no card is played again, and "not now" would say one
    could be later."""
    entry = _card(g.s, iid)
    entry["cost"] = fx.play_cost(g, owner, iid, boards.statics)
    if g.s["phase"] == "over":
        return entry
    if "subtypes" in entry and _buvforras_spent(g, owner) and "buvforras" in entry["subtypes"]:
        entry["why_not"] = "one_buvforras"  # DECISIONS 3: one bűvforrás a turn
    elif entry["cost"] > g.seat(owner)["vp"]:
        entry["why_not"] = "vp"
    else:
        play = g.effects(iid, "play")
        spare = len(g.seat(owner)["hand"]) - 1  # the card itself leaves the hand
        if play and not fx.feasible(g, owner, play[0], hand_spare=spare):
            entry["why_not"] = "unpayable"
    return entry


def _mark_helpers(g, p: int, board: list[dict], *, hand_known: bool) -> None:
    """Each board card with a helper ability says whether its seat could use it now
    (`can_help`: active, its cost paid, its targets there, as far as the viewer can tell),
    so a bot planning a duel counts only the helpers the engine would let act."""
    helpers = g.codes_with("helper")
    marked = [entry for entry in board if entry["code"] in helpers]
    if marked:
        ids = [entry["id"] for entry in marked]
        usable = duel.usable_helpers(g, p, ids, hand_known=hand_known)
        for entry, ok in zip(marked, usable, strict=True):
            entry["can_help"] = ok


def _buvforras_spent(g, p: int) -> bool:
    """Seat p is the turn player and has played this turn's one bűvforrás."""
    s = g.s
    return s["active"] == p and bool(s["flags"].get("buvforras")) and s["phase"] != "over"


# What the view adds to the state's duel (a sampler rebuilding the state leaves them out)
DUEL_DERIVED = ("power", "decline_loss", "deciding", "defence_if")


def _duel(g, d: dict | None, boards: _Boards) -> dict | None:
    """The duel with each side's power now (printed, statics and boosts)."""
    if d is None:
        return None
    shown = dict(d)
    statics = boards.statics
    shown["power"] = [
        duel.stat(g, d["attacker"], d["a"], "attack", statics) + d["boost"][0],
        duel.stat(g, d["defender"], d["d"], "defense", statics) + d["boost"][1] if d["d"] else None,
    ]
    shown["decline_loss"] = duel.decline_loss(g, d["attacker"], d["a"], statics)
    shown["deciding"] = duel.deciding(d)  # whose choice the duel's step waits for
    if d["step"] == "defend":
        # each card that may defend: its power if it did (the defender weighs its choice)
        shown["defence_if"] = {
            iid: duel.stat(g, d["defender"], iid, "defense", statics) + d["boost"][1]
            for iid in duel.active_revulok(g, d["defender"])
        }
    return shown


def _redact(value: Any, hidden: set[str]) -> Any:
    """A copy of `value` without the card ids (and their codes) of zones the viewer cannot see.

    Anywhere in `value`: an event's `card`, an id in a list (a spell's
    targets may be a card in its caster's hand), or any other field.
    """
    kind = type(value)
    if kind is dict:
        return _redact_dict(value, hidden)
    if kind is list:
        return [
            _redact(v, hidden) if type(v) in _NESTED else v
            for v in value
            if not (type(v) is str and v in hidden)
        ]
    if kind is str and value in hidden:
        return None
    return value


_NESTED = (dict, list)


def _redact_events(g, log: list[dict], hidden: set[str]) -> list:
    """`_redact` of the event log, the same answer sooner: an event that holds no list or
    dict and names no hidden card is copied as it is. Which strings an event holds is read
    once (a logged event never changes), and the views of a game repeat its last events:
    redacting them field by field was a third of a view's time."""
    seen = g._event_strings  # id -> (event, its strings or None)
    if len(seen) > 4 * len(log) + 64:  # the log is a window: forget what slid out of it
        seen.clear()
    shown = []
    for event in log:
        kept = seen.get(id(event))
        if kept is None or kept[0] is not event:
            values = event.values()
            flat = not any(type(v) in _NESTED for v in values)
            strings = frozenset([v for v in values if type(v) is str]) if flat else None
            kept = seen[id(event)] = (event, strings)
        strings = kept[1]
        if strings is not None and strings.isdisjoint(hidden):
            shown.append(event.copy())
        else:
            shown.append(_redact(event, hidden))
    return shown


def _redact_dict(value: dict, hidden: set[str]) -> dict:
    # the events are most of what is redacted, and their fields are mostly numbers and
    # names: only strings are looked up and only containers recursed into
    if value.get("card") in hidden:
        value = {k: v for k, v in value.items() if k != "card" and k != "code"}
    shown = value.copy()
    for key, field in value.items():
        kind = type(field)
        if kind is str:
            if field in hidden:
                shown[key] = None
        elif kind is dict or kind is list:
            shown[key] = _redact(field, hidden)
    return shown


def _why_no_duels(g) -> str | None:
    """None when the turn player may start duels this turn, else why not."""
    if duel.can_attack(g, g.s["active"]):
        return None
    return "first_turn" if g.s["turn"] <= 1 else "no_opponent"


def build_view(g, player: int | None) -> dict:
    s = g.s
    boards = _Boards(g)
    hidden = set()
    seats = []
    for p, seat in enumerate(s["players"]):
        own = p == player
        figures = boards.of(p)[1]
        hidden.update(seat["deck"])
        if not own:
            hidden.update(seat["hand"])
        entry = {
            "seat": p,
            "alive": seat["alive"],
            "glory": seat["glory"],
            "vp": seat["vp"],
            "deck_count": len(seat["deck"]),
            "hand_count": len(seat["hand"]),
            "board": [_in_play(s, i, figures) for i in seat["board"]],
            "discard": [_card(s, i) for i in seat["discard"]],
            "casting": [_card(s, i) for i in seat["stack"]],
        }
        if own:
            entry["hand"] = [_in_hand(g, i, p, boards) for i in seat["hand"]]
        _mark_helpers(g, p, entry["board"], hand_known=own)
        seats.append(entry)
    pending = s["pending"]
    if pending is not None:
        shown = {"kind": pending["kind"], "player": pending["player"]}
        if pending["kind"] == "draw":
            shown["after"] = pending["after"]  # alomleny or cycled: what the draw is for
        elif pending["kind"] == "choose":
            shown["purpose"] = pending["purpose"]
            if pending["player"] == player:
                shown["options"] = list(pending["options"])
        else:  # a counter: the seats still to be asked after this one, in order
            shown["queue"] = list(pending["queue"])
        pending = shown
    casting = s["casting"]
    if casting is not None:
        casting = {
            "source": casting["source"],
            "by": casting["by"],
            "mode": casting["mode"],
            "targets": [t for t in casting["targets"] if t],
            # the printed effect being cast and how far it got: public facts a reader
            # (a search bot rebuilding the position) needs, the same for every seat
            "effect": casting["effect"],
            "discards": list(casting["discards"]),
            "counter_asked": casting["counter_asked"],
        }
    # The seats need no redaction: each card there is in a zone the viewer sees (and a
    # card is in one zone), and searching them for hidden ids was most of a view's cost.
    # What may name any card (the duel, a pending choice, a cast, the events) is redacted.
    return {
        "game": s["game"],
        "you": player,
        "turn": s["turn"],
        "phase": s["phase"],
        "turn_player": s["active"],
        # Why a menu lacks an option, so no reader re-derives the rule:
        # no duels on the very first turn (DECISIONS 1), one bűvforrás a
        # turn (DECISIONS 3).
        "no_duels": _why_no_duels(g),
        "buvforras_played": bool(s["flags"].get("buvforras")),
        # what else this turn has used up, seen by everyone at the table: the one cycled
        # instant, and the board cards whose once-a-turn ability or free play was used
        "instant_cycled": bool(s["flags"].get("cycled")),
        "used_this_turn": list(s["flags"].get("used", ())),
        # the seat the turn player's duels go to: the player on their right (DECISIONS 9)
        "duels_to": duel.duels_to(g, s["active"]) if s["phase"] != "over" else None,
        "to_act": g.active_player,
        "players": seats,
        "duel": _redact(_duel(g, s["duel"], boards), hidden),
        "pending": _redact(pending, hidden),
        "casting": _redact(casting, hidden),
        "events": _redact_events(g, s["log"], hidden),
        "result": _redact(s["result"], hidden),
    }
