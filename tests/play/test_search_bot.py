"""The hard bot (information-set search) decides from its view and what it knows, nothing else."""

from __future__ import annotations

import copy
import random

import pytest

from play.bots import LEVELS, get_bot, play_game, winner_of
from play.bots.alomfogo_cards import demo_decks
from play.bots.oniroo_cards import oniroo_cards
from play.bots.search import SearchBot
from play.engines.alomfogo import new_game as alomfogo_game
from play.engines.oniroo import new_game as oniroo_game
from tests.play.oniroo_helpers import swapped
from tests.play.test_alomfogo_sampling import rearranged

DECKS = demo_decks()


def hard(game: str, seat: int, **more) -> SearchBot:
    deck = DECKS[seat] if game == "alomfogo" else oniroo_cards()
    return get_bot("hard", 3, game=game, deck=deck, iterations=8, **more)


def test_the_levels_are_the_three_bots_and_the_hard_one_is_told_what_its_seat_knows():
    assert LEVELS == {"easy": "random", "normal": "greedy", "hard": "search"}
    bot = get_bot("hard", 5, game="alomfogo", deck=DECKS[1], options={"starting_glory": 10})
    assert isinstance(bot, SearchBot) and bot.seed == 5 and bot.seconds == 1.0
    know = bot._know(1)
    assert know.deck == DECKS[1] and know.options == {"starting_glory": 10}
    assert len(know.prior) == 2  # an opponent's deck: like one of the decks the site ships
    assert get_bot("easy", 1).kind == "random" and get_bot("normal", 1).kind == "greedy"
    with pytest.raises(KeyError, match="search"):
        get_bot("hard", 1, game="arcane-guardian")  # a solo game has no opponent to search


def positions(game: str):
    """Positions where seat 0 has a real choice, in greedy games of `game`."""
    if game == "alomfogo":
        g = alomfogo_game(DECKS, {}, 4)
    else:
        g = oniroo_game([oniroo_cards()], {"level": 5, "players": 3}, 4)
    bots = [get_bot("greedy", p, game=game) for p in g.players]
    rng = random.Random(4)
    while not g.is_over:
        p = g.active_player
        legal = g.legal_actions(p)
        if p == 0 and len(legal) > 1:
            yield g
        g.apply(bots[p].choose(g.view(p), legal, rng))


@pytest.mark.parametrize("game", ["alomfogo", "oniroo"])
def test_the_same_view_over_another_hidden_truth_gets_the_same_move(game):
    rng = random.Random(8)
    tried = 0
    for g in positions(game):
        other = rearranged(g, 0, rng) if game == "alomfogo" else swapped(g, 0, rng)
        if other is None:
            continue
        if game == "oniroo":
            other = other[0]
        view = g.view(0)
        assert other.view(0) == view and other.to_dict() != g.to_dict()
        options = {} if game == "alomfogo" else {"level": 5, "players": 3}
        one = hard(game, 0, options=options).choose(view, g.legal_actions(0), random.Random(1))
        two = hard(game, 0, options=options).choose(
            copy.deepcopy(other.view(0)), other.legal_actions(0), random.Random(1)
        )
        assert one == two
        tried += 1
        if tried == 4:
            return
    pytest.fail(f"only {tried} positions to compare")


@pytest.mark.parametrize(
    ("game", "options"),
    [("alomfogo", {"first_player": 1}), ("oniroo", {"level": 5, "players": 2})],
)
def test_a_whole_game_against_the_greedy_bot_runs_by_the_rules(game, options):
    decks = DECKS if game == "alomfogo" else [oniroo_cards()]
    bot = get_bot(
        "hard", 1, game=game, deck=decks[0], options=options, seconds=0.01, iterations=None
    )
    state, actions = play_game(game, decks, options, 2, {0: bot, 1: get_bot("greedy", 2, game)})
    assert state.is_over and winner_of(state) in (0, 1, None)
    assert bot.searched > 0 and bot.fallbacks == 0 and bot.iterations > 0


def test_a_view_it_cannot_rebuild_goes_to_the_greedy_bot_and_is_counted():
    g = next(positions("alomfogo"))
    view = copy.deepcopy(g.view(0))
    view["players"][1]["discard"].append(
        {"id": "p1c44", "code": "AF-NOPE", "name": "?", "state": None}
    )
    bot = hard("alomfogo", 0)
    move = bot.choose(view, g.legal_actions(0), random.Random(1))
    greedy = get_bot("greedy", 3).choose(view, g.legal_actions(0), random.Random(1))
    assert move == greedy and bot.fallbacks == 1 and bot.searched == 0
