"""A new match of a game there is not says so: `unknown_game`, not "cannot be played yet".

`{"game": "nonexistent"}` (or "arcane_guardian" for "arcane-guardian", or 5, or "")
answered `no_engine`, "This game cannot be played online yet", as if it were a game
waiting for its engine. Now it names what was sent and the games one can play;
`no_engine` is left for a real game without a table.
"""

from __future__ import annotations

import pytest

from play import selectors as play_selectors
from play.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db

MATCHES = "/api/matches/"


@pytest.fixture
def zsofi(client, cards):
    user = make_user("zsofi")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return user


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ("nonexistent", "“nonexistent”"),
        ("arcane_guardian", "“arcane_guardian”"),
        (5, "“5”"),
        ("", "“”"),
        (None, "“null”"),
        (["alomfogo"], '“["alomfogo"]”'),
        ("x" * 100, "“" + "x" * 39 + "…”"),  # bounded
        ("gg\u202eoof", "“ggoof”"),  # a direction override is not said back
    ],
)
def test_a_game_there_is_not_is_named_with_the_games_there_are(client, zsofi, sent, said):
    answer = client.post(MATCHES, {"game": sent}, content_type="application/json")

    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "unknown_game"
    assert error["message"].startswith(f"No such game: {said}.")
    assert "alomfogo, oniroo, arcane-guardian" in error["message"]
    assert error["games"] == ["alomfogo", "oniroo", "arcane-guardian"]
    assert not Match.objects.exists()


def test_a_form_body_naming_no_game_is_refused_alike(client, zsofi):
    answer = client.post(MATCHES, {"game": "sakk"})

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "unknown_game"
    assert "“sakk”" in answer.json()["error"]["message"]


def test_a_real_game_without_a_table_is_still_no_engine(client, zsofi, monkeypatch):
    real = play_selectors.table_game
    monkeypatch.setattr(
        play_selectors, "table_game", lambda slug: None if slug == "oniroo" else real(slug)
    )

    answer = client.post(MATCHES, {"game": "oniroo"}, content_type="application/json")

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "no_engine"
    assert not Match.objects.exists()


def test_the_right_id_still_starts_the_game(client, zsofi):
    answer = client.post(MATCHES, {"game": "arcane-guardian"}, content_type="application/json")

    assert answer.status_code == 201
    assert Match.objects.get().game.slug == "arcane-guardian"
