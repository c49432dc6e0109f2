"""What one seat (or a spectator) may see; the shape is documented in docs/rules/oniroo.md.

Never shown: the draw pile's cards or order, another player's hand (except
the cards of it this viewer knows: ones they passed on with a moon mouth,
ones taken from them by insomnia, ones taken from the table; a spectator
only the ones the whole table saw arrive, never what every player happens to
know privately), the cards a player is staging for a reveal, and the turn's
player's own hand while a moon eye makes them play blind. Events carry their
secret part only to the seats that saw it happen.
"""

from __future__ import annotations

import marshal
from functools import lru_cache

from play.engines.base import copy_json
from play.engines.oniroo import solitaire as solitaire_rules
from play.engines.oniroo.attacks import attack_effect, effect_args
from play.engines.oniroo.cards import ATTACK_TYPES, public_card
from play.engines.oniroo.dreams import explain
from play.engines.oniroo.setup import DEFAULTS, HAND_SIZE, choices_at
from play.engines.oniroo.solitaire import HAND_LIMIT
from play.engines.oniroo.state import event_for
from play.engines.oniroo.table import (
    OTHER_WAKE_UP_POINTS,
    OWN_WAKE_UP_POINTS,
    UNSTAGE_LIMIT,
    any_run,
    dream_number,
    dreams_started,
    facts,
    held_back,
    level_rules,
    min_length,
    uses_codes,
)

PUBLIC_OPTIONS = (
    "level",
    "players",
    "free_cards",
    "attack_kind",
    "min_dream_length",
    "any_digit_run",
    "games",
    "vote",
    "max_turns",
)


@lru_cache(maxsize=16)
def _chosen_options(level: int, solitaire: bool) -> tuple[str, ...]:
    # the same few names for every view of a game: sorted once (each view gets a new list)
    return tuple(sorted(choices_at(level, solitaire)))


def build_view(g, player: int | None) -> dict:
    s = g.s
    if s["mode"] == "solitaire":
        return _solitaire(g, _public(g), player)
    return _table(g, _public(g), player)


def _cards(public: dict[str, dict], ids: list[str]) -> list[dict]:
    """The public facts of these cards (`public`: see `_public`), each a fresh dict (its
    values are all plain)."""
    return [public[i].copy() for i in ids]


def _public(g) -> dict[str, dict]:
    """Every card's public facts by id, worked out once per state and only read here.

    A game's cards are fixed when it is set up (as the state's `infos`), so
    the facts have the level as their only input; copying a kept dict costs a
    fifth of making it. A bad night or moon head card also says what it does
    at this level (`effect`, as its `attack` event will, with the numbers it
    says as `effect_turns` or `effect_count`), wherever it shows: in a hand, on the discard pile,
    as an attack; so no reader re-derives the level's rule.
    """
    s = g.s

    def work() -> dict[str, dict]:
        catalog = s["catalog"]
        cards = {iid: public_card(catalog[code], iid) for iid, code in s["cards"].items()}
        for iid, card in cards.items():
            if card["type"] in ATTACK_TYPES:
                effect = attack_effect(g, iid)
                card["effect"] = effect
                card.update(effect_args(g, effect))
        return cards

    return g.derived("public cards", (s["options"]["level"], len(s["players"])), work)


def _explanations(g, name: tuple, dreams: list[list[str]]) -> list[dict]:
    """What `explain` says of each of these card lists as a dream of this game (its code
    sets and links, or what it lacks), so the table draws it without a rule of its own.

    Kept on the state under `name` (a seat's dreams, the shared dream, the
    staged cards) while those cards stay the same, for the views of every
    seat and of the next moves. Kept packed as bytes: each view unpacks its
    own copy, which is three times faster than copying the dicts, and
    unpacking a seat's dreams at once is twice as fast again.
    """
    if not dreams:
        return []
    length, codes, runs = min_length(g), uses_codes(g), any_run(g)

    def work() -> bytes:
        return marshal.dumps(
            [_explained(tuple(facts(g, ids)), length, codes, runs) for ids in dreams]
        )

    inputs = (tuple([tuple(ids) for ids in dreams]), length, codes, runs)
    return marshal.loads(g.derived(name, inputs, work))  # noqa: S302 - bytes packed by `work`


@lru_cache(maxsize=4096)
def _explained(dream: tuple, length: int, codes: bool, runs: bool) -> dict:
    # Each dream explained once however often it is shown (the same cards make the
    # same dream in any game with the same options). Only packed by `_explanations`,
    # never handed out.
    return explain(dream, length, codes, runs)


def _dreams(g, public: dict[str, dict], name: tuple, dreams: list[dict]) -> list[dict]:
    """Each dream's cards and explanation, and, once the game was won on it, how
    (`winning`: player, reason, points) and the wake-up card lying on it (`wake_up`)."""
    explanations = _explanations(g, name, [dream["cards"] for dream in dreams])
    return [
        {
            "id": dream["id"],
            # the owner's count, fixed for the game (None: the shared dream)
            "number": dream_number(dreams, i) if name[0] == "dreams" else None,
            "cards": _cards(public, dream["cards"]),
            "complete": dream["complete"],
            "explanation": explanation,
            "winning": dict(dream["winning"]) if "winning" in dream else None,
            "wake_up": public[dream["wake_up"]].copy() if "wake_up" in dream else None,
        }
        for i, (dream, explanation) in enumerate(zip(dreams, explanations, strict=True))
    ]


def _common(g, public: dict[str, dict], player: int | None) -> dict:
    s = g.s
    top = s["discard"][-1] if s["discard"] else None
    return {
        "game": s["game"],
        "mode": s["mode"],
        "level": s["options"]["level"],
        "options": {k: s["options"].get(k, DEFAULTS[k]) for k in PUBLIC_OPTIONS},
        # the options the players chose at this level (the rest the level fixes), so the
        # table lists them without working out which a level has
        "chosen_options": list(_chosen_options(s["options"]["level"], s["mode"] == "solitaire")),
        "you": player,
        "turn": s["turn"],
        "to_act": g.active_player,
        "draw_count": len(s["draw"]),
        "discard_count": len(s["discard"]),
        "discard_top": _cards(public, [top])[0] if top else None,
        # face up (B_03): every card of it was seen going there
        "discard": _cards(public, s["discard"]),
        "events": [event_for(e, player) for e in s["log"]],
        "result": copy_json(s["result"]),
    }


def _table(g, public: dict[str, dict], player: int | None) -> dict:
    s = g.s
    tf = s["tf"]
    known = s["known"]
    active = s["active"]
    own_points = OWN_WAKE_UP_POINTS[s["options"]["level"]]
    seats = []
    for p, seat in enumerate(s["players"]):
        dreams = _dreams(g, public, ("dreams", p), seat["dreams"])
        for dream in dreams:  # what the wake-up on it scores for this viewer (C_07, F_04)
            dream["wake_up_points"] = own_points if p == player else OTHER_WAKE_UP_POINTS
        entry = {
            "seat": p,
            "score": seat["score"],
            "hand_count": len(seat["hand"]),
            "dreams": dreams,
            # how many dreams the seat has started (a lost one counts: numbers are not reused)
            "dreams_started": dreams_started(seat),
            "waiting": seat["wait"],
            "blind": seat["blind"] or (p == active and s["step"] == "blind"),
        }
        if p == player:
            blind = p == active and s["step"] == "blind"
            entry["hand"] = None if blind else _cards(public, seat["hand"])
            # the end of a turn draws up to the hand's size (B_04)
            entry["end_turn_draws"] = max(0, HAND_SIZE - len(seat["hand"]))
        else:
            # a card's knowers are seats, and None (a spectator) for one the table saw arrive
            entry["known_hand"] = _cards(
                public, [c for c in seat["hand"] if player in known.get(c, ())]
            )
        seats.append(entry)
    own_turn = player == active
    step = s["step"]
    if step == "staging" and not own_turn:
        step = "play"  # arranging cards in hand is not visible across the table
    atk = s["attack"]
    attack = None
    if atk is not None:
        attack = copy_json(
            {k: atk[k] for k in ("effect", "by", "target", "dream", "join", "reached", "protected")}
        )
        attack["card"] = _cards(public, [atk["card"]])[0]
    pending = None
    if s["pending"]:
        due = s["pending"][0]
        pending = {k: v for k, v in due.items() if k != "card"}
        if "card" in due:  # a moon ear card, on show to everyone
            pending["card"] = _cards(public, [due["card"]])[0]
        pending["queue"] = len(s["pending"])
    this_turn = {
        "played": tf["played"],
        "chain": tf["chain"],
        "attacked": tf["attacked"],
        "revealed": tf["revealed"],
        "blind_card": _cards(public, [tf["blind_card"]])[0] if tf["blind_card"] else None,
    }
    if own_turn:
        # turns a bad night still keeps the player from adding to the dream, said while
        # they could otherwise play one (level 3; the table and terminal explain the wait)
        free_to_play = step == "play" and not s["pending"] and not tf["played"]
        free_to_play = free_to_play and not tf["attacked"]
        this_turn["held_back"] = held_back(g, active) if free_to_play else 0
        this_turn["staged"] = _cards(public, tf["staged"])
        # how many laid-out cards were taken back (a rebuilt position needs it for its choices)
        # and how many more may be (the table says so on the take-back button)
        this_turn["taken_back"] = tf.get("taken_back", 0)
        this_turn["takebacks_left"] = max(0, UNSTAGE_LIMIT - this_turn["taken_back"])
        this_turn["staged_explanation"] = _explanations(g, ("staged",), [tf["staged"]])[0]
    view = _common(g, public, player)
    view.update(
        {
            "game_number": s["game_no"],
            "turn_player": active,
            "step": step,
            "players": seats,
            "shared_dream": _shared_dream(g, public, own_points),
            "rules": level_rules(g),
            "this_turn": this_turn,
            "attack": attack,
            "pending": pending,
            "in_transit": _cards(public, s["limbo"]),
            "history": copy_json(s["history"]),
        }
    )
    return view


def _shared_dream(g, public: dict[str, dict], own_points: int) -> dict | None:
    """Levels 2–3's one dream in the centre; waking it scores as one's own (C_07).

    At level 3 it also says who completed it (`completed_by`, None until then): only
    they may wake it (C_03)."""
    shared = g.s["shared"]
    if not shared:
        return None
    dream = _dreams(g, public, ("shared",), [shared])[0]
    dream["wake_up_points"] = own_points
    if "completed_by" in shared:
        dream["completed_by"] = shared["completed_by"]
    return dream


def _solitaire(g, public: dict[str, dict], player: int | None) -> dict:
    s = g.s
    level = s["options"]["level"]
    hand = s["players"][0]["hand"]
    table: dict = {"fairies": _cards(public, s["fairies"])}
    if level in (1, 2):
        table["row"] = [
            None
            if slot is None
            else {
                "digit": slot["digit"],
                "placeholder": slot["placeholder"],
                # a placeholder lies face down: what it is does not matter any more
                "card": None if slot["placeholder"] else _cards(public, [slot["card"]])[0],
            }
            for slot in s["row"]
        ]
    else:
        table["codes"] = {
            kind: None
            if laid is None
            else {"wild": laid["wild"], "card": _cards(public, [laid["card"]])[0]}
            for kind, laid in s["codes"].items()
        }
    if s["target"]:
        table["target"] = _cards(public, [s["target"]])[0]
    view = _common(g, public, player)
    view.update(
        {
            "step": s["step"],
            "table": table,
            "drawn": _fitting(g, _cards(public, s["drawn"])),
            "second": s["second"],
            "second_counts": s["counts"],
            "hand_count": len(hand),
            "hand_limit": HAND_LIMIT,  # what a kept card may fill the hand up to
            "hand": _fitting(g, _cards(public, hand)) if player == 0 else None,
        }
    )
    return view


def _fitting(g, entries: list[dict]) -> list[dict]:
    """Solitaire levels 2–3: each symbol card says whether it agrees with what is laid
    (`fits`), so no reader compares digits or codes itself."""
    if g.s["options"]["level"] in (2, 3):
        for entry in entries:
            if entry["type"] == "symbol":
                entry["fits"] = solitaire_rules.fits_laid(g, entry["id"])
    return entries
