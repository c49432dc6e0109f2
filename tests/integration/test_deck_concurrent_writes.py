"""Writes to one deck at the same moment, against PostgreSQL: each applies, one after the other.

Every deck write service locks the deck's row first (decks.services._lock). Before,
two first "+" clicks on a card both found no entry, both inserted one, and one
request ended in a 500 on `one_entry_per_card_board` with its click lost; two
whole-list writes or two restores did the same.
"""

from __future__ import annotations

from functools import partial

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

from catalog.models import Card, Game
from decks import services
from decks.entries import Entry
from decks.models import Deck, DeckEntry
from decks.selectors import game_lookup
from tests.concurrency import run_together
from tests.concurrency import services_at_once as at_once
from tests.decks.conftest import demo_entries
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.integration

ROUNDS = 4  # a race lost once may be won by chance; each round is a fresh chance to lose it


def fresh(deck: Deck) -> Deck:
    """The deck as a request reads it: its own row object, fetched before the write."""
    return Deck.objects.select_related("game", "owner").get(pk=deck.pk)


def counts(deck: Deck) -> dict[str, int]:
    return dict(DeckEntry.objects.filter(deck=deck).values_list("card__code", "count"))


def entries(**copies: int) -> list[Entry]:
    lookup = game_lookup(Game.objects.get(slug="alomfogo"))
    return [Entry(lookup.by_code(code.replace("_", "-")), n) for code, n in copies.items()]


@pytest.fixture
def owner(postgres, transactional_db):
    call_command("load_cards", verbosity=0)
    return make_user("zsofi")


@pytest.fixture
def deck(owner):
    game = Game.objects.get(slug="alomfogo")
    return services.deck_create(owner=owner, game=game, name="Verseny", entries=demo_entries(36))


def new_cards(deck: Deck) -> list[Card]:
    """Cards of the deck's game it does not hold yet, one per round."""
    held = deck.entries.values_list("card_id", flat=True)
    return list(Card.objects.filter(game=deck.game).exclude(pk__in=held).order_by("-sort_key"))


def test_two_fast_plus_clicks_on_a_new_card_both_count(deck, owner):
    clients = []
    for _ in range(2):
        client = Client(raise_request_exception=False)
        client.login(username=owner.username, password=PASSWORD)
        clients.append(client)
    for card in new_cards(deck)[:ROUNDS]:

        def click(client, code=card.code):
            body = {"code": code, "delta": 1}
            return client.post(f"/decks/{deck.pk}/cards/", body, HTTP_HX_REQUEST="true")

        answers = run_together(*(partial(click, client) for client in clients))
        assert sorted(getattr(a, "status_code", a) for a in answers) == [200, 200]
        assert counts(deck)[card.code] == 2


def test_plus_clicks_from_four_tabs_on_a_new_card_all_count(deck, owner):
    for card in new_cards(deck)[:ROUNDS]:

        def plus(card=card):
            services.deck_change_card(deck=fresh(deck), user=owner, card=card, delta=1)

        assert at_once(plus, plus, plus, plus) == ["plus: applied"] * 4
        assert counts(deck)[card.code] == 4


def test_two_whole_list_writes_both_apply_one_after_the_other(deck, owner):
    first, second = entries(AF1_001=3, AF1_002=3), entries(AF1_001=2, AF1_003=1)
    for _round in range(ROUNDS):

        def replace_first():
            services.deck_update(
                deck=fresh(deck), user=owner, name="Verseny", description="",
                format_id=deck.format, visibility=deck.visibility, entries=first,
            )  # fmt: skip

        def replace_second():
            services.deck_set_entries(deck=fresh(deck), user=owner, entries=second)

        numbers_before = deck.versions.count()
        outcome = at_once(replace_first, replace_second)
        assert outcome == ["replace_first: applied", "replace_second: applied"]
        assert counts(deck) in ({"AF1-001": 3, "AF1-002": 3}, {"AF1-001": 2, "AF1-003": 1})
        assert deck.versions.count() == numbers_before + 2
        newest = deck.versions.order_by("-number").first()
        assert {e["code"]: e["count"] for e in newest.entries} == counts(deck)


def test_two_restores_of_one_version_restore_it_once(deck, owner):
    for _round in range(ROUNDS):
        services.deck_set_entries(deck=fresh(deck), user=owner, entries=entries(AF1_004=1))
        number = deck.versions.order_by("number").first().number

        def restore(number=number):
            services.deck_restore(deck=fresh(deck), user=owner, number=number)

        assert at_once(restore, restore) == ["restore: already_current", "restore: applied"]
        assert sum(counts(deck).values()) == 36


def test_a_plus_click_during_a_whole_list_write_is_applied_before_or_after_it(deck, owner):
    card = Card.objects.get(code="AF1-005")
    for _round in range(ROUNDS):

        def replace():
            services.deck_set_entries(deck=fresh(deck), user=owner, entries=entries(AF1_005=2))

        def plus():
            services.deck_change_card(deck=fresh(deck), user=owner, card=card, delta=1)

        assert at_once(replace, plus) == ["plus: applied", "replace: applied"]
        # the plus went first (the list then wrote 2) or second (2 + 1)
        assert counts(deck) in ({"AF1-005": 2}, {"AF1-005": 3})


def test_decks_made_at_once_stay_within_the_cap(owner):
    game = Game.objects.get(slug="alomfogo")

    def create():
        services.deck_create(owner=owner, game=game, name="Új")

    with override_settings(LIMITS={**settings.LIMITS, "DECKS_PER_USER": 1}):
        assert at_once(create, create, create) == [
            "create: applied", "create: too_many_decks", "create: too_many_decks",
        ]  # fmt: skip
    assert Deck.objects.filter(owner=owner).count() == 1
