"""Who decides next is public: it never depends on a card the observer cannot see.

For every registered game, seeded bot games are played and at many moments
each seat `o` is an observer. A second world is built that differs from the
real one only in what `o` cannot see (the game's sampler,
`play.engines.<room>.sampling`, as the search bot uses it; for Arcane
Guardian, which has none, the face-down cards are dealt anew and the dice
get another key). The same next action is applied in both worlds when it is
legal in both (always so for `o`'s own actions; another seat's card from a
hand `o` cannot see is put into that hand in the other world, `LEND`), and
`o`'s view of the flow — whose decision it is and what kind of decision,
and the events it is shown — must come out the same. Otherwise the table
tells `o` (and every spectator) something of a hidden card: the leak an
audit found in Álomfogó, where the counter window opened only for an
opponent who held a usable counter in hand.

The one legitimate difference: when the action brings a hidden card (or a
die's face) into `o`'s view, the rules may go on differently and the view
says why; where the first event that differs is such a reveal, the moment
is not compared (`_a_reveal`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from core.games import all_games, get_game
from play.bots import get_bot
from play.bots.alomfogo_cards import all_cards, deck
from play.bots.arcane_guardian_cards import arcane_cards
from play.bots.oniroo_cards import oniroo_cards
from play.engines import get_engine
from play.engines.arcane_guardian.dice import KEY_BITS
from play.engines.sampling import Knowledge, SampleError

# Álomfogó: decks of cheap révülők, many instants and Tükörvarázs (AFD-049), the one counter
# played from hand, so that spells are cast often while the other seat may or may not hold
# a counter it could use (with a bűvforrás for the VP to pay for both)
INSTANT_DECK = deck(
    [
        *("AFD-019", "AFD-007", "AFD-004", "AFD-001", "AFD-010"),  # révülők
        *("AFD-040", "AFD-041", "AFD-044", "AFD-042", "AFD-043", "AFD-046"),  # instants
        *("AFD-049", "AFD-064"),  # Tükörvarázs, Gyöngyfüzér
    ]
)


@dataclass
class Table:
    """One kind of game to walk: how to deal it, its bots, and how to read its views."""

    game: str
    options: dict
    seats: int
    seeds: tuple[int, ...]
    bots: tuple[str, ...]  # one kind a seat, in seat order
    max_moves: int = 400


def _alomfogo_knowledge(table: Table, seat: int) -> Knowledge:
    return Knowledge(
        seat=seat,
        deck=INSTANT_DECK,
        options=table.options,
        prior=[INSTANT_DECK],
        catalog=all_cards(),
    )


def _oniroo_knowledge(table: Table, seat: int) -> Knowledge:
    return Knowledge(seat=seat, deck=oniroo_cards(), options=table.options)


def _decks(table: Table) -> list:
    if table.game == "alomfogo":
        return [INSTANT_DECK] * table.seats
    if table.game == "oniroo":
        return [oniroo_cards()]
    return [arcane_cards()]


def _arcane_world(state, rng: random.Random):
    """The same Arcane Guardian deal as the player sees it: the face-down cards (but the
    endings, whose places the player also cannot see but which setup keeps low in a pile)
    dealt anew among the face-down places, and another dice key (the dice to come)."""
    data = state.to_dict()
    cards = data["cards"]
    places = []
    for i, pile in enumerate(data["piles"]):
        hidden = len(pile) - 1 if data["up"][i] and pile else len(pile)
        places += [(i, k) for k in range(hidden) if cards[pile[k]]["type"] != "ending"]
    codes = [data["piles"][i][k] for i, k in places]
    rng.shuffle(codes)
    for (i, k), code in zip(places, codes, strict=True):
        data["piles"][i][k] = code
    data["dice_key"] = rng.getrandbits(KEY_BITS)
    data["log"] = []
    return get_engine("arcane-guardian").from_dict(data)


# --- the same move in the other world -------------------------------------------------
def _lend_alomfogo(other, real, action: dict):
    """`other` with the card the move plays from a hidden hand in that hand, under its real
    id (in place of an invented card there): the other world still looks the same to the
    observer, and the move is the same move in both worlds."""
    iid, p = action.get("card"), action["player"]
    held = real.s["inst"].get(iid)
    if held is None or held["zone"] != "hand" or iid in other.s["inst"]:
        return other
    data = other.to_dict()
    hand = data["players"][p]["hand"]
    invented = [c for c in hand if c[0] == "x"]
    if not invented:
        return other
    del data["inst"][invented[0]]
    hand[hand.index(invented[0])] = iid
    data["inst"][iid] = {"code": held["code"], "owner": p, "zone": "hand", "state": None}
    data["cards"].setdefault(held["code"], real.s["cards"][held["code"]])
    return get_engine("alomfogo").from_dict(data)


def _lend_oniroo(other, real, action: dict):
    """`_lend_alomfogo` for ONIROO, whose cards are one fixed set: the hidden card that is the
    played one here (`x<n>` for `c<n>`) takes the played card's face (swapping faces with
    the hidden card that had it) and a place in the player's hand (swapping places with a
    hidden card there), and its real id."""
    from play.engines.oniroo.state import OnirooState

    iid, p = action.get("card"), action["player"]
    if iid is None or iid in other.s["cards"] or iid not in real.s["players"][p]["hand"]:
        return other
    data = other.to_dict()
    faces, hand = data["cards"], data["players"][p]["hand"]
    mine, code = "x" + iid[1:], real.s["cards"][iid]
    holder = next((c for c, k in faces.items() if c[0] == "x" and k == code), None)
    invented = [c for c in hand if c[0] == "x"]
    if mine not in faces or holder is None or not invented:
        return other
    faces[holder], faces[mine] = faces[mine], code
    places = [data["draw"], *(seat["hand"] for seat in data["players"])]
    where = next((place for place in places if mine in place), None)
    if where is None:
        return other
    if where is not hand:
        where[where.index(mine)], hand[hand.index(invented[0])] = invented[0], mine
    hand[hand.index(mine)] = iid
    faces[iid] = faces.pop(mine)
    return OnirooState(data, random.Random(0))


LEND = {"alomfogo": _lend_alomfogo, "oniroo": _lend_oniroo}


# --- what a view says of the flow, per game ------------------------------------------
def _pending(view: dict, keys: tuple[str, ...]) -> dict | None:
    pending = view["pending"]
    return None if pending is None else {k: pending.get(k) for k in keys}


def _alomfogo_flow(view: dict) -> dict:
    duel = view["duel"]
    return {
        "to_act": view["to_act"],
        "turn": view["turn"],
        "turn_player": view["turn_player"],
        "phase": view["phase"],
        "pending": _pending(view, ("kind", "player", "queue", "purpose", "after")),
        "duel": None if duel is None else (duel["step"], duel["deciding"]),
        "over": view["result"] is not None,
    }


def _oniroo_flow(view: dict) -> dict:
    return {
        "to_act": view["to_act"],
        "turn": view["turn"],
        "turn_player": view["turn_player"],
        "step": view["step"],
        "game_number": view["game_number"],
        "pending": _pending(view, ("kind", "player", "queue")),
        "over": view["result"] is not None,
    }


def _arcane_flow(view: dict) -> dict:
    return {
        "to_act": view["to_act"],
        "pending": _pending(view, ("kind",)),
        "over": view["result"] is not None,
    }


FLOW: dict[str, Callable[[dict], dict]] = {
    "alomfogo": _alomfogo_flow,
    "oniroo": _oniroo_flow,
    "arcane-guardian": _arcane_flow,
}
KNOWLEDGE: dict[str, Callable[[Table, int], Knowledge | None]] = {
    "alomfogo": _alomfogo_knowledge,
    "oniroo": _oniroo_knowledge,
    "arcane-guardian": lambda table, seat: None,  # a solo game: no sampler, see _arcane_world
}


def _first_difference(one: list[dict], two: list[dict]) -> tuple | None:
    """The first two events at which two event lists part (None for a list that ended)."""
    for n in range(max(len(one), len(two))):
        first = one[n] if n < len(one) else None
        second = two[n] if n < len(two) else None
        if first != second:
            return first, second
    return None


# what an event says of the card it shows (or of a die's face, and the result of that face)
REVEALING = frozenset({"card", "code", "codes", "cards", "roll", "face", "result"})


# events in which the rules end a game on what a hand holds, saying so to everyone: ONIROO's
# five dream fairies win at once, whoever holds them, also when the turn's draw brings the
# fifth (DECISIONS ONIROO 6); the event is what tells the table
HAND_SHOWN = frozenset({"five_fairies"})


def _a_reveal(one: dict | None, two: dict | None) -> bool:
    """Two events that differ only in which card (or die face) they show, or one in which
    the rules show what a hand holds."""
    if any(e is not None and e.get("type") in HAND_SHOWN for e in (one, two)):
        return True
    if one is None or two is None or one.get("type") != two.get("type"):
        return False
    return {k for k in one.keys() | two.keys() if one.get(k) != two.get(k)} <= REVEALING


def _same_to(view: dict) -> dict:
    """A view less its events (a rebuilt world has no past)."""
    return {k: v for k, v in view.items() if k != "events"}


# --- the walk ----------------------------------------------------------------------
def _other_world(table: Table, state, seat: int, knowledge, action: dict, rng: random.Random):
    """A world that looks to `seat` as the real one does, in which `action` is the same move
    where it can be (`LEND`)."""
    if table.game == "arcane-guardian":
        return _arcane_world(state, rng)
    other = get_game(table.game).sampler().sample_state(state.view(seat), knowledge, rng)
    return other if action["player"] == seat else LEND[table.game](other, state, action)


def _compare(table: Table, state, o: int, knowledge, action: dict, rng) -> str | None:
    """Apply `action` in the real world and in another that differs only where seat `o`
    cannot see: what `o` then sees of the flow in each, where it differs (else None)."""
    before = state.view(o)
    real = state.clone()
    real.s["log"] = []  # both worlds then show only the move's own events
    other = _other_world(table, state, o, knowledge, action, rng)
    assert _same_to(other.view(o)) == _same_to(before), "the other world looks different"
    p = action["player"]
    if action not in other.legal_actions(p):
        assert p != o, f"seat {o}'s own move {action} is not legal in the other world"
        return None  # it names a card `o` cannot see that is not there
    real.apply(action)
    other.apply(action)
    seen = [real.view(o), other.view(o)]
    events = _first_difference(seen[0]["events"], seen[1]["events"])
    if events is not None and _a_reveal(*events):
        # the move brought a hidden card (or a die's face) into view before anything else
        # differed: the rules may go on differently from there, and the view shows why
        return None
    flows = [FLOW[table.game](view) for view in seen]
    if flows[0] == flows[1] and flows[0]["to_act"] == o:  # and the kind of decision it is
        flows = [sorted({a["type"] for a in world.legal_actions(o)}) for world in (real, other)]
    if flows[0] == flows[1] and events is not None:  # the events tell the worlds apart
        flows = list(events)
    if flows[0] == flows[1]:
        return None
    return f"seat {o} sees {flows[0]} in the real game, {flows[1]} in the other world"


def walk(table: Table, seed: int, *, all_of_them: bool = False) -> tuple[int, list[str]]:
    """Play one seeded game; after each move compare, for each seat, the flow in the real
    world and in another world that differs only where that seat cannot see:
    (the comparisons made, the differences found in words: the first one only, unless
    `all_of_them`)."""
    state = get_engine(table.game).new_game(_decks(table), table.options, seed)
    rng = random.Random(seed)
    bots = [get_bot(kind, seed + p, game=table.game) for p, kind in enumerate(table.bots)]
    knowledge = {o: KNOWLEDGE[table.game](table, o) for o in range(table.seats)}
    spec = get_game(table.game)
    sampling = spec.sampler() if spec.searchable else None
    compared, found = 0, []
    for move in range(table.max_moves):
        if state.is_over:
            break
        if sampling is not None:
            for o, know in knowledge.items():
                sampling.remember(state.view(o), know)  # what each seat has seen so far
        p = state.active_player
        bot = bots[p]
        action = bot.choose(state.view(p) if bot.needs_view else None, state.legal_actions(p), rng)
        for o in range(table.seats):
            try:
                diff = _compare(table, state, o, knowledge[o], action, random.Random(move))
            except SampleError:
                continue  # a position the sampler cannot rebuild (another seat's choice)
            compared += 1
            if diff is not None:
                found.append(
                    f"{table.game} {table.options} seed {seed} move {move} (turn "
                    f"{state.view(o).get('turn')}): seat {p} plays {action}; {diff}"
                )
                if not all_of_them:
                    return compared, found
        state.apply(action)
    return compared, found


def _oniroo(options: dict, seats: int, seeds: tuple, bots: tuple, moves: int = 400):
    table = Table("oniroo", dict(options, players=seats), seats, seeds, bots, moves)
    return pytest.param(table, id=f"oniroo-L{options['level']}-{seats}p")


TABLES = [
    pytest.param(Table("alomfogo", {}, 2, (1, 2, 3, 4, 5, 6), ("greedy",) * 2), id="af-greedy"),
    pytest.param(Table("alomfogo", {}, 2, (7, 8), ("random", "greedy")), id="af-random"),
    pytest.param(Table("alomfogo", {}, 3, (9, 10), ("random", "greedy", "random")), id="af-3p"),
    _oniroo({"level": 5}, 2, (1, 2), ("greedy", "random")),
    _oniroo({"level": 5}, 3, (3,), ("random", "greedy", "random")),
    _oniroo({"level": 4}, 4, (4,), ("random",) * 4, 200),
    _oniroo({"level": 4, "attack_kind": "bad_night"}, 3, (5,), ("greedy", "random", "random"), 200),
    _oniroo({"level": 3}, 2, (6,), ("random", "greedy"), 200),
    pytest.param(Table("arcane-guardian", {}, 1, (1, 2, 3, 4), ("greedy",)), id="ag"),
]


def test_every_registered_game_is_walked():
    assert {t.values[0].game for t in TABLES} == {spec.id for spec in all_games()}


@pytest.mark.parametrize("table", TABLES)
def test_the_flow_after_a_move_does_not_depend_on_what_the_seat_cannot_see(table):
    start = time.process_time()
    compared = 0
    for seed in table.seeds:
        n, found = walk(table, seed)
        compared += n
        assert not found, found[0]
    assert compared > 50, "too few moments compared"
    assert time.process_time() - start < 20
