"""A player who keeps a table of three or more waiting: a bot takes the seat, and gives it back."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import NotFound
from play import frames, selectors, services
from play.models import Match, Seat
from play.services import MatchRefused
from tests.factories import make_user
from tests.play.test_matches import players  # noqa: F401 (fixture: loads the cards)
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)


TABLE_SEED = 20261206


def oniroo_table_of(users: list) -> Match:
    """A running ONIROO level-5 match of these three people, seated in this order."""
    match = oniroo_match(users[0], "invite", players=3, level=5)
    # A pinned deal: with a drawn one, now and then somebody won within the moves a test
    # plays, and the match it expected running had finished (CI, once in a few hundred).
    Match.objects.filter(pk=match.pk).update(
        seed=TABLE_SEED, seed_sha256=hashlib.sha256(str(TABLE_SEED).encode()).hexdigest()
    )
    for user in users[1:]:
        services.match_join(match_id=match.pk, user=user, deck=None)
    match = Match.objects.get(pk=match.pk)
    assert match.status == "running"
    return match


@pytest.fixture
def table(players):  # noqa: F811
    """A running ONIROO level-5 match of three people: (match, users by seat)."""
    zsofi, gergo, _deck, _deck2 = players
    users = [zsofi, gergo, make_user("anna")]
    return oniroo_table_of(users), dict(enumerate(users))


def waiting_on(match) -> int:
    return selectors.match_state(Match.objects.get(pk=match.pk)).active_player


def a_long_wait(match) -> None:
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - timedelta(minutes=6))


def test_a_bot_takes_the_seat_of_a_player_away_too_long_and_the_game_goes_on(table):
    match, users = table
    late = waiting_on(match)
    other = users[(late + 1) % 3]

    with pytest.raises(MatchRefused) as early:
        services.match_seat_to_bot(match_id=match.pk, user=other)
    assert early.value.code == "too_early" and "másodperc" in early.value.message
    with pytest.raises(MatchRefused) as own:
        services.match_seat_to_bot(match_id=match.pk, user=users[late])
    assert own.value.code == "your_turn"
    assert set(Seat.objects.filter(match=match).values_list("bot", flat=True)) == {""}

    a_long_wait(match)
    version = Match.objects.get(pk=match.pk).version
    services.match_seat_to_bot(match_id=match.pk, user=other)

    seat = Seat.objects.get(match=match, position=late)
    assert seat.bot == "greedy" and seat.user == users[late]  # the seat stays theirs
    match = Match.objects.get(pk=match.pk)
    assert match.version > version  # the bot played the late player's move at once
    assert match.status == "running" and waiting_on(match) != late

    now = waiting_on(match)
    bystander = users[next(p for p in range(3) if p not in (late, now))]
    with pytest.raises(MatchRefused) as again:
        services.match_seat_to_bot(match_id=match.pk, user=bystander)
    assert again.value.code == "too_early"  # the bot moved: nobody is late now

    frame = frames.match_payload(match, seat)
    assert frame["bot_seat"] is True and frame["legal"] == []
    assert frame["view"]["you"] == late  # they still see their own cards
    names = {p["seat"]: p for p in frame["players"]}
    assert names[late] == {
        "seat": late,
        "name": f"{users[late].username} (bot)",
        "bot": True,
        "bot_kind": None,  # still the person's seat: named after them
        "bot_number": None,
    }


def test_the_player_takes_the_seat_back_and_moves_again(table):
    match, users = table
    late = waiting_on(match)
    a_long_wait(match)
    services.match_seat_to_bot(match_id=match.pk, user=users[(late + 1) % 3])
    away = users[late]

    # while the bot plays for them, their moves are refused with a reason and change nothing
    match = Match.objects.get(pk=match.pk)
    with pytest.raises(MatchRefused) as refused:
        services.match_submit_action(
            match_id=match.pk,
            user=away,
            action={"type": "end_turn"},
            expected_version=match.version,
        )
    assert refused.value.code == "bot_plays_your_seat" and "bot" in refused.value.message
    assert Match.objects.get(pk=match.pk).version == match.version

    services.match_take_seat_back(match_id=match.pk, user=away)
    assert Seat.objects.get(match=match, position=late).bot == ""
    with pytest.raises(MatchRefused) as twice:
        services.match_take_seat_back(match_id=match.pk, user=away)
    assert twice.value.code == "not_a_bot"

    # people play on until the seat's own player is asked again: now they move themselves
    for _ in range(100):
        match = Match.objects.get(pk=match.pk)
        state = selectors.match_state(match)
        if state.active_player == late:
            break
        services.match_submit_action(
            match_id=match.pk,
            user=users[state.active_player],
            action=state.legal_actions(state.active_player)[-1],  # end the turn, or discard
            expected_version=match.version,
        )
    assert match.status == "running" and state.active_player == late
    frame = frames.match_payload(match, Seat.objects.get(match=match, position=late))
    assert frame["bot_seat"] is False and frame["legal"]
    services.match_submit_action(
        match_id=match.pk, user=away, action=frame["legal"][0], expected_version=match.version
    )
    assert Match.objects.get(pk=match.pk).version == match.version + 1


def test_two_players_claim_the_win_and_strangers_find_nothing(table, players):  # noqa: F811
    match, users = table
    a_long_wait(match)
    with pytest.raises(NotFound):
        services.match_seat_to_bot(match_id=match.pk, user=make_user("idegen"))
    with pytest.raises(NotFound):
        services.match_take_seat_back(match_id=match.pk, user=make_user("masik"))

    zsofi, gergo, deck, deck2 = players
    duel = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=duel.pk, user=gergo, deck=deck2)
    a_long_wait(duel)
    late = waiting_on(duel)
    with pytest.raises(MatchRefused) as two:
        services.match_seat_to_bot(match_id=duel.pk, user=(zsofi, gergo)[1 - late])
    assert two.value.code == "claim_instead"
    assert set(Seat.objects.filter(match=duel).values_list("bot", flat=True)) == {""}


def test_the_page_and_the_api_offer_the_bot_and_the_way_back(table, client):
    match, users = table
    late = waiting_on(match)
    other = users[(late + 1) % 3]
    client.force_login(other)
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert 'id="table-takeover"' in page and "Üljön bot a helyére" in page

    refused = client.post(f"/api/matches/{match.pk}/seat-to-bot/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "too_early"

    a_long_wait(match)
    answer = client.post(f"/play/{match.pk}/seat-to-bot/")  # the form, without JavaScript
    assert answer.status_code == 302
    assert Seat.objects.get(match=match, position=late).bot == "greedy"

    client.force_login(users[late])
    page = client.get(f"/play/{match.pk}/").content.decode()
    back_form = page[page.index('id="table-take-back"') - 60 : page.index("Visszaveszem a helyem")]
    assert " hidden" not in back_form  # shown without JavaScript
    frame = client.post(f"/api/matches/{match.pk}/take-seat-back/").json()
    assert frame["bot_seat"] is False
    assert Seat.objects.get(match=match, position=late).bot == ""


def test_a_seat_change_made_by_one_process_holds_in_every_other(table, monkeypatch):
    """Each web process keeps its own cache; none may act on seats another process changed.

    Two caches stand for two processes: B serves moves (and keeps the seats
    in memory), A hands the late seat to a bot. B must then refuse the late
    player's own move, and when B hands the turn back to that seat it must
    wake the bot (Celery runs eagerly here), or the match would stall.
    """
    from play.models import MatchAction
    from play.state_cache import StateCache

    match, users = table
    process_a, process_b = StateCache(), StateCache()

    def move_through_b() -> Match:
        monkeypatch.setattr(services, "states", process_b)
        current = Match.objects.get(pk=match.pk)
        state = selectors.match_state(current)
        services.match_submit_action(
            match_id=match.pk,
            user=users[state.active_player],
            action=state.legal_actions(state.active_player)[-1],
            expected_version=current.version,
        )
        return Match.objects.get(pk=match.pk)

    move_through_b()
    assert process_b.seats(match.pk, Match.objects.get(pk=match.pk).seats_version) is not None
    late = waiting_on(match)
    a_long_wait(match)
    monkeypatch.setattr(services, "states", process_a)
    services.match_seat_to_bot(match_id=match.pk, user=users[(late + 1) % 3])
    changed = Match.objects.get(pk=match.pk)
    assert Seat.objects.get(match=match, position=late).bot == "greedy"
    bot_moves = MatchAction.objects.filter(match=match, seat=late).count()
    assert bot_moves >= 1  # the bot played the late player's move at once

    monkeypatch.setattr(services, "states", process_b)
    with pytest.raises(MatchRefused) as refused:
        services.match_submit_action(
            match_id=match.pk,
            user=users[late],
            action={"type": "end_turn"},
            expected_version=changed.version,
        )
    assert refused.value.code == "bot_plays_your_seat"
    assert Match.objects.get(pk=match.pk).version == changed.version

    for _ in range(60):  # the others play on through B until the bot's seat moved again
        if MatchAction.objects.filter(match=match, seat=late).count() > bot_moves:
            break
        assert waiting_on(match) != late, "the bot's seat is to move and nobody woke the bot"
        move_through_b()
    assert MatchAction.objects.filter(match=match, seat=late).count() > bot_moves
    assert Match.objects.get(pk=match.pk).status == "running" and waiting_on(match) != late


def test_the_state_cache_hands_out_seats_only_for_the_row_they_came_from():
    from play.state_cache import StateCache

    cache = StateCache()
    cache.put("m", 4, state="S", seats=["old"], seats_version=1)
    assert cache.seats("m", 1) == ["old"]
    assert cache.seats("m", 2) is None  # another process changed the seats: read the rows
    assert cache.take("m", 5) is None  # another process moved: rebuild from the log
    cache.put("m", 4, state="S", seats=["old"], seats_version=1)
    assert cache.take("m", 4) == "S" and cache.take("m", 4) is None  # one writer at a time
