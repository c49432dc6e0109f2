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
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.e2e.pages import action_key, api_state, showing, wait_past

# Runs in the page (an async arrow function); arg = {legal: [action keys], faces: [codes]}.
# (its first line is a comment, which Playwright must not see before the function)
CHECK_TABLE_JS = Path(__file__).with_name("table_checks.js").read_text().split("\n", 1)[1]


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
