"""Arcane Guardian's two moments that come only when they matter, played in the browser.

- `before_reveal` (DECISIONS, Arcane Guardian 3): the reveal phase would turn up nothing
  (no mana) and a card held could change that. The table says so and offers the uses on
  their cards and "End the step without revealing" in the action bar.
- `ending` (DECISIONS, Arcane Guardian 6): an ending with a cost is revealed and one of
  its costs can be paid. The table says it must be dealt with now, and on which pile it
  turned up; the ending lies in front of the player with its payments under it (on a
  phone the piles may be a screen further down), and its pile says it is faced.

A deal where both come is found the way tests/e2e/test_play_arcane.py finds its deals: a
simple policy plays seeds through the engine until one meets both early. The game is
then played from the lobby through the table's own buttons, checking at each move that
the buttons are exactly the legal actions.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from play.engines import get_engine
from tests.e2e.pages import action_key, api_state, showing
from tests.e2e.test_play_arcane import a_dungeon_dealt_by, offered
from tests.table_policies import arcane_choice

pytestmark = pytest.mark.django_db(transaction=True)

MOMENTS = {"before_reveal", "ending"}
MOVES_CAP = 70  # a deal is taken only if both moments come within this many moves
GAINS_MANA = ("gain_mana", "gain_level")

_settle_then_step = arcane_choice  # settle the window in front of you, then step on


def choice(view: dict, legal: list[dict]) -> dict:
    """Settle the window, then step on; before the reveal, drink what brings mana back."""
    if (view["pending"] or {}).get("kind") == "before_reveal":
        for action in legal:
            steps = view["cards"].get(action.get("card"), {}).get("effect", {}).get("use", [])
            if action["type"] == "use" and any(s["do"] in GAINS_MANA for s in steps):
                return action
        return next(a for a in legal if a["type"] == "end_step")
    return _settle_then_step(legal)


def a_seed_with_both_moments(pool: list[dict]) -> int:
    engine = get_engine("arcane-guardian")
    for seed in random.Random(21).sample(range(10_000), 2000):
        state = engine.new_game([pool], {}, seed)
        met = set()
        while not state.is_over and state.version < MOVES_CAP and met != MOMENTS:
            met.add((state.s["pending"] or {}).get("kind"))
            met &= MOMENTS
            state.apply(choice(state.view(0), state.legal_actions(0)))
        if met == MOMENTS:
            return seed
    raise AssertionError("no seed meets both moments early")


def test_the_table_offers_the_moment_before_the_reveal_and_the_forced_payment(seed_file, signed_in):
    page, errors, match = a_dungeon_dealt_by(a_seed_with_both_moments, seed_file, signed_in)
    met: set[str] = set()
    for _ in range(MOVES_CAP):
        state = api_state(page, match.pk)
        if state["status"] != "running" or met == MOMENTS:
            break
        showing(page, state["version"])
        legal = state["legal"]
        keys = offered(page)
        assert sorted(keys) == sorted(action_key(a) for a in legal), state["version"]
        pending = state["view"]["pending"] or {}
        kind = pending.get("kind")
        if kind == "ending":
            met.add(kind)
            expect(page.locator(".ag-pending")).to_contain_text(
                f"An ending turned face up on pile {pending['pile'] + 1}: "
            )
            expect(page.locator(".ag-pending")).to_contain_text("choose which of its costs to pay")
            facing = page.locator(
                f'#ag-encounter .ag-facing-card[data-card-id="{pending["card"]}"]'
            )
            expect(facing).to_have_count(1)
            pile = page.locator(f'#ag-pile-list [data-pile="{pending["pile"]}"]')
            expect(pile).to_contain_text("You are facing this card.")
            expect(pile.locator("button[data-action]")).to_have_count(0)
            pays = [a for a in legal if a["type"] == "pay"]
            assert pays
            for pay in pays:
                button = facing.locator(f"button[data-action={json.dumps(action_key(pay))}]")
                expect(button).to_have_count(1)
                expect(button).to_contain_text("Pay: −")
        if kind == "before_reveal":
            met.add(kind)
            expect(page.locator(".ag-pending")).to_contain_text("no card turns face up")
            end = page.locator(".bar-action.ag-bar-end_step")
            expect(end).to_have_count(1)
            expect(end).to_contain_text("End the step without revealing")
        action = choice(state["view"], legal)
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").click()
        page.wait_for_function(
            'v => Number(document.getElementById("match-table").dataset.version) > v',
            arg=state["version"],
        )
    assert met == MOMENTS
    assert not errors, errors
