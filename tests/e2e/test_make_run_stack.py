"""Whole games against bots, and a print job, on the stack `make run` starts.

The site is started exactly as `make run` does: `manage.py migrate`,
`manage.py load_cards`, then `manage.py serve` — daphne and its own Celery
worker as separate processes, on the embedded defaults (SQLite, Celery's
filesystem broker, no REDIS_URL), the real settings rather than the test
ones, in an empty var/ folder. Bots move in the worker process, so every
bot move the page shows crossed from the worker to the web server.

The page is never reloaded. A MutationObserver records every version the
table shows; at the end each version of the match, the bots' included, must
have been on the page at some point, in order.
"""

from __future__ import annotations

import json
import re

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
