"""A player clicking "+" while a whole set or a CSV import goes into their collection.

Adding a set and importing a CSV (add mode) read the counts, then write the new
ones. A + click took no lock, so one that landed between that read and that write
was overwritten: owning 1, adding the set and clicking + made 2, not 3. Every
writer of a collection now takes the collection's lock first (collection.services
`_lock_collection`), so each click counts, whenever it lands.
"""

from __future__ import annotations

import threading

import pytest
from django.core.management import call_command
from django.db.models import Count

from catalog.models import CardSet
from collection import services
from collection.models import OwnedCard
from tests.concurrency import run_together
from tests.factories import make_user

pytestmark = pytest.mark.integration

ROUNDS = 5  # a race lost once may be won by chance; each round is a fresh chance to lose it


@pytest.fixture
def card_set(postgres, transactional_db) -> CardSet:
    """The set with the most cards: the longest read-then-write of a whole set."""
    call_command("load_cards", verbosity=0)
    return CardSet.objects.annotate(n=Count("cards")).order_by("-n", "code").first()


def clicking_during(write, *, user, code: str) -> int:
    """Run `write` while the player keeps clicking + on `code` until it is done.

    The clicks start with it and go on until it has committed, so some land
    between whatever it reads and writes. Returns how many clicks there were.
    """
    done = threading.Event()
    clicks = 0

    def writing():
        try:
            return write()
        finally:
            done.set()

    def clicking():
        nonlocal clicks
        while not done.is_set() and clicks < 200:
            services.collection_change_count(user=user, code=code, delta=1)
            clicks += 1

    answers = run_together(writing, clicking)
    assert [a for a in answers if isinstance(a, Exception)] == []
    assert clicks > 0
    return clicks


def owned(user, code: str) -> int:
    return OwnedCard.objects.get(user=user, card__code=code).count


def test_plus_clicks_while_adding_a_whole_set_all_count(card_set):
    code = card_set.cards.order_by("code").last().code
    for round_no in range(ROUNDS):
        player = make_user(f"zsofi{round_no}")
        services.collection_set_count(user=player, code=code, count=1)

        clicks = clicking_during(
            lambda player=player: services.collection_add_set(
                user=player, set_code=card_set.code, copies=1
            ),
            user=player,
            code=code,
        )

        assert owned(player, code) == 1 + 1 + clicks, f"round {round_no}"


def test_plus_clicks_while_importing_a_csv_to_add_all_count(card_set):
    cards = list(card_set.cards.order_by("code").values_list("code", flat=True))
    code = cards[-1]
    text = "code,count\n" + "".join(f"{each},1\n" for each in cards)
    for round_no in range(ROUNDS):
        player = make_user(f"gergo{round_no}")
        services.collection_set_count(user=player, code=code, count=1)

        clicks = clicking_during(
            lambda player=player: services.collection_import(
                user=player, text=text, game_slug=card_set.game.slug, mode="add"
            ),
            user=player,
            code=code,
        )

        assert owned(player, code) == 1 + 1 + clicks, f"round {round_no}"
