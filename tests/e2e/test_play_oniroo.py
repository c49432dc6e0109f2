"""Online ONIROO in the browser: a solitaire, and a table of three people.

The match is started through the lobby's ONIROO form. The solitaire test plays
its seat by clicking the buttons the table draws, choosing each click from the
legal actions its seat gets from the API with a simple policy (lay every code
that fits, draw, discard last), every fifth one by keyboard (focus, Enter). At
every decision it checks that the page offers exactly the legal actions, one
button each, and every tenth that the table draws each card by its face with
nothing covering it (tests/e2e/table_checks.py). The page is never reloaded.

A level-5 table against greedy bots, checked at every move at 1280 × 900 and
on a phone, is tests/e2e/test_table_cards_oniroo.py (it imports the lobby and
the policy from here).
"""

from __future__ import annotations

import json
import time

import pytest
from django.core.management import call_command

from play.models import Match
from tests.concurrency import aside
from tests.e2e.pages import action_key, api_state, showing, wait_past
from tests.e2e.table_checks import check_table
from tests.factories import make_user
from tests.play.test_absent_players import a_long_wait, oniroo_table_of, waiting_on

pytestmark = pytest.mark.django_db(transaction=True)

MOVES_CAP = 600  # far above any game this policy plays
CHECK_EVERY = 10  # the whole table's check (pictures, boxes, buttons) every this many clicks
# Solitaire: lay every code that fits, keep nothing and lay no fairy, so that the wake-up
# ends the game within one pass of the pile at the latest (at most ~155 clicks).
SOLO_ORDER = {"lay": 0, "placeholder": 1, "swap": 2, "draw": 4, "discard": 5, "keep": 6}


def solo_choice(legal: list[dict]) -> dict:
    def rank(action: dict) -> int:
        if action["type"] == "lay" and "slot" not in action:  # a dream fairy at level 2
            return 7
        return SOLO_ORDER.get(action["type"], 50)

    return min(legal, key=rank)


def offered(page) -> tuple[list[str], str]:
    """The action keys of every button on the table, and the prompt above them."""
    keys, prompt = page.evaluate(
        """() => [
            [...document.querySelectorAll("#match-table button[data-action]")]
                .map((b) => b.dataset.action),
            document.getElementById("table-prompt").textContent.trim(),
        ]"""
    )
    return sorted(keys), prompt


def solitaire_faces(state: dict) -> set[str]:
    """The codes a solitaire's view shows face up where the table draws them."""
    view = state["view"]
    table = view["table"]
    cards = list(view.get("hand") or []) + list(view["drawn"]) + list(table["fairies"])
    cards += [slot["card"] for slot in table.get("row") or [] if slot and slot["card"]]
    cards += [laid["card"] for laid in (table.get("codes") or {}).values() if laid]
    cards += [card for card in (table.get("target"), view.get("discard_top")) if card]
    return {card["code"] for card in cards}


def play_to_the_end(page, match_id, choose, faces_of=None) -> tuple[int, set[str], dict]:
    """Click through the match for this page's seat; (clicks, action types clicked, last state).
    With `faces_of` (the codes the view shows face up), the whole table is checked now and then."""
    clicks, kinds = 0, set()
    state = api_state(page, match_id)
    while clicks < MOVES_CAP and state["status"] == "running":
        showing(page, state["version"])
        if not state["legal"]:  # the bots are moving: their moves arrive by themselves
            wait_past(page, state["version"], or_over=True)
            state = api_state(page, match_id)
            continue
        # the table offers exactly the seat's legal actions, one button each, and says why
        buttons, prompt = offered(page)
        assert buttons == sorted(action_key(a) for a in state["legal"])
        assert prompt
        if faces_of and clicks % CHECK_EVERY == 0:
            problems = check_table(page, state["legal"], faces_of(state))
            assert not problems, f"version {state['version']}: {problems[:10]}"
        action = choose(state["legal"])
        button = page.locator(f"button[data-action={json.dumps(action_key(action))}]")
        if clicks % 5 == 0:  # now and then by keyboard: focus the button, press Enter
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
        clicks += 1
        kinds.add(action["type"])
        wait_past(page, state["version"])
        state = api_state(page, match_id)
    return clicks, kinds, state


def start_oniroo(page, **choices: str) -> Match:
    page.goto("/play/")
    form = page.locator("form.oniroo-new")
    for name, value in choices.items():
        page.select_option(f"#o-{name}", value)
    form.get_by_role("button", name="Start").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    return Match.objects.get()


def test_a_solitaire_game_is_played_to_its_end(signed_in):
    started = time.monotonic()
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    page = signed_in(zsofi)

    match = start_oniroo(page, players="1", level="2")
    assert match.options["players"] == 1 and match.options["level"] == 2
    assert match.seats.count() == 1
    assert page.locator("#oni-solo").is_visible()
    assert "Solitaire, level 2" in page.locator("#table-summary").inner_text()

    clicks, kinds, state = play_to_the_end(page, match.pk, solo_choice, solitaire_faces)

    assert state["status"] == "finished", "the solitaire did not end"
    assert "draw" in kinds
    headline = page.locator("#table-result h2")
    headline.wait_for()
    match = Match.objects.get()
    expected = "You reached the goal!" if match.result["won"] else "The solitaire is lost."
    assert headline.inner_text().strip() == expected

    # The finished solitaire replays on the same table, step by step, without reloading.
    page.get_by_role("link", name="Replay this match step by step").click()
    showing(page, match.version)
    page.evaluate("window.__sameDocument = true")
    page.get_by_role("link", name="First step").click()
    showing(page, 0)
    assert "Solitaire, level 2" in page.locator("#table-summary").inner_text()
    page.get_by_role("link", name="Step forward").click()
    showing(page, 1)
    assert page.locator("#table-log li").count() > 0
    assert page.evaluate("window.__sameDocument") is True
    # how long a deal takes depends on the deal (1 to 155 clicks): said, not judged
    print(f"solitaire: {time.monotonic() - started:.1f} s")


def a_table_of_three_people() -> tuple[Match, list, int]:
    """A running level-5 match of three people, its player to move late: (match, users, seat)."""
    users = [make_user(name, language="en") for name in ("zsofi", "gergo", "anna")]
    match = oniroo_table_of(users)
    late = waiting_on(match)
    a_long_wait(match)
    return match, users, late


def test_a_bot_takes_the_seat_of_a_player_who_keeps_three_waiting(signed_in):
    call_command("load_cards", verbosity=0)
    # the services send frames with async_to_sync, which Playwright's event loop here forbids
    match, users, late = aside(a_table_of_three_people)

    # Another player sees the late one's clock run out, and lets a bot take the seat.
    waiting = signed_in(users[(late + 1) % 3])
    waiting.goto(f"/play/{match.pk}/")
    offer = waiting.locator("#table-takeover")
    offer.wait_for(state="visible")
    clock = waiting.locator("#table-clock").inner_text()
    assert users[late].username in clock and "a bot may take their seat" in clock
    offer.get_by_role("button", name="Let a bot play their seat").click()
    waiting.wait_for_selector("#match-table[data-version]", state="attached")
    match.refresh_from_db()
    assert match.version > 0, "the bot did not play the late player's move"
    assert match.seats.get(position=late).bot == "greedy"
    assert not waiting.locator("#table-takeover").is_visible()

    # The late player comes back: they watch their own cards with no buttons, and take over.
    away = signed_in(users[late])
    away.goto(f"/play/{match.pk}/")
    back = away.locator("#table-take-back")
    back.wait_for(state="visible")
    assert away.locator("#match-table button[data-action]").count() == 0
    assert f"{users[late].username} (bot)" in away.locator("#match-table").inner_text()
    back.get_by_role("button", name="Take my seat back").click()
    away.wait_for_selector("#table-take-back", state="hidden")
    assert match.seats.get(position=late).bot == ""
