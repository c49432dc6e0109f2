"""Live table benchmark: N concurrent matches through the real ASGI server, Redis and websockets.

    .venv/bin/python bench/live.py --matches 100 --postgres postgres://postgres@127.0.0.1/postgres
    .venv/bin/python bench/live.py --matches 20          # SQLite, for a quick look

Starts daphne on a loopback port with REDIS_URL set (channels-redis), makes
2N players with legal decks and N matches between them in a scratch database,
then connects both seats of every match over websockets. Each seat acts as
soon as its frame offers it legal actions (a random legal action), so the
matches play themselves at full speed. It prints actions per second and the
p50/p95 time from sending an action to the opponent receiving the update,
and every error frame. Traffic stays on 127.0.0.1; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scratch import scratch_database  # noqa: E402


def prepare(database_url: str, var_dir: Path, matches: int) -> list[dict]:
    """Scratch database, users, decks, matches; returns per-match session cookies."""
    os.environ.update(
        DATABASE_URL=database_url,
        REDIS_URL=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/5"),
        VAR_DIR=str(var_dir),
        DJANGO_SETTINGS_MODULE="config.settings",
        # production settings for the server too: DEBUG off (no query log)
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="127.0.0.1,localhost",
    )
    import django

    django.setup()
    from django.core.management import call_command

    from accounts.models import User
    from catalog.models import Game
    from decks import services as deck_services
    from play import services
    from tests.play_rows import demo_deck_entries, session_key

    call_command("migrate", verbosity=0)
    call_command("load_cards", verbosity=0)
    game = Game.objects.get(slug="alomfogo")
    entries = demo_deck_entries()

    def player(name: str):
        user = User.objects.create(username=name)
        deck = deck_services.deck_create(owner=user, game=game, name="bench", entries=entries)
        return user, deck, session_key(user)

    stamp = int(time.time())
    plan = []
    for n in range(matches):
        a, deck_a, cookie_a = player(f"a{n}-{stamp}")
        b, deck_b, cookie_b = player(f"b{n}-{stamp}")
        match = services.match_create(user=a, game=game, deck=deck_a, opponent="invite")
        services.match_join(match_id=match.pk, user=b, deck=deck_b)
        plan.append({"id": str(match.pk), "cookies": [cookie_a, cookie_b]})
    return plan


async def run(plan: list[dict], port: int, seconds: float) -> dict:
    import websockets

    sent: dict[tuple[str, int], float] = {}
    latencies: list[float] = []
    errors: list[dict] = []
    actions = 0
    finished = 0
    deadline = time.monotonic() + seconds

    async def seat(match: dict, position: int) -> None:
        nonlocal actions, finished
        rng = random.Random(f"{match['id']}:{position}")
        url = f"ws://127.0.0.1:{port}/ws/matches/{match['id']}/"
        headers = {
            "Cookie": f"sessionid={match['cookies'][position]}",
            "Origin": f"http://127.0.0.1:{port}",
        }
        async with websockets.connect(url, additional_headers=headers, open_timeout=30) as ws:
            while time.monotonic() < deadline:
                try:
                    frame = json.loads(
                        await asyncio.wait_for(
                            ws.recv(), timeout=max(0.1, deadline - time.monotonic())
                        )
                    )
                except TimeoutError:
                    return
                if frame["type"] == "error":
                    errors.append(frame)
                    continue
                if frame["type"] != "state":
                    continue  # the chat history sent on connect
                started = sent.pop((match["id"], frame["version"]), None)
                if started is not None and frame.get("seat") != started[1]:
                    latencies.append((time.perf_counter() - started[0]) * 1000)
                if frame["status"] != "running":
                    if position == 0:
                        finished += 1
                    return
                if frame["legal"]:
                    action = rng.choice(frame["legal"])
                    sent[(match["id"], frame["version"] + 1)] = (time.perf_counter(), position)
                    await ws.send(json.dumps({"action": action, "version": frame["version"]}))
                    actions += 1

    started = time.perf_counter()
    await asyncio.gather(*(seat(m, p) for m in plan for p in (0, 1)), return_exceptions=False)
    elapsed = time.perf_counter() - started
    return {
        "elapsed": elapsed,
        "actions": actions,
        "latencies": latencies,
        "errors": errors,
        "finished": finished,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--servers", type=int, default=2, help="daphne processes (default 2)")
    parser.add_argument("--server-log", help="write the servers' log to this file")
    parser.add_argument("--postgres", help="server URL; a scratch database kartyavar_live is made")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="kartyavar-live-"))
    url = scratch_database(args.postgres, "kartyavar_live", scratch)
    plan = prepare(url, scratch, args.matches)

    # One listening socket shared by every daphne process: the kernel hands
    # each new connection to one of them, like a load balancer would.
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    port = listener.getsockname()[1]
    server_log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL  # noqa: SIM115
    servers = [
        subprocess.Popen(
            [
                str(ROOT / ".venv" / "bin" / "daphne"),
                "--fd",
                str(listener.fileno()),
                "config.asgi:application",
            ],
            cwd=ROOT,
            env=dict(os.environ),  # production settings: DEBUG off, so no query log
            pass_fds=(listener.fileno(),),
            stdout=subprocess.DEVNULL,
            stderr=server_log,
        )
        for _ in range(args.servers)
    ]
    try:
        time.sleep(3)
        result = asyncio.run(run(plan, port, args.seconds))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:  # still busy with queued frames: stop it hard
                server.kill()
                server.wait()
        listener.close()
    lat = sorted(result["latencies"])
    p95 = statistics.quantiles(lat, n=20, method="inclusive")[18] if len(lat) > 1 else float("nan")
    rate = result["actions"] / result["elapsed"]
    database = "PostgreSQL" if args.postgres else "SQLite"
    print(
        f"{args.matches} concurrent matches, {database} + Redis,"
        f" {args.servers} daphne process(es) on loopback"
    )
    print(f"  {result['actions']} actions in {result['elapsed']:.1f} s: {rate:.0f} actions/s")
    print(
        f"  send → opponent update: p50 {statistics.median(lat):.1f} ms, p95 {p95:.1f} ms"
        f" ({len(lat)} samples)"
    )
    print(
        f"  matches finished: {result['finished']}/{args.matches};"
        f" error frames: {len(result['errors'])}"
    )
    for code, count in Counter(e.get("code") for e in result["errors"]).most_common():
        print(f"    {code}: {count}")
    met = args.matches >= 100 and p95 <= 150 and not result["errors"]
    print(f"goal: 100 concurrent matches, p95 ≤ 150 ms, no errors: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
