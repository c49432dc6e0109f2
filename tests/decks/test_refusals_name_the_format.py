"""A deck's refusal names the format it was checked in, wherever it is read.

Away from the deck page (a tournament's registration, a match's lobby, the
API) "this format" named nothing: a player with a deck in one format,
registering for an event in another, could not tell which one wanted more
cards. A limit only the table's rules set is said to hold at that table, not
said of the deck's own format, which asks less.
"""

from __future__ import annotations

import dataclasses

import pytest
from django.test import Client

from catalog.vocab import ALOMFOGO, ONIROO
from decks.entries import Entry
from decks.formats import get_format
from decks.validation import validate
from tests.decks.conftest import shipped_cards
from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tournaments import services as tournament_services

CARDS = shipped_cards()
AF = [c for c in CARDS[ALOMFOGO] if c["code"].startswith("AFD-")]
EVENT = next(c for c in AF if c["type"] == "esemeny")
NO_EVENTS = [c for c in AF if c["type"] != "esemeny"]


def deck(size: int, cards: list[dict] = NO_EVENTS) -> list[Entry]:
    entries, left = [], size
    for card in cards:
        n = min(3, left)
        if n == 0:
            break
        entries.append(Entry(card, n))
        left -= n
    return entries


def messages(problems) -> list[tuple[str, str]]:
    return [(p.message_hu, p.message_en) for p in problems]


# --- the validator's sentences ------------------------------------------------------------


def test_too_few_cards_names_the_format():
    (problem,) = validate(deck(40), ALOMFOGO, get_format(ALOMFOGO, "tournament"))
    assert (problem.message_hu, problem.message_en) == (
        "A pakliban 40 lap van, a „Verseny” formátumhoz legalább 45 kell.",
        "The deck has 40 cards; the “Tournament” format needs at least 45.",
    )


def test_too_many_cards_names_the_format():
    capped = dataclasses.replace(
        get_format(ALOMFOGO, "casual"),
        id="capped",
        name_hu="Ötvenes",
        name_en="Fifty",
        max_cards=50,
    )
    (problem,) = validate(deck(52), ALOMFOGO, capped)
    assert (problem.message_hu, problem.message_en) == (
        "A pakliban 52 lap van, az „Ötvenes” formátumban legfeljebb 50 lehet.",
        "The deck has 52 cards; the “Fifty” format allows at most 50.",
    )


def test_a_banned_type_names_the_format():
    entries = [*deck(33), Entry(EVENT, 2)]
    (problem,) = validate(entries, ALOMFOGO, get_format(ALOMFOGO, "no-events"))
    assert (problem.message_hu, problem.message_en) == (
        f"Az „Esemény nélkül” formátumban nem lehet esemény lap a pakliban: „{EVENT['name']}”.",
        f"The “No events” format allows no event cards: {EVENT['name_en']}.",
    )


def test_a_type_outside_the_pool_names_the_format():
    moon = next(c for c in CARDS[ONIROO] if c["type"] == "moon_head")
    (problem,) = validate([Entry(moon, 1)], ONIROO, get_format(ONIROO, "level-3"))
    assert (problem.message_hu, problem.message_en) == (
        f"A „3. szint” formátum nem használ holdfej lapot: „{moon['name']}”.",
        f"The “Level 3” format does not use moon head cards: {moon['name_en']}.",
    )


def test_what_only_the_table_asks_is_said_of_the_table_not_of_the_format():
    """A casual deck at a 45-card table without events: casual itself asks 35 and bans none."""
    casual = get_format(ALOMFOGO, "casual")
    table = dataclasses.replace(casual, min_cards=45, banned_types=frozenset({"esemeny"}))
    assert messages(validate([*deck(38), Entry(EVENT, 2)], ALOMFOGO, table)) == [
        (
            "A pakliban 40 lap van, az „Alap” formátumhoz ennél az asztalnál legalább 45 kell.",
            "The deck has 40 cards; the “Casual” format needs at least 45 at this table.",
        ),
        (
            f"Az „Alap” formátumban ennél az asztalnál nem lehet esemény lap a pakliban: "
            f"„{EVENT['name']}”.",
            f"The “Casual” format allows no event cards at this table: {EVENT['name_en']}.",
        ),
    ]
    # the deck's own ban and size, with the table's on top: said of the format
    no_events = get_format(ALOMFOGO, "no-events")
    wider = dataclasses.replace(no_events, banned_types=no_events.banned_types | {"altalanos"})
    assert messages(validate([*deck(30), Entry(EVENT, 1)], ALOMFOGO, wider)) == [
        (
            "A pakliban 31 lap van, az „Esemény nélkül” formátumhoz legalább 35 kell.",
            "The deck has 31 cards; the “No events” format needs at least 35.",
        ),
        (
            f"Az „Esemény nélkül” formátumban nem lehet esemény lap a pakliban: „{EVENT['name']}”.",
            f"The “No events” format allows no event cards: {EVENT['name_en']}.",
        ),
    ]


# --- where the refusal is read away from the deck page ---------------------------------------


@pytest.fixture
def player(cards):
    return make_user("jatekos")


def test_a_tournament_registration_refusal_names_the_events_format(player):
    """A casual 36-card deck sent to a tournament-format event: the refusal says which format."""
    short = first_cards_deck(player, "Rövid", 12)
    event = tournament_services.tournament_create(
        organiser=make_user("szervezo"), game=short.game, name="Kupa"
    )
    browser = Client()
    browser.force_login(player)
    answer = browser.post(
        f"/api/tournaments/{event.pk}/registration/",
        {"deck": short.pk},
        content_type="application/json",
    )
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "deck_not_legal"
    assert [p["message"] for p in error["problems"]] == [
        "A pakliban 36 lap van, a „Verseny” formátumhoz legalább 45 kell."
    ]
    page = browser.post(f"/tournaments/{event.pk}/register/", {"deck": short.pk}, follow=True)
    assert "a „Verseny” formátumhoz legalább 45 kell." in page.content.decode()


def test_a_match_refusal_names_the_format_and_the_tables_rule(player):
    """A casual 36-card deck at a 45-card table: the table asks it, not the casual format."""
    short = first_cards_deck(player, "Rövid", 12)
    browser = Client()
    browser.force_login(player)
    answer = browser.post(
        "/play/new/", {"deck": short.pk, "opponent": "invite", "min_deck_size": "45"}
    )
    assert answer.status_code == 400
    assert (
        "A pakliban 36 lap van, az „Alap” formátumhoz ennél az asztalnál legalább 45 kell."
        in answer.content.decode()
    )
    browser.cookies["django_language"] = "en"
    answer = browser.post(
        "/play/new/", {"deck": short.pk, "opponent": "invite", "min_deck_size": "45"}
    )
    assert (
        "The deck has 36 cards; the “Casual” format needs at least 45 at this table."
        in answer.content.decode()
    )
