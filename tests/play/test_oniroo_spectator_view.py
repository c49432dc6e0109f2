"""What a spectator sees of the hands at an ONIROO table: only cards shown to the whole table.

A card can be known to every player without the table having seen it: with
two players, the one robbed by an insomnia knows the card the attacker now
holds, and a moon mouth's givers know the hands they passed on. The players
keep that knowledge in their own views; a spectator (`view(None)`) must not
get it, as that would show a private card on an open channel.
"""

from __future__ import annotations

from tests.play.conformance import strings
from tests.play.oniroo_helpers import (
    EAR,
    EYE,
    INSOMNIA,
    MOUTH,
    NOSE,
    act,
    arrange,
    game,
    one,
    symbols,
)

# S001 (myth → plants) is followed by a plants card such as S015; S003 is animals
LAST, LINKS, NO_LINK = "ONI-S001", "ONI-S015", "ONI-S003"


def filler(n: int, start: int = 0) -> list[str]:
    """`n` symbol cards, none of the three above nor one that links after S001 (plants);
    a hand arranged beside another one starts further on, so the two share no card."""
    skip = set(symbols(group="plants")) | {LAST, LINKS, NO_LINK}
    return [c for c in symbols() if c not in skip][start : start + n]


def known_hand(g, viewer: int | None, seat: int) -> set[str]:
    return {card["id"] for card in g.view(viewer)["players"][seat]["known_hand"]}


def own_hand(g, seat: int) -> set[str]:
    return {card["id"] for card in g.view(seat)["players"][seat]["hand"]}


def moon(players=2, **arranged):
    return arrange(game(level=4, players=players, attack_kind="moon_head"), **arranged)


# --- known to the players, never shown to the table -----------------------------------------
def test_a_card_stolen_by_insomnia_is_known_to_both_players_but_not_to_a_spectator():
    g = arrange(game(level=5, players=2), hands={0: [INSOMNIA, *filler(5)]})
    before = set(g.s["players"][1]["hand"])
    act(g, "attack", card=one(g, INSOMNIA), target=1)
    act(g, "accept")
    (stolen,) = before - set(g.s["players"][1]["hand"])
    assert stolen in own_hand(g, 0)  # the thief holds it
    assert stolen in known_hand(g, 1, 0)  # the robbed player knows where it went
    assert stolen not in known_hand(g, None, 0)
    spectator = g.view(None)
    assert stolen not in strings(spectator), "the spectator's view names the stolen card"


def test_hands_passed_by_a_moon_mouth_are_known_to_their_givers_but_not_to_a_spectator():
    g = moon(hands={0: [MOUTH, *filler(5)]})
    hands = {p: set(g.s["players"][p]["hand"]) for p in (0, 1)}
    hands[0].discard(one(g, MOUTH))
    act(g, "attack", card=one(g, MOUTH), target=1, join=True)
    act(g, "accept")
    # with two players the hands swap, and each knows the one it passed on
    assert hands[0] <= known_hand(g, 0, 1) and hands[1] <= known_hand(g, 1, 0)
    assert known_hand(g, None, 0) == known_hand(g, None, 1) == set()
    spectator = strings(g.view(None))
    assert not (hands[0] | hands[1]) & spectator, "the spectator's view names a passed card"


def test_a_card_once_on_show_is_hidden_again_once_it_goes_round_privately():
    g = moon(hands={0: [EAR, *filler(5)], 1: [MOUTH, *filler(5, 5)]}, dreams={1: [[LAST]]})
    act(g, "attack", card=one(g, EAR), target=1)
    act(g, "accept")
    act(g, "take", card=one(g, LAST), to="hand")  # on show: seat 0 now holds S001
    assert one(g, LAST) in known_hand(g, None, 0)
    while g.active_player == 0:  # seat 0 ends its turn by discarding down to 5
        hand = g.s["players"][0]["hand"]
        act(g, "discard", card=next(c for c in hand if c != one(g, LAST)))
    act(g, "attack", card=one(g, MOUTH), target=0, join=True)
    act(g, "accept")
    # seat 0's hand went to seat 1: seat 0 knows it is there, a spectator is not told
    assert one(g, LAST) in g.s["players"][1]["hand"]
    assert one(g, LAST) in known_hand(g, 0, 1)
    assert one(g, LAST) not in known_hand(g, None, 1)


# --- shown to the whole table ------------------------------------------------------------------
def test_a_card_taken_from_a_moon_ear_into_a_hand_shows_to_a_spectator():
    g = moon(hands={0: [EAR, *filler(5)]}, dreams={1: [[LAST, LINKS]]})
    act(g, "attack", card=one(g, EAR), target=1)
    act(g, "accept")
    act(g, "take", card=one(g, LAST), to="hand")
    assert one(g, LAST) in known_hand(g, 1, 0)
    assert one(g, LAST) in known_hand(g, None, 0)
    # the marking survives a snapshot and a search's copy
    for copy in (g.from_dict(g.to_dict()), g.clone()):
        assert one(g, LAST) in known_hand(copy, None, 0)


def test_a_dream_card_given_to_a_moon_nose_shows_to_a_spectator():
    g = moon(players=3, hands={0: [NOSE, *filler(5)]}, dreams={1: [[LAST, LINKS, NO_LINK]]})
    act(g, "attack", card=one(g, NOSE), target=1)
    act(g, "accept")
    act(g, "give", card=one(g, LINKS))
    assert one(g, LINKS) in known_hand(g, 1, 0) and one(g, LINKS) in known_hand(g, 2, 0)
    assert one(g, LINKS) in known_hand(g, None, 0)


def test_a_card_turned_up_by_a_blind_play_shows_to_a_spectator():
    g = moon(hands={0: [EYE, *filler(5)], 1: [LAST, *filler(5, 5)]})
    act(g, "attack", card=one(g, EYE), target=1)
    act(g, "accept")
    position = g.s["players"][1]["hand"].index(one(g, LAST))
    act(g, "play_blind", position=position)
    assert g.s["step"] == "blind_use"  # still in the hand, face up
    assert one(g, LAST) in known_hand(g, 0, 1)
    assert one(g, LAST) in known_hand(g, None, 1)
