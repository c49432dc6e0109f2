"""Live table benchmark: N concurrent matches through the real ASGI server, Redis and websockets.

    .venv/bin/python bench/live.py --matches 100 --seconds 20 --postgres postgres://postgres@127.0.0.1/postgres
    .venv/bin/python bench/live.py --matches 1000 --think --seconds 60 --postgres postgres://...
    .venv/bin/python bench/live.py --matches 20          # SQLite, for a quick look

Starts the ASGI server processes (daphne by default) on one shared loopback
socket with REDIS_URL set (channels-redis) and production settings, makes 2N
players with legal Álomfogó decks and N matches between them in a scratch
database, then connects both seats of every match over websockets. At full
speed each seat acts as soon as its frame offers it legal actions (a random
legal action); with `--think` it first waits a random 1–5 s, as a person
would. Once every socket is open the clock runs for `--seconds`.

It prints actions per second; the time from sending an action to the
opponent receiving the update (p50/p95/p99); every error frame; the servers'
own time per move split by stage, from the timers they keep
(core.stage_times, switched on by STAGE_TIMES_DIR); CPU per move of the
servers, PostgreSQL, Redis and this client; and the servers' memory per open
websocket. Traffic stays on 127.0.0.1; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402

from bench.scratch import scratch_database  # noqa: E402

# At most this many sockets opening at once: a thousand tables connecting in
# the same instant measure the opening, not the play.
OPENING_AT_ONCE = 50
SERVERS = {
    "daphne": ["daphne", "--fd", "{fd}", "config.asgi:application"],
    "uvicorn": [
        "uvicorn", "--fd", "{fd}", "--loop", "uvloop", "--http", "httptools",
        "--ws", "websockets", "--no-access-log", "--log-level", "warning",
        "config.asgi:application",
    ],
}  # fmt: skip


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
        # the clients move at machine speed, one socket faster than a person may
        # (core/socket_limits.FrameAllowance): the benchmark measures the server's path
        LIMIT_SOCKET_FRAMES_PER_SECOND="100000",
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
    from django.db import connections

    connections.close_all()
    return plan


async def run(
    plan: list[dict],
    ports: list[int],
    seconds: float,
    think: tuple[float, float] | None,
    pids: list[int],
) -> dict:
    """Play every match over its two sockets; figures count only once all are open."""
    import websockets

    sent: dict[tuple[str, int], tuple[float, int]] = {}
    latencies: list[float] = []
    errors: list[dict] = []
    counts = Counter()
    all_open = asyncio.Event()
    opened = 0
    opening = asyncio.Semaphore(OPENING_AT_ONCE)
    clock = {"start": 0.0, "end": float("inf"), "memory_open": 0}

    async def seat(match: dict, position: int) -> None:
        nonlocal opened
        rng = random.Random(f"{match['id']}:{position}")
        port = ports[int(match["id"].replace("-", ""), 16) % len(ports)]
        url = f"ws://127.0.0.1:{port}/ws/matches/{match['id']}/"
        headers = {
            "Cookie": f"sessionid={match['cookies'][position]}",
            "Origin": f"http://127.0.0.1:{port}",
        }
        async with opening:
            ws = await websockets.connect(
                url, additional_headers=headers, open_timeout=60, max_size=2**22
            )
        opened += 1
        if opened == 2 * len(plan):
            all_open.set()
        try:
            await all_open.wait()
            while True:
                left = clock["end"] - time.monotonic()
                if left <= 0:
                    return
                try:
                    frame = orjson.loads(await asyncio.wait_for(ws.recv(), timeout=left))
                except TimeoutError:
                    return
                measuring = time.monotonic() < clock["end"]
                if frame["type"] == "error":
                    errors.append(frame)
                    continue
                if frame["type"] != "state":
                    continue  # the chat history sent on connect
                started = sent.pop((match["id"], frame["version"]), None)
                if started is not None and frame.get("seat") != started[1] and measuring:
                    latencies.append((time.perf_counter() - started[0]) * 1000)
                if frame["status"] != "running":
                    if position == 0:
                        counts["finished"] += 1
                    return
                if frame["legal"]:
                    if think:
                        await asyncio.sleep(rng.uniform(*think))
                    action = rng.choice(frame["legal"])
                    sent[(match["id"], frame["version"] + 1)] = (time.perf_counter(), position)
                    await ws.send(
                        orjson.dumps({"action": action, "version": frame["version"]}).decode()
                    )
                    if time.monotonic() < clock["end"]:
                        counts["actions"] += 1
        finally:
            await ws.close()

    async def timer() -> None:
        await all_open.wait()
        clock["memory_open"] = rss_kib(pids)
        clock["start"] = time.monotonic()
        clock["end"] = clock["start"] + seconds
        clock["cpu_start"] = cpu_seconds(pids)

    tasks = [seat(m, p) for m in plan for p in (0, 1)]
    await asyncio.gather(timer(), *tasks)
    return {
        "elapsed": seconds,
        "actions": counts["actions"],
        "latencies": latencies,
        "errors": errors,
        "finished": counts["finished"],
        "memory_open": clock["memory_open"],
        "cpu_start": clock["cpu_start"],
    }


# --- the machine's own counters -----------------------------------------------------------
def rss_kib(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def cpu_seconds(pids: list[int]) -> dict[str, float]:
    """CPU seconds so far of the servers, PostgreSQL, Redis and this client."""
    tick = os.sysconf("SC_CLK_TCK")
    found = Counter()
    servers = set(pids)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # gone meanwhile
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        used = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
        if int(entry.name) in servers:
            found["servers"] += used
        elif name.startswith("postgres"):
            found["PostgreSQL"] += used
        elif name.startswith("redis-server"):
            found["Redis"] += used
    own = resource.getrusage(resource.RUSAGE_SELF)
    found["this client"] = own.ru_utime + own.ru_stime
    return found


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def print_stages(folder: Path) -> None:
    from core import stage_times

    samples = stage_times.read(folder)
    moves = samples.pop("move", [])
    if not moves:
        print("  (the servers kept no stage timers)")
        return
    total = sum(moves)
    print(f"  server time per move, by stage ({len(moves)} moves; ms):")
    print(f"    {'stage':<28}{'mean':>8}{'p50':>8}{'p95':>8}{'share':>8}")
    delivery = ("channel layer to consumer", "consumer to socket")
    for stage, values in samples.items():
        if stage in delivery:
            continue
        mean = sum(values) / len(values)
        print(
            f"    {stage:<28}{mean * 1000:8.2f}{quantile(values, 0.5) * 1000:8.2f}"
            f"{quantile(values, 0.95) * 1000:8.2f}{sum(values) / total:8.0%}"
        )
    print(
        f"    {'whole move':<28}{total / len(moves) * 1000:8.2f}"
        f"{quantile(moves, 0.5) * 1000:8.2f}{quantile(moves, 0.95) * 1000:8.2f}"
    )
    print("  then per frame delivered (ms):")
    for stage in delivery:
        values = samples.get(stage, [])
        if values:
            print(
                f"    {stage:<28}{sum(values) / len(values) * 1000:8.2f}"
                f"{quantile(values, 0.5) * 1000:8.2f}{quantile(values, 0.95) * 1000:8.2f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20, help="measured, once all are open")
    parser.add_argument("--servers", type=int, default=2, help="server processes (default 2)")
    parser.add_argument("--server", choices=sorted(SERVERS), default="daphne")
    parser.add_argument(
        "--route",
        choices=("match", "any"),
        default="match",
        help="match: a match's sockets reach one process (default); any: the kernel picks",
    )
    parser.add_argument(
        "--think",
        nargs="?",
        const="1-5",
        help="human pace: each seat waits a random MIN-MAX seconds before a move (default 1-5)",
    )
    parser.add_argument("--server-log", help="write the servers' log to this file")
    parser.add_argument("--postgres", help="server URL; a scratch database kartyavar_live is made")
    args = parser.parse_args()
    think = tuple(float(x) for x in args.think.split("-")) if args.think else None

    scratch = Path(tempfile.mkdtemp(prefix="kartyavar-live-"))
    url = scratch_database(args.postgres, "kartyavar_live", scratch)
    began = time.monotonic()
    plan = prepare(url, scratch, args.matches)
    print(f"(prepared {args.matches} matches in {time.monotonic() - began:.0f} s)", flush=True)

    # The kernel hands each new connection on a shared socket to any server
    # process, like a plain load balancer (`--route any`). With `--route
    # match` each process listens on its own socket and a match's sockets
    # all go to one process, like a load balancer hashing the websocket's
    # path (docs/deploy.md): that process then keeps the match's state
    # between moves instead of rebuilding it after the other seat's move.
    shared = args.route == "any"
    listeners = [socket.socket() for _ in range(1 if shared else args.servers)]
    for listener in listeners:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(4096)
    ports = [listener.getsockname()[1] for listener in listeners]
    timers = scratch / "stage-times"
    server_log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL  # noqa: SIM115
    servers = []
    for n in range(args.servers):
        listener = listeners[0 if shared else n]
        command = [part.format(fd=listener.fileno()) for part in SERVERS[args.server]]
        command[0] = str(ROOT / ".venv" / "bin" / command[0])
        servers.append(
            subprocess.Popen(
                command,
                cwd=ROOT,
                env={**os.environ, "STAGE_TIMES_DIR": str(timers)},
                pass_fds=(listener.fileno(),),
                stdout=subprocess.DEVNULL,
                stderr=server_log,
            )
        )
    pids = [s.pid for s in servers]
    try:
        time.sleep(3)
        memory_idle = rss_kib(pids)
        result = asyncio.run(run(plan, ports, args.seconds, think, pids))
        cpu_end = cpu_seconds(pids)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:  # still busy with queued frames: stop it hard
                server.kill()
                server.wait()
        for listener in listeners:
            listener.close()

    lat = result["latencies"]
    actions = result["actions"]
    rate = actions / result["elapsed"]
    database = "PostgreSQL" if args.postgres else "SQLite"
    pace = f"human pace ({args.think} s before each move)" if think else "full speed"
    print(
        f"{args.matches} concurrent matches at {pace}, {database} + Redis,"
        f" {args.servers} {args.server} process(es) on loopback (route: {args.route}),"
        f" {os.cpu_count()} cores"
    )
    print(f"  {actions} actions in {result['elapsed']:.0f} s: {rate:.0f} actions/s")
    print(
        f"  send → opponent update: p50 {quantile(lat, 0.5):.1f} ms,"
        f" p95 {quantile(lat, 0.95):.1f} ms, p99 {quantile(lat, 0.99):.1f} ms"
        f" ({len(lat)} samples)"
    )
    print(
        f"  matches finished: {result['finished']}/{args.matches};"
        f" error frames: {len(result['errors'])}"
    )
    for code, count in Counter(e.get("code") for e in result["errors"]).most_common():
        print(f"    {code}: {count}")
    sockets = 2 * args.matches
    per_socket = (result["memory_open"] - memory_idle) / sockets
    print(
        f"  servers' memory: {memory_idle / 1024:.0f} MiB idle, {result['memory_open'] / 1024:.0f}"
        f" MiB with {sockets} sockets open: {per_socket:.0f} KiB per open websocket"
    )
    used = {k: cpu_end[k] - result["cpu_start"].get(k, 0.0) for k in cpu_end}
    if actions:
        print(
            "  CPU per move: "
            + ", ".join(f"{k} {v / actions * 1000:.2f} ms" for k, v in used.items())
            + f"; all {sum(used.values()) / actions * 1000:.2f} ms"
        )
    print_stages(timers)
    if think:
        met = args.matches >= 1000 and quantile(lat, 0.95) <= 100 and not result["errors"]
        goal = "1,000 matches at human pace, p95 ≤ 100 ms, no errors"
    else:
        met = (
            args.matches >= 100
            and quantile(lat, 0.95) <= 150
            and rate >= 500
            and not result["errors"]
        )
        goal = "100 matches at full speed, p95 ≤ 150 ms, ≥ 500 actions/s, no errors"
    print(f"goal: {goal}: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
