"""The Álomfogó sampler: a state rebuilt from one seat's view looks the same to that seat, has
the same choices, plays on by the rules, and never reads the hidden truth."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from play.bots import get_bot
from play.bots.alomfogo_cards import demo_decks
from play.engines.alomfogo import from_dict, new_game
from play.engines.alomfogo.sampling import action_key, remember, sample_state
from play.engines.sampling import Knowledge, SampleError

DECKS = demo_decks()
# what a view shows that a sample rebuilds as it was (the events are the sample's own)
SEEN = ("turn", "phase", "turn_player", "to_act", "players", "duel", "pending", "casting")


def knowledge(seat: int) -> Knowledge:
    return Knowledge(seat=seat, deck=DECKS[seat], options={}, prior=DECKS)


def walk(seed: int, seat: int = 0, bots=("greedy", "random")):
    """Every position of one bot game where `seat` decides: (state, its knowledge, its view)."""
    g = new_game(DECKS, {}, seed)
    rng = random.Random(seed)
    players = [get_bot(kind, seed + p) for p, kind in enumerate(bots)]
    know = knowledge(seat)
    while not g.is_over:
        p = g.active_player
        if p == seat:
            view = g.view(seat)
            remember(view, know)
            yield g, know, view
        bot = players[p]
        g.apply(bot.choose(g.view(p) if bot.needs_view else None, g.legal_actions(p), rng))


def key_set(actions) -> list:
    return sorted(repr(sorted(a.items())) for a in actions)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_sample_looks_the_same_to_the_seat_and_offers_the_same_choices(seed):
    for g, know, view in walk(seed, seat=seed % 2, bots=("greedy", "greedy")):
        sample = sample_state(view, know, random.Random(seed))
        seen = sample.view(know.seat)
        for part in SEEN:
            assert seen[part] == view[part], part
        assert key_set(sample.legal_actions(know.seat)) == key_set(g.legal_actions(know.seat))


def test_a_sample_plays_on_to_the_end_by_the_rules():
    played = 0
    for seed in (5, 6):
        for n, (_g, know, view) in enumerate(walk(seed)):
            if n % 7:
                continue
            sample = sample_state(view, know, random.Random(n))
            rng = random.Random(n)
            while not sample.is_over:
                legal = sample.legal_actions(sample.active_player)
                sample.apply(legal[rng.randrange(len(legal))])
            assert len(sample.result["winners"]) == 1
            played += 1
    assert played > 10


def rearranged(g, seat: int, rng: random.Random):
    """The same game as `seat` sees it with other hidden cards: the opponent's hand and deck
    hold other cards (drawn from the other demo deck), and both decks are in another order."""
    data = g.to_dict()
    other = 1 - seat
    theirs = data["players"][other]
    hidden = theirs["hand"] + theirs["deck"]
    codes = [c["code"] for c in DECKS[seat]]  # cards the real opponent does not have
    for card in DECKS[seat]:
        data["cards"].setdefault(card["code"], copy.deepcopy(g.s["cards"].get(card["code"])))
    for iid in hidden:
        data["inst"][iid]["code"] = rng.choice(codes)
    for p in (0, 1):
        rng.shuffle(data["players"][p]["deck"])
    return from_dict(data)


def test_the_hidden_truth_does_not_reach_the_sample():
    rng = random.Random(3)
    tried = 0
    for g, know, view in walk(7):
        if not g.s["players"][1]["hand"]:
            continue
        other = rearranged(g, 0, rng)
        assert other.view(0) == view  # seat 0 cannot tell the two games apart...
        assert other.view(1) != g.view(1)  # ...though they differ
        one = sample_state(view, copy.deepcopy(know), random.Random(9))
        two = sample_state(other.view(0), copy.deepcopy(know), random.Random(9))
        assert one.to_dict() == two.to_dict()
        tried += 1
    assert tried > 10


def test_the_opponents_cards_come_from_a_public_deck_that_could_hold_what_it_showed():
    """Once the opponent has shown cards only one demo deck holds, its unseen cards are that
    deck's (less what it showed), as a player who knows the site's decks would expect."""
    for g, know, view in walk(8):
        shown = Counter(
            e["code"] for e in view["players"][1]["board"] + view["players"][1]["discard"]
        )
        only_vedo = [c for c in shown if c not in {x["code"] for x in DECKS[0]}]
        if g.s["turn"] < 6 or not only_vedo:
            continue
        vedo = Counter(c["code"] for c in DECKS[1])
        for n in range(5):
            sample = sample_state(view, know, random.Random(n))
            them = sample.s["players"][1]
            unseen = Counter(sample.s["inst"][i]["code"] for i in them["hand"] + them["deck"])
            assert not unseen - (vedo - shown)
        return
    pytest.fail("the opponent never showed a card of its own deck")


def test_a_card_seen_going_back_to_a_hand_stays_that_card():
    g, know, view = next(walk(9))
    know.remembered = {}
    view = copy.deepcopy(view)
    card = view["players"][0]["hand"][0]
    # the event a bounce gives: seat 1's card went back to its hand; it is not on view any more
    view["events"].append({"type": "to_hand", "player": 1, "card": "p1c30", "code": card["code"]})
    view["players"][1]["hand_count"] += 1
    remember(view, know)
    assert know.remembered == {"p1c30": card["code"]}
    sample = sample_state(view, know, random.Random(1))
    assert "p1c30" in sample.s["players"][1]["hand"]
    assert sample.s["inst"]["p1c30"]["code"] == card["code"]


def test_action_keys_name_invented_cards_by_code_and_keep_the_seats_own_cards_apart():
    for g, know, view in walk(10):
        legal = g.legal_actions(0)
        one, two = (sample_state(view, know, random.Random(n)) for n in (1, 2))
        keys = [action_key(one, a) for a in legal]
        assert len(set(keys)) == len(keys)
        assert keys == [action_key(two, a) for a in legal]
    sample = sample_state(view, know, random.Random(3))
    invented = next(i for i in sample.s["players"][1]["deck"])
    assert invented.startswith("x")
    move = {"type": "choose_target", "player": 1, "card": invented}
    assert action_key(sample, move)[2] == sample.s["inst"][invented]["code"]


def test_a_card_nobody_has_data_for_is_refused_plainly():
    _g, know, view = next(walk(11))
    view = copy.deepcopy(view)
    view["players"][1]["discard"].append(
        {"id": "p1c44", "code": "AF-NOPE", "name": "?", "state": None}
    )
    with pytest.raises(SampleError, match="AF-NOPE"):
        sample_state(view, know, random.Random(1))
