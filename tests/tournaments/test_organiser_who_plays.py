"""An organiser who plays in their own event is one player among the others.

They read no rival's decklist before the event is over (a player sees their
own list only), and they are not the judge of their own table: the result of
a pairing they play in comes from its matches and the round clock, never from
their result form. Both doors: the pages and the API.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from catalog.models import Card, Game
from core.bilingual import in_language
from tests.api_client import login, send
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import selectors, services
from tournaments.models import (
    Outcome,
    Pairing,
    Player,
    ResultChange,
    Tournament,
    TournamentStatus,
)

pytestmark = pytest.mark.django_db


def url(name: str, tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.pk, *args])


def api(tournament, tail: str = "") -> str:
    return f"/api/tournaments/{tournament.pk}/{tail}"


@pytest.fixture
def cast(catalog_data):
    return {name: make_user(name, language="en") for name in ("organiser", "rival", "third")}


def _event(cast, players: tuple[str, ...], **fields):
    tournament = services.tournament_create(
        organiser=cast["organiser"],
        game=Game.objects.get(slug="alomfogo"),
        name="Home Cup",
        **fields,
    )
    for name in players:
        deck = first_cards_deck(cast[name], f"{name} secret deck", 15)
        services.tournament_register(tournament_id=tournament.pk, user=cast[name], deck=deck)
    return tournament


@pytest.fixture
def home_cup(cast):
    """The organiser registered in their own event, against a rival; not started."""
    return _event(cast, ("organiser", "rival"))


def rival_of(tournament, cast) -> Player:
    return Player.objects.get(tournament=tournament, user=cast["rival"])


def first_card(player: Player) -> str:
    """The name of the player's first card as these pages, read in English, show it."""
    card = Card.objects.get(code=player.deck_version.entries[0]["code"])
    return in_language(card.name, card.name_en, "en")


def start(tournament, cast) -> Pairing:
    services.tournament_start(tournament_id=tournament.pk, user=cast["organiser"])
    return Pairing.objects.get(round__tournament=tournament)


def assert_rival_hidden(client, tournament, cast) -> None:
    rival = rival_of(tournament, cast)
    page = client.get(url("player", tournament, rival.pk)).content.decode()
    assert "rival secret deck" not in page and escape(first_card(rival)) not in page
    assert "You play in this tournament yourself" in page
    body = client.get(api(tournament, f"players/{rival.pk}/")).json()
    assert body["decklist"] is None and body["record"] is not None


def assert_rival_shown(client, tournament, cast) -> None:
    rival = rival_of(tournament, cast)
    page = client.get(url("player", tournament, rival.pk)).content.decode()
    assert "rival secret deck" in page and escape(first_card(rival)) in page
    assert client.get(api(tournament, f"players/{rival.pk}/")).json()["decklist"]


# --- decklists ------------------------------------------------------------------------------
def test_an_organiser_who_plays_sees_no_rival_decklist_before_or_during_the_event(
    client, home_cup, cast
):
    client.force_login(cast["organiser"])
    assert_rival_hidden(client, home_cup, cast)  # registration open
    start(home_cup, cast)
    assert_rival_hidden(client, home_cup, cast)  # running
    # their own list stays theirs to read
    own = Player.objects.get(tournament=home_cup, user=cast["organiser"])
    assert client.get(api(home_cup, f"players/{own.pk}/")).json()["decklist"]


def test_an_organiser_who_plays_sees_the_decklists_once_the_event_is_over(client, home_cup, cast):
    start(home_cup, cast)
    # over, with decklists kept private: the organiser sees them all again
    Tournament.objects.filter(pk=home_cup.pk).update(status=TournamentStatus.FINISHED)
    client.force_login(cast["organiser"])
    assert_rival_shown(client, home_cup, cast)
    client.force_login(cast["third"])
    rival = rival_of(home_cup, cast)
    assert client.get(api(home_cup, f"players/{rival.pk}/")).json()["decklist"] is None


def test_an_organiser_who_does_not_play_sees_the_decklists_from_the_start(client, cast):
    cup = _event(cast, ("rival", "third"))
    client.force_login(cast["organiser"])
    rival = rival_of(cup, cast)
    # not while registration is open: they could still register after reading them
    page = client.get(url("player", cup, rival.pk)).content.decode()
    assert "rival secret deck" not in page and "from the start of the tournament" in page
    assert client.get(api(cup, f"players/{rival.pk}/")).json()["decklist"] is None
    start(cup, cast)
    assert_rival_shown(client, cup, cast)


def test_other_players_still_see_only_their_own_list(client, home_cup, cast):
    start(home_cup, cast)
    organiser_entry = Player.objects.get(tournament=home_cup, user=cast["organiser"])
    client.force_login(cast["rival"])
    body = client.get(api(home_cup, f"players/{organiser_entry.pk}/")).json()
    assert body["decklist"] is None
    assert selectors.can_see_decklist(home_cup, rival_of(home_cup, cast), cast["rival"])


# --- results of their own table -----------------------------------------------------------
def organiser_enters_a_win(client, event, cast, pairing):
    """The organiser, through the API, enters a 1–0 for the first player of `pairing`."""
    login(client, cast["organiser"])
    body = {"wins_a": 1, "wins_b": 0, "draws": 0}
    return send(client, "post", api(event, f"pairings/{pairing.pk}/result/"), body)


def test_the_api_refuses_the_organiser_the_result_of_their_own_pairing(client, home_cup, cast):
    pairing = start(home_cup, cast)
    refused = organiser_enters_a_win(client, home_cup, cast, pairing)
    assert refused.status_code == 403, refused.content
    error = refused.json()["error"]
    assert error["code"] == "own_pairing"
    assert "You play at this table" in error["message"]
    pairing.refresh_from_db()
    assert pairing.outcome == Outcome.PENDING and not ResultChange.objects.exists()


def test_the_page_refuses_the_organiser_the_result_of_their_own_pairing(client, home_cup, cast):
    pairing = start(home_cup, cast)
    client.force_login(cast["organiser"])
    page = client.get(home_cup.get_absolute_url()).content.decode()
    assert f'action="{url("result", home_cup, pairing.pk)}"' not in page  # no form for it
    assert f'id="result-own-{pairing.pk}"' in page and "you play at this table" in page
    refused = client.post(
        url("result", home_cup, pairing.pk), {"wins_a": "1", "wins_b": "0", "draws": "0"}
    )
    assert refused.status_code == 403
    assert "You play at this table" in refused.content.decode()
    pairing.refresh_from_db()
    assert pairing.outcome == Outcome.PENDING and not ResultChange.objects.exists()


def test_nor_may_the_organiser_correct_their_own_tables_result(client, home_cup, cast):
    """A result their match recorded is as much out of their hands as an undecided one."""
    pairing = start(home_cup, cast)
    Pairing.objects.filter(pk=pairing.pk).update(wins_a=0, wins_b=1, outcome=Outcome.B)
    refused = organiser_enters_a_win(client, home_cup, cast, pairing)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "own_pairing"
    pairing.refresh_from_db()
    assert pairing.outcome == Outcome.B


def test_the_organiser_still_enters_the_other_tables_results(client, cast):
    """Four players, the organiser among them: the other table's form works as before."""
    cast["fourth"] = make_user("fourth", language="en")
    cup = _event(cast, ("organiser", "rival", "third", "fourth"))
    services.tournament_start(tournament_id=cup.pk, user=cast["organiser"])
    others = [
        p
        for p in Pairing.objects.filter(round__tournament=cup).select_related(
            "player_a", "player_b"
        )
        if cast["organiser"].pk not in (p.player_a.user_id, p.player_b.user_id)
    ]
    (other,) = others
    client.force_login(cast["organiser"])
    page = client.get(cup.get_absolute_url()).content.decode()
    assert f'action="{url("result", cup, other.pk)}"' in page
    done = client.post(url("result", cup, other.pk), {"wins_a": "1", "wins_b": "0", "draws": "0"})
    assert done.status_code == 302
    other.refresh_from_db()
    assert other.outcome == Outcome.A


def test_the_organisers_drop_form_chooses_nobody_and_an_empty_choice_drops_nobody(
    client, home_cup, cast
):
    start(home_cup, cast)
    client.force_login(cast["organiser"])
    page = client.get(home_cup.get_absolute_url()).content.decode()
    form = page[page.index('<select id="t-drop"') :]
    form = form[: form.index("</select>")]
    assert '<option value="" selected>Choose a player</option>' in form
    assert "<details" in page[: page.index('<select id="t-drop"')]  # behind a disclosure

    # the organiser plays too: their form left on its empty choice must not drop them
    answer = client.post(url("drop", home_cup), {"player": ""}, follow=True)
    assert "Choose the player to drop." in answer.content.decode()
    assert not Player.objects.filter(tournament=home_cup, dropped_after_round__isnull=False)

    rival = rival_of(home_cup, cast)
    client.post(url("drop", home_cup), {"player": rival.pk})
    rival.refresh_from_db()
    assert rival.dropped_after_round == 1
    organiser = Player.objects.get(tournament=home_cup, user=cast["organiser"])
    assert organiser.dropped_after_round is None
