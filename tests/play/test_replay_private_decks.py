"""A replay shows another seat's cards only when they betray no private deck.

Stepping through a seat's view shows every card it drew: its decklist. A
player who played against a private deck saw its hand count only, and its
page is 404 to them; the replay must not hand them the list either.
"""

from __future__ import annotations

import pytest

from decks import services as deck_services
from decks.models import Deck, Visibility
from play import replays, services
from play.models import Match
from tests.factories import make_user
from tests.play.test_matches import players  # noqa: F401 (a fixture: loads the cards)
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)


def _api(match, seat) -> str:
    return f"/api/matches/{match.pk}/replay/?seat={seat}&step=0"


def _over(match) -> Match:
    """The match as if it had ended: a replay needs only the log, step 0 the deal."""
    Match.objects.filter(pk=match.pk).update(status="finished")
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def resigned(players):  # noqa: F811
    """Zsófi (seat 0, private deck) and Gergő (seat 1) played by invite; Zsófi resigned."""
    zsofi, gergo, deck, deck2 = players
    assert deck.visibility == Visibility.PRIVATE  # the default
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    services.match_resign(match_id=match.pk, user=zsofi)
    match = Match.objects.get(pk=match.pk)
    assert match.status == "finished"
    return match, zsofi, gergo, deck, deck2


def test_a_private_decks_seat_is_hidden_from_the_opponent(resigned, client):
    match, _zsofi, gergo, deck, _deck2 = resigned
    client.force_login(gergo)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404  # the deck itself is hidden
    refused = client.get(_api(match, 0))
    assert refused.status_code == 404
    assert refused.json()["error"]["code"] == "hidden_seat"
    assert client.get(f"/play/{match.pk}/replay/?seat=0&step=0").status_code == 404
    # his own seat and a spectator's view stay his
    own = client.get(_api(match, 1))
    assert own.status_code == 200 and own.json()["seat"] == 1
    assert client.get(_api(match, "watch")).status_code == 200
    assert replays.perspectives(match, gergo) == {1, None}


def test_the_replay_page_offers_only_the_seats_you_may_see(resigned, client):
    match, _zsofi, gergo, _deck, _deck2 = resigned
    client.force_login(gergo)
    page = client.get(f"/play/{match.pk}/replay/?step=0").content.decode()
    assert 'href="?seat=watch&amp;step=0"' in page
    assert "?seat=0&amp;" not in page  # no link to the private deck's seat
    assert '<strong aria-current="true">' in page  # his own seat, the one shown


def test_a_public_or_unlisted_decks_seat_may_be_replayed_by_the_opponent(resigned, client):
    match, zsofi, gergo, deck, _deck2 = resigned
    client.force_login(gergo)
    for visibility in (Visibility.PUBLIC, Visibility.UNLISTED):
        Deck.objects.filter(pk=deck.pk).update(visibility=visibility)
        theirs = client.get(_api(match, 0))
        assert theirs.status_code == 200, visibility
        hand = theirs.json()["view"]["players"][0]["hand"]
        assert hand and all(isinstance(card, dict) for card in hand)
        page = client.get(f"/play/{match.pk}/replay/?step=0").content.decode()
        assert 'href="?seat=0&amp;step=0"' in page
    # private again: hidden again (the deck's visibility now decides)
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.PRIVATE)
    assert client.get(_api(match, 0)).status_code == 404


def test_a_deleted_decks_seat_stays_hidden(resigned, client):
    match, zsofi, gergo, deck, _deck2 = resigned
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.PUBLIC)
    assert deck_services.deck_delete(deck=Deck.objects.get(pk=deck.pk), user=zsofi)
    client.force_login(gergo)
    assert client.get(_api(match, 0)).status_code == 404


def test_the_owner_of_the_private_deck_replays_every_seat_with_none_private(resigned, client):
    """Zsófi's own seat is hers; Gergő's deck is private too, so his seat is not."""
    match, zsofi, _gergo, _deck, deck2 = resigned
    client.force_login(zsofi)
    assert client.get(_api(match, 0)).status_code == 200
    assert client.get(_api(match, 1)).status_code == 404
    Deck.objects.filter(pk=deck2.pk).update(visibility=Visibility.PUBLIC)
    assert client.get(_api(match, 1)).status_code == 200


def test_a_bots_seat_may_be_replayed(players, client):  # noqa: F811
    zsofi, _gergo, deck, _deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:random")
    bot_seat = match.seats.get(position=1)
    assert bot_seat.user_id is None and bot_seat.deck_version_id is None
    services.match_resign(match_id=match.pk, user=zsofi)
    client.force_login(zsofi)
    assert client.get(_api(match, 1)).status_code == 200
    assert replays.perspectives(Match.objects.get(pk=match.pk), zsofi) == {0, 1, None}


def test_a_private_deck_a_bot_played_on_stays_hidden(resigned, client):
    """A bot that took over a person's seat plays the person's deck: still their secret."""
    match, _zsofi, gergo, _deck, _deck2 = resigned
    match.seats.filter(position=0).update(bot="greedy")
    client.force_login(gergo)
    assert client.get(_api(match, 0)).status_code == 404


def test_oniroo_seats_hold_no_deck_of_their_own_so_each_may_be_replayed(players, client):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    anna = make_user("anna")
    match = oniroo_match(zsofi, "invite", players=3, level=5)
    for user in (gergo, anna):
        services.match_join(match_id=match.pk, user=user, deck=None)
    match = _over(match)
    assert not match.seats.filter(deck_version__isnull=False).exists()
    client.force_login(gergo)
    for seat in (0, 1, 2):
        assert client.get(_api(match, seat)).status_code == 200, seat


def test_a_tournament_match_keeps_to_your_own_seat_even_against_a_public_deck(resigned, client):
    match, _zsofi, gergo, deck, _deck2 = resigned
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.PUBLIC)
    Match.objects.filter(pk=match.pk).update(opponent="paired")
    client.force_login(gergo)
    assert client.get(_api(match, 0)).status_code == 404
    assert client.get(_api(match, 1)).status_code == 200
