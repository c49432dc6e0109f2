"""Every round of an event is on its page: the earlier ones newest first, each a disclosure,
and the top cut as its rounds (quarter-finals, semi-finals, final).

QA's finding: the page showed only the current (or last) round; earlier pairings and
results, and the bracket, could be seen only player by player. A big event's round is
hundreds of tables: the page shows the first ROUND_PREVIEW of each, and the round's own
page all of them, ROUND_PAGE a page; the queries do not grow with rounds or tables.

Also: the organiser's "every result must be in first" stood under the button whatever
the round's results were; it is said now only while results are missing, with how many.

Personas: the organiser, players p1..p8 (English), an anonymous visitor.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.conftest import new_event, pairings_of, record_result, register_all
from tournaments import selectors, services

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture(autouse=True)
def reading_english(client):
    """The anonymous visitor reads English too (the site's default is Hungarian)."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"


def decide(event, organiser, number: int, wins=(1, 0, 0)) -> None:
    for pairing in pairings_of(event, number):
        if not pairing.decided:
            record_result(event, pairing, organiser, *wins)


def next_round(event, organiser) -> None:
    services.tournament_next_round(tournament_id=event.pk, user=organiser)


def rounds_section(html: str) -> str:
    found = re.search(r'<section id="rounds".*?</section>', html, re.S)
    assert found, "no earlier rounds on the page"
    return found.group(0)


def disclosure(html: str, number: int) -> str:
    found = re.search(rf'<details id="round-{number}".*?</details>', html, re.S)
    assert found, number
    return found.group(0)


@pytest.fixture
def swiss(organiser, alomfogo, people):
    """Eight players, three Swiss rounds: round 1 and 2 decided, round 3 paired."""
    event = new_event(organiser, alomfogo, swiss_rounds=3)
    register_all(event, people)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    for number in (1, 2):
        decide(event, organiser, number)
        next_round(event, organiser)
    return event


def test_the_earlier_rounds_are_listed_newest_first_with_every_result(client, swiss):
    html = client.get(swiss.get_absolute_url()).content.decode()
    rounds = rounds_section(html)
    assert rounds.index('id="round-2"') < rounds.index('id="round-1"')
    assert 'id="round-3"' not in rounds  # the live part shows the current round
    for number in (1, 2):
        shown = disclosure(rounds, number)
        rows = re.findall(r"<tr>.*?</tr>", shown.split("<tbody>")[1], re.S)
        assert len(rows) == 4
        for pairing, row in zip(pairings_of(swiss, number), rows, strict=True):
            assert pairing.player_a.user.username in row and pairing.player_b.user.username in row
            assert "<strong>1-0-0</strong>" in row


def test_a_players_own_earlier_tables_are_marked(client, swiss, people):
    client.force_login(people[0])
    rounds = rounds_section(client.get(swiss.get_absolute_url()).content.decode())
    for number in (1, 2):
        mine = re.findall(r'<tr class="is-mine">.*?</tr>', disclosure(rounds, number), re.S)
        assert len(mine) == 1 and "p1" in mine[0]


def test_the_pages_queries_do_not_grow_with_rounds_or_tables(client, organiser, swiss):
    def queries() -> int:
        with CaptureQueriesContext(connection) as seen:
            assert client.get(swiss.get_absolute_url()).status_code == 200
        return len(seen)

    two_earlier = queries()
    decide(swiss, organiser, 3)
    next_round(swiss, organiser)  # the last round: the event is over, three rounds earlier
    swiss.refresh_from_db()
    three_earlier = queries()
    assert three_earlier <= two_earlier, (two_earlier, three_earlier)


def test_a_big_round_shows_its_first_tables_and_links_its_own_pages(
    client, swiss, monkeypatch, people
):
    monkeypatch.setattr(selectors, "ROUND_PREVIEW", 2)
    monkeypatch.setattr(selectors, "ROUND_PAGE", 3)
    rounds = rounds_section(client.get(swiss.get_absolute_url()).content.decode())
    first = disclosure(rounds, 1)
    assert len(re.findall(r"<tr>", first.split("<tbody>")[1])) == 2
    link = reverse("tournaments:round", args=[swiss.pk, 1])
    assert f'href="{link}">Round 1: every table (4)</a>' in first

    page_one = client.get(link).content.decode()
    page_two = client.get(link, {"page": 2}).content.decode()
    assert "Page 1 of 2" in page_one and "tables 1–3 of 4" in page_one
    tables = [p.table for p in pairings_of(swiss, 1)]
    assert re.findall(r'<td class="num"[^>]*>(\d+)</td>', page_one) == [str(t) for t in tables[:3]]
    assert re.findall(r'<td class="num"[^>]*>(\d+)</td>', page_two) == [str(tables[3])]
    assert client.get(reverse("tournaments:round", args=[swiss.pk, 9])).status_code == 404


def test_the_organiser_is_told_how_many_results_are_missing_and_only_then(
    client, organiser, alomfogo, people
):
    event = new_event(organiser, alomfogo, swiss_rounds=2)
    register_all(event, people)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    client.force_login(organiser)

    def organiser_panel() -> str:
        html = client.get(event.get_absolute_url()).content.decode()
        return re.search(r'<section id="organiser".*?</section>', html, re.S).group(0)

    assert "4 tables of this round have no result yet" in organiser_panel()
    first, *rest = pairings_of(event, 1)
    for pairing in rest:
        record_result(event, pairing, organiser, 1, 0, 0)
    assert "1 table of this round has no result yet" in organiser_panel()
    record_result(event, first, organiser, 0, 1, 0)
    panel = organiser_panel()
    assert "no result yet" not in panel
    assert "must be in first" not in panel  # the old line, true or not


def test_the_top_cut_shows_as_its_rounds(client, organiser, alomfogo, people):
    event = new_event(organiser, alomfogo, swiss_rounds=1, top_cut=8)
    register_all(event, people)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    decide(event, organiser, 1)
    next_round(event, organiser)  # quarter-finals
    decide(event, organiser, 2)
    next_round(event, organiser)  # semi-finals
    decide(event, organiser, 3)
    next_round(event, organiser)  # the final

    html = client.get(event.get_absolute_url()).content.decode()
    clock = re.search(r'<section id="round-clock".*?</section>', html, re.S).group(0)
    assert "Round 4" in clock and "top cut: final" in clock
    rounds = rounds_section(html)
    quarter, semi = disclosure(rounds, 2), disclosure(rounds, 3)
    assert "top cut: quarter-finals" in quarter and "top cut: semi-finals" in semi
    assert quarter.startswith('<details id="round-2" class="t-changes" open')  # small: open
    assert len(re.findall(r"<tr>", quarter.split("<tbody>")[1])) == 4
    assert len(re.findall(r"<tr>", semi.split("<tbody>")[1])) == 2
    assert "Swiss" in disclosure(rounds, 1)
