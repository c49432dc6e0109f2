"""Every shipped Álomfogó card, played the way its type is played, doing what its text says.

One scenario per card (parametrised where cards share a shape), with fixed-order
decks (`shuffle: False`): seat 0 starts, the given cards are the opening hands
(padded with Kobold Kálmán, a 0-cost 1/0 révülő with no text) and the decks go on
with Kobolds. Board states are set by hand only where the sets give no way to
reach them at that moment (an event turned resting, a révülő damaged, a mixed
board in a main phase).

Each scenario declares the codes it covers; an autouse fixture checks that every
declared card was really played (or used as a counter) in that test, and the last
test checks that the declared codes are exactly the 86 shipped ones.
"""

from __future__ import annotations

import re

import pytest

from tests.play import alomfogo_helpers as h
from tests.play.alomfogo_helpers import CARDS, FILLER, game, in_hand, on_board

K = FILLER  # Kobold Kálmán: révülő, cost 0, 1/0
W = "AF1-009"  # Wugu Wataruru: révülő, cost 3, 4/4
KAJTAR = "AF1-001"  # Éjlépő Kajtár: révülő, cost 1, 0/3
BOTLIK = "AF1-010"  # Botlik Zsófi: révülő, cost 1, 2/2
MANO = "AF1-004"  # Búbos manó: álomlény, cost 1, Segítő (S): +4 erő
GLORY = 15

# a révülő whose defence is the key, for "attack 0 + N beats defence N - 1"
DEFENCE = {
    0: "AFD-019",
    1: "AFD-010",
    2: "AF1-010",
    3: "AF1-001",
    4: "AF1-009",
    5: "AFD-008",
    6: "AFD-020",
    7: "AFD-022",
}

COVERED: set[str] = set()  # codes with a scenario, declared at import
PLAYED: set[str] = set()  # codes played (or used as a counter) in the running test


def rows(values: list) -> list:
    """Parametrise rows whose first value is a card code; the codes count as covered."""
    COVERED.update(v[0] if isinstance(v, tuple) else v for v in values)
    return values


def covers(*codes: str):
    COVERED.update(codes)

    def mark(fn):
        fn.covers = codes
        return fn

    return mark


@pytest.fixture(autouse=True)
def _really_played(request):
    PLAYED.clear()
    yield
    wanted = set(getattr(request.function, "covers", ()))
    callspec = getattr(request.node, "callspec", None)
    if callspec is not None and "code" in callspec.params:
        wanted.add(callspec.params["code"])
    assert wanted <= PLAYED, f"declared but never played: {sorted(wanted - PLAYED)}"


# --- driving a game ---------------------------------------------------------
def act(g, type_: str, card: str | None = None, **extra) -> list[dict]:
    events = h.act(g, type_, card, **extra)
    for ev in events:
        if ev["type"] in ("play", "countered"):
            PLAYED.add(ev["code"])
        elif ev["type"] in ("use_helper", "activate"):
            PLAYED.add(g.s["inst"][ev["card"]]["code"])
    return events


def resolved(g, type_: str, card: str | None = None, **extra) -> list[dict]:
    """`act`, then let the spell it cast resolve uncountered (`h.let_resolve`); the events."""
    return act(g, type_, card, **extra) + h.let_resolve(g)


def table(board0=(), board1=(), hand0=(), hand1=(), *, draws0=(), upto=3, vp=10, **options):
    """A game whose opening hands are board + hand (padded to equal size).

    upto 1: seat 0 has played `board0` on turn 1 (still in its main phase);
    upto 2: seat 1 has played `board1` on turn 2; upto 3: turn 3 (seat 0) has begun.
    """
    hands = [[*board0, *hand0], [*board1, *hand1]]
    size = max(len(hands[0]), len(hands[1]))
    decks = [
        h.deck(*hands[0], *[K] * (size - len(hands[0])), *draws0, filler=14),
        h.deck(*hands[1], *[K] * (size - len(hands[1])), filler=14),
    ]
    g = game(*decks, hand_size=size, vp_per_turn=vp, **options)
    if upto >= 1:
        play(g, 0, *board0)
    if upto >= 2:
        next_turn(g)
        play(g, 1, *board1)
    if upto >= 3:
        next_turn(g)
    return g


def play(g, p: int, *codes: str) -> None:
    """Play the cards; an álomlény's player takes the draw it allows, a spell resolves."""
    for code in codes:
        resolved(g, "play_card", in_hand(g, p, code))
        h.answer_draw(g)


def next_turn(g) -> None:
    if g.s["phase"] == "main":
        act(g, "end_main")
    act(g, "end_turn")


def attack(g, attacker: str, defender: str | None, helpers=(None, None)) -> list[dict]:
    """The turn player attacks; the defender defends (or declines); helpers are named."""
    if g.s["phase"] == "main":
        act(g, "end_main")
    act(g, "declare_attack", attacker)
    if defender is None:
        return act(g, "decline_defense")
    act(g, "declare_defender", defender)
    for helper in helpers:
        act(g, "assign_helper", helper) if helper else act(g, "no_helper")
    return []


def close(g) -> dict:
    """Pass until the help window closes; the duel's result event."""
    events = []
    while g.s["duel"] is not None:
        events += act(g, "pass")
    return next(
        {k: v for k, v in e.items() if k != "type"} for e in events if e["type"] == "duel_result"
    )


def ids(g, p: int, zone: str, code: str) -> list[str]:
    return [i for i in g.s["players"][p][zone] if g.s["inst"][i]["code"] == code]


def seat(g, p: int) -> dict:
    return g.s["players"][p]


def state(g, iid: str) -> str | None:
    return g.s["inst"][iid]["state"]


def zone(g, iid: str) -> str:
    return g.s["inst"][iid]["zone"]


def legal(g) -> list[dict]:
    return g.legal_actions(g.active_player)


def offered(g, type_: str, card: str | None = None, **extra) -> bool:
    want = {"type": type_, "player": g.active_player, **extra}
    if card is not None:
        want["card"] = card
    return want in legal(g)


def free_plays(g) -> set[str]:
    return {a["card"] for a in legal(g) if a.get("free")}


def targets(g) -> list[str]:
    return [a["card"] for a in legal(g) if a["type"] == "choose_target"]


def cast(g, spell: str, offering: list[str], on: str) -> None:
    """Seat 0 plays `spell`, is offered exactly `offering` as targets and chooses `on`."""
    act(g, "play_card", spell)
    assert targets(g) == offering
    resolved(g, "choose_target", on)


def untargetable_on_turn_1(g, spell: str, vp: int) -> None:
    """Turn 1: seat 0, with `vp` VP left, may not play `spell` (nothing to target yet);
    turn 2: seat 1 plays Wugu and a Kobold."""
    assert seat(g, 0)["vp"] == vp and not offered(g, "play_card", spell)
    next_turn(g)
    play(g, 1, W, K)


def cast_on_turn_3(g, spell: str, target: str, *, sends_to: str, vp: int) -> None:
    """Turn 3: seat 0 casts `spell` at `target`, its only target; the target ends in
    `sends_to` and seat 0 has `vp` VP left."""
    next_turn(g)
    cast(g, spell, offering=[target], on=target)
    assert zone(g, target) == sends_to and seat(g, 0)["vp"] == vp


def aura_and_wugus(code: str):
    """Seat 0 has played `code` and two Wugus, seat 1 three Wugus (turn 2, seat 1 to move):
    the game, `code`'s card on the board, seat 0's Wugus and seat 1's."""
    g = table([code, W, W], [W, W, W], upto=2)
    return g, on_board(g, 0, code), ids(g, 0, "board", W), ids(g, 1, "board", W)


def assert_nothing_added_once_resting(g, aura: str, attacker: str, defender: str) -> None:
    """Once `aura` rests, a Wugu's duel with a Wugu is 4 against 4 again: nobody wins."""
    rest(g, aura)
    attack(g, attacker, defender)
    assert close(g) == {"attack": 4, "defense": 4, "winner": None}


def rest(g, iid: str, to: str = "resting") -> None:
    """Set a state no card can produce here (an event resting, a révülő damaged)."""
    g.s["inst"][iid]["state"] = to
    g.forget_legal_actions()


def says(code: str, text: str) -> None:
    assert CARDS[code]["text"] == text, code


# --- révülők with no text ---------------------------------------------------
PLAIN = rows(
    [
        "AF1-001",
        "AF1-003",
        "AF1-009",
        "AF1-010",
        "AFD-004",
        "AFD-005",
        "AFD-006",
        "AFD-010",
        "AFD-011",
        "AFD-014",
        "AFD-015",
        "AFD-016",
        "AFD-018",
        "AFD-019",
        "AFD-020",
        "AFD-021",
        "AFD-022",
    ]
)


@pytest.mark.parametrize("code", PLAIN)
def test_plain_revulo(code):
    """Cost paid; defends with its defence, attacks with its attack; glory bonus counts."""
    card = CARDS[code]
    assert card["type"] == "revulo" and not card["text"] and card["effects"] == []
    att, dfn, bonus, cost = card["attack"], card["defense"], card["glory_bonus"], card["cost"]
    g = table([code] * 3, [K, K], vp=20, upto=1)
    x1, x2, x3 = ids(g, 0, "board", code)
    assert seat(g, 0)["vp"] == 20 - 3 * cost and {state(g, x) for x in (x1, x2, x3)} == {"active"}
    next_turn(g)
    play(g, 1, K, K)
    k1, k2 = ids(g, 1, "board", K)

    # seat 1's Kobold (attack 1) against x1's defence
    attack(g, k1, x1)
    result = close(g)
    assert (result["attack"], result["defense"]) == (1, dfn)
    if dfn > 1:
        assert result["winner"] == "defender" and zone(g, k1) == "discard"
        assert seat(g, 0)["glory"] == GLORY + 1 + bonus and state(g, x1) == "resting"
    elif dfn == 1:
        assert result["winner"] is None and state(g, x1) == state(g, k1) == "resting"
    else:
        assert result["winner"] == "attacker" and zone(g, x1) == "discard"
        assert seat(g, 0)["glory"] == GLORY
    next_turn(g)

    # x2's attack against a Kobold's defence 0
    attack(g, x2, k2)
    result = close(g)
    assert (result["attack"], result["defense"]) == (att, 0)
    assert result["winner"] == ("attacker" if att > 0 else None)
    assert zone(g, k2) == ("discard" if att > 0 else "board")
    assert seat(g, 1)["glory"] == GLORY

    # seat 1 has no active révülő left: x3's duel is refused, at 1 + glory bonus
    act(g, "declare_attack", x3)
    assert [a["type"] for a in legal(g)] == ["decline_defense"]
    act(g, "decline_defense")
    assert seat(g, 1)["glory"] == GLORY - 1 - bonus and state(g, x3) == "resting"


# --- "Segítő (X): +N erő." ----------------------------------------------------
POWER_HELPERS = rows(
    [
        ("AF1-002", "P", 1),
        ("AFD-001", "P", 1),
        ("AFD-007", "P", 1),
        ("AFD-017", "P", 1),
        ("AFD-025", "P", 1),
        ("AFD-002", "P", 2),
        ("AFD-023", "P", 2),
        ("AFD-027", "P", 3),
        ("AFD-008", "S", 3),
        ("AFD-028", "S", 3),
        ("AF1-004", "S", 4),
        ("AFD-031", "S", 4),
        ("AFD-035", "S", 5),
        ("AFD-009", "Á", 3),
        ("AFD-032", "Á", 2),
        ("AFD-029", "Á", 6),
        ("AFD-039", "Á", 8),
    ]
)


@pytest.mark.parametrize("code,mark,n", POWER_HELPERS)
def test_power_helper(code, mark, n):
    """Kajtár (attack 0) + N beats defence N - 1; the mark is paid; readying follows it."""
    says(code, f"Segítő ({mark}): +{n} erő.")
    card = CARDS[code]
    assert card["helper_mark"] == mark
    g = table([KAJTAR, code], [DEFENCE[n - 1]], upto=1)
    # costs paid; an álomlény draws a card when played
    assert seat(g, 0)["vp"] == 10 - 1 - card["cost"]
    assert len(seat(g, 0)["hand"]) == (1 if card["type"] == "alomleny" else 0)
    next_turn(g)
    play(g, 1, DEFENCE[n - 1])
    next_turn(g)
    kajtar, helper = on_board(g, 0, KAJTAR), on_board(g, 0, code)
    target = on_board(g, 1, DEFENCE[n - 1])
    attack(g, kajtar, target, (helper, None))
    assert g.active_player == 0 and offered(g, "use_helper", helper)
    act(g, "use_helper", helper)
    assert g.s["duel"]["boost"] == [n, 0]
    if mark == "Á":
        assert zone(g, helper) == "discard"
    else:
        assert state(g, helper) == {"P": "resting", "S": "damaged"}[mark]
    act(g, "pass")  # seat 1
    assert not offered(g, "use_helper", helper)  # one use
    assert close(g) == {"attack": n, "defense": n - 1, "winner": "attacker"}
    assert zone(g, target) == "discard" and seat(g, 0)["vp"] == 10 - 1 - card["cost"] + 10
    # next own turn: a (P) helper is active again, an (S) one only resting
    next_turn(g)
    next_turn(g)
    if mark != "Á":
        assert state(g, helper) == {"P": "active", "S": "resting"}[mark]


# --- helpers with another shape ---------------------------------------------
@pytest.mark.parametrize("code,mark", rows([("AF1-012", "P"), ("AFD-038", "S")]))
def test_helper_with_discard_cost(code, mark):
    says(code, f"Segítő ({mark}), dobj el egy lapot a kezedből: +5 erő.")
    g = table([KAJTAR, code, K], [W, W], upto=1)
    # empty the hand (the álomlény drew a Kobold)
    play(g, 0, *[K] * len(seat(g, 0)["hand"]))
    assert seat(g, 0)["hand"] == []
    next_turn(g)
    play(g, 1, W, W)
    w1, w2 = ids(g, 1, "board", W)
    kajtar, helper = on_board(g, 0, KAJTAR), on_board(g, 0, code)
    attack(g, w1, kajtar, (None, helper))
    act(g, "pass")  # seat 1
    assert not offered(g, "use_helper", helper)  # nothing to discard
    assert close(g)["winner"] == "attacker"  # 4 against 3
    next_turn(g)  # turn 3: one card drawn
    (drawn,) = seat(g, 0)["hand"]
    kobold = ids(g, 0, "board", K)[0]
    attack(g, kobold, w2, (helper, None))
    act(g, "use_helper", helper)
    assert targets(g) == [drawn] and g.s["pending"]["purpose"] == "discard"
    act(g, "choose_target", drawn)
    assert zone(g, drawn) == "discard" and seat(g, 0)["hand"] == []
    assert g.s["duel"]["boost"] == [5, 0]
    assert state(g, helper) == {"P": "resting", "S": "damaged"}[mark]
    assert close(g) == {"attack": 6, "defense": 4, "winner": "attacker"}


@pytest.mark.parametrize("code", rows(["AFD-012", "AFD-033"]))
def test_helper_paying_one_vp(code):
    says(code, "Segítő (P), fizess 1 VP-t: +3 erő.")
    card = CARDS[code]
    spend = [BOTLIK] * (3 - 1 - card["cost"])  # spend all 3 VP on turn 1
    g = table([KAJTAR, code, *spend], [K, K], vp=3, upto=2)
    assert seat(g, 0)["vp"] == 0
    kajtar, helper = on_board(g, 0, KAJTAR), on_board(g, 0, code)
    k1, k2 = ids(g, 1, "board", K)
    attack(g, k1, kajtar, (None, helper))
    act(g, "pass")  # seat 1
    assert not offered(g, "use_helper", helper)  # 0 VP: VP never goes below 0
    assert close(g)["winner"] == "defender"
    next_turn(g)  # turn 3: 3 VP
    attack(g, kajtar, k2, (helper, None))
    act(g, "use_helper", helper)
    assert seat(g, 0)["vp"] == 2 and state(g, helper) == "resting"
    assert close(g) == {"attack": 3, "defense": 0, "winner": "attacker"}


@covers("AFD-026")
def test_jurtaorzo_kuvasz_helps_only_a_defender():
    says("AFD-026", "Segítő (P): +2 erő, ha a párbajozód védekezik.")
    g = table([W, "AFD-026"], [W, W], upto=2)
    w0, dog = on_board(g, 0, W), on_board(g, 0, "AFD-026")
    w1, w2 = ids(g, 1, "board", W)
    attack(g, w1, w0, (None, dog))
    act(g, "pass")
    act(g, "use_helper", dog)
    assert g.s["duel"]["boost"] == [0, 2] and state(g, dog) == "resting"
    assert close(g) == {"attack": 4, "defense": 6, "winner": "defender"}
    next_turn(g)
    attack(g, w0, w2, (dog, None))
    act(g, "use_helper", dog)  # attacking: allowed, but worth nothing
    assert g.s["duel"]["boost"] == [0, 0] and state(g, dog) == "resting"
    assert close(g) == {"attack": 4, "defense": 4, "winner": None}


@pytest.mark.parametrize(
    "code,text,n,winner",
    rows(
        [
            ("AFD-030", "Segítő (P): húzz egy lapot.", 0, "defender"),  # Beszélő holló
            ("AFD-034", "Segítő (P): +3 erő, és húzz egy lapot.", 3, "attacker"),  # Turulmadár
        ]
    ),
)
def test_helper_draws_and_boosts(code, text, n, winner):
    says(code, text)
    g = table([KAJTAR, code], [BOTLIK])
    helper = on_board(g, 0, code)
    attack(g, on_board(g, 0, KAJTAR), on_board(g, 1, BOTLIK), (helper, None))
    hand, top = len(seat(g, 0)["hand"]), seat(g, 0)["deck"][0]
    act(g, "use_helper", helper)
    assert len(seat(g, 0)["hand"]) == hand + 1 and top in seat(g, 0)["hand"]
    assert g.s["duel"]["boost"] == [n, 0] and state(g, helper) == "resting"
    assert close(g) == {"attack": n, "defense": 2, "winner": winner}


@pytest.mark.parametrize(
    "code,mark,n,defender", rows([("AFD-036", "P", 1, W), ("AFD-037", "Á", 4, "AFD-022")])
)
def test_helper_weakens_the_opposing_duelist(code, mark, n, defender):
    says(code, f"Segítő ({mark}): az ellenfél párbajozója -{n} erő.")
    g = table([W, code], [defender])
    helper = on_board(g, 0, code)
    target = on_board(g, 1, defender)
    attack(g, on_board(g, 0, W), target, (helper, None))
    act(g, "use_helper", helper)
    assert g.s["duel"]["boost"] == [0, -n]
    assert (zone(g, helper) == "discard") if mark == "Á" else (state(g, helper) == "resting")
    dfn = CARDS[defender]["defense"]
    assert close(g) == {"attack": 4, "defense": dfn - n, "winner": "attacker"}
    assert zone(g, target) == "discard"


# --- azonnali varázslatok -----------------------------------------------------
POWER_INSTANTS = rows(
    [
        ("AF1-005", 1, 4),
        ("AF1-006", 0, 3),
        ("AFD-040", 1, 3),
        ("AFD-041", 0, 2),
        ("AFD-042", 2, 5),
        ("AFD-050", 3, 7),
    ]
)


@pytest.mark.parametrize("code,cost,n", POWER_INSTANTS)
def test_power_instant(code, cost, n):
    says(code, f"+{n} erő.")
    assert CARDS[code]["cost"] == cost
    g = table([KAJTAR], [DEFENCE[n - 1]], hand0=[code])
    spell = in_hand(g, 0, code)
    assert not [a for a in legal(g) if a["type"] == "play_card" and a["card"] == spell]
    target = on_board(g, 1, DEFENCE[n - 1])
    attack(g, on_board(g, 0, KAJTAR), target)
    vp = seat(g, 0)["vp"]
    resolved(g, "play_instant", spell)
    assert seat(g, 0)["vp"] == vp - cost and zone(g, spell) == "discard"
    assert g.s["duel"]["boost"] == [n, 0]
    assert close(g) == {"attack": n, "defense": n - 1, "winner": "attacker"}
    assert zone(g, target) == "discard"


@pytest.mark.parametrize(
    "code,defending,attacking",
    rows([("AFD-043", 4, 1), ("AFD-044", 1, 3)]),
)
def test_instant_depends_on_the_duelists_role(code, defending, attacking):
    role = {"AFD-043": ("védekezik", defending), "AFD-044": ("támad", attacking)}[code]
    says(code, f"+{role[1]} erő, ha a párbajozód {role[0]}; különben +1 erő.")
    g = table([W], [W, W], hand0=[code, code], upto=2)
    first, second = ids(g, 0, "hand", code)
    w0 = on_board(g, 0, W)
    w1, w2 = ids(g, 1, "board", W)
    attack(g, w1, w0)
    act(g, "pass")  # seat 1
    resolved(g, "play_instant", first)
    assert g.s["duel"]["boost"] == [0, defending]
    assert close(g) == {"attack": 4, "defense": 4 + defending, "winner": "defender"}
    next_turn(g)
    attack(g, w0, w2)
    resolved(g, "play_instant", second)
    assert g.s["duel"]["boost"] == [attacking, 0]
    assert close(g) == {"attack": 4 + attacking, "defense": 4, "winner": "attacker"}


@covers("AFD-045")
def test_samandob_duborgese_boosts_and_draws():
    says("AFD-045", "+3 erő, és húzz egy lapot.")
    g = table([KAJTAR], [BOTLIK], hand0=["AFD-045"])
    attack(g, on_board(g, 0, KAJTAR), on_board(g, 1, BOTLIK))
    hand, top, vp = len(seat(g, 0)["hand"]), seat(g, 0)["deck"][0], seat(g, 0)["vp"]
    resolved(g, "play_instant", in_hand(g, 0, "AFD-045"))
    assert len(seat(g, 0)["hand"]) == hand - 1 + 1 and top in seat(g, 0)["hand"]
    assert seat(g, 0)["vp"] == vp - 2 and g.s["duel"]["boost"] == [3, 0]
    assert close(g) == {"attack": 3, "defense": 2, "winner": "attacker"}


@covers("AFD-046", "AFD-051")
def test_instants_that_weaken_the_opposing_duelist():
    says("AFD-046", "Az ellenfél párbajozója -3 erő.")
    says("AFD-051", "+5 erő, és az ellenfél párbajozója -2 erő.")
    g = table([W, KAJTAR], [W, "AFD-020"], hand0=["AFD-046", "AFD-051"], vp=12)
    attack(g, on_board(g, 0, W), on_board(g, 1, W))
    vp = seat(g, 0)["vp"]
    resolved(g, "play_instant", in_hand(g, 0, "AFD-046"))
    assert g.s["duel"]["boost"] == [0, -3] and seat(g, 0)["vp"] == vp - 1
    assert close(g) == {"attack": 4, "defense": 1, "winner": "attacker"}
    attack(g, on_board(g, 0, KAJTAR), on_board(g, 1, "AFD-020"))  # 0 against 6
    resolved(g, "play_instant", in_hand(g, 0, "AFD-051"))
    assert g.s["duel"]["boost"] == [5, -2] and seat(g, 0)["vp"] == vp - 1 - 4
    assert close(g) == {"attack": 5, "defense": 4, "winner": "attacker"}


@covers("AFD-047")
def test_gyogyito_ének_boosts_and_rests_a_damaged_creature():
    says("AFD-047", "+2 erő, és egy sérült lényed pihenőbe fordul.")
    g = table([KAJTAR, MANO], ["AFD-022"], hand0=["AFD-047", "AFD-047"])
    first, second = ids(g, 0, "hand", "AFD-047")
    mano = on_board(g, 0, MANO)
    attack(g, on_board(g, 0, KAJTAR), on_board(g, 1, "AFD-022"), (mano, None))
    vp = seat(g, 0)["vp"]
    resolved(g, "play_instant", first)  # no damaged creature: only the +2
    assert g.s["pending"] is None and g.s["duel"]["boost"] == [2, 0]
    act(g, "pass")
    act(g, "use_helper", mano)
    assert state(g, mano) == "damaged" and g.s["duel"]["boost"] == [6, 0]
    act(g, "pass")
    act(g, "play_instant", second)
    assert targets(g) == [mano]
    events = resolved(g, "choose_target", mano)
    assert {"type": "target", "player": 0, "source": second, "card": mano} in events
    assert state(g, mano) == "resting" and g.s["duel"]["boost"] == [8, 0]
    assert seat(g, 0)["vp"] == vp - 2
    assert close(g) == {"attack": 8, "defense": 7, "winner": "attacker"}
    next_turn(g)
    next_turn(g)
    assert state(g, mano) == "active"  # healed a turn early


@covers("AFD-048")
def test_vegso_lehelet_needs_two_cards_to_discard():
    says("AFD-048", "Dobj el két lapot a kezedből: +5 erő.")
    g = table([W, K, K], [W, KAJTAR], hand0=["AFD-048", K], upto=2)
    spell = in_hand(g, 0, "AFD-048")
    w1 = on_board(g, 1, W)
    attack(g, w1, on_board(g, 0, W))
    act(g, "pass")  # seat 1
    assert not offered(g, "play_instant", spell)  # one other card only
    # the view says why on the card, and the greedy bot plans without it (it did not)
    hand = {c["id"]: c for c in g.view(0)["players"][0]["hand"]}
    assert hand[spell]["why_not"] == "unpayable"
    from play.bots.alomfogo_greedy import _catalog_infos, _Look

    assert all(i[3] != spell for i in _Look(g.view(0), _catalog_infos()).my_instants(1))
    assert close(g)["winner"] is None
    next_turn(g)  # draws a third card
    others = [i for i in seat(g, 0)["hand"] if i != spell]
    assert len(others) == 2
    attack(g, ids(g, 0, "board", K)[0], on_board(g, 1, KAJTAR))  # 1 against 3
    act(g, "play_instant", spell)
    assert g.s["pending"]["purpose"] == "discard" and sorted(targets(g)) == sorted(others)
    act(g, "choose_target", others[0])
    resolved(g, "choose_target", others[1])
    assert seat(g, 0)["hand"] == [] and all(zone(g, i) == "discard" for i in others)
    assert g.s["duel"]["boost"] == [5, 0]
    assert close(g) == {"attack": 6, "defense": 3, "winner": "attacker"}


@covers("AFD-049")
def test_tukorvarazs_counters_an_instant_from_hand():
    says(
        "AFD-049",
        "Ellenvarázs: amikor egy ellenfeled azonnali varázslatot játszik ki, kijátszhatod "
        "válaszul; az a varázslat hatás nélkül a bűbájketrecbe kerül.",
    )
    g = table(
        [W, "AFD-020"],
        [W],
        hand0=["AFD-049", "AFD-049"],
        hand1=["AFD-066", "AF1-005", "AF1-005"],
        vp=8,
        upto=2,
    )
    mirror1, mirror2 = ids(g, 0, "hand", "AFD-049")
    assert seat(g, 0)["vp"] == 2
    hand = len(seat(g, 1)["hand"])
    play(g, 1, "AFD-066")  # a general spell: Tükörvarázs does not answer it
    assert g.s["pending"] is None and len(seat(g, 1)["hand"]) == hand - 1 + 2
    attack(g, on_board(g, 1, W), on_board(g, 0, W))
    blizzard1, blizzard2 = ids(g, 1, "hand", "AF1-005")
    act(g, "play_instant", blizzard1)
    assert g.active_player == 0
    assert {a["type"] for a in legal(g)} == {"counter", "decline_counter"}
    act(g, "counter", mirror1)
    assert zone(g, mirror1) == "discard" and zone(g, blizzard1) == "discard"
    assert seat(g, 0)["vp"] == 0 and seat(g, 1)["vp"] == 8 - 3 - 2 - 1
    assert g.s["duel"]["boost"] == [0, 0] and g.active_player == 0
    assert not offered(g, "play_instant", mirror2)  # never a help of its own
    act(g, "pass")
    act(g, "play_instant", blizzard2)
    # seat 0 holds a mirror but has no VP left to pay for it: it is asked (it holds cards),
    # and may only decline
    assert legal(g) == [{"type": "decline_counter", "player": 0}]
    act(g, "decline_counter")
    assert g.s["pending"] is None and g.s["duel"]["boost"] == [4, 0]
    assert close(g) == {"attack": 8, "defense": 4, "winner": "attacker"}


# --- általános varázslatok ----------------------------------------------------
BUVFORRAS = rows(
    [
        ("AF1-007", 3, 5, 0, "Kapsz 5 VP-t."),
        ("AFD-063", 0, 1, 0, "Kapsz 1 VP-t."),
        ("AFD-064", 1, 3, 0, "Kapsz 3 VP-t."),
        ("AFD-065", 2, 3, 1, "Kapsz 3 VP-t, és húzz egy lapot."),
    ]
)


@pytest.mark.parametrize("code,cost,gain,draws,text", BUVFORRAS)
def test_buvforras_gains_vp_once_a_turn(code, cost, gain, draws, text):
    says(code, text)
    assert CARDS[code]["cost"] == cost and "buvforras" in CARDS[code]["subtypes"]
    g = table(hand0=[code, code], vp=3, upto=0)
    first, second = ids(g, 0, "hand", code)
    resolved(g, "play_card", first)
    assert zone(g, first) == "discard" and seat(g, 0)["vp"] == 3 - cost + gain
    assert len(seat(g, 0)["hand"]) == 1 + draws
    assert not offered(g, "play_card", second)  # one bűvforrás a turn
    next_turn(g)
    next_turn(g)
    assert offered(g, "play_card", second)


@covers("AFD-066")
def test_alomkep_draws_two():
    says("AFD-066", "Húzz két lapot.")
    g = table(hand0=["AFD-066"], vp=3, upto=0)
    top2 = seat(g, 0)["deck"][:2]
    resolved(g, "play_card", in_hand(g, 0, "AFD-066"))
    assert seat(g, 0)["hand"] == top2 and seat(g, 0)["vp"] == 1
    assert h.codes(g, 0, "discard") == ["AFD-066"]


@covers("AFD-067")
def test_lelekcsere_discards_then_draws_two():
    """The discard is part of the effect (no colon, docs/rules): countered, nothing goes."""
    says("AFD-067", "Dobj el egy lapot a kezedből, majd húzz két lapot.")
    g = table(
        hand0=["AFD-067", BOTLIK, K, K, K],
        hand1=["AF1-013"],
        draws0=["AFD-067", "AFD-067"],
        vp=3,
        upto=0,
    )
    spell, botlik = in_hand(g, 0, "AFD-067"), in_hand(g, 0, BOTLIK)
    top2 = seat(g, 0)["deck"][:2]
    act(g, "play_card", spell)
    assert g.s["pending"]["purpose"] == "target"
    assert targets(g) == seat(g, 0)["hand"] and spell not in targets(g)
    resolved(g, "choose_target", botlik)
    assert zone(g, botlik) == "discard" and zone(g, spell) == "discard"
    assert all(i in seat(g, 0)["hand"] for i in top2) and len(seat(g, 0)["hand"]) == 5
    assert seat(g, 0)["vp"] == 2
    next_turn(g)
    play(g, 1, "AF1-013")  # Csendharang
    next_turn(g)
    second, third = ids(g, 0, "hand", "AFD-067")
    kept = in_hand(g, 0, K)
    hand = len(seat(g, 0)["hand"])
    act(g, "play_card", second)
    act(g, "choose_target", kept)
    act(g, "counter", on_board(g, 1, "AF1-013"))
    assert zone(g, second) == "discard" and zone(g, kept) == "hand"  # countered: no discard
    assert len(seat(g, 0)["hand"]) == hand - 1 and seat(g, 0)["vp"] == 4
    # alone in hand: nothing to discard, it still draws two
    play(g, 0, *[K] * (hand - 2))
    assert seat(g, 0)["hand"] == [third]
    top2 = seat(g, 0)["deck"][:2]
    resolved(g, "play_card", third)
    assert g.s["pending"] is None and seat(g, 0)["hand"] == top2 and seat(g, 0)["vp"] == 3


@covers("AFD-068")
def test_felebresztes_readies_own_resting_or_damaged_creature():
    says("AFD-068", "Egy célpont pihenő vagy sérült lényed aktívba fordul.")
    g = table([W, KAJTAR, MANO], [K, K], hand0=["AFD-068"])
    w0, kajtar, mano = on_board(g, 0, W), on_board(g, 0, KAJTAR), on_board(g, 0, MANO)
    k1, k2 = ids(g, 1, "board", K)
    attack(g, w0, k1, (mano, None))
    act(g, "use_helper", mano)
    assert close(g)["winner"] == "attacker"
    next_turn(g)
    attack(g, k2, None)  # seat 0 has Kajtár, but refuses
    assert seat(g, 0)["glory"] == GLORY - 1 and state(g, k2) == "resting"
    next_turn(g)  # turn 5: Wugu active, manó resting (it was damaged)
    assert state(g, w0) == "active" and state(g, mano) == "resting"
    rest(g, kajtar, "damaged")
    vp = seat(g, 0)["vp"]
    # own only: not seat 1's resting Kobold
    cast(g, in_hand(g, 0, "AFD-068"), offering=[kajtar, mano], on=kajtar)
    assert state(g, kajtar) == "active" and state(g, mano) == "resting"
    assert seat(g, 0)["vp"] == vp - 1


@covers("AFD-069")
def test_altato_dal_rests_any_active_revulo():
    says("AFD-069", "Egy célpont aktív révülő pihenőbe fordul.")
    g = table([W], [W, K, "AFD-025"], hand0=["AFD-069"])
    w0, w1, k1 = on_board(g, 0, W), on_board(g, 1, W), on_board(g, 1, K)
    # révülők of both seats, not the álomlény
    cast(g, in_hand(g, 0, "AFD-069"), offering=[w0, w1, k1], on=w1)
    assert state(g, w1) == "resting" and seat(g, 0)["vp"] == 10 - 3 + 10 - 2
    act(g, "end_main")
    act(g, "declare_attack", w0)
    assert [a.get("card") for a in legal(g)] == [k1, None]  # Wugu cannot defend
    act(g, "declare_defender", k1)


@covers("AFD-070")
def test_rontas_removes_a_resting_revulo():
    says("AFD-070", "Egy célpont pihenő révülő a bűbájketrecbe kerül.")
    g = table([W], [W, K], hand0=["AFD-070"], upto=1)
    spell = in_hand(g, 0, "AFD-070")
    untargetable_on_turn_1(g, spell, vp=7)  # no resting révülő
    w1 = on_board(g, 1, W)
    attack(g, w1, None)
    assert state(g, w1) == "resting"
    cast_on_turn_3(g, spell, w1, sends_to="discard", vp=7 + 10 - 4)


@covers("AFD-071")
def test_szelvihar_removes_any_event():
    says("AFD-071", "Egy célpont esemény a bűbájketrecbe kerül.")
    g = table(hand0=["AFD-062", W, "AFD-071"], hand1=["AFD-054", W], upto=0)
    spell = in_hand(g, 0, "AFD-071")
    assert not offered(g, "play_card", spell)  # no event anywhere
    play(g, 0, "AFD-062", W)
    next_turn(g)
    play(g, 1, "AFD-054", W)
    next_turn(g)
    own, drums = on_board(g, 0, "AFD-062"), on_board(g, 1, "AFD-054")
    cast(g, spell, offering=[own, drums], on=drums)
    assert zone(g, drums) == "discard" and zone(g, own) == "board"
    next_turn(g)
    attack(g, on_board(g, 1, W), on_board(g, 0, W))
    assert close(g) == {"attack": 4, "defense": 4, "winner": None}  # no drums any more


@covers("AFD-072")
def test_hazahivas_returns_a_revulo_from_own_discard():
    says("AFD-072", "Egy révülőt a bűbájketrecedből a kezedbe veszel.")
    g = table([BOTLIK, KAJTAR, "AFD-063"], [W, K], hand0=["AFD-072"], upto=1)
    spell = in_hand(g, 0, "AFD-072")
    untargetable_on_turn_1(g, spell, vp=9)  # Holdkő only
    attack(g, on_board(g, 1, K), on_board(g, 0, KAJTAR))  # Kobold lost: seat 1's discard
    close(g)
    botlik = on_board(g, 0, BOTLIK)
    attack(g, on_board(g, 1, W), botlik)
    close(g)
    assert zone(g, botlik) == "discard"
    cast_on_turn_3(g, spell, botlik, sends_to="hand", vp=9 + 10 - 3)


@covers("AFD-073")
def test_vilagfa_ajandeka_glory_and_a_card():
    says("AFD-073", "Kapsz 2 dicsőségpontot, és húzz egy lapot.")
    g = table(hand0=["AFD-073"], vp=5, upto=0)
    top = seat(g, 0)["deck"][0]
    resolved(g, "play_card", in_hand(g, 0, "AFD-073"))
    assert seat(g, 0)["glory"] == GLORY + 2 and seat(g, 0)["hand"] == [top]
    assert seat(g, 0)["vp"] == 0


@covers("AF1-011")
def test_alomrenges_removes_every_resting_creature():
    says(
        "AF1-011",
        "Minden pihenő lény (révülő és álomlény, bármelyik játékosé) a bűbájketrecbe kerül.",
    )
    g = table(
        [W, MANO, "AFD-027", "AFD-054", K],
        [W, "AFD-025", K, "AFD-053"],
        hand0=["AF1-011"],
        vp=20,
    )
    w0, mano, horse, drums, k0 = (on_board(g, 0, c) for c in (W, MANO, "AFD-027", "AFD-054", K))
    w1, bush, k1, shade = (on_board(g, 1, c) for c in (W, "AFD-025", K, "AFD-053"))
    # the states a turn of duels would leave (set here: Álomrengés is a main-phase card)
    for iid in (w0, drums, w1, bush, shade):
        rest(g, iid)
    rest(g, mano, "damaged")
    vp = seat(g, 0)["vp"]
    resolved(g, "play_card", in_hand(g, 0, "AF1-011"))
    everyone = (w0, mano, horse, drums, k0, w1, bush, k1, shade)
    assert {i for i in everyone if zone(g, i) == "discard"} == {w0, w1, bush}
    assert seat(g, 0)["vp"] == vp - 5 and h.codes(g, 0, "discard") == [W, "AF1-011"]


# --- events -------------------------------------------------------------------
@covers("AF1-008")
def test_ebredes_ajtaja_plays_a_cheap_revulo_free_once_a_turn():
    says(
        "AF1-008",
        "Amíg aktív: minden saját körödben egy legfeljebb 4 VP költségű révülőt ingyen "
        "kijátszhatsz.",
    )
    g = table(hand0=["AF1-008", W, "AFD-003", "AFD-027", BOTLIK], vp=4, upto=0)
    door = in_hand(g, 0, "AF1-008")
    wugu, botlik = in_hand(g, 0, W), in_hand(g, 0, BOTLIK)
    act(g, "play_card", door)
    assert seat(g, 0)["vp"] == 0 and state(g, door) == "active"
    assert free_plays(g) == {wugu, botlik}  # not Kamilla (5 VP), not an álomlény
    act(g, "play_card", wugu, free=door)
    assert zone(g, wugu) == "board" and seat(g, 0)["vp"] == 0
    assert free_plays(g) == set()  # once a turn
    next_turn(g)
    next_turn(g)
    assert free_plays(g) == {botlik, *ids(g, 0, "hand", K)}  # and the Kobold just drawn
    rest(g, door)
    assert free_plays(g) == set()  # a resting event does nothing
    rest(g, door, "active")
    act(g, "play_card", botlik, free=door)
    assert zone(g, botlik) == "board" and seat(g, 0)["vp"] == 4


@covers("AF1-013")
def test_csendharang_counters_any_spell_by_sacrifice():
    says(
        "AF1-013",
        "Ellenvarázs: amikor egy ellenfeled varázslatot játszik ki, feláldozhatod ezt a lapot; "
        "a varázslat hatás nélkül a bűbájketrecbe kerül.",
    )
    g = table(
        [W, "AF1-013", "AF1-013", "AF1-013"],
        [W],
        hand1=["AFD-066", "AF1-005", "AF1-005"],
        upto=2,
    )
    bell1, bell2, bell3 = ids(g, 0, "board", "AF1-013")
    rest(g, bell3)  # a resting event cannot answer
    hand = len(seat(g, 1)["hand"])
    dream = in_hand(g, 1, "AFD-066")
    act(g, "play_card", dream)
    assert g.active_player == 0 and [a.get("card") for a in legal(g)] == [bell1, bell2, None]
    act(g, "counter", bell1)
    assert zone(g, bell1) == "discard" and zone(g, dream) == "discard"
    assert len(seat(g, 1)["hand"]) == hand - 1 and seat(g, 1)["vp"] == 10 - 3 - 2
    attack(g, on_board(g, 1, W), on_board(g, 0, W))
    blizzard1, blizzard2 = ids(g, 1, "hand", "AF1-005")
    act(g, "play_instant", blizzard1)
    assert [a.get("card") for a in legal(g)] == [bell2, None]
    act(g, "counter", bell2)
    assert zone(g, bell2) == "discard" and g.s["duel"]["boost"] == [0, 0]
    act(g, "pass")
    resolved(g, "play_instant", blizzard2)
    assert g.s["pending"] is None and g.s["duel"]["boost"] == [4, 0]
    assert close(g)["winner"] == "attacker"


@covers("AFD-058")
def test_visszhangzo_barlang_counters_instants_only():
    says(
        "AFD-058",
        "Ellenvarázs: amikor egy ellenfeled azonnali varázslatot játszik ki, feláldozhatod ezt "
        "a lapot; az a varázslat hatás nélkül a bűbájketrecbe kerül.",
    )
    g = table([W, "AFD-058"], [W], hand1=["AFD-066", "AF1-005"], upto=2)
    cave = on_board(g, 0, "AFD-058")
    hand = len(seat(g, 1)["hand"])
    play(g, 1, "AFD-066")
    assert g.s["pending"] is None and len(seat(g, 1)["hand"]) == hand + 1
    attack(g, on_board(g, 1, W), on_board(g, 0, W))
    blizzard = in_hand(g, 1, "AF1-005")
    act(g, "play_instant", blizzard)
    act(g, "counter", cave)
    assert zone(g, cave) == "discard" and zone(g, blizzard) == "discard"
    assert close(g) == {"attack": 4, "defense": 4, "winner": None}


@covers("AFD-059")
def test_hallgatas_kove_counters_general_spells_by_resting():
    says(
        "AFD-059",
        "Ellenvarázs: amikor egy ellenfeled általános varázslatot játszik ki, pihenőbe "
        "fordíthatod ezt a lapot; az a varázslat hatás nélkül a bűbájketrecbe kerül.",
    )
    g = table([W, "AFD-059"], [W], hand1=["AFD-066", "AFD-066", "AF1-005"], upto=2)
    stone = on_board(g, 0, "AFD-059")
    attack(g, on_board(g, 1, W), on_board(g, 0, W))
    resolved(g, "play_instant", in_hand(g, 1, "AF1-005"))
    assert g.s["pending"] is None and g.s["duel"]["boost"] == [4, 0]  # not an instant's answer
    close(g)
    next_turn(g)
    next_turn(g)  # turn 4, seat 1
    first, second = ids(g, 1, "hand", "AFD-066")
    hand = len(seat(g, 1)["hand"])
    act(g, "play_card", first)
    act(g, "counter", stone)
    assert state(g, stone) == "resting" and zone(g, first) == "discard"
    assert len(seat(g, 1)["hand"]) == hand - 1
    resolved(g, "play_card", second)  # the stone rests: no answer
    assert g.s["pending"] is None and len(seat(g, 1)["hand"]) == hand - 2 + 2
    next_turn(g)
    assert state(g, stone) == "active"


@covers("AFD-052")
def test_meselo_tuz_pays_two_vp_for_a_card_once_a_turn():
    says(
        "AFD-052",
        "Amíg aktív: a köröd 3. fázisában egyszer fizethetsz 2 VP-t, hogy húzz egy lapot.",
    )
    g = table(["AFD-052", BOTLIK], vp=3, upto=1)
    fire = on_board(g, 0, "AFD-052")
    assert seat(g, 0)["vp"] == 1 and not offered(g, "activate", fire)  # 1 VP only
    next_turn(g)
    next_turn(g)
    assert offered(g, "activate", fire)
    hand, top = len(seat(g, 0)["hand"]), seat(g, 0)["deck"][0]
    act(g, "activate", fire)
    assert seat(g, 0)["vp"] == 2 and len(seat(g, 0)["hand"]) == hand + 1
    assert top in seat(g, 0)["hand"] and not offered(g, "activate", fire)
    next_turn(g)
    next_turn(g)
    rest(g, fire)
    assert seat(g, 0)["vp"] == 5 and not offered(g, "activate", fire)


@covers("AFD-053")
def test_vilagfa_arnyeka_adds_defence_while_active():
    says("AFD-053", "Amíg aktív: a révülőid védő ereje +1.")
    g, shade, (a0, b0), (a1, b1, c1) = aura_and_wugus("AFD-053")
    attack(g, a1, a0)
    assert close(g) == {"attack": 4, "defense": 5, "winner": "defender"}
    assert seat(g, 0)["glory"] == GLORY + 1
    next_turn(g)
    attack(g, b0, b1)
    assert close(g) == {"attack": 4, "defense": 4, "winner": None}  # attack unchanged
    next_turn(g)
    assert_nothing_added_once_resting(g, shade, c1, a0)


@covers("AFD-054")
def test_harci_dobok_adds_attack_while_active():
    says("AFD-054", "Amíg aktív: a révülőid támadó ereje +1.")
    g, drums, (a0, b0), (a1, b1, c1) = aura_and_wugus("AFD-054")
    attack(g, a1, a0)
    assert close(g) == {"attack": 4, "defense": 4, "winner": None}  # defence unchanged
    next_turn(g)
    attack(g, a0, b1)
    assert close(g) == {"attack": 5, "defense": 4, "winner": "attacker"}
    assert_nothing_added_once_resting(g, drums, b0, c1)


@covers("AFD-055")
def test_tuzkor_gives_a_vp_at_turn_start():
    says("AFD-055", "Amíg aktív: a köröd elején 1 további VP-t kapsz.")
    g = table(hand0=["AFD-055", "AFD-063"], vp=3, upto=0)
    ring = in_hand(g, 0, "AFD-055")
    act(g, "play_card", ring)
    assert seat(g, 0)["vp"] == 1
    assert not offered(g, "play_card", in_hand(g, 0, "AFD-063"))  # Tűzkör is a bűvforrás
    next_turn(g)
    next_turn(g)
    assert seat(g, 0)["vp"] == 1 + 3 + 1
    rest(g, ring)
    next_turn(g)
    next_turn(g)
    assert seat(g, 0)["vp"] == 5 + 3 and state(g, ring) == "active"
    next_turn(g)
    next_turn(g)
    assert seat(g, 0)["vp"] == 8 + 3 + 1


@covers("AFD-056")
def test_telihold_makes_alomlenyek_cheaper():
    says("AFD-056", "Amíg aktív: az álomlényeid 1 VP-vel kevesebbe kerülnek (legalább 0).")
    g = table(hand0=["AFD-056", "AFD-027", "AFD-025", BOTLIK, "AFD-028"], upto=0)
    moon = in_hand(g, 0, "AFD-056")
    act(g, "play_card", moon)
    assert seat(g, 0)["vp"] == 8
    play(g, 0, "AFD-027")  # 2 - 1
    assert seat(g, 0)["vp"] == 7
    play(g, 0, "AFD-025")  # 0 stays 0
    assert seat(g, 0)["vp"] == 7
    play(g, 0, BOTLIK)  # a révülő: full cost
    assert seat(g, 0)["vp"] == 6
    rest(g, moon)
    play(g, 0, "AFD-028")  # resting: full cost
    assert seat(g, 0)["vp"] == 5


@covers("AFD-057")
def test_vajakos_kunyho_readies_damaged_creatures_at_once():
    says(
        "AFD-057",
        "Amíg aktív: a köröd elején a sérült lényeid pihenő helyett rögtön aktívba fordulnak.",
    )
    g = table(["AFD-057", KAJTAR, MANO], [K])
    hut, mano = on_board(g, 0, "AFD-057"), on_board(g, 0, MANO)
    attack(g, on_board(g, 0, KAJTAR), on_board(g, 1, K), (mano, None))
    act(g, "use_helper", mano)
    assert state(g, mano) == "damaged"
    close(g)
    next_turn(g)
    next_turn(g)
    assert state(g, mano) == "active"
    rest(g, mano, "damaged")
    rest(g, hut)
    next_turn(g)
    next_turn(g)
    assert state(g, mano) == "resting" and state(g, hut) == "active"


@covers("AFD-060")
def test_szellemkapu_draws_when_the_hand_is_small():
    says(
        "AFD-060",
        "Amíg aktív: a köröd elején, ha 3-nál kevesebb lap van a kezedben, húzz egy lapot.",
    )
    g = table(["AFD-060"], hand0=[K, K, K, K], upto=1)
    gate = on_board(g, 0, "AFD-060")
    next_turn(g)
    next_turn(g)
    assert len(seat(g, 0)["hand"]) == 4 + 1  # 4 in hand: only the normal draw
    play(g, 0, K, K, K)
    next_turn(g)
    next_turn(g)
    assert len(seat(g, 0)["hand"]) == 2 + 1 + 1
    play(g, 0, K, K)
    rest(g, gate)
    next_turn(g)
    next_turn(g)
    assert len(seat(g, 0)["hand"]) == 2 + 1 and state(g, gate) == "active"


@covers("AFD-061")
def test_gyemant_jurta_kapuja_raises_glory_bonus():
    says("AFD-061", "Amíg aktív: a révülőid dicsőségbónusza +1.")
    g = table(["AFD-061", W, W], [K], vp=11, upto=2)
    gate = on_board(g, 0, "AFD-061")
    a0, b0 = ids(g, 0, "board", W)
    attack(g, on_board(g, 1, K), a0)
    assert close(g)["winner"] == "defender"
    assert seat(g, 0)["glory"] == GLORY + 1 + 1
    next_turn(g)
    attack(g, a0, None)
    assert seat(g, 1)["glory"] == GLORY - 2
    rest(g, gate)
    attack(g, b0, None)
    assert seat(g, 1)["glory"] == GLORY - 2 - 1


@covers("AFD-062")
def test_samanviadal_zaszloja_makes_refusing_cost_more():
    says(
        "AFD-062",
        "Amíg aktív: ha egy ellenfeled nem állít védekező révülőt, 1 további dicsőségpontot "
        "veszít.",
    )
    g = table(["AFD-062", W, W])
    flag = on_board(g, 0, "AFD-062")
    a0, b0 = ids(g, 0, "board", W)
    attack(g, a0, None)
    assert seat(g, 1)["glory"] == GLORY - 2
    rest(g, flag)
    attack(g, b0, None)
    assert seat(g, 1)["glory"] == GLORY - 3


@covers("AFD-062")
def test_samanviadal_zaszloja_counts_for_its_owners_duels_only():
    """Three seats: a duel between two other players is not the banner's (docs/rules)."""
    opts = {"shuffle": False, "first_player": 0, "min_deck_size": 0, "max_copies": 0}
    decks = [h.deck("AFD-062", W), h.deck(), h.deck(W)]
    g = h.ENGINE.new_game(decks, dict(opts, vp_per_turn=10), seed=1)
    play(g, 0, "AFD-062", W)
    next_turn(g)
    next_turn(g)  # seat 1
    play(g, 2, W)
    attack(g, on_board(g, 2, W), None)  # seat 2 against seat 1 (on its right), who refuses
    assert seat(g, 1)["glory"] == GLORY - 1
    next_turn(g)  # seat 0 against seat 2
    attack(g, on_board(g, 0, W), None)
    assert seat(g, 2)["glory"] == GLORY - 2


# --- révülők that gain when they win -------------------------------------------
@covers("AFD-003")
def test_kamilla_anyo_gains_vp_when_defending_wins():
    says("AFD-003", "Ha védekezőként párbajt nyer: kapsz 1 VP-t.")
    g = table(["AFD-003"], [W, K], upto=2)
    kamilla = on_board(g, 0, "AFD-003")
    attack(g, on_board(g, 1, W), kamilla)
    assert close(g) == {"attack": 4, "defense": 6, "winner": "defender"}
    assert seat(g, 0)["vp"] == 5 + 1 and seat(g, 0)["glory"] == GLORY + 1 + 1
    next_turn(g)
    attack(g, kamilla, on_board(g, 1, K))
    assert close(g)["winner"] == "attacker" and seat(g, 0)["vp"] == 6 + 10  # no VP


@covers("AFD-013")
def test_orban_mester_draws_when_attacking_wins():
    says("AFD-013", "Ha támadóként párbajt nyer: húzz egy lapot.")
    g = table(["AFD-013"], [K, W], upto=2)
    orban = on_board(g, 0, "AFD-013")
    hand = len(seat(g, 0)["hand"])
    attack(g, on_board(g, 1, K), orban)
    assert close(g)["winner"] == "defender" and len(seat(g, 0)["hand"]) == hand  # no draw
    assert seat(g, 0)["glory"] == GLORY + 2
    next_turn(g)
    hand, top = len(seat(g, 0)["hand"]), seat(g, 0)["deck"][0]
    attack(g, orban, on_board(g, 1, W))
    assert close(g) == {"attack": 6, "defense": 4, "winner": "attacker"}
    assert len(seat(g, 0)["hand"]) == hand + 1 and top in seat(g, 0)["hand"]
    # a refused duel is won by the attacker at once (docs/rules): Orbán draws again
    next_turn(g)
    next_turn(g)
    hand, top = len(seat(g, 0)["hand"]), seat(g, 0)["deck"][0]
    attack(g, orban, None)
    assert seat(g, 1)["glory"] == GLORY - 2
    assert len(seat(g, 0)["hand"]) == hand + 1 and top in seat(g, 0)["hand"]


@covers("AFD-024")
def test_tunder_ilona_draws_when_defending_wins():
    says("AFD-024", "Ha védekezőként párbajt nyer: húzz egy lapot.")
    g = table(["AFD-024"], [W, K], upto=2)
    ilona = on_board(g, 0, "AFD-024")
    hand, top = len(seat(g, 0)["hand"]), seat(g, 0)["deck"][0]
    attack(g, on_board(g, 1, W), ilona)
    assert close(g) == {"attack": 4, "defense": 6, "winner": "defender"}
    assert len(seat(g, 0)["hand"]) == hand + 1 and top in seat(g, 0)["hand"]
    assert seat(g, 0)["glory"] == GLORY + 1 + 2
    next_turn(g)
    hand = len(seat(g, 0)["hand"])
    attack(g, ilona, on_board(g, 1, K))
    assert close(g)["winner"] == "attacker" and len(seat(g, 0)["hand"]) == hand  # no draw


# --- the whole set ----------------------------------------------------------------
def test_shape_rows_match_the_printed_text():
    """Every text of a shared shape is in the rows above, so no card escapes its shape."""
    helper = re.compile(r"Segítő \((P|S|Á)\): \+(\d+) erő\.")
    instant = re.compile(r"\+(\d+) erő\.")
    found_helpers = {c for c, card in CARDS.items() if helper.fullmatch(card["text"] or "")}
    found_instants = {
        c
        for c, card in CARDS.items()
        if card["type"] == "azonnali" and instant.fullmatch(card["text"] or "")
    }
    plain = {c for c, card in CARDS.items() if card["type"] == "revulo" and not card["text"]}
    assert found_helpers == {r[0] for r in POWER_HELPERS}
    assert found_instants == {r[0] for r in POWER_INSTANTS}
    assert plain == set(PLAIN)


def test_every_shipped_card_has_a_scenario():
    assert len(CARDS) == 86 and {c.split("-")[0] for c in CARDS} == {"AF1", "AFD"}
    assert COVERED == set(CARDS), {
        "without a scenario": sorted(set(CARDS) - COVERED),
        "unknown": sorted(COVERED - set(CARDS)),
    }
