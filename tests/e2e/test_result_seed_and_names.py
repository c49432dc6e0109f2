"""Issue #19, items 5 and 6 in the browser: the seed on the result panel, tab titles, bot names.

The seed is a 63-bit number; read from a JSON number a browser rounds it
(3431596075638175314 became 3431596075638175000), and the published SHA-256
no longer matches what the page shows. The result panel shows the seed as
sent, as text, and checks it against the hash in the browser.
"""

from __future__ import annotations

import hashlib

import pytest
from django.core.management import call_command
from django.utils import translation

from catalog.models import Game
from core.games import get_game
from play import selectors, services
from play.engines import get_engine
from play.models import Match
from tests.concurrency import aside
from tests.e2e.pages import action_key, api_state, showing
from tests.factories import make_user
from tests.table_policies import arcane_choice

pytestmark = pytest.mark.django_db(transaction=True)

BIG_SEED = 3431596075638175314
MOVES_CAP = 300


def play_all_but_the_last_move(match: Match, user) -> dict:
    """Play the match through the match service up to its last move; that move, unplayed."""
    engine = get_engine(match.game.slug)
    for _ in range(MOVES_CAP):
        match = Match.objects.get(pk=match.pk)
        state = selectors.match_state(match)
        action = arcane_choice(state.legal_actions(0))
        after = engine.from_dict(state.to_dict())
        after.apply(action)
        if after.is_over:
            return action
        services.match_submit_action(
            match_id=match.pk, user=user, action=action, expected_version=match.version
        )
    raise AssertionError("the dungeon did not end")


def test_the_result_panel_shows_the_whole_seed_and_checks_it_in_the_browser(signed_in, monkeypatch):
    call_command("load_cards", verbosity=0)
    monkeypatch.setattr(Match._meta.get_field("seed"), "default", lambda: BIG_SEED)
    zsofi = make_user("zsofi", language="en")

    def all_but_the_last_move():
        match = services.match_create(
            user=zsofi, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
        )
        return match, play_all_but_the_last_move(match, zsofi)

    match, last = aside(all_but_the_last_move)  # away from Playwright's event loop
    assert match.seed_sha256 == hashlib.sha256(b"3431596075638175314").hexdigest()

    page = signed_in(zsofi)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/play/{match.pk}/")
    assert page.title() == "Arcane Guardian match · Kártyavár"
    version = Match.objects.get(pk=match.pk).version
    showing(page, version)
    assert page.locator("#table-result").is_hidden()  # no seed while the game runs
    # the last move, from the page
    keys = page.eval_on_selector_all(
        "#match-table button[data-action]", "buttons => buttons.map(b => b.dataset.action)"
    )
    assert action_key(last) in keys
    page.locator(f"button[data-action='{action_key(last)}']").first.click()
    showing(page, version + 1)
    assert api_state(page, match.pk)["status"] == "finished"

    seed_line = page.locator("#table-result .result-seed")
    seed_line.wait_for()
    assert "Shuffle seed: 3431596075638175314" in seed_line.inner_text()
    check = page.locator('#table-result .result-seed-check[data-verified="yes"]')
    check.wait_for()
    assert check.inner_text() == (
        "It matches the SHA-256 published when the match began: checked in your browser."
    )
    # two sentences: the seed's ends before the check's begins
    assert " ".join(seed_line.inner_text().split()) == (
        "Shuffle seed: 3431596075638175314. "
        "It matches the SHA-256 published when the match began: checked in your browser."
    )
    assert not errors


def test_two_greedy_bots_have_names_of_their_own_at_the_table_and_in_its_replay(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="hu")
    match = aside(  # as above: away from Playwright's loop
        services.match_create,
        user=zsofi,
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent="bot:greedy",
        options={"players": 3, "level": 1},
    )
    page = signed_in(zsofi)
    page.goto(f"/play/{match.pk}/")
    with translation.override("hu"):  # the registry's one rule for every table's title
        title = str(get_game("oniroo").table_title)
    assert page.title() == f"{title} · Kártyavár"
    page.wait_for_selector("#match-table[data-version]", state="attached")
    others = page.locator("#table-others").inner_text()
    assert "Közepes bot 1" in others and "Közepes bot 2" in others
    assert "játékos" not in others and "greedy" not in others

    # once it is over, the replay is seen by three different names
    Match.objects.filter(pk=match.pk).update(status="finished")
    page.goto(f"/play/{match.pk}/replay/?step=0")
    links = page.locator(".replay-perspective a, .replay-perspective strong").all_inner_texts()
    assert links == ["zsofi", "Közepes bot 1", "Közepes bot 2", "egy néző"]
    assert page.title() == f"Visszajátszás: {title} · Kártyavár"
