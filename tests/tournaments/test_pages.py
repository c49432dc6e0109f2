"""The tournament pages: the list, a new event, registering, the organiser's buttons, the live part.

Personas: the organiser, two players, a stranger (all reading English), and an
anonymous visitor. Each test asserts what one of them would see or get back.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from catalog.models import Card, Game
from core.bilingual import in_language
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services
from tournaments.models import Pairing, Player, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def url(name: str, tournament, *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.pk, *args])


@pytest.fixture
def cast(catalog_data):
    names = ("organiser", "anna", "bela", "stranger")
    return {name: make_user(name, language="en") for name in names}


@pytest.fixture
def cup(cast):
    """A listed event with two registered players (legal decks), not started."""
    tournament = services.tournament_create(
        organiser=cast["organiser"],
        game=Game.objects.get(slug="alomfogo"),
        name="Autumn Cup",
        decklists_public=True,
    )
    for name in ("anna", "bela"):
        deck = first_cards_deck(cast[name], f"{name}'s deck", 15)
        services.tournament_register(tournament_id=tournament.pk, user=cast[name], deck=deck)
    return tournament


def running(client, cup, cast):
    """The organiser starts the cup through the page: round 1 pairs anna with bela."""
    client.force_login(cast["organiser"])
    response = client.post(url("start", cup))
    assert response.status_code == 302
    return Pairing.objects.get(round__tournament=cup)


def finish(client, cup, cast):
    """Round 1 is entered as 1-0 for table 1's first player, then the organiser finishes."""
    pairing = running(client, cup, cast)
    client.post(url("result", cup, pairing.pk), {"wins_a": "1", "wins_b": "0", "draws": "0"})
    client.post(url("next_round", cup))
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.FINISHED
    return pairing


# --- the list and a by-link event ----------------------------------------------------------
def test_index_lists_listed_events_and_an_unlisted_one_opens_by_its_link(client, cup, cast):
    hidden = services.tournament_create(
        organiser=cast["organiser"],
        game=Game.objects.get(slug="alomfogo"),
        name="Club Night",
        listed=False,
    )
    page = client.get(reverse("tournaments:index")).content.decode()
    assert "Autumn Cup" in page and cup.get_absolute_url() in page
    assert "Club Night" not in page

    client.force_login(cast["stranger"])
    page = client.get(hidden.get_absolute_url()).content.decode()
    assert "Club Night" in page and "only those who have its link" in page
    assert 'id="t-link"' not in page  # the link to copy is the organiser's
    client.force_login(cast["organiser"])
    assert 'id="t-link"' in client.get(hidden.get_absolute_url()).content.decode()
    assert client.get("/tournaments/00000000-0000-0000-0000-000000000000/").status_code == 404


def test_the_lists_count_the_players_and_say_0_for_none(client, cup, cast):
    services.tournament_create(
        organiser=cast["organiser"], game=Game.objects.get(slug="alomfogo"), name="Empty Open"
    )
    client.force_login(cast["organiser"])
    for page in (reverse("tournaments:index"), reverse("tournaments:mine")):
        html = " ".join(client.get(page).content.decode().split())
        counts = re.findall(r'<td class="num">(\d*)</td>', html)
        assert "2" in counts and "0" in counts, (page, counts)  # anna and bela; nobody


def test_my_tournaments_page_reads_any_number_of_events_in_the_same_queries(client, cast):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    decks = {name: first_cards_deck(cast[name], f"{name}'s deck", 15) for name in ("anna", "bela")}

    def events_played(count: int) -> tuple[str, int]:
        while Player.objects.filter(user=cast["anna"]).count() < count:
            event = services.tournament_create(
                organiser=cast["organiser"], game=Game.objects.get(slug="alomfogo"), name="Cup"
            )
            for name, deck in decks.items():
                services.tournament_register(tournament_id=event.pk, user=cast[name], deck=deck)
            services.tournament_start(tournament_id=event.pk, user=cast["organiser"])
        client.force_login(cast["anna"])
        with CaptureQueriesContext(connection) as queries:
            html = client.get(reverse("tournaments:mine")).content.decode()
        return html, len(queries)

    (_few, few_queries), (many, many_queries) = events_played(1), events_played(4)
    assert many.count("anna&#x27;s deck") == 4  # each event's decklist name, from its row
    assert many_queries == few_queries


def test_the_standings_are_worked_out_once_per_change_of_the_event(client, cup, cast, monkeypatch):
    """Every open event page polls the live part every 5 s: the table is kept until a write
    (here a result) bumps the event's version, then worked out again."""
    from tournaments import selectors

    pairing = running(client, cup, cast)
    live = url("live", cup)
    assert client.get(live).status_code == 200  # works the table out and keeps it
    worked_out = []
    real = selectors.standings
    monkeypatch.setattr(
        selectors, "standings", lambda *a, **k: worked_out.append(1) or real(*a, **k)
    )
    for _ in range(3):
        assert "0-0-0" in client.get(live).content.decode()
    assert worked_out == []  # nothing changed: the kept table
    client.post(url("result", cup, pairing.pk), {"wins_a": "1", "wins_b": "0", "draws": "0"})
    page = client.get(live).content.decode()
    assert worked_out == [1] and "1-0-0" in page  # the result moved it: worked out anew
    # what is kept holds no registration (nor its user's password hash or email)
    from core.kept import kept_cache

    cup.refresh_from_db()
    kept = kept_cache.get(f"tournament-standings:{cup.pk}:{cup.version}:{cup.status}:False")
    assert kept and all(row.player_row is None for row in kept)


# --- a new event --------------------------------------------------------------------------
def new_event_form(**changes: str) -> dict:
    """The new-tournament form as a browser posts it: a valid event, with `changes` on top."""
    form = {
        "name": "Winter Open",
        "game": "alomfogo",
        "format": "tournament",
        "best_of": "1",
        "top_cut": "0",
        "round_minutes": "40",
        "listed": "1",
    }
    return {**form, **changes}


def test_new_tournament_form_creates_an_event_and_refuses_a_bad_value(client, cast):
    client.force_login(cast["organiser"])
    form = new_event_form(
        description="Three rounds, then a top 4.",
        best_of="3",
        swiss_rounds="",
        top_cut="4",
        round_minutes="0",
        registration_closes_at="",
        decklists_public="on",
    )
    refused = client.post(reverse("tournaments:new"), form)
    assert refused.status_code == 400
    assert "greater than or equal to 5" in refused.content.decode()
    assert not Tournament.objects.exists()

    created = client.post(reverse("tournaments:new"), {**form, "round_minutes": "40"})
    tournament = Tournament.objects.get()
    assert created.status_code == 302 and created["Location"] == tournament.get_absolute_url()
    assert (tournament.best_of, tournament.top_cut, tournament.round_minutes) == (3, 4, 40)
    assert tournament.swiss_rounds is None and tournament.decklists_public and tournament.listed
    assert tournament.organiser == cast["organiser"]
    assert tournament.format == "tournament"

    casual = client.post(
        reverse("tournaments:new"), {**form, "round_minutes": "40", "format": "casual"}
    )
    assert casual.status_code == 302
    assert Tournament.objects.order_by("-created_at").first().format == "casual"


def test_new_tournament_form_refuses_a_direction_override(client, cast):
    client.force_login(cast["organiser"])
    form = new_event_form(name="Winter \u202eOpen")
    refused = client.post(reverse("tournaments:new"), form)
    assert refused.status_code == 400 and "U+202E" in refused.content.decode()
    # under the field it is about
    assert "U+202E" in str(refused.context["form"].errors["name"])
    bell = {**form, "name": "Winter", "description": "a\x07"}
    refused = client.post(reverse("tournaments:new"), bell)
    assert refused.status_code == 400 and "U+0007" in refused.content.decode()
    assert "U+0007" in str(refused.context["form"].errors["description"])
    assert not Tournament.objects.exists()


def test_new_tournament_needs_an_account(client, catalog_data):
    response = client.get(reverse("tournaments:new"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


# --- registration -------------------------------------------------------------------------
def test_registration_takes_a_legal_deck_and_refuses_an_illegal_one_with_a_message(
    client, cup, cast
):
    player = make_user("cili", language="en")
    short = first_cards_deck(player, "Too short", 12)
    legal = first_cards_deck(player, "Full deck", 15)
    client.force_login(player)
    assert "Full deck" in client.get(cup.get_absolute_url()).content.decode()  # in the select

    refused = client.post(url("register", cup), {"deck": short.pk}, follow=True)
    assert 'class="message error"' in refused.content.decode()
    assert not Player.objects.filter(user=player).exists()

    htmx = client.post(url("register", cup), {"deck": short.pk}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 400  # the live part, with the refusal in it
    assert 'id="tournament-live"' in htmx.content.decode()
    assert 'class="message error"' in htmx.content.decode()

    someone_elses = cast["anna"].decks.get()
    client.post(url("register", cup), {"deck": someone_elses.pk})
    assert not Player.objects.filter(user=player).exists()

    done = client.post(url("register", cup), {"deck": legal.pk}, follow=True)
    assert "You are registered with" in done.content.decode()
    assert Player.objects.get(user=player).deck_version.deck == legal


# --- strangers cannot act -------------------------------------------------------------------
def test_a_stranger_cannot_start_pair_or_enter_results(client, cup, cast):
    client.force_login(cast["stranger"])
    assert client.post(url("start", cup)).status_code in (403, 404)
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.REGISTRATION

    pairing = running(client, cup, cast)
    client.force_login(cast["stranger"])
    assert client.post(url("next_round", cup)).status_code in (403, 404)
    answer = client.post(url("result", cup, pairing.pk), {"wins_a": 1, "wins_b": 0, "draws": 0})
    assert answer.status_code in (403, 404)
    pairing.refresh_from_db()
    cup.refresh_from_db()
    assert not pairing.decided and cup.status == TournamentStatus.RUNNING
    assert not pairing.changes.exists()


def test_a_result_out_of_bounds_is_refused(client, cup, cast):
    pairing = running(client, cup, cast)
    answer = client.post(url("result", cup, pairing.pk), {"wins_a": 7, "wins_b": 0, "draws": 0})
    assert answer.status_code == 400
    pairing.refresh_from_db()
    assert not pairing.decided


# --- the live part --------------------------------------------------------------------------
def test_live_fragment_polls_while_running_and_stops_once_finished(client, cup, cast):
    pairing = running(client, cup, cast)
    client.force_login(cast["anna"])
    live = client.get(url("live", cup)).content.decode()
    assert 'id="tournament-live"' in live and 'hx-trigger="every 5s"' in live
    assert 'id="pairings"' in live and 'id="round-clock"' in live
    assert "Go to your match" in live
    page = client.get(cup.get_absolute_url()).content.decode()
    assert 'id="tournament-live"' in page  # the same part, without JavaScript

    client.force_login(cast["organiser"])
    client.post(url("result", cup, pairing.pk), {"wins_a": "1", "wins_b": "0", "draws": "0"})
    live = client.get(url("live", cup)).content.decode()
    assert 'id="standings"' in live
    client.post(url("next_round", cup))
    live = client.get(url("live", cup)).content.decode()
    assert 'id="standings"' in live and "Final standings" in live
    assert "hx-get" not in live and "hx-trigger" not in live


def test_player_page_shows_the_decklist_to_a_stranger_only_after_a_public_event(client, cup, cast):
    entry = Player.objects.get(tournament=cup, user=cast["anna"])
    card = Card.objects.get(code=entry.deck_version.entries[0]["code"])
    name = escape(in_language(card.name, card.name_en, "en"))  # as the English page names it
    client.force_login(cast["stranger"])
    before = client.get(url("player", cup, entry.pk)).content.decode()
    assert name not in before and "when the tournament is over" in before

    finish(client, cup, cast)
    client.force_login(cast["stranger"])
    after = client.get(url("player", cup, entry.pk)).content.decode()
    assert name in after and "Round by round" in after
    assert client.get(url("player", cup, 999999)).status_code == 404


def test_the_standings_write_percentages_as_the_pages_language_does(client, cup, cast):
    """ "100,00" on a Hungarian page (as the rest of the site writes decimals), "100.00" in
    English; the API keeps the point."""
    finish(client, cup, cast)
    english = client.get(url("live", cup)).content.decode()
    assert ">100.00<" in english and ">100,00<" not in english
    cast["stranger"].language = "hu"
    cast["stranger"].save()
    client.force_login(cast["stranger"])
    hungarian = client.get(url("live", cup)).content.decode()
    assert ">100,00<" in hungarian and ">100.00<" not in hungarian
