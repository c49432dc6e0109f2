"""Swiss pairings by maximum-weight matching, and the top-cut bracket (pure Python, no Django).

A Swiss round is a maximum-weight matching (networkx's blossom algorithm,
``max_weight_matching(maxcardinality=True)``) on a graph whose nodes are the
active players, plus a bye node when their number is odd. Every edge gets a
cost made of five tiers, compared lexicographically:

1. a rematch (the two have met before): 1, else 0;
2. a second bye (a bye edge to a player who already had one): 1, else 0;
3. the bye's rank cost: how many players rank below the one who gets it, so
   the bye goes to the lowest-ranked player who can take it;
4. the squared difference of the two players' match points ("same points
   first": one pair three points apart costs 9, two pairs one point apart 2);
5. a small random cost (0-3) drawn from ``random.Random(seed)``; the same
   generator also shuffles the order in which nodes and edges enter the
   graph, which decides between matchings still equal after that. So equal
   pairings are chosen between by the seed, and the same seed gives the same
   pairing. (A wide random range would cost time: the blossom algorithm's
   running time grows with the number of distinct weights; with 0-3 and the
   shuffle a 512-player round takes about 0.2 s, with 0-65535 about 2.5 s.)

The weights are integers (networkx then computes exactly). Each tier's
multiplier is one more than the largest total the tiers below it can reach
over a whole matching, so no amount of a lower tier outweighs one unit of a
higher tier; the edge weight is a constant minus its cost. Every matching
found pairs the same number of edges (maximum cardinality), so the heaviest
matching is the cheapest one, tier by tier.

Window for large fields: the blossom algorithm on all pairs of about 500
players takes 1-6 s a round (bench/tournament.py --window 512), 0.15-0.3 s
with the window.
Fields of up to ``ALL_PAIRS_UP_TO`` (64) players always use all pairs, which
gives the exact optimum. Larger fields start with
candidate edges from every player to its ``WINDOW`` nearest players below it
in the ranking whom it has not met (so each player has about twice that many
candidates), plus bye edges to the ``WINDOW`` lowest-ranked players without a
bye. If that graph cannot pair everyone, the window doubles, and at the end
it is all pairs (rematches included). Within the window no rematch is
possible, and the ranking is by points, so the nearest players are the
cheapest ones; the result is the optimum of the window's graph.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import networkx as nx

ALL_PAIRS_UP_TO = 64  # fields this small are paired over all pairs (exact)
WINDOW = 8  # large fields: first window of nearest unmet players (see bench/tournament.py)
RANDOM_RANGE = 4  # tier 5: a random cost in [0, RANDOM_RANGE) per edge (more levels, slower)
BYE = "bye"  # the bye node


@dataclass(frozen=True)
class Entrant:
    id: int
    points: int  # match points so far
    rank: int  # 0 = top of the current standings
    opponents: frozenset[int]  # everyone they have been paired with
    had_bye: bool


@dataclass(frozen=True)
class RoundPairing:
    pairs: list[tuple[int, int]]  # table order: highest points first; (better rank, worse rank)
    bye: int | None
    # How the round was paired: the window used, None = all pairs (not part of equality).
    window: int | None = field(default=None, compare=False)
    widened: int = field(default=0, compare=False)  # times the window had to double


def pair_swiss(entrants: list[Entrant], seed: int) -> RoundPairing:
    """Pair one Swiss round (see the module docstring)."""
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("an entrant appears twice")
    order = sorted(entrants, key=lambda e: (e.rank, e.id))
    n = len(order)
    if n == 0:
        return RoundPairing([], None)
    if n == 1:
        return RoundPairing([], order[0].id)
    window: int | None = None if n <= ALL_PAIRS_UP_TO else WINDOW
    widened = 0
    while True:
        if window is not None and window >= n:
            window = None
        graph = _graph(order, seed, window)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) == n + n % 2 or window is None:
            break
        window *= 2
        widened += 1
    return _result(order, matching, window, widened)


def _candidates(
    order: list[Entrant], window: int | None
) -> tuple[list[tuple[int, int]], list[int]]:
    """Candidate pairs (indices into ``order``) and bye candidates."""
    n = len(order)
    if window is None:
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        byes = list(range(n)) if n % 2 else []
        return pairs, byes
    pairs = []
    for i, a in enumerate(order):
        found = 0
        for j in range(i + 1, n):
            b = order[j]
            if b.id in a.opponents or a.id in b.opponents:
                continue
            pairs.append((i, j))
            found += 1
            if found == window:
                break
    byes = []
    if n % 2:
        fresh = [i for i in range(n - 1, -1, -1) if not order[i].had_bye]
        byes = fresh[:window] if fresh else list(range(n - 1, -1, -1))[:window]
    return pairs, byes


def _graph(order: list[Entrant], seed: int, window: int | None) -> nx.Graph:
    n = len(order)
    rng = random.Random(seed)
    pairs, byes = _candidates(order, window)
    # Edge costs per tier: (rematch, second bye, bye rank cost, points², random).
    costs: list[tuple[int, int, tuple[int, int, int, int, int]]] = []
    for i, j in pairs:
        a, b = order[i], order[j]
        rematch = int(b.id in a.opponents or a.id in b.opponents)
        costs.append(
            (i, j, (rematch, 0, 0, (a.points - b.points) ** 2, rng.randrange(RANDOM_RANGE)))
        )
    for i in byes:
        costs.append((i, -1, (0, int(order[i].had_bye), n - 1 - i, 0, rng.randrange(RANDOM_RANGE))))
    # Tier multipliers. A matching has `edges` edges, one at most to the bye node.
    edges = (n + 1) // 2
    max_square = max((c[3] for _, _, c in costs), default=0)
    lower = edges * (RANDOM_RANGE - 1)  # tier 5's largest total
    m4 = lower + 1
    lower += edges * max_square * m4  # tiers 4-5
    m3 = lower + 1
    lower += (n - 1) * m3  # tiers 3-5 (one bye edge)
    m2 = lower + 1
    lower += m2  # tiers 2-5 (one bye edge)
    m1 = lower + 1
    multipliers = (m1, m2, m3, m4, 1)
    weighted = [
        (i, j, sum(m * c for m, c in zip(multipliers, cost, strict=True))) for i, j, cost in costs
    ]
    top = max(w for _, _, w in weighted) + 1  # weight = top - cost > 0
    rng.shuffle(weighted)
    nodes = list(range(n))
    rng.shuffle(nodes)
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    for i, j, cost in weighted:
        graph.add_edge(i, BYE if j < 0 else j, weight=top - cost)
    return graph


def _result(order: list[Entrant], matching: set, window: int | None, widened: int) -> RoundPairing:
    bye = None
    pairs = []
    for u, v in matching:
        if BYE in (u, v):
            bye = v if u == BYE else u
        else:
            pairs.append((min(u, v), max(u, v)))
    if 2 * len(pairs) + (bye is not None) != len(order):  # pragma: no cover
        # All pairs always pair everyone; a window that cannot is widened before this.
        raise RuntimeError("the matching left a player unpaired")
    # Table 1 is the pair with the most points, then the better-ranked pair.
    pairs.sort(key=lambda p: (-max(order[p[0]].points, order[p[1]].points), p[0]))
    bye_id = None if bye is None else order[bye].id
    return RoundPairing([(order[i].id, order[j].id) for i, j in pairs], bye_id, window, widened)


def elimination_pairs(seeds: list[int]) -> list[tuple[int, int]]:
    """The first elimination round from the top-cut seeds in order, in bracket order.

    8 seeds: 1–8, 4–5, 2–7, 3–6; 4 seeds: 1–4, 2–3 (so the top seeds meet last).
    """
    n = len(seeds)
    if n < 2 or n & (n - 1):
        raise ValueError("a top cut needs a power of two players, at least 2")
    bracket = [1]
    while len(bracket) < n:
        size = 2 * len(bracket)
        bracket = [s for seed in bracket for s in (seed, size + 1 - seed)]
    return [(seeds[bracket[k] - 1], seeds[bracket[k + 1] - 1]) for k in range(0, n, 2)]


def next_elimination_pairs(winners: list[int]) -> list[tuple[int, int]]:
    """The next elimination round: the previous round's winners in bracket order, two by two."""
    if len(winners) == 1:
        return []
    if len(winners) % 2:
        raise ValueError("an elimination round needs an even number of winners")
    return [(winners[k], winners[k + 1]) for k in range(0, len(winners), 2)]


def swiss_rounds_for(players: int) -> int:
    """The default number of Swiss rounds: ceil(log2(players)), at least 1."""
    return max(1, (max(players, 1) - 1).bit_length())
