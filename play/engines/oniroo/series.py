"""The end of a game: points, the optional vote (M), and the next game of a series.

Points add up over the series (option `games`); the seat with most points
at the end wins (ties share the win; nobody wins while every total is 0).
"""

from __future__ import annotations

from play.engines.oniroo.state import GameOver, card_order

VOTE_POINTS = 5  # the highest picture number drawn in the vote (M_02)
VOTE_WINNER_BONUS = 10  # more, when that card was drawn by the game's winner


def end_game(g, over: GameOver) -> bool:
    """Score the game that just ended; True when the series goes on with another game."""
    s = g.s
    seats = s["players"]
    if over.winner is not None:
        seats[over.winner]["score"] += over.points
    g.emit(
        "game_over",
        game=s["game_no"],
        winner=over.winner,
        reason=over.reason,
        points=over.points,
    )
    if s["options"]["vote"]:
        vote(g, over.winner)
    s["history"].append(
        {
            "game": s["game_no"],
            "winner": over.winner,
            "reason": over.reason,
            "points": over.points,
            "scores": [seat["score"] for seat in seats],
        }
    )
    s["pending"], s["attack"], s["step"] = [], None, "over"
    # no more cards go on any dream this turn, and no turn follows to wait or play blind in:
    # the views must not say otherwise
    s["tf"]["chain"] = s["tf"]["last"] = None
    for seat in seats:
        seat["wait"], seat["blind"] = 0, False
    if s["game_no"] < s["options"]["games"]:
        next_game(g)
        return True
    scores = [seat["score"] for seat in seats]
    top = max(scores)
    s["result"] = {
        "winners": [p for p, score in enumerate(scores) if score == top] if top > 0 else [],
        "reason": over.reason if s["options"]["games"] == 1 else "series",
        "scores": scores,
        "games": list(s["history"]),
    }
    return False


def vote(g, winner: int | None) -> None:
    """M_01–M_02: the two piles shuffled together; each player draws until a picture card.

    Only symbol cards carry a picture number (001–130), so other cards drawn
    are set aside; the winner of the game draws first.
    """
    s = g.s
    pool = s["draw"] + s["discard"]
    s["draw"], s["discard"] = pool, []
    g.shuffle(pool)
    n = len(s["players"])
    start = winner if winner is not None else s["first_player"]
    drawn: list[list] = []
    shown = []
    for q in (x % n for x in range(start, start + n)):
        while pool:
            card = pool.pop(0)
            shown.append(card)
            if g.infos[card].type == "symbol":
                drawn.append([q, card])
                break
    pool.extend(shown)  # back under the pile; the game is over
    if not drawn:
        return
    top_seat, top_card = max(drawn, key=lambda pair: g.infos[pair[1]].number)
    points = VOTE_POINTS + (VOTE_WINNER_BONUS if top_seat == winner else 0)
    s["players"][top_seat]["score"] += points
    # The card's code with its id: the card went back into the pile, so no
    # reader could name it from a zone.
    g.emit(
        "vote", draws=drawn, top=top_seat, card=top_card, code=s["cards"][top_card], points=points
    )


def next_game(g) -> None:
    """Every card back into one pile, shuffled; the next seat starts."""
    s = g.s
    pile = list(s["cards"])
    pile.sort(key=card_order)
    g.shuffle(pile)
    s["draw"], s["discard"] = pile, []
    s["game_no"] += 1
    s["first_player"] = (s["first_player"] + 1) % len(s["players"])
    g.emit("new_game", game=s["game_no"], first_player=s["first_player"])
