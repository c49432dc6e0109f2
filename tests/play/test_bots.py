"""Bots: the interface, whole games, what a bot may see, and greedy against random."""

from __future__ import annotations

import copy
import json
import random

import pytest

from play.bots import Bot, bot_kinds, decide, get_bot, play_game, winner_of
from play.bots.alomfogo_cards import all_cards, demo_decks
from play.bots.alomfogo_greedy import GreedyBot, evaluate
from play.bots.random_bot import RandomBot
from play.engines import IllegalAction, get_engine
from play.engines.base import GameState
from tests.play.alomfogo_helpers import act, answer_draw, deck, game, in_hand, on_board

ENGINE = get_engine("alomfogo")
DECKS = demo_decks()
EVERY_CARD = sorted(all_cards().values(), key=lambda c: c["code"])


def json_only(value) -> bool:
    """True when `value` is made of dicts, lists and scalars only (no object to reach a state)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and json_only(v) for k, v in value.items())
    if isinstance(value, list):
        return all(json_only(v) for v in value)
    return value is None or isinstance(value, str | int | float | bool)


class Spy(Bot):
    """Wraps a bot; records what it is handed and checks it is only plain data."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.needs_view = True
        self.seen: list[tuple[dict, list, dict]] = []

    def choose(self, view, legal, rng):
        assert json_only(view) and json_only(legal)
        assert not isinstance(rng, GameState)
        view_copy, legal_copy = copy.deepcopy(view), copy.deepcopy(legal)
        state = rng.getstate()
        action = self.inner.choose(view_copy, legal_copy, rng)
        assert view_copy == view and legal_copy == legal, "a bot does not change what it is shown"
        assert action in legal
        # the same view and generator state give the same choice: nothing else is read
        again = random.Random()
        again.setstate(state)
        assert self.inner.choose(copy.deepcopy(view), copy.deepcopy(legal), again) == action
        self.seen.append((view, legal, action))
        return action


# --- the interface ------------------------------------------------------------
def test_get_bot_kinds():
    assert bot_kinds() == ["greedy", "random", "search"]
    assert isinstance(get_bot("random", 1), RandomBot)
    assert isinstance(get_bot("greedy", 2), GreedyBot) and get_bot("greedy", 2).seed == 2
    with pytest.raises(KeyError, match="greedy"):
        get_bot("clever", 0)


def test_play_game_needs_a_bot_per_seat_and_names_a_cheating_bot():
    with pytest.raises(ValueError, match=r"\[1\]"):
        play_game(ENGINE, DECKS, {}, 0, {0: get_bot("random", 0)})

    class Cheat(Bot):
        def choose(self, view, legal, rng):
            return {"type": "end_turn", "player": view["you"]}  # not legal in the main phase

    with pytest.raises(IllegalAction, match="Cheat"):
        play_game(ENGINE, DECKS, {"first_player": 0}, 0, {0: Cheat(), 1: get_bot("random", 0)})


@pytest.mark.parametrize("seed", range(6))
def test_random_vs_random_plays_to_the_end_and_replays(seed):
    bots = {0: get_bot("random", seed), 1: get_bot("random", seed + 100)}
    state, actions = play_game("alomfogo", DECKS, {}, seed, bots)
    assert state.is_over and winner_of(state) in (0, 1)
    assert 0 < len(actions) < 5000 and state.version == len(actions)
    again, actions_again = play_game("alomfogo", DECKS, {}, seed, bots)
    assert actions_again == actions and again.to_dict() == state.to_dict()
    replay = ENGINE.new_game(DECKS, {}, seed)
    for action in actions:
        replay.apply(action)
    assert replay.to_dict() == state.to_dict()


def test_max_actions_stops_a_game():
    bots = {0: get_bot("random", 0), 1: get_bot("random", 1)}
    state, actions = play_game(ENGINE, DECKS, {}, 0, bots, max_actions=10)
    assert len(actions) == 10 and not state.is_over


@pytest.mark.parametrize(
    "kinds", [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]
)
def test_bots_are_handed_only_their_view_and_legal_actions(kinds):
    spies = {seat: Spy(get_bot(kind, seat)) for seat, kind in enumerate(kinds)}
    state, actions = play_game(ENGINE, DECKS, {}, 7, spies)
    assert state.is_over
    # what each bot was handed is exactly its seat's view and legal actions, step by step
    replay = ENGINE.new_game(DECKS, {}, 7)
    handed = {seat: iter(spy.seen) for seat, spy in spies.items()}
    for action in actions:
        seat = replay.active_player
        view, legal, chosen = next(handed[seat])
        assert view == replay.view(seat) and legal == replay.legal_actions(seat)
        assert chosen == action and view["you"] == seat and "hand" not in view["players"][1 - seat]
        replay.apply(action)
    # and no bot kept a reference to the state
    for spy in spies.values():
        assert not any(isinstance(v, GameState) for v in vars(spy.inner).values())


def test_decide_is_the_single_step_of_play_game():
    state = ENGINE.new_game(DECKS, {"first_player": 1}, 3)
    bot = get_bot("greedy", 0)
    action = decide(state, 1, bot, random.Random(0))
    assert action in state.legal_actions(1)


def test_random_bot_gets_no_view():
    seen = []

    class Blind(RandomBot):
        def choose(self, view, legal, rng):
            seen.append(view)
            return super().choose(view, legal, rng)

    play_game(ENGINE, DECKS, {}, 1, {0: Blind(0), 1: Blind(1)}, max_actions=20)
    assert seen and all(v is None for v in seen)


def test_greedy_survives_every_card_and_more_seats():
    """Counters, targets, discards and 3-4 seats: greedy only ever plays legal actions."""
    opts = {"min_deck_size": 0, "max_copies": 0}
    for seed in range(8):
        seats = (2, 3, 4, 2)[seed % 4]
        bots = {s: get_bot("greedy" if (s + seed) % 2 else "random", seed) for s in range(seats)}
        state, _ = play_game(ENGINE, [EVERY_CARD] * seats, opts, seed, bots)
        assert state.is_over


# --- greedy decisions in fixed positions ---------------------------------------
def greedy_choice(g) -> dict:
    p = g.active_player
    return get_bot("greedy", 0).choose(g.view(p), g.legal_actions(p), random.Random(0))


def to_attack_step(g, plays0=(), plays1=(), plays0_turn3=()):
    """Seat 0 plays on turn 1, seat 1 on turn 2, seat 0 on turn 3, then ends its main phase
    (an álomlény's player takes the draw it allows)."""
    for turn, (seat, plays) in enumerate(((0, plays0), (1, plays1), (0, plays0_turn3))):
        for code in plays:
            act(g, "play_card", in_hand(g, seat, code))
            answer_draw(g)
        act(g, "end_main")
        if turn < 2:
            act(g, "end_turn")


def test_greedy_attacks_an_empty_board_but_not_a_wall():
    g = game(deck("AFD-010"), deck("AFD-001"))
    to_attack_step(g, ["AFD-010"])
    assert greedy_choice(g) == {
        "type": "declare_attack",
        "player": 0,
        "card": on_board(g, 0, "AFD-010"),
    }
    g = game(deck("AFD-010"), deck("AFD-020"))  # Dorka 4/1 against Kőszívű Dömötör 1/6
    to_attack_step(g, ["AFD-010"], ["AFD-020"])
    assert greedy_choice(g)["type"] == "end_turn"


def test_greedy_defends_with_the_card_that_wins():
    g = game(deck("AFD-010"), deck("AFD-019", "AFD-020"))  # Kobold 1/0 and Dömötör 1/6
    to_attack_step(g, ["AFD-010"], ["AFD-019", "AFD-020"])
    act(g, "declare_attack", on_board(g, 0, "AFD-010"))
    assert greedy_choice(g) == {
        "type": "declare_defender",
        "player": 1,
        "card": on_board(g, 1, "AFD-020"),
    }


def test_greedy_uses_a_helper_that_flips_the_duel():
    # Dorka 4/1 with Táltosparipa (+3) attacks Forrásőrző Bence 2/4: a tie without help
    g = game(deck("AFD-010", "AFD-027"), deck("AFD-002"))
    to_attack_step(g, ["AFD-010"], ["AFD-002"], ["AFD-027"])
    act(g, "declare_attack", on_board(g, 0, "AFD-010"))
    act(g, "declare_defender", on_board(g, 1, "AFD-002"))
    helper = on_board(g, 0, "AFD-027")
    assert greedy_choice(g) == {"type": "assign_helper", "player": 0, "card": helper}
    act(g, "assign_helper", helper)
    act(g, "no_helper")
    assert greedy_choice(g) == {"type": "use_helper", "player": 0, "card": helper}


def test_greedy_plays_an_instant_only_when_it_changes_the_result():
    # tie (Dorka 4 against Bence 4): Villámcsapás (+3) wins it
    g = game(deck("AFD-010", "AFD-040"), deck("AFD-002"))
    to_attack_step(g, ["AFD-010"], ["AFD-002"])
    act(g, "declare_attack", on_board(g, 0, "AFD-010"))
    act(g, "declare_defender", on_board(g, 1, "AFD-002"))
    assert greedy_choice(g)["type"] == "no_helper"
    act(g, "no_helper")
    act(g, "no_helper")
    assert "play_instant" in {a["type"] for a in g.legal_actions(0)}
    assert greedy_choice(g) == {
        "type": "play_instant",
        "player": 0,
        "card": in_hand(g, 0, "AFD-040"),
    }
    # already winning (Dorka 4 against Árnyjáró Bottyán 3): keep the instant
    g = game(deck("AFD-010", "AFD-040"), deck("AFD-021"))
    to_attack_step(g, ["AFD-010"], ["AFD-021"])
    act(g, "declare_attack", on_board(g, 0, "AFD-010"))
    act(g, "declare_defender", on_board(g, 1, "AFD-021"))
    act(g, "no_helper")
    act(g, "no_helper")
    assert "play_instant" in {a["type"] for a in g.legal_actions(0)}
    assert greedy_choice(g) == {"type": "pass", "player": 0}


def test_evaluate_is_a_lead():
    g = ENGINE.new_game(DECKS, {"first_player": 0, "shuffle": False}, 0)
    assert evaluate(g.view(0)) == pytest.approx(-evaluate(g.view(1)))
    before = evaluate(g.view(1))
    g.s["players"][0]["glory"] -= 2  # seat 1 leads by two glory more
    assert evaluate(g.view(1)) == pytest.approx(before + 2 * 3.0)
    assert json.loads(json.dumps(g.view(1))) == g.view(1)


# --- greedy against random ------------------------------------------------------
def test_greedy_wins_at_least_80_percent_of_500_games_against_random():
    games, wins = 500, 0
    for i in range(games):
        greedy_seat, first = i % 2, (i // 2) % 2  # seats (so decks) and first player alternate
        bots = {greedy_seat: get_bot("greedy", i), 1 - greedy_seat: get_bot("random", i)}
        state, _ = play_game(ENGINE, DECKS, {"first_player": first}, i, bots)
        assert state.is_over
        wins += winner_of(state) == greedy_seat
    assert wins >= 0.8 * games, f"greedy won {wins}/{games}"


def test_greedy_counts_an_opponents_helper_only_when_its_cost_can_be_paid():
    """A helper that costs a discard helps nobody with an empty hand (the engine's `affordable`)."""
    from play.bots.alomfogo_greedy import _catalog_infos, _Look

    g = game(deck("AFD-010"), deck("AF1-012"))  # Dorka 4/1; an álomlény: discard 1 for +5
    to_attack_step(g, ["AFD-010"], ["AF1-012"])
    look = _Look(g.view(0), _catalog_infos())
    assert [h[2] for h in look.helpers_of(1, None, 1)] == [on_board(g, 1, "AF1-012")]
    for iid in list(g.s["players"][1]["hand"]):
        g.move(iid, "deck")
    look = _Look(g.view(0), _catalog_infos())
    assert look.helpers_of(1, None, 1) == []


def _helper_with(code: str, *ops: dict) -> dict:
    """AF1-012 (an álomlény: discard 1 for +5 as a helper) made free and given `ops`."""
    card = copy.deepcopy(all_cards()["AF1-012"])
    card["code"] = code
    card["effects"] = [{"when": "helper", "do": [{"op": "power", "amount": 5}, *ops]}]
    return card


def test_a_helper_that_needs_a_target_that_is_not_there_cannot_help_in_any_view():
    """`can_help` is the engine's `helper_usable`: cost and required targets. The greedy bot
    counts an opponent's helper only where it says so (its own cost check missed targets)."""
    from play.bots.alomfogo_greedy import _catalog_infos, _info_from, _Look
    from play.engines.alomfogo.cards import normalize_card

    # its helper ability takes a révülő from its owner's discard pile back to hand
    needs_discard = _helper_with(
        "AFX-901", {"op": "move", "to": "hand", "filter": {"zone": "discard", "types": ["revulo"]}}
    )
    g = game(deck("AFD-010"), [needs_discard, *deck("AFD-019")])
    to_attack_step(g, ["AFD-010"], ["AFX-901"])
    helper = on_board(g, 1, "AFX-901")
    infos = {**_catalog_infos(), "AFX-901": _info_from(normalize_card(needs_discard))}

    def can_help(viewer: int) -> bool | None:
        board = g.view(viewer)["players"][1]["board"]
        return next(c for c in board if c["id"] == helper).get("can_help")

    assert (can_help(0), can_help(1)) == (False, False)
    look = _Look(g.view(0), infos)
    assert look.helpers_of(1, None, 1) == []  # no threat: the engine would not let it act
    g.move(in_hand(g, 1, "AFD-019"), "discard")  # now there is a révülő to take back
    assert (can_help(0), can_help(1)) == (True, True)
    look = _Look(g.view(0), infos)
    assert [h[2] for h in look.helpers_of(1, None, 1)] == [helper]


def test_can_help_tells_no_other_seat_what_a_hand_holds():
    """A helper whose target is in its owner's hand: the owner's view knows whether one is
    there; the other seat's view says only what the hand's size allows."""
    needs_event = _helper_with(
        "AFX-902", {"op": "move", "to": "discard", "filter": {"zone": "hand", "types": ["esemeny"]}}
    )
    g = game(deck("AFD-010"), [needs_event, *deck("AFD-019")])  # seat 1 holds no esemény
    to_attack_step(g, ["AFD-010"], ["AFX-902"])
    helper = on_board(g, 1, "AFX-902")

    def can_help(viewer: int) -> bool | None:
        board = g.view(viewer)["players"][1]["board"]
        return next(c for c in board if c["id"] == helper).get("can_help")

    assert g.s["players"][1]["hand"]
    assert can_help(1) is False  # its owner knows no esemény is in hand
    assert can_help(0) is True  # seat 0 sees only that seat 1 holds cards
    for iid in list(g.s["players"][1]["hand"]):
        g.move(iid, "deck")
    assert (can_help(0), can_help(1)) == (False, False)
