"""A replay offers to jump only where a jump goes somewhere, the same way in every game.

Arcane Guardian's replay had a "Jump to turn" menu of one entry, "Turn 1 (step 0)": the
dungeon numbers no turns and always waits for its one player, so the whole game is one
turn (its engine's `turn_marker`), and that entry only went to the first step, as « does.
A match of one turn has no turn menu (play.replays.turn_menu); its replay takes a step by
its number instead, as a long match's does for the turns its menu leaves out.
"""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from catalog.models import Game
from play import replays, selectors, services
from play.engines import get_engine
from play.models import Match
from tests.factories import make_user
from tests.table_policies import arcane_choice

pytestmark = pytest.mark.django_db

MOVES = 12


def a_seed_lasting(moves: int) -> int:
    """A seed under which the tests' policy is still in the dungeon after `moves` moves (a
    random deal sometimes ended it sooner, and giving up a finished game is refused)."""
    engine = get_engine("arcane-guardian")
    pool = selectors.game_pool("arcane-guardian")
    for seed in range(200):
        state = engine.new_game([pool], {}, seed)
        while not state.is_over and state.version < moves:
            state.apply(arcane_choice(state.legal_actions(0)))
        if not state.is_over:
            return seed
    raise AssertionError(f"no seed keeps the dungeon going for {moves} moves")


@pytest.fixture
def dungeon(client, monkeypatch):
    """zsofi's dungeon, MOVES moves played and then given up; she reads English."""
    call_command("load_cards", verbosity=0)
    seed = a_seed_lasting(MOVES)
    monkeypatch.setattr(Match._meta.get_field("seed"), "default", lambda: seed)
    zsofi = make_user("zsofi", language="en")
    match = services.match_create(
        user=zsofi, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
    )
    for _ in range(MOVES):
        match = Match.objects.get(pk=match.pk)
        state = selectors.match_state(match)
        services.match_submit_action(
            match_id=match.pk,
            user=zsofi,
            action=arcane_choice(state.legal_actions(0)),
            expected_version=match.version,
        )
    services.match_resign(match_id=match.pk, user=zsofi)
    client.force_login(zsofi)
    client.cookies["django_language"] = "en"
    return Match.objects.get(pk=match.pk)


def test_a_dungeon_s_replay_has_no_menu_of_one_turn_and_takes_a_step_by_number(dungeon, client):
    assert dungeon.version > 3
    assert len(replays.turn_starts(dungeon)) == 1  # the whole dungeon is one turn
    page = client.get(f"/play/{dungeon.pk}/replay/?step=2").content.decode()
    nav = re.search(r'<nav id="replay-nav".*?</nav>', page, re.S).group(0)
    assert "Jump to turn" not in nav and 'id="replay-turn"' not in nav
    assert "Turn 1" not in nav
    form = re.search(r'<form id="replay-step-form".*?</form>', nav, re.S).group(0)
    assert "Jump to step" in form
    assert f'max="{dungeon.version}"' in form


def test_the_turn_menu_lists_turns_only_when_there_are_two_or_more():
    one = [{"turn": 1, "step": 0, "player": 0}]
    assert replays.turn_menu(one) == []
    assert replays.replay_jumps(one, step=5, steps=40)["step_form"]
    assert not replays.replay_jumps(one, step=1, steps=2)["step_form"]  # « ‹ › » reach them all
    two = [*one, {"turn": 2, "step": 4, "player": 1}]
    jumps = replays.replay_jumps(two, step=5, steps=40)
    assert jumps["turn_menu"] == two and jumps["current_turn"] == 4
    assert not jumps["step_form"]
