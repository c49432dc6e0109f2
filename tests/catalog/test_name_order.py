"""Names sort in the alphabet of the page's language, not folded.

Folding made "Öregember" an "oregember", first among the O's, and would put "Csónak"
before "Cukor": Hungarian has ö, ő, ü, ű as letters after o and u, and cs, gy, sz, zs...
as letters after their first one. The catalog's `order:name`, the API, the deck lists
and a deck's text export all sort so (catalog.collation).
"""

from __future__ import annotations

import html as html_lib
import re

import pytest

from catalog.collation import name_order
from catalog.models import Card
from decks.codec import export_text
from decks.entries import Entry
from tests.decks.conftest import login
from tests.decks.test_builder_qa_fixes import deck_with, english

pytestmark = pytest.mark.django_db

# ONIROO's O-names: ó is o to a Hungarian reader, ö a letter after o.
ONIROO_O_NAMES = ["Óriás", "Oroszlán", "Orvos", "Öregember"]
# Arcane Guardian's: ő after o too, and "Ősi" before "Ősök" (i before ö)
ARCANE_O_NAMES = ["Óriáspók", "Ősi portál", "Ősök maszkja"]


@pytest.mark.parametrize(
    "names",
    [
        ["Cica", "Cukor", "Csónak", "Daru"],  # cs after every other c
        ["Gomba", "Gömb", "Gyula", "Hal"],  # gy after g, g-ö between
        ["Kasza", "Kaszinó", "Kassza"],  # ssz is sz + sz: after sz-i
        ["Nap", "Nulla", "Nyúl"],
        ["Ostor", "Ózd", "Öregember", "Ősök maszkja", "Pók"],
        ["Ugró", "Útvonal", "Űr", "Üveg"],  # ü is ű until a tie
        ["Zúzmara", "Zsófi"],  # zs after every other z
        ["Éjlépő Kajtár", "Ejtőernyő", "Jégszem Soyana"],  # é is e until a tie
        ["edény", "Edény", "Édes"],  # case and accents only break ties
    ],
)
def test_hungarian_names_sort_in_the_hungarian_alphabet(names):
    shuffled = sorted(names, key=lambda name: name[::-1])  # any order but the right one
    assert sorted(shuffled, key=name_order) == names


def test_english_names_sort_by_letters_with_accents_only_breaking_ties():
    names = ["Chapel", "Cup", "Old man", "Öregember", "Ostrich", "Zsófi Botlik"]
    assert sorted(reversed(names), key=lambda name: name_order(name, "en")) == names


def test_keys_are_plain_bounded_text_any_database_orders_alike():
    key = name_order("Szőlő" * 100)
    assert re.fullmatch(r"[0-9a-f]+", key) and len(key) <= 255
    assert name_order("") == name_order(None) == ""


def order_of(names: list[str], shown: list[str]) -> list[str]:
    """`names` as they first come in `shown`, top to bottom."""
    return list(dict.fromkeys(name for name in shown if name in names))


def listed_names(response) -> list[str]:
    table = response.content.decode().split('<table class="card-table">', 1)[1]
    found = re.findall(r'<td><a href="[^"]*">([^<]*)</a></td>', table)
    return [html_lib.unescape(name) for name in found]


@pytest.mark.parametrize(
    ("query", "names"), [("game:oni name:o", ONIROO_O_NAMES), ("game:ag name:o", ARCANE_O_NAMES)]
)
def test_the_hungarian_catalog_sorted_by_name_puts_o_umlaut_after_o(client, cards, query, names):
    client.cookies["django_language"] = "hu"
    response = client.get("/cards/", {"q": f"{query} order:name", "view": "list"})
    assert order_of(names, listed_names(response)) == names
    descending = client.get("/cards/", {"q": f"{query} order:name dir:desc", "view": "list"})
    assert order_of(names, listed_names(descending)) == names[::-1]


def test_the_api_sorts_hungarian_names_in_the_hungarian_alphabet(client, cards):
    client.cookies["django_language"] = "hu"
    body = client.get("/api/cards/", {"q": "game:oni order:name", "page_size": 200}).json()
    assert order_of(ONIROO_O_NAMES, [card["name"] for card in body["results"]]) == ONIROO_O_NAMES


def test_the_english_catalog_sorts_the_english_names(client, cards):
    client.cookies["django_language"] = "en"
    response = client.get("/cards/", {"q": "game:oni name:o order:name", "view": "list"})
    # Giant (Óriás), Lion (Oroszlán), Doctor (Orvos), Old man (Öregember)
    assert order_of(["Doctor", "Giant", "Lion", "Old man"], listed_names(response)) == [
        "Doctor", "Giant", "Lion", "Old man",
    ]  # fmt: skip


def deck_names(page: str) -> list[str]:
    names = re.findall(r'<a href="/cards/[^"]+/">([^<]+)</a>', page)
    return [html_lib.unescape(name) for name in names]


@pytest.mark.parametrize("where", ["/decks/{pk}/", "/decks/{pk}/edit/"])
def test_a_deck_list_puts_oregember_after_orvos(client, owner, cards, where):
    deck = deck_with(owner, "oniroo", ["ONI-S114", "ONI-S084", "ONI-S003", "ONI-S082"])
    login(client, owner)
    page = client.get(where.format(pk=deck.pk)).content.decode()
    assert order_of(ONIROO_O_NAMES, deck_names(page)) == ONIROO_O_NAMES
    english(client)
    page = client.get(where.format(pk=deck.pk)).content.decode()
    assert order_of(["Doctor", "Giant", "Lion", "Old man"], deck_names(page)) == [
        "Doctor", "Giant", "Lion", "Old man",
    ]  # fmt: skip


def test_a_decks_text_export_lists_names_in_the_hungarian_alphabet(cards):
    from catalog.records import row_record

    rows = Card.objects.select_related("game", "card_set").filter(
        code__in=["ONI-S114", "ONI-S084", "ONI-S003", "ONI-S082"]
    )
    text = export_text([Entry(card=row_record(card), count=1) for card in rows], "hu")
    assert [line.removeprefix("1 ") for line in text.splitlines() if line] == ONIROO_O_NAMES
