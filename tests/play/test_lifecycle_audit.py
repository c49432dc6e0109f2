"""A match's life around play: leaving a table before it starts, "Play again", who may play
alone, which matches are rated (a tournament's too), and the words of a refused "ready".

Personas: Zsófi makes the matches, Gergő and Anna join them, a stranger has no seat.
"""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.utils import translation

from catalog.models import Game
from core.errors import ApplicationError, NotFound
from play import ratings, services
from play.models import Match, MatchStatus, Seat
from tests.factories import make_user
from tests.play_rows import demo_deck_entries, first_cards_deck, oniroo_match
from tests.tournaments.conftest import current_match, new_event, pairings_of, register_all
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(cards):
    """Zsófi and Gergő with a tournament-legal Álomfogó deck each (`user.deck`), and Anna;
    all read the site in English (the words checked here are new, their Hungarian is the
    catalogue's)."""
    from decks import services as deck_services

    game = Game.objects.get(slug="alomfogo")
    users = [make_user(name, language="en") for name in ("zsofi", "gergo", "anna")]
    for user in users[:2]:
        user.deck = deck_services.deck_create(
            owner=user, game=game, name="Pakli", entries=demo_deck_entries()
        )
    return users


def limits(**changed):
    from django.conf import settings

    return override_settings(LIMITS={**settings.LIMITS, **changed})


def refused_code(call) -> str:
    with pytest.raises(ApplicationError) as refused:
        call()
    return refused.value.code


# --- leaving a table nobody has started -------------------------------------------------------
def test_a_joiner_leaves_a_waiting_table_and_the_seats_close_up(people, client):
    zsofi, gergo, anna = people
    match = oniroo_match(zsofi, "open", level=5, players=4)
    services.match_join(match_id=match.pk, user=gergo, deck=None)
    services.match_join(match_id=match.pk, user=anna, deck=None)
    before = Match.objects.get(pk=match.pk).seats_version
    client.force_login(gergo)
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert f'action="/play/{match.pk}/leave/"' in page and "Leave the match" in page
    response = client.post(f"/play/{match.pk}/leave/", follow=True)
    assert response.redirect_chain[-1][0] == "/play/"
    assert "You left the match" in response.content.decode()
    match.refresh_from_db()
    assert match.status == MatchStatus.WAITING
    # positions stay 0, 1, ...: the next to join takes the seat after the last
    assert list(match.seats.values_list("position", "user__username")) == [
        (0, "zsofi"),
        (1, "anna"),
    ]
    assert match.seats_version > before  # every process drops the seats it kept
    services.match_join(match_id=match.pk, user=gergo, deck=None)  # and may come back
    assert match.seats.get(user=gergo).position == 2


def test_a_seat_given_up_no_longer_counts_against_the_limit(people):
    zsofi, gergo, _anna = people
    with limits(OPEN_MATCHES_PER_USER=1):
        match = oniroo_match(zsofi, "open", level=5, players=4)
        services.match_join(match_id=match.pk, user=gergo, deck=None)
        code = refused_code(lambda: oniroo_match(gergo, "bot:greedy", level=1, players=2))
        assert code == "too_many_matches"
        services.match_leave(match_id=match.pk, user=gergo)
        oniroo_match(gergo, "bot:greedy", level=1, players=2)


def test_only_a_joiner_leaves_and_only_while_the_table_waits(people, client):
    zsofi, gergo, anna = people
    match = oniroo_match(zsofi, "invite", level=5, players=3)
    services.match_join(match_id=match.pk, user=gergo, deck=None)
    client.force_login(zsofi)  # the creator calls it off or starts it: no leave button
    assert f"/play/{match.pk}/leave/" not in client.get(f"/play/{match.pk}/").content.decode()
    assert refused_code(lambda: services.match_leave(match_id=match.pk, user=zsofi)) == "creator"
    with pytest.raises(NotFound):  # a stranger has no seat to give up
        services.match_leave(match_id=match.pk, user=anna)
    services.match_start_with_bots(match_id=match.pk, user=zsofi)
    assert refused_code(lambda: services.match_leave(match_id=match.pk, user=gergo)) == (
        "not_waiting"
    )
    assert Match.objects.get(pk=match.pk).seats.filter(user=gergo).exists()


def test_the_api_leaves_as_the_page_does(people, client):
    zsofi, gergo, anna = people
    match = oniroo_match(zsofi, "open", level=5, players=4)
    services.match_join(match_id=match.pk, user=gergo, deck=None)
    client.force_login(anna)
    assert client.post(f"/api/matches/{match.pk}/leave/").status_code == 404
    client.force_login(gergo)
    response = client.post(f"/api/matches/{match.pk}/leave/")
    assert response.status_code == 200
    assert response.json()["status"] == "waiting" and response.json()["seat"] is None
    assert not match.seats.filter(user=gergo).exists()
    again = client.post(f"/api/matches/{match.pk}/leave/")
    assert again.status_code == 404  # no seat of theirs any more


def test_a_tournament_pairing_is_not_left(people):
    zsofi, gergo, _anna = people
    match = services.match_create_paired(
        game=Game.objects.get(slug="alomfogo"),
        options={},
        players=[(zsofi, zsofi.deck.versions.first()), (gergo, gergo.deck.versions.first())],
        created_by=zsofi,
    )
    with pytest.raises(NotFound):
        services.match_leave(match_id=match.pk, user=gergo)
    assert match.seats.count() == 2


# --- who may play alone -----------------------------------------------------------------------
def test_solo_is_refused_where_others_must_sit_down(people, client):
    zsofi, *_ = people
    client.force_login(zsofi)
    body = {"game": "alomfogo", "deck": zsofi.deck.pk, "opponent": "solo"}
    response = client.post("/api/matches/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_opponent"
    for players in (2, 6):
        body = {"game": "oniroo", "opponent": "solo", "options": {"players": players, "level": 1}}
        response = client.post("/api/matches/", body, content_type="application/json")
        assert response.json()["error"]["code"] == "bad_opponent", players
    form = {"game": "oniroo", "opponent": "solo", "players": "6", "level": "1"}
    page = client.post("/play/new/", form, follow=True).content.decode()
    assert "Only a game for one is played alone" in page
    assert not Match.objects.exists()


def test_a_game_for_one_is_played_solo_whoever_was_asked_for(people, client):
    zsofi, *_ = people
    client.force_login(zsofi)
    for game, options, opponent in (
        ("oniroo", {"players": 1, "level": 1}, "open"),
        ("oniroo", {"players": 1, "level": 2}, "bot:search"),
        ("arcane-guardian", {}, "invite"),
    ):
        body = {"game": game, "opponent": opponent, "options": options}
        response = client.post("/api/matches/", body, content_type="application/json")
        assert response.status_code == 201, response.content
        match = Match.objects.get(pk=response.json()["id"])
        assert (match.opponent, match.status) == ("solo", MatchStatus.RUNNING)


# --- ratings: a tournament's matches, and what the pages say -------------------------------------
def test_a_tournament_played_with_casual_decks_is_not_rated(people, cards):
    translation.activate("en")
    organiser = make_user("szervezo", language="en")
    players = []
    for n in range(2):
        user = make_user(f"q{n}", language="en")
        user.deck = first_cards_deck(user, f"Deck {n}", 12)  # 36 cards: casual, not tournament
        players.append(user)
    event = new_event(organiser, Game.objects.get(slug="alomfogo"), format_id="casual")
    register_all(event, players)
    tournament_services.tournament_start(tournament_id=event.pk, user=organiser)
    match = current_match(pairings_of(event, 1)[0])
    for user in players:
        services.match_ready(match_id=match.pk, user=user)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and not match.rated


def test_the_lobby_and_the_leaderboard_say_per_game_what_is_rated(people, client):
    zsofi, gergo, _anna = people
    client.cookies["django_language"] = "en"
    lobby = client.get("/play/").content.decode()
    alomfogo = "a match of exactly two people, no bots, is rated when both decks are legal"
    oniroo = "ONIROO: a match of exactly two people, no bots, is rated."
    assert alomfogo in lobby and "the “Tournament” format (45 cards or more)" in lobby
    assert oniroo in lobby
    assert "Arcane Guardian:" not in lobby  # a game for one is never rated
    assert oniroo in client.get("/play/ratings/oniroo/").content.decode()
    assert alomfogo in client.get("/play/ratings/").content.decode()
    # and the code agrees: two people at an ONIROO table are rated, three are not
    duo = oniroo_match(zsofi, "invite", level=1, players=2)
    services.match_join(match_id=duo.pk, user=gergo, deck=None)
    assert Match.objects.get(pk=duo.pk).rated


def test_a_game_for_one_has_no_rating_rule(cards):
    assert ratings.rating_rule(Game.objects.get(slug="arcane-guardian")) is None


# --- "Play again" -------------------------------------------------------------------------------
def test_play_again_twice_after_a_bot_match_gives_one_new_match(people, client):
    zsofi, *_ = people
    match = services.match_create(
        user=zsofi, game=zsofi.deck.game, deck=zsofi.deck, opponent="bot:greedy"
    )
    services.match_resign(match_id=match.pk, user=zsofi)
    client.force_login(zsofi)
    first = client.post(f"/play/{match.pk}/rematch/")
    second = client.post(f"/play/{match.pk}/rematch/")
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Match.objects.filter(rematch_of=match).count() == 1


def test_play_again_brings_both_players_to_the_same_new_match(people, client):
    zsofi, gergo, anna = people
    match = services.match_create(
        user=zsofi, game=zsofi.deck.game, deck=zsofi.deck, opponent="invite"
    )
    services.match_join(match_id=match.pk, user=gergo, deck=gergo.deck)
    services.match_resign(match_id=match.pk, user=gergo)
    again = services.match_rematch(match_id=match.pk, user=zsofi)
    assert Match.objects.get(pk=again.pk).status == MatchStatus.WAITING
    # the other player's old table and its API name the new match
    client.force_login(gergo)
    assert client.get(f"/api/matches/{match.pk}/").json()["rematch"] == str(again.pk)
    assert f'href="/play/{again.pk}/"' in client.get(f"/play/{match.pk}/").content.decode()
    response = client.post(f"/play/{match.pk}/rematch/")
    assert response["Location"] == f"/play/{again.pk}/"  # joined, not a second invitation
    again.refresh_from_db()
    assert again.status == MatchStatus.RUNNING
    assert set(again.seats.values_list("user__username", flat=True)) == {"zsofi", "gergo"}
    assert services.match_rematch(match_id=match.pk, user=zsofi).pk == again.pk
    assert Match.objects.filter(rematch_of=match).count() == 1
    client.force_login(anna)  # a stranger learns nothing of it
    assert client.get(f"/api/matches/{match.pk}/").status_code == 404


# --- limits: a seat taken back counts again ------------------------------------------------------
def test_taking_a_seat_back_counts_against_the_limit(people):
    zsofi, gergo, _anna = people
    match = oniroo_match(zsofi, "invite", level=1, players=3)
    services.match_join(match_id=match.pk, user=gergo, deck=None)
    services.match_start_with_bots(match_id=match.pk, user=zsofi)
    # a bot took Gergő's seat while he was away (services.match_seat_to_bot)
    Seat.objects.filter(match=match, user=gergo).update(bot="greedy")
    Match.objects.filter(pk=match.pk).update(seats_version=match.seats_version + 1)
    with limits(OPEN_MATCHES_PER_USER=1):
        oniroo_match(gergo, "open", level=5, players=4)  # his one place, taken meanwhile
        code = refused_code(lambda: services.match_take_seat_back(match_id=match.pk, user=gergo))
        assert code == "too_many_matches"
    assert Seat.objects.get(match=match, user=gergo).bot == "greedy"
    services.match_take_seat_back(match_id=match.pk, user=gergo)  # room again: his seat
    assert Seat.objects.get(match=match, user=gergo).bot == ""


# --- "I am ready" on a match that asks no one ----------------------------------------------------
def test_ready_on_an_invitation_says_why_it_does_not_apply(people, client):
    zsofi, *_ = people
    match = services.match_create(
        user=zsofi, game=zsofi.deck.game, deck=zsofi.deck, opponent="invite"
    )
    client.force_login(zsofi)
    page = client.post(f"/play/{match.pk}/ready/", follow=True).content.decode()
    assert "Only a tournament&#x27;s match waits for its players" in page
    assert "not waiting for players" not in page
    with translation.override("en"), pytest.raises(ApplicationError) as refused:
        services.match_ready(match_id=match.pk, user=zsofi)
    assert refused.value.code == "not_paired"
