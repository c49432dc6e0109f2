"""Swiss standings and tiebreakers, exact (pure Python, no Django).

Definitions (docs/tournaments.md shows a worked example):

- Match points: 3 for a win, 1 for a draw, 0 for a loss. A bye is a match win
  (3 points) and its games count as won (the caller gives ``games_won``: 1 in
  best of 1, 2 in best of 3). A double loss (both players absent) is a loss
  for both, with no games.
- MWP, a player's match-win percentage: points / (3 × rounds played), byes
  included. Not floored.
- OMW, opponents' match-win percentage: the mean over the player's real
  opponents (byes excluded) of max(1/3, opponent's MWP); 0 with no opponents.
- GWP, game-win percentage: game points / (3 × games played), 3 game points a
  game won and 1 a game drawn. Not floored; 0 with no games.
- OGW, opponents' game-win percentage: the mean over opponents of
  max(1/3, opponent's GWP); 0 with no opponents.

Order: points, OMW, GWP, OGW (all descending), then the seeded ``draw``
ascending, so no two rows share a rank. A dropped player keeps their row
(``dropped=True``) and still counts as an opponent for everyone they played.

Every percentage is a ``fractions.Fraction``: ties are real ties, and
``percent`` rounds only for display.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

WIN, DRAW, LOSS = "win", "draw", "loss"
OUTCOMES = (WIN, DRAW, LOSS)
POINTS = {WIN: 3, DRAW: 1, LOSS: 0}
FLOOR = Fraction(1, 3)  # an opponent's MWP and GWP count at least this much


@dataclass(frozen=True)
class MatchRecord:
    """One player's side of one Swiss round."""

    opponent: int | None  # player id; None = a bye
    outcome: str  # "win" | "draw" | "loss" (a bye is a "win"; a double loss a "loss" for both)
    games_won: int
    games_lost: int
    games_drawn: int


@dataclass(frozen=True)
class StandingRow:
    rank: int  # 1-based, in order; `draw` separates full ties
    player: int
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    mwp: Fraction
    omw: Fraction
    gwp: Fraction
    ogw: Fraction
    dropped: bool


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def _own(records: list[MatchRecord]) -> tuple[int, Fraction, Fraction]:
    """(points, MWP, GWP) of one player's records."""
    for record in records:
        if record.outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {record.outcome!r}")
    points = sum(POINTS[r.outcome] for r in records)
    mwp = Fraction(points, 3 * len(records)) if records else Fraction(0)
    games = sum(r.games_won + r.games_lost + r.games_drawn for r in records)
    game_points = sum(3 * r.games_won + r.games_drawn for r in records)
    gwp = Fraction(game_points, 3 * games) if games else Fraction(0)
    return points, mwp, gwp


def swiss_standings(
    records: dict[int, list[MatchRecord]],
    draw: dict[int, int],
    dropped: Iterable[int] = frozenset(),
) -> list[StandingRow]:
    """Every player's row, best first (see the module docstring for the rules).

    Players named in ``draw`` but without records get an empty row. An opponent
    without records of their own counts at the 1/3 floor.
    """
    dropped = set(dropped)
    players = set(records) | set(draw)
    own = {p: _own(records.get(p, [])) for p in players}
    rows = []
    for p in players:
        mine = records.get(p, [])
        points, mwp, gwp = own[p]
        opponents = [r.opponent for r in mine if r.opponent is not None]
        omw = _mean([max(FLOOR, own[o][1]) if o in own else FLOOR for o in opponents])
        ogw = _mean([max(FLOOR, own[o][2]) if o in own else FLOOR for o in opponents])
        rows.append(
            StandingRow(
                rank=0,
                player=p,
                points=points,
                wins=sum(r.outcome == WIN for r in mine),
                losses=sum(r.outcome == LOSS for r in mine),
                draws=sum(r.outcome == DRAW for r in mine),
                byes=sum(r.opponent is None for r in mine),
                mwp=mwp,
                omw=omw,
                gwp=gwp,
                ogw=ogw,
                dropped=p in dropped,
            )
        )
    # A player missing from `draw` sorts after everyone tied with them who has one.
    last = max(draw.values(), default=0) + 1
    rows.sort(key=lambda r: (-r.points, -r.omw, -r.gwp, -r.ogw, draw.get(r.player, last), r.player))
    return [_with_rank(row, i) for i, row in enumerate(rows, start=1)]


def _with_rank(row: StandingRow, rank: int) -> StandingRow:
    return StandingRow(**{**row.__dict__, "rank": rank})


def final_order(
    swiss: list[StandingRow], elimination: list[list[tuple[int, int | None]]]
) -> list[int]:
    """Final places after a top cut, as player ids.

    ``elimination`` holds, per elimination round, its (winner, loser) pairs.
    The champion and the finalist come first (the last round's winners, then
    its losers, each by Swiss rank, should it hold more than one pair), then
    the losers of each earlier round, latest round first, each group by Swiss
    rank, then everyone else by Swiss rank. Without a top cut it is the Swiss
    order.
    """
    swiss_rank = {row.player: row.rank for row in sorted(swiss, key=lambda r: r.rank)}
    unknown = len(swiss_rank) + 1

    def by_rank(ids: Iterable[int | None]) -> list[int]:
        return sorted(
            (i for i in ids if i is not None), key=lambda i: (swiss_rank.get(i, unknown), i)
        )

    groups: list[list[int]] = []
    for index, round_pairs in enumerate(reversed(elimination)):
        if index == 0:
            groups.append(by_rank(w for w, _ in round_pairs))
        groups.append(by_rank(loser for _, loser in round_pairs))
    groups.append(by_rank(swiss_rank))
    order: list[int] = []
    seen: set[int] = set()
    for group in groups:
        for player in group:
            if player not in seen:
                seen.add(player)
                order.append(player)
    return order


def percent(value: Fraction) -> str:
    """A share as a percentage with two decimals, halves rounded up: 2/3 → "66.67"."""
    hundredths = Fraction(value) * 10000
    cents = (hundredths.numerator * 2 + hundredths.denominator) // (2 * hundredths.denominator)
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"
