"""Hints at the Arcane Guardian table: the bot's choice and the solver's verdict."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from catalog.models import Card, Game
from decks import services as deck_services
from play import services
from play.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def dungeon():
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    mage = make_user("mago", language="en")
    match = services.match_create(
        user=mage, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
    )
    return match, mage


def test_the_hint_is_one_of_my_moves_and_the_solver_gives_only_a_verdict(dungeon, client):
    match, mage = dungeon
    client.force_login(mage)
    legal = client.get(f"/api/matches/{match.pk}/").json()["legal"]
    hint = client.get(f"/api/matches/{match.pk}/hint/").json()
    assert hint["action"] in legal and hint["version"] == 0 and "solver" not in hint
    solved = client.get(f"/api/matches/{match.pk}/hint/?solve=1").json()
    # no line: it would tell; the counts are over deals that fit the view (play/hints.py)
    solver = solved["solver"]
    assert set(solver) == {"verdict", "deals", "winnable", "lost", "unknown"}
    assert solver["verdict"] in ("winnable", "lost", "unknown")
    assert solver["deals"] == solver["winnable"] + solver["lost"] + solver["unknown"] > 0


def test_only_the_player_gets_hints_and_only_while_playing(dungeon, client):
    match, _mage = dungeon
    client.force_login(make_user("kibic"))
    assert client.get(f"/api/matches/{match.pk}/hint/").status_code == 404
    client.logout()
    assert client.get(f"/api/matches/{match.pk}/hint/").status_code == 404
    Match.objects.filter(pk=match.pk).update(status="finished")
    client.force_login(_mage)
    refused = client.get(f"/api/matches/{match.pk}/hint/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_running"


def test_a_finished_dungeon_can_be_played_again_and_frames_carry_the_card_facts(dungeon, client):
    match, mage = dungeon
    client.force_login(mage)
    frame = client.get(f"/api/matches/{match.pk}/").json()
    named = set(frame["view"]["cards"])
    assert named <= set(frame["cards"])  # every card the view names comes with its facts
    assert all("effects" in facts for facts in frame["cards"].values())
    Match.objects.filter(pk=match.pk).update(status="finished", result={"winners": []})
    response = client.post(f"/play/{match.pk}/rematch/")
    again = Match.objects.exclude(pk=match.pk).get()
    assert (
        response.status_code == 302
        and again.status == "running"
        and again.rematch_of_id == match.pk
    )


def test_the_hint_is_a_drf_endpoint_with_token_auth_and_a_schema(dungeon, client):
    from rest_framework.authtoken.models import Token

    match, mage = dungeon
    token = Token.objects.create(user=mage)
    url = f"/api/matches/{match.pk}/hint/"
    answer = client.get(url, HTTP_AUTHORIZATION=f"Token {token.key}")
    assert answer.status_code == 200 and answer.json()["version"] == 0
    assert client.get(url, HTTP_AUTHORIZATION="Token nope").status_code in (401, 403)
    assert client.post(url, HTTP_AUTHORIZATION=f"Token {token.key}").status_code == 405

    schema = client.get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/matches/{match_id}/hint/"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {"match_id", "solve"}
    ref = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    hint = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert {"version", "action", "solver"} <= set(hint["properties"])
    assert "429" in operation["responses"]


def test_one_solver_run_at_a_time_per_person(dungeon, client, monkeypatch):
    """A second `?solve=1` while the first searches is a 429; others and plain hints go on."""
    import threading

    from django.db import connections
    from django.test import Client

    from play import hints
    from play.bots import arcane_guardian_solver
    from play.models import SolverRun

    match, mage = dungeon
    started, release = threading.Event(), threading.Event()
    budgets: list[int] = []
    real_solve = arcane_guardian_solver.solve_state

    def slow_solve(state, *, budget, **kwargs):
        budgets.append(budget)
        started.set()
        release.wait(timeout=30)
        return real_solve(state, budget=budget, **kwargs)

    monkeypatch.setattr(arcane_guardian_solver, "solve_state", slow_solve)
    url = f"/api/matches/{match.pk}/hint/?solve=1"
    first: list = []

    def ask_first() -> None:
        try:
            other = Client()
            other.force_login(mage)
            first.append(other.get(url))
        finally:  # closed even when the test fails first: the database is dropped at the end
            connections.close_all()

    thread = threading.Thread(target=ask_first)
    thread.start()
    try:
        assert started.wait(timeout=30)
        client.force_login(mage)
        busy = client.get(url)
        assert busy.status_code == 429 and busy.json()["error"]["code"] == "solver_busy"
        assert busy.json()["error"]["message"]
        assert client.get(f"/api/matches/{match.pk}/hint/").status_code == 200  # no solver: fine

        rival = make_user("rivalis")
        theirs = services.match_create(
            user=rival, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
        )
        client.force_login(rival)
        release.set()  # (the rival's own run may start before or after the first ends)
        assert client.get(f"/api/matches/{theirs.pk}/hint/?solve=1").status_code == 200
        thread.join(timeout=30)
        assert first[0].status_code == 200 and "verdict" in first[0].json()["solver"]
        assert budgets and set(budgets) == {hints.SOLVER_BUDGET}  # every run within its node budget
        assert not SolverRun.objects.exists()  # every slot given back
        client.force_login(mage)
        assert client.get(url).status_code == 200  # free again
        assert Match.objects.get(pk=match.pk).version == 0  # hints never move
    finally:  # the first asker is never left waiting with its connection
        release.set()
        thread.join(timeout=30)


def test_a_solver_slot_left_by_a_dead_process_is_taken_over(dungeon, client):
    from datetime import timedelta

    from django.utils import timezone

    from play import hints
    from play.models import SolverRun

    match, mage = dungeon
    client.force_login(mage)
    url = f"/api/matches/{match.pk}/hint/?solve=1"
    run = SolverRun.objects.create(user=mage, slot=0)
    assert client.get(url).status_code == 429
    SolverRun.objects.filter(pk=run.pk).update(
        started_at=timezone.now() - hints.SOLVER_RUN_STALE - timedelta(seconds=1)
    )
    assert client.get(url).status_code == 200
    assert not SolverRun.objects.exists()


def test_a_game_without_hints_says_so_to_its_player(client):
    """Álomfogó and ONIROO have no hints at the table: their player is told that, not that
    the match they sit at does not exist."""
    from tests.play_rows import demo_deck_entries, oniroo_match

    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    player = make_user("jatekos", language="en")
    oniroo = oniroo_match(player, "bot:greedy")
    deck = deck_services.deck_create(
        owner=player,
        game=Game.objects.get(slug="alomfogo"),
        name="Támadó",
        entries=demo_deck_entries(),
    )
    alomfogo = services.match_create(user=player, game=deck.game, deck=deck, opponent="bot:greedy")
    client.force_login(player)
    for match, name in ((oniroo, "ONIROO"), (alomfogo, "Álomfogó")):
        answer = client.get(f"/api/matches/{match.pk}/hint/")
        assert answer.status_code == 400
        assert answer.json()["error"] == {
            "code": "no_hints",
            "message": f"{name} has no hints at the table.",
        }
