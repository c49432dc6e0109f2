"""What every live table must be at every move, checked in the browser the player uses.

`check_table(page, legal, face_codes)` returns the problems it found (an empty list
when the table is right):

- every card on the table (`.tcard`) is a picture: its face, or the game's back
  when face down, loaded, with words for a screen reader (alt text);
- each code in `face_codes` (the cards the seat's view shows face up where the
  table draws them) is drawn by its own face picture;
- no card's box is covered by another element: each card is scrolled into
  view and the points inside its face must hit the card itself (a sticky bar,
  a panel or another card over it would be hit instead), and no two cards'
  boxes overlap;
- each legal action has its button, visible, enabled and not covered, which
  the keyboard reaches (no tabindex -1).

`FaceRequests(page)` records every card picture the page asks the server for,
so a test can prove faces are requested only for cards the seat was shown.

What the games' card tables share besides: the two sizes they are drawn at
(`at_size`), where a screenshot is kept (`screenshot_path`), and a match
against bots played with `play_checked` while the page notes each time it says a
bot is thinking (`play_watching_bots`, then `assert_bots_were_shown_thinking`).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests.e2e.pages import action_key, api_state, showing, wait_past

# Runs in the page (an async arrow function); arg = {legal: [action keys], faces: [codes]}.
# (its first line is a comment, which Playwright must not see before the function)
CHECK_TABLE_JS = Path(__file__).with_name("table_checks.js").read_text().split("\n", 1)[1]


VIEWPORTS = {"1280": {"width": 1280, "height": 900}, "390": {"width": 390, "height": 844}}
SEARCH_SECONDS = 0.05  # the hard bot's CPU a decision on the test server: a quick game

# Runs in the page: every time the prompt says a bot thinks, what it said and how many
# seats wore the "thinking" badge then (a bot's move may come and go between two polls).
WATCH_THINKING = """() => {
  window.__thinking = [];
  const prompt = document.getElementById("table-prompt");
  const note = () => {
    if (!prompt.classList.contains("is-thinking")) return;
    const badges = document.querySelectorAll(".badge-thinking").length;
    window.__thinking.push({ prompt: prompt.textContent, badges });
  };
  const options = { attributes: true, childList: true, characterData: true, subtree: true };
  new MutationObserver(note).observe(prompt, options);
  note();
}"""
THINKING_NOW = "#table-prompt.is-thinking, .badge-thinking"

FACE_URL = re.compile(r"/cards/([A-Za-z0-9]+-[A-Za-z0-9]+)/(?:thumb|large|face)\.(?:webp|png)")


def check_table(page, legal: list[dict], face_codes=()) -> list[str]:
    """The problems of the table the page shows now (see the module's doc); [] when none.

    A problem is looked at again half a second later: what a player would see is a
    table that stays wrong, not one caught while the browser was still settling it
    (seen once on CI, every card of a first frame reported under the site header).
    """
    arg = {"legal": [action_key(action) for action in legal], "faces": sorted(face_codes)}
    problems = page.evaluate(CHECK_TABLE_JS, arg)
    if problems:
        page.wait_for_timeout(500)
        problems = page.evaluate(CHECK_TABLE_JS, arg)
    return problems


class FaceRequests:
    """The card codes whose pictures the page asked for, from the moment it is made."""

    def __init__(self, page):
        self.codes: set[str] = set()
        page.on("request", self._seen)

    def _seen(self, request) -> None:
        found = FACE_URL.search(request.url)
        if found:
            self.codes.add(found.group(1))


def draw_times(page) -> list[float]:
    """Milliseconds from each state frame's arrival to the drawn table (live.js keeps them)."""
    return json.loads(page.evaluate("JSON.stringify(window.KartyavarLive.drawTimes)"))


def play_checked(page, match_id, choose, faces_of, *, moves_cap: int = 400) -> dict:
    """Play the page's seat to the end of the match, checking the table before each move.

    `choose(legal)` picks the seat's move; `faces_of(state)` names the codes the
    seat's view shows face up where the table draws them (the API's state). The
    bots' moves arrive by themselves. At every move of the seat, and at the
    end, `check_table` must find nothing; and every card picture the page asked
    for belongs to a card some frame showed this seat. Returns the last state.
    """
    requests = FaceRequests(page)
    shown_codes: set[str] = set()
    state = api_state(page, match_id)
    moves = 0
    while state["status"] == "running" and moves < moves_cap:
        if not state["legal"]:
            wait_past(page, state["version"], or_over=True)
            state = api_state(page, match_id)
            continue
        showing(page, state["version"])
        shown_codes |= set(state["cards"])
        problems = check_table(page, state["legal"], faces_of(state))
        assert not problems, f"version {state['version']}: {problems[:10]}"
        action = choose(state["legal"])
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
        moves += 1
        wait_past(page, state["version"])
        state = api_state(page, match_id)
    assert state["status"] != "running", f"still running after {moves} moves"
    showing(page, state["version"])
    shown_codes |= set(state["cards"])
    problems = check_table(page, [], faces_of(state))
    assert not problems, f"the end: {problems[:10]}"
    asked_unseen = requests.codes - shown_codes
    assert not asked_unseen, f"pictures of cards this seat never saw face up: {asked_unseen}"
    return state


def at_size(page, size: str):
    """The page at one of `VIEWPORTS`, with reduced motion on, so that no card is
    mid-glide when the boxes are measured."""
    page.set_viewport_size(VIEWPORTS[size])
    page.emulate_media(reduced_motion="reduce")
    return page


def screenshot_path(name: str) -> Path | None:
    """Where a screenshot called `name` is kept: the TABLE_SHOTS folder, when it is set."""
    shots = os.environ.get("TABLE_SHOTS")
    return Path(shots) / name if shots else None


@pytest.fixture(autouse=True)
def quick_hard_bot(settings):
    """The hard bot thinks briefly on the test server, in every test module that imports
    this fixture: set before it starts (autouse fixtures come first), since the server is
    a fork of this process and its settings."""
    settings.PLAY_SEARCH_SECONDS = SEARCH_SECONDS


def watch_thinking(page) -> None:
    """From now on the page notes each time its table says a bot is thinking."""
    page.evaluate(WATCH_THINKING)


def thinking_seen(page) -> list[dict]:
    """What the table said each time a bot was thinking, since `watch_thinking`."""
    return page.evaluate("window.__thinking")


def not_while_thinking(page, choose):
    """`choose`, after checking that no bot is said to think when the person is to move."""

    def pick(legal: list[dict]) -> dict:
        assert page.locator(THINKING_NOW).count() == 0, "a bot 'thinks' at the person's move"
        return choose(legal)

    return pick


def play_watching_bots(page, match_id, choose, faces_of, *, moves_cap: int) -> dict:
    """`play_checked` to the finished match against bots, while the page notes each time it
    says a bot is thinking (and no bot may be said to think at the person's move).
    Returns the last state."""
    watch_thinking(page)
    pick = not_while_thinking(page, choose)
    state = play_checked(page, match_id, pick, faces_of, moves_cap=moves_cap)
    assert state["status"] == "finished"
    return state


def assert_bots_were_shown_thinking(page) -> int:
    """After `play_watching_bots`: the bots' turns were shown as thinking, each time by the
    prompt and the bot's seat, and nothing says so once the match is over. Returns how
    many times the table said it."""
    seen = thinking_seen(page)
    assert seen, "the table never said a bot was thinking"
    assert all(s["prompt"].endswith("is thinking…") and s["badges"] == 1 for s in seen), seen
    assert page.locator(THINKING_NOW).count() == 0
    return len(seen)
