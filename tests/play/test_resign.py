"""Giving up a running match, calling off one nobody has started, and how many a person plays.

Online card and chess sites let a player concede: the match ends and the other
side wins (a rated match counts it as a loss). At a table of three or more the
game goes on for the others, a bot in the leaver's seat. A match a person
made and nobody joined can be called off. A person plays at most
LIMITS["OPEN_MATCHES_PER_USER"] matches at once: each running table of bots
keeps a worker busy, and each waiting one sits in the lobby.
"""

from __future__ import annotations

import pytest
from django.test import override_settings

from catalog.models import Game
from core.errors import ApplicationError, NotFound
from play import services
from play.models import Match, MatchStatus, Rating
from tests.factories import make_user
from tests.play.test_matches import players  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def limits(**changed):
    from django.conf import settings

    return override_settings(LIMITS={**settings.LIMITS, **changed})


def oniroo_for_three(creator, joiner, *, opponent: str):
    """A waiting ONIROO table for three: its creator and one who joined."""
    match = services.match_create(
        user=creator,
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent=opponent,
        options={"players": 3, "level": 1},
    )
    services.match_join(match_id=match.pk, user=joiner, deck=None)
    return match


def test_giving_up_a_rated_match_ends_it_as_a_loss(players, client):  # noqa: F811
    zsofi, gergo, deck, deck2 = players  # tournament-legal decks: a rated match
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    client.force_login(gergo)
    response = client.post(f"/play/{match.pk}/resign/")
    assert response.status_code == 302 and response.url == f"/play/{match.pk}/"
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert match.result == {"winners": [0], "reason": "resigned", "resigned": 1}
    assert Rating.objects.get(user=gergo).losses == 1 and Rating.objects.get(user=zsofi).wins == 1
    frame = client.get(f"/api/matches/{match.pk}/").json()
    assert frame["status"] == "finished" and frame["legal"] == []
    # over is over: a second press is refused, in words
    response = client.post(f"/api/matches/{match.pk}/resign/")
    assert response.status_code == 400 and response.json()["error"]["code"] == "not_running"


def test_against_a_bot_and_alone_giving_up_ends_the_game(players):  # noqa: F811
    zsofi, _gergo, deck, _deck2 = players
    vs_bot = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
    services.match_resign(match_id=vs_bot.pk, user=zsofi)
    vs_bot.refresh_from_db()
    assert vs_bot.result["winners"] == [1] and vs_bot.status == MatchStatus.FINISHED
    solo = services.match_create(
        user=zsofi, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
    )
    services.match_resign(match_id=solo.pk, user=zsofi)
    solo.refresh_from_db()
    assert solo.result == {"winners": [], "reason": "resigned", "resigned": 0}


def test_leaving_a_bigger_table_hands_the_seat_to_a_bot_and_the_game_goes_on(players):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    match = oniroo_for_three(zsofi, gergo, opponent="invite")
    services.match_start_with_bots(match_id=match.pk, user=zsofi)
    services.match_resign(match_id=match.pk, user=gergo)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    assert match.seats.get(user=gergo).bot  # the game goes on, a bot in that seat
    with pytest.raises(ApplicationError) as refused:
        services.match_resign(match_id=match.pk, user=gergo)
    assert refused.value.code == "already_a_bot"
    with pytest.raises(ApplicationError) as refused:  # left for good: not taken back
        services.match_take_seat_back(match_id=match.pk, user=gergo)
    assert refused.value.code == "left"
    assert match.seats.get(user=gergo).bot


def test_the_last_person_leaving_a_table_of_bots_ends_it(players):  # noqa: F811
    """Bots playing on for nobody kept a worker busy for minutes (six hard bots: ~10); a
    table whose last person gives up ends as a small one does, the others winning."""
    zsofi, gergo, _deck, _deck2 = players
    oniroo, four = Game.objects.get(slug="oniroo"), {"players": 4, "level": 1}
    against_bots = services.match_create(
        user=zsofi, game=oniroo, deck=None, opponent="bot:greedy", options=four
    )
    services.match_resign(match_id=against_bots.pk, user=zsofi)
    against_bots.refresh_from_db()
    assert against_bots.status == MatchStatus.FINISHED
    assert against_bots.result == {"winners": [1, 2, 3], "reason": "resigned", "resigned": 0}
    # two people and a bot: the first to leave hands the seat on; the second ends it
    match = oniroo_for_three(zsofi, gergo, opponent="invite")
    services.match_start_with_bots(match_id=match.pk, user=zsofi)
    services.match_resign(match_id=match.pk, user=gergo)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    services.match_resign(match_id=match.pk, user=zsofi)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.result["resigned"] == 0


def test_only_a_player_may_give_up_and_nobody_learns_of_the_match(players, client):  # noqa: F811
    zsofi, _gergo, deck, _deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
    client.force_login(make_user("kivancsi"))
    assert client.post(f"/api/matches/{match.pk}/resign/").status_code == 404
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING


def test_the_creator_calls_off_a_match_nobody_joined(players, client):  # noqa: F811
    zsofi, gergo, deck, _deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="open")
    client.force_login(gergo)  # not theirs to call off: no such match for them
    assert client.post(f"/play/{match.pk}/call-off/").status_code == 404
    client.force_login(zsofi)
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert "A meccs lefújása" in page
    response = client.post(f"/play/{match.pk}/call-off/", follow=True)
    assert response.redirect_chain[-1][0] == "/play/"
    assert "Lefújtad a meccset." in response.content.decode()
    assert not Match.objects.filter(pk=match.pk).exists()
    running = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
    response = client.post(f"/api/matches/{running.pk}/call-off/")
    assert response.status_code == 400 and response.json()["error"]["code"] == "not_waiting"


def test_a_person_plays_a_bounded_number_of_matches_at_once(players, client):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    with limits(OPEN_MATCHES_PER_USER=2):
        first = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
        waiting = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="open")
        before = Match.objects.count()
        client.force_login(zsofi)
        response = client.post(
            "/api/matches/",
            {"game": "alomfogo", "deck": deck.pk, "opponent": "bot:greedy"},
            content_type="application/json",
        )
        assert response.status_code == 400
        assert "2 befejezetlen meccsben" in response.json()["error"]["message"]
        assert Match.objects.count() == before
        # joining counts too
        other = services.match_create(user=gergo, game=deck.game, deck=deck2, opponent="open")
        with pytest.raises(ApplicationError) as refused:
            services.match_join(match_id=other.pk, user=zsofi, deck=deck)
        assert refused.value.code == "too_many_matches"
        # a finished match frees its place; a called-off one too
        services.match_resign(match_id=first.pk, user=zsofi)
        services.match_call_off(match_id=waiting.pk, user=zsofi)
        services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
        services.match_join(match_id=other.pk, user=zsofi, deck=deck)


@override_settings(PLAY_SEARCH_SECONDS=0.01)
def test_a_person_plays_a_few_matches_against_the_hard_bot_at_once(players):  # noqa: F811
    """Each of the hard bot's decisions is a second of a worker: one person's share is bounded
    (the other bots, and matches between people, count only toward the open-match limit)."""
    zsofi, _gergo, deck, _deck2 = players
    with limits(HARD_BOTS_PER_USER=2):
        hard = [
            services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:search")
            for _ in range(2)
        ]
        with pytest.raises(ApplicationError) as refused:
            services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:search")
        assert refused.value.code == "too_many_hard_bot_matches"
        assert "legfeljebb 2 nehéz bot" in refused.value.message
        services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")
        services.match_resign(match_id=hard[0].pk, user=zsofi)  # over: its place is free
        services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:search")


def test_calling_off_asks_for_a_match_that_is_yours(players):  # noqa: F811
    zsofi, gergo, deck, _deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="open")
    with pytest.raises(NotFound):
        services.match_call_off(match_id=match.pk, user=gergo)
    assert Match.objects.filter(pk=match.pk).exists()


@pytest.mark.parametrize("step", ["join", "start", "claim", "resign", "call-off", "chat"])
def test_a_table_button_for_a_match_that_is_not_there_answers_404_at_once(players, client, step):  # noqa: F811
    """Not a redirect to the match's page (another 404) with the message left for a later one."""
    import uuid

    zsofi, *_ = players
    client.force_login(zsofi)
    response = client.post(f"/play/{uuid.uuid4()}/{step}/", {"text": "szia"})
    assert response.status_code == 404
    assert "Nincs ilyen meccs." in response.content.decode()
    assert "Nincs ilyen meccs." not in client.get("/play/").content.decode()


def test_a_match_others_joined_is_not_called_off_under_them(players):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    match = oniroo_for_three(zsofi, gergo, opponent="open")
    with pytest.raises(ApplicationError) as refused:
        services.match_call_off(match_id=match.pk, user=zsofi)
    assert refused.value.code == "others_joined"
    assert match.seats.count() == 2


def test_joining_a_private_match_that_began_is_as_if_there_were_none(players, client):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    client.force_login(make_user("kivancsi"))
    assert (
        client.post(
            f"/api/matches/{match.pk}/join/", {}, content_type="application/json"
        ).status_code
        == 404
    )
    assert client.post(f"/play/{match.pk}/join/").status_code == 404
