"""A person who leaves a table of three or more is told a bot plays their seat to the end, and
is not offered it back; one whose seat a bot took while they were away is.

After "Leave the table…" → "Yes, leave the table" the page used to say "A bot plays your seat
since you were away." with a "Take my seat back" button, which was then refused ("You left
this table: a bot plays your seat to the end."): the table told the two apart by nothing.
"""

from __future__ import annotations

import re

import pytest

from play import frames, services
from play.models import Match, Seat
from tests.factories import make_user
from tests.play.test_absent_players import a_long_wait, oniroo_table_of, waiting_on
from tests.play.test_matches import players  # noqa: F401 (fixture: loads the cards)

pytestmark = pytest.mark.django_db(transaction=True)

LEFT = "You left this table: a bot plays your seat to the end."
AWAY = "A bot plays your seat since you were away."


def shown(html: str, element_id: str) -> str | None:
    """The text of the element `element_id` when the page shows it (no `hidden`), else None."""
    found = re.search(rf'<(\w+) id="{element_id}"([^>]*)>(.*?)</\1>', html, re.S)
    assert found, element_id
    if re.search(r"\shidden\b", found.group(2)):
        return None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(3))).strip()


@pytest.fixture
def table(players):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    users = [make_user("anna", language="en"), zsofi, gergo]
    return oniroo_table_of(users), users


def test_a_person_who_left_is_told_so_and_not_offered_the_seat_back(table, client):
    match, users = table
    anna = users[0]
    client.force_login(anna)
    assert client.post(f"/play/{match.pk}/resign/").status_code == 302  # the form, no script
    seat = Seat.objects.get(match=match, user=anna)
    assert seat.left and seat.bot

    frame = frames.match_payload(Match.objects.get(pk=match.pk), seat)
    assert frame["bot_seat"] is True and frame["seat_left"] is True

    page = client.get(f"/play/{match.pk}/").content.decode()
    assert shown(page, "table-left") == LEFT
    assert shown(page, "table-take-back") is None  # nothing offered that would be refused
    assert shown(page, "table-resign") is None
    assert AWAY not in (shown(page, "table-take-back") or "")


def test_a_person_whose_seat_a_bot_took_while_away_is_offered_it_back(table, client):
    match, users = table
    late = users[waiting_on(match)]
    a_long_wait(match)
    services.match_seat_to_bot(match_id=match.pk, user=next(u for u in users if u != late))
    seat = Seat.objects.get(match=match, user=late)
    frame = frames.match_payload(Match.objects.get(pk=match.pk), seat)
    assert frame["bot_seat"] is True and frame["seat_left"] is False

    late.language = "en"
    late.save()
    client.force_login(late)
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert shown(page, "table-take-back") == f"{AWAY} Take my seat back"
    assert shown(page, "table-left") is None
    # and a person playing their own seat is told neither
    client.force_login(next(u for u in users if u != late))
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert shown(page, "table-take-back") is None and shown(page, "table-left") is None
