"""Elo ratings: which matches count, how ratings move, the leaderboard."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services as deck_services
from decks.entries import Entry
from play import ratings, selectors, services
from play.bots.alomfogo_cards import DEMO_DECKS
from play.models import Match, Rating
from tests.play.test_matches import players  # noqa: F401 (fixture)
from tests.play.test_replays import play_out

pytestmark = pytest.mark.django_db(transaction=True)


def test_elo_arithmetic():
    assert ratings.expected_score(1500, 1500) == 0.5
    assert ratings.expected_score(1900, 1500) == pytest.approx(0.909, abs=0.001)
    assert ratings.new_ratings(1500, 1500, 1.0) == (1516, 1484)
    assert ratings.new_ratings(1500, 1500, 0.5) == (1500, 1500)
    a, b = ratings.new_ratings(1700, 1500, 0.0)  # the favourite loses: a big swing
    assert a == pytest.approx(1700 - 24.3, abs=0.1) and a + b == pytest.approx(3200)


def test_a_match_between_two_people_with_tournament_decks_moves_both_ratings(players, client):  # noqa: F811
    zsofi, gergo, deck, deck2 = players  # 45 cards each: tournament-legal
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    assert Match.objects.get(pk=match.pk).rated
    match = play_out(match, {0: zsofi, 1: gergo})
    (winner,) = match.result["winners"]
    won, lost = (zsofi, gergo) if winner == 0 else (gergo, zsofi)
    assert Rating.objects.get(user=won).rating == 1516
    assert Rating.objects.get(user=lost).rating == 1484
    assert Rating.objects.get(user=won).wins == 1 and Rating.objects.get(user=lost).losses == 1
    client.force_login(zsofi)
    frame = client.get(f"/api/matches/{match.pk}/").json()
    assert frame["rated"] is True
    assert frame["rating_changes"][str(winner)] == {"before": 1500, "after": 1516}
    board = client.get("/play/ratings/").content.decode()
    rows = board[board.index("<tbody>") :]  # the page header names the signed-in user too
    assert rows.index(won.username) < rows.index(lost.username)
    assert "Az értékszámod:" in board


def test_bots_and_casual_decks_are_not_rated(players):  # noqa: F811
    zsofi, gergo, deck, _deck2 = players
    vs_bot = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:random")
    assert not vs_bot.rated
    game = Game.objects.get(slug="alomfogo")
    codes = DEMO_DECKS["vedo"][:13]  # 39 cards: legal for casual play, not for tournaments
    cards = {c.code: c for c in Card.objects.filter(code__in=codes).select_related("game")}
    casual = deck_services.deck_create(
        owner=gergo,
        game=game,
        name="Rövid",
        entries=[Entry(card=row_record(cards[c]), count=3) for c in codes],
    )
    match = services.match_create(user=zsofi, game=game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=casual)
    match = Match.objects.get(pk=match.pk)
    assert match.status == "running" and not match.rated
    play_out(match, {0: zsofi, 1: gergo})
    assert not Rating.objects.exists()


def test_a_claimed_win_counts_as_a_win(players):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    state = selectors.match_state(Match.objects.get(pk=match.pk))
    waiting = (zsofi, gergo)[1 - state.active_player]
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - timedelta(minutes=6))
    services.match_claim_win(match_id=match.pk, user=waiting)
    assert Rating.objects.get(user=waiting).rating == 1516
