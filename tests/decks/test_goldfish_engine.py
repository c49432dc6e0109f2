"""The goldfish is played by the Álomfogó engine: card texts apply, its rules decide.

Each test here failed when the goldfish played its turns by hand (texts ignored):
a text's VP or draw did not show, a cost change or a free play was not seen,
and a spell without a target or a play that loses the game was laid down.
"""

from __future__ import annotations

from collections import Counter

from decks import odds, odds_alomfogo
from decks.entries import Entry
from tests.decks.test_stats import card, tournament_deck


def codes(cards) -> list[str]:
    return [c["code"] for c in cards]


def seed_where(deck: list[Entry], wanted: Counter) -> int:
    """A seed whose opening hand holds at least the `wanted` cards."""
    return next(
        seed for seed in range(500) if not wanted - Counter(codes(odds.sample_hand(deck, seed)))
    )


def test_a_played_texts_vp_is_spent_at_once_and_one_buvforras_a_turn_holds():
    # Gyöngyfüzér (AFD-064): 1 VP, a bűvforrás that gives 3 VP; Kamilla anyó (AFD-003) costs 5
    deck = [Entry(card("AFD-064"), 2), Entry(card("AFD-003"), 3)]  # the whole deck is the hand
    (first,) = odds_alomfogo.goldfish(deck, 1, turns=1)
    # 3 VP: the spell (3 - 1 + 3 = 5 VP), then the révülő it pays for; the second
    # bűvforrás would fit (1 VP) but the engine allows one a turn
    assert codes(p.card for p in first.played) == ["AFD-064", "AFD-003"]
    assert [(p.cost, p.vp_gained) for p in first.played] == [(1, 3), (5, 0)]
    assert (first.vp_available, first.vp_spent, first.vp_left) == (3, 6, 0)
    assert Counter(codes(first.hand)) == Counter({"AFD-064": 1, "AFD-003": 2})
    assert "Kijátszod: Gyöngyfüzér (1 VP; +3 VP), Kamilla anyó (5 VP)." in first.text("hu")
    assert "You play: String of Pearls (1 VP; +3 VP), Old Mother Kamilla (5 VP)." in first.text(
        "en"
    )


def test_a_played_texts_draw_comes_into_the_hand():
    # Álomkép (AFD-066): 2 VP, draw 2. Seven cards: the hand holds one at least, and
    # the two left in the deck are what it draws
    deck = [Entry(card("AFD-066"), 3), Entry(card("AFD-040"), 4)]
    for seed in range(20):
        (first,) = odds_alomfogo.goldfish(deck, seed, turns=1)
        (play,) = first.played  # 1 VP left: the next Álomkép does not fit
        assert play.card["code"] == "AFD-066" and play.cost == 2
        assert len(play.text_drew) == 2
        assert len(first.hand) == 5 - 1 + 2
        assert Counter(codes(first.hand)) + Counter(["AFD-066"]) == Counter(
            {"AFD-066": 3, "AFD-040": 4}
        )
        assert "a szövege miatt húzod:" in first.text("hu")
        assert "its text draws" in first.text("en")


def test_a_play_whose_text_would_draw_from_an_empty_deck_is_skipped():
    # Six cards: one left after the deal, and Álomkép (AFD-066) draws two (a draw from an empty
    # deck loses the game): the goldfish holds it back, until its own draw finds the deck empty
    deck = [Entry(card("AFD-066"), 3), Entry(card("AFD-040"), 3)]
    lines = odds_alomfogo.goldfish(deck, 4, turns=4)
    assert [line.deck_out for line in lines] == [False, False, True]
    assert all(not line.played for line in lines)
    assert lines[1].drawn is not None


def test_a_start_of_turn_texts_vp_is_counted_and_said():
    # Tűzkör (AFD-055): a 2-VP bűvforrás esemény giving 1 VP at the start of each turn
    deck = [Entry(card("AFD-055"), 3), Entry(card("AFD-040"), 4)]
    first, second = odds_alomfogo.goldfish(deck, 2, turns=2)
    assert codes(p.card for p in first.played) == ["AFD-055"]  # one bűvforrás a turn
    assert first.vp_left == 1
    assert (second.vp_available, second.vp_from_texts) == (1 + 3 + 1, 1)
    assert "5 VP (ebből 1 lapszövegből)." in second.text("hu")
    assert "5 VP (1 of it from card texts)." in second.text("en")


def test_a_cost_change_on_the_board_is_what_the_goldfish_pays():
    # Telihold (AFD-056, 2 VP): álomlények cost 1 less; Aranytollú tűzmadár (AFD-039) costs 3
    deck = [Entry(card("AFD-056"), 2), Entry(card("AFD-039"), 6)]
    seed = seed_where(deck, Counter(["AFD-056"]))
    first, second = odds_alomfogo.goldfish(deck, seed, turns=2, vp_per_turn=2)
    assert codes(p.card for p in first.played) == ["AFD-056"]  # the bird's 3 VP does not fit
    (bird,) = second.played
    assert bird.card["code"] == "AFD-039" and bird.cost == 2  # 3 - 1 on a 2-VP turn
    assert bird.drew is not None  # and the draw an álomlény allows is taken
    assert second.vp_left == 0


def test_a_free_play_offered_by_the_board_is_taken():
    # Ébredés Ajtaja (AF1-008, 4 VP): a révülő costing at most 4 may be played free once a turn
    gate, melinda = card("AF1-008"), card("AFD-008")  # Hangrévész Melinda: a 4-VP révülő
    deck = [Entry(gate, 5), Entry(melinda, 1)]
    seed = seed_where(deck, Counter({"AF1-008": 5}))  # the révülő is the first card drawn
    first, second = odds_alomfogo.goldfish(deck, seed, turns=2, vp_per_turn=4)
    assert codes(p.card for p in first.played) == ["AF1-008"]
    assert second.drawn["code"] == "AFD-008"
    assert [(p.card["code"], p.cost, p.free) for p in second.played] == [
        ("AFD-008", 0, True),  # free: the 4 VP pay for the next gate
        ("AF1-008", 4, False),
    ]
    assert "(ingyen)" in second.text("hu") and "(free)" in second.text("en")


def test_a_spell_whose_target_is_missing_is_not_played():
    # Rontás (AFD-070) discards a resting révülő: a goldfish never attacks, so none rests
    deck = [Entry(card("AFD-070"), 3), Entry(card("AFD-040"), 4)]
    for line in odds_alomfogo.goldfish(deck, 3, turns=2, vp_per_turn=4):
        assert not line.played


def test_a_discard_in_a_text_takes_the_first_card_offered():
    # Lélekcsere (AFD-067, 1 VP): you may discard a card from your hand, then draw 2; the
    # engine offers the hand, and the goldfish gives the card it has held longest
    deck = [Entry(card("AFD-067"), 3), Entry(card("AFD-040"), 4)]
    seed = seed_where(deck, Counter(["AFD-067"]))
    hand = odds.sample_hand(deck, seed)
    (first,) = odds_alomfogo.goldfish(deck, seed, turns=1)
    play = first.played[0]
    assert play.card["code"] == "AFD-067"
    held_longest = next(c for c in hand if c is not play.card)
    assert [c["code"] for c in play.discarded] == [held_longest["code"]]
    assert len(play.text_drew) == 2
    assert "a bűbájketrecbe kerül:" in first.text("hu")


def test_the_bookkeeping_of_a_text_heavy_deck_closes_every_turn():
    """VP and hand size follow from what each line says, over many seeds and both seats."""
    text_codes = ["AFD-055", "AFD-056", "AFD-060", "AFD-063", "AFD-064", "AFD-065", "AFD-066"]
    deck = [*tournament_deck()[:9], *(Entry(card(code), 3) for code in text_codes)]
    seen = Counter()
    for seed in range(40):
        for on_the_play in (True, False):
            lines = odds_alomfogo.goldfish(deck, seed, turns=6, on_the_play=on_the_play)
            assert lines == odds_alomfogo.goldfish(deck, seed, turns=6, on_the_play=on_the_play)
            vp, hand = 0, 5
            for line in lines:
                assert line.vp_available == vp + 3 + line.vp_from_texts
                gained = sum(p.vp_gained for p in line.played)
                assert line.vp_left == line.vp_available - line.vp_spent + gained >= 0
                assert sum("buvforras" in p.card["subtypes"] for p in line.played) <= 1
                hand += (line.drawn is not None) + len(line.start_drew) - len(line.played)
                for p in line.played:
                    hand += (p.drew is not None) + len(p.text_drew) - len(p.discarded)
                assert len(line.hand) == hand
                vp = line.vp_left
                seen["start VP"] += bool(line.vp_from_texts)
                seen["start draw"] += bool(line.start_drew)
                seen["play VP"] += any(p.vp_gained for p in line.played)
                seen["play draw"] += any(p.text_drew for p in line.played)
                seen["cheaper"] += any(p.cost < p.card["cost"] and not p.free for p in line.played)
    assert all(seen[kind] for kind in ("start VP", "start draw", "play VP", "play draw"))
    assert seen["cheaper"]


def test_a_deck_smaller_than_a_hand_is_dealt_whole_and_played():
    """A deck being built (1–4 cards) is the whole sample hand: turn 1 lays it down."""
    deck = [Entry(card("AFD-019"), 1), Entry(card("AFD-040"), 2)]
    first, *rest = odds_alomfogo.goldfish(deck, 7)
    assert not first.deck_out and "AFD-019" in codes(p.card for p in first.played)
    assert rest and rest[0].deck_out  # the next draw finds the deck empty
