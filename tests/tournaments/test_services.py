"""Tournaments through the services: a whole event, best of 3, a top cut, the clock, who acts."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction as F

import pytest
from django.utils import timezone

from catalog.models import Game
from decks import services as deck_services
from play import selectors as play_selectors
from play import services as play_services
from play.models import Match, Rating
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tests.table_policies import alomfogo_choice
from tests.tournaments.conftest import (
    current_match,
    names,
    new_event,
    pairings_of,
    play_to_the_end,
    player_of,
    record_result,
    register_all,
    seed_won_by,
)
from tournaments import selectors, services
from tournaments.models import ChangeReason, Outcome, PairingGame, ResultChange, Round, Tournament

pytestmark = pytest.mark.usefixtures("english")


def by_name(people) -> dict:
    return {u.username: u for u in people}


def table(event) -> list[tuple]:
    return [
        (s.username, s.points, s.omw, s.gwp, s.ogw, s.dropped) for s in selectors.standings(event)
    ]


# --- the whole event ----------------------------------------------------------------------
def test_an_eight_player_three_round_swiss_event(organiser, alomfogo, people):
    u = by_name(people)
    event = new_event(organiser, alomfogo, swiss_rounds=3)
    # pinned coin tosses: the seeded draw and pairings below are this seed's
    Tournament.objects.filter(pk=event.pk).update(seed=2026)

    # registration: a 36-card deck is refused in the tournament format, with its problem
    short = first_cards_deck(u["p1"], "Short", 12)
    with pytest.raises(services.TournamentRefused) as refused:
        services.tournament_register(tournament_id=event.pk, user=u["p1"], deck=short)
    assert refused.value.code == "deck_not_legal" and "Tournament" in refused.value.message
    assert [p["code"] for p in refused.value.extra["problems"]] == ["too_few_cards"]
    with pytest.raises(services.TournamentRefused):  # somebody else's deck
        services.tournament_register(tournament_id=event.pk, user=u["p2"], deck=u["p1"].deck)
    register_all(event, people)
    registered = player_of(event, u["p1"]).deck_version
    assert registered == u["p1"].deck.versions.order_by("-number").first()

    event = services.tournament_start(tournament_id=event.pk, user=organiser)
    assert event.status == "running" and event.swiss_rounds == 3

    # locking: an edit after the start makes a new version; the event keeps the registered one
    deck_services.deck_set_entries(
        deck=u["p1"].deck, user=u["p1"], entries=[]
    )  # emptied: no longer legal anywhere
    assert player_of(event, u["p1"]).deck_version == registered

    # round 1: four tables, everyone once, a waiting match at each
    r1 = pairings_of(event, 1)
    assert [names(p) for p in r1] == [("p7", "p1"), ("p8", "p5"), ("p4", "p3"), ("p6", "p2")]
    assert all(current_match(p).status == "waiting" for p in r1)
    # table 1 is played online to the end (pinned deal; the eager policy): p1 wins
    match = current_match(r1[0])
    assert match.seats.get(user=u["p1"]).deck_version == registered  # the locked version plays
    Match.objects.filter(pk=match.pk).update(seed=seed_won_by(match, 1))
    match = play_to_the_end(match, {0: u["p7"], 1: u["p1"]})
    assert match.status == "finished" and match.result["winners"] == [1]
    r1 = pairings_of(event, 1)
    assert (r1[0].outcome, r1[0].wins_a, r1[0].wins_b) == (Outcome.B, 0, 1)
    change = r1[0].changes.get()
    assert change.reason == ChangeReason.MATCH and change.changed_by is None
    assert Rating.objects.get(user=u["p1"]).rating > 1500 > Rating.objects.get(user=u["p7"]).rating
    services.on_match_ended(sender=Match, match=match)  # heard twice: counted once
    assert r1[0].changes.count() == 1
    # the other tables are entered by the organiser; one is corrected
    record_result(event, r1[1], organiser, 1, 0, 0)  # p8 beats p5
    record_result(event, r1[2], organiser, 1, 0, 0)  # p4 beats p3: a mistake, corrected below
    record_result(event, r1[3], organiser, 0, 1, 0)  # p2 beats p6
    corrected = record_result(event, r1[2], organiser, 0, 0, 1)
    assert corrected.outcome == Outcome.DRAW
    entered, correction = corrected.changes.order_by("pk")
    assert entered.reason == ChangeReason.ORGANISER and entered.changed_by == organiser
    assert correction.reason == ChangeReason.CORRECTION and correction.changed_by == organiser
    assert correction.before["outcome"] == "a" and correction.after["outcome"] == "draw"
    assert Match.objects.get(pk=current_match(r1[1]).pk).status == "abandoned"  # not played here

    # p5 drops after round 1: round 2 has 7 players, and the bye goes to the lowest-ranked
    services.tournament_drop(tournament_id=event.pk, user=u["p5"])
    assert player_of(event, u["p5"]).dropped_after_round == 1
    assert [row[0] for row in table(event)][-3:] == ["p7", "p6", "p5"]
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    r2 = pairings_of(event, 2)
    assert [names(p) for p in r2] == [("p8", "p4"), ("p1", "p2"), ("p3", "p7"), ("p6", None)]
    assert (r2[3].outcome, r2[3].wins_a) == (Outcome.BYE, 1)
    for pairing in r2[:3]:
        record_result(event, pairing, organiser, 1, 0, 0)  # p8, p1 and p3 win

    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    r3 = pairings_of(event, 3)
    assert [names(p) for p in r3] == [("p1", "p8"), ("p3", "p2"), ("p6", "p4"), ("p7", None)]
    record_result(event, r3[0], organiser, 1, 0, 0)  # p1 beats p8
    record_result(event, r3[1], organiser, 0, 1, 0)  # p2 beats p3
    record_result(event, r3[2], organiser, 0, 0, 1)  # p6 and p4 draw

    # Standings by hand. Records (best of 1, so a player's game-win % equals their match-win %):
    #   p1 W p7, W p2, W p8: 9 pts, MW 1      p2 W p6, L p1, W p3: 6, 2/3
    #   p8 W p5, W p4, L p1: 6, 2/3           p3 D p4, W p7, L p2: 4, 4/9
    #   p6 L p2, bye, D p4: 4, 4/9            p7 L p1, L p3, bye: 3, 1/3
    #   p4 D p3, L p8, D p6: 2, 2/9 (→ 1/3)   p5 L p8, dropped: 0, 0 (→ 1/3)
    # OMW: means of the opponents' floored MW (byes left out); OGW likewise of GW.
    omw = {
        "p1": (F(1, 3) + F(2, 3) + F(2, 3)) / 3,  # 5/9
        "p2": (F(4, 9) + 1 + F(4, 9)) / 3,  # 17/27: ahead of p8 on OMW
        "p8": (F(1, 3) + F(1, 3) + 1) / 3,  # 5/9
        "p6": (F(2, 3) + F(1, 3)) / 2,  # 1/2: ahead of p3
        "p3": (F(1, 3) + F(1, 3) + F(2, 3)) / 3,  # 4/9
        "p7": (1 + F(4, 9)) / 2,  # 13/18
        "p4": (F(4, 9) + F(2, 3) + F(4, 9)) / 3,  # 14/27
        "p5": F(2, 3),
    }
    gw = {
        "p1": F(1), "p2": F(2, 3), "p8": F(2, 3), "p6": F(4, 9), "p3": F(4, 9),
        "p7": F(1, 3), "p4": F(2, 9), "p5": F(0),
    }  # fmt: skip
    points = {"p1": 9, "p2": 6, "p8": 6, "p6": 4, "p3": 4, "p7": 3, "p4": 2, "p5": 0}
    expected = [(n, points[n], omw[n], gw[n], omw[n], n == "p5") for n in points]
    assert table(event) == expected
    assert omw["p2"] == F(17, 27) and omw["p7"] == F(13, 18) and omw["p4"] == F(14, 27)

    # the last round done: the event ends (no top cut); the records stay readable
    event = services.tournament_next_round(tournament_id=event.pk, user=organiser)
    assert event.status == "finished" and event.finished_at is not None
    assert [s.username for s in selectors.final_places(event)] == list(points)
    assert selectors.player_record(event, player_of(event, u["p6"])) == [
        {"round": 1, "stage": "swiss", "opponent": "p2", "outcome": "loss", "games": "0-1-0"},
        {"round": 2, "stage": "swiss", "opponent": None, "outcome": "bye", "games": "1-0-0"},
        {"round": 3, "stage": "swiss", "opponent": "p4", "outcome": "draw", "games": "0-0-1"},
    ]


# --- best of 3 ----------------------------------------------------------------------------
def claim_game(match, winner, loser) -> Match:
    """`winner` takes the game by a claimed win: both ready, moves until the loser is to act,
    then the loser stays away past the limit."""
    seats = {s.user_id: s.position for s in match.seats.all()}
    for user in (winner, loser):
        play_services.match_ready(match_id=match.pk, user=user)
    for _ in range(200):
        match = Match.objects.get(pk=match.pk)
        state = play_selectors.match_state(match)
        if state.active_player != seats[winner.pk]:
            break
        play_services.match_submit_action(
            match_id=match.pk,
            user=winner,
            action=alomfogo_choice(state.legal_actions(state.active_player)),
            expected_version=match.version,
        )
    Match.objects.filter(pk=match.pk).update(last_action_at=timezone.now() - timedelta(hours=1))
    return play_services.match_claim_win(match_id=match.pk, user=winner)


def test_best_of_three_swaps_seats_and_two_wins_decide(organiser, alomfogo, people):
    a_user, b_user = people[:2]
    event = new_event(organiser, alomfogo, best_of=3)
    register_all(event, [a_user, b_user])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    pairing = pairings_of(event, 1)[0]
    a, b = pairing.player_a.user, pairing.player_b.user
    first = current_match(pairing)
    assert first.seats.get(position=0).user == a
    ended = claim_game(first, a, b)
    assert ended.status == "abandoned" and ended.rated  # a claimed win counts, and is rated
    pairing.refresh_from_db()
    assert (pairing.wins_a, pairing.wins_b, pairing.outcome) == (1, 0, Outcome.PENDING)
    second = current_match(pairing)
    assert second != first and second.status == "waiting"
    assert second.seats.get(position=0).user == b  # seats swapped for game 2
    assert PairingGame.objects.get(match=second).a_seat == 1
    claim_game(second, a, b)
    pairing.refresh_from_db()
    assert (pairing.wins_a, pairing.wins_b, pairing.outcome) == (2, 0, Outcome.A)
    assert pairing.games.count() == 2  # decided: no game 3
    assert [c.reason for c in pairing.changes.all()] == [ChangeReason.MATCH] * 2
    with pytest.raises(services.TournamentRefused) as refused:  # best of 3: at most 2 wins each
        record_result(event, pairing, organiser, 3, 0, 0)
    # one page holds every table's result form: the refusal says which table it is about
    assert refused.value.message.startswith(f"Table {pairing.table}: A best-of-3 match")


# --- top cut ------------------------------------------------------------------------------
def test_a_top_cut_of_four_plays_down_to_a_champion(organiser, alomfogo, people):
    five = people[:5]
    event = new_event(organiser, alomfogo, swiss_rounds=1, top_cut=4)
    register_all(event, five)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    r1 = pairings_of(event, 1)
    for pairing in r1:
        if pairing.player_b_id:
            record_result(event, pairing, organiser, 1, 0, 0)
    bye = r1[-1].player_a.user
    services.tournament_drop(
        tournament_id=event.pk, user=bye
    )  # a top player leaves: not in the cut
    swiss = [s.username for s in selectors.standings(event) if not s.dropped]
    assert len(swiss) == 4 and bye.username not in swiss
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    semis = pairings_of(event, 2)
    assert Round.objects.get(tournament=event, number=2).stage == "elimination"
    assert [names(p) for p in semis] == [(swiss[0], swiss[3]), (swiss[1], swiss[2])]
    record_result(event, semis[0], organiser, 0, 1, 0)  # the 4th seed wins
    record_result(event, semis[1], organiser, 0, 0, 1)  # a draw: the higher seed goes on
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    final = pairings_of(event, 3)
    assert [names(p) for p in final] == [(swiss[1], swiss[3])]  # the higher seed is player a
    record_result(event, final[0], organiser, 0, 1, 0)
    event = services.tournament_next_round(tournament_id=event.pk, user=organiser)
    assert event.status == "finished"
    places = selectors.final_places(event)
    assert [s.username for s in places] == [swiss[3], swiss[1], swiss[0], swiss[2], bye.username]
    assert [s.place for s in places] == [1, 2, 3, 4, 5]


# --- the round clock ----------------------------------------------------------------------
def test_games_not_started_in_time_go_to_whoever_was_ready(organiser, alomfogo, people):
    event = new_event(organiser, alomfogo)
    register_all(event, people[:6])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    ready_one, nobody, both = pairings_of(event, 1)
    play_services.match_ready(match_id=current_match(ready_one).pk, user=ready_one.player_b.user)
    for player in (both.player_a, both.player_b):
        play_services.match_ready(match_id=current_match(both).pk, user=player.user)
    rnd = Round.objects.get(tournament=event, number=1)
    assert services.expire_round(round_id=rnd.pk) == 0  # time is not up yet
    Round.objects.filter(pk=rnd.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    services.expire_overdue(tournament_id=event.pk)  # what a page view does
    ready_one, nobody, both = pairings_of(event, 1)
    assert (ready_one.outcome, ready_one.wins_a, ready_one.wins_b) == (Outcome.B, 0, 1)
    assert current_match(ready_one).status == "abandoned"
    assert current_match(ready_one).result == {"winners": [1], "reason": "absent"}
    assert nobody.outcome == Outcome.DOUBLE_LOSS
    assert both.outcome == Outcome.PENDING and current_match(both).status == "running"
    assert {c.reason for c in ResultChange.objects.all()} == {ChangeReason.ABSENCE}
    assert services.expire_round(round_id=rnd.pk) == 0  # once only
    assert ResultChange.objects.count() == 2
    with pytest.raises(services.TournamentRefused) as refused:
        services.tournament_next_round(tournament_id=event.pk, user=organiser)
    assert refused.value.message == "1 pairing of this round is not decided yet."


def b_wins_past_the_clock(match, a, b, event) -> None:
    """Both start the game in time; the round's time runs out; then a gives up."""
    for user in (a, b):
        play_services.match_ready(match_id=match.pk, user=user)
    Round.objects.filter(tournament=event).update(ends_at=timezone.now() - timedelta(seconds=1))
    play_services.match_resign(match_id=match.pk, user=a)


def test_past_the_round_clock_no_further_game_begins_and_the_games_played_decide(
    organiser, alomfogo, people
):
    """Game 1 of a best of 3 ran over the round's time: its winner wins the match 1–0. No
    game 2 waits to be handed 2–0 to whoever presses "ready" first (it was, at once)."""
    event = new_event(organiser, alomfogo, best_of=3)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    pairing = pairings_of(event, 1)[0]
    a, b = pairing.player_a.user, pairing.player_b.user
    b_wins_past_the_clock(current_match(pairing), a, b, event)  # game 1
    pairing.refresh_from_db()
    assert (pairing.wins_a, pairing.wins_b, pairing.outcome) == (0, 1, Outcome.B)
    assert pairing.games.count() == 1  # no game 2
    services.expire_overdue(tournament_id=event.pk)  # a page view: nothing left to decide
    pairing.refresh_from_db()
    assert (pairing.wins_a, pairing.wins_b, pairing.outcome) == (0, 1, Outcome.B)
    assert [c.reason for c in pairing.changes.all()] == [ChangeReason.MATCH]


def test_one_game_each_past_the_clock_is_a_drawn_match(organiser, alomfogo, people):
    event = new_event(organiser, alomfogo, best_of=3)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    pairing = pairings_of(event, 1)[0]
    a, b = pairing.player_a.user, pairing.player_b.user
    claim_game(current_match(pairing), a, b)  # a wins game 1 in time
    b_wins_past_the_clock(current_match(pairing), a, b, event)  # game 2
    pairing.refresh_from_db()
    assert (pairing.wins_a, pairing.wins_b, pairing.outcome) == (1, 1, Outcome.DRAW)
    assert pairing.games.count() == 2


# --- who may act --------------------------------------------------------------------------
def test_strangers_and_players_cannot_run_the_event(organiser, alomfogo, people):
    stranger = make_user("idegen", language="en")
    event = new_event(organiser, alomfogo, listed=False)
    register_all(event, people[:4])
    with pytest.raises(services.NotOrganiser) as refused:
        services.tournament_start(tournament_id=event.pk, user=stranger)
    assert refused.value.status_code == 403
    services.tournament_start(tournament_id=event.pk, user=organiser)
    pairing = pairings_of(event, 1)[0]
    player = pairing.player_a.user
    for user in (stranger, player):
        with pytest.raises(services.NotOrganiser):
            services.tournament_next_round(tournament_id=event.pk, user=user)
        with pytest.raises(services.NotOrganiser):
            record_result(event, pairing, user, 1, 0, 0)
    with pytest.raises(services.NotOrganiser):  # a player drops only themselves
        services.tournament_drop(tournament_id=event.pk, user=player, player_id=pairing.player_b_id)
    with pytest.raises(services.TournamentRefused):  # after the start one drops, not withdraws
        services.tournament_withdraw(tournament_id=event.pk, user=player)
    with pytest.raises(services.TournamentRefused):
        services.tournament_register(tournament_id=event.pk, user=stranger, deck=None)
    unknown = "00000000-0000-0000-0000-000000000000"
    with pytest.raises(services.NotFound):
        services.tournament_start(tournament_id=unknown, user=organiser)
    with pytest.raises(services.NotFound):
        record_result(event, type(pairing)(pk=10**9), organiser, 1, 0, 0)
    assert selectors.tournament_for(event.pk) == event  # the link opens it
    assert Tournament.objects.get(pk=event.pk).status == "running"
    # the organiser drops a player, which a player cannot undo by dropping again
    services.tournament_drop(tournament_id=event.pk, user=organiser, player_id=pairing.player_b_id)
    with pytest.raises(services.TournamentRefused):
        services.tournament_drop(tournament_id=event.pk, user=pairing.player_b.user)


def test_creating_an_event_checks_its_settings(organiser, alomfogo):
    event = new_event(organiser, alomfogo, name="  Kupa  ")
    assert event.name == "Kupa"
    # the lobby defaults, with the tournament format's 45-card minimum for the engine too
    assert event.match_options == {"starting_glory": 15, "vp_per_turn": 3, "min_deck_size": 45}
    for bad in (
        {"name": " "},
        {"best_of": 2},
        {"best_of": True},
        {"top_cut": 2},
        {"swiss_rounds": 16},
        {"round_minutes": 4},
        {"format_id": "level-5"},
        {"registration_closes_at": timezone.now() - timedelta(minutes=1)},
    ):
        with pytest.raises(services.TournamentRefused):
            new_event(organiser, alomfogo, **bad)
    with pytest.raises(services.TournamentRefused) as refused:
        new_event(organiser, Game.objects.get(slug="oniroo"))  # no decks of its own
    assert refused.value.code == "bad_game"


def test_registering_again_swaps_the_deck_and_the_field_has_a_cap(
    organiser, alomfogo, people, settings
):
    first, second, third = people[:3]
    event = new_event(organiser, alomfogo)
    services.tournament_register(tournament_id=event.pk, user=first, deck=first.deck)
    other = first_cards_deck(first, "Other", 16)
    player = services.tournament_register(tournament_id=event.pk, user=first, deck=other)
    assert player.deck_version.deck == other and event.players.count() == 1
    settings.LIMITS = {**settings.LIMITS, "TOURNAMENT_MAX_PLAYERS": 2}
    services.tournament_register(tournament_id=event.pk, user=second, deck=second.deck)
    with pytest.raises(services.TournamentRefused) as refused:
        services.tournament_register(tournament_id=event.pk, user=third, deck=third.deck)
    assert refused.value.code == "full"
    services.tournament_withdraw(tournament_id=event.pk, user=second)
    services.tournament_register(tournament_id=event.pk, user=third, deck=third.deck)
    assert sorted(p.user.username for p in event.players.all()) == ["p1", "p3"]
    assert Tournament.objects.get(pk=event.pk).version == 5  # each of the 5 changes moved it


def test_an_event_in_a_format_with_a_ban_carries_the_ban_to_its_tables(organiser, alomfogo):
    event = new_event(organiser, alomfogo, format_id="no-events")
    assert event.match_options["banned_types"] == ["esemeny"]
    assert event.match_options["min_deck_size"] == 35
    assert "banned_types" not in new_event(organiser, alomfogo).match_options
