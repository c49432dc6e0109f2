"""A tournament in the browser: two players register, the organiser starts it, and the
round's match is played to its end through the tables while the organiser's page,
never reloaded, shows the result and the standings as they change (htmx polling).
"""

from __future__ import annotations

import hashlib
import json

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from catalog.models import Game
from play import selectors
from play.bots.alomfogo_cards import DEMO_DECKS
from play.engines import get_engine
from play.models import Match
from tests.e2e.pages import action_key, next_move, showing
from tests.factories import make_user
from tests.play_rows import codes_deck
from tests.table_policies import alomfogo_choice
from tournaments import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

MOVES_CAP = 400  # far above any game these decks and this policy play


def a_short_game_seed(match: Match) -> int:
    """Of 200 seeds, the one under which the test's policy ends the game soonest.

    Only to keep the test quick: the game is then played through the browsers.
    """
    decks = [selectors.deck_cards(seat) for seat in match.seats.order_by("position")]
    engine = get_engine("alomfogo")

    def moves(seed: int) -> int:
        state = engine.new_game(decks, match.options, seed)
        while not state.is_over and state.version < MOVES_CAP:
            state.apply(alomfogo_choice(state.legal_actions(state.active_player)))
        return state.version

    return min(range(200), key=moves)


def test_two_players_register_and_play_a_round_while_the_standings_follow(signed_in):
    call_command("load_cards", verbosity=0)
    organiser = make_user("szervezo", language="en")
    zsofi, gergo = make_user("zsofi", language="en"), make_user("gergo", language="en")
    codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    codes_deck(gergo, "Védő", DEMO_DECKS["vedo"])
    event = tournament_services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name="Keddi verseny"
    )
    # A shorter game than the default 15 glory, only to keep the test quick.
    Tournament.objects.filter(pk=event.pk).update(
        match_options={**event.match_options, "starting_glory": 10}
    )
    url = event.get_absolute_url()
    page_o, page_a, page_b = signed_in(organiser), signed_in(zsofi), signed_in(gergo)

    # Both players register with their decks on the event's page.
    for page, deck_name in ((page_a, "Támadó"), (page_b, "Védő")):
        page.goto(url)
        # Each deck is offered with its size (3 of each of 15 codes) and no "not legal" mark.
        page.locator("#t-deck").select_option(label=f"{deck_name} · 45 cards")
        page.get_by_role("button", name="Register").click()
        registered = f"You are registered with {deck_name}"
        expect(page.locator("#registration")).to_contain_text(registered)

    # The organiser starts it: one round for two players, one table.
    page_o.goto(url)
    expect(page_o.locator("#players")).to_contain_text("gergo")
    page_o.get_by_role("button", name="Start the tournament").click()
    expect(page_o.locator("#pairings")).to_contain_text("zsofi")
    expect(page_o.locator("#pairings")).to_contain_text("waiting")
    # From here on the organiser's page is never reloaded: a mark set now must survive.
    page_o.evaluate("window.__notReloaded = true")
    match = Match.objects.get()
    seed = a_short_game_seed(match)
    Match.objects.filter(pk=match.pk).update(
        seed=seed, seed_sha256=hashlib.sha256(str(seed).encode()).hexdigest()
    )

    # Each player follows the link to their match and says they are ready; it starts.
    for page in (page_a, page_b):
        page.goto(url)
        page.get_by_role("link", name="Go to your match").click()
        page.get_by_role("button", name="I am ready").click()
    for page in (page_a, page_b):
        page.wait_for_selector("#match-table", state="attached", timeout=20_000)
        showing(page, 0)
    assert match.seats.count() == 2
    expect(page_o.locator("#pairings")).to_contain_text("playing", timeout=15_000)

    pages = {0: page_a, 1: page_b}
    version = 0
    while version < MOVES_CAP and (move := next_move(pages, match.pk)):
        seat, action = move
        key = json.dumps(action_key(action))
        pages[seat].locator(f"button[data-action={key}]").first.click()
        version += 1
        for page in pages.values():
            showing(page, version)

    match.refresh_from_db()
    assert match.status == "finished", "the match did not end"
    (winner_seat,) = match.result["winners"]
    winner = match.seats.get(position=winner_seat).user.username
    loser = ({"zsofi", "gergo"} - {winner}).pop()
    for page in pages.values():
        page.locator("#table-result h2").wait_for()
        expect(page.get_by_role("link", name="Back to the tournament").first).to_be_visible()

    # The organiser's page shows the result and the new standings without a reload.
    first, second = (
        page_o.locator("#standings tbody tr").nth(0),
        page_o.locator("#standings tbody tr").nth(1),
    )
    expect(first).to_contain_text(winner, timeout=15_000)
    expect(first).to_contain_text("1-0-0")
    expect(second).to_contain_text(loser)
    expect(second).to_contain_text("0-1-0")
    expect(page_o.locator("#pairings")).not_to_contain_text("playing")
    assert page_o.evaluate("window.__notReloaded === true")
    # The match counted for both ratings.
    assert match.rated and match.rating_changes
