"""The ONIROO table draws cards as cards, at 1280 × 900 and on a 390 × 844 phone.

A person plays a whole level-5 match against bots (three greedy ones on the
wide table, the hard bot on the phone) by pressing the buttons under their cards and in
the action bar. Before each of their moves the table must offer exactly the
legal actions, one button each, with a prompt; show every card the seat's view
shows face up (their hand, every dream, the shared dream, the cards of an
attack, of this turn and on their way round, the top of the discard pile) by
its own rendered face, the draw pile by the back; no card covered by anything
nor overlapping another; and a reachable button for every legal action. The
page asks only for pictures of cards the seat was shown. Reduced motion is on,
so no card is mid-glide when the boxes are measured. While a bot is to move the
prompt and its seat say it is thinking, never at the person's move.

On the wide table this is also the match tests/e2e/test_play_oniroo.py used to
play: the lobby's choices, the result's headline, the dreams explained, the log
and a table that never reloads are checked here.

Set TABLE_SHOTS to a folder to keep a screenshot of each size mid-game
(oniroo-1280.png, oniroo-390.png).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from django.core.management import call_command

from core.games import table_game
from play.engines import get_engine
from play.selectors import game_pool
from tests.e2e import table_checks as checks
from tests.e2e.pages import action_key
from tests.e2e.table_checks import quick_hard_bot  # noqa: F401 (autouse: a quick hard bot)
from tests.e2e.test_play_oniroo import offered, start_oniroo
from tests.factories import make_user
from tests.table_policies import oniroo_choice

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = {"1280": 4, "390": 2}
BOTS = {"1280": "greedy", "390": "search"}  # the phone plays the hard bot
BOT_NAMES = {"greedy": "Normal bot", "search": "Hard bot"}
MOVES_CAP = 300  # far above the moves a level-5 game against greedy bots takes


def a_deal_the_person_opens_with_a_play(players: int) -> int:
    """A seed whose deal has the person (seat 0) move first and lay a card.

    With a drawn deal a bot now and then won before the person's first move (a
    dream woken or five fairies on the first turns: once in CI), and the test
    had no table to check.
    """
    return a_deal_where_the_person_opens(
        players, lambda legal: oniroo_choice(legal)["type"] == "play", "with a play", tries=500
    )


def a_deal_where_the_person_opens(players: int, wanted, what: str, *, tries: int) -> int:
    """The first of `tries` seeds (drawn by a fixed generator) whose level-5 deal has the
    person (seat 0) move first with legal actions `wanted` accepts."""
    options, bad = table_game("oniroo").options_from({"players": players, "level": 5, "games": 1})
    assert not bad
    engine, pool = get_engine("oniroo"), game_pool("oniroo")
    for seed in random.Random(5).sample(range(100_000), tries):
        state = engine.new_game([pool], options, seed)
        if state.is_over or state.active_player != 0:
            continue
        if wanted(state.legal_actions(0)):
            return seed
    raise AssertionError(f"no deal among {tries} lets the person open {what}")


def faces_of(state: dict) -> set[str]:
    """The codes the seat's view shows face up where the table draws them."""
    view = state["view"]
    cards: list[dict] = []
    dreams = [dream for seat in view["players"] for dream in seat["dreams"]]
    for seat in view["players"]:
        cards += seat.get("hand") or []
        cards += seat.get("known_hand") or []
    if view.get("shared_dream"):
        dreams.append(view["shared_dream"])
    for dream in dreams:
        cards += dream["cards"]
        if dream.get("wake_up"):  # the wake-up card the game was won with lies on its dream
            cards.append(dream["wake_up"])
    if view.get("attack"):
        cards.append(view["attack"]["card"])
    this_turn = view.get("this_turn") or {}
    if this_turn.get("blind_card"):
        cards.append(this_turn["blind_card"])
    cards += this_turn.get("staged") or []
    cards += view.get("in_transit") or []
    if view.get("discard_top"):
        cards.append(view["discard_top"])
    return {card["code"] for card in cards}


class Player:
    """`choose` for play_checked: the table offers exactly the legal actions, one button
    each, and a prompt; then `oniroo_choice` picks. Keeps one screenshot (TABLE_SHOTS)."""

    def __init__(self, page, shot: Path | None) -> None:
        self.page, self.shot, self.moves, self.kinds = page, shot, 0, set()

    def __call__(self, legal: list[dict]) -> dict:
        buttons, prompt = offered(self.page)
        assert buttons == sorted(action_key(action) for action in legal)
        assert prompt
        self.moves += 1
        if self.shot and self.moves == 12:
            self.page.screenshot(path=self.shot)
            self.page.screenshot(path=self.shot.with_suffix(".full.png"), full_page=True)
        action = oniroo_choice(legal)
        self.kinds.add(action["type"])
        return action


@pytest.mark.parametrize("size", list(checks.VIEWPORTS))
def test_a_level_five_match_against_bots_shows_every_card_by_its_face(seed_file, signed_in, size):
    started = time.monotonic()
    call_command("load_cards", verbosity=0)
    players = PLAYERS[size]
    seed_file.write_text(str(a_deal_the_person_opens_with_a_play(players)))
    zsofi = make_user("zsofi", language="en")
    page = checks.at_size(signed_in(zsofi), size)

    bot = BOTS[size]
    match = start_oniroo(page, players=str(players), level="5", games="1", opp=f"bot:{bot}")
    assert match.options["players"] == players and match.options["level"] == 5
    assert sorted(match.seats.values_list("bot", flat=True)) == [""] + [bot] * (players - 1)
    # the lobby's choices are on the table, every seat has its place, the deal is in hand, face up
    info = page.locator("#oni-info")
    assert "Level" in info.inner_text() and "5" in info.inner_text()
    assert page.locator("#table-others .oni-seat").count() == players - 1
    assert page.locator("#table-own .oni-seat").count() == 1
    assert page.locator("#table-hand-cards li.tcard").count() >= 5
    assert page.locator("#oni-discard .zone-draw.is-face-down").count() == 1
    page.evaluate("window.__sameDocument = true")  # gone if the page reloads

    player = Player(page, checks.screenshot_path(f"oniroo-{size}.png"))
    checks.play_watching_bots(page, match.pk, player, faces_of, moves_cap=MOVES_CAP)
    assert "play" in player.kinds
    thought = checks.assert_bots_were_shown_thinking(page)
    print(f"{size}: a bot was shown thinking {thought} times")

    match.refresh_from_db()
    headline = page.locator("#table-result h2")
    headline.wait_for()
    winners = match.result["winners"]
    # one bot of a kind is "Normal bot" ("Hard bot"); two or more are numbered
    name = BOT_NAMES[bot]
    bots = {1: name} if players == 2 else {n: f"{name} {n}" for n in range(1, players)}
    names = {0: "zsofi", **bots}
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
    times = sorted(checks.draw_times(page))
    p95 = times[int(len(times) * 0.95)]
    print(
        f"{size}: {player.moves} moves; draw p95 {p95:.1f} ms; {time.monotonic() - started:.1f} s"
    )
