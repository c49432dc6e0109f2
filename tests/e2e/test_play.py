"""Online Álomfogó in the browser: two people on two browsers.

Each player is a separate browser context (own cookies, own websocket). The
test plays by clicking the action buttons the table draws on the cards and in
the action bar, and after every click waits for *both* tables to show the new
version — the other player's page changes without a reload. A player's next
click is chosen from the legal actions their own seat gets from the API, with
a simple policy that plays cards, attacks, names helpers and uses instants
whenever it may, so duels with helpers and instants happen.

A person's whole match against the bot, checked card by card at both screen
sizes and replayed, is tests/e2e/test_table_cards_alomfogo.py.
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from django.core.management import call_command

from play import selectors
from play.bots.alomfogo_cards import DEMO_DECKS
from play.engines import get_engine
from play.models import Match, Seat
from tests.e2e.pages import action_key, api_state, next_move, showing
from tests.factories import make_user
from tests.play_rows import codes_deck
from tests.table_policies import alomfogo_choice

pytestmark = pytest.mark.django_db(transaction=True)

MOVES_CAP = 400  # far above any game these decks and this policy play


def click_action(page, action: dict) -> None:
    page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()


def a_seed_with_a_full_duel(decks: list[list[dict]], options: dict) -> int:
    """A seed under which the eager policy fights a duel with a helper and an instant.

    The test fixes the shuffle only to be sure the scenario it checks happens;
    the game itself is then played through the browsers.
    """
    engine = get_engine("alomfogo")
    for seed in range(500):
        state = engine.new_game(decks, options, seed)
        duel: set[str] = set()
        while not state.is_over and state.version < MOVES_CAP:
            action = alomfogo_choice(state.legal_actions(state.active_player))
            if action["type"] == "declare_attack":
                duel = set()
            duel.add(action["type"])
            if {"assign_helper", "play_instant"} <= duel and state.version < 60:
                return seed
            state.apply(action)
    raise AssertionError("no seed gives a duel with a helper and an instant")


def test_two_players_on_two_browsers_play_a_whole_match(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi, gergo = make_user("zsofi", language="en"), make_user("gergo", language="en")
    deck_a = codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    deck_b = codes_deck(gergo, "Védő", DEMO_DECKS["vedo"])
    page_a, page_b = signed_in(zsofi), signed_in(gergo)
    # Each page's live connection passes through Playwright, so the test can cut it.
    sockets = {page_a: [], page_b: []}
    for page, opened in sockets.items():
        page.route_web_socket(
            re.compile(r"/ws/matches/"),
            lambda ws, opened=opened: opened.append((ws, ws.connect_to_server())),
        )

    # Zsófi creates a match and invites a friend.
    page_a.goto("/play/")
    page_a.select_option("#m-deck", str(deck_a.pk))
    page_a.select_option("#m-opp", "invite")
    page_a.select_option("#m-starting_glory", "10")
    page_a.locator("form:has(#m-deck)").get_by_role("button", name="Start").click()
    link = page_a.locator("code.token").inner_text().strip()
    match = Match.objects.get()
    assert link.endswith(f"/play/{match.pk}/")

    # Fix the shuffle before the game is dealt (see a_seed_with_a_full_duel).
    decks = [
        selectors.deck_cards(Seat(position=0, deck_version=deck_a.versions.latest("number"))),
        selectors.deck_cards(Seat(position=1, deck_version=deck_b.versions.latest("number"))),
    ]
    seed = a_seed_with_a_full_duel(decks, match.options)
    Match.objects.filter(pk=match.pk).update(
        seed=seed, seed_sha256=hashlib.sha256(str(seed).encode()).hexdigest()
    )

    # Gergő opens the link and joins with his deck; Zsófi's waiting page opens the table.
    page_b.goto(link)
    page_b.select_option("#j-deck", str(deck_b.pk))
    page_b.get_by_role("button", name="Join the match").click()
    for page in (page_a, page_b):
        showing(page, 0)
        assert page.locator("#table-hand-cards li.tcard").count() == 5
    # Both see whose move it is and for how long (the away limit is the same for both).
    names = {0: zsofi.username, 1: gergo.username}
    mover = next(
        seat for seat, page in ((0, page_a), (1, page_b)) if api_state(page, match.pk)["legal"]
    )
    clocks = {seat: page.locator("#table-clock") for seat, page in ((0, page_a), (1, page_b))}
    assert clocks[mover].inner_text().startswith("Your move: 0:")
    assert clocks[1 - mover].inner_text().startswith(f"{names[mover]} to move: 0:")
    assert "After 5:00 you may claim the win." in clocks[1 - mover].inner_text()

    # A word before the game, shown to the other as text, live.
    page_a.fill("#chat-text", "Jó játékot! <3")
    page_a.get_by_role("button", name="Send").click()
    page_b.locator(".chat-msg .chat-text", has_text="Jó játékot! <3").wait_for()

    pages = {0: page_a, 1: page_b}
    taken: list[tuple[int, str]] = []
    duel: set[str] = set()
    full_duel = False
    version = 0
    while version < MOVES_CAP and (move := next_move(pages, match.pk)):
        seat, action = move
        if action["type"] == "declare_attack":
            duel = set()
        duel.add(action["type"])
        full_duel = full_duel or {"assign_helper", "play_instant"} <= duel
        taken.append((seat, action["type"]))

        prompt = pages[seat].locator("#table-prompt").inner_text()
        if version == 0:  # the first turn: the table says, by the prompt, why no attack is offered
            assert "the starting player cannot attack on their first turn" in prompt
        if action["type"] == "draw_card":  # the draw an álomlény allows is asked, not made
            assert "you may draw a card" in prompt
        other = pages[1 - seat]
        if version == 6:  # the other player's connection drops, and a move is made meanwhile
            dropped = other
            page_side, server_side = sockets[other][-1]
            server_side.close(code=1001, reason="going away")
            page_side.close(code=1001, reason="going away")
            reconnecting = '#match-table[data-connection="reconnecting"]'
            other.wait_for_selector(reconnecting, state="attached")
        click_action(pages[seat], action)
        version += 1
        if version == 12:  # a reload resumes the match where it is
            other.reload()
        for page in pages.values():
            showing(page, version)

    assert api_state(page_a, match.pk)["status"] == "finished", "the match did not end"
    assert len(sockets[dropped]) >= 2, "the dropped table did not connect again"
    assert {(0, "play_card"), (1, "play_card")} <= set(taken)
    assert "draw_card" in {kind for _, kind in taken}, "no álomlény's draw was offered"
    assert full_duel, "no duel with a helper and an instant was fought"
    (winner,) = Match.objects.get().result["winners"]
    winner_name = (zsofi, gergo)[winner].username
    for seat, page in pages.items():
        headline = page.locator("#table-result h2")
        headline.wait_for()
        expected = "You won!" if seat == winner else f"{winner_name} won."
        assert headline.inner_text().strip() == expected
        # the log told each player about the other's moves in their own words
        assert page.locator(".table-log li").count() > 10
