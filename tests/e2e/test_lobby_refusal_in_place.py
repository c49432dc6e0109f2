"""A refused new match in the browser: the lobby comes back as it was filled in.

A person picks an opponent and the house rules, starts, and the table refuses
(an empty deck, a solitaire level that does not exist): the lobby shows why,
next to the form they used, and every choice they made is still chosen, so
they fix the one thing and start again.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from catalog.models import Game
from decks import services as deck_services
from play.models import Match
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_refused_form_keeps_its_choices_and_says_why_beside_it(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    game = Game.objects.get(slug="alomfogo")
    deck_services.deck_create(owner=zsofi, game=game, name="Empty", entries=[])
    page = signed_in(zsofi)

    page.goto("/play/")
    hint = page.locator("#m-deck-none-legal")
    assert "None of your Álomfogó decks is legal" in hint.inner_text()
    chosen = {"#m-opp": "bot:random", "#m-starting_glory": "20", "#m-vp_per_turn": "5"}
    for select, value in chosen.items():
        page.select_option(select, value)
    page.locator("form:has(#m-deck) input[name=public]").check()
    page.locator("form:has(#m-deck)").get_by_role("button", name="Start").click()

    error = page.locator("#new-alomfogo-error")
    error.wait_for()
    assert "The deck is empty" in error.inner_text()
    for select, value in chosen.items():
        assert page.locator(select).input_value() == value, select
    assert page.locator("form:has(#m-deck) input[name=public]").is_checked()
    assert page.locator("#new-oniroo-error").count() == 0

    # ONIROO's own form: nine choices, all kept
    oniroo = {"players": "1", "level": "5", "games": "2", "vote": "1", "min_dream_length": "15"}
    for name, value in oniroo.items():
        page.select_option(f"#o-{name}", value)
    page.select_option("#o-opp", "open")
    page.locator("form.oniroo-new").get_by_role("button", name="Start").click()
    page.locator("#new-oniroo-error").wait_for()
    for name, value in oniroo.items():
        assert page.locator(f"#o-{name}").input_value() == value, name
    assert page.locator("#o-opp").input_value() == "open"
    assert page.locator("#new-alomfogo-error").count() == 0
    assert not Match.objects.exists()
