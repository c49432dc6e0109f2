"""A laptop 1280 × 800: the live tables keep the decision in sight and nothing moves or overlaps.

- On every game's table (Álomfogó, ONIROO, Arcane Guardian) the prompt's box, with the
  turn's buttons, is inside the window wherever the player scrolls: at the page's bottom
  and at its middle, not only at its top (the side column once stuck to the window as a
  whole, one window tall, and at the page's end it slid up with the table, the prompt
  above the window while the log filled it).
- Álomfogó: in a duel, a helper (its card or its line) lies over no duellist's power, nor
  any other part of the duel: no two of a duel side's parts overlap.
- Álomfogó: the casting panel ("Being played") coming and going never moves the hand.

Set E2E_SCREENSHOTS to a folder to keep screenshots (wide-<game>-<where>.png).
"""

from __future__ import annotations

import json
import os

import pytest
from django.core.management import call_command

from play.bots.alomfogo_cards import DEMO_DECKS
from play.models import Match
from tests.e2e.pages import action_key, api_state, showing, wait_past
from tests.e2e.test_narrow_tables import the_seats_move
from tests.e2e.test_table_cards_oniroo import a_deal_the_person_opens_with_a_play
from tests.factories import make_user
from tests.play_rows import codes_deck
from tests.table_policies import alomfogo_choice, arcane_choice, oniroo_choice

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDE = {"width": 1280, "height": 800}
SHOTS = os.environ.get("E2E_SCREENSHOTS")
MOVES_CAP = 200

# Runs in the page: scroll to `where` ("bottom" or "middle") and return the prompt's box
# (viewport coordinates), its buttons' boxes, and whether the box is on top at its middle.
PROMPT_AFTER_SCROLL = """(where) => {
  const scroller = document.scrollingElement;
  const last = scroller.scrollHeight - innerHeight;
  window.scrollTo(0, where === "bottom" ? last : Math.round(last / 2));
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const controls = document.getElementById("table-controls");
  const c = controls.getBoundingClientRect();
  const hit = document.elementFromPoint(c.left + c.width / 2, c.top + Math.min(c.height / 2, 20));
  return {
    scrolled: scroller.scrollTop,
    last,
    controls: box(controls),
    buttons: [...controls.querySelectorAll("#table-actions button")].map(box),
    onTop: !!hit && controls.contains(hit),
  };
}"""

# Runs in the page: pairs of a duel side's parts (heading, cards, power, helper line) whose
# boxes overlap, as "attacker/defender: part × part".
DUEL_OVERLAPS = """() => {
  const found = [];
  const duel = document.querySelector("#table-duel:not([hidden])");
  if (!duel) return found;
  const name = (node) => `${node.parentElement.className} > ${node.className || node.tagName}`;
  const panel = duel.getBoundingClientRect();
  const parts = [...duel.querySelectorAll(".duel-sides > .duel-vs, .duel-side > *")]
    .filter((node) => node.getClientRects().length);
  for (let i = 0; i < parts.length; i++) {
    const a = parts[i].getBoundingClientRect();
    if (a.left < panel.left - 1 || a.right > panel.right + 1 || a.bottom > panel.bottom + 1) {
      found.push(`${name(parts[i])} reaches out of the duel's panel`);
    }
    for (let j = i + 1; j < parts.length; j++) {
      const b = parts[j].getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) found.push(`${name(parts[i])} × ${name(parts[j])}`);
    }
  }
  return found;
}"""

# Runs in the page, once the casting panel shows: the hand's top on the page with the
# panel, and with it hidden for a moment (what the table looks like once it goes).
HAND_WITH_AND_WITHOUT_CASTING = """() => {
  const hand = document.getElementById("table-hand");
  const casting = document.getElementById("table-casting");
  const top = () => hand.getBoundingClientRect().top + scrollY;
  const shown = top();
  casting.hidden = true;
  const gone = top();
  casting.hidden = false;
  return { shown, gone };
}"""

HELPER_CARD_IN_DUEL = "#table-duel:not([hidden]) .is-helper"
CASTING = "#table-casting:not([hidden])"


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"wide-{name}.png"))


def prompt_out_of_sight(page, game: str) -> list:
    """Where (page bottom, middle) the prompt's box or a button of it leaves the window."""
    problems = []
    height = page.viewport_size["height"]
    for where in ("bottom", "middle"):
        seen = page.evaluate(PROMPT_AFTER_SCROLL, where)
        shot(page, f"{game}-{where}")
        inside = [seen["controls"], *seen["buttons"]]
        if not all(0 <= box["top"] and box["bottom"] <= height for box in inside):
            problems.append((game, where, seen))
        elif not seen["onTop"]:
            problems.append((game, where, "something lies over the prompt", seen))
    page.evaluate("window.scrollTo(0, 0)")
    return problems


@pytest.fixture
def zsofi(transactional_db):
    call_command("load_cards", verbosity=0)
    return make_user("zsofi", language="en")


def start_match(page, form: str, options: dict[str, str] | None = None, *, seen=()) -> Match:
    page.goto("/play/")
    for select, value in (options or {}).items():
        page.select_option(select, value)
    page.locator(f"{form} button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    return Match.objects.exclude(pk__in=seen).get()


def duel_overlaps(page) -> list[str]:
    """The duel's parts that overlap or leave its panel, as the table is and as it is
    while a card is being played in the duel (the casting panel shown, as an instant
    makes it: beside the duel, it once squeezed the duel into half the width)."""
    found = page.evaluate(DUEL_OVERLAPS)
    if page.locator(CASTING).count():
        return found
    page.evaluate("document.getElementById('table-casting').hidden = false")
    shot(page, "alomfogo-duel-while-casting")
    found += [f"while a card is played: {seen}" for seen in page.evaluate(DUEL_OVERLAPS)]
    page.evaluate("document.getElementById('table-casting').hidden = true")
    return found


def test_alomfogo_prompt_duel_and_hand_stay_put_at_1280(seed_file, signed_in, zsofi):
    """A whole match against the greedy bot (a pinned deal): at the person's moves the prompt
    is in the window at the page's bottom and middle; in a duel with a helper, no part of it
    lies over another (the helper over the defender's power); whenever a card is being
    played, the panel's going would not move the hand."""
    seed_file.write_text("1")
    deck = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    page = signed_in(zsofi)
    page.set_viewport_size(WIDE)
    page.emulate_media(reduced_motion="reduce")
    options = {"#m-deck": str(deck.pk), "#m-opp": "bot:greedy"}
    match = start_match(page, "form:has(#m-deck)", options)

    out_of_sight, overlaps, moved = [], [], []
    helpers = castings = moves = 0
    state = api_state(page, match.pk)
    while state["status"] == "running" and moves < MOVES_CAP:
        if not state["legal"]:  # the bot moves by itself
            wait_past(page, state["version"], or_over=True)
            state = api_state(page, match.pk)
            continue
        showing(page, state["version"])
        if moves < 12 or moves % 5 == 0:  # enough scroll positions, at a quick pace
            out_of_sight += prompt_out_of_sight(page, f"alomfogo-{moves}")
        if page.locator(HELPER_CARD_IN_DUEL).count():
            helpers += 1
            if helpers == 1:
                shot(page, "alomfogo-helper")
            overlaps += duel_overlaps(page)
        if page.locator(CASTING).count() and page.locator("#table-hand").is_visible():
            castings += 1
            if castings == 1:
                shot(page, "alomfogo-casting")
            tops = page.evaluate(HAND_WITH_AND_WITHOUT_CASTING)
            if abs(tops["shown"] - tops["gone"]) > 0.5:
                moved.append((state["version"], tops))
        action = alomfogo_choice(state["legal"])
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
        moves += 1
        wait_past(page, state["version"], or_over=True)
        state = api_state(page, match.pk)
    print(f"{moves} moves, {helpers} with a helper's card in the duel, {castings} casting")
    assert moves > 5, "the person hardly moved"
    assert helpers, "no duel with a helper's card came up at the person's move"
    assert castings, "no card was being played at the person's move"
    problems = {
        "the prompt out of sight": out_of_sight[:3],
        "the duel's parts overlap": overlaps[:5],
        "the casting panel moves the hand": moved[:3],
    }
    found = {what: seen for what, seen in problems.items() if seen}
    assert not found, "\n".join(f"{what}: {seen}" for what, seen in found.items())


def long_log(page, match_id, choose, *, entries: int = 20, cap: int = 60) -> None:
    """Play the page's seat (`choose(legal)`) until the event log has `entries` lines, and
    wait for its next move: a log that fills the side column."""
    for _ in range(cap):
        state = the_seats_move(page, match_id)
        if page.locator("#table-log > li").count() >= entries:
            return
        action = choose(state["legal"])
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
        wait_past(page, state["version"], or_over=True)
    raise AssertionError(f"fewer than {entries} log lines after {cap} moves")


def test_oniroo_and_arcane_prompts_stay_in_sight_at_1280(seed_file, signed_in, zsofi):
    """A four-player ONIROO with bots and an Arcane Guardian dungeon, each played until its
    log is long: the prompt is in the window at the page's bottom and middle."""
    seed_file.write_text(str(a_deal_the_person_opens_with_a_play(4)))
    page = signed_in(zsofi)
    page.set_viewport_size(WIDE)
    page.emulate_media(reduced_motion="reduce")

    options = {"#o-players": "4", "#o-level": "5", "#o-games": "1", "#o-opp": "bot:greedy"}
    oniroo = start_match(page, "form.oniroo-new", options)
    the_seats_move(page, oniroo.pk)
    problems = prompt_out_of_sight(page, "oniroo-first")
    long_log(page, oniroo.pk, oniroo_choice)
    problems += prompt_out_of_sight(page, "oniroo")

    dungeon = start_match(page, "form.arcane-new", seen={oniroo.pk})
    the_seats_move(page, dungeon.pk)
    problems += prompt_out_of_sight(page, "arcane-first")
    long_log(page, dungeon.pk, arcane_choice)
    problems += prompt_out_of_sight(page, "arcane")
    assert not problems, problems
