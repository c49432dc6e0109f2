"""The table game, scenario by scenario: turns, each level's goal, every special card."""

from __future__ import annotations

import pytest

from play.engines import IllegalAction
from tests.play.oniroo_helpers import (
    CARDS,
    EAR,
    EYE,
    FAIRIES,
    FREES,
    HAND,
    INSOMNIA,
    MOUTH,
    NIGHTMARE,
    NOSE,
    SLEEPWALKER,
    WAKE,
    act,
    arrange,
    complete_dream,
    count_cards,
    dreams,
    game,
    kinds,
    one,
    pass_turn,
    plain_symbols,
    symbols,
)

# S001 (myth → plants) is followed by a plants card such as S015; S003 is animals
LAST, LINKS, NO_LINK = "ONI-S001", "ONI-S015", "ONI-S003"


def filler(n: int, *skip: str) -> list[str]:
    """Symbol cards that do not link after LAST (none of them is of the plants group)."""
    plants = set(symbols(group="plants"))
    return plain_symbols(n, set(skip) | plants | {LAST, LINKS, NO_LINK})


# --- the turn ---------------------------------------------------------------------------------
def test_a_turn_draws_first_and_ends_with_exactly_five():
    g = game(level=5)
    assert len(g.s["players"][0]["hand"]) == 6  # dealt 5, drew 1 before anything else
    assert "end_turn" not in kinds(g)  # six cards: the turn ends by letting one go
    let_go = g.s["players"][0]["hand"][2]
    act(g, "discard", card=let_go)
    assert len(g.s["players"][0]["hand"]) == 5 and g.s["discard"] == [let_go]
    assert g.active_player == 1 and len(g.s["players"][1]["hand"]) == 6


def test_after_a_card_the_player_ends_the_turn_even_with_no_card_that_links():
    """The turn used to end on its own here, which told the table that no card in the hand
    links on to the one played (DECISIONS ONIROO 6): now the player says so by ending it."""
    no_link = arrange(game(level=5), hands={0: [LAST, NO_LINK, *filler(4, NO_LINK)]})
    links = arrange(game(level=5), hands={0: [LAST, LINKS, *filler(4, LINKS)]})
    for g in (no_link, links):
        act(g, "play", card=one(g, LAST), dream="new")
        assert g.active_player == 0 and "end_turn" in kinds(g)
    assert no_link.legal_actions(0) == [{"type": "end_turn", "player": 0}]
    act(no_link, "end_turn")
    assert no_link.active_player == 1 and len(no_link.s["players"][0]["hand"]) == 5


def test_a_turn_ends_on_its_own_only_on_what_every_seat_sees():
    """Level 3, one card a turn: with no complete dream to wake, the turn ends after its
    card whether or not a wake-up is in hand; with the shared dream complete, it goes on
    whether or not one is (the player then ends it)."""
    nine, tenth = shared_almost_complete()
    for wake in ([WAKE], []):
        rest = filler(6 - len(wake), *nine, tenth)
        g = arrange(game(level=3), hands={0: [*wake, *rest]})
        act(g, "play", card=one(g, rest[0]), dream="shared")
        assert g.active_player == 1
        g = arrange(game(level=3), hands={0: [*wake, tenth, *rest[1:]]}, shared=nine)
        act(g, "play", card=one(g, tenth), dream="shared")
        assert g.s["shared"]["complete"] and g.active_player == 0
        assert kinds(g) == ({"wake_up", "end_turn"} if wake else {"end_turn"})
    act(g, "end_turn")
    assert g.active_player == 1


def test_more_cards_in_a_turn_must_each_link_to_the_one_before():
    g = arrange(game(level=5), hands={0: [LAST, LINKS, NO_LINK, *filler(3)]})
    act(g, "play", card=one(g, LAST), dream="new")
    plays = [a for a in g.legal_actions(0) if a["type"] == "play"]
    assert plays == [{"type": "play", "player": 0, "card": one(g, LINKS), "dream": "d1"}]
    with pytest.raises(IllegalAction) as refused:
        act(g, "play", card=one(g, NO_LINK), dream="d1")
    assert refused.value.code == "no_link"
    act(g, "play", card=one(g, LINKS), dream="d1")
    assert dreams(g, 0) == [[LAST, LINKS]]


def test_one_card_a_turn_may_start_a_new_dream_or_go_on_any_own_dream():
    """A single card needs no link; but it is then the turn's only one (DECISIONS ONIROO 6:
    more cards only when each added card links to the card before it, the first one too).
    Until the audit of DECISIONS 6, cards linking on to it were offered after it."""
    after_no_link = symbols(group=CARDS[NO_LINK]["next_group"])[0]  # links on to NO_LINK
    g = arrange(
        game(level=5),
        hands={0: [NO_LINK, after_no_link, *filler(4, after_no_link)]},
        dreams={0: [[LAST], [LINKS]]},
    )
    targets = {a["dream"] for a in g.legal_actions(0) if a["type"] == "play"}
    assert targets == {"d1", "d2", "new"}
    act(g, "play", card=one(g, NO_LINK), dream="d1")  # no link needed for the first card
    assert dreams(g, 0)[0] == [LAST, NO_LINK]
    # it did not link on to S001: no second card, and the turn ended (the table saw why)
    assert g.active_player == 1 and one(g, after_no_link) in g.s["players"][0]["hand"]


def test_more_cards_in_a_turn_only_when_the_first_links_on_to_the_dreams_last_card():
    """DECISIONS ONIROO 6: "A player may add more than one card in a turn when each added
    card forms a group link with the card before it" — the first added card included: its
    card before is the dream's last one (a new dream has none)."""
    after_links = symbols(group=CARDS[LINKS]["next_group"])[0]  # links on to LINKS
    rest = filler(4, *symbols(group=CARDS[LINKS]["next_group"]))  # none of them links on to it
    g = arrange(game(level=5), hands={0: [LINKS, after_links, *rest]}, dreams={0: [[LAST]]})
    act(g, "play", card=one(g, LINKS), dream="d1")  # S001 → S015: a group link
    assert g.view(0)["this_turn"]["chain"] == "d1"
    plays = [a for a in g.legal_actions(0) if a["type"] == "play"]
    assert plays == [{"type": "play", "player": 0, "card": one(g, after_links), "dream": "d1"}]
    act(g, "play", card=one(g, after_links), dream="d1")
    assert dreams(g, 0) == [[LAST, LINKS, after_links]]
    # a first card that does not link on is the turn's only one: see the test above


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile():
    g = game(level=5)
    s = g.s
    s["discard"], s["draw"] = s["draw"][:-1], s["draw"][-1:]  # one card left to draw
    g = arrange(g)
    total = count_cards(g)
    pass_turn(g)  # seat 1 draws the last card
    pass_turn(g)  # seat 0 draws from the refilled pile
    assert any(e["type"] == "refill" for e in g.s["log"])
    assert count_cards(g) == total and len(g.s["draw"]) > 100


def test_both_piles_empty_is_a_drawn_game():
    g = arrange(game(level=5), hands={0: [LAST, *filler(5)]})
    g.s["players"][1]["dreams"].append(
        {"id": "dx", "cards": g.s["draw"][:], "complete": False, "linked": False, "coded": False}
    )
    g.s["draw"].clear()
    g = arrange(g)
    act(g, "play", card=one(g, LAST), dream="new")  # five left
    act(g, "end_turn")  # seat 1 cannot draw first
    assert g.is_over
    assert g.result == {
        "winners": [],
        "reason": "no_cards",
        "scores": [0, 0],
        "games": [{"game": 1, "winner": None, "reason": "no_cards", "points": 0, "scores": [0, 0]}],
    }


def test_the_turn_limit_ends_a_game_drawn():
    g = game(level=5, max_turns=3)
    for _ in range(3):
        pass_turn(g)
    assert g.is_over and g.result["reason"] == "turn_limit" and g.result["winners"] == []


# --- levels 1 and 2 ---------------------------------------------------------------------------
def test_level_1_one_card_a_turn_into_your_own_dream_and_the_wake_up_at_ten():
    cards = plain_symbols(13)
    g = arrange(game(level=1), hands={0: [WAKE, *cards[:5]]}, into={"p0": cards[5:13]})
    assert kinds(g) == {"play"}  # a card must go into the dream; no wake-up at 8 cards
    act(g, "play", card=one(g, cards[0]), dream="p0")  # 9 cards: the turn ends
    assert g.active_player == 1
    act(g, "play", card=g.s["players"][1]["hand"][0], dream="p1")
    act(g, "play", card=one(g, cards[1]), dream="p0")  # 10 cards
    assert {"type": "wake_up", "player": 0, "card": one(g, WAKE), "dream": "p0"} in g.legal_actions(
        0
    )
    act(g, "wake_up", card=one(g, WAKE), dream="p0")
    assert g.result["winners"] == [0] and g.result["scores"] == [5, 0]
    assert g.result["reason"] == "wake_up"


def test_level_2_one_shared_dream_and_whoever_wakes_it_wins_5():
    cards = plain_symbols(15)
    g = arrange(game(level=2), hands={0: [WAKE, *cards[:5]]}, shared=cards[5:14])
    assert g.s["players"][0]["dreams"] == [] and len(g.s["shared"]["cards"]) == 9
    assert [a["type"] for a in g.legal_actions(0)] == ["play"] * 5
    act(g, "play", card=one(g, cards[0]), dream="shared")
    act(g, "wake_up", card=one(g, WAKE), dream="shared")
    assert g.result["winners"] == [0] and g.result["scores"] == [5, 0]


def test_level_1_a_min_dream_length_option_raises_the_bar():
    cards = plain_symbols(16)
    g = arrange(
        game(level=1, min_dream_length=12), hands={0: [WAKE, *cards[:5]]}, into={"p0": cards[5:15]}
    )
    act(g, "play", card=one(g, cards[0]), dream="p0")  # 11 cards: not yet
    assert g.active_player == 1


# --- level 3 ----------------------------------------------------------------------------------
def shared_almost_complete() -> tuple[list[str], str]:
    """Nine symbol cards of letter A (with links) for the shared dream, and a tenth."""
    a_cards = symbols(letter="A")
    return a_cards[:9], a_cards[9]


def test_level_3_the_shared_dream_of_symbol_cards_and_the_wake_up_for_10():
    nine, tenth = shared_almost_complete()
    g = arrange(
        game(level=3, players=3), hands={0: [WAKE, tenth, *filler(4, *nine, tenth)]}, shared=nine
    )
    assert not g.s["shared"]["complete"]
    act(g, "play", card=one(g, tenth), dream="shared")
    assert g.s["shared"]["complete"]
    act(g, "wake_up", card=one(g, WAKE), dream="shared")
    assert g.result["winners"] == [0] and g.result["scores"] == [10, 0, 0]


def test_level_3_only_the_player_who_completed_the_shared_dream_may_wake_it():
    """C_03: "Aki befejezi a 10 SZIMBÓLUM kártyából álló ÁLMOT, majd kijátssza az ÉBREDÉS
    kártyát, megnyeri a játszmát" (DECISIONS ONIROO 5: "completing the dream and playing the
    wake-up wins 10"), on a later turn of theirs too. Until the audit of DECISIONS 5 anyone
    could wake it once it was complete."""
    nine, tenth = shared_almost_complete()
    rest = filler(10, *nine, tenth)
    # seat 0 completes it; seat 1 holds the wake-up but may not play it
    g = arrange(
        game(level=3, players=2), hands={0: [tenth, *rest[:5]], 1: [WAKE, *rest[5:9]]}, shared=nine
    )
    act(g, "play", card=one(g, tenth), dream="shared")
    assert g.view(1)["shared_dream"]["completed_by"] == 0
    act(g, "end_turn")  # seat 0 holds no wake-up
    assert g.active_player == 1 and "wake_up" not in kinds(g)
    assert {a["type"] for a in g.legal_actions(1)} == {"play"}  # a card must go in
    g.apply(g.legal_actions(1)[0])
    assert g.active_player == 0  # nothing left to decide for seat 1: its turn ended
    # seat 0 draws the wake-up on a later turn and wins with it (after a save and restore)
    g = arrange(
        game(level=3, players=2), hands={0: [tenth, *rest[:5]]}, shared=nine, top=[rest[9], WAKE]
    )
    act(g, "play", card=one(g, tenth), dream="shared")
    act(g, "end_turn")
    g.apply(next(a for a in g.legal_actions(1) if a["type"] == "play"))
    g = g.from_dict(g.to_dict())
    assert g.active_player == 0 and g.s["shared"]["completed_by"] == 0
    act(g, "wake_up", card=one(g, WAKE), dream="shared")
    assert g.result["winners"] == [0] and g.result["scores"] == [10, 0]


def test_level_3_a_bad_night_makes_the_others_wait_two_of_their_turns():
    g = arrange(game(level=3, players=3), hands={0: [NIGHTMARE, *filler(5)]})
    act(g, "attack", card=one(g, NIGHTMARE))
    assert g.active_player == 1 and kinds(g) == {"accept"}  # no fairy in hand
    act(g, "accept")
    act(g, "accept")
    assert [seat["wait"] for seat in g.s["players"]] == [0, 2, 2]
    assert g.active_player == 1  # seat 0's turn ended: its attack was its card
    for waited in (1, 2):  # seats 1 and 2, twice round: no symbol card into the dream
        for seat in (1, 2):
            assert g.active_player == seat and "play" not in kinds(g)
            pass_turn(g)
        play = next(a for a in g.legal_actions(0) if a["type"] == "play")
        g.apply(play)  # seat 0 is not waiting: it must add a card
        assert [s["wait"] for s in g.s["players"]][1:] == [2 - waited, 2 - waited]
    assert g.active_player == 1 and "play" in kinds(g)


def test_the_view_says_how_long_a_bad_night_holds_you_back_and_whether_chains_go_on():
    """The table and the terminal read these, so neither knows which level does what."""
    g = arrange(game(level=3, players=3), hands={0: [NIGHTMARE, *filler(5)]})
    assert g.view(0)["this_turn"]["held_back"] == 0
    assert g.view(0)["rules"] == {
        "chains": False,
        "codes": True,
        "wake_up_anywhere": False,
        "shared_dream": True,
    }
    act(g, "attack", card=one(g, NIGHTMARE))
    act(g, "accept")
    act(g, "accept")
    assert g.active_player == 1
    assert g.view(1)["this_turn"]["held_back"] == 2  # its own turn, nothing played yet
    assert "held_back" not in g.view(2)["this_turn"]  # not its turn: nothing to say yet
    assert "held_back" not in g.view(None)["this_turn"]
    pass_turn(g)
    pass_turn(g)
    g.apply(next(a for a in g.legal_actions(0) if a["type"] == "play"))
    assert g.view(1)["this_turn"]["held_back"] == 1
    assert game(level=5, players=2).view(0)["rules"] == {
        "chains": True,
        "codes": True,
        "wake_up_anywhere": True,
        "shared_dream": False,
    }
    assert game(level=1, players=2).view(0)["rules"]["codes"] is False


def test_level_3_a_dream_fairy_cancels_the_bad_night_and_costs_the_attacker_5():
    g = game(level=3, players=3)
    g.s["players"][0]["score"] = 7
    g = arrange(g, hands={0: [SLEEPWALKER, *filler(5)], 1: [FAIRIES[0], *filler(4, *filler(5))]})
    act(g, "attack", card=one(g, SLEEPWALKER))
    assert {"type": "show_fairy", "player": 1, "card": one(g, FAIRIES[0])} in g.legal_actions(1)
    act(g, "show_fairy", card=one(g, FAIRIES[0]))
    act(g, "accept")
    assert [seat["wait"] for seat in g.s["players"]] == [0, 0, 2]
    assert g.s["players"][0]["score"] == 2 and one(g, FAIRIES[0]) in g.s["discard"]


# --- levels 4 and 5: the wake-up, reveals, free cards, fairies --------------------------------
def test_the_wake_up_on_your_own_complete_dream_wins_15():
    g = arrange(game(level=5), hands={0: [WAKE, *filler(5)]}, dreams={0: [complete_dream()]})
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert g.result["winners"] == [0] and g.result["scores"] == [15, 0]


def test_the_wake_up_on_another_players_dream_wins_5_and_own_dreams_are_listed_first():
    done = complete_dream()
    other = ["ONI-S002", *FREES[4:8]]  # also complete: a symbol card and four free cards
    g = arrange(
        game(level=5), hands={0: [WAKE, *filler(5, *done, *other)]}, dreams={0: [other], 1: [done]}
    )
    wakes = [a for a in g.legal_actions(0) if a["type"] == "wake_up"]
    assert [a["dream"] for a in wakes] == ["d1", "d2"]  # yours first
    act(g, "wake_up", card=one(g, WAKE), dream="d2")
    assert g.result["winners"] == [0] and g.result["scores"] == [5, 0]
    assert g.result["reason"] == "wake_up_other"


def test_a_complete_dream_revealed_from_the_hand_then_the_wake_up():
    g = arrange(game(level=5), hands={0: [*complete_dream(), WAKE]})
    staged = [a for a in g.legal_actions(0) if a["type"] == "stage"]
    assert len(staged) == 5
    for code in complete_dream():
        act(g, "stage", card=one(g, code))
    assert "reveal" in kinds(g)
    # the others see neither the laid-out cards nor that anything is being laid out
    other = g.view(1)
    assert other["step"] == "play" and "staged" not in other["this_turn"]
    act(g, "reveal")
    assert dreams(g, 0) == [complete_dream()] and g.s["players"][0]["dreams"][0]["complete"]
    assert "play" not in kinds(g)  # the reveal was this turn's play
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert g.result["scores"] == [15, 0]


def test_a_reveal_once_begun_is_made():
    """Taking a begun reveal back would tell the table a complete dream was in hand: the last
    card laid out can be taken back to try another order, the reveal itself cannot."""
    g = arrange(game(level=5), hands={0: [*complete_dream(), "ONI-S050"]})
    act(g, "stage", card=one(g, FREES[0]))
    assert "cancel_reveal" not in kinds(g) and "unstage" in kinds(g)
    act(g, "unstage")
    assert g.s["tf"]["staged"] == [] and g.s["step"] == "staging"
    assert kinds(g) == {"stage"}  # no playing, discarding or ending the turn instead
    with pytest.raises(IllegalAction):
        act(g, "cancel_reveal")
    for code in complete_dream():
        act(g, "stage", card=one(g, code))
    act(g, "reveal")
    assert dreams(g, 0) == [complete_dream()]


def test_random_players_who_begin_a_reveal_make_it_in_a_few_moves():
    """Only cards the dream can still be finished from are offered, so laying out cannot
    run into a dead end (or a bot's random walk through orders)."""
    import random

    begun = 0
    for seed in range(40):
        g = game(level=5, players=3, seed=seed, shuffle=True)
        rng = random.Random(seed)
        moves = staging = 0
        while not g.is_over and moves < 400:
            p = g.active_player
            action = rng.choice(g.legal_actions(p))
            g.apply(action)
            moves += 1
            if g.s["step"] == "staging":
                staging += 1
                assert staging <= 20, f"seed {seed}: still laying out after {staging} moves"
            elif staging:  # laying out ended: only by the reveal, which the table sees anyway
                assert action["type"] == "reveal", (seed, action)
                begun += 1
                staging = 0
    assert begun >= 5  # the property was tried


def test_seven_free_cards_win_20_without_the_wake_up():
    g = arrange(game(level=5), hands={0: [FREES[6], *filler(5)]}, dreams={0: [FREES[:6]]})
    act(g, "play", card=one(g, FREES[6]), dream="d1")
    assert g.result["winners"] == [0] and g.result["reason"] == "seven_free"
    assert g.result["scores"] == [20, 0]


def test_seven_free_cards_left_by_a_moon_nose_win_20_for_the_dreams_owner():
    """DECISIONS ONIROO 6: "A dream of 7 free cards wins 20 points with no wake-up" — however
    the dream came to be: here the nose takes its one symbol card. Until the audit of
    DECISIONS 6 the win was looked for only when a card was added."""
    g = moon(hands={0: [NOSE, *filler(5)]}, dreams={1: [[LAST, *FREES[:7]]]})
    act(g, "attack", card=one(g, NOSE), target=1)
    act(g, "accept")
    act(g, "give", card=one(g, LAST))
    assert g.result["winners"] == [1] and g.result["reason"] == "seven_free"
    assert g.result["scores"] == [0, 20]
    assert [e["type"] for e in g.s["log"][-3:]] == ["give", "seven_free", "game_over"]


def test_the_seventh_free_card_is_played_before_the_game_ends():
    """The win is looked for once the move is made: the log shows the card played first."""
    g = arrange(game(level=5), hands={0: [FREES[6], *filler(5)]}, dreams={0: [FREES[:6]]})
    act(g, "play", card=one(g, FREES[6]), dream="d1")
    assert [e["type"] for e in g.s["log"][-3:]] == ["play", "seven_free", "game_over"]


@pytest.mark.parametrize("level", [3, 4, 5])  # the levels that deal dream fairies
def test_five_dream_fairies_in_hand_win_15_at_once(level):
    g = arrange(game(level=level), hands={1: [*FAIRIES[:4], "ONI-S050"]}, top=[FAIRIES[4]])
    g.apply(next(a for a in g.legal_actions(0) if a["type"] == "play"))  # level 3 must play
    pass_turn(g)  # seat 1 draws the fifth fairy
    assert g.result["winners"] == [1] and g.result["reason"] == "five_fairies"
    assert g.result["scores"] == [0, 15]


def test_level_3_the_fifth_fairy_drawn_up_at_the_end_of_the_turn_wins_15():
    """Not only the turn's first draw: a hand one short (as after showing a fairy) plays
    its card, draws up to five at the end of the turn and wins before the next turn."""
    played = filler(1)[0]
    g = arrange(game(level=3), hands={0: [*FAIRIES[:4], played]}, top=[FAIRIES[4]])
    act(g, "play", card=one(g, played), dream="shared")  # the turn's one card: it ends
    assert g.result["winners"] == [0] and g.result["reason"] == "five_fairies"
    assert g.result["scores"] == [15, 0]


def test_five_fairies_drawn_in_answer_to_an_attack_win_15_on_the_attackers_turn():
    """The sleepwalker's target draws five new cards while the attacker's turn goes on."""
    g = arrange(game(level=5), hands={0: [SLEEPWALKER, *filler(5)]}, top=FAIRIES)
    act(g, "attack", card=one(g, SLEEPWALKER), target=1)
    act(g, "accept")
    assert g.result["winners"] == [1] and g.result["reason"] == "five_fairies"
    assert g.result["scores"] == [0, 15]


# --- bad night (level 5) ----------------------------------------------------------------------
def attack_at(level=5, players=2, **hands):
    return arrange(game(level=level, players=players), **hands)


def test_nightmare_sends_the_chosen_dream_of_the_target_to_the_discard_pile():
    g = attack_at(hands={0: [NIGHTMARE, *filler(5)]}, dreams={1: [[LAST, LINKS], [NO_LINK]]})
    targets = [(a["target"], a.get("dream")) for a in g.legal_actions(0) if a["type"] == "attack"]
    assert targets == [(1, "d1"), (1, "d2")]
    act(g, "attack", card=one(g, NIGHTMARE), target=1, dream="d1")
    act(g, "accept")
    assert dreams(g, 1) == [[NO_LINK]]
    assert {one(g, LAST), one(g, LINKS), one(g, NIGHTMARE)} <= set(g.s["discard"])
    assert len(g.s["players"][1]["hand"]) == 6  # seat 1's turn began (it keeps its hand)


def test_an_attack_is_the_only_card_of_the_turn():
    g = attack_at(hands={0: [NIGHTMARE, LAST, *filler(4)]})
    act(g, "play", card=one(g, LAST), dream="new")
    assert "attack" not in kinds(g)
    g = attack_at(hands={0: [NIGHTMARE, LAST, *filler(4)]})
    act(g, "attack", card=one(g, NIGHTMARE), target=1)
    act(g, "accept")  # seat 0 can do nothing more: its turn ended on its own
    assert g.active_player == 1


def test_sleepwalker_replaces_the_whole_hand_and_keeps_the_dreams():
    g = attack_at(hands={0: [SLEEPWALKER, *filler(5)]}, dreams={1: [[LAST]]})
    before = list(g.s["players"][1]["hand"])
    act(g, "attack", card=one(g, SLEEPWALKER), target=1)
    act(g, "accept")
    after = g.s["players"][1]["hand"]
    assert set(before) <= set(g.s["discard"]) and not set(before) & set(after)
    assert len(after) == 6 and dreams(g, 1) == [[LAST]]  # 5 new, then its own turn's draw


def test_insomnia_takes_a_card_from_the_targets_hand_and_they_draw_one():
    """G_06 played against one other player (DECISIONS ONIROO 7); until the audit of
    DECISIONS 7 it took a card from every other hand."""
    g = attack_at(players=3, hands={0: [INSOMNIA, *filler(5)]})
    attacks = [a for a in g.legal_actions(0) if a["type"] == "attack"]
    assert [a["target"] for a in attacks] == [1, 2]
    hands = {p: list(g.s["players"][p]["hand"]) for p in (1, 2)}
    act(g, "attack", card=one(g, INSOMNIA), target=2)
    assert g.s["pending"] == [{"kind": "defend", "player": 2}]  # only the target is asked
    act(g, "accept")
    mine = g.s["players"][0]["hand"]
    assert len(mine) == 6  # 5 + one from the target: the turn ends by discarding down to 5
    taken = set(hands[2]) - set(g.s["players"][2]["hand"])
    assert len(taken) == 1 and taken <= set(mine)
    assert g.s["players"][1]["hand"] == hands[1]  # the other player is not touched
    # the robbed player knows where it went; the third player does not
    card = taken.pop()
    assert card in {c["id"] for c in g.view(2)["players"][0]["known_hand"]}
    assert card not in {c["id"] for c in g.view(1)["players"][0]["known_hand"]}
    assert len(g.s["players"][2]["hand"]) == 5
    # nothing left to do but end the turn, with six cards: discarding is all there is
    assert kinds(g) == {"discard"}


def test_a_fairy_cancels_an_attack_and_the_attacker_loses_5_or_what_they_have():
    g = game(level=5)
    g.s["players"][0]["score"] = 3
    g = arrange(
        g,
        hands={0: [NIGHTMARE, *filler(5)], 1: [FAIRIES[0], *filler(4, *filler(5))]},
        dreams={1: [[LAST]]},
    )
    act(g, "attack", card=one(g, NIGHTMARE), target=1, dream="d1")
    act(g, "show_fairy", card=one(g, FAIRIES[0]))
    assert dreams(g, 1) == [[LAST]] and g.s["players"][0]["score"] == 0
    fairy = next(e for e in g.s["log"] if e["type"] == "fairy")
    assert fairy["lost"] == 3 and fairy["attacker"] == 0


# --- moon heads (level 4) ---------------------------------------------------------------------
def moon(players=2, **arranged):
    return arrange(game(level=4, players=players, attack_kind="moon_head"), **arranged)


def test_moon_eye_the_next_turn_begins_with_a_blind_play_of_a_position():
    g = moon(hands={0: [EYE, *filler(5)]})
    act(g, "attack", card=one(g, EYE), target=1)
    act(g, "accept")
    assert g.active_player == 1 and g.s["step"] == "blind"
    positions = g.legal_actions(1)
    assert positions == [{"type": "play_blind", "player": 1, "position": i} for i in range(6)]
    assert g.view(1)["players"][1]["hand"] is None  # the player does not see their cards
    card = g.s["players"][1]["hand"][3]
    act(g, "play_blind", position=3)
    assert g.s["step"] == "blind_use"
    assert {a["card"] for a in g.legal_actions(1)} == {card}  # that card, whatever it is
    act(g, "play", card=card, dream="new")
    assert dreams(g, 1) == [[g.s["cards"][card]]] and g.view(1)["players"][1]["hand"] is not None


def test_moon_eye_a_card_that_cannot_be_played_blind_is_lost():
    g = moon(
        hands={0: [EYE, *filler(5)], 1: [FAIRIES[0], *filler(4, *filler(5))]}, top=[FAIRIES[1]]
    )
    act(g, "attack", card=one(g, EYE), target=1)
    act(g, "accept")
    hand1 = g.s["players"][1]["hand"]
    position = next(i for i, c in enumerate(hand1) if g.s["cards"][c] in FAIRIES)
    lost = hand1[position]
    act(g, "play_blind", position=position)
    # lost, and it was the turn's card: nothing more to do, seat 0 plays on
    assert lost in g.s["discard"] and g.active_player == 0
    assert len(g.s["players"][1]["hand"]) == 5 and g.s["players"][1]["dreams"] == []


def test_moon_hand_discards_one_card_per_other_player_then_draws_as_many():
    g = moon(players=3, hands={0: [HAND, *filler(5)]})
    act(g, "attack", card=one(g, HAND), target=2)
    act(g, "accept")
    before = list(g.s["players"][2]["hand"])
    assert g.active_player == 2 and kinds(g) == {"discard"}
    act(g, "discard", card=before[0])
    act(g, "discard", card=before[1])
    after = g.s["players"][2]["hand"]
    assert len(after) == 5 and before[0] not in after and before[1] not in after
    assert {before[0], before[1]} <= set(g.s["discard"])


def test_moon_ear_deals_the_dream_cards_out_and_each_one_chooses_where():
    g = moon(players=3, hands={0: [EAR, *filler(5)]}, dreams={2: [[LAST, LINKS, NO_LINK]]})
    act(g, "attack", card=one(g, EAR), target=2)
    act(g, "accept")
    assert g.s["players"][2]["dreams"] == []
    assert [c["id"] for c in g.view(1)["in_transit"]] == [
        one(g, LAST),
        one(g, LINKS),
        one(g, NO_LINK),
    ]
    # dealt round from the attacker: seat 0 takes S001, seat 1 takes S015, seat 0 takes S003
    assert g.active_player == 0
    places = {a["to"] for a in g.legal_actions(0)}
    assert places == {"hand", "discard", "new"}
    act(g, "take", card=one(g, LAST), to="new")
    act(g, "take", card=one(g, LINKS), to="hand")
    act(g, "take", card=one(g, NO_LINK), to="discard")
    assert dreams(g, 0) == [[LAST]] and one(g, LINKS) in g.s["players"][1]["hand"]
    assert one(g, NO_LINK) in g.s["discard"] and g.s["limbo"] == []
    # the card taken into a hand was on show: everyone knows it is there
    assert one(g, LINKS) in {c["id"] for c in g.view(2)["players"][1]["known_hand"]}


def test_moon_ear_on_a_player_with_no_dream_does_nothing():
    g = moon(hands={0: [EAR, *filler(5)]})
    act(g, "attack", card=one(g, EAR), target=1)
    act(g, "accept")
    assert g.active_player == 1 and g.s["limbo"] == []


@pytest.mark.parametrize("join", [True, False])
def test_moon_mouth_every_hand_passes_to_the_left_and_the_attacker_may_stay_out(join):
    g = moon(players=3, hands={0: [MOUTH, *filler(5)]})
    attacks = [a for a in g.legal_actions(0) if a["type"] == "attack"]
    assert [(a["target"], a["join"]) for a in attacks] == [
        (1, True), (1, False), (2, True), (2, False)
    ]  # fmt: skip
    hands = {p: list(g.s["players"][p]["hand"]) for p in range(3)}
    hands[0].remove(one(g, MOUTH))
    act(g, "attack", card=one(g, MOUTH), target=2, join=join)
    act(g, "accept")  # the target lets it happen: nobody else is asked
    s = g.s
    if join:
        assert set(s["players"][1]["hand"]) >= set(hands[0])  # 0 → 1 → 2 → 0
        assert set(s["players"][2]["hand"]) == set(hands[1])
        assert set(s["players"][0]["hand"]) == set(hands[2])
    else:
        assert set(s["players"][0]["hand"]) == set(hands[0])  # 1 → 2 → 1
        assert set(s["players"][2]["hand"]) == set(hands[1])
        assert set(s["players"][1]["hand"]) >= set(hands[2])
    # you know the hand you passed on
    giver, taker = (0, 1) if join else (1, 2)
    known = {c["id"] for c in g.view(giver)["players"][taker]["known_hand"]}
    assert set(hands[giver]) <= known


def test_moon_mouth_the_targets_fairy_stops_the_whole_exchange():
    g = moon(players=3, hands={0: [MOUTH, *filler(5)], 1: [FAIRIES[0], *filler(4, *filler(5))]})
    before = {p: set(g.s["players"][p]["hand"]) for p in (1, 2)}
    act(g, "attack", card=one(g, MOUTH), target=1, join=True)
    assert g.s["pending"] == [{"kind": "defend", "player": 1}]  # seat 2 is not asked
    act(g, "show_fairy", card=one(g, FAIRIES[0]))
    assert g.s["pending"] == []
    assert set(g.s["players"][2]["hand"]) == before[2]  # no hand went round
    assert set(g.s["players"][1]["hand"]) >= before[1] - {one(g, FAIRIES[0])}
    assert g.s["players"][0]["score"] == 0


@pytest.mark.parametrize(
    ("kind", "card", "fields"),
    [("bad_night", INSOMNIA, {}), ("moon_head", MOUTH, {"join": True})],
)
def test_an_attack_is_against_one_player_whose_fairy_alone_cancels_it_for_5(kind, card, fields):
    """DECISIONS ONIROO 7: "played … against one other player … A dream fairy shown by the
    target cancels the attack … and the attacker loses 5 points". Until the audit of
    DECISIONS 7, insomnia and the moon mouth asked every other player, and two fairies shown
    cost the attacker 10."""
    g = game(level=4, players=3, attack_kind=kind)
    g.s["players"][0]["score"] = 20
    g = arrange(
        g,
        hands={
            0: [card, *filler(5)],
            1: [FAIRIES[0], *filler(4, *filler(5))],
            2: [FAIRIES[1], *filler(4, *filler(9))],
        },
    )
    hands = {p: set(g.s["players"][p]["hand"]) for p in (1, 2)}
    attacks = [a for a in g.legal_actions(0) if a["type"] == "attack"]
    assert attacks and all(a["target"] in (1, 2) for a in attacks)
    act(g, "attack", card=one(g, card), target=2, **fields)
    assert g.active_player == 2 and kinds(g) == {"show_fairy", "accept"}
    act(g, "show_fairy", card=one(g, FAIRIES[1]))
    assert g.s["players"][0]["score"] == 15  # one fairy, 5 points
    assert g.active_player == 1 and g.s["players"][1]["hand"][-1] not in hands[1]  # seat 1's turn
    assert hands[1] <= set(g.s["players"][1]["hand"])  # its fairy was never asked for
    assert set(g.s["players"][2]["hand"]) == hands[2] - {one(g, FAIRIES[1])}


def test_moon_nose_a_dream_card_to_the_attacker_and_no_cut_when_nothing_breaks():
    cards = [LAST, LINKS, NO_LINK]
    g = moon(hands={0: [NOSE, *filler(5)]}, dreams={1: [cards]})
    act(g, "attack", card=one(g, NOSE), target=1)
    act(g, "accept")
    assert {a["card"] for a in g.legal_actions(1)} == {one(g, c) for c in cards}
    act(g, "give", card=one(g, LINKS))
    assert dreams(g, 1) == [[LAST, NO_LINK]]  # it was not complete: nothing is cut
    assert one(g, LINKS) in g.s["players"][0]["hand"]


def only_just_complete(done: list[str]) -> list[str]:
    """Two symbol cards that keep `done` complete, but not once one of its free cards goes."""
    from play.engines.oniroo.dreams import facts_of, is_complete

    def complete(codes):
        return is_complete([facts_of(CARDS[c]) for c in codes], 5)

    pool = [c for c in symbols() if c not in done]
    for a, b in zip(pool, pool[1:], strict=False):
        dream = done[:2] + [a, b] + done[2:]
        if complete(dream) and not complete(done[:2] + [a, b] + done[3:]):
            return [a, b]
    raise AssertionError("no such pair")


def test_moon_nose_a_complete_dream_broken_by_the_gift_is_cut_back_where_the_card_was():
    done = complete_dream()  # S001 + four free cards: complete, and only just
    extra = only_just_complete(done)
    g = moon(hands={0: [NOSE, *filler(5, *extra)]}, dreams={1: [done[:2] + extra + done[2:]]})
    assert g.s["players"][1]["dreams"][0]["complete"]
    act(g, "attack", card=one(g, NOSE), target=1)
    act(g, "accept")
    act(g, "give", card=one(g, FREES[1]))  # S001, F01, x, y, [F02], F03, F04
    assert dreams(g, 1) == [[done[0], FREES[0], *extra]]
    assert {one(g, FREES[2]), one(g, FREES[3])} <= set(g.s["discard"])


# --- series and the vote ----------------------------------------------------------------------
def test_a_series_adds_up_the_points_and_the_next_seat_starts():
    g = arrange(
        game(level=5, games=2), hands={0: [WAKE, *filler(5)]}, dreams={0: [complete_dream()]}
    )
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert not g.is_over and g.s["game_no"] == 2
    assert g.s["first_player"] == 1 and g.active_player == 1
    assert [seat["score"] for seat in g.s["players"]] == [15, 0]
    assert g.s["players"][0]["dreams"] == [] and count_cards(g) == 147
    g = arrange(g, hands={1: [WAKE, *filler(5)]}, dreams={1: [complete_dream()]})
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert g.is_over
    assert g.result["reason"] == "series" and g.result["scores"] == [15, 15]
    assert g.result["winners"] == [0, 1]  # a tie shares the win
    assert [h["winner"] for h in g.result["games"]] == [0, 1]


def test_the_vote_gives_5_to_the_highest_picture_and_10_more_to_the_winner():
    for seed in range(20):
        g = game(level=5, vote=True, seed=seed, shuffle=True)
        first = g.active_player
        g = arrange(g, hands={first: [WAKE, *filler(5)]}, dreams={first: [complete_dream()]})
        act(g, "wake_up", card=one(g, WAKE), dream="d1")
        vote = next(e for e in g.s["log"] if e["type"] == "vote")
        numbers = {seat: CARDS[g.s["cards"][card]]["number"] for seat, card in vote["draws"]}
        assert vote["top"] == max(numbers, key=numbers.get)
        expected = [0, 0]
        expected[first] += 15
        expected[vote["top"]] += 15 if vote["top"] == first else 5
        assert g.result["scores"] == expected


# --- illegal actions --------------------------------------------------------------------------
def test_illegal_actions_are_refused_with_a_code_and_change_nothing():
    g = arrange(
        game(level=5), hands={0: [LAST, LINKS, NO_LINK, *filler(3)]}, dreams={1: [["ONI-S099"]]}
    )
    before = g.to_dict()
    cases = [
        ({"type": "end_turn", "player": 1}, "not_your_turn"),
        ({"type": "fly", "player": 0}, "unknown_action"),
        ({"type": "wake_up", "player": 0, "card": one(g, LAST), "dream": "d1"}, "wrong_step"),
        ({"type": "play", "player": 0, "card": one(g, "ONI-S099"), "dream": "new"}, "not_in_hand"),
        ({"type": "play", "player": 0, "card": one(g, LAST), "dream": "d9"}, "not_allowed"),
        ({"type": "play", "player": 0, "card": [one(g, LAST)], "dream": "new"}, "not_in_hand"),
        ({"type": "play", "player": True, "card": one(g, LAST), "dream": "new"}, "bad_player"),
        ({"player": 0}, "bad_action"),
    ]
    for action, code in cases:
        with pytest.raises(IllegalAction) as refused:
            g.apply(action)
        assert refused.value.code == code, action
        assert g.to_dict() == before
