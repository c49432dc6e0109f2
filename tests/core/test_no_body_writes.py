"""A write that reads no body refuses one with fields; an export answers its own type.

A match step, a tournament step and every DELETE took a body and dropped it:
`{"seat": 2}` sent to a step that reads none did the step for the sender's own
seat, as if the field had been read. They now refuse any field as every other
endpoint refuses one it does not read (400 `invalid`), and take an empty body or
`{}`. An export or download answers its own type whatever `Accept` names (it was a
406 for `Accept: text/plain`, the very type it answers), and a flag or a count is
its JSON type: `public: 1` or `quantity: 1.0` is refused, not read as true or 1.
"""

from __future__ import annotations

import pytest

from catalog.models import Game
from decks import services as deck_services
from decks.models import Deck
from play import services as play_services
from play.models import Match
from printing.models import PrintJob
from tests.api_client import login, send
from tests.factories import make_user
from tests.play_rows import first_cards_deck, oniroo_match
from tournaments import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

A_FIELD = {"seat": 1}


def refused_for_its_body(response) -> None:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid"
    # in the site's language (Hungarian unless asked otherwise): "this request reads no body"
    assert "nem olvas törzset" in error["message"]


@pytest.fixture
def signed_in(client, owner):
    login(client, owner)
    return client


@pytest.mark.parametrize("body", [A_FIELD, {"seat": 1, "why": "x"}])
def test_calling_off_a_match_with_a_body_is_refused_and_changes_nothing(
    signed_in, owner, cards, body
):
    match = oniroo_match(owner, "invite")
    refused_for_its_body(send(signed_in, "post", f"/api/matches/{match.pk}/call-off/", body))
    assert Match.objects.filter(pk=match.pk).exists()
    assert send(signed_in, "post", f"/api/matches/{match.pk}/call-off/", {}).status_code == 204
    assert not Match.objects.filter(pk=match.pk).exists()


def test_leaving_a_match_with_a_body_is_refused_and_an_empty_one_leaves(client, owner, cards):
    match = oniroo_match(owner, "invite", players=3)
    joiner = make_user("joiner")
    play_services.match_join(match_id=match.pk, user=joiner, deck=None)
    login(client, joiner)
    url = f"/api/matches/{match.pk}/leave/"
    refused_for_its_body(send(client, "post", url, A_FIELD))
    assert match.seats.filter(user=joiner).exists()
    assert client.post(url).status_code == 200  # no body at all
    assert not match.seats.filter(user=joiner).exists()


@pytest.mark.parametrize("step", ["ready", "claim-win", "resign", "seat-to-bot", "take-seat-back"])
def test_every_match_step_refuses_a_body_before_it_acts(signed_in, owner, cards, step):
    match = oniroo_match(owner, "invite")
    version = match.version
    refused_for_its_body(send(signed_in, "post", f"/api/matches/{match.pk}/{step}/", A_FIELD))
    match.refresh_from_db()
    assert match.version == version


def test_deleting_a_deck_with_a_body_is_refused_and_keeps_it(signed_in, owner, cards):
    deck = deck_services.deck_create(
        owner=owner, game=Game.objects.get(slug="alomfogo"), name="Próba", entries=[]
    )
    refused_for_its_body(send(signed_in, "delete", f"/api/decks/{deck.pk}/", {"confirm": True}))
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert signed_in.delete(f"/api/decks/{deck.pk}/").status_code == 204  # no body at all
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_cancelling_a_tournament_with_a_body_is_refused_and_keeps_it(signed_in, owner, cards):
    event = tournament_services.tournament_create(
        organiser=owner, game=Game.objects.get(slug="alomfogo"), name="Kupa"
    )
    url = f"/api/tournaments/{event.pk}/"
    refused_for_its_body(send(signed_in, "delete", url, {"reason": "rain"}))
    assert Tournament.objects.filter(pk=event.pk).exists()
    refused_for_its_body(send(signed_in, "post", f"{url}start/", A_FIELD))
    assert Tournament.objects.get(pk=event.pk).status == event.status
    assert send(signed_in, "delete", url, {}).status_code == 204
    assert not Tournament.objects.filter(pk=event.pk).exists()


def test_withdrawing_with_a_body_is_refused_and_keeps_the_entry(client, owner, cards):
    event = tournament_services.tournament_create(
        organiser=owner, game=Game.objects.get(slug="alomfogo"), name="Kupa"
    )
    player = make_user("player")
    tournament_services.tournament_register(
        tournament_id=event.pk, user=player, deck=first_cards_deck(player, "Pakli", 15)
    )
    login(client, player)
    url = f"/api/tournaments/{event.pk}/registration/"
    refused_for_its_body(send(client, "delete", url, A_FIELD))
    assert event.players.filter(user=player).exists()
    assert send(client, "delete", url, {}).status_code == 204
    assert not event.players.filter(user=player).exists()


@pytest.fixture
def print_job(signed_in, cards, settings, tmp_path, django_capture_on_commit_callbacks):
    settings.MEDIA_ROOT = tmp_path / "media"
    with django_capture_on_commit_callbacks(execute=True):
        response = send(
            signed_in, "post", "/api/print-jobs/", {"cards": [{"code": "AF1-001", "count": 1}]}
        )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_deleting_a_print_job_with_a_body_is_refused_and_keeps_it(signed_in, print_job):
    url = f"/api/print-jobs/{print_job}/"
    refused_for_its_body(send(signed_in, "delete", url, A_FIELD))
    assert PrintJob.objects.filter(pk=print_job).exists()
    assert signed_in.delete(url).status_code == 204
    assert not PrintJob.objects.filter(pk=print_job).exists()


def test_a_print_download_answers_a_pdf_to_accept_pdf(signed_in, print_job):
    response = signed_in.get(
        f"/api/print-jobs/{print_job}/download/", HTTP_ACCEPT="application/pdf"
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


def test_a_deck_export_answers_text_to_accept_text(signed_in, owner, cards):
    deck = first_cards_deck(owner, "Export", 2)
    response = signed_in.get(f"/api/decks/{deck.pk}/export/", HTTP_ACCEPT="text/plain")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode().strip()
    # a refusal is still JSON, whatever Accept names
    response = signed_in.get(f"/api/decks/{deck.pk}/export/?as=pdf", HTTP_ACCEPT="text/plain")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_export"


@pytest.mark.parametrize("public", [1, 0, "yes", "on", "1"])
def test_a_match_is_public_by_true_or_false_only(signed_in, cards, public):
    before = Match.objects.count()
    response = send(
        signed_in,
        "post",
        "/api/matches/",
        {"game": "oniroo", "opponent": "invite", "public": public},
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["fields"].keys() == {"public"}
    assert Match.objects.count() == before


def test_a_public_match_is_asked_for_with_true(signed_in, cards):
    response = send(
        signed_in, "post", "/api/matches/", {"game": "oniroo", "opponent": "invite", "public": True}
    )
    assert response.status_code == 201, response.content
    assert Match.objects.get(pk=response.json()["id"]).public


@pytest.mark.parametrize(
    "body",
    [
        {"cards": [{"code": "AF1-001", "count": 1}], "quantity": 1.0},
        {"cards": [{"code": "AF1-001", "count": 1.0}]},
        {"cards": [{"code": "AF1-001", "count": 1}], "quantity": True},
    ],
)
def test_a_print_count_is_a_whole_number_not_a_float(signed_in, cards, body):
    response = send(signed_in, "post", "/api/print-jobs/", body)
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "invalid"
    assert not PrintJob.objects.exists()


def test_a_deck_card_count_is_a_whole_number_not_a_float(signed_in, cards):
    body = {"game": "alomfogo", "name": "P", "cards": [{"code": "AF1-001", "count": 2.0}]}
    response = send(signed_in, "post", "/api/decks/", body)
    assert response.status_code == 400, response.content
    assert not Deck.objects.exists()
