"""Where ONIROO greedy-vs-random games are won and lost: the race for the one wake-up card.

    .venv/bin/python bench/oniroo_wake_up.py
    .venv/bin/python bench/oniroo_wake_up.py --games 1000 --workers 2

The greedy bot's goal (issue #9) is ≥ 60 % of 4-player level-5 games against
three random bots. This script plays the games of `bench/engine.py oniroo`
(seeds 0…N-1, the greedy seat going round, the same `decide` calls as
`play_game`) and reads the state between moves to say why the figure is
what it is:

- who held the wake-up first (the greedy bot or a random one), and how each
  of those games ended;
- in how many games the greedy bot had a complete dream, and from when;
- cards drawn per own turn, greedy and random (a card is drawn back for each
  card played, so this is the share of the draw pile each one sees);
- how long a chain the greedy bot's hand allowed at the start of its turns
  (the most cards it could have played) beside what it drew;
- the same games with an *oracle* greedy bot that is told which seat holds the
  wake-up: it aims the sleepwalker at that seat, plays insomnia whenever a
  rival holds it, and keeps its cards out of the dreams (discarding instead)
  while a rival holds it, so that the game lasts. No fair bot knows more than
  this one, so its rate is a ceiling for the strategies tried here.

Seats and generators match `bench/engine.py`, so the plain greedy rate here
equals the one printed there for the same number of games.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.bots import get_bot  # noqa: E402
from play.bots.base import bot_rng, decide  # noqa: E402
from play.bots.oniroo_greedy import OnirooGreedyBot, longest_chain  # noqa: E402
from play.engines import get_engine  # noqa: E402

SETUP = {"level": 5, "players": 4}
SEATS = SETUP["players"]
MAX_ACTIONS = 5000  # as play_game


class OracleGreedyBot(OnirooGreedyBot):
    """The greedy bot, told by the benchmark which seat holds the wake-up (`holder`)."""

    kind = "oracle"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.holder: int | None = None
        self._wake: str | None = None

    def watch(self, state) -> None:
        """Told before each of its decisions (bench/bots.py): who holds the wake-up now."""
        if self._wake is None:
            self._wake = next(iter(state.wake_ids))
        self.holder = wake_up_holder(state, self._wake)

    def choose(self, view, legal, rng):
        me = view["you"]
        rival = self.holder is not None and self.holder != me
        mine = view["players"][me]
        complete = any(d["complete"] for d in mine["dreams"])
        if rival and view["to_act"] == me == view.get("turn_player") and complete:
            hand = {c["id"]: c for c in mine.get("hand") or []}
            for a in legal:
                subtype = hand.get(a.get("card"), {}).get("subtype")
                if a["type"] == "attack" and subtype == "sleepwalker":
                    if a.get("target") == self.holder:
                        return a
                if a["type"] == "attack" and subtype == "insomnia":
                    return a
            discards = [a for a in legal if a["type"] == "discard"]
            if discards and view["step"] == "play":
                return super().choose(view, discards, rng)  # the least useful card goes
            if any(a["type"] == "end_turn" for a in legal):
                return next(a for a in legal if a["type"] == "end_turn")
        return super().choose(view, legal, rng)


def wake_up_holder(state, wake: str) -> int | None:
    for seat, player in enumerate(state.s["players"]):
        if wake in player["hand"]:
            return seat
    return None


def turn_start_chain(state, seat: int) -> int:
    """The most dream cards the seat's hand could play in a chain this turn."""
    infos = state.infos
    hand = [infos[c].facts for c in state.s["players"][seat]["hand"] if infos[c].is_dream]
    return max(
        (1 + longest_chain(card, hand[:k] + hand[k + 1 :]) for k, card in enumerate(hand)),
        default=0,
    )


def play_one(seed: int, oracle: bool) -> dict:
    engine = get_engine("oniroo")
    from play.bots.oniroo_cards import oniroo_cards

    greedy_seat = seed % SEATS
    bots = {
        p: (OracleGreedyBot(seed) if oracle else get_bot("greedy", seed, game="oniroo"))
        if p == greedy_seat
        else get_bot("random", seed, game="oniroo")
        for p in range(SEATS)
    }
    state = engine.new_game(oniroo_cards(), SETUP, seed)
    rngs = {seat: bot_rng(seed, seat, bot) for seat, bot in bots.items()}
    wake = next(iter(state.wake_ids))
    first = wake_up_holder(state, wake)
    drawn = Counter()
    turns = Counter()
    chains = []
    actions = 0
    dreamt = None  # the greedy bot's turn when it first had a complete dream
    while not state.is_over and actions < MAX_ACTIONS:
        seat = state.active_player
        s = state.s
        if (
            seat == greedy_seat
            and not s["pending"]
            and s["step"] == "play"
            and s["tf"]["played"] == 0
            and not s["tf"]["attacked"]
        ):
            chains.append(turn_start_chain(state, seat))
        if oracle:
            bots[greedy_seat].holder = wake_up_holder(state, wake)
        events = state.apply(decide(state, seat, bots[seat], rngs[seat]))
        actions += 1
        for event in events:
            who = "greedy" if event.get("player") == greedy_seat else "random"
            if event["type"] == "turn":
                turns[who] += 1
                drawn[who] += 1
            elif event["type"] == "draw":
                drawn[who] += event["count"]
        if first is None:
            first = wake_up_holder(state, wake)
        if dreamt is None and any(d["complete"] for d in s["players"][greedy_seat]["dreams"]):
            dreamt = s["turn"]
    result = state.result or {"winners": [], "reason": "unfinished"}
    won = result["winners"] == [greedy_seat]
    return {
        "won": won,
        "end": (result["reason"], "greedy" if won else "random" if result["winners"] else "none"),
        "first": None if first is None else "greedy" if first == greedy_seat else "random",
        "drawn": drawn,
        "turns": turns,
        "chains": chains,
        "dreamt": dreamt,
    }


def _run(args: tuple[range, bool]) -> list[dict]:
    seeds, oracle = args
    return [play_one(seed, oracle) for seed in seeds]


def run(games: int, workers: int, oracle: bool) -> list[dict]:
    chunks = [(range(w, games, workers), oracle) for w in range(workers)]
    if workers == 1:
        return _run(chunks[0])
    with Pool(workers) as pool:
        return [game for part in pool.map(_run, chunks) for game in part]


def report(name: str, games: list[dict], seconds: float) -> None:
    n = len(games)
    wins = sum(g["won"] for g in games)
    decided = sum(1 for g in games if g["end"][1] != "none")
    print(f"\n{name}: {wins}/{n} won = {100 * wins / n:.1f} % ({seconds:.1f} s)")
    print(f"  of the {decided} games someone won: {100 * wins / max(decided, 1):.1f} %")
    ends = Counter(g["end"] for g in games)
    print("  ends (reason, winner): " + ", ".join(f"{k}: {v}" for k, v in ends.most_common()))
    for first in ("greedy", "random"):
        group = [g for g in games if g["first"] == first]
        if group:
            won = sum(g["won"] for g in group)
            how = Counter(g["end"] for g in group if not g["won"])
            share = 100 * len(group) / n
            print(
                f"  wake-up first in a {first} hand: {len(group)} games ({share:.0f} %),"
                f" greedy won {won} ({100 * won / len(group):.0f} %); the rest: "
                + (", ".join(f"{k}: {v}" for k, v in how.most_common()) or "none")
            )
    dreamt = [g["dreamt"] for g in games if g["dreamt"] is not None]
    print(
        f"  the greedy bot had a complete dream in {len(dreamt)} games, first at game turn"
        f" {statistics.median(dreamt):.0f} (median; 4 seats, so its own turn ~"
        f"{statistics.median(dreamt) / SEATS:.0f})"
    )
    drawn = sum((g["drawn"] for g in games), Counter())
    turns = sum((g["turns"] for g in games), Counter())
    rates = {who: drawn[who] / turns[who] for who in ("greedy", "random") if turns[who]}
    share = rates["greedy"] / (rates["greedy"] + (SEATS - 1) * rates["random"])
    chains = [c for g in games for c in g["chains"]]
    print(
        f"  cards drawn per own turn: greedy {rates['greedy']:.2f}, random {rates['random']:.2f}"
        f" (greedy sees {100 * share:.0f} % of the draws); the longest chain its hand allowed"
        f" at turn start: mean {statistics.fmean(chains):.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=1, help="processes (games are split)")
    parser.add_argument("--no-oracle", action="store_true", help="skip the oracle run")
    args = parser.parse_args()
    print(
        f"ONIROO level 5, 4 players: greedy vs 3 random, {args.games} games "
        f"(seeds 0–{args.games - 1}), {args.workers} process(es)"
    )
    for name, oracle in (("greedy", False), ("oracle greedy (knows the wake-up's holder)", True)):
        if oracle and args.no_oracle:
            continue
        start = time.perf_counter()
        games = run(args.games, args.workers, oracle)
        report(name, games, time.perf_counter() - start)


if __name__ == "__main__":
    main()
