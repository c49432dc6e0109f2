"""Arcane Guardian says what the player may do in plain words, from what the engine offers.

QA at 390 px read "Most interakcióba léphetsz vele" ("You can act on it now", said of an
ending you may step onto), "Válassz 1 varázslatot, amelyet visszafordítasz" (not saying it
is a mana won), "Keep the roll, or roll again with a card" holding no card that rolls again,
and after the end "hidden in one of the piles" of endings that will never be found now.

A deal where each of these moments comes early is found by playing seeds through the
engine with a simple policy; the game is then played from the lobby through the table's
own buttons, and the words are checked at each moment:

- a trap nothing held can stop: "Roll the die." (the view's `cancels` is empty);
- after a roll: "or roll again with a card" only when a legal `use` rolls again (its
  effect, as the view gives it), else "Keep the roll.";
- a spell to turn upright: "+1 mana: choose 1 spell to turn upright.";
- an ending that may be stepped onto: "You can step onto it now.";
- over: an ending never met "never turned up".
"""

from __future__ import annotations

import json
import random

import pytest

from play.engines import get_engine
from tests.e2e.pages import action_key, api_state, showing
from tests.e2e.test_play_arcane import a_dungeon_dealt_by
from tests.table_policies import arcane_choice

pytestmark = pytest.mark.django_db(transaction=True)

MOVES_CAP = 60
MOMENTS = {"trap_roll", "after_roll_keep", "after_roll_reroll", "gain_mana", "ending_ready"}


def rerolls(view: dict, legal: list[dict]) -> bool:
    """Whether a legal use rolls the die again (the card's effect, as the view gives it)."""
    return any(
        action["type"] == "use"
        and any(step["do"] == "reroll" for step in view["cards"][action["card"]]["effect"]["use"])
        for action in legal
    )


def moments_of(view: dict, legal: list[dict]) -> set[str]:
    pending = view["pending"] or {}
    kind = pending.get("kind")
    if kind == "trap" and not view["facing"].get("cancels"):
        return {"trap_roll"}
    if kind == "after_roll":
        return {"after_roll_reroll" if rerolls(view, legal) else "after_roll_keep"}
    if kind == "gain_mana":
        return {"gain_mana"}
    if kind is None and any(p["stopped"] and p["choosable"] for p in view["piles"]):
        return {"ending_ready"}
    return set()


def unfound(view: dict) -> list[str]:
    """The endings in play that are neither held nor face up on a pile."""
    tops = {p["top"] for p in view["piles"] if p["face_up"]}
    return [code for code in view["endings"] if code not in view["held"] and code not in tops]


def a_seed_with_every_moment(pool: list[dict]) -> int:
    engine = get_engine("arcane-guardian")
    for seed in random.Random(3).sample(range(10_000), 3000):
        state = engine.new_game([pool], {}, seed)
        met: set[str] = set()
        while not state.is_over and state.version < MOVES_CAP:
            met |= moments_of(state.view(0), state.legal_actions(0))
            state.apply(arcane_choice(state.legal_actions(0)))
        if state.is_over and met == MOMENTS and unfound(state.view(0)):
            return seed
    raise AssertionError("no seed meets every moment early")


def test_the_dungeon_says_what_may_be_done_in_plain_words(seed_file, signed_in):
    page, errors, match = a_dungeon_dealt_by(a_seed_with_every_moment, seed_file, signed_in)
    met: set[str] = set()
    prompt = page.locator("#table-prompt")
    for _ in range(MOVES_CAP):
        state = api_state(page, match.pk)
        showing(page, state["version"])
        if state["status"] != "running":
            break
        view, legal = state["view"], state["legal"]
        moments = moments_of(view, legal)
        met |= moments
        said = prompt.inner_text()
        if "trap_roll" in moments:
            assert said.endswith(". Roll the die."), said
        if "after_roll_keep" in moments:
            assert said.endswith(". Keep the roll.") and "roll again" not in said, said
        if "after_roll_reroll" in moments:
            assert said.endswith("Keep the roll, or roll again with a card."), said
        if "gain_mana" in moments:
            n = view["pending"]["count"]
            assert said.startswith(f"+{n} mana: choose {n} spell"), said
        if "ending_ready" in moments:
            ready = [i for i, p in enumerate(view["piles"]) if p["stopped"] and p["choosable"]]
            for i in ready:
                note = page.locator(f'#ag-pile-list [data-pile="{i}"] .tcard-note')
                assert "You can step onto it now." in note.inner_text()
            assert "act on it" not in page.locator("#ag-pile-list").inner_text()
        action = arcane_choice(legal)
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
        page.wait_for_function(
            'v => Number(document.getElementById("match-table").dataset.version) > v',
            arg=state["version"],
        )
    state = api_state(page, match.pk)
    assert state["status"] == "finished"
    assert met == MOMENTS, met
    never = unfound(state["view"])
    assert never
    endings = page.locator("#ag-ending-list")
    assert "hidden in one of the piles" not in endings.inner_text()
    for code in never:
        card = endings.locator(f'[data-card-id="ending-{code}"] .tcard-note')
        assert card.inner_text() == "never turned up"
    assert not errors, errors
