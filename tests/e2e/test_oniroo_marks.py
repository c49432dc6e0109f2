"""ONIROO's marks and badges in the browser, in Hungarian at 390 and 1280 px; the end screen.

Two moments a player sees, each checked the same way: every mark on a card
(`.tcard-mark`: a dream card's place, code and group link, a hand card's "kirakva",
the solitaire pair's "most" and "következik") lies under its card's picture, never
over it, and inside the card's width; and no badge or mark on the table (those,
the seats' badges, a dream's status) breaks a word across two lines. The table is
checked as tests/e2e/table_checks.py checks every table besides.

- A level-3 solitaire, just after its first pair was drawn ("következik" is the
  mark that wrapped as "követke / zik" over the card's top on a phone).
- A level-5 table of four people (every move but the last played through the
  match service), just before zsofi (seat 0) plays the wake-up on her own dream,
  and, once she has clicked its button, the end: the dream shows the wake-up card
  lying on it and says she played it and won 15 points; the discard pile's top is
  not the wake-up; no complete dream says a wake-up may still go on it.

Set TABLE_SHOTS to a folder to keep screenshots (marks-<moment>-<width>.png, the
window at the pair, her own seat or the woken dream, and that region alone as
.part.png).
"""

from __future__ import annotations

import json
import random

import pytest
from django.core.management import call_command

from core.games import table_game
from play import selectors
from play.engines import get_engine
from play.models import Match
from tests.concurrency import aside
from tests.e2e import table_checks as checks
from tests.e2e.pages import action_key, api_state, showing, wait_past
from tests.e2e.table_checks import quick_hard_bot  # noqa: F401 (autouse: a quick hard bot)
from tests.e2e.test_play_oniroo import solitaire_faces
from tests.e2e.test_table_cards_oniroo import faces_of
from tests.factories import make_user
from tests.play_rows import greedy_oniroo_game, oniroo_table_played

pytestmark = pytest.mark.django_db(transaction=True)

WAKE = "ONI-W01"

# Runs in the page: what is wrong with the marks and badges on the table, in words.
MARK_PROBLEMS = """() => {
  const root = document.getElementById("match-table");
  const problems = [];
  const shown = (node) =>
    node.getClientRects().length > 0 && !node.closest("[hidden], details:not([open])");
  const lines = (range) =>
    new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  // a word of a badge on two lines: broken inside (nothing here is hyphenated)
  for (const badge of root.querySelectorAll(".tcard-mark, .badge, .oni-dream-status")) {
    if (!shown(badge)) continue;
    const walker = document.createTreeWalker(badge, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (lines(range).size > 1) {
          problems.push(`"${word[0]}" breaks across lines in "${badge.textContent}"`);
        }
      }
    }
  }
  // a mark lies under its card's picture, inside the card's width
  for (const mark of root.querySelectorAll(".tcard-mark")) {
    if (!shown(mark)) continue;
    const card = mark.closest(".tcard");
    const picture = card.querySelector("img.tcard-img").getBoundingClientRect();
    const m = mark.getBoundingClientRect();
    const across = Math.min(m.right, picture.right) - Math.max(m.left, picture.left);
    const down = Math.min(m.bottom, picture.bottom) - Math.max(m.top, picture.top);
    if (across > 0.5 && down > 0.5) {
      problems.push(`mark "${mark.textContent}" covers its card's picture`);
    }
    const box = card.getBoundingClientRect();
    if (m.left < box.left - 0.5 || m.right > box.right + 0.5) {
      problems.push(`mark "${mark.textContent}" reaches past its card`);
    }
  }
  return problems;
}"""


def words(page) -> dict[str, str]:
    """The table's words in the page's language (live.js's and oniroo.js's string tables)."""
    return page.evaluate(
        """() => Object.assign({},
            JSON.parse(document.getElementById("live-strings").textContent),
            JSON.parse(document.getElementById("table-strings").textContent))"""
    )


def marks_checked(page, legal: list[dict], faces: set[str], shot: str, where: str) -> None:
    """The marks and badges (MARK_PROBLEMS) and the whole table (check_table) are right,
    at both widths; when TABLE_SHOTS is set, a screenshot of each, the window scrolled to
    `where` (a selector), and one of `where` alone (.part.png)."""
    for size in checks.VIEWPORTS:
        checks.at_size(page, size)
        page.wait_for_timeout(100)
        problems = page.evaluate(MARK_PROBLEMS)
        assert not problems, f"{size} px: {problems[:10]}"
        problems = checks.check_table(page, legal, faces)
        assert not problems, f"{size} px: {problems[:10]}"
        path = checks.screenshot_path(f"marks-{shot}-{size}.png")
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = page.locator(where).first
            part.evaluate("(node) => node.scrollIntoView({ block: 'center' })")
            page.screenshot(path=path)
            part.screenshot(path=path.with_suffix(".part.png"))


def a_solitaire_whose_first_draw_is_a_pair(options: dict) -> int:
    """A seed whose first draw leaves both cards of the pair on show, to deal with."""
    engine, pool = get_engine("oniroo"), selectors.game_pool("oniroo")
    for seed in random.Random(3).sample(range(100_000), 200):
        state = engine.new_game([pool], options, seed)
        state.apply({"type": "draw", "player": 0})
        if not state.is_over and len(state.view(0)["drawn"]) == 2:
            return seed
    raise AssertionError("no solitaire among 200 opens with a pair to deal with")


def test_the_solitaires_pair_is_marked_under_its_cards_in_whole_words(seed_file, signed_in):
    call_command("load_cards", verbosity=0)
    options, bad = table_game("oniroo").options_from({"players": 1, "level": 3})
    assert not bad
    seed_file.write_text(str(a_solitaire_whose_first_draw_is_a_pair(options)))
    page = checks.at_size(signed_in(make_user("zsofi", language="hu")), "390")
    page.goto("/play/")
    page.select_option("#o-players", "1")
    page.select_option("#o-level", "3")
    page.locator("form.oniroo-new button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    match = Match.objects.get()
    state = api_state(page, match.pk)
    showing(page, state["version"])
    draw = {"type": "draw", "player": 0}
    assert draw in state["legal"]
    page.locator(f"#match-table button[data-action={json.dumps(action_key(draw))}]").click()
    wait_past(page, state["version"])
    state = api_state(page, match.pk)
    showing(page, state["version"])
    assert len(state["view"]["drawn"]) == 2
    said = words(page)
    marks = page.locator("#oni-solo .zone-drawn .tcard-mark").all_inner_texts()
    assert marks == [said["drawn_now"], said["drawn_next"]] == ["most", "következik"]
    marks_checked(page, state["legal"], solitaire_faces(state), "solitaire", "#oni-solo")


# --- the end of a level-5 table of four ----------------------------------------------------------
def a_game_zsofi_wins_waking_her_own_dream(options: dict) -> tuple[int, list[dict]]:
    """A seed, and the moves of a game played by greedy bots in every seat, that seat 0 wins
    by playing the wake-up on a dream of her own."""
    return greedy_oniroo_game(
        options,
        lambda result: result["winners"] == [0] and result["reason"] == "wake_up",
        sample_seed=7,
        max_moves=400,
        what="is won by seat 0 waking her own dream",
    )


def a_table_of_four_one_move_from_the_end() -> tuple[Match, list, dict]:
    """Four people at a level-5 table; each move played through the match service as its
    seat's person, up to zsofi's wake-up on her own dream: (match, users, that move)."""
    users = [make_user(name, language="hu") for name in ("zsofi", "gergo", "anna", "bence")]
    match, (last,) = oniroo_table_played(
        users, a_game_zsofi_wins_waking_her_own_dream, level=5, unplayed=1
    )
    assert last["type"] == "wake_up" and last["player"] == 0
    return match, users, last


def test_the_dream_zsofi_wakes_up_holds_the_wake_up_card_and_says_so(signed_in):
    """Her table before the wake-up (a running table's marks and badges), her click on the
    wake-up's button, and the end: the winning dream, the piles, the marks."""
    call_command("load_cards", verbosity=0)
    match, users, wake_up = aside(a_table_of_four_one_move_from_the_end)
    page = checks.at_size(signed_in(users[0]), "1280")
    page.goto(f"/play/{match.pk}/")
    state = api_state(page, match.pk)
    showing(page, state["version"])
    assert wake_up in state["legal"]
    marks_checked(page, state["legal"], faces_of(state), "playing", "#table-own")
    checks.at_size(page, "1280")
    key = json.dumps(action_key(wake_up))
    page.locator(f"#match-table button[data-action={key}]").click()
    wait_past(page, state["version"], or_over=True)
    state = api_state(page, match.pk)
    assert state["status"] == "finished"
    showing(page, state["version"])
    page.locator("#table-result h2").wait_for()
    said = words(page)

    woken = [d for d in state["view"]["players"][0]["dreams"] if d["winning"]]
    assert [d["id"] for d in woken] == [wake_up["dream"]]
    assert woken[0]["wake_up"]["code"] == WAKE
    dream = page.locator(f".oni-dream:has(#oni-dream-heading-{wake_up['dream']})")
    assert dream.locator(".oni-dream-status").text_content().strip() == said["dream_winning"]
    headline = said["dream_woken_you"].replace("{points}", "15")
    assert dream.locator(".oni-explain-head").inner_text().strip() == headline
    assert dream.locator(f'.oni-dream-wake li.tcard[data-code="{WAKE}"]').count() == 1
    # nothing else shows the wake-up card: not the top of the discard pile, nor its list
    assert page.locator(f'#match-table li.tcard[data-code="{WAKE}"]').count() == 1
    assert WAKE not in [c["code"] for c in state["view"]["discard"]]
    # no dream waits for a wake-up any more
    assert said["explain_complete"] not in page.locator("#match-table").inner_text()
    assert WAKE in faces_of(state)
    marks_checked(page, [], faces_of(state), "woken", ".oni-dream.is-won")
