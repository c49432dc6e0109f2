"""A complete dream laid out of the hand and revealed, at a level-5 ONIROO table.

A person (seat 0) at a table of three, against two greedy bots, holds a
complete dream at their first move (a pinned deal). With the table's buttons
only (picked by their action keys, never by their words) they lay it out card
by card, take the last card back once, lay it out again and reveal it. At each
of their moves the page offers exactly the legal actions, one button each,
every card drawn by its face, uncovered, every button reachable
(tests/e2e/table_checks.py), and:

- before the first card, the prompt says the hand holds a complete dream, and
  every "Lay out (1)" button (under its card in the hand) says in full that a
  reveal once begun is made this turn; nothing offers to reveal or take back;
- while laying out, the cards laid out so far are shown in order under "Being
  laid out (only you see it)" (on the wide table all in sight at once; once
  they make a complete dream, drawn as one, in green), each marked in the
  hand with its place; the take-back button (in the action bar) names the
  last card laid out, and the next "Lay out" buttons count on;
- after the reveal the dream is the person's own, complete, on their seat.

The other seats never saw the laying out: the views of the two bots' seats and
of a spectator are the same at every step of it as before the first card, and
a spectator watching the table in a browser sees no cards being laid out.

Played at 390 and 1280 px in Hungarian (the default) and once in English. Set
TABLE_SHOTS to a folder to keep screenshots of each step
(reveal-<language>-<width>-<step>.png at 390 × 844 and 1280 × 800; the whole
page as .full.png, scrolled to this turn's box and to the hand as .turn.png and
.hand.png).
"""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from play.models import Match
from play.selectors import states_from_deal
from tests.e2e import table_checks as checks
from tests.e2e.pages import action_key, api_state, showing, wait_past
from tests.e2e.table_checks import quick_hard_bot  # noqa: F401 (autouse: a quick hard bot)
from tests.e2e.test_play_oniroo import offered
from tests.e2e.test_table_cards_oniroo import a_deal_where_the_person_opens, faces_of
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = 3
# the screenshots' sizes: a phone, and a laptop a little shorter than the checks' 1280 × 900
SHOT_SIZES = {"390": {"width": 390, "height": 844}, "1280": {"width": 1280, "height": 800}}


def a_deal_the_person_opens_holding_a_complete_dream(players: int) -> int:
    """A seed whose deal has the person (seat 0) move first with `stage` among their actions."""
    return a_deal_where_the_person_opens(
        players,
        lambda legal: any(action["type"] == "stage" for action in legal),
        "with a reveal",
        tries=2000,
    )


@pytest.fixture
def reveal_seed(seed_file, transactional_db) -> int:
    """The cards loaded, and new matches dealt so that the person can reveal at once."""
    call_command("load_cards", verbosity=0)
    seed = a_deal_the_person_opens_holding_a_complete_dream(PLAYERS)
    seed_file.write_text(str(seed))
    return seed


def words(page) -> dict[str, str]:
    """The table's words in the page's language (live.js's and oniroo.js's string tables)."""
    return page.evaluate(
        """() => Object.assign({},
            JSON.parse(document.getElementById("live-strings").textContent),
            JSON.parse(document.getElementById("table-strings").textContent))"""
    )


def fill(text: str, **values) -> str:
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def button(page, action: dict):
    return page.locator(f"#match-table button[data-action={json.dumps(action_key(action))}]")


def hand_card(page, card: str):
    return page.locator(f'#table-hand-cards li.tcard[data-card-id="{card}"]')


def name_in_hand(page, card: str) -> str:
    return hand_card(page, card).locator(".tcard-name").inner_text().strip()


def shot(page, size: str, language: str, step: str) -> None:
    """A screenshot of the viewport at SHOT_SIZES[size], when TABLE_SHOTS is set."""
    path = checks.screenshot_path(f"reveal-{language}-{size}-{step}.png")
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(SHOT_SIZES[size])
    page.wait_for_timeout(200)
    page.screenshot(path=path)
    page.screenshot(path=path.with_suffix(".full.png"), full_page=True)
    for place, name in (("#oni-turn", "turn"), ("#table-hand", "hand")):  # where a player looks
        if page.locator(place).is_visible():
            page.evaluate(f"document.querySelector('{place}').scrollIntoView({{block: 'start'}})")
            page.screenshot(path=path.with_suffix(f".{name}.png"))
    page.evaluate("window.scrollTo(0, 0)")
    page.set_viewport_size(checks.VIEWPORTS[size])


class Table:
    """The person's page at their own move: checked, a button clicked, the next version."""

    def __init__(self, page, match_id: int) -> None:
        self.page, self.match_id = page, match_id
        self.state = api_state(page, match_id)

    @property
    def legal(self) -> list[dict]:
        return self.state["legal"]

    def of_type(self, kind: str) -> list[dict]:
        return [action for action in self.legal if action["type"] == kind]

    def check(self) -> str:
        """The table offers exactly the legal actions and shows every card right; the prompt."""
        showing(self.page, self.state["version"])
        keys, prompt = offered(self.page)
        assert keys == sorted(action_key(action) for action in self.legal)
        problems = checks.check_table(self.page, self.legal, faces_of(self.state))
        assert not problems, f"version {self.state['version']}: {problems[:10]}"
        return prompt

    def click(self, action: dict) -> None:
        version = self.state["version"]
        button(self.page, action).click()
        wait_past(self.page, version)
        self.state = api_state(self.page, self.match_id)
        assert self.state["version"] == version + 1


def check_laying_out(
    page, size: str, w: dict, table: Table, staged: list[str], names: dict[str, str]
) -> None:
    """While laying out: the cards laid out in order, marked in the hand; the buttons' words."""
    prompt = table.check()
    ready, more = bool(table.of_type("reveal")), bool(table.of_type("stage"))
    if not ready:
        assert prompt == w["prompt_staging"]
    else:  # "or add more" only while a card can still be added
        assert prompt == (w["prompt_staging_ready"] if more else w["prompt_staging_reveal"])
    turn = page.locator("#oni-turn")
    assert turn.is_visible()
    assert w["staging_title"] in turn.locator(".oni-dream-title").inner_text()
    # once the cards make a complete dream, the box is drawn as a complete dream is (green)
    box, status = turn.locator(".oni-dream"), turn.locator(".oni-dream-status")
    assert ("is-complete" in box.get_attribute("class")) == ready
    assert ("is-complete" in status.get_attribute("class")) == ready
    if ready:  # not on the table yet: the reveal completes it there, not a wake-up
        assert turn.locator(".oni-explain-head").inner_text().strip() == w["staging_complete"]
    assert status.text_content().strip() == (w["staging_ready"] if ready else w["dream_building"])
    laid = turn.locator(".oni-dream-cards li.tcard")
    laid_ids = [laid.nth(i).get_attribute("data-card-id") for i in range(laid.count())]
    assert laid_ids == [f"staged-{card}" for card in staged]
    if size == "1280":  # the whole laid-out dream is in sight at once, nothing scrolled away
        row = turn.locator(".oni-dream-cards")
        assert row.evaluate("(row) => row.scrollWidth <= row.clientWidth"), "laid-out cards scroll"
    for at, card in enumerate(staged):  # each laid-out card is marked in the hand with its place
        mark = hand_card(page, card).locator(".tcard-mark.mark-state")
        assert mark.inner_text().strip() == fill(w["mark_staged"], n=at + 1)
    marked = page.locator("#table-hand-cards .tcard-mark.mark-state")
    assert marked.count() == len(staged)
    # the take-back button sits in the action bar and names the last card laid out
    (unstage,) = table.of_type("unstage")
    back = button(page, unstage)
    assert back.locator("xpath=ancestor::*[@id='table-actions']").count() == 1
    left = table.state["view"]["this_turn"]["takebacks_left"]
    assert back.inner_text().strip() == fill(w["act_unstage"], card=names[staged[-1]], n=left)
    for action in table.of_type("stage"):  # under its card in the hand, counting on
        lay = hand_card(page, action["card"]).locator(
            f"button[data-action={json.dumps(action_key(action))}]"
        )
        assert lay.inner_text().strip() == fill(w["do_stage"], n=len(staged) + 1)
        full = fill(w["act_stage"], card=names[action["card"]], n=len(staged) + 1)
        assert lay.get_attribute("title") == full
    if ready:
        assert button(page, table.of_type("reveal")[0]).inner_text().strip() == w["act_reveal"]


def other_views_unchanged(match: Match, first: int, last: int) -> None:
    """The views of the other seats and of a spectator at versions first..last are the
    same as at version first - 1 (before anything was laid out)."""
    seen = {}
    for version, state in enumerate(states_from_deal(match, upto=last)):
        if version < first - 1:
            continue
        views = {p: json.dumps(state.view(p), sort_keys=True) for p in (1, 2, None)}
        if version == first - 1:
            seen = views
            continue
        for p, view in views.items():
            assert view == seen[p], f"seat {p} saw something at version {version}"


@pytest.mark.parametrize(
    ("size", "language"), [("390", "hu"), ("1280", "hu"), ("1280", "en")], ids=str
)
def test_a_complete_dream_is_laid_out_card_by_card_and_revealed(
    reveal_seed, signed_in, size, language
):
    person = make_user("zsofi", language=language)
    page = checks.at_size(signed_in(person), size)
    page.goto("/play/")
    for name, value in {"players": str(PLAYERS), "level": "5", "games": "1"}.items():
        page.select_option(f"#o-{name}", value)
    page.select_option("#o-opp", "bot:greedy")
    form = page.locator("form.oniroo-new")
    form.locator("input[name=public]").check()  # a spectator may watch
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")
    match = Match.objects.get()
    assert match.seed == reveal_seed and match.public
    assert match.seats.get(position=0).user == person
    w = words(page)
    if language == "hu":  # the default: the page is not in English
        assert page.evaluate("document.documentElement.lang") == "hu"

    watcher = checks.at_size(signed_in(make_user("anna", language=language)), size)
    watcher.goto(f"/play/{match.pk}/")
    showing(watcher, 0)
    watched_hand = watcher.locator('#match-table .oni-seat[data-seat="0"]').inner_text()

    # The first move: the hand holds a complete dream, and the commitment is said up front.
    table = Table(page, match.pk)
    assert table.state["version"] == 0
    stages = table.of_type("stage")
    assert stages and not table.of_type("reveal") and not table.of_type("unstage")
    assert table.check() == w["prompt_play_reveal"]
    hand = [card["id"] for card in table.state["view"]["players"][0]["hand"]]
    names = {card: name_in_hand(page, card) for card in hand}
    for action in stages:
        lay = hand_card(page, action["card"]).locator(
            f"button[data-action={json.dumps(action_key(action))}]"
        )
        assert lay.inner_text().strip() == fill(w["do_stage"], n=1)
        assert lay.get_attribute("title") == fill(w["act_stage_first"], card=names[action["card"]])
        assert lay.get_attribute("aria-label") == lay.get_attribute("title")
    assert page.locator("#oni-turn").is_hidden()
    shot(page, size, language, "1-play")

    # Lay it out card by card, always the first card offered, until it can be revealed.
    staged: list[str] = []
    while not table.of_type("reveal"):
        action = table.of_type("stage")[0]
        table.click(action)
        staged.append(action["card"])
        check_laying_out(page, size, w, table, staged, names)
        if len(staged) == 2:
            shot(page, size, language, "2-two-laid-out")
        # a spectator sees nothing being laid out, and the person's seat as it was
        showing(watcher, table.state["version"])
        assert watcher.locator("#oni-turn").is_hidden()
        assert watcher.locator(".tcard-mark.mark-state").count() == 0
        assert watcher.locator('#match-table .oni-seat[data-seat="0"]').inner_text() == watched_hand
    assert len(staged) >= 5
    shot(page, size, language, "3-ready")

    # Take the last card back once; it is offered again; lay it out again.
    last = staged.pop()
    table.click(table.of_type("unstage")[0])
    check_laying_out(page, size, w, table, staged, names)
    assert {"type": "stage", "player": 0, "card": last} in table.legal
    assert not hand_card(page, last).locator(".tcard-mark.mark-state").count()
    shot(page, size, language, "4-taken-back")
    table.click({"type": "stage", "player": 0, "card": last})
    staged.append(last)
    check_laying_out(page, size, w, table, staged, names)
    showing(watcher, table.state["version"])
    assert watcher.locator("#oni-turn").is_hidden()

    # Reveal: the dream is the person's own, complete, its cards in the order laid out.
    revealed_at = table.state["version"] + 1
    table.click(table.of_type("reveal")[0])
    showing(page, table.state["version"])
    own = page.locator("#table-own .oni-seat .oni-dream")
    assert own.count() == 1
    assert "is-complete" in own.get_attribute("class")
    cards = own.locator(".oni-dream-cards li.tcard")
    assert [cards.nth(i).get_attribute("data-card-id") for i in range(cards.count())] == staged
    assert page.locator("#table-hand-cards .tcard-mark.mark-state").count() == 0
    assert page.locator("#oni-turn .oni-dream").count() == 0
    for card in staged:
        assert hand_card(page, card).count() == 0
    if table.legal:  # the turn goes on (discarding down, or ending it): the table is right
        table.check()
    shot(page, size, language, "5-revealed")
    # ...and the spectator sees it on the person's seat
    showing(watcher, revealed_at)
    seen = watcher.locator('#match-table .oni-seat[data-seat="0"] .oni-dream-cards li.tcard')
    assert [seen.nth(i).get_attribute("data-card-id") for i in range(seen.count())] == staged

    # The others' views never showed the laying out (first card at version 1).
    match.refresh_from_db()
    other_views_unchanged(match, 1, revealed_at - 1)
