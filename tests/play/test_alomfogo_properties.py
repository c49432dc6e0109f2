"""Álomfogó's own properties over seeded random games, and what it gives the conformance test.

The properties every game has (replay, restore, illegal actions, views) are
in test_engine_conformance.py; this game's part of them is `CONFORMANCE`.
"""

from __future__ import annotations

import json
import random

from play.bots.alomfogo_cards import all_cards, demo_decks
from play.engines import get_engine
from tests.play.conformance import Conformance, strings
from tests.play.conformance import play_random as play_conformant

ENGINE = get_engine("alomfogo")
EVERY_CARD = sorted(all_cards().values(), key=lambda c: c["code"])
MAX_STEPS = 3000


def hidden_from(g, viewer) -> set[str]:
    found = set()
    for p, seat in enumerate(g.s["players"]):
        found.update(seat["deck"])
        if p != viewer:
            found.update(seat["hand"])
    return found


def check_views(g) -> None:
    for viewer in [None, *g.players]:
        view = g.view(viewer)
        assert json.loads(json.dumps(view)) == view
        assert not strings(view) & hidden_from(g, viewer)


def count_cards(g) -> int:
    return sum(
        len(seat[z])
        for seat in g.s["players"]
        for z in ("deck", "hand", "board", "discard", "stack")
    )


def setup(seed: int) -> tuple[list, dict]:
    seats = (2, 2, 3, 4)[seed % 4]
    decks = (
        demo_decks()
        if seats == 2
        else [EVERY_CARD[:45] if s % 2 else EVERY_CARD[41:] for s in range(seats)]
    )
    return decks, {"min_deck_size": 35, "max_copies": 3}


def watch(g):
    total = count_cards(g)

    def check(events) -> None:
        assert count_cards(g) == total

    return check


def bad_actions(g) -> list:
    p = g.active_player
    other = next(q for q in g.players if q != p)
    some_card = next(iter(g.s["inst"]))
    return [
        {"type": "end_turn", "player": other},
        {"type": "play_card", "player": p, "card": "nope"},
        {"type": "declare_attack", "player": p, "card": some_card},
    ]


# the slowest game to play out: fewer full random games
CONFORMANCE = Conformance(
    ENGINE, setup, check_views, bad_actions, watch, MAX_STEPS, random_games=12
)


def play_random(decks, options, seed, *, views_every=7):
    return play_conformant(
        CONFORMANCE, decks, options, seed, views_every=views_every, try_all_every=views_every
    )


def test_every_card_is_played_or_used_in_random_games():
    """Every shipped card gets played (and its ability used where it has one) in seeded games."""
    seen: set[str] = set()
    targets = {c["code"] for c in EVERY_CARD}
    deck = EVERY_CARD  # 86 cards, one of each
    seed = 0
    while not targets <= seen and seed < 400:
        g, log = play_random([deck, deck], {"min_deck_size": 0}, seed, views_every=10**9)
        for action in log:
            if action["type"] in ("play_card", "play_instant", "use_helper", "counter", "activate"):
                seen.add(g.s["inst"][action["card"]]["code"])
        seed += 1
    assert targets - seen == set()


def test_a_spell_targeting_a_card_in_hand_does_not_reveal_it():
    """Found by the property test: Lélekcsere's discard target sat in view.casting."""
    seed, seats = 758379057, 3
    decks = [EVERY_CARD[:45] if s % 2 else EVERY_CARD[41:] for s in range(seats)]
    options = {"min_deck_size": 35, "max_copies": 3}
    g = ENGINE.new_game(decks, options, seed)
    r = random.Random(seed)
    for _ in range(200):
        if g.is_over:
            break
        g.apply(r.choice(g.legal_actions(g.active_player)))
        check_views(g)
