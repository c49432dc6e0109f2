"""Text matching against the shipped catalog: phrases, name order by language, invisible characters.

A phrase in `name:`, `o:`, `ft:` or quotes finds "words starting with the
words given, standing together in that order" (the syntax page); `order:name`
sorts by the name the page shows; format characters pasted inside a word
(soft hyphen, zero-width space, direction marks) never split it.
"""

from __future__ import annotations

import html
import importlib
import re

import pytest
from django.apps import apps
from django.utils import translation

from catalog import tokens
from catalog.collation import name_order
from catalog.models import Card, CardToken
from catalog.search import cards_search, parse
from catalog.text import fold, fold_words

KAJTAR = "AF1-001"  # Éjlépő Kajtár, "Kajtár Nightstepper" in English
DRAW_A_CARD = [
    "AFD-013", "AFD-024", "AFD-030", "AFD-034", "AFD-045", "AFD-052", "AFD-060", "AFD-065",
    "AFD-073",
]  # fmt: skip


def codes(query: str) -> list[str]:
    return sorted(cards_search(query).cards.values_list("code", flat=True))


# --- phrases: word-anchored prefixes, together, in order ----------------------------
def starts_words_in_order(folded_column: str, phrase: str) -> bool:
    """The documented rule, read off the folded column word by word (the column's
    Hungarian and English halves are separate texts)."""
    wanted = fold_words(phrase).split()
    for half in folded_column.split("|"):
        words = half.split()
        for start in range(len(words) - len(wanted) + 1):
            if all(words[start + i].startswith(w) for i, w in enumerate(wanted)):
                return True
    return False


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ('name:"ejl kaj"', [KAJTAR]),
        ('"ejl kaj"', [KAJTAR]),
        ('név:"kajt night"', [KAJTAR]),
        ('"Éjl Kajt"', [KAJTAR]),
        ('o:"dra a ca"', DRAW_A_CARD),
        ('o:"draw a card"', DRAW_A_CARD),
        ('oracle:"DRA A CA"', DRAW_A_CARD),
    ],
)
def test_each_word_given_starts_a_word_of_the_phrase(cards, query, expected):
    assert codes(query) == expected


@pytest.mark.parametrize(
    "query",
    [
        'o:"w a card"',  # inside "draw a card"
        'o:"raw a card"',
        'o:"aw a ca"',
        'name:"lepo kaj"',  # inside "éjlépő kajtár"
        '"tar nightstepper"',  # inside "kajtár nightstepper"
        'ft:"ebb gyogy"',  # inside "legöregebb gyógyítója"
        '"kaj ejl"',  # the right words, the wrong order
        'name:"ejlepo nightstepper"',  # one from each language: never one phrase
    ],
)
def test_a_phrase_starting_inside_a_word_or_out_of_order_finds_nothing(cards, query):
    assert codes(query) == []


def test_excluding_a_phrase_keeps_the_cards_it_only_seems_to_be_in(cards):
    kept = set(codes('game:af -o:"w a card"'))
    assert set(DRAW_A_CARD) <= kept


@pytest.mark.parametrize(
    ("key", "column", "phrase"),
    [
        ("name", "search_name", "ejl kaj"),
        ("name", "search_name", "a b"),
        ("name", "search_name", "s o"),
        ("o", "search_text", "dra a ca"),
        ("o", "search_text", "w a card"),
        ("o", "search_text", "a c"),
        ("o", "search_text", "er t"),
        ("o", "search_text", "1 k"),
        ("ft", "search_flavor", "a j"),
        ("ft", "search_flavor", "ebb gyogy"),
        ("ft", "search_flavor", "s s"),
    ],
)
def test_every_phrase_finds_exactly_the_cards_the_rule_gives(cards, key, column, phrase):
    expected = sorted(
        code
        for code, folded in Card.objects.values_list("code", column)
        if starts_words_in_order(folded, phrase)
    )
    assert codes(f'{key}:"{phrase}"') == expected
    if key == "name":
        assert codes(f'"{phrase}"') == expected


def test_a_phrase_pattern_is_bounded_by_the_word_index(cards):
    # The pattern is one condition beside the index look-ups, not a scan of its own.
    q = tokens.words_in_order_q("search_text", "dra a ca")
    assert "regex" in str(q)
    assert str(tokens.words_in_order_q("search_text", "draw")) == str(
        tokens.text_has("search_text", " draw")
    )


# --- order:name follows the language of the page ------------------------------------------
def shown_names(response) -> list[str]:
    table = response.content.decode().split('<table class="card-table">', 1)[1]
    return [
        html.unescape(name) for name in re.findall(r'<td><a href="[^"]*">([^<]*)</a></td>', table)
    ]


def is_sorted(names: list[str], *, language: str = "en", descending: bool = False) -> bool:
    """In the language's alphabet (catalog.collation; tests/catalog/test_name_order.py
    pins that alphabet with names in their expected order)."""
    keys = [name_order(name, language) for name in names]
    return keys == sorted(keys, reverse=descending)


@pytest.mark.parametrize("direction", ["asc", "desc"])
def test_the_english_list_sorted_by_name_sorts_the_english_names(client, cards, direction):
    client.cookies["django_language"] = "en"
    response = client.get(
        "/cards/", {"q": "game:af", "order": "name", "dir": direction, "view": "list"}
    )
    shown = shown_names(response)
    assert len(shown) > 20
    assert is_sorted(shown, descending=direction == "desc")


def test_the_hungarian_list_sorted_by_name_sorts_the_hungarian_names(client, cards):
    client.cookies["django_language"] = "hu"
    response = client.get("/cards/", {"q": "game:af", "order": "name", "view": "list"})
    shown = shown_names(response)
    assert shown[0] == Card.objects.filter(game__slug="alomfogo").order_by("sort_name_hu")[0].name
    assert is_sorted(shown, language="hu")


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_api_sorts_by_the_name_of_the_requests_language(client, cards, language):
    client.cookies["django_language"] = language
    body = client.get("/api/cards/", {"q": "game:af order:name", "page_size": 200}).json()
    if language == "en":
        shown = [card["name_en"] or card["name"] for card in body["results"]]
        assert is_sorted(shown)
    expected = Card.objects.filter(game__slug="alomfogo").order_by(
        "sort_name_en" if language == "en" else "sort_name_hu", "sort_key"
    )
    assert [card["code"] for card in body["results"]] == [c.code for c in expected[:200]]


def test_a_card_without_an_english_name_sorts_by_its_hungarian_one(cards):
    card = Card.objects.get(code=KAJTAR)
    card.name_en = ""
    card.save()
    assert Card.objects.get(code=KAJTAR).sort_name_en == name_order("Éjlépő Kajtár", "en")
    with translation.override("en"):
        ordered = [c.display_name for c in cards_search("set:AF1 order:name").cards]
    assert "Éjlépő Kajtár" in ordered and is_sorted(ordered)


def test_the_parsed_order_names_the_column_of_the_active_language():
    with translation.override("en"):
        assert parse("order:name dir:desc").order == ["-sort_name_en"]
        assert parse("order:name order:cost").order == ["sort_name_en", "cost"]
    with translation.override("hu"):
        assert parse("sorrend:név").order == ["sort_name_hu"]


# --- invisible formatting characters --------------------------------------------------
FORMAT_CHARACTERS = [
    "\u00ad",  # soft hyphen
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u2060",  # word joiner
    "\ufeff",  # zero-width no-break space (BOM)
]


@pytest.mark.parametrize("mark", FORMAT_CHARACTERS)
def test_fold_drops_format_characters(mark):
    assert fold(f"Kaj{mark}tár") == "kajtar"
    assert fold_words(f"Éjlé{mark}pő {mark}Kajtár{mark}") == "ejlepo kajtar"


@pytest.mark.parametrize("mark", FORMAT_CHARACTERS)
@pytest.mark.parametrize(
    "query",
    ["kaj{}tár", "Éjlé{}pő", "name:kaj{}tar", '"éjlépő kaj{}tár"', "név:night{}stepper"],
)
def test_a_format_character_inside_a_name_word_still_finds_the_card(cards, mark, query):
    result = cards_search(query.format(mark))
    assert list(result.cards.values_list("code", flat=True)) == [KAJTAR]
    assert result.warnings == []


@pytest.mark.parametrize("mark", ["\u00ad", "\u200b", "\u200f"])
def test_a_format_character_inside_a_text_word_still_finds_the_cards(cards, mark):
    assert codes(f'o:"dr{mark}aw a ca{mark}rd"') == DRAW_A_CARD
    assert codes(f'ft:"a jur{mark}tak"') == codes('ft:"a jurtak"') != []


def test_a_value_of_format_characters_only_is_ignored_with_a_warning(cards):
    result = cards_search("name:\u200b\u00ad game:af")
    assert len(result.warnings) == 1
    assert result.cards.count() == Card.objects.filter(game__slug="alomfogo").count()


def test_a_card_saved_with_a_soft_hyphen_is_indexed_by_the_word_a_reader_sees(cards):
    card = Card.objects.get(code=KAJTAR)
    card.name = "Éjlé\u00adpő Kaj\u00adtár"
    card.save()
    assert " ejlepo kajtar " in Card.objects.get(code=KAJTAR).search_name
    assert codes("kajtar") == codes("ejlepo") == [KAJTAR]


def test_the_migration_refolds_cards_folded_with_the_old_rule(cards):
    """Rows written before fold dropped format characters hold "kaj tar"."""
    migration = importlib.import_module("catalog.migrations.0004_card_sort_name_en")
    card = Card.objects.get(code=KAJTAR)
    Card.objects.filter(pk=card.pk).update(
        name="Éjlépő Kaj\u00adtár",
        search_name=" ejlepo kaj tar | kajtar nightstepper ",
        sort_name_en="",
    )
    CardToken.objects.filter(card=card, field=tokens.NAME).delete()
    CardToken.objects.bulk_create(
        CardToken(card=card, field=tokens.NAME, word=word)
        for word in ("ejlepo", "kaj", "tar", "kajtar", "nightstepper")
    )
    migration.fill_sort_names_and_refold(apps, None)
    card.refresh_from_db()
    assert card.search_name == " ejlepo kajtar | kajtar nightstepper "
    assert card.sort_name_en == "kajtar nightstepper"
    words = set(
        CardToken.objects.filter(card=card, field=tokens.NAME).values_list("word", flat=True)
    )
    assert words == {"ejlepo", "kajtar", "nightstepper"}
    assert Card.objects.exclude(sort_name_en="").count() == Card.objects.count()
