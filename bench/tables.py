"""The live tables in Chromium: draw time per frame and the pictures each table loads.

    .venv/bin/python bench/tables.py [--games N] [--width 1280] [--height 900]
                                     [--tables alomfogo,oniroo-2,oniroo-4,arcane-guardian]

Starts the site as `make run` does (tests/make_run_site.py) in a scratch
folder, signs a player in and drives Debian's Chromium (/usr/bin/chromium)
through whole bot games, one browser context (an empty cache) per game:
Álomfogó against the greedy bot, ONIROO at level 5 with two and with four
players (greedy bots in the other seats), and Arcane Guardian, a game for one.
The seat's moves are picked by simple policies like the e2e tests' and
clicked on the buttons the table draws; the bots' moves arrive by themselves.

Printed per table:

- frames drawn and the draw time of each (live.js's `drawTimes`: from a state
  frame's arrival to the drawn, laid-out table) as p50 / p95 / max; the issue's
  goal is p95 ≤ 16 ms at 1280 px;
- the pictures the page loads over the network (Chromium's own network events,
  read through a DevTools session: requests served from the browser's cache
  are counted apart): on first open, once the first frame's pictures have
  loaded, then per move (every version of the match, the bots' moves included)
  and in total over the rest of the game; bytes are the responses'
  `content-length` (the picture files, headers left out);
- the same split by kind (card faces, close-ups, card backs, anything else);
- distinct faces loaded, and whether every picture URL was fetched once only:
  versioned URLs are `immutable`, so a table that redraws a card must get it
  from the cache rather than ask again.

A close-up (`large.webp`) loads when the pointer rests on a card or a card's
button has focus: after a click the mouse stays where it clicked, as a
player's does, so close-ups count as a player's would.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# stop_on_sigterm: on SIGTERM site_with_player still stops the site (docs/screenshots.py too)
from bench.sigterm import stop_on_sigterm  # noqa: E402
from tests.make_run_site import MakeRunSite  # noqa: E402
from tests.table_policies import (  # noqa: E402
    action_key,
    alomfogo_choice,
    arcane_choice,
    oniroo_choice,
)

CHROMIUM = "/usr/bin/chromium"
FRAME_WAIT_MS = 30_000  # far longer than a bot's move takes
QUIET_MS = 150  # no picture request pending for this long: the table's pictures are in
PICTURES_WAIT_S = 10.0
CARD_PICTURE = re.compile(r"/cards/(?:(?P<code>[^/]+)/(?P<kind>thumb|large|face)|backs/[^/?]+)\.")


# ---- the seat's policies: the e2e tests' own (tests/table_policies.py, no Django) ----

# ---- starting a match from the lobby's forms (language-independent selectors) ----


def start_alomfogo(page, player: dict) -> None:
    page.select_option("#m-deck", str(player["deck"]))
    page.select_option("#m-opp", "bot:greedy")
    page.locator("form:has(#m-deck) button[type=submit]").click()


def start_oniroo(players: int) -> Callable:
    def start(page, _player: dict) -> None:
        choices = {"players": str(players), "level": "5", "games": "1", "opp": "bot:greedy"}
        for name, value in choices.items():
            page.select_option(f"#o-{name}", value)
        page.locator("form.oniroo-new button[type=submit]").click()

    return start


def start_arcane_guardian(page, _player: dict) -> None:
    page.locator("form.arcane-new button[type=submit]").click()


@dataclass(frozen=True)
class Table:
    name: str
    title: str
    start: Callable
    choose: Callable[[list[dict]], dict]
    moves_cap: int


TABLES = {
    table.name: table
    for table in (
        Table("alomfogo", "Álomfogó vs greedy bot", start_alomfogo, alomfogo_choice, 600),
        Table("oniroo-2", "ONIROO L5, 2 players", start_oniroo(2), oniroo_choice, 600),
        Table("oniroo-4", "ONIROO L5, 4 players", start_oniroo(4), oniroo_choice, 600),
        Table(
            "arcane-guardian",
            "Arcane Guardian (solo)",
            start_arcane_guardian,
            arcane_choice,
            300,
        ),
    )
}


# ---- what the page loads: Chromium's network events through a DevTools session ----


@dataclass
class Picture:
    url: str
    cached: bool = False  # served from the browser's cache, not the network
    size: int = 0  # content-length of a response from the network
    status: int = 0
    done: bool = False
    failed: bool = False

    @property
    def kind(self) -> str:
        found = CARD_PICTURE.search(self.url)
        if not found:
            return "other"
        return {"thumb": "face", "face": "face", "large": "close-up"}.get(found["kind"], "back")

    @property
    def code(self) -> str | None:
        found = CARD_PICTURE.search(self.url)
        return found["code"] if found and found["kind"] in ("thumb", "face") else None


class Pictures:
    """Every picture request the page makes, from the network or from the browser's cache.

    Playwright's own request events report a disk-cache hit as a response
    from the server; the DevTools events say which it was.
    """

    def __init__(self, context, page):
        self.by_id: dict[str, Picture] = {}
        self.order: list[Picture] = []
        self.last_change = time.monotonic()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.requestServedFromCache", self._from_cache)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.loadingFailed", self._failed)

    def _sent(self, event) -> None:
        if event.get("type") != "Image" or event["request"]["url"].startswith("data:"):
            return
        picture = Picture(event["request"]["url"])
        self.by_id[event["requestId"]] = picture
        self.order.append(picture)
        self.last_change = time.monotonic()

    def _from_cache(self, event) -> None:
        if picture := self.by_id.get(event["requestId"]):
            picture.cached = True

    def _response(self, event) -> None:
        picture = self.by_id.get(event["requestId"])
        if picture is None:
            return
        response = event["response"]
        if response.get("fromDiskCache") or response.get("fromMemoryCache"):
            picture.cached = True
        picture.status = int(response.get("status") or 0)
        headers = {name.lower(): value for name, value in response.get("headers", {}).items()}
        if not picture.cached and picture.status == 200:
            picture.size = int(headers.get("content-length") or 0)

    def _finished(self, event) -> None:
        if picture := self.by_id.get(event["requestId"]):
            if not picture.cached and picture.status == 200 and picture.size == 0:
                # no content-length: the bytes read (headers included)
                picture.size = int(event.get("encodedDataLength") or 0)
            picture.done = True
            self.last_change = time.monotonic()

    def _failed(self, event) -> None:
        if picture := self.by_id.get(event["requestId"]):
            picture.done = picture.failed = True
            self.last_change = time.monotonic()

    def settle(self, page) -> None:
        """Wait until no picture is pending and none started for QUIET_MS (the events arrive
        while Playwright waits)."""
        deadline = time.monotonic() + PICTURES_WAIT_S
        while time.monotonic() < deadline:
            pending = any(not p.done for p in self.order)
            if not pending and (time.monotonic() - self.last_change) * 1000 >= QUIET_MS:
                return
            page.wait_for_timeout(25)


# ---- one game ----


@dataclass
class Game:
    frames: list[float]
    moves: int  # versions after the first frame: every move, the bots' included
    clicks: int
    finished: bool
    first_open: list[Picture]
    after: list[Picture]
    page_errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


def version_of(page) -> int:
    return int(page.eval_on_selector("#match-table", "t => t.dataset.version"))


def play_game(browser, site: MakeRunSite, player: dict, table: Table, width: int, height: int):
    started = time.monotonic()
    context = browser.new_context(
        base_url=site.url, locale="hu-HU", viewport={"width": width, "height": height}
    )
    context.add_cookies([{"name": "sessionid", "value": player["session"], "url": site.url}])
    page = context.new_page()
    page.set_default_timeout(FRAME_WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    pictures = Pictures(context, page)
    try:
        return play_through(page, pictures, errors, table, player, started)
    except Exception:
        # What the table showed when it could not go on, and the buttons it offered.
        shot = Path(tempfile.gettempdir()) / f"bench-tables-{table.name}.png"
        page.screenshot(path=str(shot), full_page=True)
        offered = page.eval_on_selector_all(
            "button[data-action]", "buttons => buttons.map(b => b.dataset.action)"
        )
        print(f"{table.name}: stuck, see {shot}; buttons offered: {offered}", file=sys.stderr)
        for error in errors:
            print(f"{table.name}: page error: {error[:300]}", file=sys.stderr)
        raise
    finally:
        context.close()


def seat_moves(page, match_id: str, table: Table, before_move) -> tuple[dict, int]:
    """Click the seat's moves until the match ends, `table.moves_cap` clicks, or
    `before_move(state, clicks)`, called while the table waits on this seat (and so stands
    still), returns True. The bots' moves arrive by themselves. (last state, clicks)."""
    clicks = 0
    state = page.request.get(f"/api/matches/{match_id}/").json()
    while state["status"] == "running" and clicks < table.moves_cap:
        if not state["legal"]:  # the bots move; their frames arrive by themselves
            page.wait_for_function(
                "v => { const t = document.getElementById('match-table');"
                " return Number(t.dataset.version) > v || t.dataset.status !== 'running'; }",
                arg=state["version"],
            )
        else:
            page.wait_for_selector(
                f'#match-table[data-version="{state["version"]}"]', state="attached"
            )
            if before_move(state, clicks):
                return state, clicks
            action = table.choose(state["legal"])
            page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
            clicks += 1
            page.wait_for_function(
                "v => Number(document.getElementById('match-table').dataset.version) > v",
                arg=state["version"],
            )
        state = page.request.get(f"/api/matches/{match_id}/").json()
    return state, clicks


def play_through(page, pictures: Pictures, errors: list[str], table: Table, player: dict, started):
    page.goto("/play/")
    pictures.settle(page)
    lobby = len(pictures.order)  # the lobby's own pictures are not the table's
    table.start(page, player)
    page.wait_for_selector("#match-table[data-version]", state="attached")
    match_id = page.url.rstrip("/").split("/")[-1]
    pictures.settle(page)
    first_open = pictures.order[lobby:]
    opened_at = len(pictures.order)
    first_version = version_of(page)

    state, clicks = seat_moves(page, match_id, table, lambda _state, _clicks: pictures.settle(page))
    page.wait_for_selector(f'#match-table[data-version="{state["version"]}"]', state="attached")
    pictures.settle(page)
    frames = json.loads(page.evaluate("JSON.stringify(window.KartyavarLive.drawTimes)"))
    return Game(
        frames=frames,
        moves=state["version"] - first_version,
        clicks=clicks,
        finished=state["status"] != "running",
        first_open=first_open,
        after=pictures.order[opened_at:],
        page_errors=errors,
        seconds=time.monotonic() - started,
    )


# ---- the figures ----


def percentile(values: list[float], share: float) -> float:
    """Nearest rank: the smallest value with at least `share` of them at or below it."""
    ordered = sorted(values)
    return ordered[max(math.ceil(len(ordered) * share), 1) - 1]


def network(pictures: list[Picture]) -> list[Picture]:
    return [p for p in pictures if not p.cached and not p.failed]


def kib(size: float) -> str:
    return f"{size / 1024:,.1f}"


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    """Columns aligned: the first to the left (names), the others to the right (figures)."""
    lines = [headers, *rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(headers))]

    def aligned(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    print(aligned(headers))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(aligned(row))
    print()


def report(results: dict[str, list[Game]], width: int, height: int, loads: list[str]) -> None:
    print(f"\nTables at {width}×{height} in Chromium, {CHROMIUM}")
    # Draw times swing with whatever else the machine runs: the load says how busy it was.
    print(
        f"(load average at the start and the end: {loads[0]} / {loads[-1]}; {os.cpu_count()} CPUs)"
    )
    print("(games: finished/played; KiB = 1,024 bytes of picture files over the network)\n")

    rows = []
    for name, games in results.items():
        frames = [ms for game in games for ms in game.frames]
        done = sum(game.finished for game in games)
        rows.append(
            [
                TABLES[name].title,
                f"{done}/{len(games)}",
                f"{sum(g.moves for g in games)}",
                f"{sum(g.clicks for g in games)}",
                f"{len(frames)}",
                f"{percentile(frames, 0.50):.1f}" if frames else "-",
                f"{percentile(frames, 0.95):.1f}" if frames else "-",
                f"{max(frames):.1f}" if frames else "-",
                f"{statistics.mean(g.frames[0] for g in games if g.frames):.1f}" if frames else "-",
                f"{statistics.mean(g.seconds for g in games):.0f}",
            ]
        )
    print("Drawing (ms from a frame's arrival to the laid-out table; goal p95 ≤ 16 ms;")
    print("first = the table's first frame, every picture element new)")
    headers = [
        "table", "games", "moves", "clicks", "frames", "p50", "p95", "max", "first", "s/game",
    ]  # fmt: skip
    print_table(headers, rows)

    rows = []
    for name, games in results.items():
        n = len(games)
        first = [network(g.first_open) for g in games]
        after = [network(g.after) for g in games]
        moves = sum(g.moves for g in games) or 1
        after_requests = sum(len(a) for a in after)
        after_bytes = sum(p.size for a in after for p in a)
        rows.append(
            [
                TABLES[name].title,
                f"{sum(len(f) for f in first) / n:.1f}",
                kib(sum(p.size for f in first for p in f) / n),
                f"{after_requests / moves:.2f}",
                kib(after_bytes / moves),
                f"{after_requests / n:.1f}",
                kib(after_bytes / n),
            ]
        )
    print("Pictures over the network (mean per game; per move = per version after the first)")
    headers = ["table", "open req", "open KiB", "req/move", "KiB/move", "rest req", "rest KiB"]
    print_table(headers, rows)

    rows = []
    for name, games in results.items():
        n = len(games)
        fetched = [network(g.first_open + g.after) for g in games]
        cells = [TABLES[name].title]
        for kind in ("face", "close-up", "back", "other"):
            of_kind = [p for f in fetched for p in f if p.kind == kind]
            cells.append(f"{len(of_kind) / n:.1f} / {kib(sum(p.size for p in of_kind) / n)}")
        faces = [len({p.code for p in f if p.code}) for f in fetched]
        cells.append(f"{statistics.mean(faces):.1f}")
        repeated = sum(
            sum(count - 1 for count in Counter(p.url for p in f).values()) for f in fetched
        )
        from_cache = sum(1 for g in games for p in g.first_open + g.after if p.cached)
        cells.append("yes" if repeated == 0 else f"no: {repeated} again")
        cells.append(str(from_cache))
        failed = sum(1 for g in games for p in g.first_open + g.after if p.failed)
        cells.append(str(failed))
        rows.append(cells)
    print("Pictures by kind over the whole game (mean per game: requests / KiB)")
    headers = [
        "table", "faces", "close-ups", "backs", "other", "distinct faces",
        "each URL once", "from cache", "failed",
    ]  # fmt: skip
    print_table(headers, rows)

    for name, games in results.items():
        errors = [e for g in games for e in g.page_errors]
        if errors:
            print(f"{TABLES[name].title}: {len(errors)} page errors, first: {errors[0][:200]}")


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


@contextmanager
def site_with_player(username: str):
    """`make run`'s stack in a scratch folder with one signed-up player who reads the site's
    default interface, Hungarian, as a player first sees it: (site, player); stopped after."""
    with tempfile.TemporaryDirectory() as scratch:
        site = MakeRunSite(Path(scratch) / "var")
        try:
            site.start()  # inside the try: a stop while it starts stops what has started
            player = site.new_player(username)
            site.python(
                f'from accounts.models import User; User.objects.filter(username="{username}")'
                '.update(language="hu")'
            )
            yield site, player
        finally:
            site.stop()


def launch_chromium(playwright):
    """Debian's Chromium, headless (never a browser download)."""
    return playwright.chromium.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games per table (default 1)")
    parser.add_argument("--width", type=int, default=1280, help="window width (default 1280)")
    parser.add_argument("--height", type=int, default=900, help="window height (default 900)")
    parser.add_argument(
        "--tables",
        default=",".join(TABLES),
        help=f"comma-separated, of: {', '.join(TABLES)} (default all)",
    )
    args = parser.parse_args()
    names = [name.strip() for name in args.tables.split(",") if name.strip()]
    unknown = [name for name in names if name not in TABLES]
    if unknown:
        parser.error(f"unknown tables: {', '.join(unknown)}")
    stop_on_sigterm()

    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    results: dict[str, list[Game]] = {}
    failures: list[str] = []
    loads = [load_average()]
    with site_with_player("bench") as (site, player), sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for name in names:
                for number in range(args.games):
                    print(f"{name}: game {number + 1} of {args.games}…", file=sys.stderr)
                    try:
                        game = play_game(
                            browser, site, player, TABLES[name], args.width, args.height
                        )
                    except PlaywrightError as error:  # a table that cannot be played
                        failures.append(f"{name}, game {number + 1}: {error}")
                        log = site.log.read_text().splitlines()[-15:]
                        print("the server's last lines:", *log, sep="\n  ", file=sys.stderr)
                        continue
                    results.setdefault(name, []).append(game)
        finally:  # also when stopped: Chromium removes its own temporary files
            browser.close()
    loads.append(load_average())
    if results:
        report(results, args.width, args.height, loads)
    for failure in failures:
        print(f"FAILED {failure[:400]}")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
