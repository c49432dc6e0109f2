"""The tables draw each card by its face picture; a seat learns a picture's address only
for a card its own view shows face up (the frame's `cards` facts come from the view)."""

from __future__ import annotations

import random

import pytest

from play.engines import game_ids
from play.selectors import public_cards
from tests.play.test_engine_conformance import GAMES

pytestmark = pytest.mark.django_db


def codes_in(value) -> set[str]:
    """Every card code a view names (a `code` field anywhere in it)."""
    if isinstance(value, dict):
        own = {value["code"]} if isinstance(value.get("code"), str) else set()
        return own.union(*(codes_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(codes_in(v) for v in value))
    return set()


def assert_faces_only_of_cards_the_view_shows(body: dict) -> None:
    """A frame's card facts name only cards its view names, each with its own pictures."""
    named = codes_in(body["view"])
    if isinstance(body["view"].get("cards"), dict):  # Arcane Guardian lists the codes it shows
        named |= set(body["view"]["cards"])
    assert set(body["cards"]) <= named
    for code, facts in body["cards"].items():
        assert facts["face"].startswith(f"/cards/{code}/thumb.webp?v=")
        assert facts["zoom"].startswith(f"/cards/{code}/large.webp?v=")


@pytest.mark.parametrize("game_id", game_ids())
def test_every_seat_gets_pictures_only_of_what_its_view_shows(cards, game_id):
    game = GAMES[game_id]
    for seed in (3, 17):
        decks, options = game.setup(seed)
        g = game.engine.new_game(decks, options, seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over and steps < 400:
            if steps % 9 == 0:
                for seat in g.players:
                    view = g.view(seat)
                    body = {"view": view, "cards": public_cards(view)}
                    assert_faces_only_of_cards_the_view_shows(body)
                    assert body["cards"] or not codes_in(view), (seed, steps, seat)
            g.apply(rng.choice(g.legal_actions(g.active_player)))
            steps += 1
