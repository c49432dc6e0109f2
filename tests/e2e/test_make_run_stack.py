"""Whole games against bots, a print job, and two people on two web processes, on the
stack `make run` starts.

The site is started exactly as `make run` does: `manage.py migrate`,
`manage.py load_cards`, then `manage.py serve` — daphne and its own Celery
worker as separate processes, on the embedded defaults (SQLite, Celery's
filesystem broker, no REDIS_URL), the real settings rather than the test
ones, in an empty var/ folder. Bots move in the worker process, so every
bot move the page shows crossed from the worker to the web server.

The page is never reloaded. A MutationObserver records every version the
table shows; at the end each version of the match, the bots' included, must
have been on the page at some point, in order.

A second web process started beside it as docs/deploy.md says shares its database and
its channel layer's file: two people, one on each, play a whole match over their
sockets (no browser: the crossing is the point, and the first tests draw the table).
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.e2e.pages import action_key, api_state, printed_pdf, wait_past
from tests.e2e.test_play_oniroo import offered
from tests.make_run_site import MakeRunSite
from tests.table_policies import alomfogo_choice, oniroo_choice

MOVES_CAP = 600
MATCH_URL = re.compile(r"/play/[0-9a-f-]{36}/$")
# Far longer than a bot's move takes; only a frame that never comes waits this long.
FRAME_WAIT_MS = 20_000


@pytest.fixture(scope="module")
def make_run_site(tmp_path_factory):
    site = MakeRunSite(tmp_path_factory.mktemp("make-run") / "var")
    try:
        site.start()
        yield site
    finally:
        site.stop()


@pytest.fixture
def player_page(browser, make_run_site):
    contexts = []

    def open_as(username: str) -> tuple:
        player = make_run_site.new_player(username)
        context = browser.new_context(base_url=make_run_site.url, locale="en-US")
        context.add_cookies(
            [{"name": "sessionid", "value": player["session"], "url": make_run_site.url}]
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(FRAME_WAIT_MS)
        # The versions of the state frames the table's socket receives: the
        # first is the table as it was when the socket joined.
        page.socket_versions = []

        def on_frame(payload) -> None:
            message = json.loads(payload) if isinstance(payload, str) else {}
            if message.get("type") == "state":
                page.socket_versions.append(message["version"])

        page.on("websocket", lambda socket: socket.on("framereceived", on_frame))
        page.add_init_script(WATCH_VERSIONS)
        return page, player

    yield open_as
    for context in contexts:
        context.close()


# Every version the table shows, in order, recorded by the page itself from before its
# first frame is drawn (an init script: it runs before the table's own scripts, so a bot's
# move that lands while the page opens is recorded too).
WATCH_VERSIONS = """document.addEventListener("DOMContentLoaded", () => {
    const table = document.getElementById("match-table");
    if (!table) return;
    window.__sameDocument = true;  // gone if the page reloads
    window.__versions = [];
    new MutationObserver(() => {
        const v = Number(table.dataset.version);
        if (v !== window.__versions[window.__versions.length - 1]) window.__versions.push(v);
    }).observe(table, {attributes: true, attributeFilter: ["data-version"]});
});"""


def match_id_of(page) -> str:
    return page.url.rstrip("/").split("/")[-1]


def play_without_reloading(page, match_id: str, choose) -> tuple[int, dict]:
    """Click this seat's moves; every other move must reach the page by itself."""
    page.wait_for_selector("#match-table[data-version]", state="attached")
    clicks = 0
    state = api_state(page, match_id)
    while clicks < MOVES_CAP and state["status"] == "running":
        if not state["legal"]:
            # A bot is to move. Its frames come from the worker process; the
            # page must come past this version by itself, never by a reload.
            wait_past(page, state["version"], or_over=True)
            state = api_state(page, match_id)
            continue
        # This seat's turn: nothing moves until it acts, so the page must show
        # exactly the server's version, the bots' last move included.
        page.wait_for_selector(f'#match-table[data-version="{state["version"]}"]', state="attached")
        action = choose(state["legal"])
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
        clicks += 1
        wait_past(page, state["version"])
        state = api_state(page, match_id)
    page.wait_for_selector(
        f'#match-table[data-version="{state["version"]}"][data-status="finished"]',
        state="attached",
    )
    return clicks, state


def assert_every_move_arrived(page, final_version: int) -> None:
    assert page.evaluate("window.__sameDocument") is True, "the table reloaded"
    seen = page.evaluate("window.__versions")
    assert seen == sorted(seen), "the table went back in time"
    # Moves made before the socket joined arrive folded into its first frame;
    # every move after that, the bots' too, was on the page: none was skipped
    # over by a later frame, as a reload or a catch-up would.
    joined = page.socket_versions[0]
    assert [v for v in seen if v >= joined] == list(range(joined, final_version + 1))


def test_a_whole_alomfogo_match_against_the_greedy_bot_arrives_live(player_page):
    page, player = player_page("zsofi")
    page.goto("/play/")
    page.select_option("#m-deck", str(player["deck"]))
    page.select_option("#m-opp", "bot:greedy")
    page.locator("form:has(#m-deck)").get_by_role("button", name="Start").click()
    page.wait_for_url(MATCH_URL)
    match_id = match_id_of(page)

    clicks, state = play_without_reloading(page, match_id, alomfogo_choice)

    assert state["status"] == "finished"
    assert clicks > 0
    bot_moves = state["version"] - clicks
    assert bot_moves > 10, "the bot hardly moved"
    assert_every_move_arrived(page, state["version"])
    page.locator("#table-result h2").wait_for()


def test_a_level_five_oniroo_game_with_three_bots_arrives_live(player_page):
    page, _player = player_page("bence")
    page.goto("/play/")
    for name, value in {"players": "4", "level": "5", "games": "1", "opp": "bot:greedy"}.items():
        page.select_option(f"#o-{name}", value)
    page.locator("form.oniroo-new").get_by_role("button", name="Start").click()
    page.wait_for_url(MATCH_URL)
    match_id = match_id_of(page)
    page.wait_for_selector("#match-table[data-version]", state="attached")
    assert page.locator("#table-others .oni-seat").count() == 3

    def choose(legal: list[dict]) -> dict:
        # the table offers exactly this seat's legal actions, one button each
        buttons, prompt = offered(page)
        assert buttons == sorted(action_key(a) for a in legal)
        return oniroo_choice(legal)

    clicks, state = play_without_reloading(page, match_id, choose)

    assert state["status"] == "finished"
    # The deal is drawn by make run's own server: now and then (16 deals in 20,000, engine
    # and greedy bots alone) a bot wakes its dream up within its first turns, before this
    # seat moves. Every move that game had must still have arrived live.
    assert state["version"] > clicks, "no bot move arrived"
    assert_every_move_arrived(page, state["version"])
    page.locator("#table-result h2").wait_for()


def test_a_deck_is_printed_by_the_worker_of_make_runs_stack(player_page, tmp_path):
    page, player = player_page("panni")
    page.goto(f"/print/new/?deck={player['deck']}")
    page.locator("#print-form").get_by_role("button", name="Make the PDF").click()
    # The job runs in `serve`'s own Celery worker, through the filesystem broker;
    # the page follows its progress by itself.
    reader = printed_pdf(page, "Download the PDF", tmp_path / "sheets.pdf", timeout=120_000)
    assert len(reader.pages) >= 1
    assert round(float(reader.pages[0].mediabox.height), 2) == 841.89  # A4


# Two people at one table, made inside the served site.
NEW_DUEL = """
from accounts.models import User
from catalog.models import Game
from decks.models import Deck
from play import services

match = services.match_create(
    user=User.objects.get(username="{first}"),
    game=Game.objects.get(slug="alomfogo"),
    deck=Deck.objects.get(pk={first_deck}),
    opponent="invite",
    options={{"starting_glory": 10}},
)
second = User.objects.get(username="{second}")
services.match_join(match_id=match.pk, user=second, deck=Deck.objects.get(pk={second_deck}))
print(match.pk)
"""
GREETING = "Szia, a másik szerverről!"


def fetch_as(url: str, path: str, session: str) -> str:
    cookie = {"Cookie": f"sessionid={session}"}
    request = urllib.request.Request(url + path, headers=cookie)  # noqa: S310 (loopback)
    with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (loopback)
        return response.read().decode()


async def seat_plays(url: str, session: str, match_id: str, *, greet: bool) -> dict:
    """One person's socket to `url`: their moves (`alomfogo_choice`) until the match ends.
    Returns the state frames and the chat lines it received."""
    import websockets

    received = {"frames": [], "chat": []}
    moved_at: set[int] = set()
    socket_url = url.replace("http://", "ws://") + f"/ws/matches/{match_id}/"
    headers = {"Cookie": f"sessionid={session}", "Origin": url}
    async with websockets.connect(socket_url, additional_headers=headers) as ws:
        if greet:
            await ws.send(json.dumps({"chat": GREETING}))
        for _ in range(MOVES_CAP * 4):
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), FRAME_WAIT_MS / 1000))
            except TimeoutError:
                last = received["frames"][-1]["version"] if received["frames"] else None
                raise AssertionError(f"{url}: no frame came after version {last}") from None
            if message["type"] == "chat":
                received["chat"] += [line["text"] for line in message["messages"]]
            if message["type"] != "state":
                continue
            received["frames"].append(message)
            if message["status"] != "running":
                return received
            if message["legal"] and message["version"] not in moved_at:
                moved_at.add(message["version"])
                action = alomfogo_choice(message["legal"])
                await ws.send(json.dumps({"action": action, "version": message["version"]}))
    raise AssertionError(f"the match did not end: {received['frames'][-1]['version']}")


def test_two_people_on_two_web_processes_of_make_runs_stack_play_a_whole_match(make_run_site):
    """docs/deploy.md: a second web process started beside `make run` shares its database
    and its channel layer's file. Two people play a whole Álomfogó match, each connected to
    a different process: every move made through one process reaches the other person
    through the other, none skipped, each seat is sent only its own hand, a chat line
    crosses too, and both processes answer the same final state."""
    first = make_run_site.new_player("elso")
    second = make_run_site.new_player("masodik")
    match_id = make_run_site.python(
        NEW_DUEL.format(
            first="elso", first_deck=first["deck"], second="masodik", second_deck=second["deck"]
        )
    ).strip()

    async def both(other_url: str) -> list[dict]:
        return await asyncio.gather(
            seat_plays(make_run_site.url, first["session"], match_id, greet=True),
            seat_plays(other_url, second["session"], match_id, greet=False),
        )

    with make_run_site.second_web_process() as other_url:
        # In a thread of its own: the earlier tests' browser keeps an event loop in this one.
        with ThreadPoolExecutor(max_workers=1) as thread:
            played = thread.submit(asyncio.run, both(other_url)).result()
        answers = [
            json.loads(fetch_as(url, f"/api/matches/{match_id}/", player["session"]))
            for url, player in ((make_run_site.url, first), (other_url, second))
        ]

    last_versions = set()
    for received in played:
        frames = received["frames"]
        seat = frames[0]["seat"]
        versions = [f["version"] for f in frames]
        # every move, the other person's made through the other process, arrived in order
        assert versions == list(range(versions[0], versions[-1] + 1))
        for frame in frames:
            for player in frame["view"]["players"]:
                assert ("hand" in player) == (player["seat"] == seat), (seat, frame["version"])
        assert frames[-1]["status"] == "finished"
        last_versions.add(versions[-1])
        assert GREETING in received["chat"]
    assert {frames["frames"][0]["seat"] for frames in played} == {0, 1}
    assert len(last_versions) == 1 and len(played[0]["frames"]) > 20
    assert {a["version"] for a in answers} == last_versions
    assert answers[0]["result"] == answers[1]["result"] == played[0]["frames"][-1]["result"]
