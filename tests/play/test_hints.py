"""Hints at the Arcane Guardian table: the bot's choice and the solver's verdict."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from catalog.models import Card, Game
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
    assert solved["solver"] == {"verdict": solved["solver"]["verdict"]}  # no line: it would tell
    assert solved["solver"]["verdict"] in ("winnable", "lost", "unknown")  # face-down cards


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
