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
import random

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
