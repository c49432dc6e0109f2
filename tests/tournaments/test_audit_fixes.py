"""What an audit of the tournaments found, each fixed and kept fixed.

- A deadline at either end of the calendar was a 500 from the API.
- A top-cut player whose opponent had dropped too was paired again after dropping.
- An event that could not start could not be closed either, and used up the quota.
- "Pair the next round" finished the event when too few players were left.
- The result log showed the newest 50 changes only.

Personas: the organiser, players p1..p8, a stranger, an anonymous visitor.
"""

from __future__ import annotations

import random
import re

import pytest
from django.conf import settings
from django.urls import reverse

from tests.api_client import login, send
from tests.factories import make_user
from tests.tournaments.conftest import (
    names,
    new_event,
    pairings_of,
    player_of,
    record_result,
    register_all,
)
from tests.tournaments.test_pages import new_event_form
from tournaments import selectors, services
from tournaments.models import (
    ChangeReason,
    Outcome,
    Pairing,
    ResultChange,
    Round,
    Tournament,
    TournamentStatus,
)

pytestmark = pytest.mark.usefixtures("english")

LIST = "/api/tournaments/"


def page_url(name: str, event, *args) -> str:
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


def decide_round(event, organiser, number: int, wins=(1, 0, 0)) -> list[Pairing]:
    """Every undecided table of round `number` gets `wins` (player_a wins by default)."""
    for pairing in pairings_of(event, number):
        if not pairing.decided:
            record_result(event, pairing, organiser, *wins)
    return pairings_of(event, number)


def drop(event, *players) -> None:
    for player in players:
        services.tournament_drop(tournament_id=event.pk, user=player.user)


def swiss_order(event) -> list[str]:
    return [row.username for row in selectors.standings(event)]


# --- 1. a deadline at either end of the calendar --------------------------------------------
@pytest.mark.parametrize(
    "deadline",
    [
        "0001-01-01T00:30:00",  # local (Budapest) time: still year 0 in UTC
        "0001-01-01T00:00:00+05:00",  # before year 1 in local time
        "9999-12-31T23:59:59-05:00",  # past year 9999 in local time
        "9999-12-31T23:30:00Z",
    ],
)
def test_a_deadline_past_either_end_of_the_calendar_is_a_400_that_says_so(
    client, organiser, cards, deadline
):
    login(client, organiser)
    answer = send(client, "post", LIST, {"name": "Edge", "registration_closes_at": deadline})
    assert answer.status_code == 400, answer.content
    assert "too far in the past or the future" in answer.json()["error"]["message"]
    assert not Tournament.objects.exists()


def test_the_latest_local_deadline_there_is_works_everywhere_it_is_shown(client, organiser, cards):
    login(client, organiser)
    body = {"name": "Far", "registration_closes_at": "9999-12-31T23:59:59"}
    created = send(client, "post", LIST, body)
    assert created.status_code == 201, created.content
    event = Tournament.objects.get()
    assert send(client, "get", f"{LIST}{event.pk}/").status_code == 200
    assert client.get(page_url("detail", event)).status_code == 200
    assert client.get(reverse("tournaments:mine")).status_code == 200


@pytest.mark.parametrize("deadline,status", [("0001-01-01T00:30", 400), ("9999-12-31T23:59", 302)])
def test_the_new_tournament_form_takes_the_same_ends_of_the_calendar(
    client, organiser, cards, deadline, status
):
    client.force_login(organiser)
    form = new_event_form(name="Edge", registration_closes_at=deadline)
    assert client.post(reverse("tournaments:new"), form).status_code == status


# --- a local time the clocks skip or pass twice ------------------------------------------
# Budapest: 2027-03-28 02:00 → 03:00 (skipped), 2027-10-31 03:00 → 02:00 (passed twice)
NOT_ONE_LOCAL_TIME = ["2027-03-28T02:30", "2027-10-31T02:30"]


@pytest.mark.parametrize("deadline", NOT_ONE_LOCAL_TIME)
def test_a_deadline_the_clocks_skip_or_pass_twice_is_refused_by_the_api_as_by_the_form(
    client, organiser, cards, deadline
):
    """The page's form refused it; the API moved 02:30 on the spring night to 03:30."""
    client.force_login(organiser)
    form = new_event_form(name="Nyár", registration_closes_at=deadline)
    assert client.post(reverse("tournaments:new"), form).status_code == 400
    answer = send(client, "post", LIST, {"name": "Nyár", "registration_closes_at": deadline})
    assert answer.status_code == 400, answer.content
    message = answer.json()["error"]["message"]
    assert "Europe/Budapest" in message and "02:30" in message, message
    assert not Tournament.objects.exists()


def test_a_deadline_with_its_offset_is_one_moment_even_on_those_nights(client, organiser, cards):
    login(client, organiser)
    body = {"name": "Ősz", "registration_closes_at": "2027-10-31T02:30:00+01:00"}
    assert send(client, "post", LIST, body).status_code == 201


# --- 2. a dropped player is never paired in the top cut -------------------------------------
def test_when_both_players_of_a_semi_final_drop_the_other_winner_is_champion(
    organiser, alomfogo, people
):
    four = people[:4]
    event = new_event(organiser, alomfogo, swiss_rounds=1, top_cut=4)
    register_all(event, four)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    decide_round(event, organiser, 1)
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    gone, played = pairings_of(event, 2)
    drop(event, gone.player_a, gone.player_b)  # both players of table 1 go home
    decide_round(event, organiser, 2)
    assert selectors.next_step(event).action == selectors.FINISH

    event = services.tournament_next_round(tournament_id=event.pk, user=organiser)
    assert event.status == TournamentStatus.FINISHED
    assert not Round.objects.filter(tournament=event, number=3).exists()  # no final
    champion = played.player_a.user.username
    # the rest of the semi-finals (the loser and both who dropped) by Swiss rank
    others = [n for n in swiss_order(event) if n != champion]
    places = selectors.final_places(event)
    assert [row.username for row in places] == [champion, *others]


def both_of_a_quarter_final_dropped(organiser, alomfogo, people):
    """A top cut of 8 whose first quarter-final lost both players to drops, its other
    quarter-finals decided and the semi-finals paired: the event and its quarter-finals."""
    event = new_event(organiser, alomfogo, swiss_rounds=1, top_cut=8)
    register_all(event, people)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    decide_round(event, organiser, 1)
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    quarters = pairings_of(event, 2)
    drop(event, quarters[0].player_a, quarters[0].player_b)
    decide_round(event, organiser, 2)
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    return event, quarters


def test_when_both_players_of_a_quarter_final_drop_the_bracket_gives_a_bye(
    client, organiser, alomfogo, people
):
    event, quarters = both_of_a_quarter_final_dropped(organiser, alomfogo, people)

    unopposed, semi = pairings_of(event, 3)
    assert (unopposed.table, semi.table) == (1, 2)
    assert names(unopposed) == (quarters[1].player_a.user.username, None)
    assert unopposed.outcome == Outcome.BYE and unopposed.games.count() == 0
    assert {semi.player_a_id, semi.player_b_id} == {q.player_a_id for q in quarters[2:]}
    # the player with the bye is told why
    client.force_login(unopposed.player_a.user)
    page = client.get(page_url("detail", event)).content.decode()
    assert "both players who could have met you dropped out" in page

    record_result(event, semi, organiser, 0, 1, 0)
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    (final,) = pairings_of(event, 4)
    assert names(final)[0] in (names(unopposed)[0], semi.player_b.user.username)
    assert {final.player_a_id, final.player_b_id} == {unopposed.player_a_id, semi.player_b_id}
    record_result(event, final, organiser, 1, 0, 0)
    event = services.tournament_next_round(tournament_id=event.pk, user=organiser)
    assert event.status == TournamentStatus.FINISHED
    places = [row.username for row in selectors.final_places(event)]
    loser_of_final = final.player_b.user.username
    assert places[:3] == [final.player_a.user.username, loser_of_final, names(semi)[0]]
    # the quarter-final losers, the two who dropped among them, by Swiss rank
    quarter_losers = {q.player_b.user.username for q in quarters[1:]} | set(names(quarters[0]))
    assert places[3:] == [n for n in swiss_order(event) if n in quarter_losers]


def test_when_both_finalists_drop_nobody_won_the_final(organiser, alomfogo, people):
    event = new_event(organiser, alomfogo, swiss_rounds=1, top_cut=4)
    register_all(event, people[:4])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    decide_round(event, organiser, 1)
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    semis = decide_round(event, organiser, 2)
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    (final,) = pairings_of(event, 3)
    drop(event, final.player_a, final.player_b)
    record_result(event, final, organiser, 0, 1, 0)  # the lower seed wins, then is gone
    event = services.tournament_next_round(tournament_id=event.pk, user=organiser)
    assert event.status == TournamentStatus.FINISHED
    finalists = set(names(final))
    order = [row.username for row in selectors.final_places(event)]
    assert order[:2] == [n for n in swiss_order(event) if n in finalists]
    assert set(order[2:]) == {p.player_b.user.username for p in semis}


def test_a_player_with_a_bracket_bye_who_drops_sends_nobody_on(organiser, alomfogo, people):
    event, quarters = both_of_a_quarter_final_dropped(organiser, alomfogo, people)
    unopposed, semi = pairings_of(event, 3)
    drop(event, unopposed.player_a)
    record_result(event, semi, organiser, 1, 0, 0)
    dropped_after = {unopposed.player_a_id: 3}
    assert selectors.advancer(Pairing.objects.get(pk=unopposed.pk), dropped_after) is None
    event = services.tournament_next_round(tournament_id=event.pk, user=organiser)
    assert event.status == TournamentStatus.FINISHED  # the semi's winner is the champion
    assert selectors.final_places(event)[0].player == semi.player_a_id


def test_seeded_events_with_drops_never_pair_a_dropped_player_and_the_button_says_the_step(
    organiser, alomfogo, people
):
    """Random drops and results; before every click the page's step is what the click does."""
    rng = random.Random(5)
    for number in range(12):
        event = new_event(
            organiser,
            alomfogo,
            name=f"Night {number}",
            swiss_rounds=rng.choice([1, 2, 3]),
            top_cut=rng.choice([0, 4, 8, 8]),
        )
        register_all(event, people)
        event = services.tournament_start(tournament_id=event.pk, user=organiser)
        while event.status == TournamentStatus.RUNNING:
            current = Round.objects.filter(tournament=event).order_by("-number").first()
            # few drops in the Swiss (so the cut of 8 happens), many in the cut (so byes do)
            rate = 0.02 if current.stage == "swiss" else 0.35
            for player in event.players.filter(dropped_after_round__isnull=True):
                if rng.random() < rate:
                    services.tournament_drop(tournament_id=event.pk, user=player.user)
            decide_round(event, organiser, current.number, rng.choice([(1, 0, 0), (0, 1, 0)]))
            step = selectors.next_step(event)
            event = services.tournament_next_round(tournament_id=event.pk, user=organiser)
            following = Round.objects.filter(tournament=event, number=current.number + 1).first()
            if step.action == selectors.FINISH:
                assert event.status == TournamentStatus.FINISHED and following is None
                continue
            assert following is not None
            expected_stage = "swiss" if step.action == selectors.PAIR_SWISS else "elimination"
            assert following.stage == expected_stage
            for pairing in following.pairings.select_related("player_a", "player_b"):
                for player in (pairing.player_a, pairing.player_b):
                    assert player is None or not player.dropped, (number, following.number)


# --- 3. cancelling an event that has not started --------------------------------------------
@pytest.fixture
def stuck(organiser, alomfogo, people):
    """A top cut of 8 with 5 players: it cannot start."""
    event = new_event(organiser, alomfogo, name="Top 8 night", top_cut=8)
    register_all(event, people[:5])
    with pytest.raises(services.TournamentRefused):
        services.tournament_start(tournament_id=event.pk, user=organiser)
    return event


def test_the_organiser_cancels_an_event_that_cannot_start_from_its_page(
    client, organiser, people, stuck
):
    client.force_login(organiser)
    page = client.get(page_url("detail", stuck)).content.decode()
    assert f'action="{page_url("cancel", stuck)}"' in page
    assert "Yes, cancel the tournament" in page
    client.force_login(people[0])  # a registered player sees no such button
    assert page_url("cancel", stuck) not in client.get(page_url("detail", stuck)).content.decode()

    client.force_login(organiser)
    answer = client.post(page_url("cancel", stuck), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("tournaments:mine")
    assert "The tournament is cancelled" in answer.content.decode()
    assert not Tournament.objects.filter(pk=stuck.pk).exists()
    assert client.get(page_url("detail", stuck)).status_code == 404
    client.force_login(people[0])  # a registered player no longer finds it among theirs
    assert "Top 8 night" not in client.get(reverse("tournaments:mine")).content.decode()


def test_cancel_over_htmx_sends_the_window_to_my_tournaments(client, organiser, stuck):
    client.force_login(organiser)
    answer = client.post(page_url("cancel", stuck), HTTP_HX_REQUEST="true")
    assert answer["HX-Redirect"] == reverse("tournaments:mine")
    assert not Tournament.objects.filter(pk=stuck.pk).exists()


def test_only_the_organiser_cancels_and_only_before_the_start(
    client, organiser, alomfogo, people, stuck
):
    stranger = make_user("stranger", language="en")
    for who in (people[0], stranger):  # a registered player, a stranger
        client.force_login(who)
        assert client.post(page_url("cancel", stuck)).status_code == 403
    client.logout()
    anonymous = client.post(page_url("cancel", stuck))
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert client.get(page_url("cancel", stuck)).status_code in (302, 405)
    assert Tournament.objects.filter(pk=stuck.pk).exists()

    running = new_event(organiser, alomfogo, name="Running")
    register_all(running, people[:2])
    services.tournament_start(tournament_id=running.pk, user=organiser)
    client.force_login(organiser)
    answer = client.post(page_url("cancel", running), follow=True)
    assert "can no longer be cancelled" in answer.content.decode()
    running.refresh_from_db()
    assert running.status == TournamentStatus.RUNNING


def test_the_api_cancels_with_delete_and_the_quota_is_free_again(client, organiser, people, stuck):
    stranger = make_user("stranger", language="en")
    detail = f"{LIST}{stuck.pk}/"
    assert send(client, "delete", detail).status_code in (401, 403)
    for who in (people[0], stranger):
        login(client, who)
        assert send(client, "delete", detail).status_code == 403
    login(client, organiser)
    for n in range(settings.LIMITS["TOURNAMENTS_OPEN_PER_ORGANISER"] - 1):
        assert send(client, "post", LIST, {"name": f"More {n}"}).status_code == 201
    refused = send(client, "post", LIST, {"name": "One too many"})
    assert refused.json()["error"]["code"] == "too_many_open"

    assert send(client, "delete", detail).status_code == 204
    assert send(client, "get", detail).status_code == 404
    assert send(client, "delete", detail).status_code == 404
    assert send(client, "post", LIST, {"name": "One more"}).status_code == 201


def test_the_api_refuses_to_cancel_a_started_event(client, organiser, alomfogo, people):
    event = new_event(organiser, alomfogo)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    login(client, organiser)
    answer = send(client, "delete", f"{LIST}{event.pk}/")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "started"
    assert Tournament.objects.filter(pk=event.pk).exists()


# --- 4. the next-round button says what it does ---------------------------------------------
def next_button(client, event) -> str:
    page = client.get(page_url("detail", event)).content.decode()
    found = re.search(r'next-round/".*?<button type="submit">(.*?)</button>', page, re.S)
    return found.group(1)


@pytest.mark.parametrize(
    "top_cut,reason",
    [(4, "so there is no top cut"), (0, "no further round can be paired")],
)
def test_the_button_says_finish_when_the_event_ends_early(
    client, organiser, alomfogo, people, top_cut, reason
):
    four = people[:4]
    event = new_event(organiser, alomfogo, swiss_rounds=3, top_cut=top_cut)
    register_all(event, four)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    decide_round(event, organiser, 1)
    client.force_login(organiser)
    assert next_button(client, event) == "Pair the next round"
    drop(event, *[player_of(event, u) for u in four[:3]])
    assert next_button(client, event) == "Finish the tournament"
    assert reason in client.get(page_url("detail", event)).content.decode()
    client.post(page_url("next_round", event))
    event.refresh_from_db()
    assert event.status == TournamentStatus.FINISHED and event.rounds.count() == 1


def test_the_button_says_start_the_top_cut_only_when_enough_players_are_left(
    client, organiser, alomfogo, people
):
    event = new_event(organiser, alomfogo, swiss_rounds=1, top_cut=4)
    register_all(event, people[:5])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    decide_round(event, organiser, 1)
    client.force_login(organiser)
    assert next_button(client, event) == "Start the top cut"
    drop(event, player_of(event, people[0]), player_of(event, people[1]))
    assert next_button(client, event) == "Finish the tournament"


# --- the whole result log -------------------------------------------------------------------
def test_the_result_log_pages_through_every_change(client, organiser, alomfogo, people):
    event = new_event(organiser, alomfogo)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    (pairing,) = pairings_of(event, 1)
    total = selectors.CHANGES_PAGE + 7
    before = {"wins_a": 0, "wins_b": 0, "draws": 0, "outcome": ""}
    ResultChange.objects.bulk_create(
        ResultChange(
            pairing=pairing,
            changed_by=organiser,
            reason=ChangeReason.CORRECTION,
            before=before,
            after={**before, "wins_a": 1, "outcome": "a"},
        )
        for _ in range(total)
    )
    client.force_login(people[0])

    def rows(query: str = "") -> tuple[int, str]:
        page = client.get(page_url("detail", event) + query).content.decode()
        return page.count("round 1, table 1"), page

    first, page = rows()
    assert first == selectors.CHANGES_PAGE and "?changes=2#changes" in page
    second, page = rows("?changes=2")
    assert second == 7 and '<details id="changes" class="t-changes" open>' in page
    assert first + second == total
    assert rows("?changes=abc")[0] == first  # not a number: the first page
    assert rows("?changes=99999999999999999999")[0] == 7  # past the end: the last page
