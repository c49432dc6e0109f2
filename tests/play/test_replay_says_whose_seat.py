"""A replay frame says whether the seat it is seen from is the viewer's own (`replay.own`).

The table speaks to the viewer as "you" only from their own seat: the human player
stepping through the bot's seat, or anyone watching as a spectator, reads every seat
by its name (static/js/live.js TableModel reads the fact). A seat the viewer may not
see answers 404 with its reason alone, not the site's general "nothing here" beside it.
"""

from __future__ import annotations

import pytest
from django.conf import settings

from play import replays, services
from play.models import Match
from tests.factories import make_user
from tests.play.test_matches import players  # noqa: F401 (a fixture: loads the cards)
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)


def _over(match) -> Match:
    """The match as if it had ended: a replay needs only the log, step 0 the deal."""
    Match.objects.filter(pk=match.pk).update(status="finished")
    return Match.objects.get(pk=match.pk)


def _api(match, seat) -> str:
    return f"/api/matches/{match.pk}/replay/?seat={seat}&step=0"


def test_only_the_viewers_own_seat_is_their_own(client, players):  # noqa: F811
    zsofi = players[0]
    match = _over(oniroo_match(zsofi, "bot:greedy", public=True, players=2, level=1))
    client.force_login(zsofi)
    assert client.get(_api(match, 0)).json()["replay"]["own"] is True
    assert client.get(_api(match, 1)).json()["replay"]["own"] is False  # the bot's seat
    assert client.get(_api(match, "watch")).json()["replay"]["own"] is False
    # anyone else sees the public match as a spectator: nobody's own seat
    client.force_login(make_user("anna"))
    assert client.get(_api(match, "watch")).json()["replay"]["own"] is False
    client.logout()
    assert client.get(_api(match, "watch")).json()["replay"]["own"] is False
    # the replay page starts from the same fact
    client.force_login(zsofi)
    page = client.get(f"/play/{match.pk}/replay/?seat=1&step=0").content.decode()
    assert '"own": false' in page
    assert replays.replay_for(match, zsofi, 0, 0)["replay"]["own"] is True


@pytest.mark.parametrize(
    ("language", "reason", "general"),
    [
        (
            "en",
            "That seat&#x27;s cards are not shown to you",
            "There is nothing here, or it is not yours to see.",
        ),
        (
            "hu",
            "Ennek a helynek a lapjait nem láthatod",
            "Itt nincs semmi, vagy nem a te szemednek szól.",
        ),
    ],
)
def test_a_hidden_seat_says_why_and_nothing_that_contradicts_it(
    client,
    players,  # noqa: F811
    language,
    reason,
    general,
):
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    services.match_resign(match_id=match.pk, user=zsofi)  # Zsófi's deck is private
    client.force_login(gergo)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/play/{match.pk}/replay/?seat=0&step=0")
    assert response.status_code == 404
    html = response.content.decode()
    assert reason in html
    assert general not in html
