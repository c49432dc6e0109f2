"""“Play again” reaches the other players' open tables at once, not only on a reload.

When one player of a finished match opens a new one from it, the other seats'
sockets are sent a "rematch" frame with the new match's address, which the
table (static/js/live.js) shows as a link; a spectator has no seat in it and
is sent nothing.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from play import services
from play.consumers import database_sync_to_async
from play.models import Match
from tests.factories import make_user
from tests.play.test_matches import connect, players, seated  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def finished_public_duel(players):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="invite", public=True
    )
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    services.match_resign(match_id=match.pk, user=gergo)
    return match, zsofi, gergo


def test_the_opponents_table_is_told_of_the_rematch_and_a_spectators_is_not(players):  # noqa: F811
    match, zsofi, gergo = finished_public_duel(players)
    watcher = make_user("nezo")

    async def scenario():
        own, other = await seated(match, zsofi, gergo)
        spectator, connected = await connect(match, watcher)
        assert connected
        assert (await spectator.receive_json_from(timeout=5))["seat"] is None
        assert (await spectator.receive_json_from(timeout=5))["type"] == "chat"

        again = await database_sync_to_async(services.match_rematch)(match_id=match.pk, user=zsofi)

        offer = await other.receive_json_from(timeout=5)
        assert offer == {"type": "rematch", "url": f"/play/{again.pk}/"}
        # the spectator has no seat to take in it; the one who pressed is already there
        assert await spectator.receive_nothing(timeout=0.3)
        assert await own.receive_nothing(timeout=0.1)
        # the second press (the opponent's) joins it and tells nobody anything new
        joined = await database_sync_to_async(services.match_rematch)(match_id=match.pk, user=gergo)
        assert joined.pk == again.pk
        assert await own.receive_nothing(timeout=0.3)
        for communicator in (own, other, spectator):
            await communicator.disconnect()
        return again

    again = async_to_sync(scenario)()
    assert Match.objects.filter(rematch_of=match).get().pk == again.pk


def test_a_table_without_a_socket_learns_the_address_when_it_polls(players, client):  # noqa: F811
    match, zsofi, gergo = finished_public_duel(players)
    again = services.match_rematch(match_id=match.pk, user=zsofi)
    client.force_login(gergo)
    body = client.get(f"/api/matches/{match.pk}/").json()
    assert body["rematch_url"] == f"/play/{again.pk}/"
    client.force_login(make_user("nezo"))  # a spectator polls the public match: no address
    body = client.get(f"/api/matches/{match.pk}/").json()
    assert body["rematch"] is None and body["rematch_url"] is None


def test_the_table_page_holds_the_place_the_link_is_shown_in(players, client):  # noqa: F811
    """Hidden until there is a rematch; live.js fills it in (`offerRematch`)."""
    match, _zsofi, gergo = finished_public_duel(players)
    client.force_login(gergo)
    html = client.get(f"/play/{match.pk}/").content.decode()
    assert 'id="table-rematch-offer" hidden' in html
    client.force_login(make_user("nezo"))
    assert 'id="table-rematch-offer"' not in client.get(f"/play/{match.pk}/").content.decode()
