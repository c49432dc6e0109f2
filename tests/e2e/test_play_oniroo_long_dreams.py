"""A long ONIROO dream is seen whole, and each seat's dreams are numbered from 1.

Four people at a level-5 table, every move played through the match service by greedy
bots' choices up to a moment when a dream holds many cards and zsofi's (seat 0) first dream
came after the others' first ones. At 1280 × 900 and on a 390 × 844 phone: no dream's row
of cards scrolls or runs past its dream's box or the window (a long dream wraps onto more
lines, its cards still in order: each after the one before on its line, or on a lower
line), the page never scrolls sideways, and her first dream is headed "Dream 1".

Set TABLE_SHOTS to a folder to keep screenshots (long-dreams-<width>.png, the window at the
longest dream, and .full.png, the whole page).
"""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command

from play import selectors
from play.bots import decide, get_bot
from play.engines import get_engine
from tests.concurrency import aside
from tests.e2e import table_checks as checks
from tests.e2e.pages import api_state, showing
from tests.factories import make_user
from tests.play_rows import oniroo_table_played

pytestmark = pytest.mark.django_db(transaction=True)

LONG = 10  # cards in the longest dream wanted (a 1280 px seat's row held six before it wrapped)

# Runs in the page: what of the dreams' rows is out of sight or out of order, in words.
DREAM_PROBLEMS = """() => {
  const problems = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
  }
  for (const row of document.querySelectorAll("#match-table .oni-dream-cards")) {
    const dream = row.closest(".oni-dream").getBoundingClientRect();
    const name = row.getAttribute("aria-label");
    if (row.scrollWidth > row.clientWidth + 1) problems.push(`${name}: its row scrolls`);
    let before = null;
    for (const card of row.querySelectorAll(":scope > li.tcard")) {
      const box = card.getBoundingClientRect();
      const at = card.querySelector(".mark-pos")?.textContent;
      const right = Math.min(dream.right, window.innerWidth);
      if (box.right > right + 0.5 || box.left < dream.left - 0.5) {
        problems.push(`${name}: card ${at} lies outside its dream or the window`);
      }
      if (before && !(box.left > before.right - 0.5 && Math.abs(box.top - before.top) < 1) &&
          !(box.top >= before.bottom - 0.5)) {
        problems.push(`${name}: card ${at} is not after the card before it`);
      }
      before = box;
    }
  }
  return problems;
}"""


def a_long_dream_moment(options: dict) -> tuple[int, list[dict]]:
    """A seed, and the moves of a game greedy bots play in every seat up to the first moment
    (the game running) when a dream holds LONG cards and seat 0's first dream is not the
    table's first: the first such among 60 seeds."""
    engine, pool = get_engine("oniroo"), selectors.game_pool("oniroo")
    for seed in random.Random(11).sample(range(100_000), 60):
        state = engine.new_game([pool], options, seed)
        bots = {p: get_bot("greedy", seed + p, game="oniroo") for p in state.players}
        rng, moves = random.Random(seed), []
        while not state.is_over and len(moves) < 400:
            action = decide(state, state.active_player, bots[state.active_player], rng)
            moves.append(action)
            state.apply(action)
            seats = state.s["players"]
            longest = max((len(d["cards"]) for s in seats for d in s["dreams"]), default=0)
            if not state.is_over and longest >= LONG and seats[0]["dreams"]:
                if seats[0]["dreams"][0]["id"] != "d1":
                    return seed, moves
    raise AssertionError(f"no greedy game among 60 has a dream of {LONG} cards")


def a_table_with_a_long_dream():
    users = [make_user(name, language="en") for name in ("zsofi", "gergo", "anna", "bence")]
    match, _ = oniroo_table_played(users, a_long_dream_moment, level=5)
    return match, users


def test_a_long_dream_is_seen_whole_and_each_seat_counts_its_dreams_from_1(signed_in):
    call_command("load_cards", verbosity=0)
    match, users = aside(a_table_with_a_long_dream)
    page = signed_in(users[0])
    page.goto(f"/play/{match.pk}/")
    state = api_state(page, match.pk)
    showing(page, state["version"])
    seats = state["view"]["players"]
    assert max(len(d["cards"]) for s in seats for d in s["dreams"]) >= LONG
    for size in checks.VIEWPORTS:
        checks.at_size(page, size)
        page.wait_for_timeout(100)
        path = checks.screenshot_path(f"long-dreams-{size}.png")
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=path.with_suffix(".full.png"), full_page=True)
            longest = max(
                page.locator("#match-table .oni-dream").all(),
                key=lambda dream: dream.locator(".oni-dream-cards > li.tcard").count(),
            )
            longest.evaluate("(node) => node.scrollIntoView({ block: 'center' })")
            page.screenshot(path=path)
        problems = page.evaluate(DREAM_PROBLEMS)
        assert not problems, f"{size} px: {problems[:10]}"
        # her dreams are 1, 2, … whatever the others' ids; so is every seat's
        for seat in page.locator("#match-table .oni-seat").all():
            titles = seat.locator(".oni-dream-title").all_inner_texts()
            numbers = [title.split()[1] for title in titles]
            assert numbers == [str(n) for n in range(1, len(titles) + 1)], titles
        assert page.locator("#table-own .oni-dream-title").first.inner_text().startswith("Dream 1")
