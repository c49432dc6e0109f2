"""What the deck builder says: the formats table, the odds answer and its names."""

from __future__ import annotations

import pytest

from catalog.models import Card
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from tests.decks.conftest import database, login, odds_answer

pytestmark = pytest.mark.django_db


def _english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})


def test_formats_table_separates_problems_without_stray_punctuation(client, deck, owner):
    # A fourth copy breaks every format; the tournament format also wants 45 cards.
    services.deck_change_card(deck=deck, user=owner, card=Card.objects.get(code="AF1-001"), delta=1)
    login(client, owner)
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    table = page[page.index('class="formats"') :]
    table = table[: table.index("</table>")]
    assert ".;" not in table
    # two sentences, one after the other, each on a line of its own
    assert "kell.</li><li>" in table or "lehet.</li><li>" in table


def test_odds_answer_names_the_card_asked_about(client, deck, owner):
    login(client, owner)
    html = odds_answer(client, deck, target="card:AF1-001", turn=2, k=1, play="1")
    assert "Legalább 1 „Éjlépő Kajtár” 2 körön belül (6 lapot látsz)" in html
    assert "a(z)" not in html


def test_odds_answer_names_the_type_and_the_opening_hand(client, deck, owner):
    login(client, owner)
    html = client.get(
        f"/decks/{deck.pk}/odds/", {"target": "type:revulo", "turn": 0, "k": 2}
    ).content.decode()
    assert "Legalább 2 révülő a kezdő kezedben (5 lapot látsz)" in html


def test_english_odds_use_english_card_names(client, alomfogo, owner):
    entries = [
        {"code": "AF1-010", "count": 3},  # Botlik Zsófi / Zsófi Botlik
        {"code": "AF1-012", "count": 3},  # Hódfarok néne / Granny Beavertail
    ]
    deck = services.deck_create(
        owner=owner,
        game=alomfogo,
        name="Nevek",
        entries=[
            Entry(card=row_record(Card.objects.get(code=e["code"])), count=e["count"])
            for e in entries
        ],
    )
    login(client, owner)
    _english(client)
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert '<option value="card:AF1-012">Granny Beavertail (3)</option>' in page
    assert "Hódfarok néne (3)" not in page
    html = odds_answer(client, deck, target="card:AF1-012", turn=1, play="0")
    assert "At least 1 “Granny Beavertail” by your turn 1 (6 cards seen)" in html


@pytest.mark.parametrize("target", ["card:NOPE-999", "type:nosuchtype", "color:red", ""])
def test_odds_refuse_a_target_the_deck_does_not_have(client, deck, owner, target):
    login(client, owner)
    before = database()
    response = client.get(f"/decks/{deck.pk}/odds/", {"target": target})
    assert response.status_code == 400
    assert "Ebben a pakliban nincs ilyen lap vagy laptípus" in response.content.decode()
    assert database() == before
