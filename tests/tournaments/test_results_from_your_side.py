"""A table's result as the pages say it: from the player's own side, and in the top cut who
goes on when the result alone does not say it.

QA's findings: a player's own table read "csilla – anna. Result: 0-1-0", with no "you
won" or "you lost"; and a draw entered in the top cut was taken, the higher seed went
through, and no page said so. The rule stays what docs/tournaments.md says (a drawn
elimination match, or one neither player came to, sends the higher seed on: a game can
end drawn at the table and the round clock can leave a match even, so a draw cannot be
refused away); the pages now say it where the result is entered and on the result.

Personas: the organiser, players p1..p8 (English).
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from tests.tournaments.conftest import new_event, pairings_of, record_result, register_all
from tournaments import services
from tournaments.models import Outcome

pytestmark = pytest.mark.usefixtures("english")


def my_pairing_section(client, event) -> str:
    html = client.get(event.get_absolute_url()).content.decode()
    return re.search(r'<section id="my-pairing".*?</section>', html, re.S).group(0)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


@pytest.fixture
def round_one(organiser, alomfogo, people):
    """Eight players, round 1 paired (four tables), nothing decided."""
    event = new_event(organiser, alomfogo, swiss_rounds=2)
    register_all(event, people)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    return event


def test_each_player_reads_their_own_result_as_won_lost_or_drawn(client, organiser, round_one):
    won, drawn, *_ = pairings_of(round_one, 1)
    record_result(round_one, won, organiser, 1, 0, 0)
    record_result(round_one, drawn, organiser, 0, 0, 1)
    expected = {
        won.player_a.user: "You won 1-0.",
        won.player_b.user: "You lost 0-1.",
        drawn.player_a.user: "A draw, 0-0 (1 drawn game).",
        drawn.player_b.user: "A draw, 0-0 (1 drawn game).",
    }
    for user, sentence in expected.items():
        client.force_login(user)
        mine = text(my_pairing_section(client, round_one))
        assert sentence in mine, (user.username, mine)
        assert "Result:" not in mine


def test_a_best_of_three_loss_is_told_from_the_losers_side(client, organiser, alomfogo, people):
    event = new_event(organiser, alomfogo, best_of=3)
    register_all(event, people[:2])
    services.tournament_start(tournament_id=event.pk, user=organiser)
    (pairing,) = pairings_of(event, 1)
    record_result(event, pairing, organiser, 1, 2, 0)
    client.force_login(pairing.player_a.user)
    assert "You lost 1-2." in text(my_pairing_section(client, event))
    client.force_login(pairing.player_b.user)
    assert "You won 2-1." in text(my_pairing_section(client, event))


@pytest.fixture
def semi_finals(organiser, alomfogo, people):
    """Eight players, one Swiss round, a top 4: the semi-finals paired, nothing decided."""
    event = new_event(organiser, alomfogo, swiss_rounds=1, top_cut=4)
    register_all(event, people)
    services.tournament_start(tournament_id=event.pk, user=organiser)
    for pairing in pairings_of(event, 1):
        record_result(event, pairing, organiser, 1, 0, 0)
    services.tournament_next_round(tournament_id=event.pk, user=organiser)
    return event


def test_the_result_form_of_the_top_cut_says_what_a_draw_does(client, organiser, semi_finals):
    client.force_login(organiser)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(semi_finals.get_absolute_url()).content.decode()
    panel = re.search(r'<section id="organiser".*?</section>', html, re.S).group(0)
    assert (
        "In the top cut a drawn match, and one neither player came to, goes to the higher seed"
        in panel
    )


def test_a_drawn_top_cut_table_says_the_higher_seed_goes_through(client, organiser, semi_finals):
    drawn, won = pairings_of(semi_finals, 2)
    record_result(semi_finals, drawn, organiser, 0, 0, 1)
    record_result(semi_finals, won, organiser, 0, 1, 0)
    higher, lower = drawn.player_a.user, drawn.player_b.user

    client.force_login(higher)
    html = client.get(semi_finals.get_absolute_url()).content.decode()
    mine = text(re.search(r'<section id="my-pairing".*?</section>', html, re.S).group(0))
    assert "A draw, 0-0 (1 drawn game)." in mine
    assert "such a match goes to the higher seed: you go through" in mine
    rows = text(re.search(r'<table id="pairings".*?</table>', html, re.S).group(0))
    assert f"a drawn match goes to the higher seed: {higher.username}" in rows
    assert rows.count("goes to the higher seed") == 1  # the table won outright says nothing more

    client.force_login(lower)
    mine = text(my_pairing_section(client, semi_finals))
    assert "such a match goes to the higher seed: your opponent goes through" in mine

    # and so it was: the higher seed plays the final, and the semi-final keeps saying why
    services.tournament_next_round(tournament_id=semi_finals.pk, user=organiser)
    (final,) = pairings_of(semi_finals, 3)
    assert {final.player_a.user, final.player_b.user} == {higher, won.player_b.user}
    drawn.refresh_from_db()
    assert drawn.outcome == Outcome.DRAW
    html = client.get(semi_finals.get_absolute_url()).content.decode()
    semi = re.search(r'<details id="round-2".*?</details>', html, re.S).group(0)
    assert f"a drawn match goes to the higher seed: {higher.username}" in text(semi)
