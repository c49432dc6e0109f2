"""The table's clock warns a late player only of what a person could do: against bots
nobody claims the win or hands a seat to a bot, so the clock just counts (the visual audit
found "after 5:00 the other player may claim the win" at a table against one bot)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from catalog.models import Game
from play import services
from tests.concurrency import aside
from tests.factories import make_user
from tests.play_rows import first_cards_deck

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_against_a_bot_your_clock_counts_without_a_warning(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")

    def a_match_against_a_bot():
        deck = first_cards_deck(zsofi, "Támadó", 15)
        return services.match_create(
            user=zsofi, game=Game.objects.get(slug="alomfogo"), deck=deck, opponent="bot:random"
        )

    match = aside(a_match_against_a_bot)  # the bot answers at once: the move is yours
    page = signed_in(zsofi)
    page.goto(f"/play/{match.pk}/")
    clock = page.locator("#table-clock")
    clock.wait_for()
    page.wait_for_function("document.getElementById('table-clock').textContent.includes('0:')")
    text = clock.inner_text()
    assert text.startswith("Your move: 0:"), text
    assert "claim" not in text and "bot" not in text, text
