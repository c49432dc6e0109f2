"""Arcane Guardian in the browser: from the lobby into the dungeon, hints, the first moves.

The test plays the first moves by pressing the buttons the table draws (on the
piles, on the cards, in the action bar; with the mouse and, every other move,
the keyboard), choosing each move from the legal actions the API gives the
player with a simple policy, and after every move waits for the table to show
the new version without a reload. At every step the buttons on the page must be
exactly the legal actions. On the first move it asks for a hint and for the
solver's verdict through the real hint endpoint. Whole games, their end and
their replay are played by tests/e2e/test_table_cards_arcane.py (on other
deals, so no game is played twice); its helpers for that live here.
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from play import selectors
from play.bots.arcane_guardian_cards import arcane_cards
from play.engines import get_engine
from play.engines.arcane_guardian.setup import ending_sets
from play.models import Match
from tests.e2e.pages import action_key, api_state, showing
from tests.factories import make_user
from tests.table_policies import arcane_choice

pytestmark = pytest.mark.django_db(transaction=True)

MOVES_CAP = 300  # the dungeon holds 57 cards; no game comes near this
SHOTS = os.environ.get("E2E_SCREENSHOTS")  # a folder: keep screenshots of the hints there


def a_seed_with_a_full_game(pool: list[dict], nth: int = 0) -> tuple[int, set[str]]:
    """A seed under which the simple policy fights, rolls and makes a choice in a longer game
    (the `nth` such seed: tests that play whole games each play another one)."""
    engine = get_engine("arcane-guardian")
    wanted = {"fight", "roll", "accept_roll", "choose_pile", "choose", "use"}
    for seed in random.Random(8).sample(range(10_000), 400):
        state = engine.new_game([pool], {}, seed)
        taken: set[str] = set()
        while not state.is_over and state.version < MOVES_CAP:
            action = arcane_choice(state.legal_actions(0))
            taken.add(action["type"])
            state.apply(action)
        if wanted <= taken and 20 <= state.version <= 80:
            if not nth:
                return seed, taken
            nth -= 1
    raise AssertionError("no seed gives a game with a fight, a roll, a choice and a use")


def offered(page) -> list[str]:
    return page.eval_on_selector_all(
        "#match-table button[data-action]", "buttons => buttons.map(b => b.dataset.action)"
    )


def enter_the_dungeon(page) -> list[str]:
    """Start a dungeon from the lobby and wait for its first table; the page's script
    errors, gathered from now on."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/play/")
    page.locator("form.arcane-new").get_by_role("button", name="Enter the dungeon").click()
    showing(page, 0)
    return errors


def a_dungeon_dealt_by(find_seed, seed_file, signed_in):
    """The catalog loaded, the deal `find_seed(pool)` picks from the dungeon's cards fixed
    (`seed_file`), and zsofi (in English) in that dungeon: (her page, its script errors,
    the match)."""
    call_command("load_cards", verbosity=0)
    seed_file.write_text(str(find_seed(selectors.game_pool("arcane-guardian"))))
    page = signed_in(make_user("zsofi", language="en"))
    errors = enter_the_dungeon(page)
    return page, errors, Match.objects.get()


FIRST_MOVES = 8  # the whole game is played by test_table_cards_arcane.py, on other deals


def test_a_player_enters_the_dungeon_asks_for_hints_and_plays(seed_file, signed_in):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    page = signed_in(zsofi)
    errors = enter_the_dungeon(page)
    match = Match.objects.get()
    assert match.game.slug == "arcane-guardian" and match.seed == int(seed_file.read_text())
    assert page.locator("#ag-spell-list .ag-spell").count() == 4
    assert page.locator("#ag-pile-list > li").count() == 3
    assert page.locator("#ag-ending-list > .tcard").count() == 3
    # each card says what it does in its close-up: the three face-up tops have their texts
    # Functions, not expression strings: Playwright evaluates strings with
    # eval, which the Content-Security-Policy refuses.
    page.wait_for_function(
        "() => document.querySelectorAll('#ag-pile-list .tcard[data-zoom-text]').length === 3"
    )
    # the close-up: resting the pointer on a card shows its face large with its name and text,
    # Escape puts it away; the keyboard reaches a card and shows it too
    pile_top = page.locator("#ag-pile-list .tcard[data-zoom]").first
    pile_top.locator(".tcard-img").hover()
    zoom = page.locator(".card-zoom")
    zoom.wait_for(state="visible")
    assert "/large.webp?v=" in zoom.locator("img").get_attribute("src")
    assert zoom.locator(".card-zoom-name").inner_text() == pile_top.get_attribute("data-zoom-name")
    assert zoom.locator(".card-zoom-text").inner_text().strip()
    page.keyboard.press("Escape")
    zoom.wait_for(state="hidden")
    # the pointer still rests on the card: a redraw under it does not bring the face back
    pile_top.locator(".tcard-img").dispatch_event("mouseover")
    page.wait_for_timeout(400)  # the close-up's delay is 250 ms
    expect(zoom).to_be_hidden()
    # another card's face on its way (held back here): the last face is not shown under
    # the new card's name meanwhile, and the new one is once it arrives
    held = []
    page.route("**/large.webp*", lambda route: held.append(route))
    other = page.locator("#ag-pile-list .tcard[data-zoom]").nth(1)
    other.locator(".tcard-img").hover()
    zoom.wait_for(state="visible")
    expect(zoom.locator(".card-zoom-name")).to_have_text(other.get_attribute("data-zoom-name"))
    page.wait_for_function("() => document.querySelector('.card-zoom-img').src.includes('large')")
    assert zoom.locator("img").evaluate("img => getComputedStyle(img).visibility") == "hidden"
    for route in held:
        route.continue_()
    page.unroute("**/large.webp*")
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.card-zoom-img')).visibility === 'visible'"
    )
    page.keyboard.press("Escape")
    zoom.wait_for(state="hidden")
    page.mouse.move(0, 0)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.tcard[data-zoom]')"):
            break
    zoom.wait_for(state="visible")
    page.keyboard.press("Escape")
    zoom.wait_for(state="hidden")

    # A hint on the first move: the greedy bot's choice is marked and said in words.
    page.get_by_role("button", name="Hint", exact=True).click()
    page.locator("[data-action].is-hinted").first.wait_for()
    assert page.locator("#ag-hint-text").inner_text().startswith("The normal bot would choose:")
    # asked from the keyboard: the focus stays on the button while the answer is on its way
    page.get_by_role("button", name="Can I still win?").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => /solver (says|ran out)/.test(document.getElementById('ag-hint-text').textContent)",
        timeout=30_000,
    )
    assert page.evaluate("document.activeElement.textContent.trim()") == "Can I still win?"

    taken: list[str] = []
    while len(taken) < FIRST_MOVES:
        state = api_state(page, match.pk)
        if state["status"] != "running":
            break
        showing(page, state["version"])
        # every legal action is one button on the table, and nothing else is
        keys = offered(page)
        assert sorted(keys) == sorted(action_key(a) for a in state["legal"]), state["version"]
        assert len(keys) == len(set(keys))
        action = arcane_choice(state["legal"])
        button = page.locator(f"button[data-action={json.dumps(action_key(action))}]")
        if len(taken) % 2:  # every other move from the keyboard
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
        taken.append(action["type"])
        page.wait_for_function(
            'v => Number(document.getElementById("match-table").dataset.version) > v',
            arg=state["version"],
        )
        assert not page.locator(".is-hinted").count(), "a hint stays with its own move"
    assert len(taken) == FIRST_MOVES
    assert page.locator("#table-log li").count() > len(taken)
    assert not errors, errors


def test_a_player_gives_up_a_dungeon_and_the_table_says_so(signed_in):
    """Giving up asks twice (the disclosure, then its button) and ends the game as lost."""
    call_command("load_cards", verbosity=0)
    page = signed_in(make_user("zsofi"))
    page.goto("/play/")
    page.locator("form.arcane-new").get_by_role("button").first.click()
    showing(page, 0)
    give_up = page.locator("#table-resign")
    expect(give_up).to_be_visible()
    give_up.get_by_text("Feladom…").click()
    give_up.get_by_role("button", name="Igen, feladom").click()
    expect(page.locator("#table-result")).to_contain_text("feladta")
    expect(give_up).to_be_hidden()
    assert Match.objects.get().result["reason"] == "resigned"


def test_a_player_chooses_the_three_endings_in_the_lobby_on_a_phone(signed_in):
    """The rulebook has the player choose the three endings: the lobby's list, on a phone,
    in Hungarian, says which sets can never be won; the chosen set is the dungeon's."""
    call_command("load_cards", verbosity=0)
    page = signed_in(make_user("zsofi", language="hu"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/play/")
    endings = page.locator("#ag-endings")
    expect(endings).to_have_value("random")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    never = endings.locator("option", has_text="(nem nyerhető meg)")
    # the sets with no way out (no exit, no Gate with its Key), as the engine counts them
    assert never.count() == sum(not can for _set, can in ending_sets(arcane_cards())) > 0
    chosen = endings.locator("option", has_text="Dungeon Gate, Kulcsok terme")
    value = chosen.first.get_attribute("value")
    endings.select_option(value)
    page.locator("form.arcane-new").get_by_role("button", name="Belépés a kazamatába").click()
    showing(page, 0)
    names = page.locator("#ag-ending-list > .tcard .tcard-name").all_inner_texts()
    assert {"Dungeon Gate", "Kulcsok terme"} <= set(names) and len(names) == 3
    assert sorted(Match.objects.get().options["endings"]) == value.split(",")
    expect(page.locator("#ag-no-way-out")).to_be_hidden()
    # a set that can never be won may be chosen too (the book allows it): the table says so
    page.goto("/play/")
    lost = never.first.get_attribute("value")
    endings.select_option(lost)
    page.locator("form.arcane-new").get_by_role("button", name="Belépés a kazamatába").click()
    expect(page.locator("#ag-no-way-out")).to_be_visible()
    expect(page.locator("#ag-no-way-out")).to_contain_text("nem lehet megnyerni")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def a_seed_meeting_a_locked_chest(pool: list[dict]) -> int:
    """A seed under which the simple policy soon faces a chest the mage's level cannot open."""
    engine = get_engine("arcane-guardian")
    for seed in random.Random(5).sample(range(10_000), 400):
        state = engine.new_game([pool], {}, seed)
        while not state.is_over and state.version < 10:
            legal = state.legal_actions(0)
            moment = (state.view(0)["pending"] or {}).get("kind")
            if moment == "chest" and all(a["type"] != "open_chest" for a in legal):
                return seed
            state.apply(arcane_choice(legal))
    raise AssertionError("no seed meets a locked chest early")


# Runs in the page: the box of the hint's badge (the marked button's ::after; in the button's
# own box unless taken out of the flow) and every text, picture or button it overlaps.
BADGE_COVERS = """() => {
  const marked = document.querySelector("#match-table button[data-action].is-hinted");
  const r = marked.getBoundingClientRect();
  const s = getComputedStyle(marked, "::after");
  let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  if (s.position === "absolute" || s.position === "fixed") {
    const px = (v) => parseFloat(v) || 0;
    const width = px(s.width) + px(s.paddingLeft) + px(s.paddingRight);
    const height = px(s.height) + px(s.paddingTop) + px(s.paddingBottom);
    const top = r.top + marked.clientTop + px(s.top);
    const borderRight = marked.offsetWidth - marked.clientWidth - marked.clientLeft;
    const right = r.right - borderRight - px(s.right);
    box = { left: right - width, top, right, bottom: top + height };
  }
  const texts = [...document.querySelectorAll(
    "#match-table :is(p, h2, h3, dt, dd, summary, button, img, .tcard-name, .tcard-note)")]
    .filter((e) => e !== marked && !e.contains(marked) && e.getClientRects().length);
  return texts.filter((e) => {
    const t = e.getBoundingClientRect();
    return t.width && t.height && t.left < box.right - 0.5 && box.left < t.right - 0.5 &&
      t.top < box.bottom - 0.5 && box.top < t.bottom - 0.5;
  }).map((e) => e.className + ": " + e.textContent.trim());
}"""

# Runs in the page: whether the marked spell, its card and button, lies wholly in the window
# and in its row.
HINTED_IN_SIGHT = """() => {
  const marked = document.querySelector("#ag-spell-list button[data-action].is-hinted");
  if (!marked) return false;
  const r = marked.closest(".tcard").getBoundingClientRect();
  const row = marked.closest(".ag-card-row").getBoundingClientRect();
  return r.left >= Math.max(0, row.left) - 1 && r.right <= Math.min(innerWidth, row.right) + 1 &&
    r.top >= 0 && r.bottom <= innerHeight;
}"""


def test_a_chest_says_only_its_ways_and_a_hint_shows_its_move(seed_file, signed_in):
    """A chest the mage's level cannot open asks only for the roll; the hint's badge covers
    no words of the cards (1280 px), and on a phone a hinted spell out of sight in the
    sideways-scrolling row is brought into view, the page not scrolled sideways."""
    page, errors, match = a_dungeon_dealt_by(a_seed_meeting_a_locked_chest, seed_file, signed_in)
    page.set_viewport_size({"width": 1280, "height": 800})
    # the first move's hint (the greedy bot's own) marks a button and covers nothing; the
    # button in sight already, the page stays where it was
    hint = page.get_by_role("button", name="Hint", exact=True)
    hint.scroll_into_view_if_needed()
    before = page.evaluate("() => [scrollX, scrollY]")
    hint.click()
    marked = page.locator("[data-action].is-hinted").first
    marked.wait_for()
    assert page.evaluate(BADGE_COVERS) == []
    page.wait_for_timeout(500)  # a smooth scroll, were there one, would be under way
    assert page.evaluate("() => [scrollX, scrollY]") == before
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/arcane-hint-1280.png")
    for _ in range(10):
        state = api_state(page, match.pk)
        showing(page, state["version"])
        if (state["view"]["pending"] or {}).get("kind") == "chest":
            break
        action = arcane_choice(state["legal"])
        page.locator(f"button[data-action={json.dumps(action_key(action))}]").click()
        page.wait_for_function(
            'v => Number(document.getElementById("match-table").dataset.version) > v',
            arg=state["version"],
        )
    assert {a["type"] for a in state["legal"]} >= {"roll"}
    assert "open_chest" not in {a["type"] for a in state["legal"]}
    chest = state["view"]["facing"]["card"]
    name = state["view"]["cards"][chest]["name_en"]
    expect(page.locator("#table-prompt")).to_have_text(f"A chest: {name}. Roll for it.")
    expect(page.locator("#ag-encounter")).to_contain_text("Your level is too low to open it")
    hint.click()
    page.locator("[data-action].is-hinted").first.wait_for()
    assert page.evaluate(BADGE_COVERS) == []
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/arcane-chest-1280.png")
    # the badge is drawn, not read: a marked button whose words are its name (no aria-label)
    # is still called just that (the hint line, a live region, says it is the hint)
    plain = page.eval_on_selector_all(
        "#match-table button[data-action]:not([aria-label])", "bs => bs.map(b => b.dataset.action)"
    )
    assert plain, "a button named by its own words, or this tests nothing"
    move = next(a for a in state["legal"] if action_key(a) == plain[0])
    answer = json.dumps({"version": state["version"], "action": move})
    page.route(
        "**/hint/", lambda route: route.fulfill(content_type="application/json", body=answer)
    )
    hint.click()
    marked = page.locator(f"button[data-action={json.dumps(plain[0])}].is-hinted")
    marked.wait_for()
    expect(marked).to_have_accessible_name(" ".join(marked.inner_text().split()))
    expect(marked).not_to_have_accessible_name(re.compile("Hint"))
    page.unroute("**/hint/")

    # on a phone: the hint names the last spell that may be used, out of sight in its row
    page.set_viewport_size({"width": 390, "height": 844})
    spells = page.eval_on_selector_all(
        "#ag-spell-list button[data-action]", "bs => bs.map(b => b.dataset.action)"
    )
    assert spells, "a spell may be used at the chest"
    last = next(a for a in state["legal"] if action_key(a) == spells[-1])
    answer = json.dumps({"version": state["version"], "action": last})
    page.route(
        "**/hint/", lambda route: route.fulfill(content_type="application/json", body=answer)
    )
    page.evaluate(
        "() => { scrollTo(0, 0); document.getElementById('ag-spell-list').scrollLeft = 0; }"
    )
    button = page.locator(f"#ag-spell-list button[data-action={json.dumps(spells[-1])}]")
    out_of_sight = """b => b.getBoundingClientRect().right >
      b.closest('.ag-card-row').getBoundingClientRect().right"""
    assert button.evaluate(out_of_sight), "the spell starts out of sight, or this tests nothing"
    hint.scroll_into_view_if_needed()
    hint.click()
    page.wait_for_function(HINTED_IN_SIGHT)
    assert "is-hinted" in button.get_attribute("class")
    assert page.evaluate(BADGE_COVERS) == []
    assert page.evaluate("() => scrollX") == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/arcane-hint-390.png")
    assert not errors, errors
