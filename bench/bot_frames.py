"""How long a bot's move takes to reach a table on `make run`'s own stack.

    .venv/bin/python bench/bot_frames.py                # 3 Álomfogó matches, 1 ONIROO game
    .venv/bin/python bench/bot_frames.py --alomfogo 5 --oniroo 2

Starts the site exactly as `make run` does (migrate, load_cards, `manage.py
serve`: daphne and its own Celery worker, SQLite, the filesystem broker, no
REDIS_URL) in a scratch var/ folder. One person plays each match over a
websocket against the greedy bots (the first legal action, at once); the
bots move in the worker. For every bot move it measures the time from the
move's row being written (MatchAction.created_at, inside the worker's
transaction) to its frame arriving at the person's socket, which covers the
commit, the channel layer's SQLite file, the web server's poll and the
socket. Prints the count, p50, p95 and the maximum. It also measures what the
person waits for: from sending a move that hands the turn to a bot to the frame
of that bot's answer, which adds the worker noticing the queued task on the
filesystem broker and the bot choosing. Traffic stays on 127.0.0.1; the run
stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.make_run_site import MakeRunSite  # noqa: E402

GAME_SECONDS = 300  # a whole game against bots takes well under a minute

NEW_MATCH = """
from accounts.models import User
from catalog.models import Game
from core.games import GAMES
from decks.models import Deck
from play import services
user = User.objects.get(username="{username}")
game = Game.objects.get(slug="{game}")
deck = Deck.objects.get(pk={deck}) if GAMES["{game}"].uses_decks else None
match = services.match_create(user=user, game=game, deck=deck, opponent="bot:greedy",
                              options={options})
print(match.pk)
"""

ACTION_TIMES = """
import json
from play.models import MatchAction
rows = MatchAction.objects.filter(match_id="{match}").values_list("seq", "seat", "created_at")
print(json.dumps([[seq, seat, at.timestamp()] for seq, seat, at in rows]))
"""


async def play(
    site: MakeRunSite, session: str, match_id: str
) -> tuple[dict[int, float], list[float]]:
    """Play seat 0 to the end: the wall-clock arrival time of each version's frame, and
    the milliseconds from each move that handed the turn to a bot to the bot's answer."""
    import websockets

    arrived: dict[int, float] = {}
    sent: dict[int, float] = {}  # the version a move was sent at -> when
    waiting: dict[int, bool] = {}  # version -> the seat had nothing to do (a bot's turn)
    answers: list[float] = []
    url = f"ws://127.0.0.1:{site.port}/ws/matches/{match_id}/"
    headers = {"Cookie": f"sessionid={session}", "Origin": site.url}
    deadline = time.monotonic() + GAME_SECONDS
    async with websockets.connect(url, additional_headers=headers, open_timeout=30) as ws:
        while time.monotonic() < deadline:
            frame = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            if frame.get("type") != "state":
                continue  # the chat history sent on connect, or a refusal
            version = frame["version"]
            arrived.setdefault(version, time.time())
            waiting[version] = not frame["legal"]
            # our move made version - 1, which left the turn to a bot: this is its answer
            if version - 2 in sent and waiting.get(version - 1):
                answers.append((arrived[version] - sent[version - 2]) * 1000)
            if frame["status"] != "running":
                return arrived, answers
            if frame["legal"]:
                action = frame["legal"][0]
                sent[version] = time.time()
                await ws.send(json.dumps({"action": action, "version": version}))
    raise SystemExit(f"match {match_id} did not end within {GAME_SECONDS} s")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--alomfogo", type=int, default=3, help="matches against the greedy bot")
    parser.add_argument("--oniroo", type=int, default=1, help="level-5 games with three bots")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        site = MakeRunSite(Path(scratch) / "var")
        started = time.monotonic()
        site.start()
        print(f"make run's stack up in {time.monotonic() - started:.1f} s at {site.url}")
        try:
            player = site.new_player("bench")
            latencies: list[float] = []
            answers: list[float] = []
            plan = [("alomfogo", {})] * args.alomfogo + [
                ("oniroo", {"players": 4, "level": 5, "games": 1})
            ] * args.oniroo
            for game, options in plan:
                match_id = site.python(
                    NEW_MATCH.format(
                        username="bench", game=game, deck=player["deck"], options=options
                    )
                ).strip()
                arrived, answered = asyncio.run(play(site, player["session"], match_id))
                answers += answered
                rows = json.loads(site.python(ACTION_TIMES.format(match=match_id)))
                # Moves made before the socket opened arrive as one connect frame.
                connected = min(arrived)
                bot_moves = [(seq, at) for seq, seat, at in rows if seat != 0 and seq > connected]
                missing = [seq for seq, _at in bot_moves if seq not in arrived]
                if missing:
                    raise SystemExit(f"{game}: bot moves never arrived: {missing}")
                these = [(arrived[seq] - at) * 1000 for seq, at in bot_moves]
                latencies += these
                print(
                    f"{game}: {len(rows)} moves, {len(these)} by bots, "
                    f"p50 {statistics.median(these):.0f} ms, max {max(these):.0f} ms"
                )
        finally:
            site.stop()

    print(
        f"bot move → table, all games: {len(latencies)} moves, "
        f"p50 {statistics.median(latencies):.0f} ms, "
        f"p95 {percentile(latencies, 0.95):.0f} ms, max {max(latencies):.0f} ms"
    )
    print(
        f"your move → the bot's answer on your table: {len(answers)} answers, "
        f"p50 {statistics.median(answers):.0f} ms, "
        f"p95 {percentile(answers, 0.95):.0f} ms, max {max(answers):.0f} ms"
    )


if __name__ == "__main__":
    main()
