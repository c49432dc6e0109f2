"""A deck deleted at the moment it is put to use, against PostgreSQL: one or the other wins.

A match seat, a tournament registration or a print job keeps a version of the
deck. Before, deck_delete looked for those rows before the other request's
was committed, so it deleted the version the new row pointed at and one of
the two requests ended in a 500 on the foreign key. Now each use locks the
deck's row first (decks.services.deck_locked_for_use): either the use
applies and the delete keeps what it needs (the deck is hidden, or the job
loses its link), or the delete comes first and the use is refused as for a
deck deleted earlier.
"""

from __future__ import annotations

import time
from functools import partial
from unittest import mock

import pytest
from django.core.management import call_command

from catalog.models import Game
from collection import trades
from collection.models import TradeWantDeck
from decks import services as deck_services
from decks.models import Deck, DeckVersion
from play import services as play_services
from play.models import Seat
from printing import services as print_services
from printing.models import Failure, PrintJob
from tests.concurrency import named, services_at_once
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services as tournament_services
from tournaments.models import Player

pytestmark = pytest.mark.integration

ROUNDS = 12  # a race lost once may be won by chance; each round is a fresh chance to lose it


@pytest.fixture
def alomfogo(postgres, transactional_db):
    call_command("load_cards", verbosity=0)
    return Game.objects.get(slug="alomfogo")


def a_deck(round_no: int) -> tuple:
    """A new player with a legal 45-card deck, and the deck as a second request reads it."""
    owner = make_user(f"player{round_no}")
    deck = first_cards_deck(owner, "Verseny", 15)
    return owner, deck, Deck.objects.get(pk=deck.pk)


def delete(deck: Deck, owner):
    return named(partial(deck_services.deck_delete, deck=deck, user=owner), "delete")


def test_a_match_started_with_a_deck_being_deleted(alomfogo):
    for round_no in range(ROUNDS):
        owner, deck, same_deck = a_deck(round_no)
        start = partial(
            play_services.match_create, user=owner, game=alomfogo, deck=deck, opponent="invite"
        )
        outcome = services_at_once(named(start, "start"), delete(same_deck, owner))
        assert outcome in (
            ["delete: applied", "start: applied"],
            ["delete: applied", "start: no_deck"],
        )
        seat = Seat.objects.filter(user=owner).select_related("deck_version").first()
        if outcome[1] == "start: applied":
            # the match keeps its version; the deck is gone for everyone but kept for it
            assert seat.deck_version.deck_id == deck.pk
            assert Deck.all_objects.get(pk=deck.pk).deleted_at is not None
        else:
            assert seat is None
            assert not Deck.all_objects.filter(pk=deck.pk).exists()
        assert not Deck.objects.filter(pk=deck.pk).exists()


def test_a_match_joined_with_a_deck_being_deleted(alomfogo):
    for round_no in range(ROUNDS):
        host = make_user(f"host{round_no}")
        host_deck = first_cards_deck(host, "Host", 15)
        match = play_services.match_create(
            user=host, game=alomfogo, deck=host_deck, opponent="invite"
        )
        owner, deck, same_deck = a_deck(round_no)
        join = partial(play_services.match_join, match_id=match.pk, user=owner, deck=deck)
        outcome = services_at_once(named(join, "join"), delete(same_deck, owner))
        assert outcome in (
            ["delete: applied", "join: applied"],
            ["delete: applied", "join: no_deck"],
        )
        seat = Seat.objects.filter(user=owner).first()
        assert (seat is not None) == (outcome[1] == "join: applied")
        assert Deck.all_objects.filter(pk=deck.pk).exists() == (seat is not None)


def test_a_tournament_registration_with_a_deck_being_deleted(alomfogo):
    organiser = make_user("organiser")
    event = tournament_services.tournament_create(organiser=organiser, game=alomfogo, name="Kupa")
    for round_no in range(ROUNDS):
        owner, deck, same_deck = a_deck(round_no)
        register = partial(
            tournament_services.tournament_register, tournament_id=event.pk, user=owner, deck=deck
        )
        outcome = services_at_once(named(register, "register"), delete(same_deck, owner))
        assert outcome in (
            ["delete: applied", "register: applied"],
            ["delete: applied", "register: no_deck"],
        )
        player = Player.objects.filter(tournament=event, user=owner).first()
        assert (player is not None) == (outcome[1] == "register: applied")
        if player is not None:
            assert DeckVersion.objects.filter(pk=player.deck_version_id).exists()
            assert Deck.all_objects.get(pk=deck.pk).deleted_at is not None


@mock.patch("printing.services._send", return_value=True)  # the job's file is not the point
def test_a_print_job_from_a_deck_being_deleted(_send, alomfogo, media):
    for round_no in range(ROUNDS):
        owner, deck, same_deck = a_deck(round_no)
        make = partial(
            print_services.print_job_create,
            user=owner,
            session_key="",
            source={"deck": deck.pk},
            options={},
        )
        outcome = services_at_once(named(make, "print"), delete(same_deck, owner))
        assert outcome in (
            ["delete: applied", "print: applied"],
            ["delete: applied", "print: not_found"],
        )
        jobs = list(PrintJob.objects.filter(user=owner))
        assert len(jobs) == (outcome[1] == "print: applied")
        # a deck no match used is deleted outright; its print job keeps its cards, not a link
        assert not Deck.all_objects.filter(pk=deck.pk).exists()
        assert all(job.deck_version_id is None and job.cards for job in jobs)


@mock.patch("printing.services._send", return_value=True)
def test_a_print_job_made_again_while_its_deck_is_deleted(_send, alomfogo, media):
    for round_no in range(ROUNDS):
        owner, deck, same_deck = a_deck(round_no)
        first = print_services.print_job_create(
            user=owner, session_key="", source={"deck": deck.pk}, options={}
        )
        print_services.print_job_fail(first.pk, Failure.SHEETS_FAILED)
        again = partial(print_services.print_job_again, job_id=first.pk, user=owner, session_key="")
        outcome = services_at_once(named(again, "again"), delete(same_deck, owner))
        # made again from the job's own list, whether the deck went before or after
        assert outcome == ["again: applied", "delete: applied"]
        assert PrintJob.objects.filter(user=owner).count() == 2
        assert not Deck.all_objects.filter(pk=deck.pk).exists()


def test_a_deck_put_on_the_want_list_while_it_is_deleted(alomfogo):
    for round_no in range(ROUNDS):
        owner, deck, same_deck = a_deck(round_no)
        want = partial(trades.trade_want_deck_set, user=owner, deck_id=deck.pk, on=True)
        outcome = services_at_once(named(want, "want"), delete(same_deck, owner))
        assert outcome in (
            ["delete: applied", "want: applied"],
            ["delete: applied", "want: not_found"],
        )
        # a deck on the want list only is deleted, and its want-list row with it
        assert not Deck.all_objects.filter(pk=deck.pk).exists()
        assert not TradeWantDeck.objects.filter(user=owner).exists()


def test_a_want_list_and_a_match_of_the_same_deck_at_once_both_apply(alomfogo):
    """Both lock the player's row and the deck's, in one order (the user first): in two
    orders each held one and waited for the other, a deadlock PostgreSQL broke with a 500."""
    owner, deck, _same = a_deck(0)
    held = deck_services.deck_locked_for_use

    def holds_the_deck_a_while(**kwargs):  # the want list's lock, held long enough to meet
        found = held(**kwargs)
        time.sleep(0.6)
        return found

    def start_a_little_later():
        time.sleep(0.2)
        return play_services.match_create(user=owner, game=alomfogo, deck=deck, opponent="invite")

    want = partial(trades.trade_want_deck_set, user=owner, deck_id=deck.pk, on=True)
    with mock.patch.object(trades, "deck_locked_for_use", holds_the_deck_a_while):
        outcome = services_at_once(named(want, "want"), named(start_a_little_later, "start"))
    assert outcome == ["start: applied", "want: applied"]
