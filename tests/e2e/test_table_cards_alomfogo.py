"""The Álomfogó table draws cards as cards, at 1280 × 900 and on a 390 × 844 phone.

A person plays a whole match against the greedy bot by pressing the buttons
under the cards and in the action bar. Before each of their moves the table
must show every card their view shows face up (their hand, every board, the
top of each spell cage, the duel's cards) by its own rendered face, the
game's back for the decks, no card covered by anything nor overlapping
another, and a reachable button for every legal action; the page asks only
for pictures of cards the seat was shown. Reduced motion is on, so no card
is mid-glide when the boxes are measured.

On the wide table the finished match then replays step by step on the same
page (this was tests/e2e/test_play.py's game against the bot). The phone plays
the hard bot instead (the search bot, given a twentieth of a second a move):
while it thinks, the prompt and its seat say so, and never at the person's move.

Set TABLE_SHOTS to a folder to keep screenshots of each size mid-game
(alomfogo-1280.png, alomfogo-390.png in a duel; see Screenshots for the others).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.core.management import call_command

from play.bots.alomfogo_cards import DEMO_DECKS
from play.models import Match
from tests.e2e import table_checks as checks
from tests.e2e.pages import api_state, showing
from tests.e2e.table_checks import quick_hard_bot  # noqa: F401 (autouse: a quick hard bot)
from tests.factories import make_user
from tests.play_rows import codes_deck
from tests.table_policies import alomfogo_choice

pytestmark = pytest.mark.django_db(transaction=True)

OPPONENTS = {"1280": "bot:greedy", "390": "bot:search"}  # the phone plays the hard bot
MOVES_CAP = 200  # the greedy bot ends these games in far fewer of the player's moves
DUEL_MOVES = {
    "declare_defender",
    "assign_helper",
    "no_helper",
    "use_helper",
    "play_instant",
    "pass",
}


def faces_of(state: dict) -> set[str]:
    """The codes the seat's view shows face up where the table draws them: the seat's own
    hand, every board (the duel's cards are on a board), the top of every spell cage."""
    codes = set()
    for seat in state["view"]["players"]:
        codes |= {entry["code"] for entry in seat.get("hand") or []}
        codes |= {entry["code"] for entry in seat["board"]}
        if seat["discard"]:
            codes.add(seat["discard"][-1]["code"])
    return codes


class Screenshots:
    """`choose` that plays `alomfogo_choice` and, given a path (TABLE_SHOTS), keeps a screenshot
    of the first moment of each kind: the third move (main phase, `.main.png`), the first
    duel decision after it (the path itself, and `.full.png` the whole page), a helper in
    the duel (`.helper.png`), a card being played (`.casting.png`)."""

    MOMENTS = {
        "helper": "#table-duel .is-helper",
        "casting": "#table-casting:not([hidden]) .tcard",
    }

    def __init__(self, page, path: Path | None) -> None:
        self.page, self.path, self.moves, self.taken = page, path, 0, set()

    def keep(self, moment: str, full: bool = False) -> None:
        self.taken.add(moment)
        path = self.path if moment == "duel" else self.path.with_suffix(f".{moment}.png")
        self.page.screenshot(path=path)
        if full:
            self.page.screenshot(path=path.with_suffix(".full.png"), full_page=True)

    def __call__(self, legal: list[dict]) -> dict:
        self.moves += 1
        if self.path:
            in_duel = self.page.locator("#table-duel:not([hidden])").count()
            if self.moves == 3:
                self.keep("main")
            elif self.moves > 3 and in_duel and "duel" not in self.taken:
                self.keep("duel", full=True)
            for moment, selector in self.MOMENTS.items():
                if moment not in self.taken and self.page.locator(selector).count():
                    self.keep(moment, full=True)
        return alomfogo_choice(legal)


@pytest.mark.parametrize("size", list(checks.VIEWPORTS))
def test_a_match_against_the_bot_shows_every_card_by_its_face(signed_in, size):
    started = time.monotonic()
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    deck = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    page = checks.at_size(signed_in(zsofi), size)

    page.goto("/play/")
    page.select_option("#m-deck", str(deck.pk))
    page.select_option("#m-opp", OPPONENTS[size])
    page.locator("form:has(#m-deck)").get_by_role("button", name="Start").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    match = Match.objects.get()
    # the hand as the view has it, each card a face with its name under it; the decks face down
    state = api_state(page, match.pk)
    showing(page, state["version"])
    hand = state["view"]["players"][state["seat"]]["hand"]
    assert page.locator("#table-hand-cards li.tcard .tcard-name").all_inner_texts() == [
        state["cards"][entry["code"]]["name_en"] or entry["name"] for entry in hand
    ]  # the player reads English: the card's English name where it has one
    assert page.locator(".pile-deck .tcard.is-face-down").count() == 2
    assert match.seats.get(position=1).bot == OPPONENTS[size].removeprefix("bot:")

    choose = Screenshots(page, checks.screenshot_path(f"alomfogo-{size}.png"))
    state = checks.play_watching_bots(page, match.pk, choose, faces_of, moves_cap=MOVES_CAP)
    assert choose.moves > 5, "the player hardly moved"
    page.locator("#table-result h2").wait_for()
    thought = checks.assert_bots_were_shown_thinking(page)
    print(f"{size}: a bot was shown thinking {thought} times")
    assert page.locator("#table-rematch").is_visible()
    times = sorted(checks.draw_times(page))
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
    print(f"{size}: {choose.moves} moves; drawn in {p50:.1f} ms (p50), {p95:.1f} ms (p95)")

    if size == "1280":
        replay_steps_on_the_same_page(page, Match.objects.get())
    print(f"{size}: {time.monotonic() - started:.1f} s")


def replay_steps_on_the_same_page(page, match) -> None:
    """The finished match replays step by step, without reloading the page."""
    page.get_by_role("link", name="Replay this match step by step").click()
    showing(page, match.version)
    page.evaluate("window.__sameDocument = true")  # gone if the page reloads
    page.get_by_role("link", name="Step back").click()
    showing(page, match.version - 1)
    page.get_by_role("link", name="First step").click()
    showing(page, 0)
    assert page.locator("#table-hand-cards li.tcard").count() == 5  # the deal, from my seat
    page.get_by_role("link", name="Step forward").click()
    showing(page, 1)
    turn_two = page.locator("#replay-turn option").nth(1)
    page.select_option("#replay-turn", turn_two.get_attribute("value"))
    showing(page, int(turn_two.get_attribute("value")))
    assert page.evaluate("window.__sameDocument") is True
    assert f"step={turn_two.get_attribute('value')}" in page.locator("#replay-share").input_value()
    # the browser itself checks the revealed seed against the hash published at the start
    page.wait_for_selector('#replay-seed-check[data-verified="yes"]', state="attached")
