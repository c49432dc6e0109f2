"""Swiss standings and tiebreakers, checked against values worked out by hand."""

from fractions import Fraction as F

from tournaments.pairing import elimination_pairs, next_elimination_pairs
from tournaments.standings import MatchRecord, final_order, percent, swiss_standings

A, B, C, D, E, G, H = 1, 2, 3, 4, 5, 7, 8
FF = 6  # player F


def rec(opponent, outcome, won, lost, drawn=0):
    return MatchRecord(opponent, outcome, won, lost, drawn)


# An 8-player, 3-round best-of-3 event (players A-H; F is `FF`).
# Round 1: A beats B 2-0, C beats D 2-1, E and F draw 1-1 with a drawn game,
#          G and H both absent (a double loss, no games). H drops.
# Round 2 (7 players): A beats C 2-1, B beats E 2-0, D and F draw 1-1, G has the bye (2-0).
# Round 3: G beats A 2-1, B beats D 2-0, C beats F 2-1, E has the bye (2-0).
RECORDS = {
    A: [rec(B, "win", 2, 0), rec(C, "win", 2, 1), rec(G, "loss", 1, 2)],
    B: [rec(A, "loss", 0, 2), rec(E, "win", 2, 0), rec(D, "win", 2, 0)],
    C: [rec(D, "win", 2, 1), rec(A, "loss", 1, 2), rec(FF, "win", 2, 1)],
    D: [rec(C, "loss", 1, 2), rec(FF, "draw", 1, 1), rec(B, "loss", 0, 2)],
    E: [rec(FF, "draw", 1, 1, 1), rec(B, "loss", 0, 2), rec(None, "win", 2, 0)],
    FF: [rec(E, "draw", 1, 1, 1), rec(D, "draw", 1, 1), rec(C, "loss", 1, 2)],
    G: [rec(H, "loss", 0, 0), rec(None, "win", 2, 0), rec(A, "win", 2, 1)],
    H: [rec(G, "loss", 0, 0)],
}
DRAW = {A: 8, B: 7, C: 6, D: 5, E: 4, FF: 3, G: 2, H: 1}

# Own figures (MWP = points / 9 for three rounds; H played one round: 0 / 3):
#   A 6 pts, MWP 2/3; games 5-3-0 → GWP 15/24 = 5/8
#   B 6 pts, MWP 2/3; games 4-2-0 → GWP 12/18 = 2/3
#   C 6 pts, MWP 2/3; games 5-4-0 → GWP 15/27 = 5/9
#   D 1 pt,  MWP 1/9; games 2-5-0 → GWP 6/21 = 2/7
#   E 4 pts, MWP 4/9; games 3-3-1 (bye 2-0 included) → GWP (9+1)/21 = 10/21
#   F 2 pts, MWP 2/9; games 3-4-1 → GWP 10/24 = 5/12
#   G 6 pts, MWP 2/3; games 4-1-0 (bye included) → GWP 12/15 = 4/5
#   H 0 pts, MWP 0;   no games → GWP 0
# OMW (each opponent floored at 1/3, byes left out):
#   A: B 2/3, C 2/3, G 2/3 → 2/3
#   B: A 2/3, E 4/9, D 1/9→1/3 → (6+4+3)/27 = 13/27
#   C: D 1/9→1/3, A 2/3, F 2/9→1/3 → (3+6+3)/27 = 4/9
#   D: C 2/3, F 2/9→1/3, B 2/3 → (6+3+6)/27 = 5/9
#   E: F 2/9→1/3, B 2/3 → 1/2
#   F: E 4/9, D 1/9→1/3, C 2/3 → (4+3+6)/27 = 13/27
#   G: H 0→1/3, A 2/3 → 1/2   (unfloored it would be 1/3, level with C's unfloored 1/3)
#   H: G 2/3 → 2/3
# OGW (each opponent's GWP floored at 1/3):
#   A: B 2/3, C 5/9, G 4/5 → (30+25+36)/45/3 = 91/135
#   B: A 5/8, E 10/21, D 2/7→1/3 → (105+80+56)/168/3 = 241/504
#   C: D 2/7→1/3, A 5/8, F 5/12 → (8+15+10)/24/3 = 11/24
#   D: C 5/9, F 5/12, B 2/3 → (20+15+24)/36/3 = 59/108
#   E: F 5/12, B 2/3 → (5+8)/12/2 = 13/24
#   F: E 10/21, D 2/7→1/3, C 5/9 → (30+21+35)/63/3 = 86/189
#   G: H 0→1/3, A 5/8 → (8+15)/24/2 = 23/48
#   H: G 4/5 → 4/5
# Order: the four on 6 points by OMW: A 2/3, G 1/2, B 13/27, C 4/9; then E 4, F 2, D 1, H 0.
EXPECTED = [
    # player, points, W, L, D, byes, mwp, omw, gwp, ogw
    (A, 6, 2, 1, 0, 0, F(2, 3), F(2, 3), F(5, 8), F(91, 135)),
    (G, 6, 2, 1, 0, 1, F(2, 3), F(1, 2), F(4, 5), F(23, 48)),
    (B, 6, 2, 1, 0, 0, F(2, 3), F(13, 27), F(2, 3), F(241, 504)),
    (C, 6, 2, 1, 0, 0, F(2, 3), F(4, 9), F(5, 9), F(11, 24)),
    (E, 4, 1, 1, 1, 1, F(4, 9), F(1, 2), F(10, 21), F(13, 24)),
    (FF, 2, 0, 1, 2, 0, F(2, 9), F(13, 27), F(5, 12), F(86, 189)),
    (D, 1, 0, 2, 1, 0, F(1, 9), F(5, 9), F(2, 7), F(59, 108)),
    (H, 0, 0, 1, 0, 0, F(0), F(2, 3), F(0), F(4, 5)),
]


def test_hand_computed_event():
    rows = swiss_standings(RECORDS, DRAW, dropped={H})
    got = [
        (r.player, r.points, r.wins, r.losses, r.draws, r.byes, r.mwp, r.omw, r.gwp, r.ogw)
        for r in rows
    ]
    assert got == EXPECTED
    assert [r.rank for r in rows] == list(range(1, 9))
    assert [r.player for r in rows if r.dropped] == [H]


def test_the_floor_lifts_an_opponent_who_scored_nothing():
    rows = {r.player: r for r in swiss_standings(RECORDS, DRAW, dropped={H})}
    # G's opponents: H (MWP 0) and A (2/3). Unfloored G's OMW would be 1/3, below C's 4/9;
    # floored, H counts 1/3 and G's OMW is 1/2, which puts G second.
    assert rows[H].mwp == 0
    assert rows[G].omw == F(1, 2)
    assert rows[G].rank == 2 and rows[C].rank == 4


def test_full_ties_are_broken_by_the_draw():
    records = {
        1: [rec(2, "win", 2, 0)],
        2: [rec(1, "loss", 0, 2)],
        3: [rec(4, "win", 2, 0)],
        4: [rec(3, "loss", 0, 2)],
    }
    rows = swiss_standings(records, {1: 5, 2: 1, 3: 2, 4: 7})
    assert [r.player for r in rows] == [3, 1, 2, 4]
    assert rows[0].omw == rows[1].omw == F(1, 3)


def test_a_player_without_games_has_zero_percentages():
    rows = swiss_standings({1: []}, {1: 1}, dropped={1})
    assert (rows[0].points, rows[0].mwp, rows[0].omw, rows[0].gwp, rows[0].ogw) == (0, 0, 0, 0, 0)
    assert rows[0].dropped


def _swiss(players):
    # No games: the order is the draw, so rank = position in `players`.
    return swiss_standings({}, {p: i for i, p in enumerate(players)})


def test_final_order_after_a_top_eight():
    players = list(range(101, 111))  # Swiss ranks 1..10
    swiss = _swiss(players)
    quarter = elimination_pairs(players[:8])
    assert quarter == [(101, 108), (104, 105), (102, 107), (103, 106)]
    results = [(108, 101), (104, 105), (102, 107), (106, 103)]  # (winner, loser)
    semis = next_elimination_pairs([w for w, _ in results])
    assert semis == [(108, 104), (102, 106)]
    semi_results = [(104, 108), (106, 102)]
    final = [(106, 104)]
    order = final_order(swiss, [results, semi_results, final])
    # Champion, finalist, semi-final losers by Swiss rank, quarter-final losers likewise, the rest.
    assert order == [106, 104, 102, 108, 101, 103, 105, 107, 109, 110]


def test_final_order_after_a_top_four():
    players = [11, 12, 13, 14, 15, 16]
    swiss = _swiss(players)
    assert elimination_pairs(players[:4]) == [(11, 14), (12, 13)]
    semis = [(14, 11), (12, 13)]
    assert next_elimination_pairs([14, 12]) == [(14, 12)]
    order = final_order(swiss, [semis, [(12, 14)]])
    assert order == [12, 14, 11, 13, 15, 16]


def test_final_order_without_a_cut_is_the_swiss_order():
    assert final_order(_swiss([3, 1, 2]), []) == [3, 1, 2]


def test_percent_rounds_for_display_only():
    assert percent(F(2, 3)) == "66.67"
    assert percent(F(1, 3)) == "33.33"
    assert percent(F(5, 8)) == "62.50"
    assert percent(F(1)) == "100.00"
    assert percent(F(0)) == "0.00"
    assert percent(F(1, 80000)) == "0.00"
    assert percent(F(1, 16000)) == "0.01"  # 0.00625 % rounds half up
