"""A finished tournament's page says it is over once, in the round's box, and the other
boxes say only what they still can.

It said "The tournament is over." three times: in the message after the organiser's
last press, in the Organiser box and in the round's box. The message now says what the
press did (the final standings are in), the Organiser box, with nothing left to do, is
not shown, and the round's box, which every viewer and every poll sees, says it is over.

Personas: the organiser, a player and a stranger, reading English.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from catalog.models import Game
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services
from tournaments.models import Pairing, TournamentStatus

pytestmark = pytest.mark.django_db

OVER = "tournament is over"


@pytest.fixture
def cast(catalog_data):
    return {name: make_user(name, language="en") for name in ("organiser", "anna", "bela", "x")}


@pytest.fixture
def cup(cast):
    """One round for anna and bela, its result entered: the organiser's next press ends it."""
    cup = services.tournament_create(
        organiser=cast["organiser"], game=Game.objects.get(slug="alomfogo"), name="Autumn Cup"
    )
    for name in ("anna", "bela"):
        deck = first_cards_deck(cast[name], f"{name}'s deck", 15)
        services.tournament_register(tournament_id=cup.pk, user=cast[name], deck=deck)
    services.tournament_start(tournament_id=cup.pk, user=cast["organiser"])
    pairing = Pairing.objects.get(round__tournament=cup)
    services.pairing_record_result(
        tournament_id=cup.pk, pairing_id=pairing.pk, user=cast["organiser"],
        wins_a=1, wins_b=0, draws=0,
    )  # fmt: skip
    return cup


def said(answer) -> str:
    return " ".join(answer.content.decode().split())


def finish(client, cup, **headers):
    answer = client.post(reverse("tournaments:next_round", args=[cup.pk]), **headers)
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.FINISHED
    return answer


def test_the_organiser_is_told_once_as_they_finish_it(client, cup, cast):
    client.force_login(cast["organiser"])

    page = said(finish(client, cup, follow=True))

    assert page.count(OVER) == 1, page.count(OVER)
    assert "The final standings are in." in page


def test_the_organiser_is_told_once_in_the_live_part_too(client, cup, cast):
    client.force_login(cast["organiser"])

    part = said(finish(client, cup, HTTP_HX_REQUEST="true"))

    assert part.count(OVER) == 1, part.count(OVER)
    assert "The final standings are in." in part


@pytest.mark.parametrize("name", ["organiser", "anna", "x"])
def test_every_viewer_of_a_finished_tournament_reads_once_that_it_is_over(client, cup, cast, name):
    client.force_login(cast["organiser"])
    finish(client, cup)
    client.force_login(cast[name])

    page = said(client.get(cup.get_absolute_url()))

    assert page.count(OVER) == 1, page.count(OVER)
    assert 'id="organiser"' not in page  # nothing is left for the organiser to do
    assert "Final standings" in page


def test_the_status_line_says_finished_once(client, cup, cast):
    """It read "Finished · finished 2026-12-08 02:48"."""
    client.force_login(cast["organiser"])
    finish(client, cup)
    page = said(client.get(reverse("tournaments:detail", args=[cup.pk])))
    status = page.split('class="status">', 1)[1].split("</dd>", 1)[0]
    assert status.lower().count("finished") == 1, status
