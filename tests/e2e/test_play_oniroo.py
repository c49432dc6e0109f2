"""Online ONIROO in the browser: a table of three with two greedy bots, and a solitaire.

The match is started through the lobby's ONIROO form. The test plays one seat
by clicking the buttons the table draws, choosing each click from the legal
actions its seat gets from the API with a simple policy (wake up, reveal,
defend, build dreams; end the turn; discard last), every fifth one by keyboard
(focus, Enter). At every decision it checks that the page offers exactly the
legal actions, one button each; the bots' moves arrive by themselves over the
websocket, and the page is never reloaded.
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.management import call_command

from play.models import Match
from tests.e2e.pages import api_state, showing, wait_past
from tests.factories import make_user
from tests.play.test_absent_players import a_long_wait, oniroo_table_of, waiting_on

pytestmark = pytest.mark.django_db(transaction=True)

MOVES_CAP = 600  # far above any game this policy plays
TABLE_ORDER = {
    "wake_up": 0,
    "reveal": 1,
    "show_fairy": 2,
    "play": 4,
    "stage": 5,
    "give": 6,
    "take": 6,
    "play_blind": 6,
    "attack": 8,
    "end_turn": 9,
    "accept": 9,
    "discard": 10,
    "cancel_reveal": 11,
}
# Solitaire: lay every code that fits, keep nothing and lay no fairy, so that the wake-up
# ends the game within one pass of the pile at the latest (at most ~155 clicks).
SOLO_ORDER = {"lay": 0, "placeholder": 1, "swap": 2, "draw": 4, "discard": 5, "keep": 6}


def table_choice(legal: list[dict]) -> dict:
    """The first of the most wanted kind; a card goes on a dream before it starts a new one."""

    def rank(action: dict) -> float:
        value = TABLE_ORDER.get(action["type"], 50)
        return value + (0.5 if action.get("dream") == "new" else 0)

    return min(legal, key=rank)


def solo_choice(legal: list[dict]) -> dict:
    def rank(action: dict) -> int:
        if action["type"] == "lay" and "slot" not in action:  # a dream fairy at level 2
            return 7
        return SOLO_ORDER.get(action["type"], 50)

    return min(legal, key=rank)


def action_key(action: dict) -> str:
    """The key oniroo.js gives an action's button (KartyavarLive.actionKey)."""
    pairs = [[key, action[key]] for key in sorted(action)]
    return json.dumps(pairs, separators=(",", ":"), ensure_ascii=False)


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


def play_to_the_end(page, match_id, choose) -> tuple[int, set[str], dict]:
    """Click through the match for this page's seat; (clicks, action types clicked, last state)."""
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


def test_three_players_at_level_five_with_two_greedy_bots_play_to_the_end(signed_in):
    started = time.monotonic()
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    page = signed_in(zsofi)

    match = start_oniroo(page, players="3", level="5", games="1", opp="bot:greedy")
    assert match.game.slug == "oniroo"
    assert match.options["players"] == 3 and match.options["level"] == 5
    assert sorted(match.seats.values_list("bot", flat=True)) == ["", "greedy", "greedy"]
    # The lobby's choices are on the table, and every seat has its place.
    info = page.locator("#oni-info")
    assert "Level" in info.inner_text() and "5" in info.inner_text()
    assert page.locator("#table-others .oni-seat").count() == 2
    assert page.locator("#table-own .oni-seat").count() == 1

    page.evaluate("window.__sameDocument = true")  # gone if the page reloads

    clicks, kinds, state = play_to_the_end(page, match.pk, table_choice)

    assert state["status"] == "finished", "the match did not end"
    assert clicks > 0 and "play" in kinds
    match.refresh_from_db()
    assert match.status == "finished"
    headline = page.locator("#table-result h2")
    headline.wait_for()
    winners = match.result["winners"]
    # the two greedy bots have names of their own
    names = {0: "zsofi", 1: "Greedy bot 1", 2: "Greedy bot 2"}
    if winners == [0]:
        expected = "You won!"
    elif not winners:
        expected = "Nobody won."
    else:
        expected = f"{', '.join(names[w] for w in winners)} won."
    assert headline.inner_text().strip() == expected
    # the dreams built were explained on the table, and the log told the story
    assert page.locator(".oni-dream .oni-explain").count() > 0
    assert page.locator("#table-log li").count() > 10
    assert page.evaluate("window.__sameDocument") is True, "the table reloaded"
    assert time.monotonic() - started < 90


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

    clicks, kinds, state = play_to_the_end(page, match.pk, solo_choice)

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
    assert time.monotonic() - started < 90


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
    with ThreadPoolExecutor(max_workers=1) as aside:
        match, users, late = aside.submit(a_table_of_three_people).result()

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
