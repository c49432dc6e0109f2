"""The ONIROO sampler: a state rebuilt from one seat's view looks the same to that seat, has
the same choices, plays on by the rules, and never reads the hidden truth."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from play.bots import get_bot
from play.bots.oniroo_cards import oniroo_cards
from play.engines.oniroo import new_game
from play.engines.oniroo.sampling import action_key, remember, sample_state
from play.engines.sampling import Knowledge, SampleError
from tests.play.oniroo_helpers import EYE, act, arrange, game, one, plain_symbols, swapped

CARDS = oniroo_cards()
WAKE_UP = "ONI-W01"


def knowledge(seat: int, options: dict) -> Knowledge:
    return Knowledge(seat=seat, deck=CARDS, options=options)


def walk(level: int, players: int, seed: int, bot: str = "random", stops: int = 6, **more):
    """Positions of one bot game as seat 0 lives them: (state, the seat's knowledge, its view).

    Seat 0 remembers every view it is shown; the game is stopped at `stops`
    random moments and at every position where a decision is owed to another
    seat or a turn is at an unusual step (the rebuilds that need most care).
    """
    options = {"level": level, "players": players, **more}
    g = new_game([CARDS], options, seed)
    rng = random.Random(seed)
    bots = [get_bot(bot, seed, game="oniroo") for _ in range(players)]
    know = knowledge(0, options)
    length = rng.randrange(40, 400)
    chosen = {0} | {rng.randrange(length) for _ in range(stops)}  # the deal, then at random
    moves = 0
    while not g.is_over and moves < length:
        view = g.view(0)
        remember(view, know)
        unusual = view["pending"] is not None or view["step"] != "play"
        if moves in chosen or unusual:
            yield g, know, view
        p = g.active_player
        legal = g.legal_actions(p)
        g.apply(bots[p].choose(g.view(p) if bots[p].needs_view else None, legal, rng))
        moves += 1


GAMES = [
    (5, 2, "random"),
    (5, 4, "greedy"),
    (5, 4, "random"),
    (4, 2, "greedy"),
    (4, 4, "random"),
    (3, 4, "random"),
]


def assert_same_bookkeeping(sampled: dict, real: dict) -> None:
    """What the rules go on from that the view shows only in part or works out: the whole
    queue of owed decisions, the attack, the dreams' flags, the turn so far (another
    player's staging is not seen: it is rebuilt as the play step), the series."""
    for key in ("pending", "attack", "first_player", "limbo", "discard", "shared", "history"):
        assert sampled[key] == real[key], key
    for mine, theirs in zip(sampled["players"], real["players"], strict=True):
        assert {k: v for k, v in mine.items() if k != "hand"} == {
            k: v for k, v in theirs.items() if k != "hand"
        }
    tf, real_tf = dict(sampled["tf"]), dict(real["tf"])
    if real["active"] != 0:
        real_tf["staged"] = []
    assert tf == real_tf
    other_staging = real["step"] == "staging" and real["active"] != 0
    assert sampled["step"] == ("play" if other_staging else real["step"])


@pytest.mark.parametrize(("level", "players", "bot"), GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_sample_looks_the_same_to_the_seat_and_offers_the_same_choices(
    level, players, bot, seed
):
    checked = 0
    for g, know, view in walk(level, players, seed, bot):
        sample = sample_state(view, know, random.Random(checked))
        seen = sample.view(0)
        for key in view:
            if key != "events":  # the sample has no past
                assert seen[key] == view[key], key
        assert sample.active_player == g.active_player
        assert sorted(map(repr, sample.legal_actions(0))) == sorted(map(repr, g.legal_actions(0)))
        assert_same_bookkeeping(sample.s, g.s)
        checked += 1
    assert checked


@pytest.mark.parametrize(("level", "players"), [(5, 2), (5, 4), (4, 4), (2, 2)])
def test_a_sample_plays_on_to_the_end_by_the_rules(level, players):
    rng = random.Random(level * 10 + players)
    for g, know, view in walk(level, players, seed=players, stops=3, games=2):
        sample = sample_state(view, know, random.Random(g.version))
        moves = 0
        while not sample.is_over and moves < 5000:
            sample.apply(rng.choice(sample.legal_actions(sample.active_player)))
            moves += 1
        assert sample.is_over
        scores = sample.result["scores"]
        assert len(scores) == players
        assert all(scores[w] == max(scores) for w in sample.result["winners"])


@pytest.mark.parametrize(("level", "players"), [(5, 2), (5, 4), (4, 4)])
def test_the_hidden_truth_does_not_reach_the_sample(level, players):
    tried = 0
    rng = random.Random(level + players)
    for seed in (1, 2, 3):
        for g, know, view in walk(level, players, seed):
            found = swapped(g, 0, rng)
            if found is None:
                continue
            other, q = found
            assert other.view(0) == view  # seat 0 cannot tell the two games apart...
            assert other.view(q) != g.view(q)  # ...though they differ
            one = sample_state(view, copy.deepcopy(know), random.Random(5))
            two = sample_state(other.view(0), copy.deepcopy(know), random.Random(5))
            assert one.to_dict() == two.to_dict()
            tried += 1
    assert tried >= 5


def test_a_hidden_card_lands_in_a_hand_as_often_as_its_share():
    options = {"level": 5, "players": 4}
    g = new_game([CARDS], options, 11)
    rng = random.Random(11)
    while g.s["turn"] < 6 or g.active_player != 0 or g.s["pending"]:
        g.apply(rng.choice(g.legal_actions(g.active_player)))
    view = g.view(0)
    know = knowledge(0, options)
    remember(view, know)
    seats = view["players"]
    in_hands = sum(seat["hand_count"] - len(seat["known_hand"]) for seat in seats[1:])
    hidden = in_hands + view["draw_count"]
    share = in_hands / hidden
    wake_up = Counter()  # where the wake-up card is, when seat 0 does not hold it
    everywhere = Counter()  # how often each hidden card is in an opponent's hand
    draws = random.Random(0)
    runs = 1500
    for _ in range(runs):
        s = sample_state(view, know, draws).s
        for p in (1, 2, 3):
            held = Counter(s["cards"][c] for c in s["players"][p]["hand"])
            wake_up[p] += held[WAKE_UP]
            everywhere.update(held)
    assert WAKE_UP not in {c["code"] for c in seats[0]["hand"]}
    for p in (1, 2, 3):  # each opponent holds it about as often as their hidden cards say
        expected = runs * seats[p]["hand_count"] / hidden
        assert abs(wake_up[p] - expected) < 5 * expected**0.5 + 5
    per_card = [everywhere[code] / runs for code in everywhere]
    assert abs(sum(per_card) / len(per_card) - share) < 0.05
    assert max(abs(f - share) for f in per_card) < 0.1


def test_a_card_seen_before_keeps_what_it_is_when_hidden_again():
    """In the second game of a series every card is back in the pile: the ones seat 0 has
    seen keep their faces in every sample."""
    kept = 0
    for g, know, view in walk(5, 2, seed=4, stops=20, games=3):
        if view["game_number"] < 2:
            continue
        sample = sample_state(view, know, random.Random(1))
        for iid, code in sample.s["cards"].items():
            real = "c" + iid[1:]
            if iid[0] == "x" and real in know.remembered:
                assert code == know.remembered[real] == g.s["cards"][real]
                kept += 1
    assert kept


def test_action_keys_name_invented_cards_by_face_and_keep_the_seats_own_cards_apart():
    checked = 0
    for g, know, view in walk(5, 2, seed=6, stops=10):
        if g.active_player != 0:
            continue
        first = sample_state(view, know, random.Random(1))
        second = sample_state(view, know, random.Random(2))
        keys = [action_key(first, a) for a in first.legal_actions(0)]
        assert len(set(keys)) == len(keys)
        assert sorted(keys) == sorted(action_key(second, a) for a in second.legal_actions(0))
        assert sorted(keys) == sorted(action_key(first, a) for a in g.legal_actions(0))
        # the other seat's cards are invented: named by their face, whatever id they got
        other = next(p for p in first.players if p != 0)
        for sample in (first, second):
            for iid in sample.s["players"][other]["hand"]:
                if iid[0] == "x":
                    action = {"type": "discard", "player": other, "card": iid}
                    assert ("card", "=" + sample.s["cards"][iid]) in action_key(sample, action)
        checked += 1
    assert checked


def test_a_seat_playing_blind_gets_back_the_cards_it_last_saw_in_its_hand():
    options = {"level": 4, "players": 2, "attack_kind": "moon_head"}
    g = arrange(game(**options), hands={0: [EYE, *plain_symbols(5)]})
    know = knowledge(1, {**options, "shuffle": False, "first_player": 0})
    act(g, "attack", card=one(g, EYE), target=1)
    remember(g.view(1), know)  # seat 1 is asked to defend: it sees its hand
    held = {g.s["cards"][c] for c in g.s["players"][1]["hand"]}
    act(g, "accept")
    view = g.view(1)
    assert view["step"] == "blind" and view["players"][1]["hand"] is None
    for seed in range(5):
        sample = sample_state(view, know, random.Random(seed))
        hand = Counter(sample.s["cards"][c] for c in sample.s["players"][1]["hand"])
        assert sum(hand.values()) == view["players"][1]["hand_count"] == len(held) + 1
        assert held <= set(hand)  # plus the card drawn blind, unseen
        assert sorted(map(repr, sample.legal_actions(1))) == sorted(map(repr, g.legal_actions(1)))


def test_the_solitaire_is_not_rebuilt():
    options = {"level": 1, "players": 1}
    g = new_game([CARDS], options, 1)
    with pytest.raises(SampleError, match="table games only"):
        sample_state(g.view(0), knowledge(0, options), random.Random(0))
