"""Deleting a deck: gone for everyone, while the matches played with it keep their version."""

from __future__ import annotations

import pytest
from django.utils import translation

from decks import services
from decks.models import Deck, DeckVersion
from play import replays
from play import services as play_services
from tests.decks.conftest import login
from tests.factories import make_user
from tests.play.test_matches import legal_deck
from tests.play.test_replays import play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(cards):
    """A finished match between two people; returns (match, the first player, their deck)."""
    zsofi, gergo = make_user("zsofi"), make_user("gergo")
    deck, other = legal_deck(zsofi), legal_deck(gergo)
    deck.visibility = "public"  # so that a stranger could have found it before
    deck.save()
    match = play_services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="invite", options={"starting_glory": 10}
    )
    play_services.match_join(match_id=match.pk, user=gergo, deck=other)
    match = play_out(match, {0: zsofi, 1: gergo})
    assert match.status == "finished"
    return match, zsofi, deck


def deck_urls(deck) -> list[str]:
    return [
        f"/decks/{deck.pk}/",
        f"/decks/{deck.pk}/edit/",
        f"/decks/{deck.pk}/history/",
        f"/decks/{deck.pk}/settings/",
        f"/decks/{deck.pk}/export/text/",
        f"/decks/{deck.pk}/sample/?seed=1",
        f"/decks/s/{deck.share_token}/",
        f"/api/decks/{deck.pk}/",
        f"/api/decks/{deck.pk}/export/?as=json",
    ]


def test_a_deck_never_played_is_removed_with_its_versions(client, deck, owner):
    login(client, owner)
    assert client.delete(f"/api/decks/{deck.pk}/").status_code == 204
    assert not Deck.all_objects.filter(pk=deck.pk).exists()
    assert not DeckVersion.objects.filter(deck_id=deck.pk).exists()


def test_deleting_a_played_deck_keeps_its_version_for_the_match(client, played):
    match, zsofi, deck = played
    seat = match.seats.get(user=zsofi)
    version_id = seat.deck_version_id
    frames = [replays.replay_frame(match, 0, step) for step in (0, match.version)]
    login(client, zsofi)
    replay_before = client.get(f"/api/matches/{match.pk}/replay/?seat=0&step=3").json()

    response = client.delete(f"/api/decks/{deck.pk}/")

    assert response.status_code == 204
    kept = Deck.all_objects.get(pk=deck.pk)
    assert kept.deleted_at is not None
    assert DeckVersion.objects.filter(pk=version_id, deck_id=deck.pk).exists()
    seat.refresh_from_db()
    assert seat.deck_version_id == version_id
    # the replay reads the same version: every step is what it was
    match.refresh_from_db()
    assert [replays.replay_frame(match, 0, step) for step in (0, match.version)] == frames
    replay = client.get(f"/api/matches/{match.pk}/replay/?seat=0&step=3")
    assert replay.status_code == 200 and replay.json() == replay_before
    assert client.get(f"/play/{match.pk}/replay/?seat=0&step=3").status_code == 200


@pytest.mark.parametrize("who", ["owner", "stranger", "anonymous"])
def test_a_deleted_deck_is_404_everywhere_for_everyone(client, played, who):
    match, zsofi, deck = played
    login(client, zsofi)
    client.delete(f"/api/decks/{deck.pk}/")
    client.logout()
    if who == "owner":
        login(client, zsofi)
    elif who == "stranger":
        login(client, make_user("idegen"))
    for url in deck_urls(deck):
        assert client.get(url).status_code in (404, 302), url  # 302: sign in first
        if who != "anonymous":
            assert client.get(url).status_code == 404, url


def test_a_deleted_deck_is_left_out_of_lists_search_and_the_lobby(client, played):
    match, zsofi, deck = played
    login(client, zsofi)
    name = "Törölt pakli különleges neve"
    Deck.objects.filter(pk=deck.pk).update(name=name)
    assert name in client.get("/decks/public/").content.decode()
    client.delete(f"/api/decks/{deck.pk}/")
    assert deck.pk not in [d["id"] for d in client.get("/api/decks/").json()["results"]]
    assert name not in client.get("/decks/").content.decode()
    assert name not in client.get("/decks/public/", {"q": "különleges"}).content.decode()
    assert name not in client.get("/play/").content.decode()  # nothing new is played with it
    # and it cannot be deleted, changed or copied again
    assert client.delete(f"/api/decks/{deck.pk}/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/clone/").status_code == 404
    assert (
        client.patch(
            f"/api/decks/{deck.pk}/", {"name": "vissza"}, content_type="application/json"
        ).status_code
        == 404
    )


def test_the_delete_page_redirects_with_a_message(client, played):
    match, zsofi, deck = played
    login(client, zsofi)
    response = client.post(f"/decks/{deck.pk}/delete/", follow=True)
    assert response.redirect_chain[-1] == ("/decks/", 302)
    assert response.status_code == 200
    with translation.override("hu"):
        expected = translation.gettext(
            "Deck deleted. The matches played with it keep the version they were played with."
        )
    assert [str(m) for m in response.context["messages"]] == [expected]
    assert Deck.all_objects.get(pk=deck.pk).deleted_at is not None


def test_the_service_says_which_kind_of_delete_it_did(played, owner, alomfogo):
    match, zsofi, deck = played
    assert services.deck_delete(deck=deck, user=zsofi) is True
    fresh = services.deck_create(owner=owner, game=alomfogo, name="Friss")
    assert services.deck_delete(deck=fresh, user=owner) is False
