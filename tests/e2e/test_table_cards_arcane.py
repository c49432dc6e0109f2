"""The Arcane Guardian table draws its cards as cards, at 1280 × 900 and on a 390 × 844 phone.

A whole solo dungeon, started from the lobby as a player does, is played through the
table's own buttons with `play_checked` (tests/e2e/table_checks.py): at every move each
card the view shows face up (the mage, the spells, the card in front of the player, each
pile's face-up top, the collected cards, the endings in play, the top of the discard) is
drawn by its own face picture, a face-down pile by the game's back, no card is covered by
anything or overlaps another, every legal action has a visible, uncovered button the
keyboard reaches, and the page asks for no picture of a card it was not shown. At
1280 px the buttons are also exactly the legal actions at every move, and the finished
game's result and its replay (drawn with the same cards) are checked; each size plays
its own deal, and tests/e2e/test_play_arcane.py plays only a game's first moves.

With TABLE_SHOTS=<dir> set, a screenshot of the table mid-game is saved there as
arcane-<width>.png.
"""

from __future__ import annotations

import time

import pytest
from django.core.management import call_command

from play import selectors
from play.models import Match
from tests.e2e.pages import action_key, showing
from tests.e2e.table_checks import (
    VIEWPORTS,
    at_size,
    check_table,
    draw_times,
    play_checked,
    screenshot_path,
)
from tests.e2e.test_play_arcane import a_seed_with_a_full_game, enter_the_dungeon, offered
from tests.factories import make_user
from tests.play.test_arcane_guardian_table_js import faces_shown
from tests.table_policies import arcane_choice

pytestmark = pytest.mark.django_db(transaction=True)


def faces_of(state: dict) -> set[str]:
    """The codes the view shows face up where the table draws them (the rest of the discard
    waits in a closed <details>)."""
    return faces_shown(state["view"])


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_dungeon_is_drawn_as_cards_at_every_move(size, seed_file, signed_in):
    started = time.monotonic()
    call_command("load_cards", verbosity=0)
    nth = list(VIEWPORTS).index(size)  # each size its own deal
    seed, _ = a_seed_with_a_full_game(selectors.game_pool("arcane-guardian"), nth)
    seed_file.write_text(str(seed))
    page = at_size(signed_in(make_user("zsofi", language="en")), size)
    errors = enter_the_dungeon(page)
    match = Match.objects.get()
    assert match.seed == seed
    assert not errors, errors
    # the three piles' tops face up, four spells, the three endings: each a picture
    assert page.locator("#ag-spell-list .ag-spell.tcard").count() == 4
    assert page.locator("#ag-pile-list .tcard").count() == 3
    assert page.locator("#ag-ending-list .tcard").count() == 3
    alt = page.locator("#ag-spell-list .ag-spell img").first.get_attribute("alt")
    assert alt and "upright" in alt, alt

    shot = screenshot_path(f"arcane-{size}.png")
    shots_taken: list[str] = []
    moves: list[str] = []

    def choose(legal: list[dict]) -> dict:
        if size == "1280":  # every legal action is one button on the table, and nothing else is
            keys = offered(page)
            assert sorted(keys) == sorted(action_key(a) for a in legal)
            assert len(keys) == len(set(keys))
        facing = {"fight", "roll"} & {a["type"] for a in legal}
        if shot and not shots_taken and len(moves) >= 8 and facing:
            shot.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=shot, full_page=True)
            shots_taken.append(size)
        action = arcane_choice(legal)
        moves.append(action["type"])
        return action

    state = play_checked(page, match.pk, choose, faces_of, moves_cap=300)
    assert state["status"] == "finished", state["status"]
    assert not errors, errors
    times = sorted(draw_times(page))
    p95 = times[int(len(times) * 0.95) - 1] if times else 0.0

    if size == "1280":
        won = state["result"]["winners"] == [0]
        headline = page.locator("#table-result h2")
        headline.wait_for()
        assert headline.inner_text().strip() == (
            "You escaped the dungeon!" if won else "You did not escape."
        )
        assert page.locator("#table-actions button").count() == 0
        assert page.locator("#ag-hint").is_hidden()
        assert page.locator("#table-rematch").is_visible()
        # the finished dungeon replays step by step on the same table, with the same cards
        page.get_by_role("link", name="Replay this match step by step").click()
        showing(page, state["version"])
        page.get_by_role("link", name="First step").click()
        showing(page, 0)
        assert page.locator("#ag-pile-list .tcard").count() == 3
        assert page.locator("#ag-spell-list .ag-spell.is-upright").count() == 4
        assert page.locator("#ag-hint").count() == 0
        assert page.locator("button[data-action]").count() == 0
        problems = check_table(page, [], [])
        assert not problems, problems
        assert not errors, errors
    print(
        f"\narcane {size}: {len(moves)} moves, draw p95 {p95:.1f} ms, "
        f"{time.monotonic() - started:.1f} s"
    )
