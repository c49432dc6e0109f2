"""A round's pairings on a 390 px phone: every table's result is in sight.

The pairings scrolled sideways inside their box, and the last column, the result a
player looks for, was past the phone's edge. Each pairing is now a card (site.css
.stack-narrow): the table's number, both players and the result, one under the other,
all inside the window with nothing to scroll — in the live part, in an earlier round on
the event's page and on a round's own page. At 1280 px they are an ordinary table.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from catalog.models import Game
from tests.concurrency import aside
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services
from tournaments.models import Pairing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
# players with the long names people choose, which pushed the result past the edge
NAMES = ("kovacs_szabo_zsofia", "nagy_hajdu_gergely", "toth_varga_boglarka", "horvath_mate_bence")

# Runs in the page on a table: for each body row, its Result cell's text and box, the box
# of the region the table scrolls in, and how far that region and the page scroll sideways.
RESULTS = """(table) => {
  const region = table.closest(".t-scroll");
  const r = region.getBoundingClientRect();
  return {
    region: { left: r.left, right: r.right },
    regionScrolls: region.scrollWidth - region.clientWidth,
    pageScrolls: document.documentElement.scrollWidth - window.innerWidth,
    header: table.querySelector("thead tr").getBoundingClientRect().height > 10,
    results: [...table.tBodies[0].rows].map((row) => {
      const cell = row.cells[3];
      const box = cell.getBoundingClientRect();
      return {
        text: cell.innerText.trim(),
        left: box.left, right: box.right, width: box.width,
        top: Math.round(box.top), rowTop: Math.round(row.cells[0].getBoundingClientRect().top),
      };
    }),
  };
}"""


def enter(event, organiser, number: int, scores: list[tuple[int, int, int]]) -> None:
    pairings = Pairing.objects.filter(round__tournament=event, round__number=number)
    for pairing, (a, b, draws) in zip(pairings.order_by("table"), scores, strict=False):
        services.pairing_record_result(
            tournament_id=event.pk, pairing_id=pairing.pk, user=organiser,
            wins_a=a, wins_b=b, draws=draws,
        )  # fmt: skip


def four_players_in_round_two():
    """Four players; round 1 entered, round 2 paired with one result in."""
    organiser = make_user("szervezo", language="en")
    event = services.tournament_create(
        organiser=organiser, game=Game.objects.get(slug="alomfogo"), name="Keddi verseny"
    )
    for name in NAMES:
        player = make_user(name, language="en")
        deck = first_cards_deck(player, "Pakli", 15)
        services.tournament_register(tournament_id=event.pk, user=player, deck=deck)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    enter(event, organiser, 1, [(1, 0, 0), (0, 0, 1)])
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    enter(event, organiser, 2, [(0, 1, 0)])
    return event


@pytest.fixture
def event(transactional_db):
    call_command("load_cards", verbosity=0)
    # the services send frames with async_to_sync, which Playwright's event loop here forbids
    return aside(four_players_in_round_two)


def results_in_sight(page, table, width: int) -> list:
    """What is wrong with the results of this table at this width (nothing: [])."""
    seen = table.evaluate(RESULTS)
    wrong = []
    if seen["regionScrolls"] > 0 or seen["pageScrolls"] > 0:
        wrong.append(("scrolls sideways", seen["regionScrolls"], seen["pageScrolls"]))
    assert seen["results"], "no pairings"
    edge = min(width, seen["region"]["right"])
    for result in seen["results"]:
        if not result["text"] or result["left"] < seen["region"]["left"] or result["right"] > edge:
            wrong.append(result)
    return wrong


def test_every_pairings_result_is_in_sight_on_a_phone(page, live_server, event):
    page.set_viewport_size(PHONE)
    page.goto(event.get_absolute_url())
    page.locator("#round-1 summary").click()  # the earlier round, folded
    wrong = {
        "live": results_in_sight(page, page.locator("#pairings"), PHONE["width"]),
        "round 1": results_in_sight(page, page.locator("#round-1 table"), PHONE["width"]),
    }
    page.goto(reverse("tournaments:round", args=[event.pk, 1]))
    wrong["round page"] = results_in_sight(page, page.locator("main table"), PHONE["width"])
    assert not any(wrong.values()), wrong

    # the results say what they said: the games won each, the drawn games, or not yet
    texts = [r["text"] for r in page.locator("main table").evaluate(RESULTS)["results"]]
    assert texts == ["1-0-0", "0-0-1"]
    # the pile of cards has no white box behind it (a band showed under the last card)
    behind = page.locator("main .t-scroll").first.evaluate(
        "el => [getComputedStyle(el).backgroundImage, getComputedStyle(el).backgroundColor]"
    )
    assert behind == ["none", "rgba(0, 0, 0, 0)"], behind


def test_the_pairings_are_an_ordinary_table_on_a_laptop(page, live_server, event):
    page.set_viewport_size(WIDE)
    page.goto(event.get_absolute_url())

    seen = page.locator("#pairings").evaluate(RESULTS)

    assert seen["header"], "no header row in sight"
    assert all(r["top"] == r["rowTop"] for r in seen["results"]), "a row's cells are not in a line"
    assert not results_in_sight(page, page.locator("#pairings"), WIDE["width"])
